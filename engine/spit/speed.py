"""One game of Speed (docs/rules.md §3, "Speed variant"): secret hands, side piles and two centre piles.

The state is mutable and ``apply`` changes it in place, returning the events; an action that
cannot happen raises :class:`~engine.errors.IllegalAction` *before* anything changes. Both players
act at once, and the first valid action the table received wins.

Readings of the rulebook that are ours, where docs/rules.md is silent [house]:

- The hand refills from the player's own stock right after every play (docs/rules.md: "whenever it
  drops below 5"), so it holds 5 cards until the stock is empty.
- Side pile 0 lies beside centre pile 0 (left), side pile 1 beside centre pile 1 (right). A flip
  (at the start, or in a stalemate) happens once both players have called for it; a side pile that
  is empty while the other still has cards turns nothing.
- The centre piles are shuffled into new side piles when a stalemate flip finds both side piles
  empty; the left pile gets the odd card.
- A dead stalemate, where no card in the side piles or under the centre tops fits any card in
  either hand, would flip forever; instead each player puts their hand under their own stock and
  draws five again (``HandsRenewed``).
- Scoring (docs/rules.md: "one point per card left in the opponent's stock") counts the stock only, not
  the hand. With no target the first deal decides the game; with a target, deals follow one
  another (each dealt from all 52 cards, shuffled with the game's generator) until the winner of
  a deal reaches it. A deal can score 0 when the loser's stock is empty.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar

from engine.cards import Pile
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.saving import restore, saved
from engine.spit.actions import Action, Flip, PlayHand, SpeedAction, action_from_json, action_to_json
from engine.spit.cards import Card, fits, make_deck, notation, parse_cards
from engine.spit.centre import (
    CENTRE_PILES,
    SEATS,
    PlayRefused,
    Stage,
    check_centre,
    check_players,
    check_seat,
    other,
    tops,
)
from engine.spit.events import (
    CentreFlipped,
    DealStarted,
    DealWon,
    FlipCalled,
    GameWon,
    HandCardPlayed,
    HandRefilled,
    HandsRenewed,
    SidePilesRebuilt,
    SpeedEvent,
    Stalemated,
)

HAND = 5
"""Cards in a full hand."""
SIDE_PILES = (10, 5)
"""Cards in each side pile: 10, or 5 with the seed's option (then each player gets 20, not 15)."""


@dataclass(frozen=True, slots=True)
class SpeedOptions:
    """``side_pile``: 10 or 5 cards per side pile; ``target``: play deals until a player's
    points reach it (None: one deal, no scoring)."""

    side_pile: int = 10
    target: int | None = None


@dataclass(frozen=True, slots=True)
class SpeedPosition:
    """A dealt table, every pile top first. With ``middle`` (the two face-down middle cards)
    play waits for both players to flip; without, the centre piles must hold cards and play
    runs. ``new_game`` deals one from a seed; tests stack one."""

    hands: tuple[tuple[Card, ...], ...]
    stocks: tuple[tuple[Card, ...], ...]
    sides: tuple[tuple[Card, ...], ...]
    centre: tuple[tuple[Card, ...], ...] = ((), ())
    middle: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class SpeedOutcome:
    """A finished game: the winner and each seat's points, summed over the deals (with no
    target, the one deal's points: how clear the win was)."""

    winner: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SpeedView:
    """What a seat (or, with ``seat`` None, the public table) sees: everything face up, the
    sizes of the face-down piles and hands, and the seat's own hand (None for the table)."""

    seat: int | None
    options: SpeedOptions
    stage: Stage
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    stock_sizes: tuple[int, ...]
    side_sizes: tuple[int, ...]
    centre: tuple[Card | None, ...]
    centre_sizes: tuple[int, ...]
    stalemate: bool
    waiting_for: tuple[int, ...]
    """The seats whose flip call the game waits for."""
    called: tuple[int, ...]
    deal_number: int
    totals: tuple[int, ...]
    outcome: SpeedOutcome | None


def _check_options(options: SpeedOptions) -> None:
    if options.side_pile not in SIDE_PILES:
        raise IllegalAction(Reason.BAD_OPTION, f"side piles hold 10 or 5 cards, not {options.side_pile}")
    if options.target is not None and options.target < 1:
        raise IllegalAction(Reason.BAD_OPTION, f"a target of {options.target} points")


def _check_position(position: SpeedPosition) -> None:
    counts = {len(position.hands), len(position.stocks), len(position.sides), len(position.centre)}
    if counts != {len(SEATS)}:
        raise IllegalAction(Reason.BAD_OPTION, "Speed is for 2 players, with two side and centre piles")
    for hand, stock in zip(position.hands, position.stocks, strict=True):
        if len(hand) > HAND or (stock and len(hand) < HAND):
            raise IllegalAction(
                Reason.BAD_OPTION, f"a hand holds {HAND} cards, fewer only once the stock is out"
            )
    started = all(position.centre) and not position.middle
    waiting = len(position.middle) == len(CENTRE_PILES) and not any(position.centre)
    if not started and not waiting:
        raise IllegalAction(Reason.BAD_OPTION, "either two middle cards or two centre piles")


class SpeedState:
    """A game in progress (or over). Read its attributes; change it only through ``apply``."""

    def __init__(
        self, position: SpeedPosition, options: SpeedOptions, seed: int, rng: Rng, dealt: bool
    ) -> None:
        """Lay out ``position``; ``dealt`` says it came from ``new_game`` (so the saved game is
        its options and seed, else the position itself); ``rng`` shuffles later."""
        _check_options(options)
        _check_position(position)
        self.options = options
        self.seed = seed
        self.rng = rng
        self._position = None if dealt else position
        self._lay(position)
        self.totals = [0] * len(SEATS)
        self.deal_number = 1
        self.outcome: SpeedOutcome | None = None
        self.log: list[SpeedAction] = []

    def _lay(self, position: SpeedPosition) -> None:
        self.hands: list[list[Card]] = [list(hand) for hand in position.hands]
        self.stocks: list[Pile[Card]] = [Pile(stock) for stock in position.stocks]
        self.sides: list[Pile[Card]] = [Pile(side) for side in position.sides]
        self.centre: list[Pile[Card]] = [Pile(pile) for pile in position.centre]
        self.middle: list[Card] = list(position.middle)
        self.stage = Stage.START if self.middle else Stage.PLAY
        self.calls: set[int] = set()

    @classmethod
    def from_position(
        cls, position: SpeedPosition, options: SpeedOptions | None = None, seed: int = 0
    ) -> "SpeedState":
        """A game from a stacked position; ``seed`` drives later shuffles."""
        return cls(position, options or SpeedOptions(), seed, Rng.from_seed(seed), dealt=False)

    # -- queries ---------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(SEATS)

    def fits_centre(self, card: Card, centre: int) -> bool:
        """Whether ``card`` may be played on centre pile ``centre`` as it lies now."""
        pile = self.centre[centre]
        return bool(pile) and fits(card, pile.top)

    def can_play(self, seat: int) -> bool:
        return self.stage is Stage.PLAY and any(
            self.fits_centre(card, centre) for card in self.hands[seat] for centre in CENTRE_PILES
        )

    @property
    def stalemate(self) -> bool:
        """While play runs, whether neither player can play: time to flip."""
        return self.stage is Stage.PLAY and not any(self.can_play(seat) for seat in SEATS)

    def waiting_for(self) -> tuple[int, ...]:
        """The seats whose flip call the game waits for (at the start, or in a stalemate)."""
        if self.stage is Stage.START or self.stalemate:
            return tuple(seat for seat in SEATS if seat not in self.calls)
        return ()

    def legal_actions(self, seat: int) -> list[SpeedAction]:
        """Every action ``seat`` may take now, in a fixed order."""
        check_seat(seat)
        actions: list[SpeedAction] = []
        if self.stage is Stage.PLAY:
            actions.extend(
                PlayHand(seat, card, centre)
                for card in self.hands[seat]
                for centre in CENTRE_PILES
                if self.fits_centre(card, centre)
            )
        if seat in self.waiting_for():
            actions.append(Flip(seat))
        return actions

    def view(self, seat: int | None = None) -> SpeedView:
        """What ``seat`` sees, or the public table for None."""
        if seat is not None:
            check_seat(seat)
        return SpeedView(
            seat=seat,
            options=self.options,
            stage=self.stage,
            hand=None if seat is None else tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            stock_sizes=tuple(len(stock) for stock in self.stocks),
            side_sizes=tuple(len(side) for side in self.sides),
            centre=tops(self.centre),
            centre_sizes=tuple(len(pile) for pile in self.centre),
            stalemate=self.stalemate,
            waiting_for=self.waiting_for(),
            called=tuple(sorted(self.calls)),
            deal_number=self.deal_number,
            totals=tuple(self.totals),
            outcome=self.outcome,
        )

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[SpeedEvent]:
        """Apply ``action`` and return what happened; ``IllegalAction`` (and no change) if it
        cannot happen at all."""
        if not isinstance(action, SpeedAction):
            raise IllegalAction(Reason.NOT_ALLOWED, f"{type(action).__name__} is not a Speed action")
        check_seat(action.seat)
        if self.outcome is not None:
            raise IllegalAction(Reason.GAME_OVER)
        events = self._HANDLERS[type(action)](self, action)
        self.log.append(action)
        return events

    def _play_hand(self, action: PlayHand) -> list[SpeedEvent]:
        seat, card, centre = action.seat, action.card, action.centre
        if self.stage is Stage.START:
            raise IllegalAction(Reason.NOT_STARTED, "flip the middle cards to start")
        check_centre(centre)
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(Reason.NO_SUCH_CARD, f"{card} is not in your hand")
        if not self.fits_centre(card, centre):
            raise PlayRefused(card, centre, self.centre[centre].top)
        hand.remove(card)
        self.centre[centre].put_top([card])
        events: list[SpeedEvent] = [HandCardPlayed(seat, card, centre)]
        drawn = self.stocks[seat].draw(HAND - len(hand))
        if drawn:
            hand.extend(drawn)
            events.append(HandRefilled(seat, len(drawn)))
        if not hand:
            self._win(seat, events)
        elif self.stalemate:
            events.append(Stalemated(SEATS))
        return events

    def _flip(self, action: Flip) -> list[SpeedEvent]:
        seat = action.seat
        if seat in self.calls:
            raise IllegalAction(Reason.STALE, "you have already called for a flip")
        if self.stage is Stage.PLAY and not self.stalemate:
            raise IllegalAction(Reason.NOT_ALLOWED, "someone can still play")
        self.calls.add(seat)
        if len(self.calls) < len(SEATS):
            return [FlipCalled(seat)]
        self.calls.clear()
        events: list[SpeedEvent] = []
        if self.stage is Stage.START:
            for pile, middle in zip(self.centre, self.middle, strict=True):
                pile.put_top([middle])
            events.append(CentreFlipped((self.middle[0], self.middle[1]), False))
            self.middle.clear()
            self.stage = Stage.PLAY
        elif self._dead():
            for hand, stock in zip(self.hands, self.stocks, strict=True):
                stock.put_bottom(hand)
                hand[:] = stock.draw(HAND)
            events.append(HandsRenewed())
        else:
            if not any(self.sides):
                self._rebuild_sides(events)
            left, right = (side.draw_one() if side else None for side in self.sides)
            for pile, flipped in zip(self.centre, (left, right), strict=True):
                if flipped is not None:
                    pile.put_top([flipped])
            events.append(CentreFlipped((left, right), True))
        if self.stalemate:
            events.append(Stalemated(SEATS))
        return events

    _HANDLERS: ClassVar[dict[type, Callable[["SpeedState", Any], list[SpeedEvent]]]] = {
        PlayHand: _play_hand,
        Flip: _flip,
    }

    # -- the moves the rules share ---------------------------------------------------------------

    def _dead(self) -> bool:
        """No card that a flip could ever bring up (side piles, and centre cards under the tops,
        which a rebuild brings back) fits any card in either hand."""
        coming = list(chain(*self.sides, *(list(pile)[1:] for pile in self.centre)))
        return not any(fits(card, up) for card in chain(*self.hands) for up in coming)

    def _rebuild_sides(self, events: list[SpeedEvent]) -> None:
        """Shuffle the centre piles but their tops into new side piles."""
        cards: list[Card] = []
        for pile in self.centre:
            top = pile.draw_one()
            cards += pile.take_all()
            pile.put_top([top])
        self.rng.shuffle(cards)
        half = (len(cards) + 1) // 2
        self.sides = [Pile(cards[:half]), Pile(cards[half:])]
        events.append(SidePilesRebuilt((half, len(cards) - half)))

    def _win(self, seat: int, events: list[SpeedEvent]) -> None:
        """``seat`` played its last card: it scores the cards left in the other stock; the game
        ends unless a target is set and not yet reached, when the next deal follows."""
        points = len(self.stocks[other(seat)])
        self.totals[seat] += points
        events.append(DealWon(seat, points, tuple(self.totals)))
        target = self.options.target
        if target is None or self.totals[seat] >= target:
            self.outcome = SpeedOutcome(seat, tuple(self.totals))
            self.stage = Stage.OVER
            events.append(GameWon(seat))
            return
        cards = list(chain(*self.hands, *self.stocks, *self.sides, *self.centre, self.middle))
        self.rng.shuffle(cards)
        self._lay(deal(cards, self.options))
        self.deal_number += 1
        events.append(DealStarted(self.deal_number))

    # -- saving ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as JSON-friendly values: for equality and debugging (a saved
        game is the much smaller :meth:`to_json`)."""
        return {
            "options": _options_to_json(self.options),
            "rng": self.rng.state,
            "stage": self.stage.value,
            "hands": [notation(hand) for hand in self.hands],
            "stocks": [notation(stock) for stock in self.stocks],
            "sides": [notation(side) for side in self.sides],
            "centre": [notation(pile) for pile in self.centre],
            "middle": notation(self.middle),
            "calls": sorted(self.calls),
            "totals": list(self.totals),
            "deal_number": self.deal_number,
            "outcome": None if self.outcome is None else [self.outcome.winner, list(self.outcome.totals)],
            "log": [action_to_json(action) for action in self.log],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpeedState) and self.snapshot() == other.snapshot()

    def to_json(self) -> dict[str, Any]:
        """The saved game: options and seed (and the stacked position, if any) and the action
        log; :meth:`from_json` replays it."""
        setup: dict[str, Any] = {"options": _options_to_json(self.options)}
        if self._position is not None:
            setup["position"] = _position_to_json(self._position)
        return saved("speed", self.players, self.seed, setup, map(action_to_json, self.log))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SpeedState":
        """Deal again and replay the log; ``ValueError`` (``IllegalAction`` for an action the
        rules refuse) if the data is not a Speed game."""

        def start(data: Mapping[str, Any]) -> SpeedState:
            options = SpeedOptions(**data["options"])
            if "position" in data:
                return cls.from_position(_position_from_json(data["position"]), options, data["seed"])
            return new_game(data["players"], options, data["seed"])

        return restore(data, "speed", start, action_from_json)


def _options_to_json(options: SpeedOptions) -> dict[str, Any]:
    return {"side_pile": options.side_pile, "target": options.target}


_POSITION_PILES = ("hands", "stocks", "sides", "centre")


def _position_to_json(position: SpeedPosition) -> dict[str, Any]:
    data: dict[str, Any] = {
        name: [notation(cards) for cards in getattr(position, name)] for name in _POSITION_PILES
    }
    data["middle"] = notation(position.middle)
    return data


def _position_from_json(data: Mapping[str, Any]) -> SpeedPosition:
    piles = {name: tuple(parse_cards(cards) for cards in data[name]) for name in _POSITION_PILES}
    return SpeedPosition(**piles, middle=parse_cards(data["middle"]))


def deal(cards: Sequence[Card], options: SpeedOptions) -> SpeedPosition:
    """Deal shuffled ``cards`` (all 52): a hand of 5 and a stock for each player (15 cards in
    all, or 20 with side piles of 5), a side pile at each end and two middle cards face down."""
    side = options.side_pile
    each = (len(cards) - 2 * side - len(CENTRE_PILES)) // len(SEATS)
    players = [cards[seat * each : (seat + 1) * each] for seat in SEATS]
    rest = cards[len(SEATS) * each :]
    return SpeedPosition(
        hands=tuple(tuple(dealt[:HAND]) for dealt in players),
        stocks=tuple(tuple(dealt[HAND:]) for dealt in players),
        sides=(tuple(rest[:side]), tuple(rest[side : 2 * side])),
        middle=tuple(rest[2 * side :]),
    )


def new_game(players: int = 2, options: SpeedOptions | None = None, seed: int = 0) -> SpeedState:
    """A new game dealt from ``seed``; ``IllegalAction(BAD_OPTION)`` for an impossible setup."""
    check_players(players, "Speed")
    options = options or SpeedOptions()
    _check_options(options)
    rng = Rng.from_seed(seed)
    cards = make_deck()
    rng.shuffle(cards)
    return SpeedState(deal(cards, options), options, seed, rng, dealt=True)
