"""The lobby's seats and who may change them."""

import pytest

from engine.errors import IllegalAction, Reason
from tables.errors import Refusal, Refused
from tables.lobby import Lobby, Seat, seat_of

HOST, ANA, BEA = 1, 2, 3


def refused(refusal: Refusal) -> pytest.RaisesExc[Refused]:
    return pytest.raises(Refused, match=f"^{refusal.value}$")


def test_seats_keep_their_order_and_one_seat_per_person() -> None:
    lobby = Lobby(HOST, 2, 8)
    lobby.join(HOST, "host")
    lobby.add_ai(HOST, "hard")
    lobby.join(ANA, "ana")
    assert lobby.seats == [Seat(HOST, "host"), Seat(None, "", "hard"), Seat(ANA, "ana")]
    assert seat_of(lobby.seats, ANA) == 2 and seat_of(lobby.seats, BEA) is None
    with refused(Refusal.ALREADY_SEATED):
        lobby.join(ANA, "ana")


def test_only_the_host_manages_ai_seats_and_starts() -> None:
    lobby = Lobby(HOST, 2, 8, [Seat(HOST, "host"), Seat(ANA, "ana")])
    with refused(Refusal.HOST_ONLY):
        lobby.add_ai(ANA, "easy")
    with refused(Refusal.HOST_ONLY):
        lobby.check_start(ANA)
    with refused(Refusal.NO_AI):
        lobby.remove_ai(HOST)
    lobby.add_ai(HOST, "easy")
    lobby.add_ai(HOST, "hard")
    lobby.remove_ai(HOST)
    assert [seat.ai_level for seat in lobby.seats] == [None, None, "easy"]
    lobby.check_start(HOST)


def test_a_full_table_and_too_few_seats_are_refused() -> None:
    lobby = Lobby(HOST, 2, 3, [Seat(HOST, "host")])
    with refused(Refusal.TOO_FEW):
        lobby.check_start(HOST)
    lobby.join(ANA, "ana")
    lobby.join(BEA, "bea")
    with refused(Refusal.TABLE_FULL):
        lobby.add_ai(HOST, "easy")


def test_leaving_frees_the_seat_and_the_host_stays_host() -> None:
    lobby = Lobby(HOST, 2, 8, [Seat(HOST, "host"), Seat(ANA, "ana")])
    lobby.leave(HOST)
    assert lobby.seats == [Seat(ANA, "ana")]
    lobby.add_ai(HOST, "normal")  # the host of a table of AI seats watches it
    with pytest.raises(IllegalAction) as caught:
        lobby.leave(BEA)
    assert caught.value.reason is Reason.NOT_SEATED


def test_the_host_chooses_the_games_options_among_their_values() -> None:
    choices = {"variant": ("spit", "speed"), "piles": ("5", "4")}
    lobby = Lobby(HOST, 2, 2, [Seat(HOST, "host"), Seat(ANA, "ana")])
    assert lobby.option("variant", choices) == "spit", "an option not chosen has its default"
    lobby.choose(HOST, "variant", "speed", choices)
    with refused(Refusal.HOST_ONLY):
        lobby.choose(ANA, "piles", "4", choices)
    for name, value in [("piles", "3"), ("colours", "yes")]:
        with pytest.raises(IllegalAction) as caught:
            lobby.choose(HOST, name, value, choices)
        assert caught.value.reason is Reason.BAD_OPTION
    assert lobby.options == {"variant": "speed"}


def test_a_lobby_survives_its_json() -> None:
    lobby = Lobby(HOST, 2, 8, [Seat(HOST, "host"), Seat(None, "", "hard")], {"variant": "speed"})
    again = Lobby.from_json(lobby.to_json())
    assert (again.host_id, again.min_seats, again.max_seats, again.seats) == (HOST, 2, 8, lobby.seats)
    assert again.options == {"variant": "speed"}
    saved_before_options = {key: value for key, value in lobby.to_json().items() if key != "options"}
    assert Lobby.from_json(saved_before_options).options == {}
