"""Tally on Discord: its table message, its results and a panel of one menu.

Everything else (``/tally start``, the lobby, the panel's flow, the buttons between games, pings)
is the shared pieces'. The menu's custom id carries the panel's stamp; choosing an amount adds it.
"""

import discord

from cogs.components import Choice
from cogs.drafts import Draft, Picture, alt_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec, Playing, Results
from cogs.message_parts import names_of
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.phases import Phase
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


def playing(messages: Catalog, table: TallyTable) -> Playing:
    names = names_of(messages, table, table.locale)
    title = messages.text("tally.table.title", table.locale, number=table.game_number())
    return Playing(title, status_text(messages, table.require_state(), names, table.locale))


def results(messages: Catalog, table: TallyTable) -> Results:
    names = names_of(messages, table, table.locale)
    title = messages.text("tally.results.title", table.locale, number=table.game_number())
    lines = [status_text(messages, table.require_state(), names, table.locale)]
    return Results(title, lines, table_picture(messages, table))


async def panel(request: PanelRequest[TallyTable]) -> Draft:
    """The total, whose turn, and on the player's own turn one menu of the amounts they may add."""
    table, seat = request.table, request.seat
    state = table.require_state()
    parts = [status_text(request.messages, state, request.names(), request.locale), *request.noted()]
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
    picture = table_picture(request.messages, table, request.locale)
    return await request.draft(request.text("tally.panel.title"), parts, view, picture)


async def move(request: MoveRequest[TallyTable]) -> Moved:
    """An amount chosen in the menu: ``<stamp>.<amount>``."""
    stamp, _, amount = request.arg.rpartition(".")
    if not amount.isdigit():
        raise IllegalAction(Reason.STALE, "malformed menu")
    await request.table.press(request.user, stamp, Add(request.seat, int(amount)))
    return Moved()


KIND = GameKind(
    table_class=TallyTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("hand", frozenset({ADD}), panel, move),
    said=notice_text,
    colour=COLOUR,
    legacy_prefix="ty",
)
