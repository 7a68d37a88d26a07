"""The Cover Your Assets words from the catalogue: every word on the pictures and every card
name in both languages, card names told apart, and pictures drawn in each language."""

import dataclasses

import pytest

from engine.assets.cards import Asset
from locales import catalog
from render.assets import ENGLISH, table_png
from render.assets import money as money_of
from tests.engine.assets import challenge, table
from words.assets import Labels, card_name, labels_for

LOCALES = ("en-US", "es-ES")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_word_on_the_pictures_is_in_the_catalogue(locale: str) -> None:
    labels = labels_for(catalog(), locale)
    assert all(getattr(labels, field.name) for field in dataclasses.fields(Labels))
    assert len(labels.cards) == len(Asset) and all(labels.cards)


@pytest.mark.parametrize("locale", LOCALES)
def test_card_names_are_distinct_so_a_player_can_tell_them_apart(locale: str) -> None:
    assert len({card_name(catalog(), asset, locale) for asset in Asset}) == len(Asset)


def test_the_english_catalogue_says_what_the_pictures_default_to() -> None:
    assert labels_for(catalog(), "en-GB") == ENGLISH


def test_spanish_pictures_use_spanish_words() -> None:
    spanish = labels_for(catalog(), "es-419")
    assert (
        spanish.cards[Asset.PIGGY_BANK.rank] == "Alcancía"
        and money_of(1_250_000, spanish) == "1.250.000\u00a0$"
    )
    game = table("SI PB", "GO JW", stacks=["PB PB", "BA BA / HM HM"])
    game.apply(challenge(0, 1, "SI"))
    names = ("Ana", "Bruno")
    assert table_png(game.view(), names, spanish) != table_png(game.view(), names, ENGLISH)
