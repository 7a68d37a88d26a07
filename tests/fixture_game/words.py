"""Tally in words: whose turn it is, the total, a move, and which events the table announces."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from locales import Catalog
from tests.fixture_game.engine import GOAL, Add, Added, Event, TallyState, Won
from words.common import Notice, bold, notice_line, picture_labels

NOTICE_CODES: Final = frozenset({"added", "won", "hurry", "timed_out"})
"""Every notice the table gives (``tally.notice.<code>``)."""
CALLOUT_CODES: Final = frozenset[str]()
"""It calls nobody out: its waits' calls say only that the table waits (``ping.*``)."""


@dataclass(frozen=True, slots=True)
class Labels:
    """The words on Tally's picture (``tally.picture.<field>``)."""

    total: str
    goal: str


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale), Labels, "tally")


def notices_for(state: TallyState, events: Sequence[Event]) -> list[Notice]:
    """Every step is worth saying in a game this short."""
    notices: list[Notice] = []
    for event in events:
        match event:
            case Added(seat=seat, amount=amount, total=total):
                notices.append(Notice("added", seat, {"amount": amount, "total": total}))
            case Won(seat=seat):
                notices.append(Notice("won", seat, {"goal": GOAL}))
    return notices


def notice_text(messages: Catalog, notice: Notice, names: Sequence[str], locale: str) -> str:
    return notice_line(messages, "tally", notice, names, locale, dict(notice.values))


def status_text(messages: Catalog, state: TallyState, names: Sequence[str], locale: str) -> str:
    """Who won, or whose turn it is, and the total."""
    if state.winner is not None:
        return messages.text("tally.status.won", locale, name=bold(names[state.winner]), goal=GOAL)
    return messages.text("tally.status.turn", locale, name=bold(names[state.current]), total=state.total)


def move_text(messages: Catalog, move: Add, names: Sequence[str], locale: str) -> str:
    """A move as its panel offers it: the amount to add."""
    return messages.text("tally.panel.amount", locale, amount=move.amount)
