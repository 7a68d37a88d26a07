"""Spit and Speed in words: cards, piles, what the game waits for, each side's cards, the matches
won, and which events the table announces (docs/rules.md §3)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.errors import IllegalAction, Reason
from engine.spit import Card, Rank, SpeedState, SpeedView, SpitState, SpitView
from engine.spit.centre import CENTRE_PILES, PLAYERS, PlayRefused, SlapLost, Stage
from engine.spit.events import (
    CentreTaken,
    DealStarted,
    DealWon,
    Event,
    GameWon,
    HandsRenewed,
    LayoutDealt,
    LayoutEnded,
    PileSlapped,
    SidePilesRebuilt,
)
from locales import Catalog, formatter
from words.common import Notice, bold, escape_markdown, notice_line, picture_labels

LETTERS = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
"""The ranks written with a letter; the others are their number."""


PILES = ("left", "right")
"""The catalogue's words for centre piles 0 and 1."""


View = SpitView | SpeedView


@dataclass(frozen=True, slots=True)
class Labels:
    """The words on the pictures (:mod:`render.spit` draws them), as templates of the message
    catalogue (plural forms included, see :mod:`locales`); counted words follow ``language``'s
    rules. The caller passes its locale's."""

    play: str = "Play!"
    wins: str = "{name} wins!"
    you_win: str = "You win!"
    waiting: str = "Waiting for {name}"
    ready: str = "ready ✓"
    left: str = "left · {count}"
    right: str = "right · {count}"
    layout: str = "Layout {number}"
    start: str = "Ready? Call spit!"
    stalemate: str = "Stalemate: call spit!"
    stalemate_alone: str = "Stalemate: {name} spits alone"
    you_spit_alone: str = "Stalemate: spit alone onto a pile"
    slap: str = "New layout: slap a pile!"
    chooses: str = "New layout: {name} chooses a pile"
    you_choose: str = "New layout: choose a pile"
    spit: str = "spit"
    cards_left: str = "{count} {count:one=card|other=cards} left"
    your_layout: str = "Your layout"
    spit_cards: str = "{count} spit {count:one=card|other=cards}"
    deal: str = "Deal {number} · first to {target}"
    flip_start: str = "Ready? Flip to start!"
    stuck: str = "Stuck: flip!"
    hand: str = "hand · {count}"
    stock: str = "stock"
    side: str = "side"
    points: str = "{points} {points:one=pt|other=pts}"
    your_hand: str = "Your hand"
    your_stock: str = "stock {count}"
    pile_size: str = "×{count}"
    """Under a layout pile: how many cards it holds (a bare number read as the pile's number)."""
    deal_won: str = "Deal {number}: {name} wins"
    player: str = "Player"
    cards: str = "Cards left"
    deal_points: str = "Deal"
    total: str = "Total"
    layouts: str = "{count} {count:one=layout|other=layouts} dealt"
    first_to: str = "First to {target} {target:one=point|other=points}"
    language: str = "en"
    """Whose plural rules and numbers the counted words follow."""

    def counted(self, template: str, **values: object) -> str:
        """``template`` (a counted word) filled in as the language writes it."""
        return formatter(self.language).format(template, **values)


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale), Labels, "spit")


def card_name(messages: Catalog, card: Card, locale: str) -> str:
    """``7♥``, ``K♠``: the rank (its letter where it has one) and the suit's sign."""
    word = LETTERS.get(card.rank)
    rank = str(int(card.rank)) if word is None else messages.text(f"spit.rank.{word}", locale)
    suit = messages.text(f"spit.suit.{card.suit.name.lower()}", locale)
    return messages.text("spit.card", locale, rank=rank, suit=suit)


def pile_name(messages: Catalog, pile: int, locale: str) -> str:
    return messages.text(f"spit.pile.{PILES[pile]}", locale)


def notice_text(messages: Catalog, notice: Notice, names: Sequence[str], locale: str) -> str:
    """One thing that happened, in words (``spit.notice.<code>``): a pile by its name."""
    values: dict[str, object] = dict(notice.values)
    if "pile" in values:
        values["pile"] = pile_name(messages, int(str(values["pile"])), locale)
    return notice_line(messages, "spit", notice, names, locale, values)


def variant_name(messages: Catalog, variant: str, locale: str) -> str:
    return messages.text(f"spit.variant.{variant}", locale)


def status_text(messages: Catalog, view: View, seat: int | None, names: Sequence[str], locale: str) -> str:
    """What the game waits for, from ``seat``'s side (None: the channel's)."""
    text = messages.text
    if view.outcome is not None:
        return text("spit.status.over", locale, name=bold(names[view.outcome.winner]))
    if seat is not None and seat in view.called and view.waiting_for:
        return text("spit.status.called", locale, name=bold(names[view.waiting_for[0]]))
    if isinstance(view, SpeedView):
        if view.stage is Stage.START:
            return text("spit.status.start_speed", locale)
        return text("spit.status.stuck" if view.stalemate else "spit.status.play", locale)
    if view.stage is Stage.SLAP:
        if view.chooser is None:
            return text("spit.status.slap", locale)
        if view.chooser == seat:
            return text("spit.status.you_choose", locale)
        return text("spit.status.chooses", locale, name=bold(names[view.chooser]))
    if view.stage is Stage.START:
        return text("spit.status.start", locale)
    if view.stalemate:
        spitters = [number for number, count in enumerate(view.spit_cards) if count]
        if len(spitters) == 1:
            if spitters[0] == seat:
                return text("spit.status.you_spit_alone", locale)
            return text("spit.status.stalemate_alone", locale, name=bold(names[spitters[0]]))
        return text("spit.status.stalemate", locale)
    return text("spit.status.play", locale)


def standings_text(messages: Catalog, wins: Sequence[int], names: Sequence[str], locale: str) -> str:
    """The matches each player has won at the table."""
    standings = " · ".join(
        messages.text("spit.results.standing", locale, name=bold(name), wins=won)
        for name, won in zip(names, wins, strict=True)
    )
    return messages.text("spit.results.wins", locale, standings=standings)


def player_line(messages: Catalog, view: View, seat: int, name: str, wins: int, locale: str) -> str:
    if isinstance(view, SpeedView):
        return messages.text(
            "spit.table.speed_player",
            locale,
            name=escape_markdown(name),
            hand=view.hand_sizes[seat],
            stock=view.stock_sizes[seat],
            points=view.totals[seat],
            wins=wins,
        )
    stock = sum(pile.size for pile in view.layouts[seat])
    return messages.text(
        "spit.table.spit_player",
        locale,
        name=escape_markdown(name),
        cards=stock + view.spit_cards[seat],
        spit=view.spit_cards[seat],
        wins=wins,
    )


def centre_words(messages: Catalog, view: View, locale: str) -> str:
    tops = [
        messages.text("spit.panel.nothing", locale) if top is None else card_name(messages, top, locale)
        for top in view.centre
    ]
    return messages.text(
        "spit.panel.centre",
        locale,
        left=tops[0],
        left_size=view.centre_sizes[0],
        right=tops[1],
        right_size=view.centre_sizes[1],
    )


def own_words(messages: Catalog, view: View, seat: int, locale: str) -> str:
    text = messages.text
    if isinstance(view, SpeedView):
        hand = view.hand or ()
        cards = " · ".join(
            text("spit.panel.hand_card", locale, number=number, card=card_name(messages, card, locale))
            for number, card in enumerate(hand, start=1)
        )
        return text(
            "spit.panel.hand",
            locale,
            cards=cards or text("spit.panel.nothing", locale),
            stock=view.stock_sizes[seat],
        )
    piles = []
    for number, pile in enumerate(view.layouts[seat], start=1):
        if not pile.size:
            piles.append(text("spit.panel.empty_pile", locale, number=number))
            continue
        if pile.top is None:
            top = text("spit.panel.face_down", locale)
        else:
            top = card_name(messages, pile.top, locale)
        piles.append(text("spit.panel.pile", locale, number=number, top=top, size=pile.size))
    return text("spit.panel.layout", locale, piles=" · ".join(piles), spit=view.spit_cards[seat])


NOTICE_CODES: Final = frozenset(
    {"emptied_slap", "emptied_chooses", "emptied", "stuck_slap", "stuck", "slapped", "chose", "took"}
    | {"dealt", "deal_won", "deal_started", "rebuilt", "renewed", "won"}
)
"""Every notice the table gives (``spit.notice.<code>``)."""
CALLOUT_CODES: Final = frozenset[str]()
"""It calls nobody out: its waits' calls say only that the table waits (``ping.*``)."""


def notices_for(game: SpitState | SpeedState, events: Sequence[Event]) -> list[Notice]:
    """What the channel should hear about these events: layouts ending, slaps, piles taken, new
    layouts and deals, and the winner. Plays, turns and calls go unsaid: the picture shows them."""
    notices: list[Notice] = []
    for event in events:
        match event:
            case LayoutEnded(emptied=emptied, race=race, chooser=chooser):
                if emptied is None:
                    notices.append(Notice("stuck_slap" if race else "stuck"))
                elif chooser is not None:
                    notices.append(Notice("emptied_chooses", emptied))
                else:
                    notices.append(Notice("emptied_slap" if race else "emptied", emptied))
            case PileSlapped(seat=seat, centre=centre):
                code = "chose" if isinstance(game, SpitState) and game.options.emptier_chooses else "slapped"
                notices.append(Notice(code, seat, {"pile": centre}))
            case CentreTaken(seat=seat, centre=centre, cards=cards):
                notices.append(Notice("took", seat, {"pile": centre, "cards": cards}))
            case LayoutDealt(seat=seat) if seat == PLAYERS - 1 and isinstance(game, SpitState):
                # Once both layouts are dealt.
                notices.append(Notice("dealt", None, {"number": game.layouts_dealt}))
            case DealWon(seat=seat, points=points) if isinstance(game, SpeedState) and game.options.target:
                # A match of one deal (no points to play to) says only who won it.
                number = game.deal_number if game.outcome is not None else game.deal_number - 1
                notices.append(Notice("deal_won", seat, {"number": number, "points": points}))
            case DealStarted(number=number):
                notices.append(Notice("deal_started", None, {"number": number}))
            case SidePilesRebuilt():
                notices.append(Notice("rebuilt"))
            case HandsRenewed():
                notices.append(Notice("renewed"))
            case GameWon(seat=seat):
                notices.append(Notice("won", seat))
    return notices


def results_words(
    messages: Catalog,
    view: View,
    variant: str,
    number: int,
    wins: Sequence[int],
    names: Sequence[str],
    over: bool,
    locale: str,
) -> tuple[str, list[str]]:
    """The results' title and lines: who won the match (or, at the end, the series: a tie, or
    nobody yet), then the matches each has won."""
    text = messages.text
    named = variant_name(messages, variant, locale)
    if over:
        best = max(wins)
        leaders = [bold(name) for name, won in zip(names, wins, strict=True) if won == best]
        if best == 0:
            line = text("spit.results.none", locale)
        elif len(leaders) > 1:
            line = text("spit.results.tie", locale)
        else:
            line = text("spit.results.series_winner", locale, name=leaders[0])
        title = text("spit.results.over_title", locale, variant=named)
    else:
        assert view.outcome is not None, "a match's results follow its end"
        line = text("spit.results.winner", locale, name=bold(names[view.outcome.winner]))
        title = text("spit.results.title", locale, variant=named, number=number)
    return title, [line, standings_text(messages, wins, names, locale)]


def spit_targets(messages: Catalog, view: SpitView, seat: int, locale: str) -> list[tuple[int, str]]:
    """The spit button(s) of ``seat``'s panel, each a centre pile and its label: onto the seat's
    own pile while both have spit cards; spitting alone, onto the pile kept to, or one button
    per pile while the choice is open."""
    if view.spit_cards[1 - seat] or view.stage is Stage.START:
        return [(seat, messages.text("spit.panel.spit", locale))]
    if view.lone_centre is not None:
        targets: Sequence[int] = (view.lone_centre,)
    else:
        targets = [centre for centre in CENTRE_PILES if view.centre_sizes[centre]] or [seat]
    return [
        (target, messages.text("spit.panel.spit_on", locale, pile=pile_name(messages, target, locale)))
        for target in targets
    ]


REFUSALS: Final = {
    ("spit", Reason.NOT_ALLOWED): "not_stalemate",
    ("flip", Reason.NOT_ALLOWED): "not_stuck",
    ("spit", Reason.STALE): "called",
    ("flip", Reason.STALE): "called",
    ("slap", Reason.STALE): "no_slap",
    ("slap", Reason.NOT_ALLOWED): "chooser_only",
    ("spit", Reason.NO_SUCH_CARD): "no_spit_cards",
    ("spit", Reason.BAD_TARGET): "lone_pile",
    ("turn", Reason.STALE): "face_up",
    ("turn", Reason.NO_SUCH_CARD): "space_empty",
    ("move", Reason.BAD_TARGET): "space_taken",
    ("move", Reason.NOT_ALLOWED): "lone_card",
    ("hand", Reason.NO_SUCH_CARD): "not_in_hand",
}
"""``spit.note.<key>``: what a refused press means, by its action and the engine's reason."""


def refusal_words(
    messages: Catalog,
    error: IllegalAction,
    action: str,
    game: SpitState | SpeedState | None,
    names: Sequence[str],
    locale: str,
) -> str | None:
    """Why a press of a panel's ``action`` (its custom id's) was refused, in the player's terms:
    which card did not fit which pile and whether the other player got there first, who won a
    race to slap, a game not started or a layout over, what a refused spit, flip or slap means;
    None where the shared words (``reason.<code>``) say it."""
    text = messages.text
    if isinstance(error, PlayRefused) and error.top is not None:
        card, top = card_name(messages, error.card, locale), card_name(messages, error.top, locale)
        if error.late:
            pile = pile_name(messages, error.centre, locale)
            return text("spit.note.too_late", locale, pile=pile, top=top, card=card)
        colours = isinstance(game, SpitState) and game.options.alternate_colours
        return text("spit.note.no_fit_colours" if colours else "spit.note.no_fit", locale, card=card, top=top)
    if isinstance(error, SlapLost):
        pile = pile_name(messages, error.centre, locale)
        return text("spit.note.slap_lost", locale, player=bold(names[error.seat]), pile=pile)
    if error.reason is Reason.NOT_STARTED and game is not None:
        speed = isinstance(game, SpeedState)
        return text("spit.note.not_started_speed" if speed else "spit.note.not_started", locale)
    if game is not None and game.stage is Stage.SLAP and action != "slap":
        return text("spit.note.layout_over", locale)
    key = REFUSALS.get((action, error.reason))
    return None if key is None else text(f"spit.note.{key}", locale)
