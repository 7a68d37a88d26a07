"""Topoum AI players at three levels.

A turn is a chain of small steps, so the AI plans a whole turn at once and then plays the plan
out step by step (re-planning whenever the game is not where the plan expects it). Plans are
built from *segments*: the steps that take the game from one decision point of the turn to the
next one that matters, e.g. "enter on H6, play Short Range from the hand on H5" (a whole Enter
combat action) or "step from G6 to G5 and change the base" (one mole of Move moles). Every
segment is tried on a copy of the state and the result is scored by :func:`evaluate`.

- easy: picks uniformly among the legal steps.
- normal: greedy: the best Enter combat, or Move moles one best mole at a time, stopping when no
  further step improves the position.
- hard: one turn ahead: takes its own best few plans (normal's search) and, for each, lets the
  next player answer with the best plan of a narrower search, keeping the plan whose answered
  position is best. Hidden cards stay hidden: it plans on a copy where the deck and the other
  hands are dealt afresh from its own generator, Peace somewhere among the last six.

Randomness comes from an ``Rng`` the caller supplies, never the game's, so an AI seat cannot change
how a game is dealt. The engine has no clock: a :class:`Choice` carries a reaction delay that the
table waits before acting.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from engine.ai import Level, delay
from engine.rng import Rng
from engine.topoum.actions import Action, EndMoves, Pass, Ransom
from engine.topoum.board import NEIGHBOURS, NOBODY
from engine.topoum.cards import CardType
from engine.topoum.scoring import new_lines, sight_lines
from engine.topoum.state import Stage, TopoumState


@dataclass(frozen=True, slots=True)
class Choice:
    """An AI decision: do ``action`` after ``delay`` seconds if the table has not changed."""

    action: Action
    delay: float


THINK_DELAY = {Level.EASY: (2.0, 4.0), Level.NORMAL: (1.5, 3.0), Level.HARD: (1.0, 2.0)}
"""Seconds before the first step of a turn."""
STEP_DELAY = (0.4, 0.8)
"""Seconds between the later steps of a planned turn."""

HARD_CANDIDATES = 4
"""Plans the hard level answers with the next player's best reply."""


@dataclass(frozen=True, slots=True)
class Search:
    """How wide a plan search looks."""

    beam: int
    """Choices followed at each step (see :func:`segments`)."""
    openings: int
    """First mole steps completed into whole Move moles plans."""


OWN = Search(beam=10, openings=3)
"""The search for the AI's own turn."""
ANSWER = Search(beam=5, openings=1)
"""The cheaper search for the rival's answer the hard level imagines."""

WIN_VALUE = 1000.0
MOLE_VALUE = 1.5
COLOUR_BASE_VALUE = 0.4
SIGHT_VALUE = 0.25
DISCARD_VALUE = 0.4
EXPOSED_VALUE = 1.0


def evaluate(state: TopoumState, seat: int) -> float:
    """How good ``state`` looks for ``seat``: badges against the best rival, plus what the
    position promises (moles on the board, colour bases, standing lines of sight that a later
    step can score again, played cards toward the final scoring), less moles an enemy stands
    next to. Lines the current player will score at the end of this action count as scored."""
    if state.outcome is not None:
        won = seat in state.outcome.winners
        return (WIN_VALUE if won else -WIN_VALUE) + state.badges[seat] - max(state.badges)
    board = state.board
    values = []
    for player in range(state.players):
        value = float(state.badges[player])
        if player == state.current and state.stage is not Stage.START:
            value += sum(new_lines(board, player, state.lines_at_start, state.moved).values())
        moles = board.moles_of(player)
        value += MOLE_VALUE * len(moles)
        value += COLOUR_BASE_VALUE * board.colour_count(player)
        value += SIGHT_VALUE * sum(sight_lines(board, player).values())
        value += DISCARD_VALUE * len(state.discards[player])
        value -= EXPOSED_VALUE * sum(
            1 for hex_ in moles if any(board.mole[n] not in (NOBODY, player) for n in NEIGHBOURS[hex_])
        )
        values.append(value)
    return values[seat] - max(value for player, value in enumerate(values) if player != seat)


Plan = tuple[list[Action], TopoumState]
"""Steps, and the state they lead to."""


def _segment_end(state: TopoumState, seat: int, steps: int) -> bool:
    if state.outcome is not None or state.current != seat:
        return True
    return steps > 0 and state.stage in (Stage.MOVE_SELECT, Stage.START)


def segments(state: TopoumState, seat: int, beam: int) -> Iterator[Plan]:
    """The ways from here to the next decision point that matters (see the module docstring).

    Where a step offers more than ``beam`` choices (an entry hex among forty, a Build Base target
    among as many), only the ``beam`` best by :func:`evaluate` are followed further: the position
    one step in already tells a good entry or target from a poor one, and following every choice
    would cost thousands of copies per turn. Ransoms and stopping Move moles are decided apart,
    so they are not expanded here.
    """

    def expand(current: TopoumState, steps: list[Action]) -> Iterator[Plan]:
        if _segment_end(current, seat, len(steps)):
            yield steps, current
            return
        children: list[tuple[Action, TopoumState]] = []
        for action in current.legal_actions(seat):
            if not isinstance(action, Ransom | EndMoves):
                child = current.clone()
                child.apply(action)
                children.append((action, child))
        if len(children) > beam:
            children.sort(key=lambda pair: -evaluate(pair[1], seat))
            del children[beam:]
        for action, child in children:
            yield from expand(child, [*steps, action])

    return expand(state, [])


class TopoumAI:
    """One AI seat: its level, its own generator and the plan it is playing out."""

    def __init__(self, level: Level, rng: Rng) -> None:
        self.level = level
        self.rng = rng
        self._plan: list[Action] = []
        self._expected_log = -1

    def choose(self, state: TopoumState, seat: int) -> Choice | None:
        """What the AI in ``seat`` does next, or None when it is not its turn (or the game is over)."""
        legal = state.legal_actions(seat)
        if not legal:
            return None
        if self._plan and len(state.log) == self._expected_log and self._plan[0] in legal:
            action = self._plan.pop(0)
            self._expected_log += 1
            return Choice(action, delay(STEP_DELAY, self.rng))
        if self.level is Level.EASY:
            action = self.rng.choice(legal)
        else:
            plan = self._ransom(state, seat, legal) or self._best(state, seat)
            action, self._plan = plan[0], plan[1:]
            self._expected_log = len(state.log) + 1
        return Choice(action, delay(THINK_DELAY[self.level], self.rng))

    def _ransom(self, state: TopoumState, seat: int, legal: list[Action]) -> list[Action]:
        """Buy a mole back when none is left to field, or when badges are plentiful."""
        ransoms = [action for action in legal if isinstance(action, Ransom)]
        if ransoms and (state.mole_reserve[seat] == 0 or state.badges[seat] >= 12):
            return [ransoms[0]]
        return []

    def _best(self, state: TopoumState, seat: int) -> list[Action]:
        legal = state.legal_actions(seat)
        if len(legal) == 1 and isinstance(legal[0], Pass):
            return legal
        world = self._disguise(state, seat) if self.level is Level.HARD else state
        plans = candidate_plans(world, seat, OWN)
        if self.level is Level.HARD and len(plans) > 1:
            plans = plans[:HARD_CANDIDATES]
            return max(plans, key=lambda plan: _answered(plan[1], seat))[0]
        return plans[0][0]

    def _disguise(self, state: TopoumState, seat: int) -> TopoumState:
        """A copy in which what ``seat`` cannot see (the deck's order, other hands) is dealt
        afresh from the AI's own generator. All anyone knows of Peace is that it is still in the
        deck, among the last six, so it goes to a random one of those places."""
        world = state.clone()
        deck = world.deck.take_all()
        unseen: list[CardType] = [card for card in deck if card is not CardType.PEACE]
        for player, hand in enumerate(world.hands):
            if player != seat:
                unseen += hand
        self.rng.shuffle(unseen)
        for player, hand in enumerate(world.hands):
            if player != seat:
                world.hands[player] = [unseen.pop() for _ in hand]
        if CardType.PEACE in deck:
            last_six = min(6, len(deck))
            unseen.insert(len(unseen) - self.rng.below(last_six), CardType.PEACE)
        world.deck.put_top(unseen)
        return world


def candidate_plans(state: TopoumState, seat: int, search: Search) -> list[Plan]:
    """Whole-turn plans from wherever the turn stands, best first by :func:`evaluate`: every
    complete Enter combat (or setup placement) within the search's beam, and Move moles
    completed greedily from each of its few best first steps."""
    plans: list[Plan] = []
    for steps, after in segments(state, seat, search.beam):
        if _segment_end(after, seat, 0) or after.stage is not Stage.MOVE_SELECT:
            plans.append((steps, after))
            continue
        options = _move_options(after, seat, search.beam)
        options.sort(key=lambda option: -evaluate(option[1], seat))
        for more, later in options[: search.openings]:
            rest, final = _greedy_moves(later, seat, search.beam)
            plans.append(([*steps, *more, *rest], final))
    plans.sort(key=lambda plan: -evaluate(plan[1], seat))
    return plans


def _move_options(state: TopoumState, seat: int, beam: int) -> list[Plan]:
    """At a mole-choice point of Move moles: the next mole steps, and stopping if allowed."""
    options = list(segments(state, seat, beam))
    stop = EndMoves(seat)
    if stop in state.legal_actions(seat):
        after = state.clone()
        after.apply(stop)
        options.append(([stop], after))
    return options


def _greedy_moves(state: TopoumState, seat: int, beam: int) -> Plan:
    """Move moles from a mole-choice point: take the best next step (or stop) until the turn ends."""
    steps: list[Action] = []
    while not _segment_end(state, seat, 0) and state.stage is Stage.MOVE_SELECT:
        more, state = max(_move_options(state, seat, beam), key=lambda option: evaluate(option[1], seat))
        steps += more
    return steps, state


def _answered(state: TopoumState, seat: int) -> float:
    """``seat``'s evaluation after the next player (if it is someone else's turn) plays
    normal's best plan; ransoms and passes are left to their simple rules."""
    if state.outcome is not None or state.current == seat:
        return evaluate(state, seat)
    rival = state.current
    legal = state.legal_actions(rival)
    if len(legal) == 1:
        after = state.clone()
        after.apply(legal[0])
        return evaluate(after, seat)
    plans = candidate_plans(state, rival, ANSWER)
    return evaluate(plans[0][1], seat) if plans else evaluate(state, seat)
