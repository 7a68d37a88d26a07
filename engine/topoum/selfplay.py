"""Topoum's part of self-play: AI games and the invariants checked after every action.

The invariants are written from the rulebook, not from the engine's code: each player's 4 moles
are on the board, in reserve or in a prison, and their 14 bases on the board or in reserve;
moles and obstacles only stand on bases, never together; the battlefield is one connected piece
(except while the player chooses between equal parts); badges are never negative; every card is
in the deck, a hand, the Operations Line, a discard pile or (Peace) set aside, and their count
never changes; hands hold at most 2 cards; a finished game's winners have the most badges, then
the most colour bases. The runner's action limit checks that every game ends, and every AI step is
checked against its level's work budget (states copied, :attr:`TopoumAI.work_limit`).

Seat levels rotate from game to game (seat ``s`` plays ``levels[(s + game) % len(levels)]``), so
every level plays every seat. :func:`duel` plays levels against each other and reports each
level's share of the wins (``python -m tools.topoum_duel --levels hard,easy``).
"""

from collections import Counter
from collections.abc import Hashable, Sequence
from itertools import chain

from engine.ai import Level
from engine.rng import Rng, derive_seed
from engine.selfplay import SelfPlaySpec
from engine.topoum.actions import Action
from engine.topoum.ai import Choice, TopoumAI
from engine.topoum.board import NOBODY
from engine.topoum.cards import HAND_SIZE, LINE_SLOTS, CardType, copies_per_type
from engine.topoum.state import BASES, MAX_PLAYERS, MIN_PLAYERS, MOLES, Stage, TopoumState, new_game

LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)
MAX_ACTIONS_PER_GAME = 3000


def census(state: TopoumState) -> Counter[CardType]:
    """How many of each card lie anywhere (Peace counts once it is set aside)."""
    cards: Counter[CardType] = Counter(chain(state.deck, state.line_discards, *state.hands, *state.discards))
    cards.update(card for card in state.line if card is not None)
    if state.peace_drawn:
        cards[CardType.PEACE] += 1
    return cards


def expected_census(state: TopoumState) -> Counter[CardType]:
    copies = copies_per_type(state.players)
    return Counter({**{card: copies for card in state.card_types}, CardType.PEACE: 1})


def check_game(state: TopoumState) -> list[str]:
    """The rulebook's invariants of one game (see the module docstring)."""
    problems: list[str] = []
    board = state.board
    for seat in range(state.players):
        held = sum(state.prisons[captor][seat] for captor in range(state.players))
        moles = board.mole.count(seat) + state.mole_reserve[seat] + held
        if moles != MOLES or state.mole_reserve[seat] < 0:
            problems.append(f"seat {seat} has {moles} moles ({state.mole_reserve[seat]} in reserve)")
        bases = board.bases_of(seat) + state.base_reserve[seat]
        if bases != BASES or state.base_reserve[seat] < 0:
            problems.append(f"seat {seat} has {bases} bases ({state.base_reserve[seat]} in reserve)")
        if state.badges[seat] < 0:
            problems.append(f"seat {seat} has {state.badges[seat]} badges")
        if len(state.hands[seat]) > HAND_SIZE:
            problems.append(f"seat {seat} holds {len(state.hands[seat])} cards")
    for hex_, owner in enumerate(board.base):
        if owner == NOBODY and (board.mole[hex_] != NOBODY or board.obstacle[hex_] is not None):
            problems.append(f"a mole or obstacle without a base on hex {hex_}")
        if board.mole[hex_] != NOBODY and board.obstacle[hex_] is not None:
            problems.append(f"a mole on an obstacle on hex {hex_}")
    parts = len(board.components())
    allowed = len(state.parts) if state.stage is Stage.SPLIT else 1
    if parts != allowed:
        problems.append(f"the battlefield is in {parts} parts")
    found, expected = census(state), expected_census(state)
    if found != expected:
        problems.append(
            f"cards not conserved: missing {dict(expected - found)}, extra {dict(found - expected)}"
        )
    if len(state.line) != LINE_SLOTS:
        problems.append(f"the Operations Line has {len(state.line)} slots")
    outcome = state.outcome
    if outcome is not None:
        ranking = [(state.badges[seat], board.colour_count(seat)) for seat in range(state.players)]
        winners = tuple(seat for seat, rank in enumerate(ranking) if rank == max(ranking))
        if outcome.winners != winners:
            problems.append(f"winners {outcome.winners} should be {winners}")
    return problems


class TopoumMatch:
    """``games`` games in a row between AI seats, driven by :func:`engine.selfplay.run` (or by
    :func:`duel`)."""

    def __init__(self, players: int, games: int, seed: int, levels: Sequence[Level] = LEVELS) -> None:
        self.players = players
        self.games = games
        self.seed = seed
        self.levels = tuple(levels)
        self.finished_games = 0
        self.wins_share: dict[Level, float] = dict.fromkeys(self.levels, 0.0)
        """Games won per level, a shared win split between the winners."""
        self.problems: list[str] = []
        self._new_game()

    def _new_game(self) -> None:
        game = self.finished_games
        self.state = new_game(self.players, seed=derive_seed(self.seed, "game", game))
        self.ais = [
            TopoumAI(self.level(seat), Rng.from_seed(derive_seed(self.seed, "ai", game, seat)))
            for seat in range(self.players)
        ]

    @property
    def seats(self) -> int:
        return self.players

    @property
    def games_finished(self) -> int:
        return self.finished_games

    def finished(self) -> bool:
        return self.finished_games >= self.games

    def level(self, seat: int) -> Level:
        return self.levels[(seat + self.finished_games) % len(self.levels)]

    def situation(self, seat: int) -> Hashable:
        """Only the seat whose decision the game waits for has anything to decide."""
        state = self.state
        return (self.finished_games, len(state.log) if seat == state.current else None)

    def propose(self, seat: int) -> Choice | None:
        ai = self.ais[seat]
        choice = ai.choose(self.state, seat)
        limit = ai.work_limit
        if limit is not None and ai.spent > limit:
            self.problems.append(
                f"seat {seat} ({ai.level}) copied {ai.spent} states, over its budget of {limit}"
            )
        return choice

    def apply(self, action: Action) -> None:
        self.state.apply(action)
        outcome = self.state.outcome
        if outcome is None:
            return
        self.problems += check_game(self.state)
        for seat in outcome.winners:
            self.wins_share[self.level(seat)] += 1 / len(outcome.winners)
        self.finished_games += 1
        if not self.finished():
            self._new_game()

    def violations(self) -> list[str]:
        problems, self.problems = self.problems, []
        return problems + check_game(self.state)


SELFPLAY = SelfPlaySpec(
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_match=TopoumMatch,
    max_actions_per_game=MAX_ACTIONS_PER_GAME,
)


def duel(levels: Sequence[Level], games: int, seed: int) -> dict[str, object]:
    """Play ``games`` games between the given levels (one per seat, rotating) and report each
    level's share of the wins; invariants are checked after every action."""
    match = TopoumMatch(len(levels), games, seed, levels)
    actions = 0
    violations: list[str] = []
    while not match.finished() and not violations:
        state = match.state
        choice = match.propose(state.current)
        if choice is None:
            violations.append(f"seat {state.current} has nothing to do at {state.stage}")
            break
        match.apply(choice.action)
        actions += 1
        violations = match.violations()
    return {
        "levels": [str(level) for level in levels],
        "games": match.finished_games,
        "actions": actions,
        "wins": {str(level): round(share, 1) for level, share in match.wins_share.items()},
        "win_rate": {
            str(level): round(share / max(1, match.finished_games), 3)
            for level, share in match.wins_share.items()
        },
        "violations": violations,
    }
