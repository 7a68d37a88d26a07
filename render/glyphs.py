"""Card glyphs: each card of Spit and Speed, Toppo and Cover Your Assets as a small square picture,
uploaded as one of the application's emojis and shown on the buttons and menu options that name
the card (:mod:`cogs.emojis`).

A button shows an emoji at about 20 pixels, a sixth of the 128 drawn here, so a glyph carries one
or two big marks and nothing else: a standard card's rank top left and its suit bottom right (as a
card's corner index would be if it filled the card), in the card's ink; a Toppo card's colour with
its symbol; an asset's icon on its value's colour. Each is drawn on its own card face filling the
square, so it reads on Discord's grey, blue, green and red buttons alike and in both themes; the
label beside it still names the card in words (a screen reader reads the label, not the emoji).

The marks are the games' own: suits, inks and faces from :mod:`render.spit_cards`, Toppo's fills,
strokes and symbols from :mod:`render.toppo_cards`, icons and fills from
:mod:`render.assets_cards`, fonts from :mod:`render.fonts`.
"""

import hashlib
import io
from collections.abc import Iterable

from PIL import Image, ImageDraw

from engine.assets.cards import Asset
from engine.spit.cards import ALL_CARDS as SPIT_CARDS
from engine.spit.cards import Card as SpitCard
from engine.toppo.cards import ALL_CARDS as TOPPO_CARDS
from engine.toppo.cards import Card as ToppoCard
from render.assets_cards import ICONS, fill_of
from render.canvas import Box, smoothed
from render.cards import rounded_card
from render.fonts import ascent, cap_height, draw_text, line_height, text_width, top_for_middle
from render.spit_cards import FACE, RANK_TEXT, ink, paint_suit
from render.theme import INK
from render.toppo_cards import CARD_COLOURS, STROKES, paint_symbol

SIZE = 128
"""A glyph's side in pixels: the size Discord keeps an emoji at (it shrinks larger ones)."""
FINGERPRINT = 12
"""Hex digits of a glyph's fingerprint (:func:`fingerprints`)."""

RANK_HEIGHT = 0.55
"""A standard card's rank: its capitals' height, as a share of the glyph (about 10 pixels on a
button)."""
RANK_WIDTH = 0.5
"""The widest a rank is drawn, as a share of the glyph, so that it keeps clear of the suit."""

Glyphed = SpitCard | ToppoCard | Asset
"""A card that has a glyph."""
CARDS: tuple[Glyphed, ...] = (*SPIT_CARDS, *TOPPO_CARDS, *Asset)
"""Every card with a glyph, once each: 52 + 25 + 12, far below Discord's 2,000 emojis."""


def glyph_name(card: Glyphed) -> str:
    """The emoji's name: the game, then the card in its notation or by name (``spit_4s``,
    ``toppo_red_waves``, ``asset_gold``); 2 to 32 lower-case letters, digits and underscores, as
    Discord takes them, and never changed once uploaded (a new name is a new emoji)."""
    if isinstance(card, SpitCard):
        return f"spit_{str(card).lower()}"
    if isinstance(card, ToppoCard):
        return f"toppo_{card.colour.name.lower()}_{card.symbol.name.lower()}"
    return f"asset_{card.name.lower()}"


BY_NAME: dict[str, Glyphed] = {glyph_name(card): card for card in CARDS}
"""Every card with a glyph, by the glyph's name."""


def glyph_image(card: Glyphed) -> Image.Image:
    """``card``'s glyph: an RGBA picture of :data:`SIZE` pixels, transparent around its face."""
    return smoothed((SIZE, SIZE), (*INK, 0), lambda canvas, box: _paint(canvas, box, card), "RGBA")


def fingerprints() -> dict[str, str]:
    """Every glyph's name and a short hash of its pixels: what tells the process that syncs the
    emojis that a glyph is drawn differently from the one uploaded under its name (the pixels,
    not the PNG, so a new zlib does not count as a new drawing)."""
    return {
        glyph_name(card): hashlib.sha256(glyph_image(card).tobytes()).hexdigest()[:FINGERPRINT]
        for card in CARDS
    }


def glyph_pngs(names: Iterable[str]) -> dict[str, bytes]:
    """The glyphs of ``names`` as PNG files, to upload (each a few kilobytes, far below Discord's
    256 KiB for an emoji)."""
    pngs = {}
    for name in names:
        out = io.BytesIO()
        glyph_image(BY_NAME[name]).save(out, "PNG")
        pngs[name] = out.getvalue()
    return pngs


def _paint(image: Image.Image, box: Box, card: Glyphed) -> None:
    if isinstance(card, SpitCard):
        _paint_standard(image, box, card)
    elif isinstance(card, ToppoCard):
        _paint_toppo(image, box, card)
    else:
        _paint_asset(image, box, card)


def _face(image: Image.Image, box: Box, fill: tuple[int, int, int]) -> None:
    """The card face filling the square, with the games' dark edge (thicker than a table card's:
    at 20 pixels it is what keeps a light face apart from a light button)."""
    rounded_card(ImageDraw.Draw(image), box, fill, INK, 0.05)


def _paint_standard(image: Image.Image, box: Box, card: SpitCard) -> None:
    """The rank top left and the suit's shape bottom right: side by side neither could be as big.
    A rank wider than half the face ("10", "Q") is drawn narrower rather than smaller."""
    left, top, right, _ = box
    side = right - left + 1
    _face(image, box, FACE)
    colour, rank = ink(card), RANK_TEXT[card.rank]
    size = round(side * RANK_HEIGHT / (cap_height(100) / 100))
    width = text_width(rank, size, True)
    layer = Image.new("RGBA", (width, line_height(size)), (*colour, 0))
    draw_text(layer, (0, 0), rank, size, colour, bold=True)
    if width > side * RANK_WIDTH:
        layer = layer.resize((round(side * RANK_WIDTH), layer.height), Image.Resampling.LANCZOS)
    cap_top = top + round(side * 0.08)
    image.alpha_composite(layer, (left + round(side * 0.07), cap_top - ascent(size) + cap_height(size)))
    paint_suit(ImageDraw.Draw(image), card.suit, (left + side * 0.74, top + side * 0.74), side * 0.44, colour)


def _paint_toppo(image: Image.Image, box: Box, card: ToppoCard) -> None:
    """The card's colour filling the face and its symbol large in the middle, in the stroke the
    table's cards use on that colour."""
    left, top, right, bottom = box
    side = right - left + 1
    _face(image, box, CARD_COLOURS[card.colour])
    centre = ((left + right + 1) / 2, (top + bottom + 1) / 2)
    paint_symbol(ImageDraw.Draw(image), card.symbol, centre, side * 0.72, STROKES[card.colour])


def _paint_asset(image: Image.Image, box: Box, asset: Asset) -> None:
    """The asset's icon, as large as the face holds, on its value's fill."""
    left, top, right, bottom = box
    side = right - left + 1
    _face(image, box, fill_of(asset))
    icon, size = ICONS[asset], round(side * 0.8)
    x = (left + right + 1 - text_width(icon, size)) // 2
    draw_text(image, (x, top_for_middle((top + bottom + 1) // 2, size)), icon, size, INK)
