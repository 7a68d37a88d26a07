"""A press on one of a table's components, as the handler that answers it gets it.

:func:`cogs.routes.on_press` finds the table and the game its custom id names and hands a
:class:`Press` to the handler of its action (:data:`cogs.routes.ROUTES`): the lobby's, the
panel's, the buttons between games, the seats', or the game's own.
"""

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.client import GameNightBot
from cogs.components import Controls
from cogs.i18n import private_locale
from cogs.kinds import GameKind
from tables.seated import SeatedTable

Seated = SeatedTable[Any, Any]


@dataclass(frozen=True, slots=True)
class Press:
    """``interaction`` pressed ``action`` with ``arg`` (and, in a menu, chose ``values``) on a
    component of ``table``, a table of ``kind``'s game."""

    bot: GameNightBot
    kind: GameKind[Any]
    interaction: discord.Interaction
    table: Seated
    action: str
    arg: str
    values: Sequence[str] | None = None

    @property
    def user(self) -> int:
        return self.interaction.user.id

    @property
    def locale(self) -> str:
        """The presser's language, for what is said to them privately."""
        return private_locale(self.interaction)

    def text(self, key: str, /, **values: object) -> str:
        """The catalogue's message ``key`` in the presser's language."""
        return self.bot.messages.text(key, self.locale, **values)

    @property
    def controls(self) -> Controls:
        """The component factories of the table's messages."""
        return self.kind.controls(self.table)


Handler = Callable[[Press], Awaitable[None]]
"""What answers one action's presses."""
