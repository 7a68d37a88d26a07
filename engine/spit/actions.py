"""What a Spit or Speed player can do: small frozen values, each naming the seat that acts.

Both players act at once and the table feeds actions in the order it received them, so an action
must still mean what its player meant when it arrives after the other player's. What the player
saw is named where it can change under them, and nowhere else:

- A centre pile is named by position, not by the card the player saw on it, and the rank rule is
  checked against the top *as it is when the play arrives*. That is the physical game: two hands
  reach the same pile, the card underneath counts, and the other card stays only if it fits the
  new top. A play that no longer fits is refused as ``stale`` ("that pile changed") and changes
  nothing; one that still fits is played, as it would be at a real table.
- A Spit stock card is named by its space: only its owner can change a space, and a top that has
  just been played leaves the next card face down, so a repeated click is refused, never applied
  to a card the player has not seen.
- A Speed hand card is named by the card itself: the hand refills at once after every play, so
  "the third card of my hand" can be a card the player has not seen yet.

Actions serialise to small JSON objects (``{"type": "play_card", "seat": 1, "pile": 0,
"centre": 1}``) so a saved game is its options, seed and action log.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.saving import ActionCodec, FieldCodec
from engine.spit.cards import Card


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Spit: play the face-up top card of stock space ``pile`` onto centre pile ``centre``
    (0 left, 1 right)."""

    seat: int
    pile: int
    centre: int


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Spit: turn up the face-down top card of stock space ``pile``."""

    seat: int
    pile: int


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Spit: move the face-up top card of stock space ``pile`` into the empty space ``space``."""

    seat: int
    pile: int
    space: int


@dataclass(frozen=True, slots=True)
class Spit:
    """Spit: call "spit!", turning a spit card onto centre pile ``centre`` once every player
    who has spit cards has called.

    ``centre`` is the seat's own pile (the one it started) while both players spit; a player
    spitting alone chooses a pile with the first spit and keeps to it (``legal_actions`` lists
    the piles allowed).
    """

    seat: int
    centre: int


@dataclass(frozen=True, slots=True)
class Slap:
    """Spit: slap centre pile ``centre`` when a new layout is needed; the first slap takes it.
    With the "emptier chooses" option, only the player who emptied their layout slaps."""

    seat: int
    centre: int


@dataclass(frozen=True, slots=True)
class PlayHand:
    """Speed: play ``card`` from the hand onto centre pile ``centre`` (0 left, 1 right)."""

    seat: int
    card: Card
    centre: int


@dataclass(frozen=True, slots=True)
class Flip:
    """Speed: call for a flip, at the start or when both are stuck; the cards turn once both
    players have called."""

    seat: int


SpitAction = PlayCard | TurnUp | MoveCard | Spit | Slap
SpeedAction = PlayHand | Flip
Action = SpitAction | SpeedAction
"""Either game's actions: one type for a table's action log and buttons; each game refuses the
other's actions as ``not_allowed``."""

_CODEC: ActionCodec[Action] = ActionCodec(
    {
        "play_card": PlayCard,
        "turn_up": TurnUp,
        "move_card": MoveCard,
        "spit": Spit,
        "slap": Slap,
        "play_hand": PlayHand,
        "flip": Flip,
    },
    {"card": FieldCodec(write=str, read=Card.parse)},
)


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON object naming the action type and its fields; a card as its notation."""
    return _CODEC.to_json(action)


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The inverse of :func:`action_to_json`; ``ValueError`` for an unknown or malformed action
    (a saved log is data from outside: seats and piles must be plain integers, cards known)."""
    return _CODEC.from_json(data)
