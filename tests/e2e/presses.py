"""A scripted person's next press on their panel, read from the panel as they see it: a button,
or a choice in a menu. A game whose panel needs a way of playing of its own has ``decide`` in its
play module (``tests/e2e/<game>_play.py``), built from these; any other game is played by
:func:`first_move`. bench/bench_play.py's people press what these decide.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from fakediscord import SeenMessage
from fakediscord.model import JSON


@dataclass
class Press:
    """What a person decided to do: press a button, or choose ``value`` in a menu."""

    custom_id: str
    value: str | None = None


def enabled(message: SeenMessage, *actions: str) -> list[JSON]:
    """The enabled buttons and menus of ``message`` whose action is one of ``actions``."""
    return [
        item
        for item in message.buttons() + message.selects()
        if str(item["custom_id"]).split(":")[2] in actions and not item.get("disabled")
    ]


def _press(item: JSON) -> Press:
    """Press a button, or choose a menu's first option."""
    if item["type"] == 3:
        return Press(str(item["custom_id"]), str(item["options"][0]["value"]))
    return Press(str(item["custom_id"]))


def first_press(message: SeenMessage, *actions: str) -> Press | None:
    """The first enabled button or menu (its first option) of the first of ``actions`` offered."""
    for action in actions:
        for item in enabled(message, action):
            return _press(item)
    return None


def first_move(message: SeenMessage, actions: Collection[str]) -> Press | None:
    """The first enabled button (else menu, its first option) on the panel whose action is one
    of ``actions``: a game's moves (its ``PanelSpec.actions``) played without a way of its own."""
    offered = enabled(message, *actions)
    return _press(offered[0]) if offered else None
