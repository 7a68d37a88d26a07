"""The parts of a table's messages every game shares: what to call each seat, what just happened,
whom the table waits for, the table card's buttons, the buttons between games, the results'
shared lines and a table that closed idle.

A game's catalogue file holds its own keys under its name (``<game>.notice.<code>``,
``<game>.results.next``...); these helpers read them by that convention, so a game's messages
module holds only what is its own.
"""

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from cogs.components import Controls, ReplayButton
from cogs.layout import Words
from locales import Catalog
from tables.phases import Phase
from tables.seated import TABLE_IDLE, SeatedTable
from tables.turn_based import TurnBased
from words.common import Notice, bold, seat_names

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

L = TypeVar("L", bound="DataclassInstance")


def names_of(messages: Catalog, table: SeatedTable[Any, Any], locale: str) -> list[str]:
    """What to call each seat of ``table`` (an AI by number and level, in ``locale``); a
    person's seat an AI plays for them says so first ("AI for Ana": a long name cut short in a
    picture keeps the mark), in words and pictures alike."""
    names = seat_names(messages, table.seats, locale)
    return [
        messages.text("seats.played_for", locale, name=name) if seat in table.seating.stand_ins else name
        for seat, name in enumerate(names)
    ]


def notices_field(
    messages: Catalog,
    table: SeatedTable[Any, Any],
    words: Words,
    describe: Callable[[Catalog, Notice, Sequence[str], str], str],
) -> None:
    """The table's latest notices as a field of ``words`` (``describe`` words one). A notice
    names its people as they sat down: a move made before an AI took a seat was theirs."""
    if table.notices:
        names = seat_names(messages, table.seats, table.locale)
        lines = [describe(messages, notice, names, table.locale) for notice in table.notices]
        words.add_field(
            name=messages.text(f"{table.game}.table.recent", table.locale), value="\n".join(lines)
        )


def move_line(messages: Catalog, table: SeatedTable[Any, Any], locale: str) -> str:
    """Which move of the running game a picture shows, on the table message and the panels
    alike: a player sees at once whether both show the same moment."""
    return messages.text("table.move", locale, number=len(table.moves))


def table_card(
    messages: Catalog,
    table: SeatedTable[Any, Any],
    controls: Controls,
    opener: tuple[str, str],
    words: Words,
    names: Sequence[str],
    describe: Callable[[Catalog, Notice, Sequence[str], str], str],
    players: Sequence[str] = (),
) -> discord.ui.View:
    """The public message while a game is played, around its ``words``: whom it waits for and
    until when (its live line, which a retired message drops), the ``players`` (a line each,
    under ``<game>.table.players``) and what happened (``describe`` words a notice), and the
    button that opens a panel (``opener``: its action and its label's key); first, if the table
    went back to its last save (a write failed), that it did."""
    if table.went_back:
        text = messages.text
        words.add_field(name=text("saving.title", table.locale), value=text("saving.went_back", table.locale))
    if players:
        words.add_field(
            name=messages.text(f"{table.game}.table.players", table.locale), value="\n".join(players)
        )
    words.live = limit_line(messages, table, names)
    notices_field(messages, table, words, describe)
    words.footer = move_line(messages, table, table.locale)
    view = discord.ui.View(timeout=None)
    action, label = opener
    view.add_item(
        controls.button(action, "", messages.text(label, table.locale), discord.ButtonStyle.primary, 0)
    )
    seats = messages.text("seats.button", table.locale)
    view.add_item(controls.button("seats", "", seats, discord.ButtonStyle.secondary, 0))
    return view


def limit_line(messages: Catalog, table: SeatedTable[Any, Any], names: Sequence[str]) -> str | None:
    """Whom the table waits for alone and when it plays for them (a Discord timestamp counting
    down on the reader's clock); None when it waits for nobody in particular, or (in a race) for
    someone who has pressed their panel within the grace."""
    watched, when = table.waits.timed(), deadline(table)
    if watched is None or when is None or not table.waits.shows_takeover():
        return None
    key = "seats.limit_turn" if isinstance(table, TurnBased) else "seats.limit_absent"
    return messages.text(key, table.locale, name=bold(names[watched[0]]), when=when)


def between_games(
    messages: Catalog, table: SeatedTable[Any, Any], controls: Controls, *, row: int = 0
) -> discord.ui.View | None:
    """The results' buttons: the next game (``<game>.results.next``) and the end of the series
    (``<game>.results.end``), carrying the number of the game they follow; once the series is
    over, Play again while it is offered. Last on the row, the link to the finished game's
    replay (it stays when the other buttons go)."""
    locale, number = table.locale, str(table.game_number())
    view = discord.ui.View(timeout=None)
    if table.phase is Phase.AGAIN:
        pressed, asked = len(table.book.again), len(table.book.again_asked())
        label = messages.text("seats.again", locale, pressed=pressed, asked=asked)
        view.add_item(controls.button("again", "", label, discord.ButtonStyle.primary, row))
    elif table.phase is not Phase.OVER and not table.decided:
        if table.phase is Phase.RESULTS:
            label = messages.text(f"{table.game}.results.next", locale)
            view.add_item(controls.button("next", number, label, discord.ButtonStyle.primary, row))
        label = messages.text(f"{table.game}.results.end", locale)
        view.add_item(controls.button("end", number, label, discord.ButtonStyle.secondary, row))
    return replay_link(messages, table, view, row)


def replay_link(
    messages: Catalog, table: SeatedTable[Any, Any], view: discord.ui.View | None = None, row: int = 0
) -> discord.ui.View | None:
    """``view`` (a new one if None) with the link to the replay of the game whose results show,
    last on ``row``: a results card's button that stays when the others go."""
    view = view or discord.ui.View(timeout=None)
    if table.book.last_result is not None:
        label = messages.text("replay.open", table.locale)
        view.add_item(ReplayButton("key", table.book.last_result, label=label, row=row))
    return view if view.children else None


def expired_text(messages: Catalog, table: SeatedTable[Any, Any]) -> str:
    """The table ended because nobody played for a while (``<game>.results.expired``)."""
    return messages.text(f"{table.game}.results.expired", table.locale, minutes=int(TABLE_IDLE // 60))


def deadline(table: SeatedTable[Any, Any]) -> str | None:
    """When the person a table waits for alone is acted for (a turn timer's timeout, an AI
    taking their seat), as a Discord timestamp that counts down on the reader's own clock ("in
    40 seconds"); None when nobody is timed."""
    due = table.waits.deadline
    if due is None:
        return None
    return f"<t:{math.ceil(time.time() + due - table.registry.clock.now())}:R>"


def ending_lines(messages: Catalog, table: SeatedTable[Any, Any], names: Sequence[str]) -> list[str]:
    """What a results message adds for every game: whose seat an AI played in the game shown
    and how that counts, a seat another member took over (the game counts for whom it was dealt
    to), how the game moved each person's rating, and why the table ended if nobody was
    left."""
    locale, lines, seating = table.locale, [], table.seating
    for seat, now in enumerate(table.seats):
        counted, moves = seating.counted(seat), seating.stood_in.get(seat, 0)
        if counted.is_ai:
            continue
        if counted != now:
            named = {"name": bold(now.name), "counted": bold(counted.name)}
            lines.append(messages.text("seats.result_taken_over", locale, moves=moves, **named))
        elif moves:
            key = "seats.result_absent" if seating.away(seat) else "seats.result_stood_in"
            lines.append(messages.text(key, locale, name=bold(counted.name), moves=moves))
    changes = [
        messages.text(
            "rating.change",
            locale,
            name=bold(seating.counted(seat).name),
            before=before,
            after=after,
            delta=messages.change(after - before, locale),
        )
        for seat, (before, after) in sorted(table.book.rating_changes.items())
        if not seating.counted(seat).is_ai
    ]
    if changes:
        lines.append(messages.text("rating.changes", locale, changes=", ".join(changes)))
    if table.message.nobody_left:
        lines.append(messages.text("seats.nobody_left", locale))
    return lines


def again_line(messages: Catalog, table: SeatedTable[Any, Any]) -> str | None:
    """Until when Play again waits for whom, while it does: a live line (the message drops it
    once Play again is over, and the channel's card never shows it: the button is in the
    table's own message)."""
    if table.phase is not Phase.AGAIN or table.book.again_until is None:
        return None
    waiting = [user for user in table.book.again_asked() if user not in table.book.again]
    who = ", ".join(f"<@{user}>" for user in waiting)
    when = f"<t:{math.ceil(table.book.again_until)}:R>"
    return messages.text("seats.again_line", table.locale, who=who, when=when)
