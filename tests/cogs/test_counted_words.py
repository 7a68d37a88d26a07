"""Counted words on the pictures take the catalogue's plural forms in each language, the way the
cogs pass them (the pictures' ``Labels`` carry the language whose rules they follow)."""

import pytest

from locales import catalog
from words import spit as spit_words
from words import toppo as toppo_words

COUNTS = (0, 1, 2, 21)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ("0 pts", "1 pt", "2 pts", "21 pts")),
        ("es", ("0 ptos", "1 pto", "2 ptos", "21 ptos")),
    ],
)
def test_toppo_points(language: str, expected: tuple[str, ...]) -> None:
    labels = toppo_words.labels_for(catalog(), language)
    assert tuple(labels.counted(labels.points, points=n) for n in COUNTS) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            (
                "deck 0 · 0 cards in all",
                "deck 1 · 1 card in all",
                "deck 2 · 2 cards in all",
                "deck 21 · 21 cards in all",
            ),
        ),
        (
            "es",
            (
                "mazo 0 · 0 cartas en total",
                "mazo 1 · 1 carta en total",
                "mazo 2 · 2 cartas en total",
                "mazo 21 · 21 cartas en total",
            ),
        ),
    ],
)
def test_toppo_deck(language: str, expected: tuple[str, ...]) -> None:
    labels = toppo_words.labels_for(catalog(), language)
    assert tuple(labels.counted(labels.deck, count=n, left=n) for n in COUNTS) == expected


SPIT = {
    ("en", "cards_left"): ("0 cards left", "1 card left", "2 cards left", "21 cards left"),
    ("es", "cards_left"): ("quedan 0 cartas", "queda 1 carta", "quedan 2 cartas", "quedan 21 cartas"),
    ("en", "spit_cards"): ("0 spit cards", "1 spit card", "2 spit cards", "21 spit cards"),
    ("es", "spit_cards"): ("0 cartas de spit", "1 carta de spit", "2 cartas de spit", "21 cartas de spit"),
    ("en", "layouts"): ("0 layouts dealt", "1 layout dealt", "2 layouts dealt", "21 layouts dealt"),
    ("es", "layouts"): ("0 repartos", "1 reparto", "2 repartos", "21 repartos"),
    ("en", "points"): ("0 pts", "1 pt", "2 pts", "21 pts"),
    ("es", "points"): ("0 ptos", "1 pto", "2 ptos", "21 ptos"),
    ("en", "first_to"): ("First to 0 points", "First to 1 point", "First to 2 points", "First to 21 points"),
    ("es", "first_to"): (
        "Gana quien llegue a 0 puntos",
        "Gana quien llegue a 1 punto",
        "Gana quien llegue a 2 puntos",
        "Gana quien llegue a 21 puntos",
    ),
}


@pytest.mark.parametrize(("language", "field"), sorted(SPIT))
def test_spit_counted_words(language: str, field: str) -> None:
    labels = spit_words.labels_for(catalog(), language)
    template = getattr(labels, field)
    said = tuple(labels.counted(template, count=n, points=n, target=n) for n in COUNTS)
    assert said == SPIT[language, field]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_pictures_labels_carry_their_language(language: str) -> None:
    assert toppo_words.labels_for(catalog(), language).language == language
    assert spit_words.labels_for(catalog(), language).language == language
