"""What a Cover Your Assets player can do: small frozen values, each naming the seat that acts.

A turn is exactly one of the first four (docs/rules.md §2, "A turn"). A challenge then waits for
answers, :class:`Answer` or :class:`GiveUp`, from the defender and the challenger in turn; and
between rounds the next dealer deals with :class:`Deal`. Cards are named by kind (copies are
indistinguishable) and serialise as their codes: ``{"type": "challenge", "seat": 0,
"target": 2, "card": "GO"}``.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.assets.cards import Asset
from engine.saving import ActionCodec, FieldCodec


@dataclass(frozen=True, slots=True)
class PairFromHand:
    """Put two cards from hand on top of the stack as a new set: ``asset`` (never a wild) and
    ``partner``, the same asset or a wild. Naming the asset first keeps one name per set."""

    seat: int
    asset: Asset
    partner: Asset


@dataclass(frozen=True, slots=True)
class PairWithDiscard:
    """Take the top discard and pair it with ``card`` from hand (either may be the wild)."""

    seat: int
    card: Asset


@dataclass(frozen=True, slots=True)
class Challenge:
    """Show ``card`` (the asset of ``target``'s top set, or a wild) to try to steal that set."""

    seat: int
    target: int
    card: Asset


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` on the discard pile; always possible with a card in hand."""

    seat: int
    card: Asset


@dataclass(frozen=True, slots=True)
class Answer:
    """In a challenge, show ``card`` (the set's asset or a wild) back to the other side."""

    seat: int
    card: Asset


@dataclass(frozen=True, slots=True)
class GiveUp:
    """In a challenge, show nothing more: the other side showed last and wins."""

    seat: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Between rounds, the next dealer gathers every card, shuffles and deals the next round."""

    seat: int


Action = PairFromHand | PairWithDiscard | Challenge | Discard | Answer | GiveUp | Deal

_CODEC: ActionCodec[Action] = ActionCodec(
    {
        "pair_from_hand": PairFromHand,
        "pair_with_discard": PairWithDiscard,
        "challenge": Challenge,
        "discard": Discard,
        "answer": Answer,
        "give_up": GiveUp,
        "deal": Deal,
    },
    {field: FieldCodec(write=str, read=Asset.parse) for field in ("asset", "partner", "card")},
)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON object naming the action type and its fields; cards as their codes."""
    return _CODEC.to_json(action)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The inverse of :func:`action_to_json`; ``ValueError`` for an unknown or malformed action
    (a saved log is data from outside: seats must be plain integers and cards known codes)."""
    return _CODEC.from_json(data)
