"""The engine contract (docs/architecture.md), declared once so the type checker holds every game
to it.

Everything above the engine (tables, words, the self-play runner, replays) reads a game through
the same few calls. Undeclared, a game whose ``apply`` forgot its events, whose ``view`` lost its
public default or whose ``from_json`` took a narrower argument would be found by the first table
that called it. Declared, each game's package states which class plays it
(``CONTRACT: type[TurnBasedState[Action, Event]] = AssetsState``) and which function is its AI
(``AI_CONTRACT: Choose[AssetsState, Action] = choose``): a signature that drifts from these
protocols fails mypy on that line, and a new game is written against them. (The message names the
class and the protocol; returning an instance where the protocol is expected lists the members
that differ.)

What the contract leaves to each game, because the games really differ there: how a game is
dealt (each ``new_game`` takes the options of its own); its outcome (each game ranks its seats in
its own shape, and a Toppo series never ends by itself: the table stops it); whose turn it is
(a turn-based game's own ``to_act`` or ``current``); and an AI that keeps a plan between its steps
(Topoum's ``TopoumAI``), which is an object holding its level and generator rather than a
:data:`Choose` function.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from engine.ai import Level
from engine.rng import Rng

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
E_co = TypeVar("E_co", covariant=True)
S = TypeVar("S")


class AiChoice(Protocol[A_co]):
    """An AI's decision: ``action`` after ``delay`` seconds. The engine has no clock, so the AI
    says how long a player would take and the table (or self-play's simulated clock) waits."""

    @property
    def action(self) -> A_co: ...

    @property
    def delay(self) -> float: ...


class GameState(Protocol[A, E_co]):
    """A game in progress: the table changes it only through :meth:`apply`, and saves and
    resumes it through :meth:`to_json` and :meth:`from_json`.

    ``A`` is the action it takes and offers (invariant: what ``legal_actions`` offers ``apply``
    must take), ``E_co`` the events it reports.
    """

    def legal_actions(self, seat: int) -> Sequence[A]:
        """Every action ``seat`` may take now, rule-defined mistakes included, in a fixed order
        (an AI or a test draws from it with a seeded generator, so the order is part of a game's
        determinism); empty when the seat may do nothing now."""
        ...

    def apply(self, action: A) -> Sequence[E_co]:
        """Change the game and say what happened, in the past tense, for the table's words; an
        impossible action raises ``IllegalAction`` before anything changes, so a table tries an
        action under its lock without copying the game."""
        ...

    def view(self, seat: int | None = None) -> object:
        """What ``seat`` may see (``None``: the public table): what its panel, the table's
        picture and their words are drawn from, so nothing hidden reaches them."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The saved game: how it was dealt and its action log (engine/saving.py)."""
        ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The game :meth:`to_json` saved, dealt again and replayed; ``ValueError`` for data that
        is not one (a saved table is data from outside)."""
        ...


class TurnBasedState(GameState[A, E_co], Protocol[A, E_co]):
    """A game that waits for one seat at a time, so a table can time that seat out."""

    def timeout_action(self, seat: int) -> A | None:
        """What the table applies for ``seat`` when its turn timer runs out (None when the game
        does not wait for it): an action that moves the game on, so a player who is away cannot
        hold the table."""
        ...


Choose = Callable[[S, int, Level, Rng], AiChoice[A] | None]
"""An AI: what ``seat`` does next in the game ``S`` at a level, drawing from the seat's own
generator (never the game's, so an AI seat cannot change a deal); None while it waits."""
