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

Thinking is bounded by work, not time. A search may copy and try at most its :class:`Search`'s
``nodes`` states (a :class:`Budget`): a rich position (four moles free to move, a full hand and
Operations Line, forty entry hexes) would otherwise cost tens of thousands of copies, seconds of
the bot's CPU beside its event loop. Counting states instead of seconds keeps a seed's choice the
same on any machine and under any load. When the budget runs short the search narrows rather than
fails: the best-looking choices at each step are followed first, the plans whose Move moles are
completed are the best-looking ones, and a plan that could not be finished stops at a decision
point, where the next step plans again with a fresh budget.
"""

from dataclasses import dataclass
from typing import NamedTuple

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
    """How wide a plan search looks, and how much work it may do."""

    beam: int
    """Choices followed at each step (see :func:`segments`)."""
    openings: int
    """First mole steps completed into whole Move moles plans."""
    nodes: int | None
    """States the search may copy and try (see :class:`Budget`); None for no limit."""


OWN = Search(beam=10, openings=3, nodes=2000)
"""The search for the AI's own turn. Without a limit, self-play's normal level copied fewer than
1,700 states in 99 steps of 100 (most steps copy none: they play out a plan) and up to 3,400, and
the slowest position we know (tests/fixtures/topoum_slow_position.json) 40,000. A state costs
0.1 ms of CPU or a little more (copy, step, evaluate), so a normal step stays within about 0.3 s
and a hard one, with its answers, within about 0.6 s. Play did not get weaker in self-play: hard
won 53 of 100 two-player games against normal (52 without the budget), and normal with the budget
won 74 of 140 against normal without it."""
ANSWER = Search(beam=5, openings=1, nodes=500)
"""The cheaper search for the rival's answer the hard level imagines, once per candidate plan."""


class Budget:
    """The states a search may still copy and try: its work, counted so that the same position
    and seed give the same plan on any machine, however busy (a clock would not).

    A step whose choices cannot all be paid for is not taken (see :func:`segments`); ``spent``
    counts what was used, for the tests and the benchmark."""

    __slots__ = ("left", "spent")

    def __init__(self, nodes: int | None) -> None:
        self.left = nodes
        """States still allowed, or None for no limit."""
        self.spent = 0

    @property
    def limited(self) -> bool:
        return self.left is not None

    def affords(self, nodes: int) -> bool:
        return self.left is None or nodes <= self.left

    def spend(self, nodes: int) -> None:
        self.spent += nodes
        if self.left is not None:
            self.left -= nodes

    def half(self) -> "Budget":
        """A budget of half of what is left, to be charged back with :meth:`charge`."""
        return Budget(None if self.left is None else self.left // 2)

    def charge(self, part: "Budget") -> None:
        """Count what ``part`` (from :meth:`half`) spent as spent here."""
        self.spend(part.spent)


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


class Plan(NamedTuple):
    """Steps, the state they lead to, and how good that state looks to the planner
    (:func:`evaluate`, once per state: it costs more than copying and stepping the state)."""

    steps: list[Action]
    state: TopoumState
    value: float


def _segment_end(state: TopoumState, seat: int, steps: int) -> bool:
    if state.outcome is not None or state.current != seat:
        return True
    return steps > 0 and state.stage in (Stage.MOVE_SELECT, Stage.START)


def segments(state: TopoumState, seat: int, beam: int, budget: Budget | None = None) -> list[Plan]:
    """The ways from here to the next decision point that matters (see the module docstring).

    Where a step offers more than ``beam`` choices (an entry hex among forty, a Build Base target
    among as many), only the ``beam`` best by :func:`evaluate` are followed further: the position
    one step in already tells a good entry or target from a poor one, and following every choice
    would cost thousands of copies per turn. Ransoms and stopping Move moles are decided apart,
    so they are not expanded here.

    Every choice tried is a state paid for from ``budget``. With a limited budget the choices at
    each step are followed best first, and a step whose choices the budget cannot pay for is not
    taken: the way there ends as a plan of its own (the next step plans the rest with a fresh
    budget) if nothing was found before it, and is dropped if better-looking ways were found
    already. So the search never spends more than its budget; it finds nothing only if the
    budget cannot pay for the first step's choices.
    """
    budget = Budget(None) if budget is None else budget

    def expand(here: Plan, need_one: bool) -> list[Plan]:
        steps, current, _ = here
        if _segment_end(current, seat, len(steps)):
            return [here]
        actions: list[Action] = [
            action for action in current.legal_actions(seat) if not isinstance(action, Ransom | EndMoves)
        ]
        if not budget.affords(len(actions)):
            return [here] if need_one and steps else []
        children = [_tried(current, action, seat, budget) for action in actions]
        if len(children) > beam or (budget.limited and len(children) > 1):
            children.sort(key=lambda child: -child.value)
            del children[beam:]
        plans: list[Plan] = []
        for child in children:
            plans += expand(Plan([*steps, *child.steps], child.state, child.value), need_one and not plans)
        return plans

    return expand(Plan([], state, evaluate(state, seat)), True)


def _tried(state: TopoumState, action: Action, seat: int, budget: Budget) -> Plan:
    """``action`` played on a copy of ``state`` and evaluated for ``seat``: one state of work."""
    budget.spend(1)
    after = state.clone()
    after.apply(action)
    return Plan([action], after, evaluate(after, seat))


class TopoumAI:
    """One AI seat: its level, its own generator and the plan it is playing out."""

    def __init__(self, level: Level, rng: Rng, own: Search = OWN, answer: Search = ANSWER) -> None:
        self.level = level
        self.rng = rng
        self.own = own
        """The search for its own turn (the benchmark lifts its budget to compare)."""
        self.answer = answer
        """The search for a rival's answer (hard level)."""
        self.spent = 0
        """States the last :meth:`choose` copied (0 while playing out a plan): its work."""
        self._plan: list[Action] = []
        self._expected_log = -1

    @property
    def work_limit(self) -> int | None:
        """The most states one step may copy (None for no limit): its own search (the hard
        level's disguised copy of the game included), and at the hard level one answer search
        per candidate plan."""
        if self.level is Level.EASY:
            return 0
        if self.level is Level.NORMAL:
            return self.own.nodes
        if self.own.nodes is None or self.answer.nodes is None:
            return None
        return self.own.nodes + HARD_CANDIDATES * self.answer.nodes

    def choose(self, state: TopoumState, seat: int) -> Choice | None:
        """What the AI in ``seat`` does next, or None when it is not its turn (or the game is over)."""
        self.spent = 0
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
        budget = Budget(self.own.nodes)
        world = state
        if self.level is Level.HARD:
            budget.spend(1)
            world = self._disguise(state, seat)
        plans = candidate_plans(world, seat, self.own, budget)
        self.spent = budget.spent
        if not plans:  # only with a budget smaller than one step's choices
            return [next((action for action in legal if not isinstance(action, Ransom)), legal[0])]
        if self.level is Level.HARD and len(plans) > 1:
            plans = plans[:HARD_CANDIDATES]
            return max(plans, key=lambda plan: self._answered(plan.state, seat)).steps
        return plans[0].steps

    def _answered(self, state: TopoumState, seat: int) -> float:
        """:func:`answered` with a fresh budget of the answer search, counted in :attr:`spent`."""
        budget = Budget(self.answer.nodes)
        value = answered(state, seat, self.answer, budget)
        self.spent += budget.spent
        return value

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


def think(ai: TopoumAI, state: TopoumState, seat: int) -> tuple[Choice | None, TopoumAI]:
    """:meth:`TopoumAI.choose`, handing the AI back with its choice: run in a worker process
    (tables/registry.py), the AI that thought is a copy, and its plan and generator, moved on by
    the step, must come back to the table."""
    return ai.choose(state, seat), ai


def candidate_plans(
    state: TopoumState, seat: int, search: Search, budget: Budget | None = None
) -> list[Plan]:
    """Whole-turn plans from wherever the turn stands, best first by :func:`evaluate`: every
    complete Enter combat (or setup placement) within the search's beam, and Move moles
    completed greedily from each of its few best first steps (from here, if the turn stands at
    a mole choice).

    The ``budget`` (by default the search's own) pays for both: at most half of it for finding
    the segments, the rest for completing Move moles, best-looking segments first, so a costly
    Enter combat cannot leave Move moles unplanned. A segment the budget cannot complete stays a
    plan that ends at its mole choice."""
    budget = Budget(search.nodes) if budget is None else budget
    if state.stage is Stage.MOVE_SELECT and not _segment_end(state, seat, 0):
        found = [Plan([], state, evaluate(state, seat))]
    else:
        finding = budget.half()
        found = segments(state, seat, search.beam, finding)
        budget.charge(finding)
    waiting = [
        index
        for index, plan in enumerate(found)
        if not _segment_end(plan.state, seat, 0) and plan.state.stage is Stage.MOVE_SELECT
    ]
    if budget.limited:
        waiting.sort(key=lambda index: -found[index].value)
    completed = {index: _complete(found[index], seat, search, budget) for index in waiting}
    plans: list[Plan] = []
    for index, plan in enumerate(found):
        plans += completed.get(index, [plan])
    plans.sort(key=lambda plan: -plan.value)
    return plans


def _complete(segment: Plan, seat: int, search: Search, budget: Budget) -> list[Plan]:
    """Move moles from the mole choice ``segment`` reaches: each of the search's best few next
    steps, completed greedily; the segment alone when the budget cannot pay for the next choice
    (none if that is no step at all)."""
    options = _move_options(segment.state, seat, search.beam, budget)
    if not options:
        return [segment] if segment.steps else []
    options.sort(key=lambda option: -option.value)
    plans: list[Plan] = []
    for option in options[: search.openings]:
        final = _greedy_moves(option, seat, search.beam, budget)
        plans.append(Plan([*segment.steps, *final.steps], final.state, final.value))
    return plans


def _move_options(state: TopoumState, seat: int, beam: int, budget: Budget) -> list[Plan]:
    """At a mole-choice point of Move moles: the next mole steps, and stopping if allowed.
    Empty when the budget cannot pay for the first choice."""
    legal = state.legal_actions(seat)
    if not budget.affords(len(legal)):
        return []
    stop = EndMoves(seat)
    stopped = [_tried(state, stop, seat, budget)] if stop in legal else []
    return segments(state, seat, beam, budget) + stopped


def _greedy_moves(opening: Plan, seat: int, beam: int, budget: Budget) -> Plan:
    """Move moles on from ``opening``: take the best next step (or stop) until the turn ends, or
    until the budget cannot pay for the next choice (the plan then ends at it)."""
    plan = opening
    while not _segment_end(plan.state, seat, 0) and plan.state.stage is Stage.MOVE_SELECT:
        options = _move_options(plan.state, seat, beam, budget)
        if not options:
            break
        best = max(options, key=lambda option: option.value)
        plan = Plan([*plan.steps, *best.steps], best.state, best.value)
    return plan


def answered(state: TopoumState, seat: int, search: Search = ANSWER, budget: Budget | None = None) -> float:
    """``seat``'s evaluation after the next player (if it is someone else's turn) plays
    normal's best plan; ransoms and passes are left to their simple rules."""
    if state.outcome is not None or state.current == seat:
        return evaluate(state, seat)
    budget = Budget(search.nodes) if budget is None else budget
    rival = state.current
    legal = state.legal_actions(rival)
    if len(legal) == 1:
        if not budget.affords(1):
            return evaluate(state, seat)
        budget.spend(1)
        after = state.clone()
        after.apply(legal[0])
        return evaluate(after, seat)
    plans = candidate_plans(state, rival, search, budget)
    return evaluate(plans[0].state, seat) if plans else evaluate(state, seat)
