"""A game of Cover Your Assets (docs/rules.md §2): rounds until someone reaches the goal.

The state is mutable and ``apply`` changes it in place, returning the events; an action that
cannot happen raises :class:`~engine.errors.IllegalAction` *before* anything changes. One seat
acts at a time (:meth:`AssetsState.to_act`): the player whose turn it is; during a challenge the
defender, then the challenger, and so on, until one gives up; between rounds the next dealer,
who deals. The engine has no clock: :meth:`AssetsState.timeout_action` is what a table applies
for a seat whose time ran out.

Readings of the rulebook that are ours, where docs/rules.md is silent [house]:

- Seats sit in turn order: "left of the dealer" is the next seat, and play goes up the seats.
- Dealing: one card at a time, starting left of the dealer, then the next card is turned as the
  discard pile. Each later round starts when its dealer deals (:class:`Deal`): every card on the
  table is gathered and shuffled with the game's own generator, so a saved game replays it.
  The first round's dealer is drawn from the seed unless the options name one.
- A challenge ends the challenger's turn whoever wins it; the stake stays on the defender's stack
  until then, and the shown cards lie on the table. A seat with no matching card still answers
  (it can only give up): the engine never decides for a player, a table may answer at once.
- A challenged player with an empty hand can only give up; an empty hand never stops a stack
  being challenged (docs/rules.md).
- Refills go round the whole table after every turn, challenges included, starting with the
  player whose turn it was, each player up to the full hand (4, or 5 with 2 or 3 players).
- The round ends after the turn that leaves every hand empty (which needs an empty draw pile).
  If someone's total then reaches the goal, the single highest total wins; a tie for the highest
  total plays one more round, for everyone, and the same test follows it.
- Sets lie face up (docs/rules.md hides nothing but the hands): a view shows every stack's top set in
  full, a wild included, how many sets lie under it and the stack's value. The seed's advice to
  keep a wild "secret" behind its asset card is table craft the engine does not model.
- ``goal`` is an option (default $1,000,000): with a small goal, such as 1, one round decides the
  game, which is the seed's "play one hand for quick fun".
"""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import chain
from typing import Any, ClassVar

from engine.assets.actions import (
    Action,
    Answer,
    Challenge,
    Deal,
    Discard,
    GiveUp,
    PairFromHand,
    PairWithDiscard,
    action_from_json,
    action_to_json,
)
from engine.assets.cards import Asset, answers, least_useful, make_deck, notation, pairs, parse_cards
from engine.assets.events import (
    Answered,
    CardsDrawn,
    Challenged,
    Discarded,
    DrawPileEmptied,
    Event,
    GameWon,
    GaveUp,
    PairPlaced,
    RoundDealt,
    RoundScored,
    SetWon,
    TieForFirst,
    TurnStarted,
)
from engine.assets.sets import AssetSet, parse_stack, stack_notation, stack_value
from engine.cards import Pile
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.saving import restore, saved

MIN_PLAYERS = 2
MAX_PLAYERS = 6
GOAL = 1_000_000


def hand_size(players: int) -> int:
    """Cards in a full hand: 5 with 2 or 3 players, else 4."""
    return 5 if players <= 3 else 4


class Stage(StrEnum):
    """What the game waits for; the value is a stable code."""

    TURN = "turn"
    """The player whose turn it is, to take one of the four actions."""
    CHALLENGE = "challenge"
    """The seat that must answer a challenge, to show a card or give up."""
    ROUND_OVER = "round_over"
    """The next dealer, to deal the next round."""
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class AssetsOptions:
    """How a game is set up; ``dealer`` None means drawn from the seed."""

    dealer: int | None = None
    goal: int = GOAL


@dataclass(frozen=True, slots=True)
class Position:
    """A dealt round, as ``new_game`` deals it from a seed or a test stacks it: hands, the draw
    and discard piles top first, stacks bottom set first (empty when not given), running totals
    (zeros when not given). The first player is the first seat after ``dealer`` holding cards."""

    hands: tuple[tuple[Asset, ...], ...]
    draw: tuple[Asset, ...] = ()
    discard: tuple[Asset, ...] = ()
    stacks: tuple[tuple[AssetSet, ...], ...] = ()
    dealer: int = 0
    totals: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: the winner and everyone's final total."""

    winner: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Duel:
    """A challenge in progress: ``stake`` is the defender's top set; ``shown`` are the cards
    shown so far, ``(seat, card)`` in order, the challenger's first."""

    challenger: int
    defender: int
    stake: AssetSet
    shown: tuple[tuple[int, Asset], ...]

    @property
    def answering(self) -> int:
        """The seat that must answer the last card shown."""
        return self.defender if len(self.shown) % 2 else self.challenger

    @property
    def leader(self) -> int:
        """The seat that showed last: the winner if the other gives up now."""
        return self.shown[-1][0]


@dataclass(frozen=True, slots=True)
class StackView:
    """A stack as the table shows it: its top set, how many sets lie under it, its value."""

    top: AssetSet | None
    under: int
    value: int


@dataclass(frozen=True, slots=True)
class AssetsView:
    """What a seat (or, with ``seat`` None, the public table) sees: everything but the hands,
    of which only the seat's own is shown (sorted in the fixed card order)."""

    seat: int | None
    players: int
    goal: int
    round_number: int
    dealer: int
    stage: Stage
    turn: int
    """The seat whose turn it is (or was, when the round is over)."""
    to_act: int | None
    """The seat the game waits for, None when it is over."""
    hand: tuple[Asset, ...] | None
    hand_size: int
    hand_sizes: tuple[int, ...]
    draw_size: int
    discard_top: Asset | None
    discard_size: int
    stacks: tuple[StackView, ...]
    duel: Duel | None
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    """Each finished round's scores by seat, first round first."""
    outcome: Outcome | None


def _check(ok: bool, detail: str) -> None:
    if not ok:
        raise IllegalAction(Reason.BAD_OPTION, detail)


def _check_players(players: int) -> None:
    _check(MIN_PLAYERS <= players <= MAX_PLAYERS, f"Cover Your Assets is for 2 to 6 players, not {players}")


class AssetsState:
    """A game in progress (or over). Read its attributes; change it only through ``apply``."""

    def __init__(self, position: Position, seed: int, options: AssetsOptions | None, rng: Rng) -> None:
        """Lay out ``position``; ``options`` is None for a stacked position (kept for to_json);
        ``rng`` (the dealer's, or fresh from ``seed``) shuffles every later round."""
        players = len(position.hands)
        _check_players(players)
        _check(len(position.stacks) in (0, players), "one stack per seat")
        _check(len(position.totals) in (0, players), "one total per seat")
        _check(0 <= position.dealer < players, f"no seat {position.dealer} to deal")
        _check(any(position.hands), "somebody must hold a card")
        goal = GOAL if options is None else options.goal
        _check(type(goal) is int and goal > 0, f"the goal must be a positive amount, not {goal!r}")
        self.players = players
        self.seed = seed
        self.options = options
        self._position = position if options is None else None
        self.rng = rng
        self.goal = goal
        self.hand_size = hand_size(players)
        self.round_number = 1
        self.totals = list(position.totals or (0,) * players)
        self.rounds: list[tuple[int, ...]] = []
        self.duel: Duel | None = None
        self.round_over = False
        self.outcome: Outcome | None = None
        self.log: list[Action] = []
        self.hands: list[list[Asset]] = []
        self.draw: Pile[Asset] = Pile()
        self.discard: Pile[Asset] = Pile()
        self.stacks: list[list[AssetSet]] = []
        self.dealer = self.turn = 0
        self._lay(position, [])

    @classmethod
    def from_position(cls, position: Position, seed: int = 0) -> "AssetsState":
        """A game from a stacked position; ``seed`` shuffles the later rounds."""
        return cls(position, seed, None, Rng.from_seed(seed))

    def _lay(self, position: Position, events: list[Event]) -> None:
        """Put a dealt round on the table and start the first turn."""
        self.hands = [list(hand) for hand in position.hands]
        self.draw = Pile(position.draw)
        self.discard = Pile(position.discard)
        self.stacks = [list(stack) for stack in position.stacks] or [[] for _ in position.hands]
        self.dealer = position.dealer
        self._pass_turn(self.dealer + 1, events)

    # -- queries ---------------------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        if self.outcome is not None:
            return Stage.GAME_OVER
        if self.duel is not None:
            return Stage.CHALLENGE
        return Stage.ROUND_OVER if self.round_over else Stage.TURN

    def to_act(self) -> int | None:
        """The one seat the game waits for, or None when it is over."""
        stage = self.stage
        if stage is Stage.CHALLENGE:
            assert self.duel is not None
            return self.duel.answering
        if stage is Stage.ROUND_OVER:
            return self.next_dealer()
        return None if stage is Stage.GAME_OVER else self.turn

    def next_dealer(self) -> int:
        """The deal moves one seat on each round."""
        return (self.dealer + 1) % self.players

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in a fixed order (cards in the fixed card order,
        targets in turn order); empty for a seat the game is not waiting for."""
        self.check_seat(seat)
        if seat != self.to_act():
            return []
        stage = self.stage
        if stage is Stage.ROUND_OVER:
            return [Deal(seat)]
        kinds = sorted(set(self.hands[seat]), key=lambda card: card.rank)
        if stage is Stage.CHALLENGE:
            assert self.duel is not None
            asset = self.duel.stake.asset
            return [*(Answer(seat, card) for card in kinds if answers(card, asset)), GiveUp(seat)]
        counts = Counter(self.hands[seat])
        actions: list[Action] = [
            PairFromHand(seat, asset, partner)
            for asset in kinds
            for partner in kinds
            if pairs(asset, partner) and (partner is not asset or counts[asset] >= 2)
        ]
        if self.discard:
            top = self.discard.top
            actions.extend(
                PairWithDiscard(seat, card) for card in kinds if AssetSet.of(top, card) is not None
            )
        if self.stacks[seat]:
            for step in range(1, self.players):
                target = (seat + step) % self.players
                if len(self.stacks[target]) >= 2:
                    asset = self.stacks[target][-1].asset
                    actions.extend(Challenge(seat, target, card) for card in kinds if answers(card, asset))
        actions.extend(Discard(seat, card) for card in kinds)
        return actions

    def timeout_action(self, seat: int) -> Action | None:
        """What a table applies for ``seat`` when its time runs out, or None if the game is not
        waiting for it: on a turn, discard the :func:`~engine.assets.cards.least_useful` card; in
        a challenge, give up; between rounds, deal."""
        self.check_seat(seat)
        if seat != self.to_act():
            return None
        stage = self.stage
        if stage is Stage.CHALLENGE:
            return GiveUp(seat)
        if stage is Stage.ROUND_OVER:
            return Deal(seat)
        return Discard(seat, least_useful(self.hands[seat]))

    def view(self, seat: int | None = None) -> AssetsView:
        """What ``seat`` sees, or the public table for None."""
        if seat is not None:
            self.check_seat(seat)
        return AssetsView(
            seat=seat,
            players=self.players,
            goal=self.goal,
            round_number=self.round_number,
            dealer=self.dealer,
            stage=self.stage,
            turn=self.turn,
            to_act=self.to_act(),
            hand=None if seat is None else tuple(sorted(self.hands[seat], key=lambda card: card.rank)),
            hand_size=self.hand_size,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            draw_size=len(self.draw),
            discard_top=self.discard.top if self.discard else None,
            discard_size=len(self.discard),
            stacks=tuple(
                StackView(stack[-1] if stack else None, max(len(stack) - 1, 0), stack_value(stack))
                for stack in self.stacks
            ),
            duel=self.duel,
            totals=tuple(self.totals),
            round_scores=tuple(self.rounds),
            outcome=self.outcome,
        )

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return what happened; ``IllegalAction`` (and no change) if it
        cannot happen at all. An action meant for another stage (a turn action during a
        challenge, a give-up after it ended) is stale; the right stage but another seat's
        moment is not your turn."""
        self.check_seat(action.seat)
        stage = self.stage
        if stage is Stage.GAME_OVER:
            raise IllegalAction(Reason.GAME_OVER)
        if _STAGES[type(action)] is not stage:
            raise IllegalAction(Reason.STALE, f"the game waits for a {stage.value} action")
        if action.seat != self.to_act():
            raise IllegalAction(Reason.NOT_YOUR_TURN, f"the game waits for seat {self.to_act()}")
        events = self._HANDLERS[type(action)](self, action)
        self.log.append(action)
        return events

    def _pair_from_hand(self, action: PairFromHand) -> list[Event]:
        seat, asset, partner = action.seat, action.asset, action.partner
        if not pairs(asset, partner):
            raise IllegalAction(Reason.NOT_ALLOWED, f"{asset} and {partner} do not make a set")
        self._check_holds(seat, asset, partner)
        return self._place(seat, AssetSet.pair(asset, partner), (asset, partner))

    def _pair_with_discard(self, action: PairWithDiscard) -> list[Event]:
        seat, card = action.seat, action.card
        if not self.discard:
            raise IllegalAction(Reason.NOT_ALLOWED, "the discard pile is empty")
        self._check_holds(seat, card)
        top = self.discard.top
        placed = AssetSet.of(top, card)
        if placed is None:
            raise IllegalAction(Reason.NOT_ALLOWED, f"{card} does not pair with the discard {top}")
        self.discard.draw_one()
        return self._place(seat, placed, (card,))

    def _challenge(self, action: Challenge) -> list[Event]:
        seat, target, card = action.seat, action.target, action.card
        if type(target) is not int or not 0 <= target < self.players or target == seat:
            raise IllegalAction(Reason.BAD_TARGET, f"seat {target!r} cannot be challenged by seat {seat}")
        if not self.stacks[seat]:
            raise IllegalAction(Reason.NOT_ALLOWED, "a challenger needs a set of its own")
        if len(self.stacks[target]) < 2:
            raise IllegalAction(Reason.BAD_TARGET, "a player's first set is safe")
        self._check_holds(seat, card)
        stake = self.stacks[target][-1]
        if not answers(card, stake.asset):
            raise IllegalAction(Reason.NOT_ALLOWED, f"{card} does not match {stake.asset}")
        self.hands[seat].remove(card)
        self.duel = Duel(seat, target, stake, ((seat, card),))
        return [Challenged(seat, target, card, stake)]

    def _answer(self, action: Answer) -> list[Event]:
        seat, card = action.seat, action.card
        assert self.duel is not None
        self._check_holds(seat, card)
        if not answers(card, self.duel.stake.asset):
            raise IllegalAction(Reason.NOT_ALLOWED, f"{card} does not match {self.duel.stake.asset}")
        self.hands[seat].remove(card)
        self.duel = replace(self.duel, shown=(*self.duel.shown, (seat, card)))
        return [Answered(seat, card)]

    def _give_up(self, action: GiveUp) -> list[Event]:
        duel = self.duel
        assert duel is not None
        winner = duel.leader
        won = duel.stake.joined(card for _, card in duel.shown)
        self.stacks[duel.defender].pop()
        self.stacks[winner].append(won)
        self.duel = None
        events: list[Event] = [GaveUp(action.seat), SetWon(winner, action.seat, won, winner == duel.defender)]
        self._end_turn(events)
        return events

    def _discard(self, action: Discard) -> list[Event]:
        seat, card = action.seat, action.card
        self._check_holds(seat, card)
        self.hands[seat].remove(card)
        self.discard.put_top([card])
        events: list[Event] = [Discarded(seat, card)]
        self._end_turn(events)
        return events

    def _deal(self, action: Deal) -> list[Event]:
        cards = self.all_cards()
        self.rng.shuffle(cards)
        self.round_number += 1
        self.round_over = False
        events: list[Event] = []
        position = deal(self.players, action.seat, cards)
        events.append(
            RoundDealt(self.round_number, action.seat, position.discard[0] if position.discard else None)
        )
        self._lay(position, events)
        return events

    _HANDLERS: ClassVar[dict[type, Callable[["AssetsState", Any], list[Event]]]] = {
        PairFromHand: _pair_from_hand,
        PairWithDiscard: _pair_with_discard,
        Challenge: _challenge,
        Discard: _discard,
        Answer: _answer,
        GiveUp: _give_up,
        Deal: _deal,
    }

    # -- the moves the rules share ---------------------------------------------------------------

    def check_seat(self, seat: int) -> None:
        """``IllegalAction(NOT_SEATED)`` unless ``seat`` is a seat at this table."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(Reason.NOT_SEATED, f"no seat {seat!r}")

    def _check_holds(self, seat: int, *cards: Asset) -> None:
        """``IllegalAction(NO_SUCH_CARD)`` unless ``seat`` holds all of ``cards`` at once."""
        if Counter(cards) - Counter(self.hands[seat]):
            raise IllegalAction(Reason.NO_SUCH_CARD, f"seat {seat} does not hold {notation(cards)}")

    def _place(self, seat: int, placed: AssetSet, from_hand: tuple[Asset, ...]) -> list[Event]:
        """Take ``from_hand`` (the set's cards but a discard) from hand and put the set on top of
        the stack."""
        for card in from_hand:
            self.hands[seat].remove(card)
        self.stacks[seat].append(placed)
        events: list[Event] = [PairPlaced(seat, placed, from_discard=len(from_hand) < len(placed.cards))]
        self._end_turn(events)
        return events

    def _end_turn(self, events: list[Event]) -> None:
        """Refill every hand, then pass the turn on (or end the round)."""
        if self.draw:
            for step in range(self.players):
                seat = (self.turn + step) % self.players
                drawn = self.draw.draw(self.hand_size - len(self.hands[seat]))
                if drawn:
                    self.hands[seat].extend(drawn)
                    events.append(CardsDrawn(seat, len(drawn)))
            if not self.draw:
                events.append(DrawPileEmptied())
        self._pass_turn(self.turn + 1, events)

    def _pass_turn(self, start: int, events: list[Event]) -> None:
        """The turn goes to the first seat from ``start`` on with cards in hand (the player who
        just played comes last); with every hand empty, the round ends."""
        skipped: list[int] = []
        for step in range(self.players):
            seat = (start + step) % self.players
            if self.hands[seat]:
                self.turn = seat
                events.append(TurnStarted(seat, tuple(skipped)))
                return
            skipped.append(seat)
        self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        scores = tuple(stack_value(stack) for stack in self.stacks)
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        self.rounds.append(scores)
        self.round_over = True
        events.append(RoundScored(self.round_number, scores, tuple(self.totals)))
        best = max(self.totals)
        if best < self.goal:
            return
        leaders = tuple(seat for seat, total in enumerate(self.totals) if total == best)
        if len(leaders) > 1:
            events.append(TieForFirst(leaders, best))
            return
        self.outcome = Outcome(leaders[0], tuple(self.totals))
        events.append(GameWon(leaders[0], tuple(self.totals)))

    def all_cards(self) -> list[Asset]:
        """Every card on the table, wherever it lies: hands, piles, stacks, a running challenge."""
        shown = [card for _, card in self.duel.shown] if self.duel is not None else []
        sets = (asset_set.cards for stack in self.stacks for asset_set in stack)
        return [*chain(*self.hands), *self.draw, *self.discard, *chain.from_iterable(sets), *shown]

    # -- saving ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as JSON-friendly values: for equality and debugging (a saved
        game is the much smaller :meth:`to_json`)."""
        duel = self.duel
        return {
            "players": self.players,
            "goal": self.goal,
            "rng": self.rng.state,
            "round_number": self.round_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [notation(hand) for hand in self.hands],
            "draw": notation(self.draw),
            "discard": notation(self.discard),
            "stacks": [stack_notation(stack) for stack in self.stacks],
            "duel": None
            if duel is None
            else [duel.challenger, duel.defender, str(duel.stake), [[s, c.code] for s, c in duel.shown]],
            "round_over": self.round_over,
            "totals": list(self.totals),
            "rounds": [list(scores) for scores in self.rounds],
            "outcome": None if self.outcome is None else [self.outcome.winner, list(self.outcome.totals)],
            "log": [action_to_json(action) for action in self.log],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AssetsState) and self.snapshot() == other.snapshot()

    def to_json(self) -> dict[str, Any]:
        """The saved game: how it was dealt (options and seed, or the stacked position) and the
        action log; :meth:`from_json` replays it."""
        if self.options is not None:
            setup = {"options": {"dealer": self.options.dealer, "goal": self.options.goal}}
        else:
            assert self._position is not None
            setup = {"position": _position_to_json(self._position)}
        return saved("assets", self.players, self.seed, setup, map(action_to_json, self.log))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "AssetsState":
        """Deal again and replay the log; ``ValueError`` (``IllegalAction`` for an action the
        rules refuse) if the data is not a Cover Your Assets game."""

        def start(data: Mapping[str, Any]) -> AssetsState:
            if "position" in data:
                return cls.from_position(_position_from_json(data["position"]), data["seed"])
            return new_game(data["players"], AssetsOptions(**data["options"]), data["seed"])

        return restore(data, "assets", start, action_from_json)


_STAGES: dict[type, Stage] = {
    PairFromHand: Stage.TURN,
    PairWithDiscard: Stage.TURN,
    Challenge: Stage.TURN,
    Discard: Stage.TURN,
    Answer: Stage.CHALLENGE,
    GiveUp: Stage.CHALLENGE,
    Deal: Stage.ROUND_OVER,
}
"""The stage each kind of action belongs to."""


def _position_to_json(position: Position) -> dict[str, Any]:
    return {
        "hands": [notation(hand) for hand in position.hands],
        "draw": notation(position.draw),
        "discard": notation(position.discard),
        "stacks": [stack_notation(stack) for stack in position.stacks],
        "dealer": position.dealer,
        "totals": list(position.totals),
    }


def _position_from_json(data: Mapping[str, Any]) -> Position:
    return Position(
        hands=tuple(parse_cards(hand) for hand in data["hands"]),
        draw=parse_cards(data["draw"]),
        discard=parse_cards(data["discard"]),
        stacks=tuple(parse_stack(stack) for stack in data["stacks"]),
        dealer=data["dealer"],
        totals=tuple(data["totals"]),
    )


def deal(players: int, dealer: int, cards: Sequence[Asset]) -> Position:
    """Deal ``cards`` (top first) one at a time from the dealer's left to full hands (fewer if
    they run out), turn the next card as the discard pile, and leave the rest to draw from."""
    dealt = min(len(cards), players * hand_size(players))
    hands: list[list[Asset]] = [[] for _ in range(players)]
    for index in range(dealt):
        hands[(dealer + 1 + index) % players].append(cards[index])
    rest = cards[dealt:]
    return Position(
        hands=tuple(tuple(hand) for hand in hands),
        draw=tuple(rest[1:]),
        discard=tuple(rest[:1]),
        dealer=dealer,
    )


def new_game(players: int, options: AssetsOptions | None = None, seed: int = 0) -> AssetsState:
    """A new game dealt from ``seed``; ``IllegalAction(BAD_OPTION)`` for an impossible setup."""
    options = options or AssetsOptions()
    _check_players(players)
    rng = Rng.from_seed(seed)
    dealer = options.dealer if options.dealer is not None else rng.below(players)
    _check(type(dealer) is int and 0 <= dealer < players, f"no seat {dealer!r} to deal")
    cards = make_deck()
    rng.shuffle(cards)
    return AssetsState(deal(players, dealer, cards), seed, options, rng)
