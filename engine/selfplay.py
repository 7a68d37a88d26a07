"""Self-play: AI-only matches on a simulated clock, checking invariants after every action.

Each registered game (engine/games.py) has a module ``engine/<game>/selfplay.py`` that exposes
``SELFPLAY``, a :class:`SelfPlaySpec`; this runner knows nothing of any game's rules. A game
played another way (Speed is Spit's variant) names it in the spec's ``variants``. The runner is
pure, as the whole engine: its command line, which reads the arguments, keeps the clocks and
prints the :class:`Report`, is ``python -m tools.selfplay`` (tools/selfplay.py).

Real time is simulated, not slept: every seat's AI proposes an action and a reaction delay; the
runner applies whichever proposal falls due first on its clock, then asks again every seat whose
situation (as the game defines it) changed, the seat that acted always included. That is how a
table with AI seats behaves, so a slow AI loses races to a fast one here as it would there.
A turn-based game fits the same loop: only the seat to move proposes (engine/turn_based_match.py
is the whole match of such a game, built from its deal, AI, turn and invariants).

An AI step runs on the bot's own CPU (a worker thread beside the event loop), so how long one
``propose`` may think matters as much as how well it plays. The engine has no clock (the purity
rule), so :func:`play` times proposals only with a CPU clock handed to it (the command line hands
it the process's CPU time). The measure never reaches a game: the same seed plays the same match
either way.
"""

import importlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.contract import AiChoice
from engine.errors import IllegalAction
from engine.games import registered

MAX_MESSAGES = 5
"""Violation messages kept in a report (the count is always complete)."""


class SelfPlayMatch(Protocol):
    """One self-play match (a game defines how many of its games make one) seen by the runner."""

    @property
    def seats(self) -> int: ...

    @property
    def games_finished(self) -> int: ...

    def finished(self) -> bool: ...

    def situation(self, seat: int) -> Hashable:
        """A value that changes whenever something that seat's AI decides on changes."""
        ...

    def level(self, seat: int) -> str:
        """The AI level playing ``seat`` now (CPU time per step is reported per level)."""
        ...

    def propose(self, seat: int) -> AiChoice[Any] | None:
        """What the seat's AI does next (``delay`` in simulated seconds), or None while it waits."""
        ...

    def apply(self, action: Any) -> None: ...

    def violations(self) -> list[str]:
        """Broken invariants after the last action (empty when all is well)."""
        ...


NewMatch = Callable[[int, int, int], SelfPlayMatch]
"""``(players, games, seed)`` -> a match that ends after ``games`` games."""

CpuClock = Callable[[], float]
"""Seconds of CPU time used so far, to time each ``propose``; only differences are read."""


@dataclass(frozen=True, slots=True)
class SelfPlaySpec:
    min_players: int
    max_players: int
    new_match: NewMatch
    max_actions_per_game: int
    """More actions than this per game means the match is stuck: a violation."""
    variants: Mapping[str, NewMatch] = field(default_factory=dict)
    """Other ways to play the game, by name (the command line's ``--variant``)."""

    def match_maker(self, game: str, variant: str | None) -> NewMatch:
        """``new_match``, or the named variant's; ``ValueError`` for a variant the game lacks."""
        if variant is None:
            return self.new_match
        if variant not in self.variants:
            raise ValueError(f"{game} has no variant {variant!r}")
        return self.variants[variant]


@dataclass
class Report:
    game: str
    players: int
    games: int
    seed: int
    variant: str | None = None
    actions: int = 0
    simulated_seconds: float = 0.0
    violations: int = 0
    messages: list[str] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds of every ``propose`` call, by the AI level that made it (when timed)."""

    def violation(self, message: str) -> None:
        self.violations += 1
        if len(self.messages) < MAX_MESSAGES:
            self.messages.append(message)

    def thinking(self) -> dict[str, dict[str, float | int]]:
        """Per level: how many ``propose`` calls were timed, the 99th percentile and the most
        CPU seconds of one (nearest rank, so the p99 is a call that happened)."""
        result: dict[str, dict[str, float | int]] = {}
        for level, samples in sorted(self.think.items()):
            ordered = sorted(samples)
            rank = max(0, -(-len(ordered) * 99 // 100) - 1)
            result[level] = {
                "steps": len(ordered),
                "p99": round(ordered[rank], 6),
                "max": round(ordered[-1], 6),
            }
        return result


def modules() -> dict[str, str]:
    """Game name -> the module exposing its ``SELFPLAY``, for every game engine/games.py
    registers (``engine.<game>.selfplay``)."""
    return {game.name: f"{game.module('engine')}.selfplay" for game in registered()}


def load(game: str) -> SelfPlaySpec:
    """The registered spec of ``game``; ``KeyError`` for a game without one."""
    spec: SelfPlaySpec = importlib.import_module(modules()[game]).SELFPLAY
    return spec


_UNSEEN = object()
"""A situation no seat is ever in, to force a seat to be asked again."""


def run(
    game: str,
    players: int,
    games: int,
    seed: int,
    variant: str | None = None,
    cpu_clock: CpuClock | None = None,
) -> Report:
    """Play one match of ``games`` games (of ``variant``, if given) and report; stops at the
    first broken invariant, since a corrupt table only produces more noise after it. With
    ``cpu_clock``, every proposal's CPU time is recorded by level."""
    spec = load(game)
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(f"{game} is for {spec.min_players} to {spec.max_players} players")
    new_match = spec.match_maker(game, variant)
    report = Report(game, players, games, seed, variant)
    return play(new_match(players, games, seed), spec.max_actions_per_game, report, cpu_clock)


def play(
    match: SelfPlayMatch, max_actions_per_game: int, report: Report, cpu_clock: CpuClock | None = None
) -> Report:
    """Drive ``match`` to its end on the simulated clock, filling in ``report`` (and, with
    ``cpu_clock``, its CPU seconds per proposal)."""
    seen: list[Hashable] = [_UNSEEN] * match.seats
    pending: list[tuple[float, Any] | None] = [None] * match.seats
    clock = 0.0
    while not match.finished():
        for seat in range(match.seats):
            situation = match.situation(seat)
            if situation != seen[seat]:
                seen[seat] = situation
                if cpu_clock is None:
                    proposal = match.propose(seat)
                else:
                    level = str(match.level(seat))
                    began = cpu_clock()
                    proposal = match.propose(seat)
                    report.think.setdefault(level, []).append(cpu_clock() - began)
                pending[seat] = None if proposal is None else (clock + proposal.delay, proposal.action)
        first: tuple[float, int, Any] | None = None
        for seat, entry in enumerate(pending):
            if entry is not None and (first is None or entry[0] < first[0]):
                first = (entry[0], seat, entry[1])
        if first is None:
            report.violation(f"nobody can act after {report.actions} actions")
            break
        clock, seat, action = first
        pending[seat] = None
        seen[seat] = _UNSEEN
        try:
            match.apply(action)
        except IllegalAction as exc:
            report.violation(f"AI proposed an impossible action {action!r}: {exc}")
            break
        report.actions += 1
        problems = match.violations()
        if problems:
            for problem in problems:
                report.violation(f"after action {report.actions} ({action!r}): {problem}")
            break
        if report.actions > max_actions_per_game * (match.games_finished + 1):
            report.violation(f"game {match.games_finished + 1} is stuck after {report.actions} actions")
            break
    report.games = match.games_finished
    report.simulated_seconds = clock
    return report
