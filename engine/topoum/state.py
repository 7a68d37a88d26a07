"""One game of Topoum (docs/rules.md §4): the table, the rules that change it, and what players see.

The state is mutable and ``apply`` changes it in place, returning the events; an action that
cannot happen raises :class:`~engine.errors.IllegalAction` before anything changes. A turn is a
series of small steps (see ``actions``); :attr:`TopoumState.stage` says which decision the game
waits for, and :meth:`TopoumState.legal_actions` lists every choice that can be carried through
to the end of the action, so a menu built from it never offers something the engine refuses.

Readings of the rulebook that are ours, where docs/rules.md is silent or ambiguous [house] (the card
texts' readings are in ``targets``, the scoring ones in ``scoring``):

- Setup: the start player's neutral centre base is placed by the engine (there is one place for
  it); the other setup placements are choices. Turn order is increasing seat number.
- Ransom: paid only at the start of one's turn, before anything else (also before "always a
  mole"), and only with at least 3 badges. Captured moles wait in the captor's prison, which is
  not the captor's reserve: nobody else can field them.
- Always a mole: the forced placement comes first; if no Enter combat can follow it (no mole or
  no base left, or no playable card from any hex), the action ends there.
- Out of bases: a base taken back must carry no mole (an obstacle on it goes with it) and its
  removal must not split the battlefield. Cards that put a base down (Build Base, Abandoned Base)
  need one in reserve; only entering combat and changing a base may take one back.
- Changing one's own neutral base turns it back to one's colour (the reverse of flipping).
- Friendly fire: every one of the player's own moles eliminated while their card resolves costs
  5 badges (pushes, blasts, traps, rocks, cut-off parts included), except a mole that dies
  together with the enemy mole it moved onto or was recruited onto. Losses outside a card (a
  free step onto a trap) cost nothing.
- Traps and turnips act on a mole entering their base by any means (a step, a card's move, a
  recruit, a push); passing over one (Motorised Patrol) does not.
- A split into equal largest parts: the smaller parts vanish at once, then the player chooses
  which of the largest survives.
- Refills: a hand draws back up to 2; new line cards come in from the left, so the first card
  drawn lies nearest the older ones. If the deck runs out, gaps stay empty. When Peace is drawn
  into a hand, that one card is replaced and the hand draws no more.
- No legal action at all (ransom aside): the only action is Pass, and the turn ends with the
  refill as if no card was used.
- A player whose time runs out (the table keeps the time; see :meth:`TopoumState.timeout_action`)
  passes the same way (:class:`~engine.topoum.actions.Skip`) if their turn has not begun, ends
  Move moles if a mole has stepped, and otherwise takes the first choice on the menu: a setup
  placement cannot be skipped, every player needs their pieces on the board.
- Final scoring: a category nobody played scores nothing; players still tied on badges and bases
  all win.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from itertools import islice
from typing import Any, ClassVar

from engine.cards import Pile
from engine.errors import IllegalAction, Reason
from engine.hexgrid import Hex
from engine.rng import Rng
from engine.saving import restore, saved
from engine.topoum.actions import (
    Action,
    ActionKind,
    ChangeBase,
    ChooseAction,
    Direction,
    EndMoves,
    KeepPart,
    MoveTo,
    Pass,
    Place,
    PlayCard,
    Ransom,
    Reclaim,
    SelectMole,
    Skip,
    Target,
    action_from_json,
    action_to_json,
)
from engine.topoum.board import CENTRE, HEXES, INDEX, NEIGHBOURS, NOBODY, RAYS, Board, notation, parse_board
from engine.topoum.cards import (
    HAND_SIZE,
    LINE_COSTS,
    LINE_SLOTS,
    OBSTACLE_OF,
    CardType,
    Category,
    Farmer,
    Obstacle,
    build_deck,
    check_card_types,
    choose_card_types,
)
from engine.topoum.events import (
    ActionChosen,
    BadgesChanged,
    BaseChanged,
    BasePlaced,
    BaseReclaimed,
    BaseRemoved,
    BattlefieldSplit,
    CardPlayed,
    CategoryScored,
    Event,
    Gain,
    GameEnded,
    HandRefilled,
    LineCardDiscarded,
    LineOfSightScored,
    LineRefilled,
    Loss,
    MoleCaptured,
    MoleDecorated,
    MoleEliminated,
    MoleMoved,
    MolePlaced,
    MoleRansomed,
    ObstacleCleared,
    ObstaclePlaced,
    Passed,
    PeaceDrawn,
    TurnBegan,
)
from engine.topoum.scoring import (
    SET_POINTS,
    Ends,
    category_awards,
    category_counts,
    full_sets,
    new_lines,
    sight_lines,
)
from engine.topoum.targets import can_enter, hex_targets, push_directions

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MOLES = 4
BASES = 14
START_BADGES = 10
RANSOM = 3
DECORATION_BADGES = 3
TURNIP_BADGES = 3
FRIENDLY_FIRE = 5


class Stage(StrEnum):
    """The decision the game waits for; the value is a stable code for menus and saved views."""

    SETUP_BASE = "setup_base"
    """Place a base of one's colour next to the centre."""
    SETUP_MOLE = "setup_mole"
    """Place a base with a mole next to the battlefield."""
    START = "start"
    """Start of a turn: pay a ransom, make the "always a mole" placement, or choose the action."""
    FORCED_PLACE = "forced_place"
    """Always a mole, after taking a base back: where the base with the mole goes."""
    ENTER_RECLAIM = "enter_reclaim"
    """Enter combat while out of bases: which placed base to take back."""
    ENTER_PLACE = "enter_place"
    """Enter combat: where the mole and base go."""
    CARD = "card"
    """Which card the acting mole plays (or, after a free step, change the base instead)."""
    CHANGE_RECLAIM = "change_reclaim"
    """Changing a base while out of bases: which placed base to take back."""
    MOVE_SELECT = "move_select"
    """Move moles: which mole steps next, or stop."""
    MOVE_DEST = "move_dest"
    """Move moles: where the selected mole steps."""
    TARGET = "target"
    """What the card in play acts on (a hex, or Panic Attack's direction)."""
    SPLIT = "split"
    """Which of the equal largest parts of a split battlefield survives."""
    OVER = "over"


@dataclass(frozen=True, slots=True)
class TopoumOptions:
    """How a game is set up; None means drawn from the seed (types: 7 with every category)."""

    card_types: tuple[CardType, ...] | None = None
    farmer: Farmer | None = None
    start_player: int | None = None


@dataclass(frozen=True, slots=True)
class Position:
    """A stacked table for tests and puzzles: the game resumes at the start of ``seat``'s turn.

    Reserves follow from the board (4 moles and 14 bases each, less what is on the board or in a
    prison); missing hands and discards are empty, a short line is padded with empty slots on the
    left, and badges default to 10 each.
    """

    board: str
    players: int = 2
    seat: int = 0
    start_player: int = 0
    hands: tuple[tuple[CardType, ...], ...] = ()
    line: tuple[CardType | None, ...] = ()
    deck: tuple[CardType, ...] = ()
    """Top first."""
    badges: tuple[int, ...] = ()
    discards: tuple[tuple[CardType, ...], ...] = ()
    prisoners: tuple[tuple[int, int], ...] = ()
    """One ``(captor, owner)`` pair per captured mole."""
    farmer: Farmer | None = None
    peace_drawn: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game: final badges, colour bases on the board (the tie-break), the winners."""

    badges: tuple[int, ...]
    colour_bases: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cell:
    hex: Hex
    owner: int
    neutral: bool
    mole: int | None
    obstacle: Obstacle | None


@dataclass(frozen=True, slots=True)
class DiscardView:
    """A personal discard pile: its top and size, and its count per category, are public; the
    whole pile only for its owner."""

    top: CardType | None
    size: int
    by_category: tuple[tuple[Category, int], ...]
    cards: tuple[CardType, ...] | None


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the game waits for, and what it is about."""

    stage: Stage
    seat: int | None
    kind: ActionKind | None
    acting: Hex | None
    card: PlayCard | None
    parts: tuple[tuple[Hex, ...], ...]


@dataclass(frozen=True, slots=True)
class TopoumView:
    """What ``seat`` sees, or the public table for ``seat`` None: only hands are hidden."""

    seat: int | None
    players: int
    start_player: int
    card_types: tuple[CardType, ...]
    farmer: Farmer | None
    cells: tuple[Cell, ...]
    mole_reserve: tuple[int, ...]
    base_reserve: tuple[int, ...]
    prisoners: tuple[tuple[int, ...], ...]
    """``prisoners[captor][owner]``: moles of ``owner`` held by ``captor``."""
    badges: tuple[int, ...]
    hand: tuple[CardType, ...] | None
    hand_sizes: tuple[int, ...]
    line: tuple[CardType | None, ...]
    line_costs: tuple[int, ...]
    deck_size: int
    peace_drawn: bool
    last_seat: int | None
    discards: tuple[DiscardView, ...]
    pending: Pending
    turn: int
    outcome: Outcome | None


def _check_players(players: int) -> None:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(Reason.BAD_OPTION, f"Topoum is for 2 to 4 players, not {players}")


class TopoumState:
    """A game in progress (or over). Read its attributes; change it only through ``apply``."""

    def __init__(self, players: int, seed: int) -> None:
        """An empty table; :func:`new_game` and :meth:`from_position` lay it out."""
        _check_players(players)
        self.players = players
        self.seed = seed
        self.options: TopoumOptions | None = None
        self.position: Position | None = None
        self.rng = Rng.from_seed(seed)
        self.log: list[Action] = []
        self.start_player = 0
        self.card_types: tuple[CardType, ...] = ()
        self.farmer: Farmer | None = None
        self.board = Board()
        self.mole_reserve = [MOLES] * players
        self.base_reserve = [BASES] * players
        self.prisons = [[0] * players for _ in range(players)]
        """``prisons[captor][owner]``."""
        self.badges = [START_BADGES] * players
        self.deck: Pile[CardType] = Pile()
        self.hands: list[list[CardType]] = [[] for _ in range(players)]
        self.line: list[CardType | None] = [None] * LINE_SLOTS
        self.discards: list[list[CardType]] = [[] for _ in range(players)]
        self.line_discards: list[CardType] = []
        """Line cards discarded because a turn used no card (no one's pile)."""
        self.peace_drawn = False
        self.last_seat: int | None = None
        self.turn = 0
        self.current = 0
        self.stage = Stage.SETUP_BASE
        self.outcome: Outcome | None = None
        # What the turn in progress remembers.
        self.kind: ActionKind | None = None
        self.acting: int | None = None
        """The acting (or selected) mole's hex; the turn's hexes are board indices."""
        self.card: PlayCard | None = None
        """The card being resolved; set from its choice until it has fully resolved."""
        self.movable: set[int] = set()
        """Move moles: where the moles that began the turn on the board and have not yet
        stepped now stand."""
        self.moved: set[int] = set()
        """Where the current player's moles that moved or entered this turn now stand."""
        self.lines_at_start: set[Ends] = set()
        self.used_card = False
        self.stepped = False
        """Move moles: at least one mole has stepped, so the player may stop."""
        self.parts: list[list[int]] = []
        self._legal: tuple[int, list[Action]] | None = None

    # -- construction ----------------------------------------------------------------------------

    @classmethod
    def from_position(cls, position: Position, seed: int = 0) -> "TopoumState":
        """A game from a stacked table; ``seed`` drives nothing until a random choice is needed,
        which a stacked game never makes, but it is kept for completeness."""
        state = cls(position.players, seed)
        state.position = position
        n = position.players
        state.start_player = position.start_player
        state.farmer = position.farmer
        state.board = parse_board(position.board)
        for captor, owner in position.prisoners:
            state.prisons[captor][owner] += 1
        for seat in range(n):
            state.base_reserve[seat] = BASES - state.board.bases_of(seat)
            held = sum(state.prisons[captor][seat] for captor in range(n))
            state.mole_reserve[seat] = MOLES - state.board.mole.count(seat) - held
        if min(state.base_reserve) < 0 or min(state.mole_reserve) < 0:
            raise ValueError("more pieces on the board than a player owns")
        state.hands = [list(position.hands[seat]) if seat < len(position.hands) else [] for seat in range(n)]
        padding: list[CardType | None] = [None] * (LINE_SLOTS - len(position.line))
        state.line = padding + list(position.line)
        state.deck = Pile(position.deck)
        state.badges = list(position.badges) if position.badges else [START_BADGES] * n
        state.discards = [
            list(position.discards[seat]) if seat < len(position.discards) else [] for seat in range(n)
        ]
        if position.peace_drawn:
            state.peace_drawn = True
            state.last_seat = (position.start_player - 1) % n
        in_play = {*state.deck, *(c for c in state.line if c is not None)}
        in_play.update(card for pile in (*state.hands, *state.discards) for card in pile)
        state.card_types = tuple(sorted(in_play - {CardType.PEACE}))
        state._begin_turn(position.seat, [])
        return state

    def clone(self) -> "TopoumState":
        """An independent copy (for an AI to try moves on); cheaper than a JSON round trip."""
        other = TopoumState.__new__(TopoumState)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.log = list(self.log)
        other.board = self.board.copy()
        other.mole_reserve = list(self.mole_reserve)
        other.base_reserve = list(self.base_reserve)
        other.prisons = [list(row) for row in self.prisons]
        other.badges = list(self.badges)
        other.deck = Pile(self.deck)
        other.hands = [list(hand) for hand in self.hands]
        other.line = list(self.line)
        other.discards = [list(pile) for pile in self.discards]
        other.line_discards = list(self.line_discards)
        other.movable = set(self.movable)
        other.moved = set(self.moved)
        other.lines_at_start = set(self.lines_at_start)
        other.parts = [list(part) for part in self.parts]
        return other

    # -- queries ---------------------------------------------------------------------------------

    def check_seat(self, seat: int) -> None:
        """``IllegalAction(NOT_SEATED)`` unless ``seat`` is a seat at this table."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(Reason.NOT_SEATED, f"no seat {seat!r}")

    @property
    def pending(self) -> Pending:
        return Pending(
            stage=self.stage,
            seat=None if self.outcome is not None else self.current,
            kind=self.kind,
            acting=None if self.acting is None else HEXES[self.acting],
            card=self.card,
            parts=tuple(tuple(HEXES[hex_] for hex_ in part) for part in self.parts),
        )

    def legal_actions(self, seat: int) -> list[Action]:
        """Every choice ``seat`` may make now, in a fixed order; empty when it is not their turn.
        Each leads on to a complete action (a step that would strand the player is not listed)."""
        self.check_seat(seat)
        if self.outcome is not None or seat != self.current:
            return []
        if self._legal is not None and self._legal[0] == len(self.log):
            return list(self._legal[1])
        actions = self._legal_now(seat)
        self._legal = (len(self.log), actions)
        return list(actions)

    def _legal_now(self, seat: int) -> list[Action]:
        board = self.board
        stage = self.stage
        if stage is Stage.SETUP_BASE:
            return [
                Place(seat, HEXES[hex_]) for hex_ in sorted(NEIGHBOURS[CENTRE]) if board.base[hex_] == NOBODY
            ]
        if stage in (Stage.SETUP_MOLE, Stage.FORCED_PLACE):
            return [Place(seat, HEXES[hex_]) for hex_ in board.frontier()]
        if stage is Stage.START:
            ransoms: list[Action] = [
                Ransom(seat, captor)
                for captor in range(self.players)
                if self.prisons[captor][seat] and self.badges[seat] >= RANSOM
            ]
            options = self._start_options(seat)
            return ransoms + (options or [Pass(seat)])
        if stage is Stage.ENTER_RECLAIM:
            return [Reclaim(seat, HEXES[hex_]) for hex_ in self._enter_reclaims(seat, first_only=False)]
        if stage is Stage.ENTER_PLACE:
            return [Place(seat, HEXES[hex_]) for hex_ in self._entries(seat, first_only=False)]
        if stage is Stage.CARD:
            assert self.acting is not None
            cards: list[Action] = list(self._playable(seat, self.acting))
            if self.kind is ActionKind.MOVE and self._can_change(seat, self.acting):
                cards.append(ChangeBase(seat))
            return cards
        if stage is Stage.CHANGE_RECLAIM:
            return [Reclaim(seat, HEXES[hex_]) for hex_ in self._reclaimable(seat)]
        if stage is Stage.MOVE_SELECT:
            moles: list[Action] = [
                SelectMole(seat, HEXES[hex_]) for hex_ in self._steppers(seat, first_only=False)
            ]
            return [*moles, EndMoves(seat)] if self.stepped else moles
        if stage is Stage.MOVE_DEST:
            assert self.acting is not None
            return [MoveTo(seat, HEXES[hex_]) for hex_ in self._steps(seat, self.acting, first_only=False)]
        if stage is Stage.TARGET:
            assert self.card is not None and self.acting is not None
            if self.card.card is CardType.PANIC_ATTACK:
                return [Direction(seat, d) for d in push_directions(board, self.acting)]
            return [Target(seat, HEXES[hex_]) for hex_ in self._targets(self.card.card, seat, self.acting)]
        if stage is Stage.SPLIT:
            return [KeepPart(seat, HEXES[part[0]]) for part in self.parts]
        return []

    def timeout_action(self, seat: int) -> Action | None:
        """What a table applies for ``seat`` when its time runs out, or None if the game does not
        wait for it: at the start of a turn, :class:`Skip` (a pass); in Move moles once a mole
        has stepped, :class:`EndMoves`; anywhere else (a setup placement, or an action a table
        left half made) the first legal choice, so applying timeout actions until the seat's turn
        is over always ends it."""
        legal = self.legal_actions(seat)
        if not legal:
            return None
        if self.stage is Stage.START:
            return Skip(seat)
        stop = EndMoves(seat)
        return stop if stop in legal else legal[0]

    def _start_options(self, seat: int) -> list[Action]:
        """The first step of a turn (ransoms aside): the forced placement when the player has no
        mole on the board, otherwise the actions they can carry out."""
        if seat not in self.board.mole:
            if not self.mole_reserve[seat]:
                return []
            if self.base_reserve[seat]:
                return [Place(seat, HEXES[hex_]) for hex_ in self.board.frontier()]
            return [Reclaim(seat, HEXES[hex_]) for hex_ in self._reclaimable(seat)]
        options: list[Action] = []
        if self._may_enter(seat) and self._can_enter_combat(seat):
            options.append(ChooseAction(seat, ActionKind.ENTER))
        if self._may_move(seat) and self._steppers(seat, first_only=True):
            options.append(ChooseAction(seat, ActionKind.MOVE))
        return options

    def _may_enter(self, seat: int) -> bool:
        """Enter combat needs a mole in reserve; out of bases, only with 0 or 1 mole on the board."""
        if not self.mole_reserve[seat]:
            return False
        return bool(self.base_reserve[seat]) or self.board.mole.count(seat) <= 1

    def _may_move(self, seat: int) -> bool:
        """Out of bases with 0 or 1 mole on the board, the player must enter combat instead."""
        return bool(self.base_reserve[seat]) or self.board.mole.count(seat) >= 2

    def _can_enter_combat(self, seat: int) -> bool:
        if self.base_reserve[seat]:
            return bool(self._entries(seat, first_only=True))
        return bool(self._enter_reclaims(seat, first_only=True))

    def _targets(self, card: CardType, seat: int, at: int) -> list[int]:
        return hex_targets(
            self.board,
            card,
            seat,
            at,
            moles_left=self.mole_reserve[seat],
            bases_left=self.base_reserve[seat],
            farmer=self.farmer,
        )

    def _has_effect(self, card: CardType, seat: int, at: int) -> bool:
        if card is CardType.PANIC_ATTACK:
            return bool(push_directions(self.board, at))
        return bool(self._targets(card, seat, at))

    def _playable(self, seat: int, at: int) -> list[PlayCard]:
        """The cards the mole on ``at`` can play: each hand type once, each line slot."""
        effect: dict[CardType, bool] = {}

        def works(card: CardType) -> bool:
            if card not in effect:
                effect[card] = self._has_effect(card, seat, at)
            return effect[card]

        hand = [PlayCard(seat, card) for card in sorted(set(self.hands[seat])) if works(card)]
        line = [
            PlayCard(seat, card, slot)
            for slot, card in enumerate(self.line)
            if card is not None and works(card)
        ]
        return hand + line

    def _any_playable(self, seat: int, at: int) -> bool:
        cards = {*self.hands[seat], *(card for card in self.line if card is not None)}
        return any(self._has_effect(card, seat, at) for card in cards)

    def _reclaimable(self, seat: int) -> list[int]:
        """Placed bases ``seat`` may take back: theirs, without a mole, not splitting."""
        board = self.board
        return [
            hex_
            for hex_, owner in enumerate(board.base)
            if owner == seat and board.mole[hex_] == NOBODY and not board.splits_without(hex_)
        ]

    def _can_change(self, seat: int, at: int) -> bool:
        if self.board.base[at] == seat or self.base_reserve[seat]:
            return True
        return bool(self._reclaimable(seat))

    # -- hypothetical moves, taken back at once: "could this step lead anywhere?" ---------------

    @contextmanager
    def _supposing_entry(self, seat: int, hex_: int) -> Iterator[None]:
        board = self.board
        board.base[hex_] = seat
        board.mole[hex_] = seat
        self.base_reserve[seat] -= 1
        self.mole_reserve[seat] -= 1
        try:
            yield
        finally:
            board.base[hex_] = NOBODY
            board.mole[hex_] = NOBODY
            self.base_reserve[seat] += 1
            self.mole_reserve[seat] += 1

    @contextmanager
    def _supposing_reclaim(self, seat: int, hex_: int) -> Iterator[None]:
        board = self.board
        neutral = board.neutral[hex_]
        obstacle = board.obstacle[hex_]
        board.base[hex_] = NOBODY
        board.neutral[hex_] = False
        board.obstacle[hex_] = None
        self.base_reserve[seat] += 1
        try:
            yield
        finally:
            board.base[hex_] = seat
            board.neutral[hex_] = neutral
            board.obstacle[hex_] = obstacle
            self.base_reserve[seat] -= 1

    @contextmanager
    def _supposing_step(self, seat: int, origin: int, hex_: int) -> Iterator[None]:
        board = self.board
        turnip = board.obstacle[hex_]
        board.mole[origin] = NOBODY
        board.mole[hex_] = seat
        board.obstacle[hex_] = None
        try:
            yield
        finally:
            board.mole[hex_] = NOBODY
            board.mole[origin] = seat
            board.obstacle[hex_] = turnip

    def _entries(self, seat: int, *, first_only: bool) -> list[int]:
        """Free hexes next to the battlefield from which a mole entering combat can play a card."""

        def works(hex_: int) -> bool:
            with self._supposing_entry(seat, hex_):
                return self._any_playable(seat, hex_)

        return _select(self.board.frontier(), works, first_only=first_only)

    def _enter_reclaims(self, seat: int, *, first_only: bool) -> list[int]:
        """Bases to take back that still leave somewhere to enter combat from."""

        def works(hex_: int) -> bool:
            with self._supposing_reclaim(seat, hex_):
                return bool(self._entries(seat, first_only=True))

        return _select(self._reclaimable(seat), works, first_only=first_only)

    def _steps(self, seat: int, origin: int, *, first_only: bool) -> list[int]:
        """Where the mole on ``origin`` may step in Move moles: an adjacent base it can enter,
        after which it meets an enemy, springs a trap, or can play a card or change the base."""
        board = self.board

        def works(hex_: int) -> bool:
            if board.mole[hex_] != NOBODY or board.obstacle[hex_] is Obstacle.TRAP:
                return True
            with self._supposing_step(seat, origin, hex_):
                return self._can_change(seat, hex_) or self._any_playable(seat, hex_)

        candidates = (hex_ for hex_ in sorted(NEIGHBOURS[origin]) if can_enter(board, hex_, seat))
        return _select(candidates, works, first_only=first_only)

    def _steppers(self, seat: int, *, first_only: bool) -> list[int]:
        """Moles that may still step this turn and have somewhere to go."""

        def works(hex_: int) -> bool:
            return bool(self._steps(seat, hex_, first_only=True))

        return _select(sorted(self.movable), works, first_only=first_only)

    # -- applying actions ------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return what happened; ``IllegalAction`` (and no change) if it
        cannot happen now."""
        handler = self._HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(Reason.NOT_ALLOWED, f"{type(action).__name__} is not a Topoum action")
        self.check_seat(action.seat)
        if self.outcome is not None:
            raise IllegalAction(Reason.GAME_OVER)
        if action.seat != self.current:
            raise IllegalAction(Reason.NOT_YOUR_TURN)
        legal = self.legal_actions(action.seat)
        if action not in legal and not (isinstance(action, Skip) and self.stage is Stage.START):
            raise IllegalAction(_refusal(action, legal), f"{action} is not possible now")
        events: list[Event] = []
        handler(self, action, events)
        self.log.append(action)
        return events

    def _place(self, action: Place, events: list[Event]) -> None:
        seat, hex_ = action.seat, INDEX[action.hex]
        if self.stage is Stage.SETUP_BASE:
            self._put_base(seat, hex_, events)
            self.current = (seat + 1) % self.players
            if self.current == self.start_player:
                self.stage = Stage.SETUP_MOLE
            return
        self._put_base(seat, hex_, events)
        self._put_mole(seat, hex_, events)
        if self.stage is Stage.SETUP_MOLE:
            self.current = (seat + 1) % self.players
            if self.current == self.start_player:
                self._begin_turn(self.start_player, events)
        elif self.stage is Stage.ENTER_PLACE:
            self.acting = hex_
            self.stage = Stage.CARD
        else:  # START or FORCED_PLACE: the "always a mole" placement
            self._after_forced(seat, events)

    def _after_forced(self, seat: int, events: list[Event]) -> None:
        if self._may_enter(seat) and self._can_enter_combat(seat):
            self._choose(seat, ActionKind.ENTER, events)
        else:
            self._end_turn(events)

    def _reclaim(self, action: Reclaim, events: list[Event]) -> None:
        seat, hex_ = action.seat, INDEX[action.hex]
        board = self.board
        board.base[hex_] = NOBODY
        board.neutral[hex_] = False
        board.obstacle[hex_] = None
        self.base_reserve[seat] += 1
        events.append(BaseReclaimed(seat, action.hex))
        if self.stage is Stage.START:
            self.stage = Stage.FORCED_PLACE
        elif self.stage is Stage.ENTER_RECLAIM:
            self.stage = Stage.ENTER_PLACE
        else:
            assert self.acting is not None
            self._replace_base(seat, self.acting, events)
            self._next_step(seat, events)

    def _choose_action(self, action: ChooseAction, events: list[Event]) -> None:
        self._choose(action.seat, action.kind, events)

    def _choose(self, seat: int, kind: ActionKind, events: list[Event]) -> None:
        self.kind = kind
        events.append(ActionChosen(seat, kind))
        if kind is ActionKind.MOVE:
            self.stage = Stage.MOVE_SELECT
        else:
            self.stage = Stage.ENTER_PLACE if self.base_reserve[seat] else Stage.ENTER_RECLAIM

    def _select_mole(self, action: SelectMole, events: list[Event]) -> None:
        self.acting = INDEX[action.hex]
        self.stage = Stage.MOVE_DEST

    def _move_to(self, action: MoveTo, events: list[Event]) -> None:
        seat, hex_ = action.seat, INDEX[action.hex]
        assert self.acting is not None
        origin = self.acting
        self.movable.discard(origin)
        self.stepped = True
        if self._arrive(origin, hex_, events):
            self.acting = hex_
            self.stage = Stage.CARD
        else:
            self._next_step(seat, events)

    def _end_moves(self, action: EndMoves, events: list[Event]) -> None:
        self._end_turn(events)

    def _play_card(self, action: PlayCard, events: list[Event]) -> None:
        seat = action.seat
        events.append(CardPlayed(seat, action.card, action.slot))
        if action.slot is None:
            self.hands[seat].remove(action.card)
        else:
            self.line[action.slot] = None
            self._gain(seat, action.cost, Gain.LINE_CARD, events)
        self.discards[seat].append(action.card)
        self.used_card = True
        self.card = action
        self.stage = Stage.TARGET

    def _change_base(self, action: ChangeBase, events: list[Event]) -> None:
        seat = action.seat
        assert self.acting is not None
        hex_ = self.acting
        board = self.board
        if board.base[hex_] == seat:
            board.neutral[hex_] = not board.neutral[hex_]
            events.append(BaseChanged(HEXES[hex_], seat, seat, board.neutral[hex_]))
        elif self.base_reserve[seat]:
            self._replace_base(seat, hex_, events)
        else:
            self.stage = Stage.CHANGE_RECLAIM
            return
        self._next_step(seat, events)

    def _replace_base(self, seat: int, hex_: int, events: list[Event]) -> None:
        """Someone else's base (or a neutral one) goes back to its owner; one of ``seat``'s
        bases takes its place, colour up."""
        board = self.board
        previous = board.base[hex_]
        self.base_reserve[previous] += 1
        self.base_reserve[seat] -= 1
        board.base[hex_] = seat
        board.neutral[hex_] = False
        events.append(BaseChanged(HEXES[hex_], previous, seat, False))

    def _target(self, action: Target, events: list[Event]) -> None:
        assert self.card is not None and self.acting is not None
        self._resolve(action.seat, self.card.card, self.acting, INDEX[action.hex], events)
        if self.stage is Stage.TARGET:
            self._after_card(action.seat, events)

    def _direction(self, action: Direction, events: list[Event]) -> None:
        assert self.acting is not None
        self._push(self.acting, action.direction, events)
        self._after_card(action.seat, events)

    def _keep_part(self, action: KeepPart, events: list[Event]) -> None:
        kept = INDEX[action.hex]
        vanishing = [hex_ for part in self.parts if part[0] != kept for hex_ in part]
        self.parts = []
        self._vanish(vanishing, events)
        self._after_card(action.seat, events)

    def _ransom(self, action: Ransom, events: list[Event]) -> None:
        seat, captor = action.seat, action.captor
        self.prisons[captor][seat] -= 1
        self.mole_reserve[seat] += 1
        events.append(MoleRansomed(seat, captor))
        self._gain(seat, -RANSOM, Gain.RANSOM_PAID, events)
        self._gain(captor, RANSOM, Gain.RANSOM_RECEIVED, events)

    def _pass(self, action: Pass | Skip, events: list[Event]) -> None:
        events.append(Passed(action.seat))
        self._end_turn(events)

    _HANDLERS: ClassVar[dict[type, Callable[["TopoumState", Any, list[Event]], None]]] = {
        Place: _place,
        Reclaim: _reclaim,
        ChooseAction: _choose_action,
        SelectMole: _select_mole,
        MoveTo: _move_to,
        EndMoves: _end_moves,
        PlayCard: _play_card,
        ChangeBase: _change_base,
        Target: _target,
        Direction: _direction,
        KeepPart: _keep_part,
        Ransom: _ransom,
        Pass: _pass,
        Skip: _pass,
    }

    # -- what the cards do -----------------------------------------------------------------------

    def _resolve(self, seat: int, card: CardType, at: int, target: int, events: list[Event]) -> None:
        board = self.board
        if card is CardType.BAYONET:
            self._eliminate(target, Loss.SHOT, events)
            self._relocate(at, target, events)
        elif card in (CardType.SHORT_RANGE, CardType.LONG_RANGE):
            self._eliminate(target, Loss.SHOT, events)
        elif card in (CardType.GRENADE, CardType.MORTAR):
            self._remove_base(target, events)
            self._check_split(events)
        elif card in (CardType.PATROL, CardType.UNDERGROUND):
            self._arrive(at, target, events)
        elif card is CardType.MOTORISED_PATROL:
            over = next(ray[0] for ray in RAYS[at] if len(ray) > 1 and ray[1] == target)
            if board.mole[over] not in (NOBODY, seat):
                self._eliminate(over, Loss.SHOT, events)
            self._arrive(at, target, events)
        elif card is CardType.NEW_RECRUIT:
            self._recruit(seat, target, events)
        elif card is CardType.BUILD_BASE:
            self._put_base(seat, target, events)
        elif card is CardType.ABANDONED_BASE:
            self._put_base(seat, target, events)
            self._relocate(at, target, events)
        elif card is CardType.PRISONER:
            owner = board.mole[target]
            board.mole[target] = NOBODY
            self.prisons[seat][owner] += 1
            events.append(MoleCaptured(seat, owner, HEXES[target]))
        elif card is CardType.DECORATION:
            board.mole[target] = NOBODY
            self.mole_reserve[seat] += 1
            self.movable.discard(target)
            self.moved.discard(target)
            events.append(MoleDecorated(seat, HEXES[target]))
            self._gain(seat, DECORATION_BADGES, Gain.DECORATION, events)
        else:
            assert card is CardType.FARMER and self.farmer is not None
            obstacle = OBSTACLE_OF[self.farmer]
            board.obstacle[target] = obstacle
            events.append(ObstaclePlaced(HEXES[target], obstacle))

    def _after_card(self, seat: int, events: list[Event]) -> None:
        """The card has fully resolved: the action ends (Enter combat) or the next mole may step."""
        self.card = None
        if self.kind is ActionKind.ENTER:
            self._end_turn(events)
        else:
            self._next_step(seat, events)

    def _next_step(self, seat: int, events: list[Event]) -> None:
        """Move moles goes on while a mole can still step; otherwise the action ends."""
        self.acting = None
        if self._steppers(seat, first_only=True):
            self.stage = Stage.MOVE_SELECT
        else:
            self._end_turn(events)

    def _push(self, at: int, direction: int, events: list[Event]) -> None:
        """Panic Attack: every mole on the line, farthest first, one hex further away; the hex
        beyond the last one on the ray is off the board."""
        board = self.board
        ray = RAYS[at][direction]
        for index in reversed(range(len(ray))):
            hex_ = ray[index]
            if board.mole[hex_] == NOBODY:
                continue
            beyond = ray[index + 1] if index + 1 < len(ray) else NOBODY
            if beyond == NOBODY or board.base[beyond] == NOBODY:
                self._eliminate(hex_, Loss.LOST, events)
            else:
                self._relocate(hex_, beyond, events)
                self._spring(beyond, events)

    def _recruit(self, seat: int, hex_: int, events: list[Event]) -> None:
        board = self.board
        events.append(MolePlaced(seat, HEXES[hex_]))
        if board.mole[hex_] != NOBODY:
            self._eliminate(hex_, Loss.CLASH, events, penalise=False)
            events.append(MoleEliminated(seat, HEXES[hex_], Loss.CLASH))
            return
        self.mole_reserve[seat] -= 1
        board.mole[hex_] = seat
        self.moved.add(hex_)
        self._spring(hex_, events)

    def _arrive(self, origin: int, hex_: int, events: list[Event]) -> bool:
        """The mole on ``origin`` moves onto the base on ``hex_``; whether it is still alive."""
        if self.board.mole[hex_] != NOBODY:
            self._eliminate(hex_, Loss.CLASH, events, penalise=False)
            self._eliminate(origin, Loss.CLASH, events, penalise=False)
            return False
        self._relocate(origin, hex_, events)
        return self._spring(hex_, events)

    def _spring(self, hex_: int, events: list[Event]) -> bool:
        """A mole has just entered ``hex_``: the obstacle there acts. Whether the mole lives."""
        board = self.board
        obstacle = board.obstacle[hex_]
        if obstacle is None:
            return True
        if obstacle is Obstacle.ROCK:
            self._eliminate(hex_, Loss.ROCK, events)
            return False
        board.obstacle[hex_] = None
        events.append(ObstacleCleared(HEXES[hex_], obstacle))
        if obstacle is Obstacle.TRAP:
            self._eliminate(hex_, Loss.TRAP, events)
            return False
        self._gain(board.mole[hex_], TURNIP_BADGES, Gain.TURNIP, events)
        return True

    # -- the moves the rules share ---------------------------------------------------------------

    def _put_base(self, seat: int, hex_: int, events: list[Event], *, neutral: bool = False) -> None:
        self.board.base[hex_] = seat
        self.board.neutral[hex_] = neutral
        self.base_reserve[seat] -= 1
        events.append(BasePlaced(seat, HEXES[hex_], neutral))

    def _put_mole(self, seat: int, hex_: int, events: list[Event]) -> None:
        self.board.mole[hex_] = seat
        self.mole_reserve[seat] -= 1
        if self.stage is not Stage.SETUP_MOLE:
            self.moved.add(hex_)
        events.append(MolePlaced(seat, HEXES[hex_]))

    def _relocate(self, origin: int, hex_: int, events: list[Event]) -> None:
        """A mole goes from ``origin`` to ``hex_``, keeping what the turn remembers of it."""
        mole = self.board.mole
        owner = mole[origin]
        mole[origin] = NOBODY
        mole[hex_] = owner
        if origin in self.movable:
            self.movable.discard(origin)
            self.movable.add(hex_)
        self.moved.discard(origin)
        if owner == self.current:
            self.moved.add(hex_)
        events.append(MoleMoved(owner, HEXES[origin], HEXES[hex_]))

    def _eliminate(self, hex_: int, loss: Loss, events: list[Event], *, penalise: bool = True) -> None:
        """The mole on ``hex_`` goes back to its owner's reserve; friendly fire if the player
        whose card is resolving just lost one of their own."""
        owner = self.board.mole[hex_]
        self.board.mole[hex_] = NOBODY
        self.mole_reserve[owner] += 1
        self.movable.discard(hex_)
        self.moved.discard(hex_)
        events.append(MoleEliminated(owner, HEXES[hex_], loss))
        if penalise and self.card is not None and owner == self.current:
            self._gain(owner, -FRIENDLY_FIRE, Gain.FRIENDLY_FIRE, events)

    def _remove_base(self, hex_: int, events: list[Event]) -> None:
        """A base and everything on it leaves the board, back to the owners' reserves."""
        board = self.board
        if board.mole[hex_] != NOBODY:
            self._eliminate(hex_, Loss.BLAST, events)
        owner = board.base[hex_]
        board.base[hex_] = NOBODY
        board.neutral[hex_] = False
        board.obstacle[hex_] = None
        self.base_reserve[owner] += 1
        events.append(BaseRemoved(owner, HEXES[hex_]))

    def _check_split(self, events: list[Event]) -> None:
        """One battlefield: smaller parts vanish; equal largest parts wait for the player's choice."""
        parts = self.board.components()
        if len(parts) <= 1:
            return
        largest = [part for part in parts if len(part) == len(parts[0])]
        self._vanish([hex_ for part in parts[len(largest) :] for hex_ in part], events)
        if len(largest) > 1:
            self.parts = largest
            self.stage = Stage.SPLIT

    def _vanish(self, hexes: list[int], events: list[Event]) -> None:
        if not hexes:
            return
        board = self.board
        for hex_ in hexes:
            if board.mole[hex_] != NOBODY:
                self._eliminate(hex_, Loss.CUT_OFF, events)
            self.base_reserve[board.base[hex_]] += 1
            board.base[hex_] = NOBODY
            board.neutral[hex_] = False
            board.obstacle[hex_] = None
        events.append(BattlefieldSplit(tuple(HEXES[hex_] for hex_ in sorted(hexes))))

    def _gain(self, seat: int, delta: int, gain: Gain, events: list[Event]) -> None:
        """Move a badge track; it never goes below 0."""
        new = max(0, self.badges[seat] + delta)
        change = new - self.badges[seat]
        self.badges[seat] = new
        if delta:
            events.append(BadgesChanged(seat, change, new, gain))

    # -- the turn's frame ------------------------------------------------------------------------

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.current = seat
        self.turn += 1
        self.stage = Stage.START
        self.kind = None
        self.acting = None
        self.card = None
        self.used_card = False
        self.stepped = False
        self.parts = []
        self.movable = set(self.board.moles_of(seat))
        self.moved = set()
        self.lines_at_start = set(sight_lines(self.board, seat))
        events.append(TurnBegan(seat, self.turn))

    def _end_turn(self, events: list[Event]) -> None:
        """Score the new lines of sight, refill, and hand over (or end the game)."""
        seat = self.current
        for (a, b), points in sorted(new_lines(self.board, seat, self.lines_at_start, self.moved).items()):
            events.append(LineOfSightScored(seat, (HEXES[a], HEXES[b]), points))
            self._gain(seat, points, Gain.LINE_OF_SIGHT, events)
        self._refill(seat, events)
        if self.peace_drawn and seat == self.last_seat:
            self._finish(events)
        else:
            self._begin_turn((seat + 1) % self.players, events)

    def _refill(self, seat: int, events: list[Event]) -> None:
        hand = self.hands[seat]
        drawn = 0
        while not self.peace_drawn and len(hand) < HAND_SIZE:
            card = self._draw(events)
            if card is None:
                break
            hand.append(card)
            drawn += 1
        if drawn:
            events.append(HandRefilled(seat, drawn))
        line = self.line
        if not self.used_card and line[-1] is not None:
            events.append(LineCardDiscarded(line[-1]))
            self.line_discards.append(line[-1])
            line[-1] = None
        if None in line:
            cards: list[CardType | None] = [card for card in line if card is not None]
            gaps = LINE_SLOTS - len(cards)
            fresh: list[CardType | None] = [None] * gaps
            for slot in reversed(range(gaps)):
                fresh[slot] = self._draw(events)
            line[:] = fresh + cards
            events.append(LineRefilled(tuple(line)))

    def _draw(self, events: list[Event]) -> CardType | None:
        """The top card of the deck; Peace is set aside, starts the end and is replaced."""
        if not self.deck:
            return None
        card = self.deck.draw_one()
        if card is not CardType.PEACE:
            return card
        self.peace_drawn = True
        self.last_seat = (self.start_player - 1) % self.players
        events.append(PeaceDrawn(self.last_seat))
        return self._draw(events)

    def _finish(self, events: list[Event]) -> None:
        for category, seats, points in category_awards(self.discards):
            events.append(CategoryScored(category, seats, points))
            for seat in seats:
                self._gain(seat, points, Gain.CATEGORY, events)
        for seat, pile in enumerate(self.discards):
            sets = full_sets(pile)
            if sets:
                self._gain(seat, SET_POINTS * sets, Gain.SETS, events)
        colour = tuple(self.board.colour_count(seat) for seat in range(self.players))
        best = max(zip(self.badges, colour, strict=True))
        winners = tuple(seat for seat in range(self.players) if (self.badges[seat], colour[seat]) == best)
        self.outcome = Outcome(tuple(self.badges), colour, winners)
        self.stage = Stage.OVER
        self.kind = None
        self.acting = None
        events.append(GameEnded(tuple(self.badges), winners))

    # -- what players see ------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> TopoumView:
        """What ``seat`` sees, or the public table for None."""
        if seat is not None:
            self.check_seat(seat)
        board = self.board
        cells = tuple(
            Cell(
                HEXES[hex_],
                board.base[hex_],
                board.neutral[hex_],
                None if board.mole[hex_] == NOBODY else board.mole[hex_],
                board.obstacle[hex_],
            )
            for hex_ in board.bases()
        )
        discards = tuple(_discard_view(pile, owner == seat) for owner, pile in enumerate(self.discards))
        return TopoumView(
            seat=seat,
            players=self.players,
            start_player=self.start_player,
            card_types=self.card_types,
            farmer=self.farmer,
            cells=cells,
            mole_reserve=tuple(self.mole_reserve),
            base_reserve=tuple(self.base_reserve),
            prisoners=tuple(tuple(row) for row in self.prisons),
            badges=tuple(self.badges),
            hand=None if seat is None else tuple(self.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            line=tuple(self.line),
            line_costs=LINE_COSTS,
            deck_size=len(self.deck),
            peace_drawn=self.peace_drawn,
            last_seat=self.last_seat,
            discards=discards,
            pending=self.pending,
            turn=self.turn,
            outcome=self.outcome,
        )

    # -- saving ----------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything in the state as JSON-friendly values: for equality and debugging (a saved
        game is the much smaller :meth:`to_json`)."""
        return {
            "players": self.players,
            "start_player": self.start_player,
            "card_types": [str(card) for card in self.card_types],
            "farmer": self.farmer,
            "rng": self.rng.state,
            "board": notation(self.board),
            "mole_reserve": list(self.mole_reserve),
            "base_reserve": list(self.base_reserve),
            "prisons": [list(row) for row in self.prisons],
            "badges": list(self.badges),
            "deck": [str(card) for card in self.deck],
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "line": [card and str(card) for card in self.line],
            "discards": [[str(card) for card in pile] for pile in self.discards],
            "line_discards": [str(card) for card in self.line_discards],
            "peace_drawn": self.peace_drawn,
            "last_seat": self.last_seat,
            "turn": self.turn,
            "current": self.current,
            "stage": str(self.stage),
            "kind": self.kind and str(self.kind),
            "acting": None if self.acting is None else HEXES[self.acting].label,
            "card": self.card and action_to_json(self.card),
            "movable": sorted(HEXES[hex_].label for hex_ in self.movable),
            "moved": sorted(HEXES[hex_].label for hex_ in self.moved),
            "lines_at_start": sorted([HEXES[a].label, HEXES[b].label] for a, b in self.lines_at_start),
            "used_card": self.used_card,
            "stepped": self.stepped,
            "parts": [[HEXES[hex_].label for hex_ in part] for part in self.parts],
            "outcome": None
            if self.outcome is None
            else [list(self.outcome.badges), list(self.outcome.colour_bases), list(self.outcome.winners)],
            "log": [action_to_json(action) for action in self.log],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TopoumState) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """The saved game: how it was set up (options and seed, or the stacked position) and the
        action log; :meth:`from_json` replays it."""
        if self.options is not None:
            setup = {"options": _options_to_json(self.options)}
        else:
            assert self.position is not None
            setup = {"position": _position_to_json(self.position)}
        return saved("topoum", self.players, self.seed, setup, map(action_to_json, self.log))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TopoumState":
        """Set up again and replay the log; ``ValueError`` (``IllegalAction`` for an action the
        rules refuse) if the data is not a Topoum game."""

        def start(data: Mapping[str, Any]) -> TopoumState:
            if "position" in data:
                return cls.from_position(_position_from_json(data["position"]), data["seed"])
            return new_game(data["players"], _options_from_json(data["options"]), data["seed"])

        return restore(data, "topoum", start, action_from_json)


def _select(candidates: Iterable[int], works: Callable[[int], bool], *, first_only: bool) -> list[int]:
    """The candidates for which ``works`` holds, in order; with ``first_only`` just the first of
    them (all it takes to know there is one), trying no more candidates than that."""
    found = (hex_ for hex_ in candidates if works(hex_))
    return list(islice(found, 1)) if first_only else list(found)


def _discard_view(pile: list[CardType], owner: bool) -> DiscardView:
    counts = category_counts(pile)
    return DiscardView(
        top=pile[-1] if pile else None,
        size=len(pile),
        by_category=tuple((category, counts[category]) for category in Category),
        cards=tuple(pile) if owner else None,
    )


def _refusal(action: Action, legal: list[Action]) -> Reason:
    """Why an action not on the menu was refused: a step of another moment is stale (a double
    click); otherwise the card, the target or the option was not available."""
    if not any(type(option) is type(action) for option in legal):
        return Reason.STALE
    if isinstance(action, PlayCard):
        return Reason.NO_SUCH_CARD
    if isinstance(action, Place | Reclaim | SelectMole | MoveTo | Target | KeepPart):
        return Reason.BAD_TARGET
    return Reason.BAD_OPTION


def _cards(cards: Any) -> tuple[CardType, ...]:
    return tuple(CardType(card) for card in cards)


def _options_to_json(options: TopoumOptions) -> dict[str, Any]:
    return {
        "card_types": None if options.card_types is None else list(options.card_types),
        "farmer": options.farmer,
        "start_player": options.start_player,
    }


def _options_from_json(data: Mapping[str, Any]) -> TopoumOptions:
    types = data["card_types"]
    return TopoumOptions(
        card_types=None if types is None else _cards(types),
        farmer=None if data["farmer"] is None else Farmer(data["farmer"]),
        start_player=data["start_player"],
    )


def _position_to_json(position: Position) -> dict[str, Any]:
    return {
        "board": position.board,
        "players": position.players,
        "seat": position.seat,
        "start_player": position.start_player,
        "hands": [list(hand) for hand in position.hands],
        "line": list(position.line),
        "deck": list(position.deck),
        "badges": list(position.badges),
        "discards": [list(pile) for pile in position.discards],
        "prisoners": [list(pair) for pair in position.prisoners],
        "farmer": position.farmer,
        "peace_drawn": position.peace_drawn,
    }


def _position_from_json(data: Mapping[str, Any]) -> Position:
    return Position(
        board=data["board"],
        players=data["players"],
        seat=data["seat"],
        start_player=data["start_player"],
        hands=tuple(_cards(hand) for hand in data["hands"]),
        line=tuple(None if card is None else CardType(card) for card in data["line"]),
        deck=_cards(data["deck"]),
        badges=tuple(data["badges"]),
        discards=tuple(_cards(pile) for pile in data["discards"]),
        prisoners=tuple((captor, owner) for captor, owner in data["prisoners"]),
        farmer=None if data["farmer"] is None else Farmer(data["farmer"]),
        peace_drawn=data["peace_drawn"],
    )


def new_game(players: int, options: TopoumOptions | None = None, seed: int = 0) -> TopoumState:
    """A new game set up from ``seed``: the start player, the card types and the farmer unless
    the options fix them, the shuffled deck, hands of 2, the Operations Line and the neutral
    centre base; the game then waits for the setup placements. ``IllegalAction(BAD_OPTION)`` for
    an impossible setup."""
    state = TopoumState(players, seed)
    options = options or TopoumOptions()
    state.options = options
    rng = state.rng
    start = options.start_player if options.start_player is not None else rng.below(players)
    if type(start) is not int or not 0 <= start < players:
        raise IllegalAction(Reason.BAD_OPTION, f"no seat {start} to start")
    types = options.card_types if options.card_types is not None else choose_card_types(rng)
    try:
        check_card_types(types)
    except ValueError as exc:
        raise IllegalAction(Reason.BAD_OPTION, str(exc)) from exc
    farmer = options.farmer
    if farmer is None and CardType.FARMER in types:
        farmer = rng.choice(list(Farmer))
    state.start_player = start
    state.card_types = tuple(types)
    state.farmer = farmer
    state.deck = build_deck(types, players, rng)
    for seat in range(players):
        state.hands[seat] = state.deck.draw(HAND_SIZE)
    for slot in reversed(range(LINE_SLOTS)):
        state.line[slot] = state.deck.draw_one()
    state._put_base(start, CENTRE, [], neutral=True)
    state.current = start
    state.stage = Stage.SETUP_BASE
    return state
