"""Cover Your Assets card faces, sets drawn as cards, and the palette of its pictures.

Colour is never the only cue: every face shows its value on top, an icon in the middle (an emoji
that suggests the asset: a pig for the piggy bank, a house for the home) and its name at the
bottom; the fill repeats the value's tier (Jewels apart from Classic Auto: :data:`OWN_FILLS`).
The two wilds (Silver and Gold) carry a dark ribbon with the word for "wild" across the face,
which shows in grey too.

A set is drawn one card per kind (the asset, then Silver, then Gold, as a set holds nothing
else) with the copies behind it as offset card edges and a "×n" badge: a set that grew in
challenges keeps a fixed width, and its count and value stay readable on a phone.

:func:`paint_card` draws on any RGB image at any size; the pictures use the cached tiles, drawn
once at three times the size, reduced (antialiasing) and quantized to the palette.
"""

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.assets.cards import WILDS, Asset
from render.canvas import Box, Palette, badge, supersampled
from render.cards import rounded_card
from render.fonts import RGB, draw_text, fit, text_width, top_for_middle, wrap
from render.theme import (
    INK,
    LIGHT,
    TABLE_COLOURS,
    TABLE_RAMPS,
)

ICONS: dict[Asset, str] = {
    Asset.PIGGY_BANK: "🐷",
    Asset.BASEBALL_CARDS: "⚾",
    Asset.STAMP_COLLECTION: "📮",
    Asset.CASH_UNDER_THE_MATTRESS: "💵",
    Asset.BANK_ACCOUNT: "🏦",
    Asset.COIN_COLLECTION: "🪙",
    Asset.STOCKS: "📈",
    Asset.CLASSIC_AUTO: "🚗",
    Asset.JEWELS: "💎",
    Asset.HOME: "🏠",
    Asset.SILVER: "🥈",
    Asset.GOLD: "🥇",
}
"""The picture on each face; emoji, so they need no words and read the same in every language."""

TIER_FILLS: dict[int, RGB] = {
    5_000: (170, 215, 160),
    10_000: (150, 200, 240),
    15_000: (215, 175, 230),
    20_000: (250, 180, 140),
}
"""Light fills by value (dark ink on all of them), so cards of one value look related."""
OWN_FILLS: dict[Asset, RGB] = {
    Asset.JEWELS: (148, 140, 244),
    Asset.SILVER: (200, 205, 212),
    Asset.GOLD: (226, 172, 44),
}
"""The cards that do not take their tier's fill: the wilds, and Jewels, a periwinkle beside
Classic Auto's lilac (players took one set for the other; 29 apart in CIE76 for everyone and
under the common colour-vision deficiencies, tests/render/test_assets.py)."""


def fill_of(asset: Asset) -> RGB:
    return OWN_FILLS[asset] if asset in OWN_FILLS else TIER_FILLS[asset.worth]


FILLS = (*TIER_FILLS.values(), *OWN_FILLS.values())

PALETTE = Palette(
    colours=[*TABLE_COLOURS, *FILLS],
    ramps=[
        *TABLE_RAMPS,
        (LIGHT, INK),
        *((INK, fill) for fill in FILLS),
    ],
)

GHOST = 6
"""How far each copy behind a card of a set shows (pixels, up and to the right)."""
MAX_GHOSTS = 2


def _fitted(text: str, bold: bool, size: int, width: float) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``width`` on one line."""
    while size > 6 and text_width(text, size, bold) > width:
        size -= 1
    return size


def _name_lines(name: str, size: int, width: int, max_lines: int) -> tuple[tuple[str, ...], int]:
    """``name`` wrapped into at most ``max_lines`` lines of ``width`` at the largest size up to
    ``size`` that allows it (cut with an ellipsis at the smallest)."""
    for tried in range(size, max(6, size // 2) - 1, -1):
        lines = wrap(name, tried, True, width, max_lines)
        if lines is not None:
            return lines, tried
    smallest = max(6, size // 2)
    return (fit(name, smallest, True, width),), smallest


def paint_card(image: Image.Image, box: Box, asset: Asset, name: str, value: str, wild: str) -> None:
    """Draw ``asset`` face up filling ``box`` of an RGB image: ``value`` on top, its icon, the
    ``wild`` ribbon on a wild, and ``name`` at the bottom (in the caller's language). Without a
    name (a card too small for a name to be read on a phone) the value and the icon are bigger,
    and a wild's ribbon, lower, carries no word; without a value either, the icon alone, bigger
    still."""
    left, top, right, bottom = box
    width, height = right - left + 1, bottom - top + 1
    draw = ImageDraw.Draw(image)
    rounded_card(draw, box, fill_of(asset), INK, 0.035)
    room = round(width * 0.9)
    centre = left + width // 2

    if value:
        value_size = _fitted(value, True, round(width * (0.22 if name else 0.27)), room)
        value_x = centre - text_width(value, value_size, True) // 2
        value_middle = top_for_middle(top + round(height * 0.12), value_size)
        draw_text(image, (value_x, value_middle), value, value_size, INK, True)

    icon = ICONS[asset]
    icon_size = round(width * (0.40 if name else 0.5 if value else 0.62))
    icon_x = centre - text_width(icon, icon_size) // 2
    icon_middle = top + round(height * (0.42 if name else 0.5 if value else 0.45))
    draw_text(image, (icon_x, top_for_middle(icon_middle, icon_size)), icon, icon_size, INK)

    if not name:
        if asset.wild:
            _paint_ribbon(image, box, (0.8, 0.9), "")
        return
    if asset.wild:
        _paint_ribbon(image, box, (0.61, 0.73), wild)
        lines, size = _name_lines(name, round(width * 0.17), room, 1)
        middles = [top + round(height * 0.85)]
    else:
        lines, size = _name_lines(name, round(width * 0.17), room, 2)
        pitch = round(size * 1.15)
        last = top + round(height * 0.86) - (pitch // 2 if len(lines) == 1 else 0)
        middles = [last - pitch * (len(lines) - 1 - index) for index in range(len(lines))]
    for line, middle in zip(lines, middles, strict=True):
        line_x = centre - text_width(line, size, True) // 2
        draw_text(image, (line_x, top_for_middle(middle, size)), line, size, INK, True)


def _paint_ribbon(image: Image.Image, box: Box, span: tuple[float, float], wild: str) -> None:
    """A wild's dark ribbon across the card, from and to ``span`` (shares of its height), with
    the word ``wild`` on it if given: the ribbon alone already shows in grey."""
    left, top, right, bottom = box
    width, height = right - left + 1, bottom - top + 1
    band_top, band_bottom = top + round(height * span[0]), top + round(height * span[1])
    inset = max(1, round(width * 0.035))
    ImageDraw.Draw(image).rectangle((left + inset, band_top, right - inset, band_bottom), fill=INK)
    if wild:
        band_size = _fitted(wild, True, round((band_bottom - band_top) * 0.8), round(width * 0.86))
        band_x = left + width // 2 - text_width(wild, band_size, True) // 2
        middle = (band_top + band_bottom + 1) // 2
        draw_text(image, (band_x, top_for_middle(middle, band_size)), wild, band_size, LIGHT, True)


@lru_cache(maxsize=512)
def card_tile(
    asset: Asset, width: int, height: int, bg: RGB, name: str, value: str, wild: str
) -> Image.Image:
    """``asset`` face up as a palette tile of ``width`` x ``height`` on ``bg``."""
    return supersampled(
        PALETTE, (width, height), bg, lambda image, box: paint_card(image, box, asset, name, value, wild)
    )


@lru_cache(maxsize=64)
def _ghost_tile(asset: Asset, width: int, height: int, bg: RGB) -> Image.Image:
    """The edge of a copy lying behind a card: its outline in the card's fill."""

    def paint(image: Image.Image, box: Box) -> None:
        rounded_card(ImageDraw.Draw(image), box, fill_of(asset), INK, 0.035)

    return supersampled(PALETTE, (width, height), bg, paint)


def kinds(cards: Iterable[Asset]) -> list[tuple[Asset, int]]:
    """A set's (or a pile of shown cards') kinds and how many of each: the asset first (the
    first non-wild), then Silver, then Gold."""
    counts = Counter(cards)
    assets = [asset for asset in counts if not asset.wild]
    return [(asset, counts[asset]) for asset in (*assets, *WILDS) if counts[asset]]


def badge_size(card: tuple[int, int]) -> tuple[int, int]:
    """The "×n" badge under a card of ``card`` size: at least 41 pixels high, so that its count
    (0.62 of that, 25) stays 11 pixels high on a phone."""
    return max(52, round(card[0] * 0.5)), max(41, round(card[0] * 0.28))


def group_size(card: tuple[int, int]) -> tuple[int, int]:
    """The room one kind of a set takes: the card, the edges of the copies behind it (up and
    to the right) and the count badge under it."""
    return card[0] + GHOST * MAX_GHOSTS, GHOST * MAX_GHOSTS + card[1] + BADGE_GAP + badge_size(card)[1]


BADGE_GAP = 3


@lru_cache(maxsize=1024)
def group_tile(
    asset: Asset, count: int, card: tuple[int, int], bg: RGB, name: str, value: str, wild: str
) -> Image.Image:
    """``count`` cards of ``asset`` as one tile of :func:`group_size`: the front card, up to two
    copies' edges behind it, and "×count" on a badge under it when there is more than one."""
    tile = PALETTE.canvas(group_size(card), bg)
    for step in range(min(count - 1, MAX_GHOSTS), 0, -1):
        tile.paste(_ghost_tile(asset, *card, bg), (GHOST * step, GHOST * (MAX_GHOSTS - step)))
    tile.paste(card_tile(asset, *card, bg, name, value, wild), (0, GHOST * MAX_GHOSTS))
    if count > 1:
        size = badge_size(card)
        tile.paste(
            badge(PALETTE, f"×{count}", size, bg),
            ((card[0] - size[0]) // 2, GHOST * MAX_GHOSTS + card[1] + BADGE_GAP),
        )
    return tile
