"""Seats an AI plays for a person who drifted away, and how a game that had one is ranked.

A person can leave a running game (from their panel), or stay away while the table waits for
them alone: then an AI at the table's level plays their seat, a *stand-in*. A person who is
only away gets their seat back by pressing anything on their panel; one who left is gone, and
the host may hand the seat to another member (:class:`SeatOffer`). Every move made for a person
(by the stand-in, or a turn timer acting for them) is counted for the game's record.

As on Lichess, leaving or staying away loses: a game whose result is recorded while a person's
seat is stood in for ranks that person last (and never a winner), the others as they finished
(:func:`honest_ranks`); a league may instead leave such games out (data/records.py,
``LeagueSettings.absent_games``).
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from engine.ai import Level

ABSENT_AFTER: Final = 30.0
"""Seconds a real-time table waits for the one person it needs (a restart, a choice, a deal
both must call) before an AI plays their seat; a server's moderators may choose another
(``/tables absent_after:``). Turn-based tables use their turn timer instead."""
ABSENT_CHOICES: Final = (15, 30, 60, 120, 300)
"""The absence limits a server may choose, in seconds."""
TIMED_OUT_IN_A_ROW: Final = 2
"""Turns in a row a turn timer plays for a person before an AI keeps their seat."""


class Why(StrEnum):
    """Why an AI plays a person's seat."""

    LEFT = "left"
    """They left the game from their panel: the seat is no longer theirs."""
    ABSENT = "absent"
    """They did not act when the table waited for them: the seat is theirs again on any press."""


@dataclass(frozen=True, slots=True)
class StandIn:
    """An AI playing a person's seat, ``why``, at ``level``."""

    why: Why
    level: str

    def to_json(self) -> dict[str, Any]:
        return {"why": self.why.value, "level": self.level}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "StandIn":
        return cls(Why(data["why"]), Level(data["level"]).value)


@dataclass(frozen=True, slots=True)
class SeatOffer:
    """The host offered seat ``seat`` to member ``user_id``; their Accept takes it (an offer to
    someone else, or the seat's person coming back, replaces or cancels it)."""

    seat: int
    user_id: int
    message_id: int | None = None
    """The message offering it, with its Accept button, once posted (a later offer takes the
    button off it)."""

    def offers(self, seat: int, user_id: int) -> bool:
        """Whether this is the offer of ``seat`` to ``user_id``."""
        return (self.seat, self.user_id) == (seat, user_id)


def stand_in_level(levels: Collection[str]) -> str:
    """The level a stand-in plays at: the table's hardest AI seat's, else the middle level."""
    order = list(Level)
    chosen = [Level(level) for level in levels]
    return max(chosen, key=order.index).value if chosen else Level.NORMAL.value


def honest_ranks(
    ranks: Sequence[int], won: Collection[int], away: Collection[int]
) -> tuple[list[int], set[int]]:
    """Ranks and winners with the seats in ``away`` (their person left or was absent when the
    game ended) shared last and no winners, the others ranked among themselves as they finished.
    A game whose winner was away is won by the best of the others."""
    if not away:
        return list(ranks), set(won)
    present = [seat for seat in range(len(ranks)) if seat not in away]
    kept = [ranks[seat] for seat in present]
    honest = [len(present) + 1] * len(ranks)
    for seat in present:
        honest[seat] = 1 + sum(1 for other in kept if other < ranks[seat])
    winners = {seat for seat in won if seat not in away}
    if not winners and set(won) & set(away):
        winners = {seat for seat in present if honest[seat] == 1}
    return honest, winners
