"""Cover Your Assets' part of self-play: AI games and the invariants checked after each action.

The invariants are written from the rulebook, not from the engine's code:

- all 110 cards are always somewhere (hands, draw pile, discard pile, stacks, a running
  challenge) and the count of each kind never changes;
- no hand holds more than a full hand, and while the draw pile has cards every hand is full
  when a turn starts; the seat whose turn it is holds a card;
- a challenge is fought over the defender's top set, with matching cards shown alternately,
  the challenger's first; a first set is never taken (it stays put all round);
- the round is over exactly when every hand and the draw pile are empty, and then each running
  total has grown by exactly the value of its stack;
- a game is won by the single highest total at or above the goal; each round is dealt by the
  seat after the last dealer.

Seat levels rotate from game to game (seat ``s`` plays level ``(s + game) % 3``) so every level
plays every seat and every player count.
"""

from collections import Counter
from collections.abc import Hashable
from itertools import chain

from engine.ai import Level
from engine.assets.actions import Action
from engine.assets.ai import Choice, choose
from engine.assets.cards import Asset, answers, make_deck
from engine.assets.sets import AssetSet
from engine.assets.state import MAX_PLAYERS, MIN_PLAYERS, AssetsState, Stage, new_game
from engine.rng import Rng, derive_seed
from engine.selfplay import SelfPlaySpec

LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)


def census(state: AssetsState) -> Counter[Asset]:
    """How many of each card lie anywhere on the table."""
    sets = (asset_set.cards for stack in state.stacks for asset_set in stack)
    shown = (card for _, card in state.duel.shown) if state.duel is not None else ()
    return Counter(chain(*state.hands, state.draw, state.discard, chain.from_iterable(sets), shown))


def worth(stack: list[AssetSet]) -> int:
    """A stack's face value, card by card."""
    return sum(card.worth for asset_set in stack for card in asset_set.cards)


class Referee:
    """Watches one game action by action and reports what breaks the rules."""

    def __init__(self, state: AssetsState, expected: Counter[Asset]) -> None:
        self.state = state
        self.expected = expected
        self._new_round()

    def _new_round(self) -> None:
        state = self.state
        self.round_number = state.round_number
        self.dealer = state.dealer
        self.start_totals = list(state.totals)
        self.first_sets: list[AssetSet | None] = [stack[0] if stack else None for stack in state.stacks]
        self.scored = False

    def check(self) -> list[str]:
        state = self.state
        problems = self._cards() + self._hands() + self._duel()
        if state.round_number != self.round_number:
            if state.dealer != (self.dealer + 1) % state.players:
                problems.append(
                    f"round {state.round_number} dealt by seat {state.dealer} after {self.dealer}"
                )
            if list(state.totals) != self.start_totals or not self.scored:
                problems.append("a round was dealt before the last one was scored")
            self._new_round()
        for seat, stack in enumerate(state.stacks):
            first = self.first_sets[seat]
            if first is None and stack:
                self.first_sets[seat] = stack[0]
            elif first is not None and (not stack or stack[0] != first):
                problems.append(f"seat {seat}'s first set {first} was taken")
        return problems + self._round_end()

    def _cards(self) -> list[str]:
        found = census(self.state)
        if found == self.expected:
            return []
        return [
            f"cards not conserved: missing {dict(self.expected - found)}, extra {dict(found - self.expected)}"
        ]

    def _hands(self) -> list[str]:
        state = self.state
        problems = [
            f"seat {seat} holds {len(hand)} cards"
            for seat, hand in enumerate(state.hands)
            if len(hand) > state.hand_size
        ]
        if state.stage is Stage.TURN:
            if state.draw and any(len(hand) < state.hand_size for hand in state.hands):
                problems.append("a turn started with a hand short while the draw pile has cards")
            if not state.hands[state.turn]:
                problems.append(f"seat {state.turn} has the turn with an empty hand")
        return problems

    def _duel(self) -> list[str]:
        duel = self.state.duel
        if duel is None:
            return []
        problems: list[str] = []
        stack = self.state.stacks[duel.defender]
        if len(stack) < 2 or stack[-1] != duel.stake:
            problems.append(f"the challenge is not over seat {duel.defender}'s top set above its first")
        if not self.state.stacks[duel.challenger]:
            problems.append(f"seat {duel.challenger} challenged without a set")
        sides = [duel.challenger, duel.defender]
        for index, (seat, card) in enumerate(duel.shown):
            if seat != sides[index % 2] or not answers(card, duel.stake.asset):
                problems.append(
                    f"card {index} of the challenge, {card} by seat {seat}, is out of turn or off-suit"
                )
        return problems

    def _round_end(self) -> list[str]:
        state = self.state
        over = state.stage in (Stage.ROUND_OVER, Stage.GAME_OVER)
        empty = not state.draw and not any(state.hands) and state.duel is None
        if over != empty:
            return [f"round over is {over} but the table's hands and draw pile being empty is {empty}"]
        if not over:
            return [] if list(state.totals) == self.start_totals else ["the totals changed during a round"]
        if self.scored:
            return []
        self.scored = True
        problems: list[str] = []
        values = [worth(stack) for stack in state.stacks]
        expected = [total + value for total, value in zip(self.start_totals, values, strict=True)]
        if list(state.totals) != expected:
            problems.append(f"totals {state.totals} should be {expected} (stacks worth {values})")
        self.start_totals = list(state.totals)
        best = max(state.totals)
        leaders = [seat for seat, total in enumerate(state.totals) if total == best]
        decided = best >= state.goal and len(leaders) == 1
        if decided != (state.outcome is not None):
            problems.append(
                f"totals {state.totals} against the goal {state.goal}, yet outcome {state.outcome}"
            )
        elif state.outcome is not None and state.outcome.winner != leaders[0]:
            problems.append(f"seat {state.outcome.winner} won with totals {state.totals}")
        return problems


class AssetsMatch:
    """``games`` games between AI seats, one after another, driven by :func:`engine.selfplay.run`."""

    def __init__(self, players: int, games: int, seed: int) -> None:
        self.players = players
        self.games = games
        self.seed = seed
        self.rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in range(players)]
        self.expected = Counter(make_deck())
        self.started = 0
        self.games_finished = 0
        self._start()

    def _start(self) -> None:
        self.game = new_game(self.players, seed=derive_seed(self.seed, "game", self.started))
        self.referee = Referee(self.game, self.expected)
        self.started += 1

    @property
    def seats(self) -> int:
        return self.players

    def finished(self) -> bool:
        return self.games_finished >= self.games

    def level(self, seat: int) -> Level:
        return LEVELS[(seat + self.started - 1) % len(LEVELS)]

    def situation(self, seat: int) -> Hashable:
        """Every action changes what the seat to act decides on (and perhaps who that is). The
        runner asks this first after each action, so a finished game is followed by the next
        one here, once its last action has been checked."""
        if self.game.outcome is not None:
            self._start()
        return (self.started, len(self.game.log))

    def propose(self, seat: int) -> Choice | None:
        return choose(self.game, seat, self.level(seat), self.rngs[seat])

    def apply(self, action: Action) -> None:
        self.game.apply(action)
        if self.game.outcome is not None:
            self.games_finished += 1

    def violations(self) -> list[str]:
        return self.referee.check()


SELFPLAY = SelfPlaySpec(
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_match=AssetsMatch,
    max_actions_per_game=20_000,
)
