"""People drifting away, on Discord: leaving from the panel, the host's seat menu (hand a seat
to a member, abort a game nobody has really started), the member's Accept, and Play again.

The table decides (:mod:`tables.seating`, :mod:`tables.scorebook`); each handler here turns one
action's presses into its request and answers privately. The offer of a seat is the one message
that mentions the member it is for (:meth:`cogs.attention.Attention.invite`): posted once,
edited once taken, never deleted.
"""

from typing import Any

import discord

from cogs.actions import ABORT, ACCEPT, HAND, HAND_TO, QUIT_CANCELLED, QUIT_CONFIRMED
from cogs.answers import Acknowledge, acknowledged, in_time, tell_privately
from cogs.components import PER_ROW, ROWS
from cogs.ids import number
from cogs.message_parts import names_of
from cogs.panels import live_panel
from cogs.press import Press, Seated
from engine.errors import IllegalAction, Reason
from tables.phases import Phase
from words.common import bold


def seat_number(arg: str, table: Seated) -> int:
    """The seat a button names (its argument), if the table has it."""
    return number(arg, below=len(table.seats))


async def _replace(interaction: discord.Interaction, content: str) -> None:
    """Answer a press on a private question by putting ``content`` in its place."""
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, view=None)
    else:
        await interaction.response.edit_message(content=content, view=None)


async def ask_leave(press: Press) -> None:
    """Leave game, on a panel: are they sure?"""
    press.table.seating.require_seat(press.user)
    view = discord.ui.View(timeout=None)
    button = press.controls.button
    view.add_item(button(QUIT_CONFIRMED, "", press.text("seats.leave_yes"), discord.ButtonStyle.danger, 0))
    view.add_item(button(QUIT_CANCELLED, "", press.text("seats.leave_no"), discord.ButtonStyle.secondary, 0))
    await press.interaction.response.send_message(
        press.text("seats.leave_confirm"), view=view, ephemeral=True
    )


async def leave(press: Press) -> None:
    """They are sure: an AI plays their seat from now on."""
    await in_time(press.interaction, press.table.seating.leave_game(press.user), Acknowledge.KEEP)
    await _replace(press.interaction, press.text("seats.left"))


async def stay(press: Press) -> None:
    await press.interaction.response.edit_message(content=press.text("seats.stayed"), view=None)


async def host_menu(press: Press) -> None:
    """The host's private seat menu: a button per seat an AI plays (to hand it to a member),
    and Abort while the game may still be aborted."""
    table = press.table
    table.lobby.check_host(press.user)
    names = names_of(press.bot.messages, table, press.locale)
    seats = table.seating.handable()[: PER_ROW * (ROWS - 1)]
    view = discord.ui.View(timeout=None)
    for index, seat in enumerate(seats):
        label = press.text("seats.hand", name=names[seat])[:80]
        view.add_item(
            press.controls.button(HAND, str(seat), label, discord.ButtonStyle.secondary, index // PER_ROW)
        )
    lines = [press.text("seats.menu" if seats else "seats.menu_none")]
    if table.book.may_abort():
        row = (len(seats) + PER_ROW - 1) // PER_ROW
        view.add_item(
            press.controls.button(ABORT, "", press.text("seats.abort"), discord.ButtonStyle.danger, row)
        )
        lines.append(press.text("seats.abort_hint"))
    await press.interaction.response.send_message("\n".join(lines), view=view, ephemeral=True)


async def hand(press: Press) -> None:
    """A seat chosen in the host's menu: to which member?"""
    table = press.table
    table.lobby.check_host(press.user)
    seat = seat_number(press.arg, table)
    if seat not in table.seating.handable():
        raise IllegalAction(Reason.STALE, "that seat is played by a person")
    name = bold(names_of(press.bot.messages, table, press.locale)[seat])
    view = discord.ui.View(timeout=None)
    view.add_item(press.controls.users(HAND_TO, str(seat), press.text("seats.who")))
    await press.interaction.response.edit_message(content=press.text("seats.hand_to", name=name), view=view)


async def offer(press: Press) -> None:
    """The host chose a member for a seat: not a bot, not seated; they are mentioned once, with
    an Accept button, where the table plays."""
    if not press.values:
        raise IllegalAction(Reason.STALE, "no member chosen")
    bot, table, chosen = press.bot, press.table, press.values[0]
    seat = seat_number(press.arg, table)
    data: dict[str, Any] = dict(press.interaction.data or {})
    member = data.get("resolved", {}).get("users", {}).get(chosen)
    if member is None:
        raise IllegalAction(Reason.STALE, "no member chosen")
    member_id = number(chosen)
    if member.get("bot"):
        await tell_privately(press.interaction, press.text("seats.not_a_bot"))
        return
    replaced = table.seating.offer
    await in_time(press.interaction, table.seating.offer_seat(press.user, seat, member_id), Acknowledge.KEEP)
    text = bot.messages.text
    names = names_of(bot.messages, table, table.locale)
    says = text(
        "seats.offer",
        table.locale,
        mention=f"<@{chosen}>",
        host=bold(press.interaction.user.display_name),
        name=bold(names[seat]),
        game=text(f"games.{press.kind.name}", table.locale),
    )
    view = discord.ui.View(timeout=None)
    label = text("seats.accept", table.locale)
    view.add_item(press.controls.button(ACCEPT, f"{seat}.{chosen}", label, discord.ButtonStyle.success, 0))
    # The host is answered first: the mention waits for its place in the calls' lane.
    answer = press.text("seats.offered", mention=f"<@{chosen}>", name=bold(names[seat]))
    await _replace(press.interaction, answer)
    posted = await bot.attention.invite(table, member_id, says, view)
    await table.seating.offer_posted(seat, member_id, posted)
    if replaced is not None and replaced.message_id is not None and replaced.message_id != posted:
        withdrawn = text("seats.offer_replaced", table.locale, mention=f"<@{replaced.user_id}>")
        await bot.attention.settled_invite(table, replaced.message_id, withdrawn)


async def accept(press: Press) -> None:
    """The member offered a seat takes it: their panel opens (between games, it opens with the
    next), and the offer says who took the seat."""
    bot, table, user = press.bot, press.table, press.interaction.user
    seat_text, _, member = press.arg.partition(".")
    if member != str(user.id):
        await tell_privately(press.interaction, press.text("seats.not_yours"))
        return
    seat = seat_number(seat_text, table)
    before = names_of(bot.messages, table, table.locale)[seat]
    await in_time(
        press.interaction, table.seating.take_seat(user.id, user.display_name, seat), Acknowledge.PRIVATE
    )
    if table.phase is Phase.PLAYING:
        live = live_panel(bot, press.kind, table, user.id, press.locale)
        await bot.panels.show(press.interaction, table, live(None), live, press.locale)
    else:
        await tell_privately(press.interaction, press.text("seats.yours_next_game"))
    taken = bot.messages.text("seats.taken", table.locale, member=bold(user.display_name), name=bold(before))
    if press.interaction.message is not None:
        await bot.attention.settled_invite(table, press.interaction.message.id, taken)


async def abort(press: Press) -> None:
    """The host aborts a game nobody has really started."""
    await in_time(press.interaction, press.table.book.abort(press.user), Acknowledge.KEEP)
    await _replace(press.interaction, press.text("seats.aborted"))


async def play_again(press: Press) -> None:
    await in_time(press.interaction, press.table.book.play_again(press.user), Acknowledge.KEEP)
    await acknowledged(press.interaction)
