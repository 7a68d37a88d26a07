"""Spit's and Speed's part of self-play: AI games and the invariants checked after each action.

The invariants are written from the rulebook, not from the engine's code:

- every game is dealt the whole deck, and all 52 cards are always somewhere, each exactly once
  (layouts, spit cards, centre piles; or hands, stocks, side piles, centre piles and the middle
  cards);
- every card played lies on a card one rank away (of the other colour, with that option);
- Spit: a layout has its number of spaces; while play runs both players have stock cards and a
  stalemate always has someone to spit; with one starting spitter there is one spit pile, and a
  player spitting alone keeps to one pile; a new layout is laid as piles of 1, 2, 3 .. with spit
  cards only beyond a full layout; the slapper takes the slapped pile, and with the "emptier
  chooses" option only the emptier slaps; the winner holds no card;
- Speed: a hand holds 5 cards while its stock has any; the winner of a deal has played every
  card and scores the cards left in the other stock; the game ends exactly when a deal is won
  with no target, or when the winner's total reaches the target.

A game that cannot end shows up as the runner's "stuck" violation (``max_actions_per_game``).
Games rotate through every pairing of levels (seat 0's level, seat 1's) and, independently,
through the game's options, so all of them meet all of the rules.
"""

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import chain, product

from engine.ai import Level
from engine.rng import Rng, derive_seed
from engine.selfplay import SelfPlaySpec
from engine.spit.actions import Action
from engine.spit.ai import Choice, choose
from engine.spit.cards import Card, fits, make_deck
from engine.spit.centre import PLAYERS, SEATS, Stage, other, tops
from engine.spit.events import (
    CardPlayed,
    CardSpat,
    CentreTaken,
    DealWon,
    Event,
    HandCardPlayed,
    LayoutDealt,
    LayoutEnded,
    PileSlapped,
)
from engine.spit.speed import HAND, SpeedOptions, SpeedState
from engine.spit.speed import new_game as new_speed_game
from engine.spit.state import SpitOptions, SpitState, new_game

PAIRINGS = tuple(product(Level, repeat=PLAYERS))
"""Every pair of levels, seat 0's first."""
SPIT_OPTIONS = (
    SpitOptions(),
    SpitOptions(piles=4),
    SpitOptions(emptier_chooses=True),
    SpitOptions(alternate_colours=True),
)
SPEED_OPTIONS = (SpeedOptions(), SpeedOptions(side_pile=5), SpeedOptions(side_pile=5, target=10))
DECK = Counter(make_deck())


def census(state: SpitState | SpeedState) -> Counter[Card]:
    """How many of each card lie anywhere on the table."""
    if isinstance(state, SpeedState):
        return Counter(chain(*state.hands, *state.stocks, *state.sides, *state.centre, state.middle))
    stock = (card for layout in state.layouts for pile in layout for card in pile.cards)
    return Counter(chain(stock, *state.spit_cards, *state.centre))


def conserved(state: SpitState | SpeedState, expected: Counter[Card]) -> list[str]:
    found = census(state)
    if found == expected:
        return []
    return [f"cards not conserved: missing {dict(expected - found)}, extra {dict(found - expected)}"]


def played_fairly(
    state: SpitState | SpeedState, events: Iterable[Event], before: tuple[Card | None, ...]
) -> list[str]:
    """Every card played in ``events`` fits the top its pile had before (``before``; one action
    plays at most one card, and the pile may be gone after it, into a new layout or deal)."""
    alternate = isinstance(state, SpitState) and state.options.alternate_colours
    problems: list[str] = []
    for event in events:
        if isinstance(event, CardPlayed | HandCardPlayed):
            onto = before[event.centre]
            if onto is None or not fits(event.card, onto, alternate):
                problems.append(f"{event.card} played on centre pile {event.centre}, whose top was {onto}")
    return problems


class SpitReferee:
    """Watches one game of Spit action by action and reports what breaks the rules."""

    def __init__(self, state: SpitState) -> None:
        self.state = state
        self.expected = census(state)
        self.lone: dict[int, int] = {}
        """Layout number -> the pile a player spitting alone spat onto first."""
        self.ended: LayoutEnded | None = None
        """The end of the last layout, until the next is dealt."""
        self._remember()

    def _remember(self) -> None:
        """What the next check compares with: the table before the next action."""
        state = self.state
        self.held = tuple(state.cards_left(seat) for seat in SEATS)
        self.tops = tops(state.centre)
        self.layout = state.layouts_dealt

    def check(self, events: Sequence[Event]) -> list[str]:
        state = self.state
        problems = conserved(state, self.expected) + played_fairly(state, events, self.tops) + self._table()
        spat = [event for event in events if isinstance(event, CardSpat)]
        if len(spat) == 1:
            first = self.lone.setdefault(self.layout, spat[0].centre)
            if spat[0].centre != first:
                problems.append(f"seat {spat[0].seat}, spitting alone, changed from pile {first}")
        problems += [
            f"seat {e.seat} spat onto the other pile" for e in spat if len(spat) > 1 and e.centre != e.seat
        ]
        for event in events:
            if isinstance(event, LayoutEnded):
                self.ended = event
            elif isinstance(event, PileSlapped):
                problems += self._slapped(event, events)
            elif isinstance(event, LayoutDealt):
                problems += self._dealt(event, events)
        outcome = state.outcome
        if outcome is not None and state.cards_left(outcome.winner):
            problems.append(f"seat {outcome.winner} won holding {state.cards_left(outcome.winner)} cards")
        self._remember()
        return problems

    def _table(self) -> list[str]:
        state = self.state
        problems = [
            f"seat {seat}'s layout has {len(layout)} spaces"
            for seat, layout in enumerate(state.layouts)
            if len(layout) != state.options.piles
        ]
        problems += [
            f"seat {seat}'s space {index} is face up with no card"
            for seat, layout in enumerate(state.layouts)
            for index, pile in enumerate(layout)
            if pile.face_up and not pile.cards
        ]
        if state.stage is Stage.PLAY:
            if not all(state.stock_cards(seat) for seat in SEATS):
                problems.append("play runs with an empty stock")
            if state.stalemate and not state.spitters():
                problems.append("a stalemate with nobody to spit")
            if not any(state.centre):
                problems.append("play runs with no spit pile")
        if state.stage is Stage.START and (any(state.centre) or not state.spitters()):
            problems.append("a layout waits to start with cards in the centre or nobody to spit")
        if state.stage is Stage.SLAP and not all(state.centre):
            problems.append("a pile is slapped for while a centre pile is empty")
        return problems

    def _slapped(self, slap: PileSlapped, events: Sequence[Event]) -> list[str]:
        problems: list[str] = []
        taken = {(event.seat, event.centre) for event in events if isinstance(event, CentreTaken)}
        if taken != {(slap.seat, slap.centre), (other(slap.seat), other(slap.centre))}:
            problems.append(f"seat {slap.seat} slapped pile {slap.centre} but the piles went {sorted(taken)}")
        emptied = None if self.ended is None else self.ended.emptied
        if self.state.options.emptier_chooses and emptied is not None and slap.seat != emptied:
            problems.append(f"seat {slap.seat} chose, not seat {emptied} who emptied their layout")
        return problems

    def _dealt(self, event: LayoutDealt, events: Sequence[Event]) -> list[str]:
        """A new layout keeps every card the seat held (but one it shed in the same action) and
        adds the pile it took, laid as piles
        of 1, 2, 3 .. while the cards last (spit cards only beyond a full layout), tops face up;
        after an emptied stock with one spit pile, the other player takes it."""
        state, seat = self.state, event.seat
        problems: list[str] = []
        took = [taken for taken in events if isinstance(taken, CentreTaken) and taken.seat == seat]
        held = state.cards_left(seat)
        shed = sum(1 for gone in events if isinstance(gone, CardPlayed | CardSpat) and gone.seat == seat)
        if held != self.held[seat] - shed + sum(taken.cards for taken in took):
            problems.append(f"seat {seat} held {self.held[seat]}, took {took} and now holds {held}")
        ended = self.ended
        if ended is None:
            problems.append(f"seat {seat} laid a new layout that nothing ended")
        elif not ended.race and ended.emptied is not None and bool(took) != (seat != ended.emptied):
            problems.append(f"seat {seat} took {took} after seat {ended.emptied} emptied their stock")
        piles = event.piles
        wrong = [i for i, size in enumerate(piles) if size != min(i + 1, held - sum(piles[:i]))]
        if wrong or sum(piles) + event.spit_cards != held or len(state.spit_cards[seat]) != event.spit_cards:
            problems.append(f"seat {seat} laid {piles} + {event.spit_cards} from {held} cards")
        if any(pile.hidden_top for pile in state.layouts[seat]):
            problems.append(f"seat {seat} laid a pile face down")
        return problems


class SpeedReferee:
    """Watches one game of Speed action by action and reports what breaks the rules."""

    def __init__(self, state: SpeedState) -> None:
        self.state = state
        self.expected = census(state)
        self.points = [0] * PLAYERS
        self._remember()

    def _remember(self) -> None:
        """What the next check compares with: the table before the next action."""
        state = self.state
        self.hands = tuple(len(hand) for hand in state.hands)
        self.stocks = tuple(len(stock) for stock in state.stocks)
        self.tops = tops(state.centre)

    def check(self, events: Sequence[Event]) -> list[str]:
        state = self.state
        problems = conserved(state, self.expected) + played_fairly(state, events, self.tops)
        for seat in SEATS:
            hand, stock = len(state.hands[seat]), len(state.stocks[seat])
            if hand > HAND or (stock and hand < HAND):
                problems.append(f"seat {seat} holds {hand} cards with {stock} in stock")
        if (state.stage is Stage.START) != bool(state.middle) or (state.stage is Stage.START) == all(
            state.centre
        ):
            problems.append(f"stage {state.stage} with middle {state.middle} and centre {tops(state.centre)}")
        for event in events:
            if isinstance(event, DealWon):
                problems += self._deal_won(event)
        self._remember()
        return problems

    def _deal_won(self, event: DealWon) -> list[str]:
        state = self.state
        problems: list[str] = []
        if event.points != self.stocks[other(event.seat)]:
            problems.append(f"seat {event.seat} scored {event.points}, the other stock held {self.stocks}")
        self.points[event.seat] += event.points
        if list(event.totals) != self.points:
            problems.append(f"totals {event.totals} should be {self.points}")
        target = state.options.target
        ended = target is None or self.points[event.seat] >= target
        if ended != (state.outcome is not None):
            problems.append(f"totals {self.points} against target {target}, yet outcome {state.outcome}")
        if (self.hands[event.seat], self.stocks[event.seat]) != (1, 0):
            problems.append(f"seat {event.seat} won a deal with its last play from {self.hands} in hand")
        return problems


class Match:
    """``games`` games between AI seats, one after another, driven by :func:`engine.selfplay.run`;
    game ``n`` is dealt with ``options[n % len(options)]`` (Spit's or Speed's)."""

    def __init__(
        self, games: int, seed: int, options: tuple[SpitOptions, ...] | tuple[SpeedOptions, ...]
    ) -> None:
        self.games = games
        self.seed = seed
        self.options = options
        self.rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in SEATS]
        self.games_finished = 0
        self.problems: list[str] = []
        self._start()

    def _start(self) -> None:
        """Deal the next game, which must hold the whole deck."""
        number = self.games_finished
        seed = derive_seed(self.seed, "game", number)
        options = self.options[number % len(self.options)]
        if isinstance(options, SpeedOptions):
            speed = new_speed_game(PLAYERS, options, seed)
            self.game: SpitState | SpeedState = speed
            self.referee: SpitReferee | SpeedReferee = SpeedReferee(speed)
        else:
            spit = new_game(PLAYERS, options, seed)
            self.game, self.referee = spit, SpitReferee(spit)
        self.problems += conserved(self.game, DECK)

    @property
    def seats(self) -> int:
        return PLAYERS

    def finished(self) -> bool:
        return self.games_finished >= self.games

    def level(self, seat: int) -> Level:
        """Options change every game, the pairing of levels after every round of options."""
        return PAIRINGS[self.games_finished // len(self.options) % len(PAIRINGS)][seat]

    def situation(self, seat: int) -> Hashable:
        """What the seat's AI decides on: the centre tops, its own cards, the stage, the
        stalemate and its call; the other player's cards never change its decision."""
        game = self.game
        common = (self.games_finished, game.stage, tops(game.centre), game.stalemate)
        if isinstance(game, SpeedState):
            return (*common, game.deal_number, tuple(game.hands[seat]), seat in game.calls)
        return (*common, game.layouts_dealt, tuple(game.layouts[seat]), game.spit_targets(seat))

    def propose(self, seat: int) -> Choice | None:
        return choose(self.game, seat, self.level(seat), self.rngs[seat])

    def apply(self, action: Action) -> None:
        game = self.game
        self.problems += self.referee.check(game.apply(action))
        if game.outcome is not None:
            self.games_finished += 1
            if not self.finished():
                self._start()

    def violations(self) -> list[str]:
        problems, self.problems = self.problems, []
        return problems


def _maker(options: tuple[SpitOptions, ...] | tuple[SpeedOptions, ...]) -> Callable[[int, int, int], Match]:
    return lambda players, games, seed: Match(games, seed, options)


SELFPLAY = SelfPlaySpec(
    min_players=PLAYERS,
    max_players=PLAYERS,
    new_match=_maker(SPIT_OPTIONS),
    max_actions_per_game=20_000,
    variants={"speed": _maker(SPEED_OPTIONS)},
)
