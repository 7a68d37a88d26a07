"""Tally's table: a series of games to 21, played turn by turn (:mod:`tables.turn_by_turn`)."""

from typing import final

from tables.turn_by_turn import TurnByTurn, TurnRules
from tests.fixture_game.engine import CODEC, MAX_PLAYERS, MIN_PLAYERS, Add, TallyState, choose, new_game
from tests.fixture_game.words import notices_for


@final
class TallyTable(TurnByTurn[Add, TallyState]):
    """One table's Tally: its rules; the rest is a turn-by-turn game's."""

    game = "tally"
    seats_allowed = (MIN_PLAYERS, MAX_PLAYERS)
    best_seats = 3
    rules = TurnRules(
        deal=new_game, choose=choose, notices_for=notices_for, codec=CODEC, load=TallyState.from_json
    )
