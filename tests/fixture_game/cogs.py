"""Tally on Discord: its table message, its results and a panel of one menu.

Everything else (``/tally start``, the lobby, the panel's flow, the buttons between games, pings)
is the shared pieces'. The menu's custom id carries the panel's stamp; choosing an amount adds it.
"""

import discord

from cogs.components import Choice, Controls
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec
from cogs.layout import Words
from cogs.tables import Draft, Picture, alt_text
from cogs.words import between_games, ending_lines, expired_text, names_of, noted, notices_field, table_card
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.seated import Phase
from tests.fixture_game.engine import Add
from tests.fixture_game.render import table_png
from tests.fixture_game.tables import TallyTable
from tests.fixture_game.words import labels_for, notice_text, status_text

COLOUR = discord.Colour.from_rgb(90, 140, 200)
ADD = "add"


def table_picture(messages: Catalog, table: TallyTable, locale: str | None = None) -> Picture:
    """The total and whose turn it is (in ``locale``, the table's unless given)."""
    locale = locale or table.locale
    state = table.require_state()
    names = names_of(messages, table, locale)
    current = None if state.winner is not None else state.current
    alt = alt_text([messages.text("tally.alt.table", locale, total=state.total, players=", ".join(names))])
    return Picture(table_png, (state.total, current, names, labels_for(messages, locale)), "tally.png", alt)


async def playing_draft(messages: Catalog, table: TallyTable, controls: Controls) -> Draft:
    locale = table.locale
    names = names_of(messages, table, locale)
    title = messages.text("tally.table.title", locale, number=table.game_number())
    words = Words(title, status_text(messages, table.require_state(), names, locale), COLOUR)
    view = table_card(messages, table, controls, ("hand", "tally.table.panel"), words, names, notice_text)
    return await table_picture(messages, table).draft(words, view)


async def results_draft(messages: Catalog, table: TallyTable, controls: Controls) -> Draft:
    locale = table.locale
    names = names_of(messages, table, locale)
    lines = [status_text(messages, table.require_state(), names, locale)]
    if table.idle_expired:
        lines.append(expired_text(messages, table))
    lines += ending_lines(messages, table, names)
    words = Words(
        messages.text("tally.results.title", locale, number=table.game_number()), "\n".join(lines), COLOUR
    )
    notices_field(messages, table, words, notice_text)
    buttons = between_games(messages, table, controls)
    return await table_picture(messages, table).draft(words, buttons)


async def panel(request: PanelRequest[TallyTable]) -> Draft:
    """The total, whose turn, and on the player's own turn one menu of the amounts they may add."""
    table, seat = request.table, request.seat
    state = table.require_state()
    names = names_of(request.messages, table, request.locale)
    parts = [status_text(request.messages, state, names, request.locale), *noted(request.note)]
    view = discord.ui.View(timeout=None)
    legal = state.legal_actions(seat) if table.phase is Phase.PLAYING else []
    if legal:
        options = [
            Choice(request.text("tally.panel.amount", amount=add.amount), str(add.amount)) for add in legal
        ]
        view.add_item(
            request.controls.choices(ADD, table.stamp(), request.text("tally.panel.choose"), options, 0)
        )
    view.add_item(
        request.controls.button(
            "refresh", "", request.text("tally.panel.refresh"), discord.ButtonStyle.secondary, 1
        )
    )
    words = Words(request.text("tally.panel.title"), "\n".join(parts), COLOUR)
    return await table_picture(request.messages, table, request.locale).draft(words, view)


async def move(request: MoveRequest[TallyTable]) -> Moved:
    """An amount chosen in the menu: ``<stamp>.<amount>``."""
    stamp, _, amount = request.arg.rpartition(".")
    if not amount.isdigit():
        raise IllegalAction(Reason.STALE, "malformed menu")
    await request.table.press(request.user, stamp, Add(request.seat, int(amount)))
    return Moved()


KIND = GameKind(
    "ty",
    TallyTable,
    playing_draft,
    table_picture,
    results_draft,
    PanelSpec("hand", frozenset({ADD}), panel, move),
    said=notice_text,
)
