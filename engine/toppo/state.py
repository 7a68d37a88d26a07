"""One game of Toppo (docs/rules.md §1): the table, the rules that change it, and what players see.

The state is mutable and ``apply`` changes it in place, returning the events; an action that
cannot happen raises :class:`~engine.errors.IllegalAction` *before* anything changes, so the
table can try an action under its lock without copying. Actions arrive one at a time in the
order the table received them ("simultaneous" means first valid action wins).

Readings of the rulebook that are ours, where docs/rules.md is silent [house]:

- Turning and the deck: a card can only be turned from a non-empty deck. A player whose deck runs
  out before the line is full cannot top, match or renew (those need a full line), but then they
  hold fewer than N <= 5 cards, so they can always call toppo.
- After a match, the rest of the line *must* go under the deck (the rules' words), so turning the
  next card does that first; ``Renew`` does it on its own. Matching may go on, one card at a time,
  until the player renews or turns.
- A panel names a top or a match without the details clicks would add (``TopLine``,
  ``MatchCard``): the line is laid in an order that tops if there is one, a card on its
  identical display card; a line that cannot top, a card with no twin, is the usual mistake.
- Cards going under a deck keep their order: a line goes in the order it was turned, a penalty
  puts the line first and then the penalty cards in the order drawn.
- A false start is the offender's turned card (the gate keeps every line empty, so that is all
  they have turned) plus 1 penalty card; the interrupt that follows returns no other cards.
- The topped pile is shuffled into a new stock at the moment a card is needed from an empty
  stock (a penalty or a replacement), which is when players at a table notice it has run out;
  cards topped in between are part of the new stock.
- Toppo may be called at any moment of a running game, even while play waits for the restarter
  (calling is not turning a card, so it is never a false start).
- Display vote: a vote stands until the display changes (a top, a match or a replacement), then
  all votes lapse. The replaced display goes to the topped pile *before* the new cards are drawn,
  so a replacement always finds N cards. ``display_age`` (full lines renewed since the display
  last changed) is the engine's measure of "untopped for a while", which it has no clock for.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import Any, ClassVar

from engine.cards import Pile
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.saving import restore, saved
from engine.toppo.actions import (
    Action,
    CallTop,
    CallToppo,
    ChooseDisplaySize,
    Match,
    MatchCard,
    Renew,
    SeriesAction,
    TopLine,
    TurnCard,
    VoteReplace,
    action_from_json,
    action_to_json,
)
from engine.toppo.cards import DECK_SIZE, Card, find_top, make_deck, notation, parse_cards, sets_for
from engine.toppo.events import (
    CardTurned,
    DisplayReplaced,
    Event,
    FalseStart,
    GameEnded,
    Interrupted,
    LineTopped,
    Matched,
    MatchFailed,
    Penalty,
    PenaltyPaid,
    PlayStarted,
    Renewed,
    StockReshuffled,
    TopFailed,
    ToppoCalled,
    ToppoFailed,
    VoteCast,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 8
TOPPO_LIMIT = 10
"""A player may call toppo with fewer than this many cards (deck and line)."""
PENALTY_CARDS = 5
"""Stock cards added for a wrong top, a wrong match or a false toppo."""
FALSE_START_CARDS = 1
"""Stock cards added for a false start."""


def allowed_display_sizes(players: int) -> tuple[int, ...]:
    """Display sizes a game may use: 3, 4 or 5; never 5 with two players."""
    return (3, 4) if players == 2 else (3, 4, 5)


@dataclass(frozen=True, slots=True)
class ToppoOptions:
    """How a game is set up; ``start_player`` None means drawn from the seed."""

    display_size: int = 3
    start_player: int | None = None


@dataclass(frozen=True, slots=True)
class Position:
    """A dealt table, every pile top first: what ``new_game`` deals from a seed, or what a test
    stacks (decks need not hold 33 cards then)."""

    display: tuple[Card, ...]
    decks: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    topped: tuple[Card, ...] = ()
    start_player: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: who called toppo and each seat's penalty points."""

    caller: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ToppoView:
    """What a seat (or, with ``seat`` None, the public table) sees.

    Lines are face up on the table and decks are face down for everyone, their owner included,
    so the only thing a seat's view adds is who "you" are: there is no private hand in Toppo.
    """

    seat: int | None
    players: int
    display_size: int
    start_player: int
    display: tuple[Card, ...]
    lines: tuple[tuple[Card, ...], ...]
    matching: tuple[bool, ...]
    """Per seat: the line is what is left after a match (it can only match on or go back)."""
    deck_sizes: tuple[int, ...]
    stock_size: int
    topped_size: int
    restarter: int | None
    """The seat everyone waits for before turning, or None while play runs."""
    votes: tuple[int, ...]
    votes_needed: int
    display_age: int
    outcome: Outcome | None


def _check_player_count(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(Reason.BAD_OPTION, f"Toppo is for 2 to 8 players, not {players}")


def _check_players(players: int, display_size: int, start_player: int) -> None:
    _check_player_count(players)
    if display_size not in allowed_display_sizes(players):
        raise IllegalAction(Reason.BAD_OPTION, f"no display of {display_size} with {players} players")
    if not 0 <= start_player < players:
        raise IllegalAction(Reason.BAD_OPTION, f"no seat {start_player} to start")


class ToppoState:
    """A game in progress (or over). Read its attributes; change it only through ``apply``."""

    def __init__(self, position: Position, seed: int, options: ToppoOptions | None, rng: Rng) -> None:
        """Lay out ``position``; ``options`` is None for a stacked position (kept for to_json);
        ``rng`` (the dealer's, or fresh from ``seed``) shuffles the stock again later."""
        self.players = len(position.decks)
        self.display_size = len(position.display)
        self.start_player = position.start_player
        _check_players(self.players, self.display_size, self.start_player)
        self.seed = seed
        self.options = options
        self._position = position if options is None else None
        self.rng = rng
        self.display = list(position.display)
        self.decks = [Pile(deck) for deck in position.decks]
        self.lines: list[list[Card]] = [[] for _ in position.decks]
        self.matching = [False] * self.players
        self.stock = Pile(position.stock)
        self.topped = Pile(position.topped)
        self.restarter: int | None = position.start_player
        self.votes: set[int] = set()
        self.display_age = 0
        self.outcome: Outcome | None = None
        self.log: list[Action] = []

    @classmethod
    def from_position(cls, position: Position, seed: int = 0) -> "ToppoState":
        """A game from a stacked position; ``seed`` drives later reshuffles."""
        return cls(position, seed, None, Rng.from_seed(seed))

    # -- queries ---------------------------------------------------------------------------------

    def cards_left(self, seat: int) -> int:
        """Cards in ``seat``'s deck and line: what toppo and the score count."""
        return len(self.decks[seat]) + len(self.lines[seat])

    def votes_needed(self) -> int:
        """A majority of the players [house]."""
        return self.players // 2 + 1

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, penalised mistakes included (all top orders, all
        line-card/slot pairs), in a fixed order."""
        self.check_seat(seat)
        if self.outcome is not None:
            return []
        line = self.lines[seat]
        actions: list[Action] = []
        if self.matching[seat] or (len(line) < self.display_size and self.decks[seat]):
            actions.append(TurnCard(seat))
        if self._line_ready(seat):
            if not self.matching[seat]:
                actions.extend(CallTop(seat, order) for order in permutations(range(self.display_size)))
                actions.append(TopLine(seat))
            actions.extend(
                Match(seat, index, slot) for index in range(len(line)) for slot in range(self.display_size)
            )
            actions.extend(MatchCard(seat, card) for card in dict.fromkeys(line))
            actions.append(Renew(seat))
        actions.append(CallToppo(seat))
        if seat not in self.votes:
            actions.append(VoteReplace(seat))
        return actions

    def view(self, seat: int | None = None) -> ToppoView:
        """What ``seat`` sees, or the public table for None."""
        if seat is not None:
            self.check_seat(seat)
        return ToppoView(
            seat=seat,
            players=self.players,
            display_size=self.display_size,
            start_player=self.start_player,
            display=tuple(self.display),
            lines=tuple(tuple(line) for line in self.lines),
            matching=tuple(self.matching),
            deck_sizes=tuple(len(deck) for deck in self.decks),
            stock_size=len(self.stock),
            topped_size=len(self.topped),
            restarter=self.restarter,
            votes=tuple(sorted(self.votes)),
            votes_needed=self.votes_needed(),
            display_age=self.display_age,
            outcome=self.outcome,
        )

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, action: SeriesAction) -> list[Event]:
        """Apply ``action`` and return what happened; ``IllegalAction`` (and no change) if it
        cannot happen at all. (A series action is accepted so that any AI choice can be passed
        in; choosing the display size is refused, as a lone game has no next game.)"""
        if isinstance(action, ChooseDisplaySize):
            raise IllegalAction(Reason.NOT_ALLOWED, "the display size is chosen between games of a series")
        self.check_seat(action.seat)
        if self.outcome is not None:
            raise IllegalAction(Reason.GAME_OVER)
        events = self._HANDLERS[type(action)](self, action)
        self.log.append(action)
        return events

    def _turn_card(self, action: TurnCard) -> list[Event]:
        seat = action.seat
        line, deck = self.lines[seat], self.decks[seat]
        if len(line) == self.display_size:
            raise IllegalAction(Reason.LINE_FULL, "the line is full")
        if not deck and not self.matching[seat]:
            raise IllegalAction(Reason.DECK_EMPTY, "the deck is empty")
        events: list[Event] = []
        if self.restarter is not None and seat != self.restarter:
            card = deck.draw_one()
            line.append(card)
            events.append(FalseStart(seat, card))
            events.extend(self._penalise(seat, Penalty.FALSE_START, FALSE_START_CARDS))
            events.append(self._interrupt(self.restarter))
            return events
        if self.matching[seat]:
            events.append(self._return_line(seat))
        card = deck.draw_one()
        line.append(card)
        events.append(CardTurned(seat, card))
        if self.restarter is not None:
            self.restarter = None
            events.append(PlayStarted(seat))
        return events

    def _call_top(self, action: CallTop) -> list[Event]:
        seat, order = action.seat, action.order
        line = self.lines[seat]
        if len(line) != self.display_size:
            raise IllegalAction(Reason.LINE_NOT_FULL, "the line is not full")
        if sorted(order) != list(range(self.display_size)):
            raise IllegalAction(Reason.BAD_OPTION, f"{order} is not an order of the line")
        cards = [line[index] for index in order]
        failed = tuple(
            slot
            for slot, (card, shown) in enumerate(zip(cards, self.display, strict=True))
            if not card.tops(shown)
        )
        if failed:
            return [
                TopFailed(seat, order, failed),
                *self._penalise(seat, Penalty.WRONG_TOP, PENALTY_CARDS),
                self._interrupt(seat),
            ]
        covered = tuple(self.display)
        self.topped.put_top(covered)
        self.display[:] = cards
        line.clear()
        self._display_changed()
        return [LineTopped(seat, tuple(cards), covered), self._interrupt(seat)]

    def _top_line(self, action: TopLine) -> list[Event]:
        seat, line = action.seat, self.lines[action.seat]
        if len(line) != self.display_size or self.matching[seat]:
            raise IllegalAction(Reason.LINE_NOT_FULL, "the line is not full")
        order = find_top(line, self.display) or tuple(range(self.display_size))
        return self._call_top(CallTop(seat, order))

    def _match_card(self, action: MatchCard) -> list[Event]:
        seat, card, line = action.seat, action.card, self.lines[action.seat]
        if not self._line_ready(seat):
            raise IllegalAction(Reason.LINE_NOT_FULL, "the line is not full")
        if card not in line:
            raise IllegalAction(Reason.NOT_IN_LINE, "that card is no longer in the line")
        slots = range(self.display_size)
        slot = next(
            (slot for slot in slots if self.display[slot] is card),
            next((slot for slot in slots if card.tops(self.display[slot])), 0),
        )
        return self._match(Match(seat, line.index(card), slot))

    def _match(self, action: Match) -> list[Event]:
        seat, index, slot = action.seat, action.line_index, action.slot
        line = self.lines[seat]
        if not self._line_ready(seat):
            raise IllegalAction(Reason.LINE_NOT_FULL, "the line is not full")
        if not 0 <= index < len(line):
            raise IllegalAction(Reason.NOT_IN_LINE, "that card is no longer in the line")
        if not 0 <= slot < self.display_size:
            raise IllegalAction(Reason.BAD_TARGET, f"no display slot {slot}")
        card, covered = line[index], self.display[slot]
        if card is not covered:
            return [
                MatchFailed(seat, card, slot),
                *self._penalise(seat, Penalty.WRONG_MATCH, PENALTY_CARDS),
                self._interrupt(seat),
            ]
        del line[index]
        self.topped.put_top([covered])
        self.display[slot] = card
        self.matching[seat] = bool(line)
        self._display_changed()
        return [Matched(seat, card, slot, covered)]

    def _renew(self, action: Renew) -> list[Event]:
        seat = action.seat
        if not self._line_ready(seat):
            raise IllegalAction(Reason.LINE_NOT_FULL, "the line is not full")
        if not self.matching[seat]:
            self.display_age += 1
        return [self._return_line(seat)]

    def _call_toppo(self, action: CallToppo) -> list[Event]:
        seat = action.seat
        left = self.cards_left(seat)
        if left >= TOPPO_LIMIT:
            return [
                ToppoFailed(seat, left),
                *self._penalise(seat, Penalty.FALSE_TOPPO, PENALTY_CARDS),
                self._interrupt(seat),
            ]
        scores = tuple(0 if other == seat else self.cards_left(other) for other in range(self.players))
        self.outcome = Outcome(seat, scores)
        return [ToppoCalled(seat, left), GameEnded(seat, scores)]

    def _vote_replace(self, action: VoteReplace) -> list[Event]:
        seat = action.seat
        if seat in self.votes:
            raise IllegalAction(Reason.ALREADY_VOTED, "you have already voted")
        self.votes.add(seat)
        events: list[Event] = [VoteCast(seat, len(self.votes), self.votes_needed())]
        if len(self.votes) >= self.votes_needed():
            old = tuple(self.display)
            self.topped.put_top(old)
            self.display[:] = self._draw_stock(self.display_size, events)
            self._display_changed()
            events.append(DisplayReplaced(old, tuple(self.display)))
        return events

    _HANDLERS: ClassVar[dict[type, Callable[["ToppoState", Any], list[Event]]]] = {
        TurnCard: _turn_card,
        CallTop: _call_top,
        TopLine: _top_line,
        Match: _match,
        MatchCard: _match_card,
        Renew: _renew,
        CallToppo: _call_toppo,
        VoteReplace: _vote_replace,
    }

    # -- the moves the rules share ---------------------------------------------------------------

    def check_seat(self, seat: int) -> None:
        """``IllegalAction(NOT_SEATED)`` unless ``seat`` is a seat at this table."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(Reason.NOT_SEATED, f"no seat {seat!r}")

    def _line_ready(self, seat: int) -> bool:
        """A full line, or what is left of one after a match: the player may match or renew."""
        return self.matching[seat] or len(self.lines[seat]) == self.display_size

    def _return_line(self, seat: int) -> Renewed:
        cards = tuple(self.lines[seat])
        self.decks[seat].put_bottom(cards)
        self.lines[seat].clear()
        self.matching[seat] = False
        return Renewed(seat, cards)

    def _draw_stock(self, count: int, events: list[Event]) -> list[Card]:
        """Up to ``count`` stock cards, reshuffling the topped pile into the stock when it runs
        out; fewer only when both are empty [house]."""
        cards = self.stock.draw(count)
        while len(cards) < count and self.topped:
            self.stock.put_top(self.topped.take_all())
            self.stock.shuffle(self.rng)
            events.append(StockReshuffled(len(self.stock)))
            cards += self.stock.draw(count - len(cards))
        return cards

    def _penalise(self, seat: int, reason: Penalty, count: int) -> list[Event]:
        """The seat's line, then ``count`` stock cards, go under its deck."""
        events: list[Event] = []
        penalty = self._draw_stock(count, events)
        line = tuple(self.lines[seat])
        self.decks[seat].put_bottom(line)
        self.decks[seat].put_bottom(penalty)
        self.lines[seat].clear()
        self.matching[seat] = False
        events.append(PenaltyPaid(seat, reason, line, tuple(penalty)))
        return events

    def _interrupt(self, restarter: int) -> Interrupted:
        """Every line goes under its owner's deck; only ``restarter`` may turn next."""
        returned: list[tuple[Card, ...]] = []
        for seat, line in enumerate(self.lines):
            returned.append(tuple(line))
            self.decks[seat].put_bottom(line)
            line.clear()
        self.matching = [False] * self.players
        self.restarter = restarter
        return Interrupted(restarter, tuple(returned))

    def _display_changed(self) -> None:
        self.votes.clear()
        self.display_age = 0

    # -- saving ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as JSON-friendly values: for equality and debugging (a saved
        game is the much smaller :meth:`to_json`)."""
        return {
            "players": self.players,
            "display_size": self.display_size,
            "start_player": self.start_player,
            "rng": self.rng.state,
            "display": notation(self.display),
            "decks": [notation(deck) for deck in self.decks],
            "lines": [notation(line) for line in self.lines],
            "matching": list(self.matching),
            "stock": notation(self.stock),
            "topped": notation(self.topped),
            "restarter": self.restarter,
            "votes": sorted(self.votes),
            "display_age": self.display_age,
            "outcome": None if self.outcome is None else [self.outcome.caller, list(self.outcome.scores)],
            "log": [action_to_json(action) for action in self.log],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToppoState) and self.snapshot() == other.snapshot()

    def to_json(self) -> dict[str, Any]:
        """The saved game: how it was dealt (options and seed, or the stacked position) and the
        action log; :meth:`from_json` replays it."""
        if self.options is not None:
            options = {"display_size": self.options.display_size, "start_player": self.options.start_player}
            setup = {"options": options}
        else:
            assert self._position is not None
            setup = {"position": _position_to_json(self._position)}
        return saved("toppo", self.players, self.seed, setup, map(action_to_json, self.log))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ToppoState":
        """Deal again and replay the log; ``ValueError`` (``IllegalAction`` for an action the
        rules refuse) if the data is not a Toppo game."""

        def start(data: Mapping[str, Any]) -> ToppoState:
            if "position" in data:
                return cls.from_position(_position_from_json(data["position"]), data["seed"])
            return new_game(data["players"], ToppoOptions(**data["options"]), data["seed"])

        return restore(data, "toppo", start, action_from_json)


def _position_to_json(position: Position) -> dict[str, Any]:
    return {
        "display": notation(position.display),
        "decks": [notation(deck) for deck in position.decks],
        "stock": notation(position.stock),
        "topped": notation(position.topped),
        "start_player": position.start_player,
    }


def _position_from_json(data: Mapping[str, Any]) -> Position:
    return Position(
        display=parse_cards(data["display"]),
        decks=tuple(parse_cards(deck) for deck in data["decks"]),
        stock=parse_cards(data["stock"]),
        topped=parse_cards(data["topped"]),
        start_player=data["start_player"],
    )


def deal(players: int, options: ToppoOptions, rng: Rng) -> Position:
    """Shuffle one set (two from 5 players), give each player 33 cards and turn the display
    from the rest; the start player is drawn first when the options leave it open."""
    _check_player_count(players)
    start = options.start_player if options.start_player is not None else rng.below(players)
    _check_players(players, options.display_size, start)
    cards = make_deck(sets_for(players))
    rng.shuffle(cards)
    decks = tuple(tuple(cards[DECK_SIZE * seat : DECK_SIZE * (seat + 1)]) for seat in range(players))
    rest = cards[DECK_SIZE * players :]
    size = options.display_size
    return Position(display=tuple(rest[:size]), decks=decks, stock=tuple(rest[size:]), start_player=start)


def new_game(players: int, options: ToppoOptions | None = None, seed: int = 0) -> ToppoState:
    """A new game dealt from ``seed``; ``IllegalAction(BAD_OPTION)`` for an impossible setup."""
    options = options or ToppoOptions()
    rng = Rng.from_seed(seed)
    return ToppoState(deal(players, options, rng), seed, options, rng)
