"""The bot object the cogs run on, and what it holds for them.

``bot.py`` builds the store, the table registry and the catalogue and hands them to this class,
so a cog never opens a database or reads the environment itself (as in discord.py's
``advanced_startup`` example). Start-up here loads the cogs, resumes the saved tables, installs the
translator, routes the gateway through ``DISCORD_API_BASE`` when one is set, syncs commands only
if they changed, and loads the cards' emojis (uploading the missing ones, :mod:`cogs.emojis`)
beside the rest of the start.
"""

import asyncio
import gc
import logging
import sys
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from cogs.animator import ANIMATOR
from cogs.answers import tell_privately
from cogs.attention import Attention
from cogs.emojis import load_card_emojis
from cogs.i18n import CatalogTranslator, private_locale
from cogs.internals import connect_gateway_to, quiet_voice_warnings
from cogs.live_panels import LivePanels
from cogs.painter import PAINTER
from cogs.presses import IN_FLIGHT, SEEN
from cogs.sync import sync_if_changed
from data import LeagueError, SavedTable, Store, StoreError
from locales import Catalog
from tables.night_plan import NightPlanError
from tables.registry import TableRegistry
from tables.scheduler import Scheduler
from tables.shards import ALL_SHARDS, Shards

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.about",
    "cogs.seated",
    "cogs.strays",
    "cogs.rules",
    "cogs.league",
    "cogs.nights",
    "cogs.my_games",
    "cogs.stats",
    "cogs.pings",
    "cogs.places",
    "cogs.history",
)
"""The cogs loaded at start-up; ``cogs.seated`` installs every registered game (engine/games.py)."""
PURGE_EVERY = 6 * 3600.0
"""Seconds between two deletions of the kept games past their server's retention period."""


INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
    create_events=True,
)
"""What docs/running.md asks for (17901423807488): see the channel, post and edit its tables (embeds
with pictures), find the table message again after a restart, play each table in a thread of its
own (starting it from the lobby card, talking in it; the bot archives and reopens the threads
it started, which takes nothing more), and announce a game night as a Discord event."""


class GameNightBot(commands.AutoShardedBot):
    """A bot for slash commands only, with the project's services attached. Sharded: one
    process runs every shard Discord recommends, or the ones ``shards`` names (several
    processes sharing one PostgreSQL database; see :mod:`tables.shards`)."""

    def __init__(
        self,
        *,
        store: Store,
        tables: TableRegistry,
        messages: Catalog,
        dev_guild_id: int | None = None,
        api_base: str | None = None,
        live_panels: bool = True,
        shards: Shards = ALL_SHARDS,
        threads: bool = True,
    ) -> None:
        quiet_voice_warnings()
        # The bot reads no messages: without the message intents Discord stops sending it every
        # message of its channels, including every edit of its own table pictures (dozens a
        # second with many tables), and without a message cache none of them is kept.
        intents = discord.Intents.default()
        intents.messages = False
        # discord.py takes shard_ids as absent or a list, never None (its own default).
        sharding: dict[str, Any] = {"shard_count": shards.count}
        if shards.ids is not None:
            sharding["shard_ids"] = list(shards.ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            max_messages=None,
            help_command=None,
            tree_cls=GameNightTree,
            **sharding,
        )
        self.store = store
        self.tables = tables
        self.unsaved = 0
        """Tables the database failed to take when the bot stopped (they resume as last saved)."""
        self.messages = messages
        self.panels = LivePanels(messages, tables.clock, enabled=live_panels, store=store)
        self.attention = Attention(self, messages, store, tables.clock, tables.pacing)
        self.schedule = Scheduler(
            store, clock=tables.clock, owns=shards.owns, alive_key=f"scheduler.alive:{shards.label}"
        )
        """What happens at a wall-clock time (season boundaries, ...), for the cogs to use."""
        self.dev_guild_id = dev_guild_id
        self.process_shards = shards
        self.api_base = api_base
        self.threads = threads
        """Whether new tables play in threads where the server's moderators have not chosen."""
        self.started_at = time.monotonic()
        self._purging: asyncio.Task[None] | None = None
        self._emojis: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        if self.api_base is not None:
            # Login already went through Route.BASE; the gateway address comes from the same
            # place, as Discord's own /gateway/bot tells a client where to connect.
            _, url, _ = await self.http.get_bot_gateway()
            connect_gateway_to(url)
        await self.tree.set_translator(CatalogTranslator(self.messages))
        await PAINTER.start()
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        # After the cogs, which register how to load their game's saved tables.
        if rebuilt := await self.store.rebuild_stale_ratings():
            log.info("rebuilt %d ratings left stale by a removed result", rebuilt)
        set_aside = await self.tables.resume_saved()
        log.info("resumed %d saved tables", len(self.tables))
        if followed := await self.panels.resume(self, self.tables.get):
            log.info("following %d panels opened before the restart", followed)
        for saved in set_aside:
            await self._tell_set_aside(saved)
        # After the cogs, which say how to do what they schedule, and the tables they schedule for.
        await self.schedule.start()
        self._purging = asyncio.create_task(self._purge_kept_games())
        assert self.application_id is not None  # set by login
        syncs = self.process_shards.syncs_commands  # commands are the application's: one process syncs them
        # So are its emojis: the same process uploads the cards' (while the bot starts and plays:
        # a card without its emoji yet shows its label alone); the others only list them.
        self._emojis = asyncio.create_task(load_card_emojis(self, self.store, uploads=syncs))
        if syncs:
            await sync_if_changed(self.tree, self.store, self.application_id, self.dev_guild_id)
        # Keeping the event loop responsive while many tables play (bench/bench_latency.py):
        # what exists now (modules, the command tree, the resumed tables) lives as long as the
        # process, and a full garbage collection scanning it all stalls the loop for 15 ms and
        # more, so it is moved out of the collector's reach; and the database's thread hands the
        # interpreter back to the loop within 1 ms instead of the default 5 ms.
        gc.freeze()
        sys.setswitchinterval(0.001)

    async def on_ready(self) -> None:
        """Say who the bot is, where, and how to add it to a server: the first thing an owner
        looks for after starting it."""
        assert self.user is not None and self.application_id is not None
        invite = discord.utils.oauth_url(
            self.application_id, permissions=INVITE_PERMISSIONS, scopes=("bot", "applications.commands")
        )
        servers = f"{len(self.guilds)} server{'' if len(self.guilds) == 1 else 's'}"
        shards = self.process_shards
        if shards.ids is not None:
            servers += f" (shards {', '.join(map(str, shards.ids))} of {shards.count})"
        log.info(
            "ready as %s in %s; invite it to another with %s",
            self.user.name,
            servers,
            invite,
        )

    async def _tell_set_aside(self, saved: SavedTable) -> None:
        """Tell a channel that its table was set aside, in the server's language (a damaged
        state may not hold the table's own); a channel the bot can no longer write is skipped."""
        locale = await self.store.get_guild_locale(saved.guild_id) or saved.state.get("locale")
        text = self.messages.text("faults.table.set_aside", locale if isinstance(locale, str) else None)
        place = saved.channel_id if saved.thread_id is None else saved.thread_id
        channel = self.get_partial_messageable(place, guild_id=saved.guild_id)
        try:
            await channel.send(text)
        except discord.HTTPException as exc:
            log.warning("could not tell channel %s its table was set aside: %s", place, exc)

    async def _purge_kept_games(self) -> None:
        """Delete the finished games' logs past their server's retention period, at start-up
        and every :data:`PURGE_EVERY` seconds (their results stay)."""
        while True:
            try:
                if gone := await self.store.purge_kept_games():
                    log.info("deleted %d kept games past their retention", gone)
            except StoreError as exc:  # the database is away: next time
                log.warning("kept games not purged: %s", exc)
            await asyncio.sleep(PURGE_EVERY)

    async def close(self) -> None:
        """Answer the presses on their way, then stop and save every table before the
        connection goes, so a restart loses nothing (:attr:`unsaved` counts those the database
        failed to take); a press arriving meanwhile is told the bot is restarting."""
        for task in (self._purging, self._emojis):
            if task is not None:
                task.cancel()
        try:
            await IN_FLIGHT.drained()  # presses on their way are answered first
            self.panels.stop()
            self.attention.stop()
            await self.schedule.stop()
            self.unsaved = await self.tables.shutdown()
        finally:
            PAINTER.stop()
            ANIMATOR.stop()
            await super().close()


class GameNightTree(app_commands.CommandTree[GameNightBot]):
    """A command tree whose refusals and unexpected errors get a short private answer.

    A command refuses by raising :class:`~data.LeagueError` or (a game night's)
    :class:`~tables.night_plan.NightPlanError` (nothing was changed): the user is
    told why, in their language; so is an option value the command never offered. Anything else
    is a fault, logged; without an answer the user would see "The application did not respond"
    and nothing else.
    """

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A command runs once per interaction (a replayed one is let go: Discord would refuse a
        second answer), and a server's command only in a server (a forged client can send one
        from direct messages)."""
        if not SEEN.first_time(interaction.id, time.monotonic()):
            return False
        command = interaction.command
        root = command.root_parent if isinstance(command, app_commands.Command) else None
        if interaction.guild_id is None and command is not None and (root or command).guild_only:
            if interaction.type is discord.InteractionType.application_command:
                text = self.client.messages.text("error.server_only", private_locale(interaction))
                await interaction.response.send_message(text, ephemeral=True)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        locale = private_locale(interaction)
        refusal = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(refusal, LeagueError | NightPlanError):
            values = {k: escape_markdown(v) if isinstance(v, str) else v for k, v in refusal.values.items()}
            where = "league" if isinstance(refusal, LeagueError) else "night"
            text = self.client.messages.text(f"{where}.error.{refusal.code}", locale, **values)
        elif isinstance(refusal, StoreError):
            # One line: an unreachable database says so itself, once.
            log.log(logging.DEBUG if refusal.unreachable else logging.ERROR, "command not done: %s", refusal)
            text = self.client.messages.text("error.storage", locale)
        elif isinstance(refusal, app_commands.TransformerError):
            # A value the command never offered (a choice from a forged client): said, not a fault.
            log.info("refused %r for a command option", refusal.value)
            text = self.client.messages.text("error.unknown_choice", locale)
        else:
            log.exception("command failed", exc_info=error)
            text = self.client.messages.text("error.internal", locale)
        await tell_privately(interaction, text)
