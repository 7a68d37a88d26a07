"""The Spit and Speed table without Discord: every move on stacked decks, stalemates and spitting,
the slap race, two plays onto one pile at once, the end of a match and the next, stamps that keep
an outdated panel from playing cards its player has not seen, saving and resuming, the lobby's
options, and AI seats playing whole matches on a hand-moved clock."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from data import Store
from engine.errors import IllegalAction, Reason
from engine.spit import (
    Action,
    Card,
    Flip,
    MoveCard,
    PlayCard,
    PlayHand,
    Slap,
    SpeedOptions,
    SpeedState,
    Spit,
    SpitOptions,
    SpitState,
    TurnUp,
)
from engine.spit.centre import PlayRefused, SlapLost, Stage
from tables.errors import Refused
from tables.loading import load_table, open_table
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.spit import CARD_GONE, PANEL_OUTDATED, Shown, SpitTable
from tests.engine.spit import centre, layout, speed_table, spit_table
from tests.tables.manual_clock import ManualClock
from tests.tables.stacked import nothing_to_publish, stacked_spit_table
from words.common import Notice

HOST, ANA, CARLA = 11, 22, 33
PEOPLE = [Seat(HOST, "Host"), Seat(ANA, "Ana")]
SPITS = "Ah 2h 3h 4h 5h 6h 7h 9h Th Jh Qh Kh As 2s 3s 4s"
"""Sixteen spit cards: enough for a layout after a slap still to have some (more than 15 cards)."""


def card(text: str) -> Card:
    return Card.parse(text)


def spit_of(table: SpitTable) -> SpitState:
    match = table.require_state()
    assert isinstance(match, SpitState)
    return match


def speed_of(table: SpitTable) -> SpeedState:
    match = table.require_state()
    assert isinstance(match, SpeedState)
    return match


def action(
    table: SpitTable, user: int, move: str, *, pile: int = 0, target: int = 0, card: Card | None = None
) -> Action:
    """The engine action a panel button ``move`` makes for ``user``'s seat (seat 0 for a stranger)."""
    seat = table.seating.seat_of(user) or 0
    if card is not None:
        return PlayHand(seat, card, target)
    made: dict[str, Action] = {
        "play": PlayCard(seat, pile, target),
        "turn": TurnUp(seat, pile),
        "move": MoveCard(seat, pile, target),
        "spit": Spit(seat, target),
        "slap": Slap(seat, target),
        "flip": Flip(seat),
    }
    return made[move]


Panel = Callable[[Action], str]
"""A panel drawn at some moment: the stamp its button for a move carries."""


def panel(table: SpitTable, seat: int) -> Panel:
    """``seat``'s panel drawn now (kept, it is the panel as it was)."""
    view, number = table.require_state().view(seat), table.match_number
    return lambda move: str(Shown.of(number, view, move))


async def press(
    table: SpitTable, user: int, move: str, *, seen: Panel | None = None, **more: Any
) -> list[Notice]:
    """Press a button of ``user``'s panel as it is now (or as it was: ``seen``, kept)."""
    made = action(table, user, move, **more)
    seen = seen or panel(table, table.seating.seat_of(user) or 0)
    return await table.press(user, seen(made), made)


async def test_every_spit_move_from_the_start_to_a_stalemate_and_the_spit_out_of_it(
    registry: TableRegistry,
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("7h | ?9c Kd | - | 2s 3s", "Qd | Jd", spit=("5c Ks 4h", "8d 9d 4s"))
    )
    with pytest.raises(IllegalAction) as caught:
        await press(table, HOST, "play", pile=0, target=1)
    assert caught.value.reason is Reason.NOT_STARTED, "nobody touches a card before the spit"

    await press(table, HOST, "spit", target=0)
    assert spit_of(table).calls == {0: 0} and centre(spit_of(table)) == " | "
    await press(table, ANA, "spit", target=1)
    assert centre(spit_of(table)) == "5c | 8d"

    await press(table, HOST, "play", pile=0, target=1)  # 7h on 8d
    await press(table, HOST, "turn", pile=1)  # 9c
    await press(table, HOST, "move", pile=3, target=0)  # 2s into the empty first space
    await press(table, HOST, "turn", pile=3)
    await press(table, HOST, "move", pile=1, target=2)
    assert layout(spit_of(table), 0) == "2s | ?Kd | 9c | 3s"
    assert not spit_of(table).stalemate
    with pytest.raises(IllegalAction) as caught:
        await press(table, ANA, "spit", target=1)
    assert caught.value.reason is Reason.NOT_ALLOWED, "no spit while someone can play"

    await press(table, HOST, "turn", pile=1)  # Kd: nobody can play now
    assert spit_of(table).stalemate and centre(spit_of(table)) == "5c | 7h 8d"
    await press(table, ANA, "spit", target=1)
    await press(table, HOST, "spit", target=0)

    assert centre(spit_of(table)) == "Ks 5c | 9d 7h 8d" and not spit_of(table).stalemate
    await press(table, ANA, "play", pile=0, target=0)  # Qd on Ks
    assert centre(spit_of(table)) == "Qd Ks 5c | 9d 7h 8d"
    assert table.phase is Phase.PLAYING and list(table.notices) == [], "plays, turns and calls go unsaid"


async def test_spitting_alone_onto_a_chosen_pile(registry: TableRegistry) -> None:
    table = stacked_spit_table(registry, PEOPLE, spit_table("Kd", "Qd", spit=("5c 6c", ""), centre="2s | 9h"))
    assert spit_of(table).stalemate and spit_of(table).spit_targets(0) == (0, 1)
    with pytest.raises(IllegalAction) as caught:
        await press(table, ANA, "spit", target=1)
    assert caught.value.reason is Reason.NO_SUCH_CARD, "ana has no spit cards to call with"

    await press(table, HOST, "spit", target=1)

    assert centre(spit_of(table)) == "2s | 5c 9h" and spit_of(table).lone_centre == 1


async def test_two_plays_onto_one_pile_at_once_the_first_stands_the_second_keeps_its_card(
    registry: TableRegistry,
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h | 2c 2d", "6c | 3c 3d", spit=("4c", "4d"), centre="7s | Kd")
    )
    panels = panel(table, 0), panel(table, 1)

    first, second = await asyncio.gather(
        press(table, HOST, "play", pile=0, target=0, seen=panels[0]),
        press(table, ANA, "play", pile=0, target=0, seen=panels[1]),
        return_exceptions=True,
    )

    assert first == []
    assert isinstance(second, PlayRefused) and second.reason is Reason.STALE
    assert (second.card, second.centre, second.top, second.late) == (card("6c"), 0, card("8h"), True)
    assert centre(spit_of(table)) == "8h 7s | Kd"
    assert layout(spit_of(table), 1) == "6c | 3c 3d", "ana keeps her card"


async def test_a_card_that_never_fitted_is_refused_as_a_misplay_not_as_too_late(
    registry: TableRegistry,
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h | 2c 2d", "6c | 3c 3d", spit=("4c", "4d"), centre="7s | Kd")
    )

    with pytest.raises(PlayRefused) as caught:
        await press(table, ANA, "play", pile=1, target=1)  # 3c on Kd

    assert caught.value.reason is Reason.NOT_ALLOWED and not caught.value.late
    assert (caught.value.card, caught.value.top) == (card("3c"), card("Kd"))
    assert layout(spit_of(table), 1) == "6c | 3c 3d"


async def test_presses_from_one_panel_all_count_while_their_cards_are_there(registry: TableRegistry) -> None:
    """Finding 4: a play from a panel drawn before the player's own last play was refused as
    "out of date" although its card was still there to play; now each press names its card."""
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h | 6d | Qc", "6c | 3c 3d", spit=("4c", "4d"), centre="7s | Kd")
    )
    old = panel(table, 0)
    await press(table, HOST, "play", pile=0, target=0, seen=old)  # 8h on 7s
    await press(table, HOST, "play", pile=2, target=1, seen=old)  # Qc on Kd, from the same panel
    assert centre(spit_of(table)) == "8h 7s | Qc Kd"
    assert layout(spit_of(table), 0) == "- | 6d"


async def test_a_press_for_a_card_that_is_gone_is_refused_with_why_and_changes_nothing(
    registry: TableRegistry,
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h | 2c 2d", "6c | 3c 3d", spit=("4c", "4d"), centre="7s | Kd")
    )
    old = panel(table, 0)
    await press(table, HOST, "play", pile=0, target=0)
    before = spit_of(table).snapshot()

    with pytest.raises(IllegalAction) as caught:
        await press(table, HOST, "play", pile=0, target=1, seen=old)  # 8h again, a double press
    assert caught.value.reason is Reason.STALE and caught.value.detail == CARD_GONE
    assert spit_of(table).snapshot() == before
    with pytest.raises(IllegalAction) as malformed:
        await table.press(HOST, "not-a-stamp", action(table, HOST, "turn", pile=1))
    assert malformed.value.detail == PANEL_OUTDATED
    with pytest.raises(IllegalAction) as stranger:
        await table.press(CARLA, old(TurnUp(0, 1)), action(table, CARLA, "turn", pile=1))
    assert stranger.value.reason is Reason.NOT_SEATED


async def test_the_slap_race_the_first_slap_takes_its_pile_the_second_is_told_who_won(
    registry: TableRegistry,
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h", "6c | 3c 3d", spit=(SPITS, "4d 5d"), centre="7s | Kd")
    )
    notices = await press(table, HOST, "play", pile=0, target=0)  # host empties his stock
    assert notices == [Notice("emptied_slap", 0)] and spit_of(table).stage is Stage.SLAP
    panels = panel(table, 0), panel(table, 1)

    won, lost = await asyncio.gather(
        press(table, ANA, "slap", target=1, seen=panels[1]),
        press(table, HOST, "slap", target=1, seen=panels[0]),
        return_exceptions=True,
    )

    assert won == [
        Notice("slapped", 1, {"pile": 1}),
        Notice("took", 0, {"pile": 0, "cards": 2}),
        Notice("took", 1, {"pile": 1, "cards": 1}),
        Notice("dealt", None, {"number": 2}),
    ]
    assert isinstance(lost, SlapLost) and (lost.seat, lost.centre) == (1, 1)
    game = spit_of(table)
    assert game.stage is Stage.START and game.layouts_dealt == 2
    assert game.cards_left(0) == 18 and game.cards_left(1) == 6, "each took their pile into a new layout"
    with pytest.raises(IllegalAction) as late:
        await press(table, HOST, "slap", target=0, seen=panels[0])
    assert isinstance(late.value, SlapLost), "a repeated late slap is told the same"


async def test_the_end_of_a_match_is_recorded_once_then_a_rematch_and_the_end_of_the_series(
    registry: TableRegistry, store: Store
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h", "6c | 3c 3d", spit=("", "4d"), centre="7s | Kd")
    )

    notices = await press(table, HOST, "play", pile=0, target=0)

    assert notices == [Notice("won", 0)] and table.phase is Phase.RESULTS and table.wins == [1, 0]
    record = table.result_record()
    assert record.result_key == "spit:5eeded0000:1" and record.game == "spit"
    assert [(seat.user_id, seat.score, seat.rank, seat.won) for seat in record.seats] == [
        (HOST, 0, 1, True),
        (ANA, 4, 2, False),
    ]
    assert record.options == {"piles": 5, "emptier_chooses": False, "alternate_colours": False, "match": 1}
    assert await store.record_game(record) == await store.record_game(table.result_record())
    with pytest.raises(IllegalAction) as over:
        await press(table, ANA, "play", pile=0, target=0)
    assert over.value.reason is Reason.GAME_OVER
    with pytest.raises(IllegalAction) as stranger:
        await table.book.next_game(CARLA, 1)
    assert stranger.value.reason is Reason.NOT_SEATED

    await table.book.next_game(ANA, 1)
    with pytest.raises(IllegalAction) as twice:
        await table.book.next_game(HOST, 1)
    assert twice.value.reason is Reason.STALE, "a second Rematch from the same results does nothing"

    game = spit_of(table)
    assert table.phase is Phase.PLAYING and table.match_number == 2 and game.stage is Stage.START
    assert game.cards_left(0) == game.cards_left(1) == 26, "a full deal with the same options"
    assert table.message.retired_message_id is None and table.message.message_id is None


async def test_ending_the_series_after_a_match_frees_the_channel(
    registry: TableRegistry, store: Store
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h", "6c | 3c 3d", spit=("", "4d"), centre="7s | Kd")
    )
    registry.add(table)
    await press(table, HOST, "play", pile=0, target=0)

    with pytest.raises(IllegalAction) as older:
        await table.book.end_series(ANA, 0)
    assert older.value.reason is Reason.STALE, "a button of an earlier match"
    await table.book.end_series(ANA, 1)
    assert table.phase is Phase.RESULTS, "one of the two people asked: not yet a majority"
    await table.book.end_series(HOST, 1)
    assert table.phase is Phase.AGAIN, "Play again is offered"
    await table.expire()  # nobody pressed it in time

    assert table.phase is Phase.OVER and await store.load_tables() == [] and registry.playing_in(2) is None


async def test_a_table_resumes_from_its_save_exactly_and_plays_on(
    registry: TableRegistry, store: Store
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, spit_table("8h", "6c | 3c 3d", spit=(SPITS, "4d 5d"), centre="7s | Kd")
    )
    await press(table, HOST, "play", pile=0, target=0)
    panels = panel(table, 0), panel(table, 1)
    await press(table, ANA, "slap", target=0, seen=panels[1])
    await table.message.set_message(1234)

    [saved] = await store.load_tables()
    again = load_table(SpitTable, registry, saved, nothing_to_publish)

    assert again.to_json() == table.to_json() and spit_of(again) == spit_of(table)
    assert again.message.message_id == 1234 and list(again.notices) == list(table.notices)
    assert panel(again, 0)(Slap(0, 1)) == panel(table, 0)(Slap(0, 1))
    with pytest.raises(SlapLost):
        await press(again, HOST, "slap", target=1, seen=panels[0])
    await press(again, HOST, "spit", target=0)  # ana has no spit cards left: he spits alone
    game = spit_of(again)
    assert game.stage is Stage.PLAY and len(game.centre[0]) == 1 and not game.centre[1]


async def test_speed_flips_plays_hand_cards_and_a_second_play_on_one_pile_keeps_its_card(
    registry: TableRegistry, store: Store
) -> None:
    table = stacked_spit_table(
        registry, PEOPLE, speed_table("8c 7d", "Ts 6h Jd", stocks=("", ""), middle="9s 5c")
    )
    await press(table, HOST, "flip")
    await press(table, ANA, "flip")
    assert centre(speed_of(table)) == "9s | 5c"
    old, ana = panel(table, 0), panel(table, 1)

    first, second = await asyncio.gather(
        press(table, HOST, "hand", card=card("8c"), target=0, seen=old),
        press(table, ANA, "hand", card=card("Ts"), target=0, seen=ana),
        return_exceptions=True,
    )

    assert first == [] and isinstance(second, PlayRefused) and second.late
    assert speed_of(table).hands[1] == [card("Ts"), card("6h"), card("Jd")]
    with pytest.raises(IllegalAction) as gone:
        await press(table, HOST, "hand", card=card("8c"), target=0, seen=old)
    assert gone.value.reason is Reason.NO_SUCH_CARD, "played already: no longer in his hand"
    await press(table, ANA, "hand", card=card("6h"), target=1)

    notices = await press(table, HOST, "hand", card=card("7d"), target=1)  # his last card, on 6h

    assert notices == [Notice("won", 0)], "a match of one deal: no points to say"
    record = table.result_record()
    assert record.game == "speed" and record.result_key == "spit:5eeded0000:1"
    assert record.options == {"side_pile": 10, "target": None, "match": 1}
    [saved] = await store.load_tables()
    assert load_table(SpitTable, registry, saved, nothing_to_publish).to_json() == table.to_json()


async def test_the_host_chooses_the_variant_and_its_options_in_the_lobby(registry: TableRegistry) -> None:
    table = open_table(
        SpitTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    await table.in_lobby(Lobby.join, ANA, "Ana")
    await table.in_lobby(Lobby.choose, HOST, "variant", "speed", table.lobby_choices)
    await table.in_lobby(Lobby.choose, HOST, "target", "20", table.lobby_choices)
    await table.in_lobby(Lobby.choose, HOST, "side", "5", table.lobby_choices)
    with pytest.raises(Refused, match="host_only"):
        await table.in_lobby(Lobby.choose, ANA, "variant", "spit", table.lobby_choices)
    for name, value in [("target", "7"), ("colour", "yes")]:
        with pytest.raises(IllegalAction) as caught:
            await table.in_lobby(Lobby.choose, HOST, name, value, table.lobby_choices)
        assert caught.value.reason is Reason.BAD_OPTION
    assert table.option("variant") == "speed" and table.option("piles") == "5"

    await table.start(HOST)

    game = speed_of(table)
    assert game.options == SpeedOptions(side_pile=5, target=20) and game.stage is Stage.START
    assert len(game.stocks[0]) == 15, "side piles of 5 leave 20 cards each"
    with pytest.raises(IllegalAction) as started:
        await table.in_lobby(Lobby.choose, HOST, "variant", "spit", table.lobby_choices)
    assert started.value.reason is Reason.STALE


async def test_the_spit_options_reach_the_game(registry: TableRegistry) -> None:
    table = open_table(
        SpitTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    await table.in_lobby(Lobby.add_ai, HOST, "easy")
    for name, value in [("piles", "4"), ("emptier", "yes"), ("colours", "yes")]:
        await table.in_lobby(Lobby.choose, HOST, name, value, table.lobby_choices)
    await table.start(HOST)
    assert spit_of(table).options == SpitOptions(piles=4, emptier_chooses=True, alternate_colours=True)
    assert table.variant == "spit"
    await table.stop()


@pytest.mark.parametrize("variant", ["spit", "speed"])
async def test_two_ai_seats_play_a_whole_match_on_their_own_and_it_is_recorded_once(
    registry: TableRegistry, clock: ManualClock, store: Store, variant: str
) -> None:
    table = open_table(
        SpitTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    await table.in_lobby(Lobby.choose, HOST, "variant", variant, table.lobby_choices)
    await table.in_lobby(Lobby.leave, HOST)  # the host watches
    await table.in_lobby(Lobby.add_ai, HOST, "hard")
    await table.in_lobby(Lobby.add_ai, HOST, "normal")
    await table.start(HOST)

    for _ in range(3000):
        await clock.advance(2, table.settle)
        if table.phase is not Phase.PLAYING:
            break

    assert table.phase is Phase.RESULTS and sum(table.wins) == 1
    match = table.require_state()
    assert match.outcome is not None and len(match.log) > 10
    await clock.advance(2, table.settle)
    record = table.result_record()
    assert record.game == variant and record.has_ai
    assert await store.record_game(record) == await store.record_game(table.result_record())
    assert clock.pending <= 2, "between matches only the idle timer (and a save) wait; the AI seats rest"
    await table.stop()


async def test_an_ai_seat_answers_a_human_and_its_moves_are_saved_within_a_second(
    registry: TableRegistry, clock: ManualClock, store: Store
) -> None:
    seats = [Seat(HOST, "Host"), Seat(None, "", "hard")]
    table = stacked_spit_table(
        registry, seats, spit_table("7h | ?9c Kd | - | 2s 3s", "Qd | Jd", spit=("5c 6c", "8d 9d"))
    )
    await store.save_table(table.snapshot())
    table.resume()

    async def saved_moves() -> int:
        [saved] = await store.load_tables()
        return len(saved.moves)

    await clock.advance(0.8, table.settle)  # a hard AI calls spit within 0.7 s
    assert spit_of(table).calls == {1: 1} and await saved_moves() == 0
    await clock.advance(1.0, table.settle)
    assert await saved_moves() == 1

    await press(table, HOST, "spit", target=0)
    assert await saved_moves() == 2 and centre(spit_of(table)) == "5c | 8d"
    await table.stop()
