"""Spit and its Speed variant (docs/rules.md §3): real-time card games for 2 players.

- :mod:`~engine.spit.cards`: ranks, suits, the rank rule and the notation (``"7h 8c Ks"``);
- :mod:`~engine.spit.layout`: a Spit player's stock piles and how they are laid;
- :mod:`~engine.spit.actions` and :mod:`~engine.spit.events`: what players do, what happened;
- :mod:`~engine.spit.centre`: what both games share (seats, centre piles, stages);
- :mod:`~engine.spit.state`: one game of Spit (``new_game``, ``apply``, ``legal_actions``,
  ``view``, ``stalemate``);
- :mod:`~engine.spit.speed`: one game of Speed, the same contract;
- :mod:`~engine.spit.ai`: AI players for both at three levels;
- :mod:`~engine.spit.selfplay`: invariants and the self-play match (``--variant speed``).
"""

from collections.abc import Mapping
from typing import Any

from engine.ai import Level
from engine.contract import Choose, GameState
from engine.spit.actions import (
    Action,
    Flip,
    MoveCard,
    PlayCard,
    PlayHand,
    Slap,
    SpeedAction,
    Spit,
    SpitAction,
    TurnUp,
    action_from_json,
    action_to_json,
)
from engine.spit.ai import Choice, choose
from engine.spit.cards import Card, Rank, Suit, fits, make_deck, notation, parse_cards
from engine.spit.centre import Stage
from engine.spit.events import Event, SpeedEvent, SpitEvent
from engine.spit.layout import StockPile, layout_notation, parse_layout
from engine.spit.speed import SpeedOptions, SpeedOutcome, SpeedPosition, SpeedState, SpeedView
from engine.spit.speed import new_game as new_speed_game
from engine.spit.state import Outcome, PileView, Position, SpitOptions, SpitState, SpitView, new_game

CONTRACT: type[GameState[SpitAction, SpitEvent]] = SpitState
"""The class that plays Spit, held to the engine contract by mypy."""
SPEED_CONTRACT: type[GameState[SpeedAction, SpeedEvent]] = SpeedState
"""The class that plays Speed, held to the same contract."""
AI_CONTRACT: Choose[SpitState | SpeedState, Action] = choose
"""The AI of both, held to the contract's :data:`~engine.contract.Choose`."""

__all__ = [
    "Action",
    "Card",
    "Choice",
    "Event",
    "Flip",
    "Level",
    "MoveCard",
    "Outcome",
    "PileView",
    "PlayCard",
    "PlayHand",
    "Position",
    "Rank",
    "Slap",
    "SpeedAction",
    "SpeedEvent",
    "SpeedOptions",
    "SpeedOutcome",
    "SpeedPosition",
    "SpeedState",
    "SpeedView",
    "Spit",
    "SpitAction",
    "SpitEvent",
    "SpitOptions",
    "SpitState",
    "SpitView",
    "Stage",
    "StockPile",
    "Suit",
    "TurnUp",
    "action_from_json",
    "action_to_json",
    "choose",
    "fits",
    "layout_notation",
    "load_game",
    "make_deck",
    "new_game",
    "new_speed_game",
    "notation",
    "parse_cards",
    "parse_layout",
]


def load_game(data: Mapping[str, Any]) -> SpitState | SpeedState:
    """A saved engine game of either variant (its ``game`` field says which)."""
    if data.get("game") == "speed":
        return SpeedState.from_json(data)
    return SpitState.from_json(data)
