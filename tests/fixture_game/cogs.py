"""Tally on Discord: its table message, its results and a panel of one menu.

Everything else (``/tally start``, the lobby, the panel's flow, the buttons between games, pings)
is the shared pieces'. The menu's custom id carries the panel's stamp; choosing an amount adds it.
"""

import discord

from cogs.components import Controls
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec
from cogs.layout import Words
from cogs.tables import Draft, alt_text, draw
from cogs.words import between_games, ending_lines, expired_text, names_of, noted, notices_field, table_card
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.seated import Phase
from tests.fixture_game.render import table_png
from tests.fixture_game.tables import TallyTable
from tests.fixture_game.words import labels_for, notice_text, status_text

COLOUR = discord.Colour.from_rgb(90, 140, 200)
ADD = "add"


async def _picture(messages: Catalog, table: TallyTable, locale: str) -> tuple[bytes, str]:
    state = table.require_state()
    names = names_of(messages, table, locale)
    current = None if state.winner is not None else state.current
    png = await draw(table_png, state.total, current, names, labels_for(messages, locale))
    return png, alt_text(
        [messages.text("tally.alt.table", locale, total=state.total, players=", ".join(names))]
    )


async def playing_draft(messages: Catalog, table: TallyTable, controls: Controls) -> Draft:
    locale = table.locale
    names = names_of(messages, table, locale)
    title = messages.text("tally.table.title", locale, number=table.game_number())
    words = Words(title, status_text(messages, table.require_state(), names, locale), COLOUR)
    view = table_card(messages, table, controls, ("hand", "tally.table.panel"), words, names, notice_text)
    png, alt = await _picture(messages, table, locale)
    return Draft(words, view, png, "tally.png", alt)


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
    png, alt = await _picture(messages, table, locale)
    return Draft(words, buttons, png, "tally.png", alt)


async def panel(request: PanelRequest[TallyTable]) -> Draft:
    """The total, whose turn, and on the player's own turn one menu of the amounts they may add."""
    table, seat = request.table, request.seat
    state = table.require_state()
    names = names_of(request.messages, table, request.locale)
    parts = [status_text(request.messages, state, names, request.locale), *noted(request.note)]
    view = discord.ui.View(timeout=None)
    legal = state.legal_actions(seat) if table.phase is Phase.PLAYING else []
    if legal:
        options = [(request.text("tally.panel.amount", amount=add.amount), str(add.amount)) for add in legal]
        view.add_item(
            request.controls.choices(ADD, table.stamp(), request.text("tally.panel.choose"), options, 0)
        )
    view.add_item(
        request.controls.button(
            "refresh", "", request.text("tally.panel.refresh"), discord.ButtonStyle.secondary, 1
        )
    )
    png, alt = await _picture(request.messages, table, request.locale)
    return Draft(
        Words(request.text("tally.panel.title"), "\n".join(parts), COLOUR), view, png, "tally.png", alt
    )


async def move(request: MoveRequest[TallyTable]) -> Moved:
    """An amount chosen in the menu: ``<stamp>.<amount>``."""
    stamp, _, amount = request.arg.rpartition(".")
    if not amount.isdigit():
        raise IllegalAction(Reason.STALE, "malformed menu")
    await request.table.add(request.user, stamp, int(amount))
    return Moved()


KIND = GameKind(
    "ty",
    TallyTable,
    playing_draft,
    results_draft,
    PanelSpec("hand", frozenset({ADD}), panel, move),
    said=notice_text,
)
