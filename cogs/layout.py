"""A message as one card: its words, its picture and its buttons in a Components V2 layout.

Discord's Components V2 puts everything a message shows into components (a message with the
``IS_COMPONENTS_V2`` flag has no content and no embeds), so the picture, what happened and the
buttons read as one card instead of an embed with a picture inside and buttons hanging below.
A game's cog writes the words as a :class:`Words` (the shape of the embeds it used to write: a
title, a description, named fields) and lays out its buttons as rows; :func:`card_layout` turns
both into a ``LayoutView``: a Container with the title and description as one text display, the
picture as a media gallery, each field as a text display, then the button rows.

Discord's rules for such a message, which discord.py checks only in part: at most 40 components
in all (counting the container, rows and buttons), text displays totalling at most 4000
characters, no content or embeds beside them, the flag can never be taken off again, and a
picture shows only where a component names it (``attachment://<filename>``).
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

MAX_TEXT = 4000
"""Discord's limit on the characters of all text displays of one message together."""
LIVE_LINE = 900
"""The component id of a card's live line (:attr:`Words.live`), which a retired card drops."""


@dataclass(frozen=True)
class Field:
    """A named part of a card ("Players", "Recent"): its name in bold above its lines."""

    name: str
    value: str


@dataclass
class Words:
    """The words of a message: a title, a description, and named fields below the picture."""

    title: str | None = None
    description: str | None = None
    colour: discord.Colour | int | None = None
    fields: list[Field] = field(default_factory=list)
    footer: str | None = None
    """A last line in small print (the move the table is at)."""
    live: str | None = None
    """A line true only while the message is the table's (who is to choose next): its own text
    display under the head, which the message loses when it is retired (:func:`without_buttons`)."""

    def add_field(self, *, name: str, value: str) -> None:
        self.fields.append(Field(name, value))

    def head(self) -> str:
        """The title as a heading, then the description: the card's first text display."""
        lines = ([f"## {self.title}"] if self.title else []) + (
            [self.description] if self.description else []
        )
        if not lines:
            raise ValueError("a card needs a title or a description")
        return "\n".join(lines)

    def texts(self) -> Iterator[str]:
        """Every text display of the card, in order."""
        yield self.head()
        if self.live:
            yield self.live
        for part in self.fields:
            yield f"**{part.name}**\n{part.value}"
        if self.footer:
            yield f"-# {self.footer}"


def button_rows(buttons: discord.ui.View | None) -> list[list[discord.ui.Item[Any]]]:
    """The buttons and menus of ``buttons`` by the row each was given (rows in order, items in
    the order added); an item without a row joins the last row that has room."""
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in buttons.children if buttons is not None else []:
        if item.row is not None:
            rows.setdefault(item.row, []).append(item)
            continue
        last = max(rows, default=-1)
        if last < 0 or sum(child.width for child in rows[last]) + item.width > 5:
            last += 1
        rows.setdefault(last, []).append(item)
    return [rows[row] for row in sorted(rows)]


def card_layout(
    words: Words, buttons: discord.ui.View | None = None, picture: tuple[str, str] | None = None
) -> discord.ui.LayoutView:
    """``words`` with ``picture`` (an attached file's name and its alt text) and the rows of
    ``buttons``, as one Container. A layout over Discord's text limit is refused here, where the
    card is made, not by Discord after the game has moved on."""
    texts = list(words.texts())
    if sum(map(len, texts)) > MAX_TEXT:
        raise ValueError(f"a card's text displays hold at most {MAX_TEXT} characters")
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(accent_colour=words.colour)
    container.add_item(discord.ui.TextDisplay(texts[0]))
    if words.live:
        container.add_item(discord.ui.TextDisplay(texts.pop(1), id=LIVE_LINE))
    if picture is not None:
        filename, alt = picture
        item = discord.MediaGalleryItem(f"attachment://{filename}", description=alt)
        container.add_item(discord.ui.MediaGallery(item))
    for text in texts[1:]:
        container.add_item(discord.ui.TextDisplay(text))
    for row in button_rows(buttons):
        container.add_item(discord.ui.ActionRow(*row))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def without_buttons(
    message: discord.Message, keep: str = "rp:", note: str | None = None
) -> discord.ui.LayoutView:
    """A card message as it is, without its button rows (a finished game's, say), but for the
    buttons whose custom id starts with ``keep`` (a results card's link to its replay, which
    works as long as the replay is kept), and without its live line (who was to choose then,
    whom the game waited for until when), ending with ``note`` if given (why it was retired,
    such as an aborted game). Its picture is named again by its attachment's file name: the
    fetched message names it by a CDN address that expires."""
    view = discord.ui.LayoutView.from_message(message, timeout=None)
    names = {attachment.id: attachment.filename for attachment in message.attachments}
    for item in list(_walk(view.children)):
        if isinstance(item, discord.ui.TextDisplay) and item.id == LIVE_LINE:
            parent = item.parent
            (parent if isinstance(parent, discord.ui.Container) else view).remove_item(item)
        elif isinstance(item, discord.ui.ActionRow):
            for child in list(item.children):
                if not str(getattr(child, "custom_id", None) or "").startswith(keep):
                    item.remove_item(child)
            if item.children:
                continue
            parent = item.parent
            if isinstance(parent, discord.ui.Container):
                parent.remove_item(item)
            else:
                view.remove_item(item)
        elif isinstance(item, discord.ui.MediaGallery):
            for media in item.items:
                name = names.get(media.media.attachment_id or 0)
                if name is not None:
                    media.media = f"attachment://{name}"
    if note is not None:
        containers = [item for item in view.children if isinstance(item, discord.ui.Container)]
        (containers[0] if containers else view).add_item(discord.ui.TextDisplay(note))
    return view


def _walk(items: Iterable[discord.ui.Item[Any]]) -> Iterator[discord.ui.Item[Any]]:
    for item in items:
        yield item
        if isinstance(item, discord.ui.Container):
            yield from _walk(item.children)
