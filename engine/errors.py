"""The one error an engine raises for an impossible action.

A rule-defined mistake (a wrong "top", a false "toppo") is *not* an error: it is a legal action
whose events carry the penalty. ``IllegalAction`` is for what cannot happen at all (not your turn,
a card you do not hold, a button pressed for a moment that has passed). Its reason is a stable
code that the bot maps to a short private message (``locales``: ``reason.<code>``), so the codes
must never be renamed.
"""

from enum import StrEnum


class Reason(StrEnum):
    """Why an action was refused; the value is the stable code."""

    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    STALE = "stale"
    GAME_OVER = "game_over"
    NOT_STARTED = "not_started"
    NO_SUCH_CARD = "no_such_card"
    BAD_TARGET = "bad_target"
    BAD_OPTION = "bad_option"
    NOT_ALLOWED = "not_allowed"
    LINE_FULL = "line_full"
    LINE_NOT_FULL = "line_not_full"
    NOT_IN_LINE = "not_in_line"
    ALREADY_VOTED = "already_voted"
    DECK_EMPTY = "deck_empty"


class IllegalAction(ValueError):
    """An action the rules do not allow at all; ``reason`` says why in a stable code."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.detail = detail
