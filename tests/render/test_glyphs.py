"""The card glyphs uploaded as application emojis: one per card of every game that shows cards on
buttons, each a name and a picture Discord takes, and each told apart from every other at the
size a button shows it."""

import io
import itertools
import re

from PIL import Image, ImageChops

from engine.assets.cards import Asset
from engine.spit.cards import ALL_CARDS as SPIT_CARDS
from engine.toppo.cards import ALL_CARDS as TOPPO_CARDS
from render.glyphs import BY_NAME, CARDS, SIZE, fingerprints, glyph_image, glyph_name, glyph_pngs

EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
"""What Discord takes as an emoji's name."""
EMOJI_BYTES = 256 * 1024
BUTTON_PX = 20
"""About the size a button shows its emoji at."""


def test_every_card_of_every_game_has_a_glyph_with_a_name_discord_takes() -> None:
    names = [glyph_name(card) for card in CARDS]

    assert set(CARDS) == {*SPIT_CARDS, *TOPPO_CARDS, *Asset}
    assert len(set(names)) == len(names) == 52 + 25 + 12
    assert [name for name in names if not EMOJI_NAME.fullmatch(name)] == []
    assert {glyph_name(card) for card in SPIT_CARDS} >= {"spit_4s", "spit_th", "spit_ah"}
    assert glyph_name(Asset.GOLD) == "asset_gold"
    assert {name: BY_NAME[name] for name in names} == dict(zip(names, CARDS, strict=True))


def test_each_glyph_is_a_square_png_under_discords_limit_with_a_transparent_surround() -> None:
    pngs = glyph_pngs(BY_NAME)

    assert set(pngs) == set(BY_NAME)
    for name, data in pngs.items():
        image = Image.open(io.BytesIO(data))
        assert (image.format, image.mode, image.size) == ("PNG", "RGBA", (SIZE, SIZE)), name
        assert len(data) <= EMOJI_BYTES, name
        assert image.getpixel((0, 0))[3] == 0, f"{name}: the rounded corner is transparent"
        assert image.getpixel((SIZE // 2, SIZE // 2))[3] == 255, f"{name}: the face is opaque"


def test_any_two_cards_differ_at_the_size_a_button_shows_them() -> None:
    """Shrunk to 20 pixels, every pair of glyphs still differs clearly (a channel apart by a
    quarter of its range) in at least 15 pixels: the closest are the same rank in hearts and in
    diamonds, told apart by the suit's shape."""
    small = {
        glyph_name(card): glyph_image(card).resize((BUTTON_PX, BUTTON_PX), Image.Resampling.LANCZOS)
        for card in CARDS
    }

    def apart(a: Image.Image, b: Image.Image) -> int:
        differences = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).get_flattened_data()
        return sum(1 for pixel in differences if max(pixel) >= 64)

    closest = min(itertools.combinations(small, 2), key=lambda pair: apart(small[pair[0]], small[pair[1]]))
    assert apart(small[closest[0]], small[closest[1]]) >= 15, closest


def test_fingerprints_are_stable_and_tell_every_glyph_apart() -> None:
    prints = fingerprints()

    assert prints == fingerprints()
    assert set(prints) == set(BY_NAME)
    assert len(set(prints.values())) == len(prints)
    assert all(re.fullmatch(r"[0-9a-f]{12}", value) for value in prints.values())
