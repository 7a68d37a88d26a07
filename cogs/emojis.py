"""The card glyphs (:mod:`render.glyphs`) as the application's emojis, and the map the buttons and
menu options that name a card take them from (:data:`CARD_EMOJIS`).

Application emojis (Discord's, since 2024) belong to the application, not to a server: the bot
shows them on its components in every server without a permission or a server's emoji slot. The
process that syncs the commands (:meth:`cogs.client.GameNightBot.setup_hook`) lists them,
uploads the glyphs the application lacks and replaces those drawn differently since; every
other process only lists them, at its start and again now and then (:data:`RELIST_AFTER`): the
syncing process may still be uploading when another starts, and a glyph it redraws gets an
emoji of its own. A second start with the same glyphs uploads nothing. Nothing here
holds up a start or a table: it runs beside them, and what Discord refuses (a rate limit past
discord.py's retries, the 2,000 emojis reached) or a database that is away is logged once; a
card without an emoji keeps its button's label alone, as before.

How a changed drawing is found: the store keeps, per application (``emojis:<id>``), each
uploaded glyph's fingerprint (a hash of its pixels, drawn in the painter's process). A name the
application has that the store does not know (a new database) is taken as it is. Names stay the
cards' own (``spit_4s``), so every process finds an emoji by its card without drawing anything.

Replacing one: Discord refuses a message whose button names a deleted emoji, and another
process may hold the old one's id, so the old emoji is renamed ``old_<fingerprint>`` rather than
deleted (it keeps working where it is shown), the new drawing is uploaded under the card's name,
and the renamed emoji is deleted at the next start of this process.
"""

import asyncio
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat
from typing import Final

import aiohttp
import discord

from cogs.painter import PAINTER
from data import Store, StoreError
from render.glyphs import BY_NAME, Glyphed, fingerprints, glyph_name, glyph_pngs

log = logging.getLogger(__name__)

RECORD_KEY = "emojis:{application_id}"
"""The store's record of the uploads (:class:`Record`), per application."""
RETIRED = "old_{fingerprint}"
"""The name a replaced emoji keeps until the next start (2 to 32 characters, as Discord takes)."""
RELIST_AFTER: Final = (30.0, 60.0, 120.0, 300.0, 600.0)
"""Seconds a process that does not upload waits before it lists the emojis again, one pause
after the other, the last one over and over: soon after its start, while the syncing process may
still be uploading, then every ten minutes, so that it takes a redrawn glyph's new emoji before
the syncing process's next start deletes the old one."""
FAILURES = (discord.HTTPException, aiohttp.ClientError, OSError)
"""What Discord or the network may answer instead (refusals, 429s past discord.py's retries, a
lost connection or a timeout)."""


class CardEmojis:
    """The card glyphs' emojis this process knows, by name: one map per process, like the
    painter, read by every draft that names a card."""

    def __init__(self) -> None:
        self._by_name: dict[str, discord.PartialEmoji] = {}

    def of(self, card: Glyphed) -> discord.PartialEmoji | None:
        """``card``'s emoji, or None while the application has none (its button shows its label
        alone)."""
        return self._by_name.get(glyph_name(card))

    def show(self, emoji: discord.Emoji | discord.PartialEmoji) -> None:
        """Use ``emoji`` for the card its name names."""
        self._by_name[emoji.name] = discord.PartialEmoji(name=emoji.name, id=emoji.id)

    def __len__(self) -> int:
        return len(self._by_name)

    def known(self) -> dict[str, discord.PartialEmoji]:
        """The emojis known now, by name (a copy)."""
        return dict(self._by_name)


CARD_EMOJIS = CardEmojis()
"""This process's card emojis."""


@dataclass
class Record:
    """What the store keeps of the uploads: each glyph's fingerprint by the name it is uploaded
    under, and the names of emojis replaced at the last start, deleted at this one."""

    uploaded: dict[str, str] = field(default_factory=dict)
    retired: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, text: str | None) -> "Record":
        if text is None:
            return cls()
        data = json.loads(text)
        return cls(dict(data["uploaded"]), list(data["retired"]))

    def text(self) -> str:
        return json.dumps({"uploaded": self.uploaded, "retired": self.retired}, sort_keys=True)


async def load_card_emojis(
    client: discord.Client, store: Store, *, uploads: bool, pauses: Sequence[float] = RELIST_AFTER
) -> None:
    """Fill :data:`CARD_EMOJIS` from the application's emojis; with ``uploads`` (the process that
    syncs commands), upload the glyphs missing or drawn differently first. Without, list them
    again after each of ``pauses``, the last one over and over, for as long as the process runs."""
    listed = await _listed(client)
    if listed is not None:
        if uploads:
            assert client.application_id is not None  # set by login
            await _sync(client, store, RECORD_KEY.format(application_id=client.application_id), listed)
        log.info("%d card emojis of %d", len(CARD_EMOJIS), len(BY_NAME))
    if uploads:
        return
    for pause in chain(pauses, repeat(pauses[-1])):
        await asyncio.sleep(pause)
        known = CARD_EMOJIS.known()
        if await _listed(client) is not None and CARD_EMOJIS.known() != known:
            log.info("%d card emojis of %d, listed again", len(CARD_EMOJIS), len(BY_NAME))


async def _listed(client: discord.Client) -> dict[str, discord.Emoji] | None:
    """The application's emojis by name, the cards' taken into :data:`CARD_EMOJIS`; None (said
    in the log) if Discord did not answer."""
    try:
        listed = {emoji.name: emoji for emoji in await client.fetch_application_emojis()}
    except FAILURES as exc:
        log.warning("card emojis not listed (%s): buttons show their labels alone", exc)
        return None
    for name in BY_NAME.keys() & listed.keys():
        CARD_EMOJIS.show(listed[name])
    return listed


async def _sync(client: discord.Client, store: Store, key: str, listed: dict[str, discord.Emoji]) -> None:
    """Upload what the application lacks, replace what was drawn differently, delete what the
    last start replaced; the record saved with whatever was done, even if Discord refused the rest."""
    try:
        record = Record.read(await store.get_meta(key))
    except StoreError as exc:
        log.warning("card emojis not checked, the database is away: %s", exc)
        return
    prints = await PAINTER.draw(fingerprints)
    stale = [
        name for name, mark in prints.items() if name in listed and record.uploaded.get(name, mark) != mark
    ]
    for name in prints.keys() & listed.keys() - set(stale):  # kept, or taken as it is
        record.uploaded[name] = prints[name]
    wanted = [*stale, *(name for name in prints if name not in listed)]
    done = 0
    try:
        for name in list(record.retired):
            if (old := listed.get(name)) is not None:
                await old.delete()
            record.retired.remove(name)
        pngs = await PAINTER.draw(glyph_pngs, wanted) if wanted else {}
        for name in stale:
            retired = RETIRED.format(fingerprint=record.uploaded[name])
            await listed[name].edit(name=retired)
            del record.uploaded[name]
            record.retired.append(retired)
        for name in wanted:
            CARD_EMOJIS.show(await client.create_application_emoji(name=name, image=pngs[name]))
            record.uploaded[name] = prints[name]
            done += 1
    except FAILURES as exc:
        log.warning(
            "card emojis: %d of %d uploaded; Discord refused the rest (%s): their cards' buttons show "
            "their labels alone until a later start",
            done,
            len(wanted),
            exc,
        )
    else:
        if wanted:
            log.info("card emojis: uploaded %d (%d redrawn)", len(wanted), len(stale))
    try:
        await store.set_meta(key, record.text())
    except StoreError as exc:
        log.warning("card emojis' record not saved, the database is away: %s", exc)
