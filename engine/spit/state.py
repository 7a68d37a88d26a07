"""One game of Spit (docs/rules.md §3): layouts, spit cards, the two centre piles and what players see.

The state is mutable and ``apply`` changes it in place, returning the events; an action that
cannot happen raises :class:`~engine.errors.IllegalAction` *before* anything changes, so the
table can try an action under its lock without copying. Both players act at once; the table
feeds actions in the order it received them, and the first valid one wins.

Readings of the rulebook that are ours, where docs/rules.md is silent [house]:

- Centre pile 0 (left) belongs to seat 0 and pile 1 to seat 1: each player starts, and spits
  onto, their own pile. Nobody touches a card before the spit that starts a layout.
- "Can play" means any move that gets somewhere: a face-up top that fits a centre pile, a
  face-down top to turn up, or a top card moved into an empty space from a pile it leaves a card
  in (moving a lone card to another space changes nothing, so the engine refuses it). A
  stalemate is neither player being able to play; only then may spit be called. The spit cards
  turn once every player who holds spit cards has called, so both turn together.
- A player spitting alone chooses the pile with their first lone spit and keeps to it until the
  next layout; with one spit pile that is the only choice.
- A new layout gathers everything a player holds: the centre pile they get, their stock and any
  spit cards left, shuffled with the game's own generator. A player with no more cards than a
  full layout (15, or 10 with 4 piles) has no spit cards, so they start no pile: with one
  starting spitter there is one spit pile.
- With two centre piles the new layout is always slapped for (the "emptier chooses" option
  covers a player emptying their layout; a stalemate with no spit cards is still a race). With
  one spit pile: when a player empties their stock, the other takes the pile; when both are stuck
  with no spit cards, the player with more stock cards takes it, on a tie the player who
  started it.
- A player with no stock and no spit cards has won at once, whether or not a pile is left; the
  winner's opponent keeps their cards (``Outcome.cards_left``).
- A play that arrives after the centre pile changed is judged on the pile as it is then: it
  stays if it still fits, and is refused as ``stale`` otherwise (see ``engine.spit.actions``).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Pile
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.saving import restore, saved
from engine.spit.actions import (
    Action,
    MoveCard,
    PlayCard,
    Slap,
    Spit,
    SpitAction,
    TurnUp,
    action_from_json,
    action_to_json,
)
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
    CardMoved,
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    CentreTaken,
    GameWon,
    LayoutDealt,
    LayoutEnded,
    PileSlapped,
    SpitCalled,
    SpitEvent,
    Stalemated,
)
from engine.spit.layout import Layout, StockPile, deal_layout, layout_notation, parse_layout

SPACES = (5, 4)
"""Stock piles in a layout: 5, or 4 with the seed's option."""


@dataclass(frozen=True, slots=True)
class SpitOptions:
    """The seed's variants: 4 stock piles instead of 5; the player who empties their layout
    chooses the centre pile (no slapping); plays must alternate colours."""

    piles: int = 5
    emptier_chooses: bool = False
    alternate_colours: bool = False


@dataclass(frozen=True, slots=True)
class Position:
    """A dealt table: each player's layout, spit cards (top first) and the centre piles (top
    first). With both centre piles empty the layout waits for the spit that starts it; otherwise
    play runs. ``new_game`` deals one from a seed; tests stack one (any number of cards)."""

    layouts: tuple[Layout, ...]
    spit_cards: tuple[tuple[Card, ...], ...]
    centre: tuple[tuple[Card, ...], ...] = ((), ())


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: the winner and the cards each player still holds (the winner's 0)."""

    winner: int
    cards_left: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PileView:
    """A stock space as the table shows it: how many cards, and the top if it lies face up."""

    size: int
    top: Card | None


@dataclass(frozen=True, slots=True)
class SpitView:
    """What a seat (or, with ``seat`` None, the public table) sees. Spit has no private cards:
    face-up tops are seen by both, face-down cards by nobody, so the view is the same for every
    seat but for who "you" are."""

    seat: int | None
    options: SpitOptions
    stage: Stage
    layouts: tuple[tuple[PileView, ...], ...]
    spit_cards: tuple[int, ...]
    centre: tuple[Card | None, ...]
    centre_sizes: tuple[int, ...]
    stalemate: bool
    waiting_for: tuple[int, ...]
    """The seats the game waits for: spitters yet to call, or who may slap."""
    called: tuple[int, ...]
    lone_centre: int | None
    """The pile a player spitting alone keeps to, once chosen."""
    emptied: int | None
    """While the piles are slapped for: who emptied their stock (None: a stalemate)."""
    chooser: int | None
    """While the piles are slapped for with the "emptier chooses" option: who chooses."""
    layouts_dealt: int
    outcome: Outcome | None


def _check_options(options: SpitOptions) -> None:
    if options.piles not in SPACES:
        raise IllegalAction(Reason.BAD_OPTION, f"a layout has 4 or 5 stock piles, not {options.piles}")


class SpitState:
    """A game in progress (or over). Read its attributes; change it only through ``apply``."""

    def __init__(self, position: Position, options: SpitOptions, seed: int, rng: Rng, dealt: bool) -> None:
        """Lay out ``position``; ``dealt`` says it came from ``new_game`` (so the saved game is
        its options and seed, else the position itself); ``rng`` shuffles later layouts."""
        _check_options(options)
        if not len(position.layouts) == len(position.spit_cards) == len(position.centre) == len(SEATS):
            raise IllegalAction(Reason.BAD_OPTION, "Spit is for 2 players")
        if any(len(layout) != options.piles for layout in position.layouts):
            raise IllegalAction(Reason.BAD_OPTION, f"each layout has {options.piles} spaces")
        self.options = options
        self.seed = seed
        self.rng = rng
        self._position = None if dealt else position
        self.layouts: list[list[StockPile]] = [list(layout) for layout in position.layouts]
        self.spit_cards: list[Pile[Card]] = [Pile(cards) for cards in position.spit_cards]
        self.centre: list[Pile[Card]] = [Pile(cards) for cards in position.centre]
        self.stage = Stage.PLAY if any(self.centre) else Stage.START
        self.calls: dict[int, int] = {}
        """Seat -> the centre pile it called spit for, until the spit cards turn."""
        self.lone_centre: int | None = None
        self.emptied: int | None = None
        self.layouts_dealt = 1
        self.outcome: Outcome | None = None
        self.log: list[SpitAction] = []

    @classmethod
    def from_position(
        cls, position: Position, options: SpitOptions | None = None, seed: int = 0
    ) -> "SpitState":
        """A game from a stacked position; ``seed`` drives the shuffles of later layouts."""
        return cls(position, options or SpitOptions(), seed, Rng.from_seed(seed), dealt=False)

    # -- queries ---------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(SEATS)

    def stock_cards(self, seat: int) -> int:
        """Cards in ``seat``'s stock piles."""
        return sum(len(pile.cards) for pile in self.layouts[seat])

    def cards_left(self, seat: int) -> int:
        """Cards ``seat`` still has to be rid of: stock piles and spit cards."""
        return self.stock_cards(seat) + len(self.spit_cards[seat])

    def spitters(self) -> tuple[int, ...]:
        """The seats holding spit cards."""
        return tuple(seat for seat in SEATS if self.spit_cards[seat])

    def fits_centre(self, card: Card, centre: int) -> bool:
        """Whether ``card`` may be played on centre pile ``centre`` as it lies now."""
        pile = self.centre[centre]
        return bool(pile) and fits(card, pile.top, self.options.alternate_colours)

    def can_play(self, seat: int) -> bool:
        """Whether ``seat`` has a move that gets somewhere (see the module docstring)."""
        layout = self.layouts[seat]
        has_space = any(not pile.cards for pile in layout)
        centre = [pile.top for pile in self.centre if pile]
        alternate = self.options.alternate_colours
        for pile in layout:
            top = pile.top
            if top is None:
                if pile.hidden_top:
                    return True
            elif (has_space and len(pile.cards) > 1) or any(fits(top, onto, alternate) for onto in centre):
                return True
        return False

    @property
    def stalemate(self) -> bool:
        """While play runs, whether neither player can play: time to call spit."""
        return self.stage is Stage.PLAY and not any(self.can_play(seat) for seat in SEATS)

    def spit_targets(self, seat: int) -> tuple[int, ...]:
        """The centre piles ``seat`` may call spit for now (none if it may not call)."""
        if not self.spit_cards[seat] or seat in self.calls:
            return ()
        if self.stage is not Stage.START and not self.stalemate:
            return ()
        if self.stage is Stage.START or self.spit_cards[other(seat)]:
            return (seat,)
        if self.lone_centre is not None:
            return (self.lone_centre,)
        return tuple(centre for centre in CENTRE_PILES if self.centre[centre])

    def chooser(self) -> int | None:
        """While the piles are slapped for: the only seat that may slap, None for a race."""
        if self.stage is Stage.SLAP and self.options.emptier_chooses:
            return self.emptied
        return None

    def waiting_for(self) -> tuple[int, ...]:
        """The seats the game waits for: spitters yet to call, or the seats that may slap."""
        if self.stage is Stage.SLAP:
            chooser = self.chooser()
            return SEATS if chooser is None else (chooser,)
        return tuple(seat for seat in SEATS if self.spit_targets(seat))

    def legal_actions(self, seat: int) -> list[SpitAction]:
        """Every action ``seat`` may take now, in a fixed order."""
        check_seat(seat)
        if self.stage is Stage.SLAP:
            return [Slap(seat, centre) for centre in CENTRE_PILES] if seat in self.waiting_for() else []
        actions: list[SpitAction] = []
        if self.stage is Stage.PLAY:
            layout = self.layouts[seat]
            spaces = [space for space, pile in enumerate(layout) if not pile.cards]
            for index, pile in enumerate(layout):
                top = pile.top
                if top is not None:
                    actions.extend(PlayCard(seat, index, c) for c in CENTRE_PILES if self.fits_centre(top, c))
                    if len(pile.cards) > 1:
                        actions.extend(MoveCard(seat, index, space) for space in spaces)
                elif pile.hidden_top:
                    actions.append(TurnUp(seat, index))
        actions.extend(Spit(seat, centre) for centre in self.spit_targets(seat))
        return actions

    def view(self, seat: int | None = None) -> SpitView:
        """What ``seat`` sees, or the public table for None."""
        if seat is not None:
            check_seat(seat)
        return SpitView(
            seat=seat,
            options=self.options,
            stage=self.stage,
            layouts=tuple(
                tuple(PileView(len(pile.cards), pile.top) for pile in layout) for layout in self.layouts
            ),
            spit_cards=tuple(len(cards) for cards in self.spit_cards),
            centre=tops(self.centre),
            centre_sizes=tuple(len(pile) for pile in self.centre),
            stalemate=self.stalemate,
            waiting_for=self.waiting_for(),
            called=tuple(sorted(self.calls)),
            lone_centre=self.lone_centre,
            emptied=self.emptied,
            chooser=self.chooser(),
            layouts_dealt=self.layouts_dealt,
            outcome=self.outcome,
        )

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[SpitEvent]:
        """Apply ``action`` and return what happened; ``IllegalAction`` (and no change) if it
        cannot happen at all."""
        if not isinstance(action, SpitAction):
            raise IllegalAction(Reason.NOT_ALLOWED, f"{type(action).__name__} is not a Spit action")
        check_seat(action.seat)
        if self.outcome is not None:
            raise IllegalAction(Reason.GAME_OVER)
        events = self._HANDLERS[type(action)](self, action)
        self.log.append(action)
        return events

    def _check_playing(self) -> None:
        if self.stage is Stage.START:
            raise IllegalAction(Reason.NOT_STARTED, "call spit to start the layout")
        if self.stage is Stage.SLAP:
            raise IllegalAction(Reason.STALE, "the layout is over: slap a centre pile")

    def _pile(self, seat: int, index: int) -> StockPile:
        """A seat's stock space; refused if the layout has no such space."""
        if not 0 <= index < self.options.piles:
            raise IllegalAction(Reason.BAD_TARGET, f"no stock space {index}")
        return self.layouts[seat][index]

    def _face_up_top(self, seat: int, index: int) -> Card:
        """The face-up top of a seat's stock space; refused if there is none (it was played)."""
        top = self._pile(seat, index).top
        if top is None:
            raise IllegalAction(Reason.STALE, "that card is no longer there")
        return top

    def _play_card(self, action: PlayCard) -> list[SpitEvent]:
        seat = action.seat
        self._check_playing()
        card = self._face_up_top(seat, action.pile)
        check_centre(action.centre)
        if not self.centre[action.centre]:
            raise IllegalAction(Reason.BAD_TARGET, "there is no spit pile there")
        if not self.fits_centre(card, action.centre):
            raise PlayRefused(card, action.centre, self.centre[action.centre].top)
        self.layouts[seat][action.pile] = self.layouts[seat][action.pile].without_top()
        self.centre[action.centre].put_top([card])
        return self._settle([CardPlayed(seat, action.pile, action.centre, card)])

    def _turn_up(self, action: TurnUp) -> list[SpitEvent]:
        seat, index = action.seat, action.pile
        self._check_playing()
        pile = self._pile(seat, index)
        if not pile.cards:
            raise IllegalAction(Reason.NO_SUCH_CARD, "that space is empty")
        if pile.face_up:
            raise IllegalAction(Reason.STALE, "that card is already face up")
        self.layouts[seat][index] = pile.turned_up()
        return self._settle([CardTurnedUp(seat, index, pile.cards[0])])

    def _move_card(self, action: MoveCard) -> list[SpitEvent]:
        seat, index, space = action.seat, action.pile, action.space
        self._check_playing()
        card = self._face_up_top(seat, index)
        layout = self.layouts[seat]
        if not 0 <= space < self.options.piles or layout[space].cards:
            raise IllegalAction(Reason.BAD_TARGET, f"stock space {space} is not empty")
        if len(layout[index].cards) == 1:
            raise IllegalAction(Reason.NOT_ALLOWED, "moving a lone card to another space changes nothing")
        layout[index] = layout[index].without_top()
        layout[space] = StockPile((card,), True)
        return self._settle([CardMoved(seat, index, space, card)])

    def _spit(self, action: Spit) -> list[SpitEvent]:
        seat, centre = action.seat, action.centre
        if self.stage is Stage.SLAP:
            raise IllegalAction(Reason.STALE, "the layout is over: slap a centre pile")
        if not self.spit_cards[seat]:
            raise IllegalAction(Reason.NO_SUCH_CARD, "you have no spit cards")
        if seat in self.calls:
            raise IllegalAction(Reason.STALE, "you have already called spit")
        if self.stage is Stage.PLAY and not self.stalemate:
            raise IllegalAction(Reason.NOT_ALLOWED, "someone can still play")
        if centre not in self.spit_targets(seat):
            raise IllegalAction(Reason.BAD_TARGET, f"you cannot spit onto centre pile {centre}")
        self.calls[seat] = centre
        if len(self.calls) < len(self.spitters()):
            return [SpitCalled(seat)]
        alone = len(self.calls) == 1
        events: list[SpitEvent] = []
        for spitter, target in sorted(self.calls.items()):
            card = self.spit_cards[spitter].draw_one()
            self.centre[target].put_top([card])
            events.append(CardSpat(spitter, target, card))
        if alone:
            self.lone_centre = centre
        self.calls.clear()
        self.stage = Stage.PLAY
        return self._settle(events)

    def _slap(self, action: Slap) -> list[SpitEvent]:
        seat, centre = action.seat, action.centre
        if self.stage is not Stage.SLAP:
            raise IllegalAction(Reason.STALE, "there is no new layout to slap for")
        check_centre(centre)
        chooser = self.chooser()
        if chooser is not None and seat != chooser:
            raise IllegalAction(Reason.NOT_ALLOWED, "the player who emptied their layout chooses")
        events: list[SpitEvent] = [PileSlapped(seat, centre)]
        self._new_layouts({seat: centre, other(seat): other(centre)}, events)
        return events

    _HANDLERS: ClassVar[dict[type, Callable[["SpitState", Any], list[SpitEvent]]]] = {
        PlayCard: _play_card,
        TurnUp: _turn_up,
        MoveCard: _move_card,
        Spit: _spit,
        Slap: _slap,
    }

    # -- the moves the rules share ---------------------------------------------------------------

    def _settle(self, events: list[SpitEvent]) -> list[SpitEvent]:
        """After a move in play: a player rid of every card wins; an empty stock, or a stalemate
        nobody can spit out of, ends the layout; any other stalemate is announced."""
        winner = next((seat for seat in SEATS if not self.cards_left(seat)), None)
        if winner is not None:
            self.outcome = Outcome(winner, tuple(self.cards_left(seat) for seat in SEATS))
            self.stage = Stage.OVER
            events.append(GameWon(winner))
        elif (emptied := next((seat for seat in SEATS if not self.stock_cards(seat)), None)) is not None:
            self._end_layout(emptied, events)
        elif self.stalemate:
            spitters = self.spitters()
            if spitters:
                events.append(Stalemated(spitters))
            else:
                self._end_layout(None, events)
        return events

    def _end_layout(self, emptied: int | None, events: list[SpitEvent]) -> None:
        """Two centre piles are slapped for (or chosen); one goes by the rule at once."""
        piles = [centre for centre in CENTRE_PILES if self.centre[centre]]
        if len(piles) == len(CENTRE_PILES):
            self.stage = Stage.SLAP
            self.emptied = emptied
            events.append(LayoutEnded(emptied, True, self.chooser()))
            return
        events.append(LayoutEnded(emptied, False, None))
        [centre] = piles
        if emptied is not None:
            taker = other(emptied)
        else:
            stock = [self.stock_cards(seat) for seat in SEATS]
            taker = centre if stock[0] == stock[1] else max(SEATS, key=lambda seat: stock[seat])
        self._new_layouts({taker: centre}, events)

    def _new_layouts(self, takes: Mapping[int, int], events: list[SpitEvent]) -> None:
        """Each seat gathers the centre pile it takes (if any), its stock and its spit cards,
        shuffles them and lays a new layout; play waits for the spit that starts it. ``takes``
        holds every pile with cards, so the centre is empty afterwards."""
        for seat in SEATS:
            cards: list[Card] = []
            if seat in takes:
                centre = takes[seat]
                cards += self.centre[centre].take_all()
                events.append(CentreTaken(seat, centre, len(cards)))
            for pile in self.layouts[seat]:
                cards += pile.cards
            cards += self.spit_cards[seat].take_all()
            self.rng.shuffle(cards)
            layout, spit = deal_layout(cards, self.options.piles)
            self.layouts[seat] = list(layout)
            self.spit_cards[seat] = Pile(spit)
            events.append(LayoutDealt(seat, tuple(len(pile.cards) for pile in layout), len(spit)))
        self.stage = Stage.START
        self.calls.clear()
        self.lone_centre = None
        self.emptied = None
        self.layouts_dealt += 1

    # -- saving ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as JSON-friendly values: for equality and debugging (a saved
        game is the much smaller :meth:`to_json`)."""
        return {
            "options": _options_to_json(self.options),
            "rng": self.rng.state,
            "stage": self.stage.value,
            "layouts": [layout_notation(layout) for layout in self.layouts],
            "spit_cards": [notation(cards) for cards in self.spit_cards],
            "centre": [notation(pile) for pile in self.centre],
            "calls": sorted(self.calls.items()),
            "lone_centre": self.lone_centre,
            "emptied": self.emptied,
            "layouts_dealt": self.layouts_dealt,
            "outcome": None if self.outcome is None else [self.outcome.winner, list(self.outcome.cards_left)],
            "log": [action_to_json(action) for action in self.log],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpitState) and self.snapshot() == other.snapshot()

    def to_json(self) -> dict[str, Any]:
        """The saved game: options and seed (and the stacked position, if any) and the action
        log; :meth:`from_json` replays it."""
        setup: dict[str, Any] = {"options": _options_to_json(self.options)}
        if self._position is not None:
            setup["position"] = _position_to_json(self._position)
        return saved("spit", self.players, self.seed, setup, map(action_to_json, self.log))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "SpitState":
        """Deal again and replay the log; ``ValueError`` (``IllegalAction`` for an action the
        rules refuse) if the data is not a Spit game."""

        def start(data: Mapping[str, Any]) -> SpitState:
            options = SpitOptions(**data["options"])
            if "position" in data:
                return cls.from_position(_position_from_json(data["position"]), options, data["seed"])
            return new_game(data["players"], options, data["seed"])

        return restore(data, "spit", start, action_from_json)


def _options_to_json(options: SpitOptions) -> dict[str, Any]:
    return {
        "piles": options.piles,
        "emptier_chooses": options.emptier_chooses,
        "alternate_colours": options.alternate_colours,
    }


def _position_to_json(position: Position) -> dict[str, Any]:
    return {
        "layouts": [layout_notation(layout) for layout in position.layouts],
        "spit_cards": [notation(cards) for cards in position.spit_cards],
        "centre": [notation(cards) for cards in position.centre],
    }


def _position_from_json(data: Mapping[str, Any]) -> Position:
    return Position(
        layouts=tuple(parse_layout(layout) for layout in data["layouts"]),
        spit_cards=tuple(parse_cards(cards) for cards in data["spit_cards"]),
        centre=tuple(parse_cards(cards) for cards in data["centre"]),
    )


def deal(options: SpitOptions, rng: Rng) -> Position:
    """Shuffle the deck, give each player 26 cards and lay each player's layout from them."""
    cards = make_deck()
    rng.shuffle(cards)
    half = len(cards) // 2
    dealt = [deal_layout(cards[seat * half : (seat + 1) * half], options.piles) for seat in SEATS]
    return Position(layouts=tuple(layout for layout, _ in dealt), spit_cards=tuple(spit for _, spit in dealt))


def new_game(players: int = 2, options: SpitOptions | None = None, seed: int = 0) -> SpitState:
    """A new game dealt from ``seed``; ``IllegalAction(BAD_OPTION)`` for an impossible setup."""
    check_players(players, "Spit")
    options = options or SpitOptions()
    _check_options(options)
    rng = Rng.from_seed(seed)
    return SpitState(deal(options, rng), options, seed, rng, dealt=True)
