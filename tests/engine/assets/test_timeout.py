"""What a table applies for a seat whose time ran out (``timeout_action``): the rules leave the
clock to the table, the engine says what a sensible absent player does."""

from engine.assets.actions import Deal, GiveUp
from engine.assets.state import Stage
from tests.engine.assets import challenge, discard, pair, table


def test_timeout_on_a_turn_discards_the_least_useful_card() -> None:
    game = table("GO PB PB HM", "JW JW")
    assert game.timeout_action(0) == discard(0, "HM")
    assert game.timeout_action(1) is None


def test_timeout_on_a_turn_with_only_wilds_discards_the_cheaper() -> None:
    assert table("GO SI", "JW").timeout_action(0) == discard(0, "SI")


def test_timeout_in_a_challenge_gives_up_for_the_seat_that_must_answer() -> None:
    game = table("HM GO", "HM", stacks=["PB PB", "BA BA / HM SI"])
    game.apply(challenge(0, 1, "GO"))
    assert (game.timeout_action(0), game.timeout_action(1)) == (None, GiveUp(1))
    game.apply(GiveUp(1))
    assert game.stage is Stage.TURN


def test_timeout_between_rounds_deals_for_the_next_dealer() -> None:
    game = table("PB PB", "BC")
    game.apply(pair(0, "PB PB"))
    game.apply(discard(1, "BC"))
    assert (game.timeout_action(0), game.timeout_action(1)) == (Deal(0), None)


def test_timeout_actions_are_always_legal_and_finish_a_game() -> None:
    game = table("PB PB BC", "JW SI", stacks=["HM HM", "CA CA / ST GO"], draw="CC CC BA", totals=(990_000, 0))
    while game.outcome is None:
        seat = game.to_act()
        assert seat is not None
        action = game.timeout_action(seat)
        assert action in game.legal_actions(seat)
        game.apply(action)
    assert game.timeout_action(0) is None
