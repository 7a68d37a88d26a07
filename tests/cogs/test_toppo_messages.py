"""The Toppo messages within Discord's limits and complete in both languages, for the largest
tables: five-card displays, eight seats, long names."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cogs.panels import panel_request
from cogs.rules import rules_embed
from cogs.table_messages import public_draft
from cogs.toppo import KIND
from cogs.toppo_messages import panel_draft
from data import Store
from engine.games import names
from engine.toppo.actions import TurnCard
from engine.toppo.cards import ALL_CARDS, parse_cards
from engine.toppo.state import Position
from locales import catalog
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.cogs.alt import described_in
from tests.cogs.limits import rows, within_discords_limits
from tests.tables.stacked import stacked_table
from words.toppo import Labels, card_name, labels_for

LOCALES = ("en-US", "es-ES")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_word_on_the_pictures_is_in_the_catalogue(locale: str) -> None:
    labels = labels_for(catalog(), locale)
    assert all(getattr(labels, field.name) for field in dataclasses.fields(Labels))


@pytest.mark.parametrize("locale", LOCALES)
def test_card_names_are_distinct_so_a_player_can_tell_them_apart(locale: str) -> None:
    assert len({card_name(catalog(), card, locale) for card in ALL_CARDS}) == len(ALL_CARDS)


@pytest.mark.parametrize("locale", LOCALES)
def test_each_colour_is_marked_in_the_viewers_language_and_never_as_a_slot_letter(locale: str) -> None:
    labels = labels_for(catalog(), locale)
    marks = {labels.mark(card) for card in ALL_CARDS}
    assert len(marks) == 5, "five colours, five marks"
    if catalog().language_for(locale) == "es":
        blue = next(card for card in ALL_CARDS if card.colour.name == "BLUE")
        assert labels.mark(blue) == "Az", "azul: blue's B would read as blanco"
        assert not marks & set("ABCDE"), "no mark reads as a display slot"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", names())
def test_the_rules_fit_one_embed(game: str, locale: str) -> None:
    embed = rules_embed(catalog(), game, locale)
    assert len(embed.description or "") <= 4096
    assert all(len(field.name or "") <= 256 and len(field.value or "") <= 1024 for field in embed.fields)
    assert len(embed) <= 6000


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_five_card_panel_and_an_eight_seat_table_fit_discords_limits(
    tmp_path: Path, locale: str
) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        seats = [Seat(1000 + n, "ω" * 32) for n in range(7)] + [Seat(None, "", "hard")]
        position = Position(
            display=parse_cards("R~ Y+ Wo G# B-"),
            decks=tuple(parse_cards("Ro Yo Wo Go Bo R- Y-") for _ in seats),
            stock=parse_cards("R# Y# W# G~ B~"),
        )
        table = stacked_table(TableRegistry(store), seats, position, locale=locale)
        for _ in range(5):
            table.require_state().apply(TurnCard(0))

        full = await panel_draft(panel_request(catalog(), KIND, table, 0, locale))
        noted = await panel_draft(panel_request(catalog(), KIND, table, 0, locale, note="x" * 200))
        public = await public_draft(catalog(), KIND, table)

    for draft in (full, noted, public):
        assert described_in(draft, locale)
        within_discords_limits(draft)
    assert [len(row) for row in rows(full)] == [5, 3, 3], "a match per card; top, turn, renew; the rest"
    top = next(item for item in rows(full)[1] if "top" in str(item["custom_id"]))
    assert not top.get("disabled"), "a full line tops in one press"
