"""The local world kept in a file, so a second start resumes where the first stopped.

The stand-in's world (``FakeDiscord.state``) is pickled with a format version: the server, its
channels, threads, members, roles and messages with their pictures, the application's commands
and emojis, the interactions whose tokens still live (a live panel keeps working across a
restart, for what is left of its 15 minutes), and where the clock and the ids stood. It is
written on shutdown and, while the world changes, every few seconds, each time to a temporary
file renamed over the old one, so a ``kill -9`` loses at most those few seconds and never leaves
half a file. A file of another format version (or damaged) is set aside and a fresh world begins.

The file is this program's own: unpickling runs code a crafted file chose, so it is read only
from the local data directory, never from elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import pickle
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakediscord import FakeDiscord
from fakediscord.server import State

FORMAT = "gamenight-local-discord"
VERSION = 1
"""Raised whenever the stand-in's model changes shape in a way an older file cannot be read as."""

SAVE_EVERY = 2.0
"""Seconds between saves while the world changes: what a ``kill -9`` can lose at most."""


def _event(was_set: bool) -> asyncio.Event:
    """An interaction's acknowledgement, rebuilt (an :class:`asyncio.Event` holds its loop)."""
    event = asyncio.Event()
    if was_set:
        event.set()
    return event


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, asyncio.Event):
            return _event, (obj.is_set(),)
        return NotImplemented


@dataclass(frozen=True)
class Loaded:
    """What a start found: the saved world, or None with why there is none."""

    state: State | None
    note: str | None = None
    """Said to the person starting: why a saved world was not resumed (None: nothing to say)."""


class WorldFile:
    """The file one local world is kept in."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> Loaded:
        """The saved world, if there is one this version reads; another file is moved aside to
        ``<name>.old`` (for a person who wants it back with the version that wrote it)."""
        if not self.path.exists():
            return Loaded(None)
        try:
            with self.path.open("rb") as file:
                saved = pickle.load(file)
            valid = saved.get("format") == FORMAT and saved.get("version") == VERSION
        except Exception:  # whatever a damaged or older file makes unpickling raise
            valid = False
        if valid and isinstance(saved.get("state"), State):
            return Loaded(saved["state"])
        aside = self.path.with_name(self.path.name + ".old")
        self.path.replace(aside)
        return Loaded(
            None,
            f"{self.path} was written by another version of Game Night (moved to {aside.name}): "
            "starting a fresh offline Discord",
        )

    def dumps(self, fake: FakeDiscord) -> bytes:
        """The world as it stands, pickled at once (the loop changes it as soon as it runs on)."""
        buffer = io.BytesIO()
        _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(
            {"format": FORMAT, "version": VERSION, "state": fake.state()}
        )
        return buffer.getvalue()

    def write(self, data: bytes) -> None:
        """Replace the file with ``data`` at once: a temporary file beside it, flushed to disk,
        renamed over it."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def save(self, fake: FakeDiscord) -> None:
        self.write(self.dumps(fake))


class Autosave:
    """Saves the world every :data:`SAVE_EVERY` seconds while it changes (and once more on
    :meth:`stop`); the pickling is on the loop, the writing in a thread."""

    def __init__(self, fake: FakeDiscord, file: WorldFile, every: float = SAVE_EVERY) -> None:
        self.fake = fake
        self.file = file
        self.every = every
        self._saved = fake.revision
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="autosave")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            await self.save_if_changed()

    async def save_if_changed(self) -> None:
        revision = self.fake.revision
        if revision != self._saved:
            await asyncio.to_thread(self.file.write, self.file.dumps(self.fake))
            self._saved = revision

    async def stop(self) -> None:
        """Stop saving every few seconds, and save what changed since the last time."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.file.save(self.fake)
