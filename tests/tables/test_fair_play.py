"""People drifting away from a running game, at each of the four games' tables: a person who
leaves (an AI plays their seat from the same cards), a seat handed to another member, a person
absent when the table waits for them alone (an AI stands in until they press their panel), the
result of a game that ended with a seat stood in for (ranked last, never a winner), the host's
abort of a game nobody has really started, and Play again at the end of a series.

Each game is described once in :data:`GAMES` (how its people move, when it waits for a seat, a
stacked game that ends at once); the tests run over all four where the behaviour is per game.
Time is the hand-moved clock; this file's registry waits :data:`LIMIT` seconds for a turn and
for an absent person."""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from data import Store
from engine.ai import Level
from engine.assets.ai import choose as assets_choice
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.spit import PlayCard, SpitOptions, SpitState
from engine.spit import choose as spit_choice
from engine.topoum.cards import CardType, Farmer
from engine.topoum.state import Position as TopoumPosition
from engine.topoum.state import TopoumState
from engine.toppo.actions import CallToppo, TurnCard
from engine.toppo.ai import choose_in_series
from engine.toppo.cards import parse_cards
from engine.toppo.series import Series
from engine.toppo.state import Position as ToppoPosition
from tables.assets import AssetsTable
from tables.errors import Refusal, Refused
from tables.loading import load_table, open_table
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.scorebook import ABORT_WINDOW, AGAIN_WINDOW
from tables.seated import SeatedTable
from tables.spit import CHOICES, SpitTable, spit_options
from tables.stand_ins import StandIn, Why, honest_ranks
from tables.topoum import TopoumTable
from tables.toppo import ToppoTable
from tables.waits import IDLE_SHARE
from tests.engine.assets import discard, pair
from tests.engine.assets import table as assets_round
from tests.engine.spit import spit_table
from tests.tables.manual_clock import ManualClock
from tests.tables.stacked import nothing_to_publish, seated_table, stacked_series
from words.common import Notice

Seated = SeatedTable[Any, Any]

HOST, ANA, CARLA, DAN = 11, 22, 33, 44
PEOPLE = [Seat(HOST, "Host"), Seat(ANA, "Ana")]
"""The host in seat 0, Ana in seat 1: every test's two people."""
LIMIT = 10.0
"""Seconds this file's tables give a turn, or wait for the one person they need."""
STAND_IN_LEVEL = Level.NORMAL.value
"""A stand-in's level at a table without AI seats."""
RNG = Rng.from_seed(30)
"""The test's own choices for the people it moves (never the tables' AI streams)."""


@pytest.fixture
async def registry(store: Store, clock: ManualClock) -> AsyncIterator[TableRegistry]:
    """Tables with short limits; stopped at the end (Topoum's AI seats think in threads)."""
    registry = TableRegistry(store, clock, turn_seconds=LIMIT, absent_seconds=LIMIT)
    yield registry
    await registry.shutdown()


# -- Toppo -----------------------------------------------------------------------------------------

TOPPO_DISPLAY = "R~ Y+ Wo"
TOPPO_STOCK = "R# Y# W# G~ B~ R- Y- W- G+ B+ Ro Yo"
TOPPO_FULL = "R- Y- W- " + "B# " * 12
"""A deck of 15 cards: too many to call toppo."""
TOPPO_SHORT = "R# Y# W# G# B#"
"""A deck of 5 cards: its player may call toppo at once."""


class AnaStartsToppo(ToppoTable):
    """Toppo whose games Ana (seat 1) starts: the table waits for her first card first."""

    def deal(self) -> None:
        self.begin(Series(len(self.seats), secrets.randbits(63), first_start_player=1))


def toppo_wants(table: Seated, seat: int) -> bool:
    series = table.require_state()
    if table.phase is Phase.CHOOSING:
        return bool(series.chooser() == seat)
    return table.phase is Phase.PLAYING and series.game.restarter == seat


async def toppo_act(table: Seated, user: int) -> None:
    seat = table.seating.require_seat(user)
    series = table.require_state()
    if table.phase is Phase.CHOOSING:
        await table.book.choose(user, series.display_sizes()[0])
        return
    choice = choose_in_series(series, seat, Level.HARD, RNG)
    assert choice is not None, "the game waits for this seat"
    await table.press(user, table.panel_stamp(seat), choice.action)


def toppo_due(table: Seated, seat: int) -> bool:
    """Play is open (or waits for this seat): an AI playing it turns a card within a second."""
    return table.phase is Phase.PLAYING and table.require_state().game.restarter in (None, seat)


def toppo_near_end(table: Seated) -> None:
    """The host holds five cards and may call toppo; everyone else holds fifteen."""
    decks = [TOPPO_SHORT] + [TOPPO_FULL] * (len(table.seats) - 1)
    table.begin(stacked_series(toppo_position(*decks, start=0)))


async def toppo_finish(table: Seated, clock: ManualClock) -> None:
    await table.press(HOST, table.panel_stamp(0), CallToppo(0))


def toppo_absent_at_the_end(registry: TableRegistry) -> Seated:
    """Ana starts, holding nine cards: when she stays away, her stand-in calls toppo and ends
    the game she would have won."""
    table = seated_table(ToppoTable, registry, PEOPLE)
    table.begin(stacked_series(toppo_position(TOPPO_FULL, "R- Y- W- G- B- Ro Yo Wo G+", start=1)))
    return table


def toppo_position(*decks: str, start: int) -> ToppoPosition:
    return ToppoPosition(
        display=parse_cards(TOPPO_DISPLAY),
        decks=tuple(parse_cards(deck) for deck in decks),
        stock=parse_cards(TOPPO_STOCK),
        start_player=start,
    )


# -- Spit ------------------------------------------------------------------------------------------


def spit_state(table: Seated) -> SpitState:
    match = table.require_state()
    assert isinstance(match, SpitState)
    return match


def spit_wants(table: Seated, seat: int) -> bool:
    """The match waits for this seat: its call of a deal or a stalemate, or its slap (alone or
    with the other), or its play when the other cannot play."""
    waited = table.waits.game_wait()
    match = spit_state(table)
    return table.phase is Phase.PLAYING and (
        seat in match.waiting_for() or (waited is not None and waited[0] == seat)
    )


async def spit_act(table: Seated, user: int) -> None:
    seat = table.seating.require_seat(user)
    choice = spit_choice(spit_state(table), seat, Level.HARD, RNG)
    action = spit_state(table).legal_actions(seat)[0] if choice is None else choice.action
    await table.press(user, table.shown(seat, action), action)


def spit_due(table: Seated, seat: int) -> bool:
    return table.phase is Phase.PLAYING and bool(spit_state(table).legal_actions(seat))


def spit_near_end(table: Seated) -> None:
    """The host plays his last card (8h on 7s) and wins; the lobby's options hold."""
    options = spit_options(table.option)
    table.begin(spit_table("8h", "6c | 3c 3d", spit=("", "4d"), centre="7s | Kd", options=options))


async def spit_finish(table: Seated, clock: ManualClock) -> None:
    await table.press(HOST, table.shown(0, PlayCard(0, 0, 0)), PlayCard(0, 0, 0))


def spit_absent_at_the_end(registry: TableRegistry) -> Seated:
    """A layout waiting for both spits: the host calls, Ana does not; once she is stood in for,
    her stand-in spits and plays her last card (6c on 7s), which wins the match for her seat."""
    table = seated_table(SpitTable, registry, PEOPLE)
    table.begin(spit_table("2c | 3c 3d", "6c", spit=("7s", "Kd")))
    return table


# -- Cover Your Assets -----------------------------------------------------------------------------


def assets_wants(table: Seated, seat: int) -> bool:
    return table.phase is Phase.PLAYING and table.require_state().to_act() == seat


async def assets_act(table: Seated, user: int) -> None:
    seat = table.seating.require_seat(user)
    choice = assets_choice(table.require_state(), seat, Level.HARD, RNG)
    assert choice is not None, "the game waits for this seat"
    await table.press(user, table.panel_stamp(), choice.action)


def assets_near_end(table: Seated) -> None:
    """The last round of a match: the host pairs his last cards and reaches the goal, each other
    seat discards its one card."""
    hands = ["PB PB"] + ["HM"] * (len(table.seats) - 1)
    totals = [995_000] + [0] * (len(table.seats) - 1)
    table.begin(assets_round(*hands, totals=totals))


async def assets_finish(table: Seated, clock: ManualClock) -> None:
    await table.press(HOST, table.panel_stamp(), pair(0, "PB PB"))
    await table.press(ANA, table.panel_stamp(), discard(1, "HM"))
    for _ in range(20):  # an AI seat discards in its own time
        if table.phase is not Phase.PLAYING:
            break
        await clock.advance(1, table.settle)


def assets_absent_at_the_end(registry: TableRegistry) -> Seated:
    """The last round: Ana (already 995,000 with Homes on her stack) would reach the goal, but
    her first two turns time out and a stand-in plays her last card."""
    table = seated_table(AssetsTable, registry, PEOPLE)
    table.begin(assets_round("PB PB CC CC ST", "HM JW BA", stacks=["", "HM HM"], totals=(0, 995_000)))
    return table


# -- Topoum ----------------------------------------------------------------------------------------

C = CardType
TOPOUM_BOARD = "G7:0n G6:0@0 F7:0@0 H6:1 H7:1@1"
TOPOUM_LINE = (C.BAYONET, C.PATROL, C.GRENADE, C.MORTAR, C.DECORATION)


def topoum_wants(table: Seated, seat: int) -> bool:
    state = table.require_state()
    return table.phase is Phase.PLAYING and state.outcome is None and state.current == seat


async def topoum_act(table: Seated, user: int) -> None:
    """A whole step of the person's turn: the first choice on every menu of their panel."""
    seat = table.seating.require_seat(user)
    path: tuple[int, ...] = ()
    while not table.menu(seat, table.stamp(), path).complete:
        path = (*path, 0)
    await table.play(user, table.stamp(), path)


def topoum_position(players: int, **changes: Any) -> TopoumPosition:
    values: dict[str, Any] = {
        "board": TOPOUM_BOARD,
        "players": players,
        "hands": ((C.SHORT_RANGE, C.PANIC_ATTACK), (C.PATROL, C.MORTAR)),
        "line": TOPOUM_LINE,
        "farmer": Farmer.ROCK,
    }
    values.update(changes)
    return TopoumPosition(**values)


def topoum_near_end(table: Seated) -> None:
    """Peace was drawn and the host's turn is the last of the game."""
    position = topoum_position(len(table.seats), peace_drawn=True, start_player=1, deck=(C.PATROL,) * 10)
    table.begin(TopoumState.from_position(position, seed=7))


async def topoum_finish(table: Seated, clock: ManualClock) -> None:
    while table.phase is Phase.PLAYING:
        await topoum_act(table, HOST)


def topoum_absent_at_the_end(registry: TableRegistry) -> Seated:
    """Ana leads by far; Peace lies a few cards down the deck, so the game ends after a few
    rounds in which her turns time out (then a stand-in takes them)."""
    table = seated_table(TopoumTable, registry, PEOPLE)
    deck = (C.PATROL,) * 4 + (C.PEACE,) + (C.PATROL,) * 20
    table.begin(TopoumState.from_position(topoum_position(2, deck=deck, badges=(10, 60)), seed=7))
    return table


# -- the four games --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """What the tests need to know of one game's table."""

    cls: type[Seated]
    """The table (Toppo's: one whose games Ana starts)."""
    wants: Callable[[Seated, int], bool]
    """Whether the game waits for ``seat`` now (alone or with others)."""
    act: Callable[[Seated, int], Awaitable[None]]
    """The person ``user`` moves through their own panel's request, while the game wants them."""
    due: Callable[[Seated, int], bool]
    """Whether ``seat`` has a move to make now: an AI playing it makes one within seconds."""
    near_end: Callable[[Seated], None]
    """Begin a stacked game that :attr:`finish` ends at once (the host wins)."""
    finish: Callable[[Seated, ManualClock], Awaitable[None]]
    absent_at_the_end: Callable[[TableRegistry], Seated]
    """A stacked game of the host and Ana, not yet running, that ends soon while Ana stays away,
    in a position that her seat wins."""

    @property
    def most_seats(self) -> int:
        return self.cls.seats_allowed[1]


GAMES = {
    "toppo": Game(
        AnaStartsToppo,
        wants=toppo_wants,
        act=toppo_act,
        due=toppo_due,
        near_end=toppo_near_end,
        finish=toppo_finish,
        absent_at_the_end=toppo_absent_at_the_end,
    ),
    "spit": Game(
        SpitTable,
        wants=spit_wants,
        act=spit_act,
        due=spit_due,
        near_end=spit_near_end,
        finish=spit_finish,
        absent_at_the_end=spit_absent_at_the_end,
    ),
    "assets": Game(
        AssetsTable,
        wants=assets_wants,
        act=assets_act,
        due=assets_wants,
        near_end=assets_near_end,
        finish=assets_finish,
        absent_at_the_end=assets_absent_at_the_end,
    ),
    "topoum": Game(
        TopoumTable,
        wants=topoum_wants,
        act=topoum_act,
        due=topoum_wants,
        near_end=topoum_near_end,
        finish=topoum_finish,
        absent_at_the_end=topoum_absent_at_the_end,
    ),
}
"""The four games (in a turn-based game, a seat has a move to make when the game waits for it)."""

per_game = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))


# -- helpers ---------------------------------------------------------------------------------------


async def opened(game: Game, registry: TableRegistry, *, ai: str | None = None) -> Seated:
    """A table opened by the host, joined by Ana (and an AI seat at ``ai``), started."""
    table = open_table(
        game.cls,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    await table.in_lobby(Lobby.join, ANA, "Ana")
    if ai is not None:
        await table.in_lobby(Lobby.add_ai, HOST, ai)
    await table.start(HOST)
    return table


def running(registry: TableRegistry, table: Seated) -> Seated:
    """A stacked table, dealt outside any change, run as after loading (timers and AI on)."""
    registry.add(table)
    table.resume()
    return table


async def pressed(table: Seated, user: int) -> None:
    """What the bot does first on any press of ``user``'s panel: an absent person is back."""
    if table.seating.pressed_by(user):
        await table.seating.back(user)


async def play_on(
    game: Game,
    table: Seated,
    clock: ManualClock,
    until: Callable[[], bool],
    *,
    present: Collection[int] = (HOST,),
    steps: int = 400,
) -> None:
    """Move time on a second at a time, until ``until()`` holds (checked before each step). The
    ``present`` people move whenever the game waits for them, and otherwise press their panel
    (look at their cards) every second: in a race they are not idle."""
    for _ in range(steps):
        if until():
            return
        wanted = [user for user in present if game.wants(table, table.seating.require_seat(user))]
        for user in present:
            await pressed(table, user)
        if wanted:
            await game.act(table, wanted[0])
        else:
            await clock.advance(1, table.settle)
    raise AssertionError(f"still waiting after {steps} steps: {table.phase}, {table.seating.stand_ins}")


def moves_of(table: Seated, seat: int) -> int:
    """How many moves of the running game were made for ``seat``."""
    return sum(1 for move in table.moves if move.get("seat") == seat)


async def nothing_for(
    game: Game,
    table: Seated,
    clock: ManualClock,
    seats: Collection[int],
    *,
    present: Collection[int] = (HOST,),
) -> None:
    """Assert that no move is made for ``seats`` while their people do nothing for a little less
    than a turn (so no timer acts for them either) and the ``present`` people play on."""
    made = {seat: (moves_of(table, seat), table.seating.stood_in.get(seat, 0)) for seat in seats}
    deadline = clock.now() + LIMIT - 1
    await play_on(game, table, clock, lambda: clock.now() >= deadline, present=present)
    assert {seat: (moves_of(table, seat), table.seating.stood_in.get(seat, 0)) for seat in seats} == made


def results(database: Path, key: str) -> dict[int | None, tuple[int, int, int, int]]:
    """The stored results of the game recorded under ``key``: rank, won, stood_in and absent by
    user (None for an AI seat)."""
    with sqlite3.connect(database) as conn:
        rows = conn.execute(
            "SELECT r.user_id, r.rank, r.won, r.stood_in, r.absent FROM results r"
            " JOIN games g ON g.id = r.game_id WHERE g.result_key = ? ORDER BY r.seat",
            (key,),
        ).fetchall()
    return {user: (rank, won, stood_in, absent) for user, rank, won, stood_in, absent in rows}


def recorded_keys(database: Path) -> list[str]:
    with sqlite3.connect(database) as conn:
        return [key for (key,) in conn.execute("SELECT result_key FROM games ORDER BY id")]


async def refused(request: Awaitable[object]) -> Refusal:
    with pytest.raises(Refused) as caught:
        await request
    return caught.value.refusal


async def illegal(request: Awaitable[object]) -> Reason:
    with pytest.raises(IllegalAction) as caught:
        await request
    return caught.value.reason


# -- leaving a running game --------------------------------------------------------------------------


@per_game
async def test_a_person_who_leaves_is_played_for_from_the_same_cards_while_the_other_plays_on(
    game: Game, registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    table = await opened(game, registry)
    dealt = table.require_state().to_json()

    await table.seating.leave_game(ANA)

    assert table.require_state().to_json() == dealt, "the same cards, nothing played yet"
    assert table.seating.stand_ins == {1: StandIn(Why.LEFT, STAND_IN_LEVEL)}
    assert table.notices[-1] == Notice("seat_left", 1, {"name": "Ana"})
    assert table.seating.seat_of(ANA) is None and table.seats[1] == Seat(ANA, "Ana"), (
        "her seat, for the record"
    )
    assert table.ai.ai_seats() == [1] and table.seating.plays_for(1) and table.seating.people() == {HOST}
    assert await illegal(table.seating.leave_game(ANA)) is Reason.NOT_SEATED
    assert await illegal(table.seating.leave_game(CARLA)) is Reason.NOT_SEATED
    assert not table.seating.pressed_by(ANA), "a person who left does not come back by pressing"
    [saved] = await store.load_tables()
    assert (
        load_table(game.cls, registry, saved, nothing_to_publish).seating.stand_ins == table.seating.stand_ins
    )

    await play_on(game, table, clock, lambda: table.seating.stood_in.get(1, 0) >= 2)

    assert (
        table.seating.seat_of(HOST) == 0
        and 0 not in table.seating.stand_ins
        and table.seating.playing() == {HOST}
    )
    assert not table.finished and table.seating.stand_ins[1].why is Why.LEFT


async def test_a_person_cannot_leave_a_lobby_game_that_has_not_started(registry: TableRegistry) -> None:
    table = open_table(
        ToppoTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="H",
    )
    await table.in_lobby(Lobby.join, ANA, "Ana")
    assert await illegal(table.seating.leave_game(ANA)) is Reason.NOT_STARTED
    assert table.seating.stand_ins == {}


# -- handing a seat to another member ------------------------------------------------------------------


@per_game
async def test_the_host_hands_a_left_seat_and_an_ai_seat_to_other_members(
    game: Game, registry: TableRegistry, clock: ManualClock
) -> None:
    three = game.most_seats >= 3
    table = await opened(game, registry, ai="easy" if three else None)
    await table.seating.leave_game(ANA)
    await play_on(game, table, clock, lambda: table.seating.stood_in.get(1, 0) >= 1 and game.due(table, 1))
    assert table.seating.stand_ins == {1: StandIn(Why.LEFT, "easy" if three else STAND_IN_LEVEL)}, (
        "the table's level"
    )
    assert table.seating.handable() == ([1, 2] if three else [1])

    assert await refused(table.seating.offer_seat(CARLA, 1, DAN)) is Refusal.HOST_ONLY
    assert await refused(table.seating.offer_seat(ANA, 1, CARLA)) is Refusal.HOST_ONLY
    assert await refused(table.seating.offer_seat(HOST, 1, HOST)) is Refusal.ALREADY_SEATED
    assert await illegal(table.seating.offer_seat(HOST, 0, CARLA)) is Reason.STALE, "a seat its person plays"
    await table.seating.offer_seat(HOST, 1, CARLA)
    assert await illegal(table.seating.take_seat(DAN, "Dan", 1)) is Reason.STALE, "offered to Carla, not Dan"
    if three:
        assert await illegal(table.seating.take_seat(CARLA, "Carla", 2)) is Reason.STALE, (
            "not the seat offered"
        )

    await table.seating.take_seat(CARLA, "Carla", 1)

    assert table.seating.seat_of(CARLA) == 1 and table.seats[1] == Seat(CARLA, "Carla")
    taken = Notice("seat_taken_over", 1, {"name": "Carla", "counted": "Ana"})
    assert table.notices[-1] == taken and table.seating.offer is None
    assert (
        1 not in table.seating.stand_ins
        and 1 not in table.ai.ai_seats()
        and table.seating.people() == {HOST, CARLA}
    )
    assert await illegal(table.seating.take_seat(CARLA, "Carla", 1)) is Reason.STALE, "an offer is taken once"
    handed = [1]
    if three:
        assert await refused(table.seating.offer_seat(HOST, 2, CARLA)) is Refusal.ALREADY_SEATED
        await table.seating.offer_seat(HOST, 2, DAN)
        await table.seating.take_seat(DAN, "Dan", 2)
        assert table.seating.seat_of(DAN) == 2 and table.seats[2] == Seat(DAN, "Dan")
        handed.append(2)
    assert table.ai.ai_seats() == [] and table.seating.handable() == []
    await nothing_for(game, table, clock, handed)


async def toppo_handed_over(table: Seated, clock: ManualClock) -> None:
    """Ana starts with fifteen cards; the host, with five, calls toppo once Carla has her seat."""
    table.begin(stacked_series(toppo_position(TOPPO_SHORT, TOPPO_FULL, start=1)))
    await hand_over_after_an_ai_move(GAMES["toppo"], table, clock)
    await toppo_finish(table, clock)


async def spit_handed_over(table: Seated, clock: ManualClock) -> None:
    """Ana's stand-in plays her queen on the king; the host then plays his last card on the 7."""
    table.begin(spit_table("8h", "Qc | 3c 3d", spit=("", "4d"), centre="7s | Kd"))
    await hand_over_after_an_ai_move(GAMES["spit"], table, clock)
    await spit_finish(table, clock)


async def assets_handed_over(table: Seated, clock: ManualClock) -> None:
    """The last round, Ana first: her stand-in discards, then the host pairs and reaches the
    goal, and Carla discards Ana's last card."""
    table.begin(assets_round("PB PB", "HM CC", totals=(995_000, 0), dealer=0))
    await hand_over_after_an_ai_move(GAMES["assets"], table, clock)
    await table.press(HOST, table.panel_stamp(), pair(0, "PB PB"))
    [last] = table.require_state().legal_actions(1)
    await table.press(CARLA, table.panel_stamp(), last)


async def topoum_handed_over(table: Seated, clock: ManualClock) -> None:
    """Ana leads by far, Peace lies a few cards down the deck: her stand-in takes a step of her
    turn, then Carla and the host play on to the end."""
    deck = (C.PATROL,) * 4 + (C.PEACE,) + (C.PATROL,) * 20
    table.begin(TopoumState.from_position(topoum_position(2, deck=deck, badges=(10, 60)), seed=7))
    await hand_over_after_an_ai_move(GAMES["topoum"], table, clock)
    while table.phase is Phase.PLAYING:
        await topoum_act(table, HOST if table.require_state().current == 0 else CARLA)


async def hand_over_after_an_ai_move(game: Game, table: Seated, clock: ManualClock) -> None:
    """Ana leaves, her stand-in makes a move for her, and the host hands her seat to Carla."""
    await table.seating.leave_game(ANA)
    await play_on(game, table, clock, lambda: table.seating.stood_in.get(1, 0) >= 1)
    assert table.phase is Phase.PLAYING, "the game goes on"
    await table.seating.offer_seat(HOST, 1, CARLA)
    await table.seating.take_seat(CARLA, "Carla", 1)
    assert table.notices[-1] == Notice("seat_taken_over", 1, {"name": "Carla", "counted": "Ana"})


HANDED_OVER = {
    "toppo": toppo_handed_over,
    "spit": spit_handed_over,
    "assets": assets_handed_over,
    "topoum": topoum_handed_over,
}
"""Each game, played from a stacked position in which Ana leaves, an AI moves for her, Carla
takes her seat over and the host wins."""


@pytest.mark.parametrize("name", list(HANDED_OVER))
async def test_a_game_left_played_for_and_handed_over_counts_for_whom_it_was_dealt_to(
    name: str, registry: TableRegistry, clock: ManualClock, store: Store, tmp_path: Path
) -> None:
    """Ana leaves, an AI moves for her, the host hands her seat to Carla, who plays it to the
    end: the game is Ana's (last, away, the AI's moves hers), Carla is not rated for it."""
    table = running(registry, seated_table(GAMES[name].cls, registry, PEOPLE))
    await HANDED_OVER[name](table, clock)
    await table.settle()

    assert table.phase is not Phase.PLAYING, "the game ended"
    record = table.result_record()
    assert [(seat.user_id, seat.rank, seat.won, seat.absent) for seat in record.seats] == [
        (HOST, 1, True, False),
        (ANA, 2, False, True),
    ]
    assert record.seats[1].stood_in == table.seating.stood_in[1] >= 1, "the AI's moves were made for Ana"
    stored = results(tmp_path / "db.sqlite3", record.result_key)
    assert set(stored) == {HOST, ANA}, "Carla has no result in a game dealt to Ana"
    assert {change.seat for change in await store.rating_changes(1, record.result_key)} <= {0, 1}
    assert (await store.player_totals(CARLA, table.game)).games == 0
    assert (await store.player_totals(ANA, table.game)).games == 1


# -- absent, then back -------------------------------------------------------------------------------------


@per_game
async def test_an_absent_person_is_stood_in_for_until_they_press_and_then_no_ai_moves_for_them(
    game: Game, registry: TableRegistry, clock: ManualClock
) -> None:
    table = await opened(game, registry)

    await play_on(game, table, clock, lambda: 1 in table.seating.stand_ins)

    assert table.seating.stand_ins == {1: StandIn(Why.ABSENT, STAND_IN_LEVEL)}
    assert Notice("seat_absent", 1, {"name": "Ana"}) in table.notices
    assert table.seating.seat_of(ANA) == 1 and table.seating.people() == {HOST, ANA}, "the seat is still hers"
    assert table.seating.playing() == {HOST}
    awaited = table.waits.called()
    assert awaited is None or awaited[0] != ANA, "the table no longer waits for her"
    timed = table.seating.stood_in.get(1, 0)
    await play_on(game, table, clock, lambda: table.seating.stood_in.get(1, 0) > timed and game.due(table, 1))
    assert not table.seating.pressed_by(HOST), "the host was never away"
    await table.settle()  # (Topoum's stand-in thinks off the event loop first)
    assert 1 in table.ai.driver._pending, "the stand-in's next move is scheduled"

    assert table.seating.pressed_by(ANA)
    await table.seating.back(ANA)

    assert 1 not in table.ai.driver._pending, "and called off"
    assert table.seating.stand_ins == {} and table.notices[-1] == Notice("seat_back", 1, {"name": "Ana"})
    assert not table.seating.plays_for(1) and table.ai.ai_seats() == [] and table.seating.timed_in_row == {}
    await nothing_for(game, table, clock, [1])


# -- the result of a game with a seat stood in for --------------------------------------------------------


@per_game
async def test_a_game_that_ends_with_a_seat_stood_in_for_ranks_it_last_and_never_a_winner(
    game: Game, registry: TableRegistry, clock: ManualClock, store: Store, tmp_path: Path
) -> None:
    table = running(registry, game.absent_at_the_end(registry))

    await play_on(game, table, clock, lambda: table.phase not in (Phase.PLAYING, Phase.CHOOSING))

    assert table.phase in (Phase.RESULTS, Phase.AGAIN) and not table.message.nobody_left
    assert (
        table.seating.stand_ins == {1: StandIn(Why.ABSENT, STAND_IN_LEVEL)}
        and 0 not in table.seating.stand_ins
    )
    finished = table.finished_game()
    assert 1 in finished.won and finished.ranks[1] == 1, "as played, Ana's seat would have won"
    record = table.result_record()
    assert [(seat.rank, seat.won, seat.absent) for seat in record.seats] == [
        (1, True, False),
        (2, False, True),
    ]
    assert record.seats[1].stood_in == table.seating.stood_in[1] > 0 and record.seats[0].stood_in == 0
    stored = results(tmp_path / "db.sqlite3", record.result_key)
    assert stored[HOST] == (1, 1, 0, 0)
    rank, won, stood_in, absent = stored[ANA]
    assert (rank, won, absent) == (2, 0, 1) and stood_in == record.seats[1].stood_in
    assert (await store.player_totals(ANA, table.game)).wins == 0
    assert (await store.player_totals(HOST, table.game)).wins == 1


@pytest.mark.parametrize(
    ("ranks", "won", "away", "honest"),
    [
        pytest.param([2, 1, 3], {1}, set(), ([2, 1, 3], {1}), id="nobody-away"),
        pytest.param([1, 2, 3], {0}, {0}, ([3, 1, 2], {1}), id="the-winner-away"),
        pytest.param([1, 2, 3, 4], {0}, {0, 3}, ([3, 1, 2, 3], {1}), id="two-away-share-last"),
        pytest.param([2, 2, 1], {2}, {2}, ([1, 1, 3], {0, 1}), id="tied-seconds-win-together"),
        pytest.param([1, 1, 3, 4], {0, 1}, {1}, ([1, 4, 2, 3], {0}), id="tied-winners-one-away"),
        pytest.param([2, 1], set(), {1}, ([1, 2], set()), id="no-winner-stays-none"),
        pytest.param([1, 2, 2], {0}, {1}, ([1, 3, 2], {0}), id="a-loser-away"),
    ],
)
def test_honest_ranks(
    ranks: list[int], won: set[int], away: set[int], honest: tuple[list[int], set[int]]
) -> None:
    assert honest_ranks(ranks, won, away) == honest


# -- abort ---------------------------------------------------------------------------------------------------


@per_game
async def test_the_host_may_abort_the_first_game_in_its_first_minute_or_before_everyone_pressed(
    game: Game, registry: TableRegistry, store: Store, tmp_path: Path
) -> None:
    table = await opened(game, registry)
    seats = list(table.seats)
    assert table.book.may_abort()
    assert await refused(table.book.abort(ANA)) is Refusal.HOST_ONLY
    assert await refused(table.book.abort(CARLA)) is Refusal.HOST_ONLY
    assert table.phase is Phase.PLAYING

    await table.book.abort(HOST)

    assert table.phase is Phase.LOBBY and table.state is None and table.seats == seats
    assert table.pending_record() is None and table.seating.stand_ins == {} and table.seating.acted == set()
    [saved] = await store.load_tables()
    assert saved.state["phase"] == "lobby" and not saved.moves
    await table.start(HOST)
    assert table.phase is Phase.PLAYING and table.state is not None and table.seats == seats

    await pressed(table, HOST)
    await pressed(table, ANA)
    assert table.book.may_abort(), "everyone pressed, but within the first minute"
    assert table.book.started_at is not None
    table.book.started_at -= timedelta(seconds=ABORT_WINDOW + 1)  # the wall clock moved on
    assert not table.book.may_abort()
    assert await illegal(table.book.abort(HOST)) is Reason.NOT_ALLOWED
    assert table.phase is Phase.PLAYING
    assert recorded_keys(tmp_path / "db.sqlite3") == [], "nothing was recorded"


@per_game
async def test_after_the_first_minute_the_host_may_abort_until_every_person_has_pressed(
    game: Game, registry: TableRegistry
) -> None:
    table = await opened(game, registry)
    assert table.book.started_at is not None
    table.book.started_at -= timedelta(seconds=ABORT_WINDOW + 1)
    await pressed(table, HOST)
    assert table.book.may_abort(), "Ana has not pressed her panel yet"
    await table.seating.leave_game(ANA)
    assert not table.book.may_abort(), "the only person left has pressed"
    assert await illegal(table.book.abort(HOST)) is Reason.NOT_ALLOWED


@per_game
async def test_an_aborted_game_leaves_the_seats_of_people_who_left_open(
    game: Game, registry: TableRegistry
) -> None:
    three = game.most_seats >= 3
    table = await opened(game, registry, ai="hard" if three else None)
    await table.seating.leave_game(ANA)

    await table.book.abort(HOST)

    assert table.phase is Phase.LOBBY and table.seating.seat_of(ANA) is None and table.seating.stand_ins == {}
    assert [seat.user_id for seat in table.seats] == ([HOST, None] if three else [HOST])
    if not three:
        await table.in_lobby(Lobby.join, CARLA, "Carla")
    await table.start(HOST)
    assert table.phase is Phase.PLAYING


async def test_no_abort_once_a_game_of_the_series_has_ended(
    registry: TableRegistry, clock: ManualClock
) -> None:
    table = seated_table(ToppoTable, registry, PEOPLE)
    toppo_near_end(table)
    await toppo_finish(table, clock)
    await table.book.next_game(HOST, 1)
    await table.book.choose(ANA, 3)  # the highest total starts the next game
    assert table.phase is Phase.PLAYING and table.book.games_played == 1
    assert not table.book.may_abort()
    assert await illegal(table.book.abort(HOST)) is Reason.NOT_ALLOWED


# -- Play again ---------------------------------------------------------------------------------------------


async def series_over(game: Game, registry: TableRegistry, clock: ManualClock) -> Seated:
    """A table of the host, Ana (and a hard AI seat when the game takes three) whose series
    just ended with a game the host won: Play again is offered."""
    seats = [*PEOPLE, Seat(None, "", "hard")] if game.most_seats >= 3 else list(PEOPLE)
    table = seated_table(game.cls, registry, seats)
    if game.cls is SpitTable:
        table.lobby.choose(HOST, "piles", "4", CHOICES)
    game.near_end(table)
    running(registry, table)
    await game.finish(table, clock)
    if table.phase is Phase.RESULTS:  # a series of games: the host ends it
        await table.book.end_series(HOST, table.game_number())
    assert table.phase is Phase.AGAIN
    return table


@per_game
async def test_play_again_needs_every_person_then_deals_a_new_series_recorded_apart(
    game: Game, registry: TableRegistry, clock: ManualClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await series_over(game, registry, clock)
    seats = list(table.seats)
    [first] = recorded_keys(tmp_path / "db.sqlite3")
    assert table.book.again_asked() == {HOST, ANA}, "the AI seat needs not press"
    # The new series deals the stacked game again, so that it can end at once.
    monkeypatch.setattr(table, "deal", lambda: game.near_end(table))

    await table.book.play_again(HOST)
    assert table.phase is Phase.AGAIN and table.book.again == {HOST}, "one press is not enough"
    assert await illegal(table.book.play_again(CARLA)) is Reason.NOT_SEATED
    await table.book.play_again(ANA)

    assert table.phase is Phase.PLAYING and table.book.again_count == 1 and table.seats == seats
    assert table.book.games_played == 0 and table.seating.stood_in == {} and table.book.again == set()
    resumed = load_table(type(table), registry, table.snapshot(), nothing_to_publish)
    assert resumed.book.again_count == 1, "saved with the table, whatever else the game saves"
    if isinstance(table, SpitTable):
        assert spit_state(table).options == SpitOptions(piles=4), "the lobby's options hold"
    await game.finish(table, clock)
    keys = recorded_keys(tmp_path / "db.sqlite3")
    assert keys[0] == first and len(keys) == 2
    assert first.startswith(f"{table.game}:{table.table_id}:")
    assert keys[1].startswith(f"{table.game}:{table.table_id}.1:") and keys[1] != first


@per_game
async def test_play_again_deals_the_same_seats_and_options_afresh(
    game: Game, registry: TableRegistry, clock: ManualClock
) -> None:
    table = await series_over(game, registry, clock)
    seats = list(table.seats)
    for user in (ANA, HOST):
        await table.book.play_again(user)
    assert table.phase is Phase.PLAYING and table.seats == seats and table.book.again_count == 1
    assert table.book.games_played == 0 and table.moves == [] and table.require_state().players == len(seats)
    if isinstance(table, SpitTable):
        assert spit_state(table).options == SpitOptions(piles=4)
        assert spit_state(table).cards_left(0) == 26, "a full deal"


@pytest.mark.parametrize("game", [GAMES["toppo"], GAMES["spit"]], ids=["toppo", "spit"])
async def test_play_again_after_someone_left_opens_their_seat_in_a_lobby(
    game: Game, registry: TableRegistry, clock: ManualClock
) -> None:
    seats = [*PEOPLE, Seat(None, "", "hard")] if game.most_seats >= 3 else list(PEOPLE)
    table = seated_table(game.cls, registry, seats)
    game.near_end(table)
    running(registry, table)
    await game.finish(table, clock)
    await table.seating.leave_game(ANA)  # between games
    await table.book.end_series(HOST, table.game_number())
    assert table.phase is Phase.AGAIN and table.book.again_asked() == {HOST}

    await table.book.play_again(HOST)

    assert table.phase is Phase.LOBBY and table.book.again_count == 1
    assert table.seats == [seat for seat in seats if seat.user_id != ANA], "Ana's seat is open"
    await table.in_lobby(Lobby.join, CARLA, "Carla")
    await table.start(HOST)
    assert table.phase is Phase.PLAYING and table.seating.seat_of(CARLA) == len(table.seats) - 1


@per_game
async def test_a_play_again_window_with_one_press_opens_the_other_seats_in_a_lobby(
    game: Game, registry: TableRegistry, clock: ManualClock
) -> None:
    table = await series_over(game, registry, clock)
    ais = [seat for seat in table.seats if seat.is_ai]
    await table.book.play_again(HOST)

    await clock.advance(AGAIN_WINDOW + 1, table.settle)

    assert table.phase is Phase.LOBBY and table.seats == [Seat(HOST, "Host"), *ais]
    assert table.seating.seat_of(ANA) is None and table.state is None and table.book.again_count == 1
    if len(table.seats) < table.seats_allowed[0]:
        await table.in_lobby(Lobby.join, CARLA, "Carla")
    await table.start(HOST)
    assert table.phase is Phase.PLAYING and table.state is not None


@per_game
async def test_a_play_again_window_nobody_presses_ends_the_table(
    game: Game, registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    table = await series_over(game, registry, clock)
    await clock.advance(AGAIN_WINDOW - 5, table.settle)
    assert table.phase is Phase.AGAIN and len(await store.load_tables()) == 1

    await clock.advance(6, table.settle)

    assert table.phase is Phase.OVER and table.finished
    assert await store.load_tables() == [] and registry.playing_in(2) is None
    assert await illegal(table.book.play_again(HOST)) is Reason.STALE


# -- a race: a person who stops pressing ---------------------------------------------------------------


async def test_in_a_race_a_person_who_stops_pressing_is_waited_for_then_stood_in(
    registry: TableRegistry, clock: ManualClock
) -> None:
    """Toppo with play open for everyone: Ana, who presses nothing, is waited for once half the
    absence limit has passed since she could play (the host pressing all along), warned by the
    table's call, and stood in for after another whole limit; the host never is."""
    table = seated_table(ToppoTable, registry, PEOPLE)
    table.begin(stacked_series(toppo_position(TOPPO_FULL, TOPPO_FULL, start=0)))
    registry.add(table)
    table.resume()
    await pressed(table, HOST)
    await table.press(HOST, table.panel_stamp(0), TurnCard(0))  # the host starts: play is open
    assert table.waits.game_wait() is None and table.waits.called() is None
    idle_after = int(LIMIT * IDLE_SHARE)
    for _ in range(idle_after - 1):
        await pressed(table, HOST)
        await clock.advance(1, table.settle)
    assert table.waits.called() is None, "not yet half the limit since Ana could play"
    for _ in range(2):
        await pressed(table, HOST)
        await clock.advance(1, table.settle)
    awaited = table.waits.called()
    assert awaited is not None and awaited[0] == ANA and table.seating.stand_ins == {}
    for _ in range(int(LIMIT) - 2):
        await pressed(table, HOST)
        await clock.advance(1, table.settle)
    assert table.seating.stand_ins == {}, "the whole limit, counted from the wait"
    for _ in range(2):
        await pressed(table, HOST)
        await clock.advance(1, table.settle)
    assert table.seating.stand_ins == {1: StandIn(Why.ABSENT, STAND_IN_LEVEL)}
    assert Notice("seat_absent", 1, {"name": "Ana"}) in table.notices


async def test_nobody_is_idle_while_the_table_waits_for_someone_else(
    registry: TableRegistry, clock: ManualClock
) -> None:
    """While play waits for the host's restart, Ana cannot play: the time does not count
    against her (the host is the one waited for)."""
    table = seated_table(ToppoTable, registry, PEOPLE)
    table.begin(stacked_series(toppo_position(TOPPO_FULL, TOPPO_FULL, start=0)))
    registry.add(table)
    table.resume()
    for _ in range(int(LIMIT) - 2):
        await pressed(table, ANA)  # Ana looks at her cards; the host must start
        await clock.advance(1, table.settle)
    assert table.waits.called() is not None and table.waits.called()[0] == HOST  # type: ignore[index]
    await pressed(table, HOST)
    await table.press(HOST, table.panel_stamp(0), TurnCard(0))
    await clock.advance(3, table.settle)
    assert table.waits.called() is None, "Ana's waiting for the host does not make her idle"


async def test_a_wait_on_an_ai_seat_does_not_set_an_idle_check_spinning(
    registry: TableRegistry, clock: ManualClock
) -> None:
    """Play waits for an AI seat's restart (held back here) while the host presses nothing: the
    host is not idle against anyone, and no check of idleness is set again and again at the
    same moment (time moves on)."""
    table = seated_table(ToppoTable, registry, [Seat(HOST, "Host"), Seat(None, "", "easy")])
    table.begin(stacked_series(toppo_position(TOPPO_FULL, TOPPO_FULL, start=1)))
    registry.add(table)
    table.ai.stop()
    table.resume()
    await asyncio.wait_for(clock.advance(LIMIT * 3, table.settle), timeout=10)
    assert clock.pending <= 2 and table.seating.stand_ins == {} and table.phase is Phase.PLAYING
