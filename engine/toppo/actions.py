"""What a Toppo player can do: small frozen values, each naming the seat that acts.

Every action that the rules can penalise (a wrong top, a wrong match, a false toppo, a false
start) is an ordinary action here; the state decides from the table whether it was right.
Actions serialise to small JSON objects (``{"type": "match", "seat": 1, "line_index": 0,
"slot": 2}``) so a saved game is its options, seed and action log.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.saving import INTEGERS, ActionCodec, FieldCodec, integer
from engine.toppo.cards import ALL_CARDS, Card


@dataclass(frozen=True, slots=True)
class TurnCard:
    """Turn the top card of the deck onto the end of the line.

    Before the (re)starting player has turned their first card, this is a false start. After a
    match, turning a card first puts the rest of the line under the deck (the rules make that
    compulsory, so the player need not say it).
    """

    seat: int


@dataclass(frozen=True, slots=True)
class CallTop:
    """Call "top" with an order: ``order[i]`` is the index in the line of the card laid on
    display slot ``i``; it must be a permutation of the line's indices."""

    seat: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TopLine:
    """Call "top" with the line in an order that tops the display, if there is one **[house]**:
    a panel's one Top button (ordering cards by clicks is no skill of the game, and it cost
    four round trips); calling it on a line that cannot top is a wrong top, as ever."""

    seat: int


@dataclass(frozen=True, slots=True)
class Match:
    """Lay line card ``line_index`` on display slot ``slot`` as an identical card."""

    seat: int
    line_index: int
    slot: int


@dataclass(frozen=True, slots=True)
class MatchCard:
    """Lay ``card`` of the line on an identical display card **[house]**: a panel's line-card
    button; the first such card of the line, on the first such slot. With no identical card on
    the display it is a wrong match (laid on a slot sharing its colour or symbol, if any)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Renew:
    """Put the line (full, or what is left after matching) under the deck."""

    seat: int


@dataclass(frozen=True, slots=True)
class CallToppo:
    """Call "toppo": ends the game with fewer than 10 cards, a penalty otherwise."""

    seat: int


@dataclass(frozen=True, slots=True)
class VoteReplace:
    """Vote to replace a display that nobody can top; a majority of the players replaces it."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseDisplaySize:
    """Between games of a series: the next start player chooses the display size."""

    seat: int
    size: int


Action = TurnCard | CallTop | TopLine | Match | MatchCard | Renew | CallToppo | VoteReplace
"""An action inside one game."""

SeriesAction = Action | ChooseDisplaySize
"""An action a series accepts: a game action, or the display size between games."""

_CODEC: ActionCodec[SeriesAction] = ActionCodec(
    {
        "turn_card": TurnCard,
        "call_top": CallTop,
        "top_line": TopLine,
        "match": Match,
        "match_card": MatchCard,
        "renew": Renew,
        "call_toppo": CallToppo,
        "vote_replace": VoteReplace,
        "choose_display_size": ChooseDisplaySize,
    },
    {"order": INTEGERS, "card": FieldCodec(write=lambda card: card.code, read=lambda raw: _card(raw))},
)


def _card(raw: Any) -> Card:
    """The card a saved ``code`` names; ``ValueError`` for anything else."""
    code = integer(raw)
    if not 0 <= code < len(ALL_CARDS):
        raise ValueError(f"no card {code}")
    return ALL_CARDS[code]


def action_to_json(action: SeriesAction) -> dict[str, Any]:
    """A JSON object naming the action type and its fields."""
    return _CODEC.to_json(action)


def action_from_json(data: Mapping[str, Any]) -> SeriesAction:
    """The inverse of :func:`action_to_json`; ``ValueError`` for an unknown or malformed action
    (a saved log is data from outside, so every field must be a plain integer)."""
    return _CODEC.from_json(data)
