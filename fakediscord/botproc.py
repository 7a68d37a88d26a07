"""The real bot as a subprocess pointed at the stand-in.

``python bot.py`` runs exactly as in production; only its environment differs (DISCORD_API_BASE,
a token the stand-in knows, a temporary database). Its output goes to a file so a failing test can
show what the bot said, and so a chatty bot can never block on a full pipe.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from .server import FakeDiscord

ROOT = Path(__file__).resolve().parents[1]


class BotProcess:
    """One run of bot.py."""

    command: tuple[str, ...] = ("bot.py",)
    """What Python runs, from the project's root: bot.py, or what starts it with more games (the
    tests' own game, set by tests/conftest.py)."""

    def __init__(
        self,
        fake: FakeDiscord,
        database: Path,
        *,
        token: str | None = None,
        dev_guild_id: int | None = None,
        log_level: str = "INFO",
        env: Mapping[str, str] | None = None,
        threads: bool = False,
        log_path: Path | None = None,
    ) -> None:
        """``env``: more settings for this run (``TURN_SECONDS``, say), over the inherited ones.
        ``threads``: new tables play in threads, the bot's default; without it they play in the
        channel (``TABLES_IN=channels``), as the tests of the games' flows expect. ``log_path``:
        the file its output is appended to; by default a new one beside the database."""
        self.fake = fake
        self.database = database
        self.token = fake.application.token if token is None else token
        self.dev_guild_id = dev_guild_id
        self.log_level = log_level
        self.env = dict(env or {})
        self.threads = threads
        self.log_path = log_path or database.with_name(f"{database.stem}-bot-{time.monotonic_ns()}.log")
        self.process: asyncio.subprocess.Process | None = None

    @property
    def output(self) -> str:
        """Everything the bot printed so far (stdout and stderr)."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def _env(self) -> dict[str, str]:
        # Every setting is given, even empty, so a developer's .env can never leak into a test
        # (the environment wins over .env, and an empty DEV_GUILD_ID means "none").
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD"))}
        env.update(
            DISCORD_TOKEN=self.token,
            DISCORD_API_BASE=self.fake.base_url,
            DATABASE_PATH=str(self.database),
            DATABASE_URL="",
            DEV_GUILD_ID="" if self.dev_guild_id is None else str(self.dev_guild_id),
            LOG_LEVEL=self.log_level,
            TURN_SECONDS="",
            TABLES_IN="threads" if self.threads else "channels",
            PYTHONUNBUFFERED="1",
        )
        env.update(self.env)
        return env

    async def start(self, *, wait_ready: bool = True, timeout: float = 20.0) -> None:
        """Start bot.py; by default wait until it has identified, received its guilds, and gone quiet."""
        ready_before = self.fake.gateway.ready_sessions
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *self.command, cwd=ROOT, env=self._env(), stdout=log, stderr=log
            )
        if not wait_ready:
            return
        end = time.monotonic() + timeout
        while self.fake.gateway.ready_sessions == ready_before:
            if self.process.returncode is not None:
                raise AssertionError(
                    f"bot exited with {self.process.returncode} before READY:\n{self.output}"
                )
            if time.monotonic() > end:
                raise AssertionError(f"bot did not connect within {timeout} s:\n{self.output}")
            await asyncio.sleep(0.02)
        await self.fake.settle(quiet=0.3, timeout=timeout)

    async def wait_exit(self, timeout: float = 20.0) -> int:
        assert self.process is not None
        try:
            return await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"bot still running after {timeout} s:\n{self.output}") from None

    async def stop(self, timeout: float = 10.0, sig: signal.Signals = signal.SIGINT) -> int:
        """Ctrl-C (what an operator does; or ``sig``, e.g. a service manager's SIGTERM), then kill
        if it does not stop in ``timeout`` seconds."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(sig)
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
                raise AssertionError(f"bot ignored {sig.name} for {timeout} s:\n{self.output}") from None
        assert self.process.returncode is not None
        return self.process.returncode
