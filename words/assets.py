"""Cover Your Assets in words: cards, money, whose move or challenge it is, the discard pile and
which events the table announces (docs/rules.md §2)."""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from engine.assets.cards import Asset, parse_cards
from engine.assets.events import (
    Answered,
    Challenged,
    Discarded,
    DrawPileEmptied,
    Event,
    GameWon,
    PairPlaced,
    RoundDealt,
    RoundScored,
    SetWon,
    TieForFirst,
    TurnStarted,
)
from engine.assets.state import AssetsState, AssetsView, Stage
from locales import Catalog
from words.common import Notice, bold, catalogue_words, notice_line

ENGLISH_CARDS = (
    "Piggy Bank",
    "Baseball Cards",
    "Stamp Collection",
    "Cash Under the Mattress",
    "Bank Account",
    "Coin Collection",
    "Stocks",
    "Classic Auto",
    "Jewels",
    "Home",
    "Silver",
    "Gold",
)


@dataclass(frozen=True, slots=True)
class Labels:
    """Every word on the pictures (:mod:`render.assets` draws them), as ``str.format``
    templates; the caller passes its locale's. ``cards`` are the assets' names in
    :class:`~engine.assets.cards.Asset` order; amounts are written with ``thousands`` between
    groups of three digits, then put in ``money``."""

    turn: str = "{name}'s turn"
    your_turn: str = "Your turn"
    challenge: str = "{challenger} challenges {defender}"
    to_answer: str = "{name} to answer: {asset} or a wild, or give up"
    you_answer: str = "Answer with {asset} or a wild, or give up"
    round_over: str = "Round {number} is over: {name} deals next"
    tie: str = "Tie for first at {money}: one more round"
    won: str = "{name} wins with {money}!"
    round: str = "Round {number}"
    goal: str = "Goal {money}"
    dealer: str = "Dealer: {name}"
    draw_pile: str = "draw pile"
    discard_pile: str = "discard pile"
    empty: str = "empty"
    counts: str = "{hand} in hand · {under} under"
    no_sets: str = "no sets yet"
    total: str = "total {money}"
    stack: str = "stack {money}"
    at_stake: str = "at stake"
    your_hand: str = "Your hand"
    empty_hand: str = "No cards in hand"
    results: str = "Round {number}: the scores"
    player: str = "Player"
    total_column: str = "Total"
    next_dealer: str = "{name} deals the next round"
    language: str = "en"
    """Whose money and numbers the pictures write (``$1,250,000``; ``1.250.000 $``)."""
    wild: str = "WILD"
    cards: tuple[str, ...] = ENGLISH_CARDS


def card_name(messages: Catalog, asset: Asset, locale: str) -> str:
    """``Piggy Bank``, ``Alcancía``."""
    return messages.text(f"assets.card.{asset.name.lower()}", locale)


@cache
def picture_labels(messages: Catalog, language: str) -> Labels:
    """The words on the pictures in one language, card names included."""
    cards = tuple(card_name(messages, asset, language) for asset in Asset)
    return catalogue_words(messages, language, Labels, "assets.picture", cards=cards)


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale))


def money_text(messages: Catalog, amount: int, locale: str) -> str:
    """``$1,250,000``, ``1.250.000 $``: as the pictures write it."""
    return messages.money(amount, locale)


def worded(
    messages: Catalog, values: dict[str, int | str], names: Sequence[str], locale: str
) -> dict[str, object]:
    """A notice's values in words: cards by name, amounts as money, seats by name."""
    worded: dict[str, object] = {}
    for key, value in values.items():
        if key in ("card", "asset"):
            worded[key] = card_name(messages, Asset.parse(str(value)), locale)
        elif key == "cards":
            worded[key] = " + ".join(card_name(messages, card, locale) for card in parse_cards(str(value)))
        elif key in ("value", "total"):
            worded[key] = money_text(messages, int(value), locale)
        elif key in ("target", "other"):
            worded[key] = bold(names[int(value)])
        else:
            worded[key] = value
    return worded


def notice_text(messages: Catalog, notice: Notice, names: Sequence[str], locale: str) -> str:
    """One thing that happened, in words (``assets.notice.<code>``)."""
    values = worded(messages, dict(notice.values), names, locale)
    return notice_line(messages, "assets", notice, names, locale, values)


def public_status(messages: Catalog, view: AssetsView, names: Sequence[str], locale: str) -> str:
    """Whose turn it is, or whom a running challenge waits for."""
    duel = view.duel
    if duel is None:
        return messages.text("assets.status.turn", locale, name=bold(names[view.turn]))
    return messages.text(
        "assets.status.challenge",
        locale,
        challenger=bold(names[duel.challenger]),
        defender=bold(names[duel.defender]),
        asset=card_name(messages, duel.stake.asset, locale),
        name=bold(names[duel.answering]),
    )


def discard_text(messages: Catalog, view: AssetsView, locale: str) -> str:
    """The top of the discard pile, in words (or that it is empty)."""
    top = view.discard_top
    if top is None:
        return messages.text("assets.panel.discard_empty", locale)
    return messages.text("assets.panel.discard", locale, card=card_name(messages, top, locale))


def sets_held(view: AssetsView, seat: int) -> int:
    stack = view.stacks[seat]
    return stack.under + (stack.top is not None)


NOTICE_CODES: Final = frozenset(
    {"dealt", "paired", "paired_discard", "challenged", "answered", "no_answer", "stolen", "defended"}
    | {"discarded", "skipped", "draw_empty", "round_over", "tie", "won", "timed_out"}
)
"""Every notice the table gives (``assets.notice.<code>``)."""


def notices_for(state: AssetsState, events: Sequence[Event]) -> list[Notice]:
    """What the channel should hear about these events (``state`` is the match after them):
    every move, a stolen or defended set, the draw pile running out, skipped players and the
    end of a round or the match. Refills and plain turns go unsaid."""
    notices: list[Notice] = []
    values: dict[str, int | str]
    for event in events:
        match event:
            case RoundDealt(round_number=number, dealer=dealer):
                notices.append(Notice("dealt", dealer, {"number": number}))
            case PairPlaced(seat=seat, placed=placed, from_discard=from_discard):
                code = "paired_discard" if from_discard else "paired"
                values = {"asset": placed.asset.code, "cards": str(placed), "value": placed.value}
                notices.append(Notice(code, seat, values))
            case Challenged(seat=seat, target=target, card=card, stake=stake):
                values = {"target": target, "card": card.code, "asset": stake.asset.code}
                values["value"] = stake.value
                notices.append(Notice("challenged", seat, values))
            case Answered(seat=seat, card=card):
                notices.append(Notice("answered", seat, {"card": card.code}))
            case SetWon(winner=winner, loser=loser, won=won, defended=defended):
                code = "defended" if defended else "stolen"
                values = {"other": loser, "asset": won.asset.code, "count": len(won.cards)}
                values["value"] = won.value
                notices.append(Notice(code, winner, values))
            case Discarded(seat=seat, card=card):
                notices.append(Notice("discarded", seat, {"card": card.code}))
            case TurnStarted(skipped=skipped):
                notices.extend(Notice("skipped", seat) for seat in skipped)
            case DrawPileEmptied():
                notices.append(Notice("draw_empty"))
            case RoundScored(round_number=number):
                notices.append(Notice("round_over", None, {"number": number}))
            case TieForFirst(total=total):
                notices.append(Notice("tie", None, {"total": total}))
            case GameWon(winner=winner, totals=totals):
                notices.append(Notice("won", winner, {"total": totals[winner]}))
    return notices


def hand_text(messages: Catalog, hand: Sequence[Asset], locale: str) -> str:
    """A hand in words, numbered as the hand picture numbers it (or that it is empty)."""
    cards = " · ".join(
        messages.text("assets.panel.card", locale, number=index + 1, card=card_name(messages, card, locale))
        for index, card in enumerate(hand)
    )
    return cards or messages.text("assets.panel.no_cards", locale)


def stack_text(messages: Catalog, view: AssetsView, seat: int, locale: str) -> str:
    """A seat's stack in words: its value, how many sets, the running total."""
    value, total = (
        money_text(messages, view.stacks[seat].value, locale),
        money_text(messages, view.totals[seat], locale),
    )
    return messages.text("assets.panel.stack", locale, value=value, sets=sets_held(view, seat), total=total)


def player_line(messages: Catalog, view: AssetsView, seat: int, name: str, locale: str) -> str:
    """A seat on the table message: its running total, its stack and its cards in hand."""
    total, stack = (
        money_text(messages, view.totals[seat], locale),
        money_text(messages, view.stacks[seat].value, locale),
    )
    sets, cards = sets_held(view, seat), view.hand_sizes[seat]
    return messages.text(
        "assets.table.player", locale, name=name, total=total, stack=stack, sets=sets, cards=cards
    )


CALLOUT_CODES: Final = frozenset({"answer", "warn_turn", "warn_answer"})
"""Every callout (``assets.call.<code>``): a message that mentions the player it waits for."""


def results_words(
    messages: Catalog, state: AssetsState, names: Sequence[str], between: bool, seconds: int, locale: str
) -> tuple[str, str]:
    """The results' title and line: who won the match, or (``between`` rounds) who deals the
    next round and when it starts by itself, or that the match ended early."""
    text, view = messages.text, state.view()
    if view.outcome is not None:
        winner = view.outcome.winner
        total = money_text(messages, view.totals[winner], locale)
        return text("assets.results.won_title", locale, name=names[winner]), text(
            "assets.results.won", locale, name=bold(names[winner]), total=total
        )
    number = view.round_number
    if between:
        dealer = bold(names[state.next_dealer()])
        line = text("assets.results.next_dealer", locale, name=dealer, number=number + 1, seconds=seconds)
        return text("assets.results.title", locale, number=number), line
    if view.round_scores:
        return text("assets.results.over_title", locale), text(
            "assets.results.ended", locale, number=len(view.round_scores)
        )
    return text("assets.results.over_title", locale), text("assets.results.none", locale)


def standing_line(messages: Catalog, view: AssetsView, seat: int, name: str, locale: str) -> str:
    """A seat in the results: its rank, its money from the round just over, and its total."""
    rank = 1 + sum(1 for other in view.totals if other > view.totals[seat])
    total = money_text(messages, view.totals[seat], locale)
    if view.stage in (Stage.ROUND_OVER, Stage.GAME_OVER):
        score = money_text(messages, view.round_scores[-1][seat], locale)
        return messages.text("assets.results.line", locale, rank=rank, name=name, score=score, total=total)
    return messages.text("assets.results.total_line", locale, rank=rank, name=name, total=total)


def panel_status(
    messages: Catalog, view: AssetsView, names: Sequence[str], between: bool, playing: bool, locale: str
) -> str:
    """What a panel's player is to do (``view`` is theirs), or that it is not their turn;
    ``between`` rounds, that the round is over; once nobody plays, that the match is."""
    text = messages.text
    if between:
        return text("assets.status.round_over", locale, number=view.round_number)
    if not playing or view.to_act is None:
        return text("assets.status.over", locale)
    if view.to_act != view.seat:
        return text("assets.status.not_your_turn", locale, name=bold(names[view.to_act]))
    duel = view.duel
    if duel is None:
        return text("assets.status.your_turn", locale)
    shower, card = duel.shown[-1]
    return text(
        "assets.status.challenged" if len(duel.shown) == 1 else "assets.status.answer_back",
        locale,
        name=bold(names[shower]),
        asset=card_name(messages, duel.stake.asset, locale),
        card=card_name(messages, card, locale),
    )
