"""A Spit or Speed table (docs/rules.md §3): a lobby for two with the variant and its options, then
matches played in real time, each finished match recorded, until the players end the series.

Both players act at once. Every press goes through :meth:`Table.change`, so presses are decided
in the order they reach the bot, and the engine judges a play against the centre pile *as it is
when the play arrives* (piles are named by position): of two plays onto one pile at the same
moment the first stands, and the second no longer fits the new top, so it is refused with nothing
changed and its player keeps the card (:class:`PlayRefused` says why). AI seats act after their
level's reaction delays through :class:`~tables.ai.AiDriver`.

A *match* is one engine game: in Spit it runs through as many layouts as it takes, in Speed
through deals until a player reaches the target (one deal without one). Each finished match is
recorded once, under ``spit:<table>:<match>``, as the game ``spit`` or ``speed``; then "Rematch"
deals the next match with the same options, or "End" ends the series.

Each button of a private panel names its move as the player saw it (:class:`Shown`): the match
and its layout (Spit) or deal (Speed), the card it plays or moves, and the top of the pile it
plays onto. A press is made if that move is still possible now: a card is played while it is
still the top of its pile in the layout shown, whatever else the player did since from the same
panel; only the player moves their own cards, so a card gone from its pile was played or moved
by them already (:data:`CARD_GONE`), and a new layout dealt since is another (:data:`NEW_LAYOUT`).
The centre tops are not checked, since the other player changes them all the time and the
public picture shows them sooner than a panel does: they only say, when a play does not fit,
whether the pile changed under the player (too late) or never fitted (a misplay).
"""

import re
import secrets
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final, final

from engine.errors import IllegalAction, Reason
from engine.spit import (
    Action,
    Card,
    MoveCard,
    PlayCard,
    PlayHand,
    Slap,
    SpeedOptions,
    SpeedState,
    SpeedView,
    SpitOptions,
    SpitState,
    SpitView,
    TurnUp,
    action_from_json,
    action_to_json,
    choose,
    load_game,
    new_game,
    new_speed_game,
)
from engine.spit.ai import Choice, looks_at
from engine.spit.cards import ALL_CARDS
from engine.spit.centre import PlayRefused, SlapLost, Stage
from engine.spit.events import DealWon, Event, PileSlapped
from tables.game_hooks import Finished, Wait
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.seated import SeatedTable
from words.common import Notice
from words.spit import notices_for

Game = SpitState | SpeedState

SEATS: Final = 2
NO_TARGET: Final = "none"
CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "variant": ("spit", "speed"),
    "piles": ("5", "4"),
    "emptier": ("no", "yes"),
    "colours": ("no", "yes"),
    "side": ("10", "5"),
    "target": (NO_TARGET, "10", "20", "30"),
}
"""The lobby's options, each with its values (the default first): the variant; Spit's stock
piles, "the player who empties their layout chooses the pile" and alternating colours; Speed's
side piles and the points to play to (none: one deal)."""
VARIANT_OPTIONS: Final[Mapping[str, tuple[str, ...]]] = {
    "spit": ("piles", "emptier", "colours"),
    "speed": ("side", "target"),
}
"""Which of the options each variant has."""

SHOWN: Final = re.compile(r"(\d+)-(\d+)-(\d\d|xx)(\d\d|xx)")
"""A move's :class:`Shown` as it is written: the match, the layout, the card and the top."""
PANEL_OUTDATED: Final = "not a panel stamp"
"""The detail of a press whose stamp this table never drew (a panel from before an update)."""
CARD_GONE: Final = "the card left its pile"
"""The detail of a play or move of a card its player has played or moved already."""
NEW_LAYOUT: Final = "a new layout was dealt"
"""The detail of a move on a layout (or deal) that has been replaced since the panel showed it."""


def _code(card: Card | None) -> str:
    return "xx" if card is None else f"{card.code:02d}"


def _card(code: str) -> Card | None:
    if code == "xx":
        return None
    if int(code) >= len(ALL_CARDS):
        raise IllegalAction(Reason.STALE, PANEL_OUTDATED)
    return ALL_CARDS[int(code)]


@dataclass(frozen=True, slots=True)
class Shown:
    """What a panel showed that one of its moves depends on, as the move's button carries it:
    the ``match`` number, the ``layout`` (Spit's layout number, Speed's deal number), the
    ``card`` the move plays or moves (None: it names none) and the ``top`` of the centre pile it
    plays onto (None: an empty pile, or it plays onto none)."""

    match: int
    layout: int
    card: Card | None = None
    top: Card | None = None

    def __str__(self) -> str:
        return f"{self.match}-{self.layout}-{_code(self.card)}{_code(self.top)}"

    @classmethod
    def parse(cls, text: str) -> "Shown":
        """The inverse of ``str``; anything else was not drawn by this table."""
        found = SHOWN.fullmatch(text)
        if found is None:
            raise IllegalAction(Reason.STALE, PANEL_OUTDATED)
        return cls(int(found[1]), int(found[2]), _card(found[3]), _card(found[4]))

    @classmethod
    def of(cls, match: int, view: SpitView | SpeedView, move: Action) -> "Shown":
        """What the panel drawn from ``view`` (of match number ``match``) shows for ``move``."""
        if isinstance(view, SpeedView):
            layout, card = view.deal_number, move.card if isinstance(move, PlayHand) else None
        else:
            layout, card = view.layouts_dealt, None
            if isinstance(move, PlayCard | MoveCard) and view.seat is not None:
                card = view.layouts[view.seat][move.pile].top
        top = view.centre[move.centre] if isinstance(move, PlayCard | PlayHand) else None
        return cls(match, layout, card, top)


def spit_options(choose: Callable[[str], str]) -> SpitOptions:
    """Spit's options from the lobby's choices (``choose(name)`` is an option's value)."""
    return SpitOptions(
        piles=int(choose("piles")),
        emptier_chooses=choose("emptier") == "yes",
        alternate_colours=choose("colours") == "yes",
    )


def speed_options(choose: Callable[[str], str]) -> SpeedOptions:
    """Speed's options from the lobby's choices."""
    target = choose("target")
    return SpeedOptions(side_pile=int(choose("side")), target=None if target == NO_TARGET else int(target))


@final
class SpitTable(SeatedTable[Action, Game]):
    """One channel's Spit or Speed: lobby, matches, AI seats."""

    game = "spit"
    seats_allowed = (SEATS, SEATS)
    best_seats = 2
    lobby_choices = CHOICES
    saved_as = "match"

    def __init__(self, registry: TableRegistry, **table: Any) -> None:
        super().__init__(registry, **table)
        self.match_number = 0
        self.wins = [0] * SEATS
        """Matches won by each seat at this table."""
        self.last_deal: DealWon | None = None
        """Speed: how the last deal ended (for the results), None before one has."""
        self._slaps: dict[int, PileSlapped] = {}
        """The slap that ended each layout of the running match that was slapped for, by layout
        number: a slap that arrives second is told who won the race."""

    def shown_options(self) -> Sequence[str]:
        """The variant, then its own options."""
        return ("variant", *VARIANT_OPTIONS[self.option("variant")])

    def recorded_as(self) -> str:
        return self.variant

    @property
    def variant(self) -> str:
        """``spit`` or ``speed``: the running match's, else the lobby's choice."""
        if self.state is None:
            return self.option("variant")
        return "speed" if isinstance(self.state, SpeedState) else "spit"

    # -- dealing ---------------------------------------------------------------------------------

    def deal(self) -> None:
        speed = self.option("variant") == "speed"
        self._deal(speed_options(self.option) if speed else spit_options(self.option))

    def _deal(self, options: SpitOptions | SpeedOptions) -> None:
        """A match of the variant ``options`` are for, dealt afresh."""
        seed = secrets.randbits(63)
        self.begin(
            new_speed_game(SEATS, options, seed)
            if isinstance(options, SpeedOptions)
            else new_game(SEATS, options, seed)
        )

    def begin(self, match: Game) -> None:
        """Play ``match`` (dealt, not yet played) at this table from now on."""
        self.match_number += 1
        self.last_deal = None
        self._slaps = {}
        self.play_dealt(match, match.to_json())

    # -- playing ---------------------------------------------------------------------------------

    def _layout(self) -> int:
        """The running layout's number (Speed: the deal's), as :class:`Shown` carries it."""
        match = self.require_state()
        return match.deal_number if isinstance(match, SpeedState) else match.layouts_dealt

    def shown(self, seat: int, action: Action) -> str:
        """The stamp ``seat``'s panel drawn now gives ``action``'s button (:class:`Shown`)."""
        return str(Shown.of(self.match_number, self.require_state().view(seat), action))

    def check_stamp(self, seat: int, stamp: str, action: Action) -> None:
        """As the module's note says; a slap for a layout someone else slapped for first is
        told who won the race."""
        self._shown_at(seat, stamp, action)

    def _shown_at(self, seat: int, stamp: str, action: Action) -> Shown:
        """What the panel showed, if the move it names is still there to make."""
        shown, match = Shown.parse(stamp), self.require_state()
        if shown.match != self.match_number:
            raise IllegalAction(Reason.GAME_OVER, "a panel of an earlier match")
        slap = self._slaps.get(shown.layout)
        if isinstance(action, Slap) and slap is not None and shown.layout == self._layout() - 1:
            raise SlapLost(slap.seat, slap.centre)
        if isinstance(action, PlayCard | MoveCard | TurnUp) and shown.layout != self._layout():
            raise IllegalAction(Reason.STALE, NEW_LAYOUT)
        if isinstance(action, PlayCard | MoveCard) and isinstance(match, SpitState):
            layout = match.layouts[seat]
            if 0 <= action.pile < len(layout) and layout[action.pile].top != shown.card:
                raise IllegalAction(Reason.STALE, CARD_GONE)
        return shown

    def apply_pressed(self, seat: int, stamp: str, action: Action) -> list[Notice]:
        """The player's move, if it is still there to make (:meth:`_shown_at`). A play that
        no longer fits raises :class:`PlayRefused` and changes nothing."""
        shown = self._shown_at(seat, stamp, action)
        try:
            return self.apply_action(action)
        except PlayRefused as misfit:
            if misfit.top is None:
                raise
            late = shown.top is not misfit.top
            raise PlayRefused(misfit.card, misfit.centre, misfit.top, late) from misfit

    def apply_action(self, action: Action) -> list[Notice]:
        match = self.require_state()
        events = match.apply(action)
        self.moves.append(action_to_json(action))
        self._track(events)
        notices = notices_for(match, events)
        self.notices.extend(notices)
        if match.outcome is not None:
            self.wins[match.outcome.winner] += 1
            self.game_ended()
        return notices

    def _track(self, events: Iterable[Event]) -> None:
        """Remember what a later press needs told: the slap that won a race, a Speed deal's end."""
        match = self.require_state()
        for event in events:
            if isinstance(event, PileSlapped) and isinstance(match, SpitState):
                self._slaps[match.layouts_dealt - 1] = event
            elif isinstance(event, DealWon):
                self.last_deal = event

    def waits_for(self) -> Wait | None:
        """The one player the match waits for: a deal or a stalemate that the other has called
        already, a slap only one may make, or the only player who can play (the other can only
        watch); None while both can act, or while it waits for both."""
        match = self.state
        if match is None or self.phase is not Phase.PLAYING or match.outcome is not None:
            return None
        seats = match.waiting_for()
        if match.stage is Stage.PLAY and not match.stalemate:
            seats = tuple(seat for seat in range(SEATS) if match.can_play(seat))
        return Wait(seats[0], f"{self.match_number} {len(self.moves)}") if len(seats) == 1 else None

    def forget_games(self) -> None:
        """Play again: a new series of matches."""
        self.match_number, self.wins, self.last_deal = 0, [0] * SEATS, None

    # -- between matches -------------------------------------------------------------------------

    def game_number(self) -> int:
        return self.match_number

    def deal_next(self) -> list[Notice]:
        """The next match, with the same options."""
        self._deal(self.require_state().options)
        return []

    def finished_game(self) -> Finished:
        """The match that just ended: Speed's points or Spit's cards left as the score."""
        match = self.require_state()
        outcome = match.outcome
        assert outcome is not None, "only a finished match is recorded"
        if isinstance(match, SpeedState):
            scores = list(match.totals)
        else:
            scores = [match.cards_left(seat) for seat in range(SEATS)]
        return Finished(
            number=self.match_number,
            scores=scores,
            ranks=[1 if seat == outcome.winner else 2 for seat in range(SEATS)],
            won=(outcome.winner,),
            options={**asdict(match.options), "match": self.match_number},
        )

    # -- AI seats --------------------------------------------------------------------------------

    def ai_inputs(self, seat: int) -> Hashable:
        return self.phase, self.match_number, looks_at(self.require_state(), seat)

    def ai_choice(self, seat: int) -> Choice | None:
        return choose(self.require_state(), seat, self.ai.level(seat), self.ai.rng(seat))

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The running match is saved with its number and the matches each seat won."""
        saved = super().to_json()
        if saved["match"] is not None:
            saved["match"].update(number=self.match_number, wins=list(self.wins))
        return saved

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        super().restore(saved, moves)
        if (data := saved["match"]) is not None:
            self.match_number, self.wins = data["number"], list(data["wins"])

    def load_dealt(self, dealt: Mapping[str, Any]) -> Game:
        return load_game(dealt)

    def replay_move(self, move: Mapping[str, Any]) -> None:
        self._track(self.require_state().apply(action_from_json(move)))

    def replay_turn(self) -> Hashable:
        """The deal (Speed's, or Spit's layout): a replay's "next deal" skips to the next one."""
        match = self.require_state()
        return match.deal_number if isinstance(match, SpeedState) else match.layouts_dealt
