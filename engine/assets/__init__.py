"""Cover Your Assets (docs/rules.md §2): a turn-based card game for 2 to 6 players.

- :mod:`~engine.assets.cards`: the twelve kinds of card, their notation (``"PB PB GO"``) and the
  pairing rules;
- :mod:`~engine.assets.sets`: sets and stacks (``"PB PB / HM SI"``, bottom set first);
- :mod:`~engine.assets.actions` and :mod:`~engine.assets.events`: what players do, what happened;
- :mod:`~engine.assets.state`: a game of rounds to the goal (``new_game``, ``apply``,
  ``legal_actions``, ``timeout_action``, ``view``, ``to_json``/``from_json``);
- :mod:`~engine.assets.ai`: AI players at three levels;
- :mod:`~engine.assets.selfplay`: invariants and the self-play match.
"""

from engine.ai import Level
from engine.assets.actions import (
    Action,
    Answer,
    Challenge,
    Deal,
    Discard,
    GiveUp,
    PairFromHand,
    PairWithDiscard,
    action_from_json,
    action_to_json,
)
from engine.assets.ai import Choice, choose
from engine.assets.cards import Asset, make_deck, notation, parse_cards
from engine.assets.events import Event
from engine.assets.sets import AssetSet, parse_stack, stack_notation
from engine.assets.state import (
    GOAL,
    AssetsOptions,
    AssetsState,
    AssetsView,
    Duel,
    Outcome,
    Position,
    StackView,
    Stage,
    new_game,
)
from engine.contract import Choose, TurnBasedState

CONTRACT: type[TurnBasedState[Action, Event]] = AssetsState
"""The class that plays Cover Your Assets, held to the engine contract by mypy."""
AI_CONTRACT: Choose[AssetsState, Action] = choose
"""Its AI, held to the contract's :data:`~engine.contract.Choose`."""

__all__ = [
    "GOAL",
    "Action",
    "Answer",
    "Asset",
    "AssetSet",
    "AssetsOptions",
    "AssetsState",
    "AssetsView",
    "Challenge",
    "Choice",
    "Deal",
    "Discard",
    "Duel",
    "Event",
    "GiveUp",
    "Level",
    "Outcome",
    "PairFromHand",
    "PairWithDiscard",
    "Position",
    "StackView",
    "Stage",
    "action_from_json",
    "action_to_json",
    "choose",
    "make_deck",
    "new_game",
    "notation",
    "parse_cards",
    "parse_stack",
    "stack_notation",
]
