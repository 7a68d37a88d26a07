"""A table's public message and its card in the channel, kept current for every game.

The message is laid out once for every phase: the lobby (:mod:`cogs.lobby`), a game being played
around the game's own words and picture (:attr:`~cogs.kinds.GameKind.playing`), and its results
(:attr:`~cogs.kinds.GameKind.results`) with what every game's results say and the buttons between
games. The table's publisher calls :func:`publish`, paced and coalesced: it edits the message (or
posts the next game's, taking the buttons off the last), keeps the card of a table played in a
thread current and archives the thread once the table ended; the table's call follows, in a lane
of its own (:mod:`cogs.attention`).
"""

import contextlib
from dataclasses import replace
from typing import Any

import discord
from discord.utils import escape_markdown

from cogs.client import GameNightBot
from cogs.components import Controls
from cogs.drafts import Draft, remove_buttons, retried_if_passing, show_publicly
from cogs.gone import PlaceGone, place_checked
from cogs.kinds import GameKind
from cogs.layout import Words
from cogs.lobby import LOBBY_COLOUR, closed_lobby_draft, lobby_draft, option_choices
from cogs.message_parts import (
    again_line,
    between_games,
    ending_lines,
    expired_text,
    names_of,
    notices_field,
    table_card,
)
from cogs.threads import add_to_thread, reopened, set_archived
from locales import Catalog
from tables.lobby import LEVELS
from tables.phases import Phase
from tables.seated import LOBBY_IDLE, SeatedTable
from tables.table import Table
from words.common import seat_names

Seated = SeatedTable[Any, Any]


async def public_draft(messages: Catalog, kind: GameKind[Any], table: Seated) -> Draft:
    """The table's public message for its phase, in the table's locale."""
    locale, controls = table.locale, kind.controls(table)
    if table.phase is Phase.LOBBY:
        choices = (kind.lobby_choices or option_choices)(messages, table, controls, locale)
        if table.message.card_id is not None:
            where: str | None = messages.text("lobby.thread", locale, thread=f"<#{table.thread_id}>")
        elif table.message.no_thread is not None:
            where = messages.text(f"lobby.no_thread_{table.message.no_thread}", locale)
        else:
            where = None
        return lobby_draft(
            messages,
            table.lobby,
            game=kind.name,
            levels=LEVELS,
            locale=locale,
            button=controls.button,
            choices=choices,
            where=where,
        )
    if table.phase is Phase.CLOSED:
        minutes, everyone_left = int(LOBBY_IDLE // 60), table.message.nobody_left
        return closed_lobby_draft(
            messages, game=kind.name, minutes=minutes, locale=locale, everyone_left=everyone_left
        )
    if table.phase is Phase.PLAYING:
        table.steps.shown_at(len(table.moves))  # the channel sees the game as it is now: a replay's step
        return await playing_draft(messages, kind, table, controls)
    return await results_draft(messages, kind, table, controls)


async def playing_draft(messages: Catalog, kind: GameKind[Any], table: Seated, controls: Controls) -> Draft:
    """A game being played: the game's words (:attr:`GameKind.playing`) and picture, what
    happened, and the button that opens a panel."""
    playing = kind.playing(messages, table)
    words = Words(playing.title, playing.status, kind.colour)
    names = names_of(messages, table, table.locale)
    opener = (kind.panel.opener, f"{kind.name}.table.panel")
    buttons = table_card(messages, table, controls, opener, words, names, kind.said, playing.players)
    return await kind.picture(messages, table).draft(words, buttons)


async def results_draft(messages: Catalog, kind: GameKind[Any], table: Seated, controls: Controls) -> Draft:
    """After a game, while the next one's options are chosen, and at the end: the game's words
    (:attr:`GameKind.results`) and picture, why the table ended if it sat idle, what every game's
    results say, what happened, and the buttons between games; while a person chooses the next
    game's options on their panel (Toppo's display), the button that opens it, and who it is."""
    results = kind.results(messages, table)
    lines = list(results.lines)
    if table.message.idle_expired:
        lines.append(expired_text(messages, table))
    lines += ending_lines(messages, table, names_of(messages, table, table.locale))
    live = results.live or again_line(messages, table)
    words = Words(results.title, "\n".join(lines), kind.colour, live=live)
    for name, value in results.fields:
        words.add_field(name=name, value=value)
    notices_field(messages, table, words, kind.said)
    choosing = table.phase is Phase.CHOOSING
    buttons = between_games(messages, table, controls, row=1 if choosing else 0)
    choice = table.next_choice() if choosing else None
    if buttons is not None and choice is not None and not table.seats[choice.seat].is_ai:
        label = messages.text(f"{kind.name}.table.panel", table.locale)
        buttons.add_item(controls.button(kind.panel.opener, "", label, discord.ButtonStyle.primary, 0))
    if results.picture is None:
        return Draft(words, buttons)
    return await results.picture.draft(words, buttons)


async def publish(bot: GameNightBot, kind: GameKind[Any], table: Table) -> None:
    """Redraw a table's public message (the publisher calls this, paced and coalesced); when a
    new game has started, post its message and take the buttons off the previous one; keep the
    card of a table played in a thread current, and archive the thread once the table ended.
    Its calls come after, in a lane of their own (:mod:`cogs.attention`). A place Discord no
    longer lets the table use sets the table aside (:mod:`cogs.gone`)."""
    assert isinstance(table, kind.table_class)
    try:
        with place_checked(), retried_if_passing():
            await _publish(bot, kind, table)
    except PlaceGone as gone:
        table.place_gone(gone.reason)
        return
    if not table.finished:
        bot.attention.table_shown(kind, table)


async def _publish(bot: GameNightBot, kind: GameKind[Any], table: Seated) -> None:
    """Every write of :func:`publish`, in order."""
    draft = await public_draft(bot.messages, kind, table)
    await show_publicly(bot, table, draft)
    if table.message.retired_message_id is not None:
        await table.registry.pacing.wait(table.place_id)
        retired, why = table.message.retired_message_id, table.message.retired_as
        note = None if why is None else bot.messages.text(f"table.retired.{why}", table.locale)
        await reopened(
            bot,
            table.thread_id,
            lambda: remove_buttons(bot, table.place_id, table.guild_id, retired, note),
        )
        await table.message.forget_retired_message()
    if table.finished:  # its call's last edit comes before the thread is archived
        await bot.attention.settle(kind, table)
    if table.message.card_id is not None:
        await show_card(bot, table, draft)


async def show_card(bot: GameNightBot, table: Seated, shown: Draft) -> None:
    """The card in the channel of a table played in a thread: once the lobby is over, who plays
    and a link to the thread; once the table ended, its last message (``shown``, the results)
    without buttons, with the link; then the thread is archived. A lobby that closed unused is
    its own card (:meth:`~tables.seated.SeatedTable.shown_in`)."""
    assert table.message.card_id is not None and table.thread_id is not None
    wanted = (
        "" if table.phase in (Phase.LOBBY, Phase.CLOSED) else "final" if table.series_ended else "playing"
    )
    if wanted and wanted != table.message.card_shows:
        text = bot.messages.text
        link = f"<#{table.thread_id}>"
        if wanted == "playing":
            await add_to_thread(bot, table.thread_id, sorted(table.seating.people()))
            names = seat_names(bot.messages, table.seats, table.locale)
            players = ", ".join(escape_markdown(name) for name in names)
            card = Draft(
                Words(
                    title=text(f"games.{table.game}", table.locale),
                    description=text("table.card.playing", table.locale, players=players, thread=link),
                    colour=LOBBY_COLOUR,
                )
            )
        else:
            shown.words.add_field(
                name=text("table.card.final_title", table.locale),
                value=text("table.card.final", table.locale, thread=link),
            )
            card = replace(shown, words=replace(shown.words, live=None), buttons=None)
        await table.registry.pacing.wait(table.channel_id)
        channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        with contextlib.suppress(discord.NotFound):  # someone deleted the card
            await channel.get_partial_message(table.message.card_id).edit(**card.edit())
        if not table.finished:
            await table.message.set_card(wanted)
    if table.finished:
        await set_archived(bot, table.thread_id, True)
