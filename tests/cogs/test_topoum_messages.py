"""The Topoum messages within Discord's limits and complete in both languages, for the largest
tables: four seats with long names, a battlefield with seventy hexes to enter on, prisoners
held by every rival, every kind of notice."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from cogs.drafts import Draft
from cogs.message_parts import names_of
from cogs.panels import panel_request
from cogs.table_messages import public_draft
from cogs.topoum import KIND
from cogs.topoum_ids import read_path
from cogs.topoum_messages import over, panel_draft
from data import Store
from engine.errors import IllegalAction
from engine.hexgrid import Hex
from engine.topoum.actions import ActionKind, ChooseAction, Pass, Place, PlayCard
from engine.topoum.board import INDEX
from engine.topoum.cards import CardType, Category, Farmer, Obstacle
from engine.topoum.events import (
    BadgesChanged,
    BattlefieldSplit,
    CardPlayed,
    CategoryScored,
    Event,
    Gain,
    LineOfSightScored,
    Loss,
    MoleCaptured,
    MoleDecorated,
    MoleEliminated,
    MoleRansomed,
    ObstaclePlaced,
    Passed,
    PeaceDrawn,
)
from engine.topoum.state import Cell, Position, Stage, new_game
from locales import catalog
from render.topoum import BoardPlan, results_png
from tables.loading import open_table
from tables.lobby import Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.topoum import TopoumTable
from tests.cogs.alt import described_in
from tests.cogs.limits import rows, within_discords_limits
from tests.tables.stacked import nothing_to_publish, stacked_topoum_table
from words.common import Notice
from words.names import SHORT_NAME
from words.topoum import hex_description, labels_for, notice_text, notices_for

LOCALES = ("en-US", "es-ES")
C = CardType
SEATS = [Seat(1000 + n, "ω" * 32) for n in range(3)] + [Seat(None, "", "hard")]


def comb(mole: bool) -> str:
    """A battlefield shaped like a comb (a spine down column G, teeth every third row), which
    leaves seventy-odd free hexes next to it: seat 0 has 10 bases on it (and, with ``mole``, a
    mole on the centre), the others 14 bases each."""
    hexes = {Hex(0, r) for r in range(-6, 7)}
    for r in range(-6, 7, 3):
        for k in range(1, 7):
            hexes |= {hex_ for hex_ in (Hex(k, r), Hex(-k, r)) if hex_ in INDEX}
    owners = [0] * 10 + [1] * 14 + [2] * 14 + [3] * 14
    cells = sorted(hexes - {Hex(0, 0)}, key=lambda hex_: (hex_.q, hex_.r))[: len(owners) - 1]
    tokens = ["G7:0@0" if mole else "G7:0"]
    for hex_, owner in zip(cells, owners[1:], strict=False):
        mole = f"@{owner}" if owner and hex_.r == 6 and hex_.q in (-owner, owner) else ""
        tokens.append(f"{hex_.label}:{owner}{mole}")
    return " ".join(tokens)


def big_position(captors: int = 2, seat: int = 0) -> Position:
    """Seat 0 to play on :func:`comb`, with a mole held by each of ``captors`` rivals: with 3
    its last mole is not on the board."""
    return Position(
        board=comb(mole=captors < 3),
        players=4,
        seat=seat,
        hands=((C.BUILD_BASE, C.PATROL), (), (), ()),
        line=(C.BAYONET, C.LONG_RANGE, C.UNDERGROUND, C.MOTORISED_PATROL, C.DECORATION),
        deck=(C.GRENADE,) * 6,
        prisoners=tuple((captor, 0) for captor in range(1, captors + 1)),
        farmer=Farmer.TURNIP,
    )


def path_to(table: TopoumTable, seat: int, *actions: object) -> tuple[int, ...]:
    path: list[int] = []
    for action in actions:
        path.append(table.menu(seat, table.stamp(), path).options.index(action))  # type: ignore[arg-type]
    return tuple(path)


def selects(draft: Draft) -> list[dict[str, object]]:
    return [item for row in rows(draft) for item in row if item["type"] == 3]


def buttons(draft: Draft) -> list[dict[str, object]]:
    return [item for row in rows(draft) for item in row if item["type"] == 2]


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_largest_panels_fit_discords_limits(tmp_path: Path, locale: str) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        table = stacked_topoum_table(TableRegistry(store), SEATS, big_position(), locale=locale)
        state = table.require_state()
        entries = state.legal_actions(0)
        enter = path_to(table, 0, ChooseAction(0, ActionKind.ENTER))
        places = table.menu(0, table.stamp(), enter).options
        place = places[0]
        assert isinstance(place, Place)
        build = path_to(table, 0, ChooseAction(0, ActionKind.ENTER), place, PlayCard(0, C.BUILD_BASE))

        start = await panel_draft(panel_request(catalog(), KIND, table, 0, locale, note="x" * 300))
        forced = stacked_topoum_table(TableRegistry(store), SEATS, big_position(3), locale=locale)
        ransoms = await panel_draft(panel_request(catalog(), KIND, forced, 0, locale))
        entering = await panel_draft(panel_request(catalog(), KIND, table, 0, locale), enter)
        targets = await panel_draft(panel_request(catalog(), KIND, table, 0, locale), build)
        later = stacked_topoum_table(TableRegistry(store), SEATS, big_position(seat=1), locale=locale)
        waiting = await panel_draft(panel_request(catalog(), KIND, later, 0, locale))
        public = await public_draft(catalog(), KIND, table)

    assert len(entries) >= 2 and len(places) > 50
    assert table.menu(0, table.stamp(), build).pending.stage is Stage.TARGET
    for draft in (start, ransoms, entering, targets, waiting, public):
        within_discords_limits(draft)
        assert described_in(draft, locale)
    assert forced.menu(0, forced.stamp()).pending.stage is Stage.START
    assert catalog().text("topoum.prompt.start_forced", locale) in (ransoms.words.description or "")
    for draft in (ransoms, entering, targets):
        menus = selects(draft)
        offered = [option for menu in menus for option in menu["options"]]  # type: ignore[attr-defined]
        assert len(menus) >= 3 and len(offered) > 50, "every hex is offered, 25 to a menu"
        hexes = [Hex.parse(str(option["label"])) for option in offered]
        assert hexes == sorted(hexes, key=lambda hex_: (hex_.q, hex_.r)), "in board order"
    ransom_buttons = [item for item in buttons(ransoms) if item["style"] == discord.ButtonStyle.danger.value]
    waiting_buttons = [item for item in buttons(waiting) if item["style"] == discord.ButtonStyle.danger.value]
    assert [item.get("disabled", False) for item in ransom_buttons] == [False] * 3
    assert [item.get("disabled") for item in waiting_buttons] == [True] * 2, "ransoms wait for one's turn"


SMALL = Position(board="G7:0@0 G6:1@1", players=4, hands=((C.BUILD_BASE,), (), (), ()), farmer=Farmer.ROCK)
"""A battlefield of two hexes, drawn big: Build Base after entering reaches two hexes out."""


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("small", [True, False])
async def test_every_hex_a_panel_menu_offers_is_on_the_board_picture(
    tmp_path: Path, locale: str, small: bool
) -> None:
    """The players pick hexes by the labels on the public picture: each hex in the panel's
    select menus (where to enter, and where Build Base may put a base next to the entry) is
    drawn whole on the board picture of that moment."""
    position = SMALL if small else big_position()
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        table = stacked_topoum_table(TableRegistry(store), SEATS, position, locale=locale)
        enter = path_to(table, 0, ChooseAction(0, ActionKind.ENTER))
        place = table.menu(0, table.stamp(), enter).options[0]
        build = path_to(table, 0, ChooseAction(0, ActionKind.ENTER), place, PlayCard(0, C.BUILD_BASE))
        drafts = [
            await panel_draft(panel_request(catalog(), KIND, table, 0, locale), path)
            for path in (enter, build)
        ]
    state = table.require_state()
    names = names_of(catalog(), table, locale)
    window = BoardPlan.of(state.view(), names, labels_for(catalog(), locale), table.last_turn()).window
    offered = {
        Hex.parse(str(option["label"]))
        for draft in drafts
        for menu in selects(draft)
        for option in menu["options"]  # type: ignore[attr-defined]
    }
    assert len(offered) > (10 if small else 50)
    assert {hex_.label for hex_ in offered if not window.shows(hex_)} == set()


def every_notice() -> list[Notice]:
    """One notice of every kind the table makes, with the values it gives them."""
    h = Hex.parse
    events: list[Event] = [
        CardPlayed(0, C.MORTAR, None),
        CardPlayed(1, C.PRISONER, 4),
        *(MoleEliminated(2, h("H7"), loss) for loss in Loss),
        MoleCaptured(1, 0, h("G6")),
        MoleRansomed(0, 1),
        MoleDecorated(3, h("F7")),
        *(ObstaclePlaced(h("E5"), obstacle) for obstacle in Obstacle),
        LineOfSightScored(2, (h("G7"), h("G3")), 9),
        BadgesChanged(1, -5, 3, Gain.FRIENDLY_FIRE),
        BadgesChanged(1, 3, 6, Gain.TURNIP),
        BadgesChanged(3, 4, 20, Gain.SETS),
        BattlefieldSplit((h("A7"), h("B7"))),
        PeaceDrawn(3),
        Passed(2),
        CategoryScored(Category.SPECIAL, (0, 2), 2),
    ]
    return [*notices_for(new_game(4), events), Notice("hurry", 0, {"seconds": 30}), Notice("timed_out", 0)]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_notice_reads_in_both_languages(locale: str) -> None:
    names = ["Ana", "Bo", "Cy", "AI 1 (hard)"]
    notices = every_notice()
    texts = [notice_text(catalog(), notice, names, locale) for notice in notices]
    catalogued = {key.split(".")[-1] for key in catalog().messages["en"] if key.startswith("topoum.notice.")}
    assert {notice.code for notice in notices} == catalogued, "every kind of notice, each in the catalogue"
    assert all("{" not in line and "_" not in line for line in texts), texts
    assert len(set(texts)) == len(texts), "each notice says something different"


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_public_message_in_every_phase_fits(tmp_path: Path, locale: str) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        table = stacked_topoum_table(registry, SEATS, big_position(), locale=locale)
        table.notices.extend(every_notice()[-6:])
        playing = await public_draft(catalog(), KIND, table)
        lobby = open_table(
            TopoumTable,
            registry,
            guild_id=1,
            channel_id=3,
            publish=nothing_to_publish,
            locale=locale,
            host_id=1,
            host_name="ω" * 32,
        )
        lobby.card_types = (
            C.BAYONET,
            C.GRENADE,
            C.PATROL,
            C.PANIC_ATTACK,
            C.BUILD_BASE,
            C.NEW_RECRUIT,
            C.DECORATION,
        )
        picked = await public_draft(catalog(), KIND, lobby)
        lobby.phase = Phase.CLOSED
        closed = await public_draft(catalog(), KIND, lobby)
        table.phase = Phase.OVER
        table.message.idle_expired = True
        unfinished = await public_draft(catalog(), KIND, table)

    for draft in (playing, picked, closed, unfinished):
        within_discords_limits(draft)
    assert playing.png is not None and unfinished.png is None, "no results for a game left unfinished"
    deck = selects(picked)[0]
    defaults = {option["value"] for option in deck["options"] if option.get("default")}  # type: ignore[attr-defined]
    assert defaults == {str(card) for card in lobby.card_types}
    assert deck["max_values"] == 7


def test_a_panel_components_argument_is_a_stamp_and_a_path() -> None:
    assert read_path("1b.0.12.3") == ("1b", (0, 12, 3))
    assert read_path("7") == ("7", ())
    for malformed in ("", "1b-2", "1b.x", ".1"):
        with pytest.raises(IllegalAction):
            read_path(malformed)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_crowded_hex_is_described_whole_within_discords_limit(locale: str) -> None:
    """A neutral base, a rival's mole and an obstacle with 32-character names pass a select
    option's 100 characters: the names are shortened, every word of the sentence stays."""
    hex_ = Hex(0, 0)
    names = ["Ω" * 32, "Ж" * 32]
    cells = {hex_: Cell(hex_, owner=0, neutral=True, mole=1, obstacle=Obstacle.TURNIP)}
    said = hex_description(catalog(), cells, hex_, names, locale)
    whole = " · ".join(
        [
            catalog().text("topoum.hex.neutral", locale, owner=names[0]),
            catalog().text("topoum.hex.mole", locale, owner=names[1]),
            catalog().text("topoum.obstacle.turnip", locale),
        ]
    )
    assert len(whole) > 100 and len(said) <= 100
    assert said == whole.replace(names[0], "Ω" * SHORT_NAME + "…").replace(names[1], "Ж" * SHORT_NAME + "…")


@pytest.mark.parametrize(
    ("locale", "words", "not_said"),
    [("en-US", ("scores", "table"), "board"), ("es-ES", ("puntuaciones", "tabla"), "tablero")],
)
async def test_the_results_picture_is_described_as_the_table_of_scores_it_is(
    tmp_path: Path, locale: str, words: tuple[str, str], not_said: str
) -> None:
    """The results picture is a table of everyone's scores: its alt text opened "Picture of the
    final board" (the lines after it may name the board: bases on the board)."""
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        position = Position(board="G7:0@0 G6:1", seat=1, prisoners=((0, 1),) * 4, peace_drawn=True)
        table = stacked_topoum_table(TableRegistry(store), SEATS[:2], position, locale=locale)
        table.require_state().apply(Pass(1))
        results = over(catalog(), table)
    assert results.picture is not None and results.picture.render is results_png
    opening = results.picture.alt.splitlines()[0]
    assert all(word in opening for word in words) and not_said not in opening, opening
