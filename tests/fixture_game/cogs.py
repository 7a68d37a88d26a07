"""Tally on Discord: its table picture; the rest is a turn-by-turn game's (:mod:`cogs.turn_by_turn`)."""

import discord

import tests.fixture_game.words as tally_words
from cogs.drafts import Picture, alt_text
from cogs.message_parts import names_of
from cogs.turn_by_turn import turn_by_turn_kind
from locales import Catalog
from tests.fixture_game.render import table_png
from tests.fixture_game.tables import TallyTable


def table_picture(messages: Catalog, table: TallyTable, locale: str) -> Picture:
    """The track to 21 and whose turn it is, in ``locale``."""
    view = table.require_state().view()
    names = names_of(messages, table, locale)
    alt = messages.text("tally.alt.table", locale, total=view.total, players=", ".join(names))
    labels = tally_words.labels_for(messages, locale)
    return Picture(table_png, (view, names, labels), "tally.png", alt_text([alt]))


KIND = turn_by_turn_kind(
    TallyTable, words=tally_words, picture=table_picture, colour=discord.Colour.from_rgb(90, 140, 200)
)
