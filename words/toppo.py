"""Toppo in words: cards, what play waits for, the order picked cards go in, and which events the
table announces (docs/rules.md §1)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.toppo.cards import Card, Colour
from engine.toppo.events import (
    DisplayReplaced,
    Event,
    FalseStart,
    GameStarted,
    LineTopped,
    Matched,
    MatchFailed,
    PenaltyPaid,
    StockReshuffled,
    TopFailed,
    ToppoCalled,
    ToppoFailed,
    VoteCast,
)
from engine.toppo.series import Series
from engine.toppo.state import ToppoState
from locales import Catalog, formatter
from words.common import Notice, bold, notice_line, picture_labels

SLOT_LETTERS: Final = "ABCDE"
"""The display's slots, as the pictures and the buttons name them."""


@dataclass(frozen=True, slots=True)
class Labels:
    """The words on the pictures (:mod:`render.toppo` draws them), as templates of the message
    catalogue (plural forms included, see :mod:`locales`), formatted by ``language``'s rules; the
    caller passes its locale's."""

    game: str = "Game {number}"
    waiting: str = "Waiting for {name} to turn"
    play: str = "Play!"
    toppo: str = "{name} called toppo!"
    stock: str = "stock"
    topped: str = "topped"
    votes: str = "replace {votes}/{needed}"
    points: str = "{points} {points:one=pt|other=pts}"
    you_restart: str = "Your restart: turn a card"
    your_line: str = "Your line"
    deck: str = "deck {count} · {left} {left:one=card|other=cards} in all"
    may_call_toppo: str = "Fewer than 10: you may call toppo"
    matching: str = "Match again, or renew"
    you_voted: str = "you voted"
    results: str = "Game {number}: {name} called toppo"
    series_over: str = "Series over: {name} wins"
    player: str = "Player"
    score: str = "Game"
    total: str = "Total"
    next_game: str = "{name} chooses the next display"
    colours: str = "R Y W G B"
    """Each colour's mark on its cards (red, yellow, white, green, blue), space-separated."""
    language: str = "en"
    """Whose plural rules and numbers the counted words follow."""

    def mark(self, card: Card) -> str:
        return self.colours.split()[list(Colour).index(card.colour)]

    def counted(self, template: str, **values: object) -> str:
        """``template`` (a counted word) filled in as the language writes it."""
        return formatter(self.language).format(template, **values)


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale), Labels, "toppo")


def card_name(messages: Catalog, card: Card, locale: str) -> str:
    """``red waves``, ``ondas en rojo``."""
    colour = messages.text(f"toppo.colour.{card.colour.name.lower()}", locale)
    symbol = messages.text(f"toppo.symbol.{card.symbol.name.lower()}", locale)
    return messages.text("toppo.card", locale, colour=colour, symbol=symbol)


def cards_text(messages: Catalog, cards: Sequence[Card], locale: str) -> str:
    """Cards in words, in order: "red waves, yellow stars"."""
    return ", ".join(card_name(messages, card, locale) for card in cards)


def notice_text(messages: Catalog, notice: Notice, names: Sequence[str], locale: str) -> str:
    """One thing that happened, in words (``toppo.notice.<code>``): cards by name, slots by letter."""
    values: dict[str, object] = dict(notice.values)
    if "card" in values:
        values["card"] = card_name(messages, Card.parse(str(values["card"])), locale)
    if "slot" in values:
        values["slot"] = SLOT_LETTERS[int(str(values["slot"]))]
    return notice_line(messages, "toppo", notice, names, locale, values)


def status_text(
    messages: Catalog, game: ToppoState, seat: int | None, names: Sequence[str], locale: str
) -> str:
    """Who play waits for, if anyone; for a seat's own panel, "you restart"; who ended the game."""
    if game.outcome is not None:
        return messages.text("toppo.status.over", locale, name=bold(names[game.outcome.caller]))
    if game.restarter is None:
        return messages.text("toppo.status.play", locale)
    if game.restarter == seat:
        return messages.text("toppo.status.you_restart", locale)
    return messages.text("toppo.status.waiting", locale, name=bold(names[game.restarter]))


NOTICE_CODES: Final = frozenset(
    {"topped", "matched", "wrong_top", "wrong_match", "false_toppo", "false_start", "voted"}
    | {"replaced", "reshuffled", "toppo", "game_started"}
)
"""Every notice the table gives (``toppo.notice.<code>``)."""
CALLOUT_CODES: Final = frozenset[str]()
"""It calls nobody out: its waits' calls say only that the table waits (``ping.*``)."""


def notices_for(series: Series, events: Sequence[Event]) -> list[Notice]:
    """What the channel should hear about these events (``series`` as they left it): penalties
    with their reason and cost, tops, matches, votes and the end of a game; plain turns and
    renewals go unsaid."""
    notices: list[Notice] = []
    mistake: Notice | None = None
    for event in events:
        match event:
            case TopFailed(seat=seat):
                mistake = Notice("wrong_top", seat)
            case MatchFailed(seat=seat, card=card, slot=slot):
                mistake = Notice("wrong_match", seat, {"card": str(card), "slot": slot})
            case ToppoFailed(seat=seat, cards_left=left):
                mistake = Notice("false_toppo", seat, {"left": left})
            case FalseStart(seat=seat):
                mistake = Notice("false_start", seat)
            case PenaltyPaid(penalty_cards=cards) if mistake is not None:
                values = {**mistake.values, "cards": len(cards)}
                notices.append(Notice(mistake.code, mistake.player, values))
                mistake = None
            case LineTopped(seat=seat):
                notices.append(Notice("topped", seat))
            case Matched(seat=seat, card=card, slot=slot):
                notices.append(Notice("matched", seat, {"card": str(card), "slot": slot}))
            case VoteCast(seat=seat, votes=votes, needed=needed):
                notices.append(Notice("voted", seat, {"votes": votes, "needed": needed}))
            case DisplayReplaced():
                notices.append(Notice("replaced"))
            case StockReshuffled(cards=cards):
                notices.append(Notice("reshuffled", None, {"cards": cards}))
            case ToppoCalled(seat=seat, cards_left=left):
                notices.append(Notice("toppo", seat, {"left": left}))
            case GameStarted(game_number=number, start_player=seat, display=display):
                notices.append(Notice("game_started", seat, {"number": number, "size": len(display)}))
    return notices


def display_text(messages: Catalog, display: Sequence[Card], locale: str) -> str:
    """The display's cards by slot: "A red waves · B blue stars"."""
    return " · ".join(
        f"{SLOT_LETTERS[slot]} {card_name(messages, card, locale)}" for slot, card in enumerate(display)
    )


def line_text(messages: Catalog, line: Sequence[Card], locale: str) -> str:
    """A line's cards, numbered as the panel's buttons name them (or that it is empty)."""
    cards = " · ".join(
        f"{index} {card_name(messages, card, locale)}" for index, card in enumerate(line, start=1)
    )
    return cards or messages.text("toppo.panel.empty", locale)


def player_line(messages: Catalog, series: Series, seat: int, name: str, locale: str) -> str:
    """A seat on the table message: the cards it has left and its running total."""
    left, total = series.game.cards_left(seat), series.totals[seat]
    return messages.text("toppo.table.player", locale, name=name, left=left, total=total)


def results_words(
    messages: Catalog, series: Series, names: Sequence[str], over: bool, locale: str
) -> tuple[str, list[str]]:
    """The results' title and lines: who called toppo, or at the end who won the series with
    how many points."""
    text = messages.text
    if over:
        title = text("toppo.results.over_title", locale)
        standings = series.standings()
        if series.history:
            best = series.totals[standings[0]]
            leaders = [bold(names[seat]) for seat in standings if series.totals[seat] == best]
            lines = [
                text(
                    "toppo.results.winner", locale, names=", ".join(leaders), points=best, count=len(leaders)
                )
            ]
        else:
            lines = [text("toppo.results.none", locale)]
    else:
        title = text("toppo.results.title", locale, number=len(series.history))
        lines = [text("toppo.results.description", locale, name=bold(names[series.history[-1].caller]))]
    return title, lines


def choosing_text(messages: Catalog, series: Series, names: Sequence[str], locale: str) -> str | None:
    """Who chooses the next game's display size (on their panel), while it is chosen."""
    chooser = series.chooser()
    if chooser is None:
        return None
    return messages.text("toppo.results.choosing", locale, name=bold(names[chooser]))
