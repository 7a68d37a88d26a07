"""What a Topoum player can do: one small step of a turn at a time.

A turn is a sequence of choices (which action, which mole, which hex, which card from where,
which target or direction, which part of a split battlefield survives). Each choice is its own
action, and the state keeps the decision it is waiting for (see ``state.Stage``), so
``legal_actions(seat)`` is exactly the menu to show at every moment and every item on it can be
carried through to the end of the turn: the state only offers a step that leads somewhere.

Every action names the seat that acts. Hexes serialise as their labels ("G7"), so a saved action
reads ``{"type": "move_to", "seat": 1, "hex": "H6"}``.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from engine.hexgrid import Hex
from engine.saving import ActionCodec, FieldCodec, integer
from engine.topoum.cards import LINE_COSTS, CardType

T = TypeVar("T")


class ActionKind(StrEnum):
    ENTER = "enter"
    """Enter combat: a mole and a base from reserve, then a card."""
    MOVE = "move"
    """Move moles: each mole that began the turn on the board may step once."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put a base on ``hex``: during setup a coloured base next to the centre, later a base with
    a mole (setup, "always a mole", entering combat)."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class Reclaim:
    """Out of bases: take back one's own placed base on ``hex`` to use it again."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class ChooseAction:
    seat: int
    kind: ActionKind


@dataclass(frozen=True, slots=True)
class SelectMole:
    """Move moles: the mole on ``hex`` steps next."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Move moles: the selected mole steps onto the adjacent base on ``hex``."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class EndMoves:
    """Move moles: leave the remaining moles where they are."""

    seat: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` from the hand (``slot`` None) or from Operations Line slot ``slot``."""

    seat: int
    card: CardType
    slot: int | None = None

    @property
    def cost(self) -> int:
        """Badges gained (negative: paid) by taking the card; 0 from the hand."""
        return 0 if self.slot is None else LINE_COSTS[self.slot]


@dataclass(frozen=True, slots=True)
class ChangeBase:
    """After a free step onto a free base: change that base instead of playing a card."""

    seat: int


@dataclass(frozen=True, slots=True)
class Target:
    """The hex the card in play acts on (or moves to)."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class Direction:
    """Panic Attack: push along direction ``direction`` (0-5, as in ``engine.hexgrid``)."""

    seat: int
    direction: int


@dataclass(frozen=True, slots=True)
class KeepPart:
    """A split into equal largest parts: keep the part whose first hex (in sorted order) is ``hex``."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class Ransom:
    """Before acting, pay ``captor`` 3 badges to get one captured mole back to the reserve."""

    seat: int
    captor: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Offered only when the player has no action at all [house]."""

    seat: int


@dataclass(frozen=True, slots=True)
class Skip:
    """The table passes for a player whose time ran out, at the start of their turn: the turn
    ends as with :class:`Pass`. Never on the menu (``legal_actions`` does not list it); a table
    gets it from ``TopoumState.timeout_action``."""

    seat: int


Action = (
    Place
    | Reclaim
    | ChooseAction
    | SelectMole
    | MoveTo
    | EndMoves
    | PlayCard
    | ChangeBase
    | Target
    | Direction
    | KeepPart
    | Ransom
    | Pass
    | Skip
)


def _from_string(parse: Callable[[str], T]) -> Callable[[Any], T]:
    """A field reader for values saved as strings: ``parse`` them, ``ValueError`` for a non-string."""

    def read(raw: Any) -> T:
        if not isinstance(raw, str):
            raise ValueError(f"not a string: {raw!r}")
        return parse(raw)

    return read


_HEX = FieldCodec(write=lambda hex_: hex_.label, read=_from_string(Hex.parse))
"""A hex, saved as its label ("G7")."""
_SLOT = FieldCodec(write=lambda slot: slot, read=lambda raw: None if raw is None else integer(raw))
"""An Operations Line slot, or None for a card from the hand."""

_CODEC: ActionCodec[Action] = ActionCodec(
    {
        "place": Place,
        "reclaim": Reclaim,
        "choose_action": ChooseAction,
        "select_mole": SelectMole,
        "move_to": MoveTo,
        "end_moves": EndMoves,
        "play_card": PlayCard,
        "change_base": ChangeBase,
        "target": Target,
        "direction": Direction,
        "keep_part": KeepPart,
        "ransom": Ransom,
        "pass": Pass,
        "skip": Skip,
    },
    {
        "hex": _HEX,
        "kind": FieldCodec(write=str, read=_from_string(ActionKind)),
        "card": FieldCodec(write=str, read=_from_string(CardType)),
        "slot": _SLOT,
    },
)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON object naming the action type and its fields; hexes as labels, kinds and cards as
    their values."""
    return _CODEC.to_json(action)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The inverse of :func:`action_to_json`; ``ValueError`` for an unknown or malformed action
    (a saved log is data from outside: seats, directions and captors must be plain integers,
    a slot one or None for a hand card, hexes known labels, kinds and cards known values)."""
    return _CODEC.from_json(data)
