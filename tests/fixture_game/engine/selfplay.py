"""Tally's self-play: AI games through the shared turn-based match, checking that the total only
grows by a step and ends at 21."""

from engine.selfplay import SelfPlaySpec
from engine.turn_based_match import TurnBasedGame
from tests.fixture_game.engine import GOAL, MAX_PLAYERS, MIN_PLAYERS, STEPS, Add, TallyState, choose, new_game


def check(state: TallyState) -> list[str]:
    """The total is the sum of the steps taken, each of 1 to 3, never past 21; the game is won
    exactly when it reaches 21."""
    steps = [add.amount for add in state.log]
    if any(step not in STEPS for step in steps) or sum(steps) != state.total or state.total > GOAL:
        return [f"the total is {state.total} after the steps {steps}"]
    if (state.winner is not None) != (state.total == GOAL):
        return [f"the total is {state.total} and the winner {state.winner}"]
    return []


TALLY: TurnBasedGame[TallyState, Add] = TurnBasedGame(
    deal=new_game,
    choose=choose,
    to_move=lambda state: state.current,
    over=lambda state: state.winner is not None,
    check=check,
)

SELFPLAY = SelfPlaySpec(
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, new_match=TALLY.match, max_actions_per_game=GOAL
)
