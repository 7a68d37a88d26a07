"""Tables set aside because their place went away, and what moderators do with them.

When Discord no longer lets a table use its thread or channel (:mod:`cogs.gone`), the registry
stops it and keeps it aside in the store (:meth:`tables.registry.TableRegistry.set_aside`). Its
players are told once where they can be: the table's card in its channel (or its message, for a
table played in the channel) says why, with **Resume here** and **Discard** buttons for the
server's moderators; a press on any of the table's old buttons is answered privately with the
same. ``/tables`` lists a server's tables set aside with the same buttons (:mod:`cogs.places`).

A table resumes in the channel where a moderator pressed, played in the channel itself: its old
thread may be gone, and a moderator who wants it elsewhere presses there. Its state and moves
come back as they were; its messages are posted anew. Discarding forgets the table; the results
of the games it finished stay recorded.
"""

import contextlib
import dataclasses
import logging
from typing import Any, Final

import discord

from cogs.answers import tell_privately
from cogs.client import GameNightBot
from cogs.components import Controls
from cogs.drafts import Draft
from cogs.gone import REASONS
from cogs.i18n import private_locale
from cogs.kinds import GameKind
from cogs.layout import Words
from cogs.league import is_moderator
from data import SetAsideTable
from locales import Catalog
from tables.registry import ChannelTaken, Table
from tables.seated import SeatedTable
from words.common import seat_names

log = logging.getLogger(__name__)

RESUME: Final = "resume"
DISCARD: Final = "discard"
ACTIONS: Final = (RESUME, DISCARD)
LISTED: Final = 5
"""Tables set aside that ``/tables`` offers buttons for (a message has five rows)."""
ASIDE_COLOUR: Final = discord.Colour.dark_grey()


def reason_text(messages: Catalog, reason: str, locale: str) -> str:
    """Why a table was set aside, in words: a place gone, or a state that could not be read."""
    return messages.text(f"aside.reason.{reason if reason in REASONS else 'damaged'}", locale)


def buttons(messages: Catalog, game: str, table_id: str, locale: str, number: int | None = None) -> list[Any]:
    """Resume here and Discard for one table (numbered as ``/tables`` lists it)."""
    controls = Controls(game, table_id)
    suffix = "" if number is None else "_numbered"
    resume = messages.text(f"aside.resume{suffix}", locale, number=number)
    discard = messages.text(f"aside.discard{suffix}", locale, number=number)
    row = 0 if number is None else number - 1
    return [
        controls.button(RESUME, "", resume, discord.ButtonStyle.primary, row),
        controls.button(DISCARD, "", discard, discord.ButtonStyle.danger, row),
    ]


async def tell(bot: GameNightBot, table: Table, reason: str) -> None:
    """Say on the table's card in its channel (or its message there) that it was set aside and
    why, with the moderators' buttons; a channel that is gone too, or that the bot cannot see,
    is told nothing (the players hear it on their next press)."""
    assert isinstance(table, SeatedTable)
    bot.attention.forget(table.table_id)
    shown = table.message.card_id or (table.message.message_id if table.thread_id is None else None)
    if shown is None:
        return
    text, locale = bot.messages.text, table.locale
    words = Words(
        title=text(f"games.{table.game}", locale),
        description=text("aside.told", locale, reason=reason_text(bot.messages, reason, locale)),
        colour=ASIDE_COLOUR,
    )
    view = discord.ui.View(timeout=None)
    for item in buttons(bot.messages, table.game, table.table_id, locale):
        view.add_item(item)
    channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    await table.registry.pacing.wait(table.channel_id)
    with contextlib.suppress(discord.HTTPException):  # nowhere to say it: the next press hears it
        await channel.get_partial_message(shown).edit(**Draft(words, view).edit())


async def answer(
    bot: GameNightBot, interaction: discord.Interaction, kind: GameKind[Any], table_id: str, action: str
) -> bool:
    """A press on a table that is not running: if it is set aside (in this server), resume or
    discard it for a moderator, or say privately why it stopped; whether it was."""
    aside = await bot.store.table_set_aside(table_id)
    if aside is None or aside.saved.guild_id != interaction.guild_id:
        return False
    locale = private_locale(interaction)
    text = bot.messages.text
    if action not in ACTIONS:
        reason = reason_text(bot.messages, aside.reason, locale)
        await tell_privately(interaction, text("aside.private", locale, reason=reason))
        return True
    if not is_moderator(interaction, await bot.store.get_moderator_role(aside.saved.guild_id)):
        await tell_privately(interaction, text("aside.moderators_only", locale))
        return True
    if action == RESUME:
        said = await _resume(bot, interaction, kind, aside)
    else:
        said = "aside.discarded" if await bot.store.discard_set_aside(table_id) else "aside.gone"
    await _done(bot, interaction, said)
    return True


async def _resume(
    bot: GameNightBot, interaction: discord.Interaction, kind: GameKind[Any], aside: SetAsideTable
) -> str:
    """Resume ``aside`` in the channel pressed in: the key of what to say."""
    channel_id = interaction.channel_id
    assert channel_id is not None
    if bot.tables.playing_in(channel_id) is not None:
        return "aside.taken"
    saved = dataclasses.replace(aside.saved, channel_id=channel_id, thread_id=None)
    try:
        table = bot.tables.load(saved)
    except Exception as error:  # a state this version cannot load: it stays aside
        log.warning("table %s not resumed: %s", saved.table_id, error)
        return "aside.damaged"
    assert isinstance(table, kind.table_class)
    if not await bot.store.take_back_table(saved.table_id, channel_id):
        return "aside.gone"
    table.message.moved()
    table.last_saved = saved
    try:
        bot.tables.add(table)
    except ChannelTaken:  # a table started here meanwhile
        await bot.store.set_aside_table(saved.table_id, aside.reason)
        return "aside.taken"
    table.resume()
    log.info("table %s resumed in channel %s", saved.table_id, channel_id)
    return "aside.resumed"


async def _done(bot: GameNightBot, interaction: discord.Interaction, said: str) -> None:
    """Say what became of the table: on the card it was pressed on, for everyone there, once it
    is resumed or discarded (its buttons go); privately otherwise, or from ``/tables``'s list."""
    message = interaction.message
    final = said in ("aside.resumed", "aside.discarded")
    moderator = interaction.user.mention
    if not final or message is None or message.flags.ephemeral:
        locale = private_locale(interaction)
        await tell_privately(interaction, bot.messages.text(said, locale, moderator=moderator))
        return
    locale = interaction.guild_locale.value if interaction.guild_locale else private_locale(interaction)
    words = Words(description=bot.messages.text(said, locale, moderator=moderator), colour=ASIDE_COLOUR)
    await interaction.response.edit_message(**Draft(words).edit())


async def listing(bot: GameNightBot, guild_id: int, locale: str) -> tuple[str, discord.ui.View | None]:
    """A server's tables set aside, for ``/tables``: a line each (its game, players and why),
    and buttons for the first :data:`LISTED`; nothing when there are none."""
    aside = await bot.store.tables_set_aside(guild_id)
    if not aside:
        return "", None
    text = bot.messages.text
    lines = [text("aside.listed", locale, count=len(aside))]
    view = discord.ui.View(timeout=None)
    for number, kept in enumerate(aside, start=1):
        saved = kept.saved
        players = ""
        try:
            table = bot.tables.load(saved)
            assert isinstance(table, SeatedTable)
            players = ", ".join(seat_names(bot.messages, table.seats, locale))
        except Exception:  # a damaged state: listed all the same, to be discarded
            players = "?"
        reason = reason_text(bot.messages, kept.reason, locale)
        game = text(f"games.{saved.game}", locale)
        lines.append(text("aside.line", locale, number=number, game=game, players=players, reason=reason))
        if number <= LISTED:
            for item in buttons(bot.messages, saved.game, saved.table_id, locale, number):
                view.add_item(item)
    return "\n".join(lines), view
