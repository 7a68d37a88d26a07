"""The Topoum table without Discord: the lobby's deck, each menu path a panel takes to the game,
stale and out-of-turn requests, turn timers, AI seats on a hand-moved clock, the recorded result,
and a restart in the middle of a turn."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from data import Store
from engine.errors import IllegalAction, Reason
from engine.hexgrid import Hex
from engine.topoum.actions import (
    Action,
    ActionKind,
    ChangeBase,
    ChooseAction,
    Direction,
    EndMoves,
    MoveTo,
    Place,
    PlayCard,
    Ransom,
    SelectMole,
    Skip,
    Target,
)
from engine.topoum.cards import BadDeck, CardType, Category, Farmer
from engine.topoum.state import Position, Stage
from tables.errors import Refused
from tables.loading import load_table, open_table
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.scorebook import AGAIN_WINDOW
from tables.table import Table
from tables.topoum import AI_STEP_PAUSE, TopoumTable
from tests.tables.conftest import published
from tests.tables.manual_clock import ManualClock
from tests.tables.stacked import stacked_topoum_table
from words.common import Notice

C = CardType
HOST, ANA = 11, 22
HUMANS = [Seat(HOST, "Host"), Seat(ANA, "Ana")]
LINE = (C.BAYONET, C.PATROL, C.GRENADE, C.MORTAR, C.DECORATION)
DECK = (C.BUILD_BASE, C.FARMER, C.SHORT_RANGE, C.LONG_RANGE, C.PATROL, C.MORTAR, C.GRENADE, C.PEACE)
BOARD = "G7:0n G6:0@0 F7:0@0 H6:1 H7:1@1"
"""Seat 0: moles on G6 and F7 either side of its neutral centre base; seat 1: a free base on
H6 and a mole on H7."""


def position(**changes: object) -> Position:
    values: dict[str, object] = {
        "board": BOARD,
        "hands": ((C.SHORT_RANGE, C.PANIC_ATTACK), (C.PATROL, C.MORTAR)),
        "line": LINE,
        "deck": DECK,
        "farmer": Farmer.ROCK,
    }
    values.update(changes)
    return Position(**values)  # type: ignore[arg-type]


def h(label: str) -> Hex:
    return Hex.parse(label)


@pytest.fixture
async def registry(store: Store, clock: ManualClock) -> AsyncIterator[TableRegistry]:
    registry = TableRegistry(store, clock)
    yield registry
    await registry.shutdown()


class Shown:
    """A publish that remembers the phase each redraw showed."""

    def __init__(self) -> None:
        self.phases: list[Phase] = []

    async def __call__(self, table: Table) -> None:
        assert isinstance(table, TopoumTable)
        self.phases.append(table.phase)


def stacked(registry: TableRegistry, seats: Sequence[Seat] = HUMANS, **changes: object) -> TopoumTable:
    table = stacked_topoum_table(registry, seats, position(**changes))
    registry.add(table)
    table.resume()
    return table


def path_to(table: TopoumTable, seat: int, *actions: Action) -> tuple[int, ...]:
    """The panel path that chooses ``actions`` one after the other, as a player clicks them."""
    path: list[int] = []
    for action in actions:
        menu = table.menu(seat, table.stamp(), path)
        assert action in menu.options, f"{action} is not on the menu {menu.options}"
        path.append(menu.options.index(action))
    return tuple(path)


def first_step(table: TopoumTable, seat: int) -> tuple[int, ...]:
    """A whole step of ``seat``'s turn: the first choice on every menu until the step is complete
    (every choice on a menu leads to one)."""
    path: tuple[int, ...] = ()
    while not table.menu(seat, table.stamp(), path).complete:
        path = (*path, 0)
    return path


async def refusal(request: object) -> Reason:
    with pytest.raises(IllegalAction) as caught:
        await request  # type: ignore[misc]
    return caught.value.reason


# -- the lobby -----------------------------------------------------------------------------------

DECK_TYPES = ["bayonet", "grenade", "patrol", "panic_attack", "build_base", "decoration", "farmer"]


async def test_the_host_picks_the_battle_deck_and_the_game_is_dealt_from_it(registry: TableRegistry) -> None:
    table = open_table(
        TopoumTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=Shown(),
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    await table.in_lobby(Lobby.join, ANA, "Ana")
    with pytest.raises(Refused):
        await table.choose_deck(ANA, DECK_TYPES)
    await table.choose_deck(HOST, list(reversed(DECK_TYPES)))
    assert table.card_types is not None and [str(card) for card in table.card_types] == sorted(
        DECK_TYPES, key=lambda name: list(CardType).index(CardType(name))
    )
    await table.start(HOST)
    state = table.require_state()
    assert set(state.card_types) == {CardType(name) for name in DECK_TYPES}
    assert state.players == 2 and table.phase is Phase.PLAYING


async def test_a_deck_that_breaks_the_category_rule_is_refused_and_says_why(registry: TableRegistry) -> None:
    table = open_table(
        TopoumTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=Shown(),
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    no_special = ["bayonet", "grenade", "patrol", "panic_attack", "build_base", "new_recruit", "mortar"]
    with pytest.raises(BadDeck) as missing:
        await table.choose_deck(HOST, no_special)
    with pytest.raises(BadDeck) as short:
        await table.choose_deck(HOST, DECK_TYPES[:5])
    assert (missing.value.picked, missing.value.missing) == (7, (Category.SPECIAL,))
    assert (short.value.picked, short.value.missing) == (5, (Category.SPECIAL,))
    assert await refusal(table.choose_deck(HOST, ["bayonet", "peace"])) is Reason.BAD_OPTION
    assert await refusal(table.choose_deck(HOST, ["shovel"])) is Reason.BAD_OPTION
    assert table.card_types is None, "a refused deck changes nothing"
    await table.choose_deck(HOST, DECK_TYPES)
    await table.choose_deck(HOST, None)
    assert table.card_types is None, "back to a deck drawn at random"


# -- menu paths ----------------------------------------------------------------------------------


async def test_enter_combat_through_the_menus_is_sent_to_the_game_once_complete(
    registry: TableRegistry,
) -> None:
    table = stacked(registry)
    stamp = table.stamp()
    chosen = (
        ChooseAction(0, ActionKind.ENTER),
        Place(0, h("I7")),
        PlayCard(0, C.SHORT_RANGE),
        Target(0, h("H7")),
    )
    path = path_to(table, 0, *chosen)
    stages = [table.menu(0, stamp, path[:count]).pending.stage for count in range(4)]
    assert stages == [Stage.START, Stage.ENTER_PLACE, Stage.CARD, Stage.TARGET]
    menu = table.menu(0, stamp, path)
    assert menu.complete and menu.options == () and menu.chosen == chosen
    assert table.require_state().log == [], "choosing changes nothing in the game"

    notices = await table.play(HOST, stamp, path)

    state = table.require_state()
    assert state.log == list(chosen) and state.current == 1
    assert Notice("played_hand", 0, {"card": "short_range"}) in notices
    assert Notice("eliminated", 1, {"hex": "H7", "loss": "shot"}) in notices
    assert table.notices[-1] == notices[-1]
    last = table.last_turn()
    assert last is not None and last.seat == 0 and h("I7") in last.placed


async def test_move_moles_a_step_at_a_time_then_stop(registry: TableRegistry) -> None:
    table = stacked(registry)
    step = (ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G6")), MoveTo(0, h("H6")), ChangeBase(0))
    path = path_to(table, 0, *step)
    assert [table.menu(0, table.stamp(), path[:n]).pending.stage for n in (1, 2, 3)] == [
        Stage.MOVE_SELECT,
        Stage.MOVE_DEST,
        Stage.CARD,
    ]
    assert not table.menu(0, table.stamp(), path[:1]).complete, "choosing Move moles is not a step yet"
    await table.play(HOST, table.stamp(), path)
    state = table.require_state()
    assert state.current == 0 and state.stage is Stage.MOVE_SELECT
    assert state.board.base[state.board.mole.index(0)] == 0, "the mole stands on its own new base"

    menu = table.menu(0, table.stamp())
    assert EndMoves(0) in menu.options and SelectMole(0, h("F7")) in menu.options
    await table.play(HOST, table.stamp(), path_to(table, 0, EndMoves(0)))
    assert table.require_state().current == 1


async def test_panic_attack_takes_a_direction(registry: TableRegistry) -> None:
    table = stacked(registry)
    chosen = (ChooseAction(0, ActionKind.ENTER), Place(0, h("G8")), PlayCard(0, C.PANIC_ATTACK))
    path = path_to(table, 0, *chosen)
    menu = table.menu(0, table.stamp(), path)
    assert menu.pending.stage is Stage.TARGET and Direction(0, 1) in menu.options
    assert all(isinstance(option, Direction) for option in menu.options)
    notices = await table.play(HOST, table.stamp(), (*path, menu.options.index(Direction(0, 1))))
    assert Notice("eliminated", 1, {"hex": "H7", "loss": "lost"}) in notices


async def test_a_ransom_is_a_step_of_its_own(registry: TableRegistry) -> None:
    table = stacked(registry, prisoners=((1, 0),))
    path = path_to(table, 0, Ransom(0, 1))
    assert table.menu(0, table.stamp(), path).complete
    notices = await table.play(HOST, table.stamp(), path)
    state = table.require_state()
    assert state.badges == [7, 13] and state.current == 0 and state.stage is Stage.START
    assert notices == [Notice("ransomed", 0, {"captor": 1})]


async def test_incomplete_stale_and_out_of_turn_requests_change_nothing(registry: TableRegistry) -> None:
    table = stacked(registry)
    stamp = table.stamp()
    enter = path_to(table, 0, ChooseAction(0, ActionKind.ENTER), Place(0, h("I7")))
    version = table.version

    assert await refusal(table.play(HOST, stamp, enter)) is Reason.NOT_ALLOWED
    assert await refusal(table.play(ANA, stamp, (0,))) is Reason.NOT_YOUR_TURN
    assert await refusal(table.play(HOST, "zz", enter)) is Reason.STALE
    assert await refusal(table.play(HOST, stamp, (99,))) is Reason.STALE
    assert await refusal(table.play(99, stamp, enter)) is Reason.NOT_SEATED
    with pytest.raises(IllegalAction) as other:
        table.menu(1, stamp)
    assert other.value.reason is Reason.NOT_YOUR_TURN
    assert table.require_state().log == [] and table.version == version

    whole = path_to(
        table,
        0,
        ChooseAction(0, ActionKind.ENTER),
        Place(0, h("I7")),
        PlayCard(0, C.SHORT_RANGE),
        Target(0, h("H7")),
    )
    assert await refusal(table.play(HOST, stamp, (*whole, 0))) is Reason.STALE, "nothing follows a whole step"
    await table.play(HOST, stamp, whole)
    assert await refusal(table.play(HOST, stamp, whole)) is Reason.NOT_YOUR_TURN
    while table.require_state().current == 1:
        await table.play(ANA, table.stamp(), first_step(table, 1))
    assert await refusal(table.play(HOST, stamp, whole)) is Reason.STALE, "a menu of an earlier turn"


# -- turn timers -----------------------------------------------------------------------------------


async def test_an_absent_player_is_warned_then_passed(registry: TableRegistry, clock: ManualClock) -> None:
    table = stacked(registry, prisoners=((0, 1),))
    await clock.advance(61, table.settle)
    assert table.notices[-1] == Notice("hurry", 0, {"seconds": 30})
    assert table.require_state().log == []

    await clock.advance(30, table.settle)
    state = table.require_state()
    assert state.log == [Skip(0)] and state.current == 1
    assert list(table.notices)[-2:] == [Notice("timed_out", 0), Notice("passed", 0)]

    # Seat 1 acts in time: its timer starts over at every step it takes.
    await clock.advance(80, table.settle)
    await table.play(ANA, table.stamp(), path_to(table, 1, Ransom(1, 0)))
    await clock.advance(80, table.settle)
    assert table.require_state().current == 1, "a new moment has its full time"
    await clock.advance(11, table.settle)
    assert table.require_state().current == 0


async def test_time_running_out_in_move_moles_ends_the_moves(
    registry: TableRegistry, clock: ManualClock
) -> None:
    table = stacked(registry)
    step = (ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G6")), MoveTo(0, h("H6")), ChangeBase(0))
    await table.play(HOST, table.stamp(), path_to(table, 0, *step))
    await clock.advance(91, table.settle)
    state = table.require_state()
    assert state.log[-1] == EndMoves(0) and state.current == 1


# -- AI seats and the result -----------------------------------------------------------------------


async def test_an_ai_seat_takes_its_turn_step_by_step_with_pauses(
    registry: TableRegistry, clock: ManualClock
) -> None:
    table = stacked(registry, [Seat(None, "", "normal"), Seat(ANA, "Ana")])
    steps: list[float] = []
    for _ in range(400):
        await clock.advance(0.1, table.settle)
        state = table.require_state()
        while len(steps) < len(state.log):
            steps.append(clock.now())
        if state.current == 1:
            break
    assert table.require_state().current == 1 and len(steps) >= 2
    gaps = [later - earlier for earlier, later in zip([0.0, *steps], steps, strict=False)]
    assert min(gaps) >= AI_STEP_PAUSE - 0.11, f"steps at {steps}"


async def test_ai_seats_play_a_whole_game_and_it_is_recorded_once(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    shown = Shown()
    table = open_table(
        TopoumTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=shown,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    await table.in_lobby(Lobby.add_ai, HOST, "easy")
    await table.in_lobby(Lobby.add_ai, HOST, "normal")
    await table.in_lobby(Lobby.leave, HOST)
    await table.start(HOST)

    for _ in range(3000):
        await clock.advance(5, table.settle)
        if table.phase is not Phase.PLAYING:
            break

    assert table.phase is Phase.AGAIN and not table.message.idle_expired, "Play again, for the host watching"
    outcome = table.require_state().outcome
    assert outcome is not None
    record = table.result_record()
    assert record.result_key == f"topoum:{table.table_id}:1"
    assert [seat.score for seat in record.seats] == list(outcome.badges)
    assert [seat.won for seat in record.seats] == [seat in outcome.winners for seat in range(2)]
    assert [seat.ai_level for seat in record.seats] == ["easy", "normal"]
    assert await store.record_game(record) == await store.record_game(table.result_record())
    await clock.advance(AGAIN_WINDOW + 1, table.settle)
    assert registry.playing_in(2) is None and await store.load_tables() == []
    await published(clock, table)
    assert shown.phases[-1] is Phase.OVER


# -- saving ------------------------------------------------------------------------------------------


async def test_a_table_saved_in_the_middle_of_a_turn_resumes_there(
    registry: TableRegistry, store: Store, clock: ManualClock
) -> None:
    table = stacked(registry)
    step = (ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G6")), MoveTo(0, h("H6")), ChangeBase(0))
    await table.play(HOST, table.stamp(), path_to(table, 0, *step))
    await table.message.set_message(4321)
    stamp = table.stamp()

    [saved] = await store.load_tables()
    again = load_table(TopoumTable, TableRegistry(store, clock), saved, Shown())

    assert again.to_json() == table.to_json()
    assert again.require_state() == table.require_state()
    assert again.events == table.events and again.last_turn() == table.last_turn()
    assert again.message.message_id == 4321 and list(again.notices) == list(table.notices)
    assert again.stamp() == stamp and again.require_state().stage is Stage.MOVE_SELECT
    await again.play(HOST, stamp, path_to(again, 0, EndMoves(0)))
    assert again.require_state().current == 1
    await again.stop()


async def test_a_lobby_keeps_its_deck_and_turn_time_across_a_restart(
    registry: TableRegistry, store: Store
) -> None:
    table = open_table(
        TopoumTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=Shown(),
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    table.waits.timer.set_seconds(45)  # a league's turn timer
    await table.choose_deck(HOST, DECK_TYPES)
    [saved] = await store.load_tables()
    again = load_table(TopoumTable, registry, saved, Shown())
    assert again.phase is Phase.LOBBY and again.card_types == table.card_types and again.state is None
    assert again.waits.timer.limits.act_after == 45 and again.waits.timer.chosen_seconds == 45


async def test_a_table_whose_people_all_stay_away_ends_unrecorded(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    table = stacked(registry, deck=(C.PATROL,) * 60)
    limit = registry.turn_limits.act_after
    await clock.advance(limit + 1, table.settle)
    await clock.advance(limit + 1, table.settle)
    assert table.phase is Phase.PLAYING and table.seating.stand_ins == {}, "two turns timed, but not in a row"
    await clock.advance(limit + 1, table.settle)
    assert set(table.seating.stand_ins) == {0}, "the host's second timed turn in a row: an AI keeps the seat"
    for _ in range(40):
        if table.finished:
            break
        await clock.advance(limit + 1, table.settle)
    state = table.require_state()
    assert all(isinstance(action, Skip) for action in state.log[:4]), "the timer skipped their turns"
    assert table.phase is Phase.OVER and table.message.nobody_left and not table.message.idle_expired
    assert table.notices[-1] == Notice("seat_absent", 1, {"name": "Ana"})
    assert registry.playing_in(2) is None and await store.load_tables() == []
    assert (await store.player_totals(HOST)).games == 0, "an unfinished game is not recorded"
