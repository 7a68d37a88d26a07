"""Opening a table: ``/<game> start`` for every game.

A new table is a lobby in the channel, with whoever ran the command as host in the first seat,
in the channel's language and by its league's settings. Unless the server plays in channels, or
a thread cannot be started there, a thread is started from the lobby card and the games are
played there; a table started inside a thread plays in it. A channel that has a table played in
it already gets a private refusal, and a lobby Discord did not take leaves no table.
"""

import logging
from collections.abc import Sequence
from typing import Any

import aiohttp
import discord

from cogs.answers import Acknowledge, answer_publicly, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.drafts import Draft, refusal_text
from cogs.i18n import private_locale, public_locale
from cogs.kinds import GameKind
from cogs.layout import Words
from cogs.table_messages import public_draft, publish
from cogs.threads import add_to_thread, in_a_thread, place_of_tables, start_thread, thread_refusal
from tables.errors import Refused
from tables.loading import open_table
from tables.phases import Phase
from tables.registry import ChannelTaken
from tables.seated import SeatedTable
from tables.turn_based import TurnBased

log = logging.getLogger(__name__)

Seated = SeatedTable[Any, Any]


async def apply_settings(bot: GameNightBot, table: Seated) -> None:
    """A real-time table waits for an absent person as long as its server's moderators chose
    (``/tables absent_after:``); a table opened in a league's channel (or a thread of it) plays
    by the league's settings (:meth:`~tables.game_hooks.GameHooks.adopt_league`: a turn-based
    game's turn timer, Toppo's display)."""
    if (
        not isinstance(table, TurnBased)
        and (chosen := await bot.store.absent_after(table.guild_id)) is not None
    ):
        table.waits.timer.set_seconds(chosen)
    league = await bot.store.league_of_channel(table.guild_id, table.channel_id, table.game)
    if league is not None:
        table.adopt_league(league.settings)


async def open_lobby(bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction) -> None:
    """``/<game> start``: a lobby in this channel, with whoever ran the command as host in the
    first seat, and (unless the server plays in channels, or threads cannot be started here) a
    thread started from it where the games will be played; a channel that has a table played in
    it already gets a private refusal. A lobby Discord did not take (too late, or down) leaves no
    table."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    table: Seated | None = None
    try:
        opened, threads = await in_time(interaction, new_table(bot, kind, interaction), Acknowledge.PUBLIC)
        bot.tables.check_room(interaction.guild_id, interaction.user.id)
        before = bot.tables.playing_in(opened.place_id)
        if not threads and isinstance(before, SeatedTable) and before.phase is Phase.AGAIN:
            await before.book.close_play_again()  # a new table is what people chose instead
        opened.message.opening = True  # a press before its message is known edits it after
        bot.tables.add(opened, new_thread=threads)
        table = opened
        message_id = await answer_publicly(interaction, await public_draft(bot.messages, kind, opened))
    except ChannelTaken:
        await tell_privately(
            interaction, bot.messages.text("lobby.channel_taken", private_locale(interaction))
        )
        return
    except Refused as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, private_locale(interaction)))
        return
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
        if table is not None:
            bot.tables.discard(table)
            table.halt()
        log.warning(
            "no %s table in channel %s: its lobby could not be posted (%s)",
            kind.name,
            interaction.channel_id,
            error,
        )
        return
    assert table is not None, "its lobby was posted"
    thread_id = None
    try:
        # Known before the thread is started, so a press meanwhile edits this lobby.
        await table.message.set_message(message_id, no_thread=table.message.no_thread)
        if threads and not table.finished:  # everyone may have left already: no thread for nobody
            thread_id = await thread_for(bot, kind, table, message_id, interaction.user.display_name)
            await table.message.set_message(
                message_id, thread_id=thread_id, no_thread=table.message.no_thread
            )
    except Refused as error:  # the lobby could not be saved, and is gone: say so in its place
        text = refusal_text(bot.messages, error, private_locale(interaction))
        await interaction.edit_original_response(**Draft(Words(description=text)).edit())
        return
    if thread_id is not None or table.message.missed:
        table.publisher.notify()  # the lobby names its thread, or shows what came meanwhile
    if not table.finished:
        table.restart_idle_timer()


async def thread_for(
    bot: GameNightBot, kind: GameKind[Any], table: Seated, message_id: int, host: str
) -> int | None:
    """The thread started from a new table's lobby, named after its ``host`` (who may have
    left its seat meanwhile), with its host in it; None (and the table plays in its channel,
    its lobby saying so) if Discord refused it."""
    name = bot.messages.text(
        "table.thread_name",
        table.locale,
        game=bot.messages.text(f"games.{kind.name}", table.locale),
        host=host,
    )
    try:
        thread_id = await start_thread(bot, table.channel_id, table.guild_id, message_id, name)
        await add_to_thread(bot, thread_id, [table.host_id])
    except discord.HTTPException as error:
        log.warning("table %s plays in channel %s: no thread (%s)", table.table_id, table.channel_id, error)
        table.message.no_thread = "permissions"
        table.publisher.notify()
        return None
    return thread_id


async def new_table(
    bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction
) -> tuple[Seated, bool]:
    """A new table for ``/<game> start``, not yet in the registry: in the channel's language, with
    its league's settings; and whether it gets a thread of its own. Started in a thread, it plays
    there and belongs to the thread's channel; meant for a thread where none can be started, it
    plays in the channel and its lobby says why."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    inside = in_a_thread(interaction)
    table: Seated = open_table(
        kind.table_class,
        bot.tables,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id if inside is None else inside[0],
        publish=lambda table: publish(bot, kind, table),
        locale=await public_locale(interaction, bot.store),
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
    )
    threads = (
        inside is None
        and await place_of_tables(bot.store, interaction.guild_id, threads=bot.threads) == "threads"
    )
    if inside is not None:
        table.thread_id = inside[1]
    elif threads:
        table.message.no_thread = thread_refusal(interaction)
        threads = table.message.no_thread is None
    await apply_settings(bot, table)
    return table, threads


async def open_seated(
    bot: GameNightBot,
    kind: GameKind[Any],
    *,
    guild_id: int,
    channel_id: int,
    locale: str,
    people: Sequence[tuple[int, str]],
    ai_seats: int,
    level: str,
    thread_name: str,
) -> Seated:
    """A table seated for its players (by a game night): its people and ``ai_seats`` AI seats at
    ``level`` sat down, its card posted in the channel, its thread started with its people in it,
    and its one game dealt at once. Discord's refusal (a thread it may not start) is raised, the
    table then discarded."""
    host_id, host_name = people[0]
    table: Seated = open_table(
        kind.table_class,
        bot.tables,
        guild_id=guild_id,
        channel_id=channel_id,
        publish=lambda table: publish(bot, kind, table),
        locale=locale,
        host_id=host_id,
        host_name=host_name,
    )
    for user_id, name in people[1:]:
        table.lobby.join(user_id, name)
    for _ in range(ai_seats):
        table.lobby.add_ai(host_id, level)
    table.book.one_game = True
    await apply_settings(bot, table)
    table.message.opening = True
    bot.tables.add(table, new_thread=True)
    try:
        draft = await public_draft(bot.messages, kind, table)
        channel = bot.get_partial_messageable(channel_id, guild_id=guild_id)
        await bot.tables.pacing.wait(channel_id)  # a night seats many tables at once
        message = await channel.send(files=draft.files(), view=draft.layout())
        await table.message.set_message(message.id)
        thread_id = await start_thread(bot, channel_id, guild_id, message.id, thread_name)
        await table.message.set_message(message.id, thread_id=thread_id)
        await add_to_thread(bot, thread_id, [user_id for user_id, _ in people])
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError):
        bot.tables.discard(table)
        table.halt()
        raise
    await table.start(host_id)
    return table
