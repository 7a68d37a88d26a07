"""A player's private panel, for every game: opened from the table message, redrawn in the answer
to each of its presses and whenever the table changes (:mod:`cogs.live_panels`).

A panel is drawn by its game (:attr:`~cogs.kinds.PanelSpec.draw`) from a
:class:`~cogs.kinds.PanelRequest`, keeping what its player was choosing while it holds
(:attr:`~cogs.kinds.PanelSpec.keeps`); the shared pieces add the move it shows and, while a game
is played, **Leave game** below the game's own buttons. A press on it does what its action says
(:attr:`~cogs.kinds.PanelSpec.move`, or the chooser's choice of the next game's option) and the
panel is redrawn with what came of it; a refusal is said on the panel and changes nothing.
"""

from collections import Counter
from dataclasses import replace
from typing import Any

import discord

from cogs.actions import CHOOSE, QUIT, REFRESH
from cogs.answers import in_time, on_panel
from cogs.client import GameNightBot
from cogs.components import PER_ROW, ROWS, Controls
from cogs.drafts import Draft, refusal_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, T, chosen
from cogs.layout import Words
from cogs.live_panels import LiveDraft
from cogs.message_parts import move_line
from cogs.press import Press, Seated
from engine.errors import IllegalAction
from locales import Catalog
from tables.phases import Phase
from tables.table import Table


def panel_request(
    messages: Catalog,
    kind: GameKind[T],
    table: T,
    seat: int,
    locale: str,
    kept: str = "",
    note: str | None = None,
) -> PanelRequest[T]:
    """What ``kind``'s panel for ``seat`` at ``table`` is drawn from; what its player was choosing
    (``kept``) while it still holds (:attr:`~cogs.kinds.PanelSpec.keeps`)."""
    keeps = kind.panel.keeps
    try:
        if kept and keeps is not None:
            keeps(table, seat, kept)
    except IllegalAction:
        kept = ""
    return PanelRequest(messages, table, seat, locale, kind.controls(table), kind.colour, kept, note)


def free_row(view: discord.ui.View) -> int | None:
    """A row of ``view`` with room for one more button: a new row under the others if there is
    one, else the last with room; None when the message is full."""
    used: Counter[int] = Counter()
    for item in view.children:
        row = getattr(item, "item", item).row  # a table's components wrap discord.py's
        used[row or 0] += item.width  # a select menu fills its row
    last = max(used, default=-1)
    if last < ROWS - 1:
        return last + 1
    return next((row for row in reversed(range(ROWS)) if used[row] < PER_ROW), None)


def with_leave(view: discord.ui.View | None, controls: Controls, label: str) -> discord.ui.View:
    """A panel's buttons with Leave game below them."""
    view = view or discord.ui.View(timeout=None)
    row = free_row(view)
    if row is not None:
        view.add_item(controls.button(QUIT, "", label, discord.ButtonStyle.secondary, row))
    return view


def live_panel(
    bot: GameNightBot, kind: GameKind[Any], table: Seated, user: int, locale: str, kept: str = ""
) -> LiveDraft:
    """``user``'s panel as the table is now, keeping what they were choosing while it holds;
    once they no longer hold a seat (they left it, it was handed on), it says so and shows no
    cards."""

    async def draw(note: str | None) -> Draft:
        seat = table.seating.seat_of(user)
        if seat is None:
            return Draft(Words(description=bot.messages.text("seats.no_seat", locale)))
        drawn = await kind.panel.draw(panel_request(bot.messages, kind, table, seat, locale, kept, note))
        if table.phase is Phase.PLAYING:
            drawn.words.footer = move_line(bot.messages, table, locale)
            label = bot.messages.text("seats.leave", locale)
            drawn = replace(drawn, buttons=with_leave(drawn.buttons, kind.controls(table), label))
        return drawn

    return draw


def reopened_panel(bot: GameNightBot, kind: GameKind[Any], table: Table, user: int, locale: str) -> LiveDraft:
    """A panel open when the bot stopped, as the table is now."""
    assert isinstance(table, kind.table_class)
    return live_panel(bot, kind, table, user, locale)


async def back_to_panel(press: Press) -> None:
    """A press on a person's panel: they are there (an absent person's seat is theirs again
    before their press is done)."""
    seating = press.table.seating
    if seating.pressed_by(press.user):
        await seating.back(press.user)
    press.table.waits.pressed(press.user)


async def open_panel(press: Press) -> None:
    """The table message's panel button ("My line"): the player's private panel, as a reply only
    they see."""
    await back_to_panel(press)
    table = press.table
    table.seating.require_seat(press.user)
    table.require_panel()
    live = live_panel(press.bot, press.kind, table, press.user, press.locale)
    await press.bot.panels.show(press.interaction, table, live(None), live, press.locale)


async def press_panel(press: Press) -> None:
    """A button or menu of a private panel: do what it says, then redraw the panel with what came
    of it. Choosing ``value`` in a panel's menu is pressing its action with ``<arg>.<value>``."""
    await back_to_panel(press)
    bot, kind, table, locale = press.bot, press.kind, press.table, press.locale
    seat = table.seating.require_seat(press.user)
    arg = press.arg if press.values is None else f"{press.arg}.{press.values[0] if press.values else ''}"
    moved = Moved()
    if press.action != REFRESH:
        request = MoveRequest(bot.messages, table, press.user, seat, press.action, arg, locale)
        try:
            work = chosen(request) if press.action == CHOOSE else kind.panel.move(request)
            moved = await in_time(press.interaction, work, on_panel(press.interaction))
        except IllegalAction as error:
            refused = kind.panel.refused
            moved = Moved(
                refusal_text(bot.messages, error, locale) if refused is None else refused(request, error)
            )
    live = live_panel(bot, kind, table, press.user, locale, moved.kept)
    await bot.panels.show(press.interaction, table, live(moved.note), live, locale, moved.note)
