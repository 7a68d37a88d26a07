"""The Cover Your Assets table without Discord: moves from panels and their stamps, every way a
challenge ends, turn timers on a hand-moved clock, rounds recorded once, the next round, the end
of the match, AI seats, and a restart in the middle of a challenge."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from data import Store
from engine.assets.actions import Action, Deal, GiveUp
from engine.assets.state import AssetsState, Stage, new_game
from engine.errors import IllegalAction, Reason
from tables.assets import AssetsTable
from tables.loading import load_table, open_table
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tests.engine.assets import answer, challenge, discard, hand, pair, stack, table, with_discard
from tests.tables.manual_clock import ManualClock
from tests.tables.stacked import nothing_to_publish, seated_table, stacked_assets_table
from words.common import Notice

HOST, ANA = 11, 22
SEATS = [Seat(HOST, "Host"), Seat(ANA, "Ana")]
FILLER = "CM " * 10
"""Ten cards to draw from, so hands refill and the round goes on."""


def playing(registry: TableRegistry, state: AssetsState, seats: list[Seat] = SEATS) -> AssetsTable:
    """A table playing ``state``, its clocks started as after loading."""
    assets = stacked_assets_table(registry, seats, state)
    assets.resume()
    return assets


async def play(assets: AssetsTable, user: int, action: Action, stamp: str | None = None) -> list[Notice]:
    """A move from a panel drawn now (or at ``stamp``)."""
    return await assets.press(user, assets.panel_stamp() if stamp is None else stamp, action)


def duel_position() -> AssetsState:
    """Host (one set) may challenge Ana's top set, a Home pair over her safe first set."""
    return table(
        "HM SI GO CC CC",
        "HM SI ST ST ST",
        draw=FILLER,
        discard="JW",
        stacks=["PB PB", "BA BA / HM HM"],
    )


# -- the four moves ----------------------------------------------------------------------------------


async def test_pairs_from_hand_and_with_the_discard_go_on_the_stack_and_hands_refill(
    registry: TableRegistry,
) -> None:
    assets = playing(registry, table("PB PB HM CC BA", "HM JW ST BA BC", draw=FILLER, discard="HM"))

    host = await play(assets, HOST, pair(0, "PB PB"))
    ana = await play(assets, ANA, with_discard(1, "HM"))

    assert host == [Notice("paired", 0, {"asset": "PB", "cards": "PB PB", "value": 10_000})]
    assert ana == [Notice("paired_discard", 1, {"asset": "HM", "cards": "HM HM", "value": 40_000})]
    state = assets.require_state()
    assert stack(state, 0) == "PB PB" and stack(state, 1) == "HM HM"
    assert hand(state, 0) == "CM CM BA CC HM" and len(state.hands[1]) == 5
    assert len(state.discard) == 0
    assert list(assets.notices) == host + ana


async def test_a_discard_goes_on_the_discard_pile(registry: TableRegistry) -> None:
    assets = playing(registry, table("PB HM CC BA ST", "HM JW ST BA BC", draw=FILLER, discard="HM"))

    notices = await play(assets, HOST, discard(0, "CC"))

    assert notices == [Notice("discarded", 0, {"card": "CC"})]
    assert assets.require_state().discard.top.code == "CC"
    assert assets.require_state().to_act() == 1


# -- challenges ----------------------------------------------------------------------------------------


async def test_a_challenge_calls_out_the_defender_and_a_defence_with_the_asset_keeps_the_set(
    registry: TableRegistry,
) -> None:
    assets = playing(registry, duel_position())

    said = await play(assets, HOST, challenge(0, 1, "HM"))
    assert said == [Notice("challenged", 0, {"target": 1, "card": "HM", "asset": "HM", "value": 40_000})]
    assert assets.message.take_callouts() == [Notice("answer", 1, {"other": 0, "card": "HM", "asset": "HM"})]
    await play(assets, ANA, answer(1, "HM"))
    assert assets.message.take_callouts() == [Notice("answer", 0, {"other": 1, "card": "HM", "asset": "HM"})]
    said = await play(assets, HOST, GiveUp(0))

    assert said == [Notice("defended", 1, {"other": 0, "asset": "HM", "count": 4, "value": 80_000})]
    state = assets.require_state()
    assert stack(state, 1) == "BA BA / HM HM HM HM" and stack(state, 0) == "PB PB"
    assert state.stage is Stage.TURN and state.to_act() == 1


async def test_a_defender_who_gives_up_loses_the_set_to_the_challenger(registry: TableRegistry) -> None:
    assets = playing(registry, duel_position())
    await play(assets, HOST, challenge(0, 1, "SI"))

    said = await play(assets, ANA, GiveUp(1))

    assert said == [Notice("stolen", 0, {"other": 1, "asset": "HM", "count": 3, "value": 65_000})]
    state = assets.require_state()
    assert stack(state, 0) == "PB PB / HM HM SI" and stack(state, 1) == "BA BA"


async def test_wilds_go_back_and_forth_and_a_side_with_no_answer_left_gives_up_at_once(
    registry: TableRegistry,
) -> None:
    assets = playing(registry, duel_position())
    await play(assets, HOST, challenge(0, 1, "GO"))
    await play(assets, ANA, answer(1, "SI"))
    await play(assets, HOST, answer(0, "HM"))
    await play(assets, ANA, answer(1, "HM"))

    said = await play(assets, HOST, answer(0, "SI"))  # Ana holds only Stocks now

    assert said == [
        Notice("answered", 0, {"card": "SI"}),
        Notice("no_answer", 1, {"asset": "HM"}),
        Notice("stolen", 0, {"other": 1, "asset": "HM", "count": 7, "value": 180_000}),
    ]
    assert assets.message.take_callouts()[-1] == Notice(
        "answer", 0, {"other": 1, "card": "HM", "asset": "HM"}
    )
    assert stack(assets.require_state(), 0) == "PB PB / HM HM GO SI HM HM SI"


# -- panels out of date and impossible moves ---------------------------------------------------------


async def test_moves_from_an_outdated_panel_or_impossible_moves_are_refused_and_change_nothing(
    registry: TableRegistry,
) -> None:
    assets = playing(
        registry, table("PB HM CC BA ST", "HM JW ST ST BC", draw=FILLER, stacks=["JW JW", "CC CC"])
    )
    before = assets.panel_stamp()
    await play(assets, HOST, discard(0, "CC"))
    saved = assets.require_state().snapshot()

    cases: list[tuple[int, Action, str, Reason]] = [
        (HOST, discard(0, "PB"), before, Reason.NOT_YOUR_TURN),  # Host's old panel, Ana's turn
        (ANA, discard(1, "ST"), before, Reason.STALE),  # legal, but Ana has not seen the discard
        (ANA, discard(1, "GO"), assets.panel_stamp(), Reason.NO_SUCH_CARD),
        (ANA, challenge(1, 0, "JW"), assets.panel_stamp(), Reason.BAD_TARGET),  # a first set is safe
        (33, discard(1, "ST"), assets.panel_stamp(), Reason.NOT_SEATED),
        (HOST, discard(1, "ST"), assets.panel_stamp(), Reason.NOT_SEATED),  # a move for another seat
    ]
    for user, action, stamp, reason in cases:
        with pytest.raises(IllegalAction) as refused:
            await play(assets, user, action, stamp)
        assert refused.value.reason is reason, action

    assert assets.require_state().snapshot() == saved


# -- turn timers ---------------------------------------------------------------------------------------


async def test_a_slow_player_is_called_out_then_their_least_useful_card_is_discarded(
    registry: TableRegistry, clock: ManualClock
) -> None:
    assets = playing(registry, table("PB HM GO ST ST", "HM JW ST BA BC", draw=FILLER, discard="JW"))

    await clock.advance(59, assets.settle)
    assert assets.message.take_callouts() == []
    await clock.advance(1, assets.settle)
    assert assets.message.take_callouts() == [Notice("warn_turn", 0, {"seconds": 30})]
    assert len(assets.require_state().log) == 0
    await clock.advance(30, assets.settle)

    assert list(assets.notices) == [Notice("timed_out", 0), Notice("discarded", 0, {"card": "PB"})]
    assert assets.require_state().to_act() == 1
    await clock.advance(89, assets.settle)
    assert assets.require_state().to_act() == 1, "Ana's time started when her turn did"


async def test_a_move_in_time_starts_the_next_players_time_afresh(
    registry: TableRegistry, clock: ManualClock
) -> None:
    assets = playing(registry, table("PB HM GO ST ST", "HM JW ST BA BC", draw=FILLER, discard="JW"))
    await clock.advance(80, assets.settle)
    assets.message.take_callouts()
    await play(assets, HOST, discard(0, "ST"))

    await clock.advance(80, assets.settle)

    assert assets.message.take_callouts() == [Notice("warn_turn", 1, {"seconds": 30})]
    assert assets.require_state().to_act() == 1 and len(assets.require_state().log) == 1


async def test_an_unanswered_challenge_is_given_up_when_the_time_is_up(
    registry: TableRegistry, clock: ManualClock
) -> None:
    assets = playing(registry, duel_position())
    await play(assets, HOST, challenge(0, 1, "SI"))
    assets.message.take_callouts()

    await clock.advance(60, assets.settle)
    assert assets.message.take_callouts() == [Notice("warn_answer", 1, {"seconds": 30})]
    await clock.advance(30, assets.settle)

    assert list(assets.notices)[-2:] == [
        Notice("timed_out", 1),
        Notice("stolen", 0, {"other": 1, "asset": "HM", "count": 3, "value": 65_000}),
    ]


async def test_an_ai_seat_is_not_timed_but_moves_after_a_pause(
    registry: TableRegistry, clock: ManualClock
) -> None:
    seats = [Seat(HOST, "Host"), Seat(None, "", "hard")]
    assets = playing(registry, table("PB HM GO ST ST", "HM JW ST BA BC", draw=FILLER, discard="JW"), seats)
    await play(assets, HOST, discard(0, "PB"))

    await clock.advance(0.7, assets.settle)
    assert assets.require_state().to_act() == 1, "a hard AI thinks at least 0.8 s"
    await clock.advance(1.2, assets.settle)

    assert assets.require_state().to_act() == 0 and assets.message.take_callouts() == []


# -- rounds and the match ------------------------------------------------------------------------------


def last_round(totals: tuple[int, int] = (0, 0)) -> AssetsState:
    """Host pairs his last two cards, then Ana discards her last: the round is over."""
    return table("PB PB", "HM", totals=totals)


async def end_round(assets: AssetsTable) -> None:
    await play(assets, HOST, pair(0, "PB PB"))
    await play(assets, ANA, discard(1, "HM"))


async def test_a_round_is_a_chapter_of_the_match_and_the_next_is_dealt_on_request_by_the_next_dealer(
    registry: TableRegistry, store: Store, clock: ManualClock
) -> None:
    assets = playing(registry, last_round())
    await assets.message.set_message(500)
    await end_round(assets)

    assert assets.phase is Phase.RESULTS
    assert assets.notices[-1] == Notice("round_over", None, {"number": 1})
    assert assets.pending_record() is None and assets.book.last_result is None, "a round is not rated alone"
    await clock.advance(30, assets.settle)
    await assets.message.set_message(501)
    assert (await store.player_totals(HOST, "assets")).games == 0

    with pytest.raises(IllegalAction):
        await assets.book.next_game(33, 1)  # not seated
    notices = await assets.book.next_game(ANA, 1)

    state = assets.require_state()
    assert notices == [Notice("dealt", 0, {"number": 2})]
    assert assets.phase is Phase.PLAYING and state.round_number == 2 and state.dealer == 0
    assert assets.message.retired_message_id == 501 and assets.message.message_id is None
    with pytest.raises(IllegalAction) as stale:
        await assets.book.next_game(HOST, 1)
    assert stale.value.reason is Reason.STALE
    assert assets.steps.first_move == 0, "the match's replay begins with its first round"


async def test_the_next_round_comes_by_itself_after_the_turn_time(
    registry: TableRegistry, clock: ManualClock
) -> None:
    assets = playing(registry, last_round())
    await end_round(assets)

    await clock.advance(89, assets.settle)
    assert assets.phase is Phase.RESULTS and assets.message.take_callouts() == [], (
        "no call out between rounds"
    )
    await clock.advance(1, assets.settle)

    assert assets.phase is Phase.PLAYING and assets.require_state().round_number == 2
    assert assets.require_state().log[-1] == Deal(0)


async def test_reaching_the_goal_records_the_match_with_the_winner_and_ends_the_table(
    registry: TableRegistry, store: Store
) -> None:
    assets = playing(registry, last_round(totals=(995_000, 0)))
    registry.add(assets)

    await end_round(assets)

    assert assets.phase is Phase.AGAIN and assets.notices[-1] == Notice("won", 0, {"total": 1_005_000})
    record = assets.result_record()
    assert record.result_key == "assets:5eeded0000:match1"
    assert [(seat.score, seat.rank, seat.won) for seat in record.seats] == [
        (1_005_000, 1, True),
        (0, 2, False),
    ]
    assert record.options == {"rounds": [[10_000, 0]], "goal": 1_000_000, "totals": [1_005_000, 0]}
    host = await store.player_totals(HOST, "assets")
    assert (host.games, host.wins, host.score) == (1, 1, 1_005_000)
    with pytest.raises(IllegalAction):
        await assets.book.next_game(HOST, 1)
    await assets.expire()  # Play again's time is up, nobody pressed it
    assert await store.load_tables() == [] and registry.playing_in(2) is None


async def test_the_match_may_end_between_rounds(registry: TableRegistry, store: Store) -> None:
    assets = playing(registry, last_round())
    await end_round(assets)

    await assets.book.end_series(ANA, 1)
    assert assets.phase is Phase.RESULTS, "one of the two people asked: not yet a majority"
    await assets.book.end_series(ANA, 1)
    assert assets.phase is Phase.RESULTS, "asking twice is one voice"
    await assets.book.end_series(HOST, 1)
    assert assets.phase is Phase.AGAIN, "Play again is offered"
    await assets.expire()  # nobody pressed it in time

    assert assets.phase is Phase.OVER and await store.load_tables() == []
    ana = await store.player_totals(ANA, "assets")
    assert (ana.games, ana.wins) == (1, 0), "a match ended early is recorded as it stood, with no winner"


def recorded(database: Path) -> list[tuple[str, str]]:
    """Every recorded game's result key and options, in the order they were written."""
    with sqlite3.connect(database) as conn:
        return conn.execute("SELECT result_key, options FROM games ORDER BY id").fetchall()


async def test_ai_seats_play_a_whole_match_on_their_own_and_it_is_recorded_once(
    registry: TableRegistry, clock: ManualClock, store: Store, tmp_path: Path
) -> None:
    seats = [Seat(None, "", level) for level in ("easy", "normal", "hard")]
    assets = seated_table(AssetsTable, registry, seats, host_id=HOST)
    assets.begin(new_game(3, seed=5))
    registry.add(assets)
    assets.resume()

    for _ in range(3000):
        await clock.advance(5, assets.settle)
        if assets.finished:
            break

    state = assets.require_state()
    assert assets.phase is Phase.OVER and state.outcome is not None
    assert max(state.totals) >= 1_000_000 and len(state.rounds) >= 2
    assert await store.load_tables() == []
    assert len(state.all_cards()) == 110
    [(key, options)] = recorded(tmp_path / "db.sqlite3")
    assert key == "assets:5eeded0000:match1"
    assert json.loads(options)["totals"] == list(state.totals)
    assert len(json.loads(options)["rounds"]) == len(state.rounds)


async def test_the_lobby_deals_a_match_for_its_seats(registry: TableRegistry) -> None:
    assets = open_table(
        AssetsTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="H",
    )
    await assets.in_lobby(Lobby.add_ai, HOST, "easy")
    await assets.in_lobby(Lobby.join, ANA, "Ana")

    await assets.start(HOST)

    state = assets.require_state()
    assert assets.phase is Phase.PLAYING and state.players == 3 and state.goal == 1_000_000
    assert [len(cards) for cards in state.hands] == [5, 5, 5]


# -- saving ----------------------------------------------------------------------------------------------


async def test_a_restart_in_the_middle_of_a_challenge_continues_it(
    registry: TableRegistry, store: Store, clock: ManualClock
) -> None:
    assets = playing(registry, duel_position())
    await play(assets, HOST, discard(0, "CC"))
    await play(assets, ANA, discard(1, "ST"))
    await play(assets, HOST, challenge(0, 1, "GO"))
    await assets.message.set_message(1234)
    await assets.stop()

    [saved] = await store.load_tables()
    again = load_table(AssetsTable, registry, saved, nothing_to_publish)
    again.resume()

    assert again.to_json() == assets.to_json()
    assert again.require_state() == assets.require_state() and again.message.message_id == 1234
    assert again.notices[-1] == Notice(
        "challenged", 0, {"target": 1, "card": "GO", "asset": "HM", "value": 40_000}
    )
    said = await play(again, ANA, answer(1, "SI"))
    assert said == [Notice("answered", 1, {"card": "SI"})]
    await clock.advance(90, again.settle)
    assert again.require_state().stage is Stage.TURN, "the challenger's time ran out: he gave up"
    assert stack(again.require_state(), 1) == "BA BA / HM HM GO SI"


async def test_a_leagues_turn_time_holds_and_survives_a_restart(
    registry: TableRegistry, store: Store, clock: ManualClock
) -> None:
    assets = playing(registry, duel_position())
    assets.waits.timer.set_seconds(30)
    await assets.message.set_message(1)
    await assets.stop()

    [saved] = await store.load_tables()
    again = load_table(AssetsTable, registry, saved, nothing_to_publish)
    again.resume()
    await clock.advance(20, again.settle)

    assert again.message.take_callouts() == [Notice("warn_turn", 0, {"seconds": 10})]
    await again.stop()
