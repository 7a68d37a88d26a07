"""The Toppo table without Discord: AI seats on a hand-moved clock, saving, recording, expiry,
and the stamps that keep a player's outdated panel from doing what they did not see."""

from __future__ import annotations

import asyncio

import pytest

from data import Store
from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallToppo, MatchCard, Renew, SeriesAction, TopLine, TurnCard
from engine.toppo.cards import Card, parse_cards
from engine.toppo.events import MatchFailed, PenaltyPaid, TopFailed
from engine.toppo.series import Series
from engine.toppo.state import Position
from tables.loading import load_table, open_table
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.seated import EMPTY_LOBBY_IDLE, LOBBY_IDLE
from tables.table import Table
from tables.toppo import DISPLAY_CHANGED, LINE_CHANGED, PANEL_OUTDATED, WAIT_FOR_RESTART, ToppoTable
from tests.tables.conftest import published
from tests.tables.manual_clock import ManualClock
from tests.tables.stacked import stacked_table
from words.common import Notice
from words.toppo import notices_for

HOST, ANA = 11, 22


class Shown:
    """A publish that remembers the phase each redraw showed."""

    def __init__(self) -> None:
        self.phases: list[Phase] = []

    async def __call__(self, table: Table) -> None:
        assert isinstance(table, ToppoTable)
        self.phases.append(table.phase)


def open_lobby(registry: TableRegistry, publish: Shown) -> ToppoTable:
    table = open_table(
        ToppoTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=publish,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    return table


async def test_ai_seats_play_a_whole_game_on_their_own_and_it_is_recorded_once(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    shown = Shown()
    table = open_lobby(registry, shown)
    for _ in range(3):
        await table.in_lobby(Lobby.add_ai, HOST, "hard")
    await table.in_lobby(Lobby.leave, HOST)  # the host watches a table of three AI seats
    await table.start(HOST)

    for _ in range(600):
        await clock.advance(5, table.settle)
        if table.phase is not Phase.PLAYING:
            break

    assert table.phase is Phase.RESULTS
    series = table.require_state()
    assert len(series.history) == 1 and min(series.history[0].scores) == 0
    first = await store.record_game(table.result_record())
    assert await store.record_game(table.result_record()) == first, "recording twice writes nothing new"
    await published(clock, table)
    assert shown.phases[-1] is Phase.RESULTS
    assert clock.pending == 1, "between games only the idle timer waits; the AI seats do not choose yet"

    await table.book.next_game(HOST, 1)
    await clock.advance(10, table.settle)
    assert table.phase is Phase.PLAYING and series.game_number == 2, "an AI start player chose the display"
    assert table.message.retired_message_id is None and table.message.message_id is None


async def test_an_idle_lobby_closes_says_so_and_frees_the_channel(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    shown = Shown()
    table = open_lobby(registry, shown)
    await table.message.set_message(99)
    table.restart_idle_timer()
    await clock.advance(LOBBY_IDLE - 60, table.settle)
    await table.in_lobby(Lobby.join, ANA, "Ana")  # activity: the lobby waits afresh
    await clock.advance(LOBBY_IDLE - 60, table.settle)
    assert table.phase is Phase.LOBBY and [saved.table_id for saved in await store.load_tables()] == [
        table.table_id
    ]

    await clock.advance(120, table.settle)

    assert table.phase is Phase.CLOSED and table.message.idle_expired
    assert registry.get(2) is None and await store.load_tables() == []
    await published(clock, table)
    assert shown.phases[-1] is Phase.CLOSED


def two_players(alice: str, bruno: str, *, start: int = 0) -> Position:
    filler = " B#" * 12
    return Position(
        display=parse_cards("R~ Y+ Wo"),
        decks=(parse_cards(alice + filler), parse_cards(bruno + filler)),
        stock=parse_cards("R# Y# W# G~ B~ R- Y- W- G+ B+ Ro Yo"),
        start_player=start,
    )


SEATS = [Seat(HOST, "Host"), Seat(ANA, "Ana")]


def action(seat: int, name: str, card: str = "") -> SeriesAction:
    """The engine action a panel button ``name`` makes for ``seat`` (``card``: a match's)."""
    if name == "match":
        return MatchCard(seat, Card.parse(card))
    made: dict[str, SeriesAction] = {
        "turn": TurnCard(seat),
        "toppo": CallToppo(seat),
        "top": TopLine(seat),
        "renew": Renew(seat),
    }
    return made[name]


async def press(
    table: ToppoTable, user: int, name: str, stamp: str | None = None, card: str = ""
) -> list[Notice]:
    seat = table.seating.require_seat(user)
    return await table.press(user, stamp or table.panel_stamp(seat), action(seat, name, card))


async def refusal(
    table: ToppoTable, user: int, name: str, stamp: str | None = None, card: str = ""
) -> IllegalAction:
    """The refusal of a press, having checked it changed nothing."""
    moves = len(table.moves)
    with pytest.raises(IllegalAction) as caught:
        await press(table, user, name, stamp, card)
    assert len(table.moves) == moves, "nothing was played"
    return caught.value


async def test_simultaneous_tops_are_decided_by_arrival_and_the_late_one_told_why(
    registry: TableRegistry,
) -> None:
    """Both lines top (in some order): one press each, the first to arrive tops, the other is
    too late (the display changed), not a wrong top."""
    table = stacked_table(registry, SEATS, two_players("Wo Ro Yo", "R- Y- W-"))
    for _ in range(3):
        await press(table, HOST, "turn")
    for _ in range(3):
        await press(table, ANA, "turn")
    stamps = table.panel_stamp(0), table.panel_stamp(1)

    first, second = await asyncio.gather(
        table.press(ANA, stamps[1], TopLine(1)),
        table.press(HOST, stamps[0], TopLine(0)),
        return_exceptions=True,
    )

    assert first == [Notice("topped", 1)]
    assert isinstance(second, IllegalAction) and second.detail == DISPLAY_CHANGED
    game = table.require_state().game
    assert game.display == list(parse_cards("R- Y- W-")) and game.restarter == 1
    assert game.cards_left(0) == 15, "the late caller pays nothing"


async def test_a_top_is_one_press_laid_in_the_order_that_tops(registry: TableRegistry) -> None:
    """Finding 4: a top took four round trips (a pick per card, then Top)."""
    table = stacked_table(registry, SEATS, two_players("Wo Ro Yo", "R- Y- W-"))
    for _ in range(3):
        await press(table, HOST, "turn")
    assert await press(table, HOST, "top") == [Notice("topped", 0)]
    assert table.require_state().game.display == list(parse_cards("Ro Yo Wo"))


async def test_a_turn_from_before_an_interrupt_is_made_once_play_restarted_and_refused_with_why_before(
    registry: TableRegistry,
) -> None:
    """Finding 4: a turn pressed from a panel drawn before an interrupt was "that moment has
    passed"; now it waits for nothing but the restart, and says whom play waits for."""
    table = stacked_table(registry, SEATS, two_players("G# B- Bo", "R- Y- W-"))
    await press(table, HOST, "turn")
    before = table.panel_stamp(1)  # ana's panel: play is open
    await press(table, HOST, "toppo")  # a false toppo interrupts: the host restarts

    refused = await refusal(table, ANA, "turn", before)
    assert (refused.reason, refused.detail) == (Reason.NOT_ALLOWED, WAIT_FOR_RESTART)
    await press(table, HOST, "turn")  # the host restarts play
    assert await press(table, ANA, "turn", before) == [], "her turn is still a turn"
    assert table.require_state().game.lines[1] == [parse_cards("R-")[0]]


async def test_two_matches_from_one_panel_both_count(registry: TableRegistry) -> None:
    """Finding 4: every pick rewrote the panel's ids, so a second press 150 ms after the first
    was refused; a match now names its card, wherever the first match moved it."""
    table = stacked_table(registry, SEATS, two_players("Y+ G# R~", "R- Y- W-"))
    for _ in range(3):
        await press(table, HOST, "turn")
    shown = table.panel_stamp(0)
    await press(table, HOST, "match", shown, "Y+")
    await press(table, HOST, "match", shown, "R~")
    assert [str(card) for card in table.require_state().game.lines[0]] == ["G#"]
    assert not any(notice.code == "wrong_match" for notice in table.notices)


async def test_a_press_for_what_changed_is_refused_with_what_changed(registry: TableRegistry) -> None:
    """A top for a display someone covered is too late; a renewal of a line that went under the
    deck, a line changed; a match of a card whose twin was covered, too late; a card no longer
    in the line, the engine's reason."""
    table = stacked_table(registry, SEATS, two_players("Wo B- Yo", "R- Y+ W-"))
    for _ in range(3):
        await press(table, HOST, "turn")
        await press(table, ANA, "turn")
    host = table.panel_stamp(0)
    await press(table, ANA, "top")  # R- Y+ W- tops R~ Y+ Wo: every line goes under its deck

    assert (await refusal(table, HOST, "top", host)).detail == DISPLAY_CHANGED
    assert (await refusal(table, HOST, "renew", host)).detail == LINE_CHANGED
    assert (await refusal(table, HOST, "match", host, "Wo")).detail == DISPLAY_CHANGED
    assert (await refusal(table, HOST, "match", card="Wo")).reason is Reason.LINE_NOT_FULL
    assert (await refusal(table, HOST, "toppo", "0-x-y")).reason is Reason.GAME_OVER
    assert (await refusal(table, HOST, "turn", "old-stamp")).detail == PANEL_OUTDATED


async def test_a_table_resumes_from_its_save_exactly(registry: TableRegistry, store: Store) -> None:
    table = stacked_table(registry, SEATS, two_players("G# B- Bo", "R- Y- W-"))
    for _ in range(3):
        await press(table, HOST, "turn")
    await press(table, HOST, "top")  # G# B- Bo cannot top R~ Y+ Wo: +5
    await table.message.set_message(1234)

    [saved] = await store.load_tables()
    again = load_table(ToppoTable, registry, saved, Shown())

    assert again.to_json() == table.to_json()
    assert again.notices[-1] == Notice("wrong_top", 0, {"cards": 5})
    assert again.message.message_id == 1234 and again.require_state().game == table.require_state().game


async def test_the_registry_resumes_saved_tables_and_their_ai_plays_on(
    store: Store, clock: ManualClock, registry: TableRegistry
) -> None:
    seats = [Seat(HOST, "Host"), Seat(None, "", "hard")]
    table = stacked_table(registry, seats, two_players("G# B- Bo", "R- Y- W-", start=1))
    await store.save_table(table.snapshot())

    resumed_registry = TableRegistry(store, clock)
    loaded: list[ToppoTable] = []

    def load(saved: object) -> ToppoTable:
        table = load_table(ToppoTable, resumed_registry, saved, Shown())
        loaded.append(table)
        return table

    resumed_registry.register_loader("toppo", load)
    assert await resumed_registry.resume_saved() == [] and len(resumed_registry) == 1
    await clock.advance(3, loaded[0].settle)

    game = loaded[0].require_state().game
    assert game.restarter is None and len(game.log) >= 1, "the AI restarter turned its first card"
    await resumed_registry.shutdown()


def test_penalties_become_notices_with_their_cost() -> None:
    card = parse_cards("Bo")[0]
    series = Series(3, 7)  # the series they leave says nothing more of a penalty
    assert notices_for(
        series, [TopFailed(0, (0, 1, 2), (0,)), PenaltyPaid(0, "wrong_top", (), parse_cards("R# Y#"))]
    ) == [Notice("wrong_top", 0, {"cards": 2})]
    assert notices_for(series, [MatchFailed(1, card, 2), PenaltyPaid(1, "wrong_match", (card,), ())]) == [
        Notice("wrong_match", 1, {"card": "Bo", "slot": 2, "cards": 0})
    ]


async def test_ai_moves_are_saved_within_a_second_and_a_persons_move_at_once(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    seats = [Seat(HOST, "Host"), Seat(None, "", "hard")]
    table = stacked_table(registry, seats, two_players("G# B- Bo", "R- Y- W-", start=1))
    await store.save_table(table.snapshot())
    table.resume()

    async def saved_moves() -> int:
        [saved] = await store.load_tables()
        return len(saved.moves)

    await clock.advance(0.6, table.settle)  # the AI restarter turns within 0.5 s
    played = len(table.require_state().game.log)
    assert played >= 1 and await saved_moves() == 0

    await clock.advance(1.0, table.settle)
    assert await saved_moves() >= played

    await press(table, HOST, "turn")
    assert await saved_moves() == len(table.require_state().game.log)
    await table.stop()


async def test_a_lobby_everyone_left_holds_no_slot_and_closes_after_a_minute(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    """Issue 48: it lingered 15 minutes, counting against its host's three open tables."""
    table = open_lobby(registry, Shown())
    table.restart_idle_timer()
    await table.in_lobby(Lobby.leave, HOST)
    assert not table.holds_room
    registry.check_room(1, HOST)  # its host may open another at once
    await clock.advance(EMPTY_LOBBY_IDLE - 1, table.settle)
    await table.in_lobby(Lobby.add_ai, HOST, "easy")  # the host watching AI seats: it waits on
    assert table.holds_room and table.phase is Phase.LOBBY
    await table.in_lobby(Lobby.remove_ai, HOST)
    await clock.advance(EMPTY_LOBBY_IDLE, table.settle)
    assert table.phase is Phase.CLOSED and table.message.nobody_left and not table.message.idle_expired
    assert await store.load_tables() == []
