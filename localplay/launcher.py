"""``python bot.py --local``: the game night on this computer, without Discord.

One process tree: this process runs the offline Discord (``fakediscord``, on 127.0.0.1 at a
port of its own) with its world, and the page (``page.py``); the real bot runs as its child
(``child.py``), started as in the end-to-end tests (``fakediscord.BotProcess``: the stand-in's
token and address, tables in threads as by default) with its own database, ``local.sqlite3``
beside the default one (``DATABASE_URL`` instead when set). Ctrl-C or SIGTERM stops the bot
first (it saves its tables; its picture workers go with it), then saves the world and stops the
stand-in. The stand-in checks every request as in the tests, but a refusal is only shown on the
page: the session goes on.
"""

from __future__ import annotations

import asyncio
import ipaddress
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from config import ConfigError, database_path, read_settings
from fakediscord import BotProcess, FakeDiscord, Guild

from .guard import new_key
from .page import Page
from .persist import Autosave, WorldFile
from .world import LOCAL_WAITS, seed, the_guild

DEFAULT_PORT = 8765
READY_SECONDS = 60.0
"""How long the bot has to connect and finish its start (its first uploads the cards' emojis)."""
STOP_SECONDS = 30.0
"""How long the bot has to save its tables and exit before it is killed."""


@dataclass(frozen=True)
class Places:
    """Where local play keeps its files: beside the bot's default database."""

    database: Path
    """The bot's SQLite file (unless ``database_url``)."""
    database_url: str | None
    world: Path
    """The offline Discord's world."""
    bot_log: Path
    """What the bot prints (the terminal shows only the page's address and what went wrong)."""

    @classmethod
    def beside(cls, default_database: Path, database_url: str | None = None) -> Places:
        directory = default_database.parent
        return cls(
            database=directory / "local.sqlite3",
            database_url=database_url,
            world=directory / "local-discord.pickle",
            bot_log=directory / "local-bot.log",
        )


def open_to_network(host: str) -> bool:
    """Whether the page listens beyond this computer (any address but a loopback one)."""
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may name any address
        return True


def address(host: str, port: int, key: str | None = None) -> str:
    """The page's address to open: on this computer for a host that listens everywhere, with
    the secret key a page open to the network needs (:mod:`localplay.guard`)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    where = f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"
    return where if key is None else f"{where}?key={key}"


class LocalWorld:
    """The offline Discord with the local world: the one saved last, or a fresh one."""

    def __init__(self, file: Path) -> None:
        self.file = WorldFile(file)
        self.fake = FakeDiscord()
        self.autosave = Autosave(self.fake, self.file)

    async def start(self) -> str | None:
        """Start the stand-in and resume or seed its world; say why a saved one was not resumed."""
        await self.fake.start()
        loaded = self.file.load()
        if loaded.state is not None:
            self.fake.resume(loaded.state)
        else:
            seed(self.fake)
        return loaded.note

    @property
    def guild(self) -> Guild:
        return the_guild(self.fake)

    def bot(self, places: Places) -> BotProcess:
        """The real bot against this world, as an operator would run it: threads by default, and
        no shard or server setting of theirs (their ``.env`` is for Discord)."""
        env = {"SHARD_COUNT": "", "SHARD_IDS": "", "DATABASE_URL": places.database_url or "", **LOCAL_WAITS}
        bot = BotProcess(self.fake, places.database, threads=True, env=env, log_path=places.bot_log)
        bot.command = ("-m", "localplay.child")
        return bot

    async def stop(self, *, save: bool = True) -> None:
        """Save the world (once more, at once) and stop the stand-in."""
        if save:
            await self.autosave.stop()
        await self.fake.stop()


async def play(host: str, port: int, places: Places) -> int:
    """Run local play until Ctrl-C or SIGTERM: 0 after a clean stop, 2 if the port is taken,
    1 if the bot would not start or stopped by itself."""
    world = LocalWorld(places.world)
    if note := await world.start():
        print(note, flush=True)
    page = Page(world.fake, world.guild, host=host, key=new_key() if open_to_network(host) else None)
    runner = web.AppRunner(page.app(), handle_signals=False, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
    except OSError as exc:
        print(
            f"error: the page cannot listen on {host}:{port} ({exc.strerror}): another local game night "
            "may be running; stop it, or choose another --port",
            flush=True,
        )
        await runner.cleanup()
        await world.stop(save=False)  # the world file may be that other one's
        return 2
    world.autosave.start()
    port = runner.addresses[0][1]
    if page.open_to_network:
        print(
            f"warning: the page is open to the network on {host}:{port}: anyone who can reach it and "
            "has its address with the key printed below can act as any member of the offline server",
            flush=True,
        )
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    bot = world.bot(places)
    status = 0
    try:
        status = await _run_bot(bot, stopping, address(host, port, page.key), places)
    finally:
        if bot.process is not None and bot.process.returncode is None:
            try:
                await bot.stop(timeout=STOP_SECONDS, sig=signal.SIGTERM)
            except AssertionError:
                print(f"error: the bot did not stop within {STOP_SECONDS:.0f} s and was killed", flush=True)
                status = 1
        await runner.cleanup()
        await world.stop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
    print(f"stopped; the offline Discord is saved in {places.world}", flush=True)
    return status


async def _run_bot(bot: BotProcess, stopping: asyncio.Event, url: str, places: Places) -> int:
    """Start the bot, say where the page is, and wait for Ctrl-C (0) or the bot's own end (1)."""
    print(f"Starting Game Night against an offline Discord (the bot's log: {places.bot_log})...", flush=True)
    started = asyncio.create_task(bot.start(timeout=READY_SECONDS))
    if not await _before(started, stopping):
        return 0
    try:
        started.result()
    except AssertionError:
        print(f"error: the bot did not start; see {places.bot_log}:\n{_tail(bot.output)}", flush=True)
        return 1
    print(
        f"Game Night is ready: open {url} in a browser (an offline Discord, not Discord). Ctrl-C stops it.",
        flush=True,
    )
    assert bot.process is not None
    exited = asyncio.create_task(bot.process.wait())
    if not await _before(exited, stopping):
        return 0
    print(
        f"error: the bot stopped by itself ({exited.result()}); see {places.bot_log}:\n{_tail(bot.output)}",
        flush=True,
    )
    return 1


async def _before(task: asyncio.Task[Any], stopping: asyncio.Event) -> bool:
    """Wait for ``task`` unless Ctrl-C comes first (then cancel it): whether it finished."""
    stop = asyncio.create_task(stopping.wait())
    await asyncio.wait({task, stop}, return_when=asyncio.FIRST_COMPLETED)
    stop.cancel()
    if task.done():
        return True
    task.cancel()
    return False


def _tail(output: str, lines: int = 20) -> str:
    return "\n".join(output.splitlines()[-lines:])


def run(host: str, port: int) -> int:
    """``python bot.py --local``: read where the files go, then :func:`play`."""
    try:
        settings = read_settings()
    except ConfigError as exc:
        print(f"error: {exc}")
        return 2
    places = Places.beside(database_path(settings), (settings.get("DATABASE_URL") or "").strip() or None)
    return asyncio.run(play(host, port, places))
