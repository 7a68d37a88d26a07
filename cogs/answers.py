"""Answering interactions within Discord's 3 seconds, whatever the work before the answer takes.

Discord fails an interaction not acknowledged within 3 s of its creation ("This interaction
failed"), even when the bot then does what was asked: the person presses again, and a second AI
joins the lobby. Every handler therefore does its work (reads, saves, drawing) through
:func:`in_time`, which acknowledges the interaction first when the work is not done
:data:`ANSWER_WITHIN` seconds after the press, in the way the answer will come (the pressed
message kept for an edit, or a private or public "thinking" reply); the answer then goes through
the helpers here, which fill in what was acknowledged. A refusal or a failed save found after the
acknowledgement is said in a private follow-up.
"""

import asyncio
import contextlib
import time
from collections.abc import Awaitable
from enum import Enum
from typing import TypeVar

import discord

from cogs.drafts import Draft

T = TypeVar("T")

ANSWER_WITHIN = 2.0
"""Seconds from an interaction's creation within which its answer must be under way: work not
done by then is acknowledged first (Discord fails an interaction not acknowledged within 3 s, and
a loaded machine can take that long to save or draw behind other tables)."""


class Acknowledge(Enum):
    """How an interaction is acknowledged before its answer is ready."""

    KEEP = "keep"
    """The pressed message stays as it is until the answer edits it (a lobby, a panel)."""
    PRIVATE = "private"
    """A private "thinking" reply, filled in by the answer."""
    PUBLIC = "public"
    """A public "thinking" reply, filled in by the answer (or taken down for a private refusal)."""


async def in_time(interaction: discord.Interaction, work: Awaitable[T], acknowledge: Acknowledge) -> T:
    """``work``'s result; if it is not done :data:`ANSWER_WITHIN` seconds after the interaction
    was made (and nothing answered it yet), the interaction is acknowledged first as
    ``acknowledge`` says. ``work`` must not answer the interaction itself."""
    task = asyncio.ensure_future(work)
    created = discord.utils.snowflake_time(interaction.id).timestamp()
    # Discord's clock made the id; a host clock running behind must not stretch the wait.
    budget = min(ANSWER_WITHIN, created + ANSWER_WITHIN - time.time())
    await asyncio.wait({task}, timeout=max(0.0, budget))
    if not task.done() and not interaction.response.is_done():
        try:
            if acknowledge is Acknowledge.KEEP:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=acknowledge is Acknowledge.PRIVATE, thinking=True)
        except BaseException:  # Discord refused it (too late, or down): the work still ends first
            with contextlib.suppress(Exception):
                await task
            raise
    return await task


def on_panel(interaction: discord.Interaction) -> Acknowledge:
    """How to acknowledge a press whose answer is a private panel: the presser's own panel is
    kept to be redrawn, anything else gets a private reply."""
    return Acknowledge.KEEP if own_panel(interaction) else Acknowledge.PRIVATE


async def acknowledged(interaction: discord.Interaction) -> None:
    """Acknowledge a press whose message others redraw (a lobby, a table message), unless
    :func:`in_time` already did."""
    if not interaction.response.is_done():
        await interaction.response.defer()


async def answer_publicly(
    interaction: discord.Interaction,
    draft: Draft | None = None,
    *,
    text: str = "",
    mentions: discord.AllowedMentions | None = None,
) -> int:
    """Post ``draft`` (or plain ``text``, pinging only ``mentions`` if given) as the public
    answer to a command, filling in a public "thinking" reply if :func:`in_time` made one;
    returns the message's id."""
    if interaction.response.is_done():
        edit = {"content": text, "allowed_mentions": mentions} if draft is None else draft.edit()
        return (await interaction.edit_original_response(**edit)).id
    if draft is None:
        response = await interaction.response.send_message(
            text, allowed_mentions=mentions or discord.utils.MISSING
        )
    else:
        response = await interaction.response.send_message(files=draft.files(), view=draft.layout())
    assert response.message_id is not None, "a message answer has a message"
    return response.message_id


def own_panel(interaction: discord.Interaction) -> bool:
    """Whether the press was made on the presser's own private panel: an ephemeral message made
    by an interaction of theirs. Discord shows an ephemeral message to its owner only, but a
    forged client can name anyone's, and the bot must not edit it for someone else."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    made_by = message.interaction_metadata
    return made_by is not None and made_by.user.id == interaction.user.id


async def answer_privately(interaction: discord.Interaction, draft: Draft) -> None:
    """Show ``draft`` to the presser alone: a panel redrawn in place when they pressed a button on
    it, a new private reply otherwise (the table message's "My line", /stats), or filled in when
    :func:`in_time` had to acknowledge first.

    Only the presser's own panel is ever edited (:func:`own_panel`): a panel button forged onto
    the public table message, or onto someone else's panel, gets a new private panel, so no one's
    cards can land in a message another person sees.
    """
    if interaction.response.is_done():  # acknowledged while the draft was made: fill it in
        await interaction.edit_original_response(**draft.edit())
    elif own_panel(interaction):
        await interaction.response.edit_message(**draft.edit())
    else:
        await interaction.response.send_message(files=draft.files(), view=draft.layout(), ephemeral=True)


async def tell_privately(
    interaction: discord.Interaction,
    text: str | None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View = discord.utils.MISSING,
) -> None:
    """Answer ``interaction`` with a message only its user sees (with ``view``'s buttons, if
    given): a reply, or a follow-up once it was acknowledged. A public "thinking" reply
    (:func:`in_time`) is taken down first, so a refusal found late is still seen by no one else."""
    response = interaction.response
    thinking = response.type is discord.InteractionResponseType.deferred_channel_message
    if thinking and not (await interaction.original_response()).flags.ephemeral:
        await interaction.delete_original_response()
    embeds = [] if embed is None else [embed]
    if response.is_done():
        await interaction.followup.send(
            text or discord.utils.MISSING, embeds=embeds, view=view, ephemeral=True
        )
    else:
        await response.send_message(text, embeds=embeds, view=view, ephemeral=True)
