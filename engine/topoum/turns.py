"""What a turn did, gathered from its events: for the board picture's highlights and the table.

``apply`` returns the events of one small step, and a turn takes several steps, so a table keeps
the events of its game in order and asks here for the last finished turn: which moles moved
(steps, cards' moves, pushes), where pieces arrived or left, who was eliminated, and which new
lines of sight scored how much.

Cutting a game's events into turns: a turn begins with :class:`TurnBegan` and is finished once
the next one begins or the game ends. Setup placements come before the first turn and have no
:class:`TurnBegan`; each is a "turn" of its own that begins with its :class:`BasePlaced` and is
finished at once (a placement is a single step).

One fact is not an event of its own: a mole that moves onto an enemy mole is eliminated with it
and never arrives, so the engine reports two clash eliminations in a row, the enemy's on the
destination and then the mover's on its origin (a recruit's clash names the same hex twice).
:func:`summarise` reads that pair back into a :class:`Move` that ended in a clash, so the picture
can still draw the step.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.hexgrid import Hex
from engine.topoum.events import (
    BaseChanged,
    BasePlaced,
    BaseReclaimed,
    BaseRemoved,
    BattlefieldSplit,
    CardPlayed,
    Event,
    GameEnded,
    LineOfSightScored,
    Loss,
    MoleCaptured,
    MoleDecorated,
    MoleEliminated,
    MoleMoved,
    MolePlaced,
    ObstacleCleared,
    ObstaclePlaced,
    Passed,
    TurnBegan,
)


@dataclass(frozen=True, slots=True)
class Move:
    """``owner``'s mole went from ``origin`` towards ``hex`` (a step, a card's move or a push)."""

    owner: int
    origin: Hex
    hex: Hex
    clash: bool = False
    """It met an enemy mole on ``hex`` and both were eliminated."""


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """What one turn (or one setup placement) changed on the board, in the order it happened."""

    seat: int
    turn: int | None
    """The turn's number (:attr:`TurnBegan.turn`); None for a setup placement."""
    moves: tuple[Move, ...]
    placed: tuple[Hex, ...]
    """Where moles were put on the board: entering combat, always a mole, setup, New Recruit."""
    changed: tuple[Hex, ...]
    """Hexes whose base was put down or changed side or owner, or got or lost an obstacle."""
    removed: tuple[Hex, ...]
    """Hexes whose base left the board: blasted, cut off, or taken back while out of bases."""
    eliminated: tuple[MoleEliminated, ...]
    captured: tuple[MoleCaptured, ...]
    decorated: tuple[Hex, ...]
    """Where moles left the board with a medal (Decoration)."""
    lines: tuple[LineOfSightScored, ...]
    """The new lines of sight that scored, with their points."""
    cards: tuple[CardPlayed, ...]
    passed: bool

    @property
    def points(self) -> int:
        """Badges the lines of sight earned this turn."""
        return sum(line.points for line in self.lines)


def _starts_turn(event: Event, before_first_turn: bool) -> bool:
    return isinstance(event, TurnBegan) or (before_first_turn and isinstance(event, BasePlaced))


def turns(events: Iterable[Event]) -> list[list[Event]]:
    """A game's events, from its first step on, cut into turns and setup placements (see the
    module docstring); the last one may still be in progress. Events before anything that
    begins a turn (none, in a game's stream) are dropped."""
    cut: list[list[Event]] = []
    started = False
    for event in events:
        if _starts_turn(event, not started):
            started = started or isinstance(event, TurnBegan)
            cut.append([event])
        elif cut:
            cut[-1].append(event)
    return cut


def _finished(turn: Sequence[Event], followed: bool) -> bool:
    return followed or not isinstance(turn[0], TurnBegan) or any(isinstance(e, GameEnded) for e in turn)


def last_turn(events: Iterable[Event]) -> TurnSummary | None:
    """The last finished turn (or setup placement) among a game's events from its first step,
    or None if none has finished yet."""
    cut = turns(events)
    for index in reversed(range(len(cut))):
        if _finished(cut[index], followed=index + 1 < len(cut)):
            return summarise(cut[index])
    return None


def summarise(events: Sequence[Event]) -> TurnSummary:
    """What the events of one turn (as :func:`turns` cuts them) did.

    ``ValueError`` unless they begin with :class:`TurnBegan` or a setup :class:`BasePlaced`.
    """
    if not events or not isinstance(events[0], TurnBegan | BasePlaced):
        raise ValueError("a turn's events begin with TurnBegan or a setup BasePlaced")
    first = events[0]
    turn = first.turn if isinstance(first, TurnBegan) else None
    moves: list[Move] = []
    placed: list[Hex] = []
    changed: list[Hex] = []
    removed: list[Hex] = []
    eliminated: list[MoleEliminated] = []
    index = 0
    while index < len(events):
        event = events[index]
        index += 1
        if isinstance(event, MoleMoved):
            moves.append(Move(event.owner, event.origin, event.hex))
        elif isinstance(event, MolePlaced):
            placed.append(event.hex)
        elif isinstance(event, BasePlaced | BaseChanged | ObstaclePlaced | ObstacleCleared):
            changed.append(event.hex)
        elif isinstance(event, BaseRemoved | BaseReclaimed):
            removed.append(event.hex)
        elif isinstance(event, BattlefieldSplit):
            removed.extend(event.vanished)
        elif isinstance(event, MoleEliminated):
            eliminated.append(event)
            after = events[index] if index < len(events) else None
            if (
                event.loss is Loss.CLASH
                and isinstance(after, MoleEliminated)
                and after.loss is Loss.CLASH
                and after.hex != event.hex
            ):
                eliminated.append(after)
                moves.append(Move(after.owner, after.hex, event.hex, clash=True))
                index += 1
    return TurnSummary(
        seat=first.seat,
        turn=turn,
        moves=tuple(moves),
        placed=tuple(placed),
        changed=tuple(dict.fromkeys(changed)),
        removed=tuple(dict.fromkeys(removed)),
        eliminated=tuple(eliminated),
        captured=tuple(e for e in events if isinstance(e, MoleCaptured)),
        decorated=tuple(e.hex for e in events if isinstance(e, MoleDecorated)),
        lines=tuple(e for e in events if isinstance(e, LineOfSightScored)),
        cards=tuple(e for e in events if isinstance(e, CardPlayed)),
        passed=any(isinstance(e, Passed) for e in events),
    )
