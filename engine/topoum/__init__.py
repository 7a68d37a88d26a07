"""Topoum (docs/rules.md §4): moles at war on a hex board, as a pure engine.

- ``state``: :func:`~engine.topoum.state.new_game`, :class:`~engine.topoum.state.TopoumState`
  (``legal_actions``, ``apply``, ``outcome``, ``view``, ``to_json``/``from_json``) and the house
  readings of the rulebook;
- ``actions`` / ``events``: the small steps a turn is made of, and what they did;
- ``cards``: card types, categories, farmers, the battle deck;
- ``board``: bases, moles and obstacles on the radius-6 board, battlefield shape, the compact
  board notation; ``targets``: where each card can act; ``scoring``: lines of sight and the final
  scoring;
- ``ai``: players at three levels; ``selfplay``: invariants and AI matches for
  ``python -m tools.selfplay --game topoum``.
"""

from collections.abc import Callable

from engine.contract import AiChoice, TurnBasedState
from engine.topoum.actions import Action
from engine.topoum.ai import TopoumAI
from engine.topoum.events import Event
from engine.topoum.state import TopoumState

CONTRACT: type[TurnBasedState[Action, Event]] = TopoumState
"""The class that plays Topoum, held to the engine contract by mypy."""
AI_CONTRACT: Callable[[TopoumAI, TopoumState, int], AiChoice[Action] | None] = TopoumAI.choose
"""Its AI keeps a plan between its steps, so it is an object holding its level and generator
rather than a :data:`~engine.contract.Choose` function; its ``choose`` answers the same way."""
