"""Toppo (docs/rules.md §1): a real-time card game for 2 to 8 players.

- :mod:`~engine.toppo.cards`: colours, symbols, cards and their notation (``"R~ Y+ Wo"``);
- :mod:`~engine.toppo.actions` and :mod:`~engine.toppo.events`: what players do, what happened;
- :mod:`~engine.toppo.state`: one game (``new_game``, ``apply``, ``legal_actions``, ``view``);
- :mod:`~engine.toppo.series`: games in a row with running totals;
- :mod:`~engine.toppo.ai`: AI players at three levels;
- :mod:`~engine.toppo.selfplay`: invariants and the self-play match.
"""

from engine.ai import Level
from engine.contract import Choose, GameState
from engine.toppo.actions import (
    Action,
    CallTop,
    CallToppo,
    ChooseDisplaySize,
    Match,
    Renew,
    SeriesAction,
    TurnCard,
    VoteReplace,
    action_from_json,
    action_to_json,
)
from engine.toppo.ai import Choice, choose, choose_in_series
from engine.toppo.cards import Card, Colour, Symbol, make_deck, notation, parse_cards
from engine.toppo.events import Event, Penalty
from engine.toppo.series import GameRecord, Series, SeriesView
from engine.toppo.state import Outcome, Position, ToppoOptions, ToppoState, ToppoView, new_game

CONTRACT: type[GameState[SeriesAction, Event]] = Series
"""The class a Toppo table plays, held to the engine contract by mypy: a series (it has no
outcome of its own, which the contract leaves to each game: the table stops it)."""
GAME_CONTRACT: type[GameState[Action, Event]] = ToppoState
"""One game of the series, which the series saves inside its own saved form."""
AI_CONTRACT: Choose[Series, SeriesAction] = choose_in_series
"""The AI a table asks, held to the contract's :data:`~engine.contract.Choose`."""

__all__ = [
    "Action",
    "CallTop",
    "CallToppo",
    "Card",
    "Choice",
    "ChooseDisplaySize",
    "Colour",
    "Event",
    "GameRecord",
    "Level",
    "Match",
    "Outcome",
    "Penalty",
    "Position",
    "Renew",
    "Series",
    "SeriesAction",
    "SeriesView",
    "Symbol",
    "ToppoOptions",
    "ToppoState",
    "ToppoView",
    "TurnCard",
    "VoteReplace",
    "action_from_json",
    "action_to_json",
    "choose",
    "choose_in_series",
    "make_deck",
    "new_game",
    "notation",
    "parse_cards",
]
