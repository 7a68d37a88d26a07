"""Saved games: how a game was dealt plus its action log, resumed by replaying the log.

Every game saves the same shape, ``{"game", "players", "seed", "options" | "position", "log"}``
(docs/architecture.md, "The engine contract"), and reads its actions back from a log that is data from
outside. Both halves are the same for every game, so they live here: :class:`ActionCodec` turns a
game's frozen action dataclasses into small JSON objects and back, checking every field, and
:func:`saved` / :func:`restore` write and replay the whole game.
"""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

A = TypeVar("A", bound="DataclassInstance")


def integer(raw: Any) -> int:
    """``raw`` if it is a plain integer (not a bool, a float or a string); ``ValueError`` else."""
    if type(raw) is not int:
        raise ValueError(f"not an integer: {raw!r}")
    return raw


def integers(raw: Any) -> tuple[int, ...]:
    """A JSON list of plain integers as a tuple; ``ValueError`` for anything else."""
    if not isinstance(raw, list):
        raise ValueError(f"not a list: {raw!r}")
    return tuple(integer(item) for item in raw)


@dataclass(frozen=True, slots=True)
class FieldCodec:
    """How one action field is written to JSON and read back (``read`` raises ``ValueError``)."""

    write: Callable[[Any], Any]
    read: Callable[[Any], Any]


INTEGER = FieldCodec(write=lambda value: value, read=integer)
"""The default: seats, indices and slots are plain integers."""
INTEGERS = FieldCodec(write=list, read=integers)
"""A tuple of integers, written as a JSON list."""


class ActionCodec(Generic[A]):
    """A game's actions as JSON objects: ``{"type": <name>, <field>: <value>, ...}``."""

    def __init__(self, types: Mapping[str, type[A]], codecs: Mapping[str, FieldCodec] | None = None) -> None:
        """``types`` names each action class; ``codecs`` maps a field name to its codec where it
        is not a plain integer."""
        self._types = dict(types)
        self._names = {cls: name for name, cls in types.items()}
        self._codecs = dict(codecs or {})

    def _codec(self, name: str) -> FieldCodec:
        return self._codecs.get(name, INTEGER)

    def to_json(self, action: A) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self._names[type(action)]}
        for field in fields(action):
            data[field.name] = self._codec(field.name).write(getattr(action, field.name))
        return data

    def from_json(self, data: Mapping[str, Any]) -> A:
        """The inverse of :meth:`to_json`; ``ValueError`` for an unknown or malformed action."""
        try:
            cls = self._types[data["type"]]
            values = {field.name: self._codec(field.name).read(data[field.name]) for field in fields(cls)}
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed action {data!r}") from exc
        return cls(**values)


class Replayable(Protocol):
    """A game state that takes actions one by one."""

    def apply(self, action: Any) -> object: ...


S = TypeVar("S", bound=Replayable)


def saved(game: str, players: int, seed: int, setup: Mapping[str, Any], log: Iterable[Any]) -> dict[str, Any]:
    """The saved form of a game: ``setup`` is ``{"options": ...}`` for a game dealt from its seed
    or ``{"position": ...}`` for a stacked one; ``log`` holds the actions as JSON objects."""
    return {"game": game, "players": players, "seed": seed, **setup, "log": list(log)}


def restore(
    data: Mapping[str, Any],
    game: str,
    start: Callable[[Mapping[str, Any]], S],
    read_action: Callable[[Mapping[str, Any]], Any],
) -> S:
    """Deal ``data`` again with ``start`` and replay its log.

    ``ValueError`` if ``data`` is not a saved ``game`` or is malformed (a missing key, a value of
    the wrong type, an unknown action); an action the rules refuse raises ``IllegalAction``.
    Every action is read before the first is applied, so a bad log fails before any replay.
    """
    if data.get("game") != game:
        raise ValueError(f"not a saved {game} game")
    try:
        state = start(data)
        actions = [read_action(item) for item in data["log"]]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed saved game: {exc}") from exc
    for action in actions:
        state.apply(action)
    return state
