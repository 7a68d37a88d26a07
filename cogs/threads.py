"""Tables in threads: where a new table may have a thread, starting it, its members, archiving.

A table started with ``/<game> start`` in a text or announcement channel gets a public thread
started from its lobby card (started at once, so the channel shows no "started a thread"
notice): the games, their pings and results live there, and the channel keeps one message per
table. A table started inside a thread (a forum post, a thread someone made) plays in that
thread. Discord archives a quiet thread by itself; a message sent in it reopens it, but an edit
is refused (50083), so an edit of an archived thread's message reopens it first (:func:`reopened`).
"""

from collections.abc import Awaitable, Callable
from typing import Final

import discord

from cogs.gone import PlaceGone
from data import Store

THREAD_ARCHIVED: Final = 50083
"""Discord's error code for a write an archived thread refuses."""
ARCHIVE_AFTER: Final = 1440
"""Minutes of quiet after which Discord may archive a table's thread (a table that waits that
long has ended for idleness anyway)."""
THREAD_PARENTS: Final = (discord.ChannelType.text, discord.ChannelType.news)
"""The channels a thread can be started from a message in."""


async def place_of_tables(store: Store, guild_id: int | None, *, threads: bool) -> str:
    """Where a server's new tables play ("threads" or "channels"): as its moderators chose, else
    the bot's default (``threads``)."""
    chosen = None if guild_id is None else await store.tables_in_threads(guild_id)
    return "threads" if (threads if chosen is None else chosen) else "channels"


def thread_refusal(interaction: discord.Interaction) -> str | None:
    """Why a table started by ``interaction`` cannot have a thread of its own: "place" (a forum,
    a voice channel's chat: no thread can be started from a message there), "permissions" (the
    bot may not start one, or not talk in it); None when it can."""
    channel = interaction.channel
    if channel is None or channel.type not in THREAD_PARENTS:
        return "place"
    allowed = interaction.app_permissions
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        return "permissions"
    return None


def in_a_thread(interaction: discord.Interaction) -> tuple[int, int] | None:
    """(its parent channel, the thread) when ``interaction`` was made in a thread: a table
    started there plays there, and belongs (its league, its results) to the parent channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread) and channel.parent_id is not None:
        return channel.parent_id, channel.id
    return None


def home_channel(interaction: discord.Interaction) -> int | None:
    """The channel an interaction counts for (its leagues, its tables): a thread's parent."""
    inside = in_a_thread(interaction)
    return interaction.channel_id if inside is None else inside[0]


async def start_thread(
    client: discord.Client, channel_id: int, guild_id: int, message_id: int, name: str
) -> int:
    """A public thread started from a message; returns its id (the message's)."""
    message = client.get_partial_messageable(channel_id, guild_id=guild_id).get_partial_message(message_id)
    thread = await message.create_thread(name=name[:100], auto_archive_duration=ARCHIVE_AFTER)
    return thread.id


async def _thread(client: discord.Client, thread_id: int) -> discord.Thread:
    found = client.get_channel(thread_id)
    if not isinstance(found, discord.Thread):
        found = await client.fetch_channel(thread_id)
    assert isinstance(found, discord.Thread), f"channel {thread_id} is not a thread"
    return found


async def add_to_thread(client: discord.Client, thread_id: int, user_ids: list[int]) -> None:
    """Add people to a table's thread, so it shows in their list and its pings reach them."""
    thread = await _thread(client, thread_id)
    for user_id in user_ids:

        async def add(user_id: int = user_id) -> None:
            await thread.add_user(discord.Object(user_id))

        await reopened(client, thread_id, add)


async def set_archived(client: discord.Client, thread_id: int, archived: bool) -> None:
    """Archive a table's thread once its last message is written, or reopen it (the bot
    started it, so it needs no Manage Threads for either)."""
    await (await _thread(client, thread_id)).edit(archived=archived)


async def reopened(
    client: discord.Client, thread_id: int | None, write: Callable[[], Awaitable[None]]
) -> None:
    """``write`` (an edit of a message in ``thread_id``, or a member added to it), reopening the
    thread first when Discord archived it meanwhile: known from the gateway's THREAD_UPDATE, or
    from Discord's refusal if the event has not come."""
    if thread_id is not None:
        known = client.get_channel(thread_id)
        if isinstance(known, discord.Thread) and known.archived:
            await _reopen(client, thread_id)
    try:
        await write()
    except discord.HTTPException as error:
        if thread_id is None or error.code != THREAD_ARCHIVED:
            raise
        await _reopen(client, thread_id)
        await write()


async def _reopen(client: discord.Client, thread_id: int) -> None:
    """Unarchive a table's thread; one a moderator locked stays shut (:class:`PlaceGone`)."""
    try:
        await set_archived(client, thread_id, False)
    except discord.Forbidden as error:
        raise PlaceGone("locked") from error
