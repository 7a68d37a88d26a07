"""Component presses discord.py would drop unanswered, answered: the user would otherwise see
"This interaction failed" and never know why.

Two kinds: a button or menu of ours that is no longer on the message it was pressed on (the bot
redrew the message while the click was on its way, or a client forged it there), which still goes
to its table or its replay; and a custom id that is none of this bot's (a forged client, a button
of a bot long gone), which gets a short private answer. Both are let go if they replay an
interaction already handled.
"""

import time
from typing import Any

import discord

from cogs.about import REFRESH_ID
from cogs.answers import tell_privately
from cogs.client import GameNightBot
from cogs.components import ANSWERS, BUTTON_ID, REPLAY_ID, SELECT_ID
from cogs.i18n import private_locale
from cogs.presses import IN_FLIGHT, SEEN
from cogs.routes import on_press


async def answer_stray(interaction: discord.Interaction) -> None:
    """Answer a press whose button or menu is no longer on its message, as any other press, and
    one whose custom id is none of the bot's with a short private note.

    Discord sends a click with its message as it is now; when the bot edited the message while
    the click was on its way (a live panel redrawn as the table moved on), the pressed component
    is gone from it, and discord.py drops the press unanswered: the player would see "This
    interaction failed". Its custom id still names the table, the action and the moment it was
    drawn for, so the table answers it: applied if it still holds, "too late" otherwise."""
    if interaction.type is not discord.InteractionType.component or interaction.message is None:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    menu = data.get("component_type") == discord.ComponentType.select.value
    match = (SELECT_ID if menu else BUTTON_ID).fullmatch(custom_id)
    replay = None if menu else REPLAY_ID.fullmatch(custom_id)
    if match is None and replay is None:
        if not REFRESH_ID.fullmatch(custom_id) and SEEN.first_time(interaction.id, time.monotonic()):
            bot = interaction.client
            assert isinstance(bot, GameNightBot)
            await tell_privately(
                interaction, bot.messages.text("error.unknown_button", private_locale(interaction))
            )
        return
    message = interaction.message
    layout = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    shown = layout.from_message(message, timeout=None).walk_children()
    if any(getattr(item, "custom_id", None) == custom_id for item in shown):
        return  # still shown: its TableButton, TableSelect or ReplayButton answers it
    if not SEEN.first_time(interaction.id, time.monotonic()):
        return
    if replay is not None:
        assert ANSWERS.replay is not None, "a replay's button is answered once the history is loaded"
        await IN_FLIGHT.answer(ANSWERS.replay(interaction, replay["action"], replay["arg"]))
        return
    assert match is not None
    values = data.get("values") if menu else None
    await IN_FLIGHT.answer(
        on_press(interaction, match["prefix"], match["table"], match["action"], match["arg"], values)
    )


async def setup(bot: GameNightBot) -> None:
    bot.add_listener(answer_stray, "on_interaction")
