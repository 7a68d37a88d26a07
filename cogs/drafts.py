"""Discord-side pieces every game's table uses: drafts of messages, the public table message,
pictures off the event loop, and refusals in words.

A game's cog builds a :class:`Draft` (its words, an optional picture, buttons) from its table; the
helpers here draw its picture off the event loop and send it as the table's public message
(editing the one that exists, posting a new one when there is none or it was deleted) or as a
private reply.
"""

import contextlib
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ParamSpec, Protocol

import aiohttp
import discord

from cogs.ids import ForgedId
from cogs.layout import Words, card_layout, without_buttons
from cogs.painter import PAINTER
from cogs.threads import reopened
from engine.errors import IllegalAction
from locales import Catalog
from tables.errors import Refused
from tables.publisher import TryAgain
from tables.table_message import TableMessage

P = ParamSpec("P")

ALT_LIMIT = 1024
"""Discord's limit on an attachment's description (its alt text)."""


def alt_text(lines: Iterable[str]) -> str:
    """A picture in words for screen readers: whole lines while they fit Discord's limit (a
    first line too long alone is cut at a word), without the catalogue's bold marks."""
    text = ""
    for line in (line.replace("**", "") for line in lines):
        if len(text) + len(line) + 1 > ALT_LIMIT:
            if not text:
                text = line[: ALT_LIMIT - 1].rsplit(" ", 1)[0] + "…"
            break
        text = f"{text}\n{line}" if text else line
    return text


@dataclass(frozen=True)
class Draft:
    """A message before it is sent: its words, an optional PNG shown in it (with ``alt``, what
    it shows in words for screen readers, which every picture must have), and its buttons by
    row. Sent as one Components V2 card (:mod:`cogs.layout`)."""

    words: Words
    buttons: discord.ui.View | None = None
    png: bytes | None = None
    filename: str = "table.png"
    alt: str | None = None

    def __post_init__(self) -> None:
        if self.png is not None and (not self.alt or len(self.alt) > ALT_LIMIT):
            raise ValueError(f"{self.filename} needs alt text of 1 to {ALT_LIMIT} characters")

    def layout(self) -> discord.ui.LayoutView:
        picture = None if self.png is None or self.alt is None else (self.filename, self.alt)
        return card_layout(self.words, self.buttons, picture)

    def files(self) -> list[discord.File]:
        if self.png is None:
            return []
        return [discord.File(io.BytesIO(self.png), self.filename, description=self.alt)]

    def edit(self) -> dict[str, Any]:
        """The arguments of an edit making a message show this draft: the layout, the picture
        in place of any before, and an older message's content and embeds cleared (Discord
        turns a message into a card only so)."""
        return {"content": None, "embed": None, "attachments": self.files(), "view": self.layout()}


async def draw(picture: Callable[P, bytes], *args: P.args, **kwargs: P.kwargs) -> bytes:
    """Render off the event loop, in the painter's process (see :mod:`cogs.painter`)."""
    return await PAINTER.draw(picture, *args, **kwargs)


@dataclass(frozen=True)
class Picture:
    """A picture before it is drawn: ``render(*args)`` gives its PNG, shown as ``filename``
    with ``alt``. Described apart from its drawing so that the table message draws it in the
    painter and a replay's animation draws the same pictures in a worker of its own; its
    arguments are a snapshot (views, names, copies), never the live table."""

    render: Callable[..., bytes]
    args: tuple[Any, ...]
    filename: str
    alt: str

    async def png(self) -> bytes:
        """Drawn in the painter."""
        return await draw(self.render, *self.args)

    async def draft(self, words: Words, buttons: discord.ui.View | None) -> Draft:
        """A message of ``words`` and ``buttons`` showing this picture."""
        return Draft(words, buttons, await self.png(), self.filename, self.alt)


class PublicTable(Protocol):
    """What :func:`show_publicly` needs of a table."""

    def shown_in(self) -> int:
        """The channel or thread of its public message."""
        ...

    @property
    def thread_id(self) -> int | None: ...

    @property
    def guild_id(self) -> int: ...

    @property
    def message(self) -> TableMessage:
        """Its messages: the public one's id, remembered once posted."""
        ...


async def show_publicly(client: discord.Client, table: PublicTable, draft: Draft) -> None:
    """Make the table's public message show ``draft``: edit it (reopening its thread if Discord
    archived it meanwhile), or post it if there is none (a new game) or it was deleted by
    someone; remember a posted message for the next edits."""
    if table.message.message_id is None and table.message.opening:
        table.message.missed = True  # its lobby is being posted: drawn again once it is known
        return
    channel = client.get_partial_messageable(table.shown_in(), guild_id=table.guild_id)
    if table.message.message_id is not None:
        shown = channel.get_partial_message(table.message.message_id)

        async def edit() -> None:
            await shown.edit(**draft.edit())

        try:
            await reopened(client, table.thread_id, edit)
            return
        except discord.NotFound:
            pass
    message = await channel.send(files=draft.files(), view=draft.layout())
    await table.message.set_message(message.id)


@contextlib.contextmanager
def retried_if_passing() -> Iterator[None]:
    """Turn the failures of a table's redraw that pass into :class:`TryAgain`, so the publisher
    tries again later: Discord's server errors, 429s that outlasted discord.py's own retries, a
    lost connection. A refusal (403, 400) stays what it is: it would fail the same way again."""
    try:
        yield
    except discord.HTTPException as error:
        if error.status == 429 or error.status >= 500:
            raise TryAgain(f"{error.status} {error.text}") from error
        raise
    except (aiohttp.ClientError, TimeoutError, ConnectionError) as error:
        raise TryAgain(repr(error)) from error


async def remove_buttons(
    client: discord.Client, channel_id: int, guild_id: int, message_id: int, note: str | None = None
) -> None:
    """Leave a message as it is but without its buttons (a finished game's, say), ending with
    ``note`` if given; a message someone deleted meanwhile needs nothing. A card's words and
    picture are components too, so it is read back and sent again without its rows; an older
    embed message loses its rows."""
    channel = client.get_partial_messageable(channel_id, guild_id=guild_id)
    with contextlib.suppress(discord.NotFound):
        message = await channel.fetch_message(message_id)
        if message.flags.components_v2:
            await message.edit(view=without_buttons(message, note=note))
        else:
            await message.edit(view=None)


def refusal_text(messages: Catalog, error: IllegalAction | Refused, locale: str) -> str:
    """A refused request in words: engine reasons are ``reason.<code>``, table refusals
    ``refused.<code>``, and a forged custom id is none of the bot's buttons."""
    if isinstance(error, ForgedId):
        return messages.text("error.unknown_button", locale)
    if isinstance(error, IllegalAction):
        return messages.text(f"reason.{error.reason.value}", locale)
    return messages.text(f"refused.{error.refusal.value}", locale)
