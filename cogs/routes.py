"""Every press on a table's component, from its custom id to the handler of its action.

A component's custom id names the game, the table, the action and its argument
(:mod:`cogs.components`). :func:`on_press` finds the game installed for the prefix and the table
(which must be where the press was made), lets a double click go and keeps one member from
pressing faster than a person can, then hands a :class:`~cogs.press.Press` to the handler of its
action: the shared ones in :data:`ROUTES` (the lobby's, the buttons between games, the seats'),
the game's panel (its opener and its actions, :attr:`~cogs.kinds.GameKind.panel`), or the game's
own (:attr:`~cogs.kinds.GameKind.other`). A refusal is said privately and changes nothing.
"""

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs import actions, between_games, seats, set_aside
from cogs.answers import tell_privately
from cogs.client import GameNightBot
from cogs.drafts import refusal_text
from cogs.i18n import private_locale
from cogs.kinds import INSTALLED, GameKind
from cogs.lobby import press_lobby
from cogs.panels import open_panel, press_panel
from cogs.press import Handler, Press, Seated
from cogs.presses import BUDGET, IN_FLIGHT, RecentPresses
from data import StoreError
from engine.errors import IllegalAction, Reason
from tables.errors import Refused

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Route:
    """The handler of an action's presses; ``menus``: a select menu may carry the action too
    (else a menu naming it is forged, and refused)."""

    handler: Handler
    menus: bool = False


async def _lobby(press: Press) -> None:
    await press_lobby(press.interaction, press.table, press.action, press.arg)


ROUTES: dict[str, Route] = {
    **{action: Route(_lobby) for action in actions.LOBBY},
    actions.REFRESH: Route(press_panel, menus=True),
    actions.CHOOSE: Route(press_panel, menus=True),
    actions.NEXT: Route(between_games.next_game),
    actions.END: Route(between_games.confirm_end),
    actions.END_CONFIRMED: Route(between_games.end_confirmed, menus=True),
    actions.END_CANCELLED: Route(between_games.end_cancelled, menus=True),
    actions.QUIT: Route(seats.ask_leave, menus=True),
    actions.QUIT_CONFIRMED: Route(seats.leave, menus=True),
    actions.QUIT_CANCELLED: Route(seats.stay, menus=True),
    actions.SEATS: Route(seats.host_menu, menus=True),
    actions.HAND: Route(seats.hand, menus=True),
    actions.HAND_TO: Route(seats.offer, menus=True),
    actions.ACCEPT: Route(seats.accept, menus=True),
    actions.ABORT: Route(seats.abort, menus=True),
    actions.AGAIN: Route(seats.play_again, menus=True),
}
"""The shared actions' handlers, by action (:mod:`cogs.actions`)."""


def route_of(kind: GameKind[Any], action: str) -> Route | None:
    """The handler of ``action`` on ``kind``'s tables: a shared one, the game's panel's, or
    None (the game's own, if it has any)."""
    if (route := ROUTES.get(action)) is not None:
        return route
    if action == kind.panel.opener:
        return Route(open_panel)
    if action in kind.panel.actions:
        return Route(press_panel, menus=True)
    return None


async def on_press(
    interaction: discord.Interaction,
    prefix: str,
    table_id: str,
    action: str,
    arg: str,
    values: Sequence[str] | None = None,
) -> None:
    """Route a click (or, with ``values``, a choice in a select menu) to its table; a table that
    has gone (or a stranger's click) gets a private answer, never a silent failure."""
    bot = interaction.client
    assert isinstance(bot, GameNightBot)
    locale = private_locale(interaction)
    table = bot.tables.get(table_id)
    kind = INSTALLED.get(prefix)
    if not BUDGET.admit(interaction.user.id, time.monotonic()):
        await tell_privately(interaction, bot.messages.text("error.slow_down", locale))
        return
    if IN_FLIGHT.stopping:  # its table is being saved: the restart answers the next press
        await tell_privately(interaction, bot.messages.text("error.restarting", locale))
        return
    if _repeats_a_press(interaction, action, values):
        await interaction.response.defer()  # answered, and nothing changes
        return
    try:
        if (
            table is None
            and kind is not None
            and await set_aside.answer(bot, interaction, kind, table_id, action)
        ):
            return  # a table set aside: resumed, discarded, or its player told why it stopped
        if kind is None or not isinstance(table, kind.table_class) or not pressed_at(interaction, table):
            raise IllegalAction(Reason.STALE, "the table is gone")
        press = Press(bot, kind, interaction, table, action, arg, values)
        with bot.panels.answering(table_id, interaction.user.id):
            await _answer(press)
    except (IllegalAction, Refused) as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, locale))
    except StoreError as error:  # a read the press needed failed: one line, no traceback
        log.log(logging.DEBUG if error.unreachable else logging.ERROR, "press not done: %s", error)
        await tell_privately(interaction, bot.messages.text("error.storage", locale))


async def _answer(press: Press) -> None:
    """The press, to the handler of its action (see :func:`route_of`)."""
    route = route_of(press.kind, press.action)
    if route is not None and (press.values is None or route.menus):
        await route.handler(press)
    elif (other := press.kind.other) is not None:
        await other(press.bot, press.interaction, press.table, press.action, press.arg, press.values)
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {press.action!r}")


def pressed_at(interaction: discord.Interaction, table: Seated) -> bool:
    """Whether a press came from where the table is: its channel (its lobby or card there) or
    its thread. A custom id copied elsewhere names a table that is not there."""
    return interaction.channel_id in (table.channel_id, table.thread_id)


PRESSES = RecentPresses()
"""The bot's recent presses, for :func:`_repeats_a_press`."""


def _repeats_a_press(interaction: discord.Interaction, action: str, values: Sequence[str] | None) -> bool:
    """Whether this press was made on the same view as one a moment ago (a double click).

    Only presses on private panels and lobbies count: they change the table. The table
    message's own buttons open a private panel, which a player may open again at will (the
    message is not redrawn in between), or carry the game's number, so a repeat is refused."""
    message = interaction.message
    if message is None or not (message.flags.ephemeral or action in actions.LOBBY):
        return False
    view = (message.id, message.edited_at)
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    press = (interaction.user.id, view, custom_id, None if values is None else tuple(values))
    return PRESSES.is_repeat(press, time.monotonic())
