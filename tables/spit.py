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

Buttons on a private panel carry a *stamp* of what the panel showed: the layout (Spit) or deal
(Speed) number, a digest of the player's own cards, and the two centre tops. Only the player
changes their own cards, except when a new layout or deal is dealt, so a press from a panel
whose own cards differ from the table's (an older panel, a layout dealt since) is refused
(:data:`PANEL_OUTDATED`) instead of playing a card the player has not seen. The centre tops are
not checked, since the other player changes them all the time and the public picture shows them
sooner than a panel does: they only say, when a play does not fit, whether the pile changed
under the player (too late) or never fitted (a misplay).
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
    Slap,
    SpeedOptions,
    SpeedState,
    SpitOptions,
    SpitState,
    action_from_json,
    action_to_json,
    choose,
    layout_notation,
    load_game,
    new_game,
    new_speed_game,
    notation,
)
from engine.spit.ai import Choice, looks_at
from engine.spit.cards import ALL_CARDS
from engine.spit.centre import PlayRefused, SlapLost, Stage
from engine.spit.events import DealWon, Event, PileSlapped
from tables.game_hooks import Finished, Wait
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.seated import SeatedTable
from tables.stamps import digest
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

STAMP: Final = re.compile(rf"(\d+)-([0-9a-z]*)-((?:\d\d|xx){{{SEATS}}})")
"""A panel's stamp as :class:`Stamp` writes it: the layout, the digest, two digits a centre top."""
PANEL_OUTDATED: Final = "the panel is out of date"
"""The detail of a press from a panel whose own cards are no longer the table's."""


@dataclass(frozen=True, slots=True)
class Stamp:
    """What a panel showed, as its buttons carry it: ``layout`` (Spit's layout number, Speed's
    deal number), ``own`` (a digest of the match and the player's own cards) and ``tops`` (the
    centre tops, None for an empty pile)."""

    layout: int
    own: str
    tops: tuple[Card | None, ...]

    def __str__(self) -> str:
        tops = "".join("xx" if top is None else f"{top.code:02d}" for top in self.tops)
        return f"{self.layout}-{self.own}-{tops}"

    @classmethod
    def parse(cls, text: str) -> "Stamp":
        """The inverse of ``str``; a malformed stamp is refused as stale (it cannot be ours)."""
        found = STAMP.fullmatch(text)
        if found is None:
            raise IllegalAction(Reason.STALE, "not a panel stamp")
        codes = [found[3][at : at + 2] for at in range(0, 2 * SEATS, 2)]
        if any(code != "xx" and int(code) >= len(ALL_CARDS) for code in codes):
            raise IllegalAction(Reason.STALE, "not a panel stamp")
        tops = tuple(None if code == "xx" else ALL_CARDS[int(code)] for code in codes)
        return cls(int(found[1]), found[2], tops)


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

    def panel_stamp(self, seat: int) -> Stamp:
        """What ``seat``'s panel shows now, for its buttons to carry."""
        match = self.require_state()
        if isinstance(match, SpeedState):
            layout, own = match.deal_number, notation(match.hands[seat])
        else:
            # Not the spit cards: both spitting together changes them, and a play pressed on the
            # panel of the stalemate (seeing the new tops on the table) means what it says.
            layout, own = match.layouts_dealt, layout_notation(match.layouts[seat])
        centre = tuple(pile.top if pile else None for pile in match.centre)
        return Stamp(layout, digest(f"{self.match_number}|{layout}|{own}"), centre)

    def check_stamp(self, seat: int, stamp: str, action: Action) -> None:
        self._shown_at(seat, stamp, action)

    def _shown_at(self, seat: int, stamp: str, action: Action) -> Stamp:
        """What the panel showed, if its own cards are still the table's."""
        shown = Stamp.parse(stamp)
        now = self.panel_stamp(seat)
        if shown.own != now.own:
            slap = self._slaps.get(shown.layout)
            if isinstance(action, Slap) and slap is not None and shown.layout == now.layout - 1:
                raise SlapLost(slap.seat, slap.centre)
            raise IllegalAction(Reason.STALE, PANEL_OUTDATED)
        return shown

    def apply_pressed(self, seat: int, stamp: str, action: Action) -> list[Notice]:
        """The player's move, if their panel still shows their own cards as they are. A play that
        no longer fits raises :class:`PlayRefused` and changes nothing."""
        shown = self._shown_at(seat, stamp, action)
        try:
            return self.apply_action(action)
        except PlayRefused as misfit:
            if misfit.top is None:
                raise
            late = shown.tops[misfit.centre] is not misfit.top
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
            game=self.variant,
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
