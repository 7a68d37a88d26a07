"""Game Night, a Discord bot for tabletop games: the composition root.

Reads the configuration, opens the store, builds the table registry and hands both to the bot,
which loads the cogs and connects. Nothing else lives here. Run ``python bot.py``; see README.
``python bot.py --local [--host HOST] [--port PORT]`` runs it instead against an offline Discord
shown in a web page (``localplay/``), with no token and no network.
Exit status: 0 after a clean shutdown (SIGINT or SIGTERM: tables saved, database closed),
2 for a configuration problem (explained in one line, no traceback), 1 if Discord is unreachable
or the database failed to take the tables at shutdown (they resume as last saved).
"""

import argparse
import asyncio
import logging
import signal
import sys
from collections.abc import Sequence

import aiohttp
import discord

from cogs.client import GameNightBot
from cogs.internals import send_rest_to
from config import Config, ConfigError, load_config
from data import Store, StoreError
from locales import catalog
from render.fonts import missing_files
from tables.registry import TableRegistry
from tables.worker import Worker

LET_GO_SECONDS = 10.0
"""Seconds a stopping bot gives discord.py to let go of Discord once every table is saved: with
Discord unreachable it would wait out its reconnect pause (minutes), and a service manager kills
a stop that takes longer than about 90 s."""

log = logging.getLogger("gamenight")


def fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)


async def run(config: Config) -> int:
    if config.api_base is not None:
        send_rest_to(config.api_base)
    try:
        store = await Store.open(config.database)
    except StoreError as exc:
        fix = (
            "check DATABASE_URL and that the PostgreSQL server is running"
            if config.database_url is not None
            else "set DATABASE_PATH to a file in a writable directory"
        )
        fail(f"{exc}; {fix}")
        return 2
    try:
        bot = GameNightBot(
            store=store,
            tables=TableRegistry(
                store,
                turn_seconds=config.turn_seconds,
                absent_seconds=config.absent_seconds,
                owns=config.shards.owns,
                thinker=Worker("AI"),
            ),
            messages=catalog(),
            dev_guild_id=config.dev_guild_id,
            api_base=config.api_base,
            live_panels=config.live_panels,
            threads=config.threads,
            shards=config.shards,
        )
        closing: list[asyncio.Task[None]] = []
        running: list[asyncio.Task[None]] = []

        async def stop() -> None:
            """Save every table and close; then give discord.py :data:`LET_GO_SECONDS` to let go
            of Discord (it waits out its reconnect pause, minutes when Discord is unreachable)."""
            await bot.close()
            if running and not running[0].done():
                done, _ = await asyncio.wait(running, timeout=LET_GO_SECONDS)
                if not done:
                    log.warning(
                        "Discord did not let go within %.0f s of saving: stopped anyway", LET_GO_SECONDS
                    )
                    running[0].cancel()

        def close() -> None:
            # Once: a second signal (Ctrl-C in local play's terminal reaches the bot and its
            # launcher, which then sends SIGTERM) must not start a second shutdown.
            if not closing:
                closing.append(asyncio.create_task(stop()))

        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, close)
        async with bot:
            try:
                running.append(task := asyncio.create_task(bot.start(config.token)))
                try:
                    await task
                except asyncio.CancelledError:
                    if not closing:  # not ours (stop gave up on Discord): let it go on
                        raise
            except ConfigError as exc:  # found while starting (a DEV_GUILD_ID the bot is not in)
                fail(str(exc))
                return 2
            except discord.LoginFailure:
                fail(
                    "Discord rejected DISCORD_TOKEN: copy a fresh token from the Developer Portal "
                    "(your application, Bot page, Reset Token) into .env"
                )
                return 2
            except discord.HTTPException as exc:
                if config.api_base is None or exc.status >= 500:
                    raise
                fail(
                    f"DISCORD_API_BASE {config.api_base} does not answer like Discord's API "
                    f"({exc.status} when logging in): point it at Discord or its stand-in, or remove it"
                )
                return 2
            except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
                fail(f"cannot reach Discord ({exc}); check the network or DISCORD_API_BASE")
                return 1
        await asyncio.gather(*closing)
    finally:
        await store.close()
    if bot.unsaved:
        return 1  # said when it happened
    log.info("stopped cleanly")
    return 0


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Game Night, a Discord bot for tabletop games (see README).")
    parser.add_argument(
        "--local", action="store_true", help="try it without Discord: an offline Discord in a web page"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="with --local: the page's address (default 127.0.0.1, this computer)",
    )
    parser.add_argument("--port", type=int, default=None, help="with --local: the page's port (default 8765)")
    args = parser.parse_args(argv)
    if not args.local and (args.port is not None or args.host != "127.0.0.1"):
        parser.error("--host and --port go with --local")
    return args


def main(argv: Sequence[str] = ()) -> int:
    """Run the bot (or, with ``--local``, local play) with the command line's ``argv``."""
    args = parse_args(argv)
    if args.local:
        # Imported here: the bot itself never needs the stand-in or the page.
        from localplay import launcher

        return launcher.run(args.host, launcher.DEFAULT_PORT if args.port is None else args.port)
    try:
        config = load_config()
    except ConfigError as exc:
        fail(str(exc))
        return 2
    if missing := missing_files():
        fail(f"font file {missing[0]} is missing ({len(missing)} in all): restore render/fonts/ from git")
        return 2
    if sys.stderr.isatty():
        discord.utils.setup_logging(level=config.log_level)
    else:
        # discord.py colours its log inside containers even when stderr is a file; plain lines
        # keep log files and service journals readable.
        plain = logging.Formatter("%(asctime)s %(levelname)-8s %(name)s: %(message)s")
        discord.utils.setup_logging(level=config.log_level, formatter=plain)
    return asyncio.run(run(config))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
