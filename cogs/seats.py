"""People drifting away, on Discord: leaving from the panel, the host's seat menu (hand a seat
to a member, abort a game nobody has really started), the member's Accept, and Play again.

The table decides (:mod:`tables.stand_ins`, :class:`~tables.seated.SeatedTable`); this turns
presses into its requests and answers privately. The offer of a seat is the one message that
mentions the member it is for (:meth:`cogs.attention.Attention.invite`): posted once, edited once
taken, never deleted.
"""

from collections import Counter
from collections.abc import Sequence
from typing import Any

import discord

from cogs.answers import Acknowledge, acknowledged, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.components import PER_ROW, ROWS, Controls
from cogs.i18n import private_locale
from cogs.kinds import GameKind
from cogs.message_parts import names_of
from engine.errors import IllegalAction, Reason
from tables.phases import Phase
from tables.seated import SeatedTable
from words.common import bold

Seated = SeatedTable[Any, Any]

QUIT, QUIT_CONFIRMED, QUIT_CANCELLED = "quit", "quitok", "quitno"
"""A panel's Leave game, and the two answers of its confirmation."""
SEATS, HAND, HAND_TO, ACCEPT, ABORT = "seats", "offer", "offerto", "accept", "abort"
"""The table message's seat menu (the host's), a seat chosen in it, the member chosen for it,
the member's Accept, and Abort."""
AGAIN = "again"
"""Play again, on a finished series' last message."""
ACTIONS = frozenset({QUIT, QUIT_CONFIRMED, QUIT_CANCELLED, SEATS, HAND, HAND_TO, ACCEPT, ABORT, AGAIN})


def free_row(view: discord.ui.View) -> int | None:
    """A row of ``view`` with room for one more button: a new row under the others if there is
    one, else the last with room; None when the message is full."""
    used: Counter[int] = Counter()
    for item in view.children:
        row = getattr(item, "item", item).row  # a table's components wrap discord.py's
        used[row or 0] += item.width  # a select menu fills its row
    last = max(used, default=-1)
    if last < ROWS - 1:
        return last + 1
    return next((row for row in reversed(range(ROWS)) if used[row] < PER_ROW), None)


def with_leave(view: discord.ui.View | None, controls: Controls, label: str) -> discord.ui.View:
    """A panel's buttons with Leave game below them."""
    view = view or discord.ui.View(timeout=None)
    row = free_row(view)
    if row is not None:
        view.add_item(controls.button(QUIT, "", label, discord.ButtonStyle.secondary, row))
    return view


def seat_number(arg: str, table: Seated) -> int:
    """The seat a button names (its argument), if the table has it."""
    if not arg.isdigit() or int(arg) >= len(table.seats):
        raise IllegalAction(Reason.STALE, "malformed button")
    return int(arg)


async def route(
    bot: GameNightBot,
    kind: GameKind[Any],
    interaction: discord.Interaction,
    table: Seated,
    action: str,
    arg: str,
    values: Sequence[str] | None,
) -> None:
    """One of :data:`ACTIONS` on ``table``."""
    text, locale, user = bot.messages.text, private_locale(interaction), interaction.user.id
    controls = Controls(kind.prefix, table.table_id)
    if action == QUIT:
        table.seating.require_seat(user)
        view = discord.ui.View(timeout=None)
        view.add_item(
            controls.button(
                QUIT_CONFIRMED, "", text("seats.leave_yes", locale), discord.ButtonStyle.danger, 0
            )
        )
        view.add_item(
            controls.button(
                QUIT_CANCELLED, "", text("seats.leave_no", locale), discord.ButtonStyle.secondary, 0
            )
        )
        await interaction.response.send_message(
            text("seats.leave_confirm", locale), view=view, ephemeral=True
        )
    elif action == QUIT_CONFIRMED:
        await in_time(interaction, table.seating.leave_game(user), Acknowledge.KEEP)
        await _replace(interaction, text("seats.left", locale))
    elif action == QUIT_CANCELLED:
        await interaction.response.edit_message(content=text("seats.stayed", locale), view=None)
    elif action == SEATS:
        await _host_menu(bot, interaction, table, controls)
    elif action == HAND:
        table.lobby.check_host(user)
        seat = seat_number(arg, table)
        if seat not in table.seating.handable():
            raise IllegalAction(Reason.STALE, "that seat is played by a person")
        name = bold(names_of(bot.messages, table, locale)[seat])
        view = discord.ui.View(timeout=None)
        view.add_item(controls.users(HAND_TO, str(seat), text("seats.who", locale)))
        await interaction.response.edit_message(content=text("seats.hand_to", locale, name=name), view=view)
    elif action == HAND_TO and values:
        await _offer(bot, kind, interaction, table, seat_number(arg, table), values[0])
    elif action == ACCEPT:
        await _accept(bot, kind, interaction, table, arg)
    elif action == ABORT:
        await in_time(interaction, table.book.abort(user), Acknowledge.KEEP)
        await _replace(interaction, text("seats.aborted", locale))
    elif action == AGAIN:
        await in_time(interaction, table.book.play_again(user), Acknowledge.KEEP)
        await acknowledged(interaction)
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")


async def _replace(interaction: discord.Interaction, content: str) -> None:
    """Answer a press on a private question by putting ``content`` in its place."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, view=None)
    else:
        await interaction.response.edit_message(content=content, view=None)


async def _host_menu(
    bot: GameNightBot, interaction: discord.Interaction, table: Seated, controls: Controls
) -> None:
    """The host's private seat menu: a button per seat an AI plays (to hand it to a member),
    and Abort while the game may still be aborted."""
    table.lobby.check_host(interaction.user.id)
    text, locale = bot.messages.text, private_locale(interaction)
    names = names_of(bot.messages, table, locale)
    seats = table.seating.handable()[: PER_ROW * (ROWS - 1)]
    view = discord.ui.View(timeout=None)
    for index, seat in enumerate(seats):
        label = text("seats.hand", locale, name=names[seat])[:80]
        view.add_item(
            controls.button(HAND, str(seat), label, discord.ButtonStyle.secondary, index // PER_ROW)
        )
    lines = [text("seats.menu" if seats else "seats.menu_none", locale)]
    if table.book.may_abort():
        row = (len(seats) + PER_ROW - 1) // PER_ROW
        view.add_item(
            controls.button(ABORT, "", text("seats.abort", locale), discord.ButtonStyle.danger, row)
        )
        lines.append(text("seats.abort_hint", locale))
    await interaction.response.send_message("\n".join(lines), view=view, ephemeral=True)


async def _offer(
    bot: GameNightBot,
    kind: GameKind[Any],
    interaction: discord.Interaction,
    table: Seated,
    seat: int,
    chosen: str,
) -> None:
    """The host chose a member for ``seat``: not a bot, not seated; they are mentioned once,
    with an Accept button, where the table plays."""
    text, locale = bot.messages.text, private_locale(interaction)
    data: dict[str, Any] = dict(interaction.data or {})
    member = data.get("resolved", {}).get("users", {}).get(chosen)
    if not chosen.isdigit() or member is None:
        raise IllegalAction(Reason.STALE, "no member chosen")
    if member.get("bot"):
        await tell_privately(interaction, text("seats.not_a_bot", locale))
        return
    await in_time(
        interaction, table.seating.offer_seat(interaction.user.id, seat, int(chosen)), Acknowledge.KEEP
    )
    names = names_of(bot.messages, table, table.locale)
    host = interaction.user.display_name
    says = text(
        "seats.offer",
        table.locale,
        mention=f"<@{chosen}>",
        host=bold(host),
        name=bold(names[seat]),
        game=text(f"games.{kind.name}", table.locale),
    )
    view = discord.ui.View(timeout=None)
    label = text("seats.accept", table.locale)
    view.add_item(
        Controls(kind.prefix, table.table_id).button(
            ACCEPT, f"{seat}.{chosen}", label, discord.ButtonStyle.success, 0
        )
    )
    # The host is answered first: the mention waits for its place in the calls' lane.
    await _replace(interaction, text("seats.offered", locale, mention=f"<@{chosen}>", name=bold(names[seat])))
    await bot.attention.invite(table, int(chosen), says, view)


async def _accept(
    bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction, table: Seated, arg: str
) -> None:
    """The member offered a seat takes it: their panel opens (between games, it opens with the
    next), and the offer says who took the seat."""
    from cogs.seated import live_panel  # it routes presses here

    text, locale, user = bot.messages.text, private_locale(interaction), interaction.user
    seat_text, _, member = arg.partition(".")
    if member != str(user.id):
        await tell_privately(interaction, text("seats.not_yours", locale))
        return
    seat = seat_number(seat_text, table)
    before = names_of(bot.messages, table, table.locale)[seat]
    await in_time(interaction, table.seating.take_seat(user.id, user.display_name, seat), Acknowledge.PRIVATE)
    if table.phase is Phase.PLAYING:
        live = live_panel(bot, kind, table, user.id, locale)
        await bot.panels.show(interaction, table, live(None), live, locale)
    else:
        await tell_privately(interaction, text("seats.yours_next_game", locale))
    taken = text("seats.taken", table.locale, member=bold(user.display_name), name=bold(before))
    if interaction.message is not None:
        await bot.attention.settled_invite(table, interaction.message.id, taken)
