"""The buttons between games, for every game that plays a series: the next game, and ending the
series early with a confirmation (the host's ends it at once; anyone else's counts towards a
majority of the people seated). Each carries the number of the game whose results it follows, so
a button left on an older game's message is stale."""

import discord

from cogs.actions import END_CANCELLED, END_CONFIRMED
from cogs.answers import Acknowledge, acknowledged, in_time
from cogs.ids import number
from cogs.press import Press


def game_number(arg: str) -> int:
    """The number of the game a button between games follows (its argument)."""
    return number(arg)


async def next_game(press: Press) -> None:
    """Next game: any seated player, or the host, deals it."""
    work = press.table.book.next_game(press.user, game_number(press.arg))
    await in_time(press.interaction, work, Acknowledge.KEEP)
    await acknowledged(press.interaction)


async def confirm_end(press: Press) -> None:
    """End: ask the presser, privately, whether to stop playing for everyone."""
    table = press.table
    table.seating.require_member(press.user)
    if press.user == table.host_id:
        question = press.text("end.confirm_host")
    else:
        people = len(table.seating.people())
        question = press.text("end.confirm_vote", needed=table.book.end_votes_needed(), people=people)
    view = discord.ui.View(timeout=None)
    button = press.controls.button
    view.add_item(button(END_CONFIRMED, press.arg, press.text("end.yes"), discord.ButtonStyle.danger, 0))
    view.add_item(button(END_CANCELLED, press.arg, press.text("end.no"), discord.ButtonStyle.secondary, 0))
    await press.interaction.response.send_message(question, view=view, ephemeral=True)


async def end_confirmed(press: Press) -> None:
    """Yes, end it: ended, or how many have asked so far."""
    table = press.table
    await in_time(
        press.interaction, table.book.end_series(press.user, game_number(press.arg)), Acknowledge.KEEP
    )
    await acknowledged(press.interaction)
    if table.series_ended:
        answer = press.text("end.ended")
    else:
        votes = len(table.book.end_votes & table.seating.people())
        answer = press.text("end.voted", votes=votes, needed=table.book.end_votes_needed())
    await press.interaction.edit_original_response(content=answer, view=None)


async def end_cancelled(press: Press) -> None:
    """No, play on."""
    await press.interaction.response.edit_message(content=press.text("end.kept"), view=None)
