"""Standard playing-card faces for Spit and Speed, and the palette of their pictures.

Only ranks decide a play (one higher or lower), so the rank is the largest mark on a face: top
left, bold, readable at the table's smallest card. The suit is drawn as a shape (spade, heart,
diamond, club) under the rank and large in the middle, so suits differ by shape and colour is
never the only cue: the "alternating colours" option needs red and black told apart, and the
shapes tell them (hearts and diamonds are red) to a colour-blind player too.

Shapes are drawn with Pillow's primitives rather than taken from a font: the shipped fonts
draw the suit characters only in Unifont (pixelated) or as colour emoji.
"""

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.spit.cards import Card, Rank, Suit
from render.canvas import Box, Palette, supersampled
from render.cards import paint_back, paint_slot, rounded_card
from render.fonts import RGB, draw_text
from render.theme import (
    INK,
    TABLE_COLOURS,
    TABLE_RAMPS,
)

FACE: RGB = (248, 246, 240)
"""A card's face: a warm white, so a face stands apart from the light text on the table."""
RED: RGB = (200, 28, 44)
"""Hearts and diamonds (contrast 5.4:1 on the face); clubs and spades are :data:`INK`."""

RANK_TEXT: dict[Rank, str] = {
    rank: {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}.get(rank, str(int(rank)))
    for rank in Rank
}
"""The index printed on a card: A, 2 .. 10, J, Q, K (10 as two digits, as on real cards)."""
SUIT_SYMBOL: dict[Suit, str] = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
"""The suits as characters, for text that names a card (a button, a message): ``7♥``."""


def ink(card: Card) -> RGB:
    """The colour of a card's marks: red for hearts and diamonds, black for the others."""
    return RED if card.red else INK


def card_text(card: Card) -> str:
    """A card as short text: rank then suit symbol (``10♠``, ``Q♥``)."""
    return RANK_TEXT[card.rank] + SUIT_SYMBOL[card.suit]


PALETTE = Palette(
    colours=[*TABLE_COLOURS, FACE, RED],
    ramps=[
        *TABLE_RAMPS,
        (INK, FACE),
        (RED, FACE),
    ],
)


def paint_suit(
    draw: ImageDraw.ImageDraw, suit: Suit, centre: tuple[float, float], side: float, fill: RGB
) -> None:
    """``suit`` as a filled shape inside a ``side`` square centred on ``centre``."""
    x, y = centre
    half = side / 2
    if suit is Suit.DIAMONDS:
        draw.polygon([(x, y - half), (x + side * 0.38, y), (x, y + half), (x - side * 0.38, y)], fill=fill)
        return
    lobe = side * 0.25
    if suit is Suit.CLUBS:
        for lobe_x, lobe_y in (
            (x, y - side * 0.24),
            (x - side * 0.24, y + side * 0.06),
            (x + side * 0.24, y + side * 0.06),
        ):
            draw.ellipse((lobe_x - lobe, lobe_y - lobe, lobe_x + lobe, lobe_y + lobe), fill=fill)
        draw.rectangle((x - side * 0.1, y - side * 0.1, x + side * 0.1, y + side * 0.12), fill=fill)
    else:
        # A heart, upside down for a spade: two lobes and the point between them.
        flip = -1 if suit is Suit.SPADES else 1
        lobes_y = y - flip * side * 0.2
        for lobe_x in (x - lobe, x + lobe):
            draw.ellipse((lobe_x - lobe, lobes_y - lobe, lobe_x + lobe, lobes_y + lobe), fill=fill)
        edge = lobes_y + flip * lobe * 0.35
        draw.polygon(
            [
                (x - 2 * lobe + side * 0.012, edge),
                (x + 2 * lobe - side * 0.012, edge),
                (x, y + flip * half * 0.92),
            ],
            fill=fill,
        )
        if suit is not Suit.SPADES:
            return
    # The stem of a spade or a club.
    draw.polygon([(x, y), (x + side * 0.2, y + half), (x - side * 0.2, y + half)], fill=fill)


def paint_card(image: Image.Image, box: Box, card: Card) -> None:
    """Draw ``card`` face up filling ``box`` of an RGB image: the rank big in the top-left
    corner with a small suit under it, and a large suit lower right."""
    left, top, right, bottom = box
    width, height = right - left + 1, bottom - top + 1
    draw = ImageDraw.Draw(image)
    rounded_card(draw, box, FACE, INK, 0.03)
    colour = ink(card)
    rank_size = round(width * 0.4)
    draw_text(
        image,
        (left + round(width * 0.08), top - round(rank_size * 0.06)),
        RANK_TEXT[card.rank],
        rank_size,
        colour,
        bold=True,
    )
    # The small suit is a quarter of the card wide: 11 pixels on a phone on the table's piles.
    paint_suit(draw, card.suit, (left + width * 0.2, top + height * 0.43), width * 0.25, colour)
    paint_suit(draw, card.suit, (left + width * 0.6, top + height * 0.68), width * 0.46, colour)


@lru_cache(maxsize=1024)
def card_tile(card: Card, width: int, height: int, bg: RGB) -> Image.Image:
    """``card`` face up as a palette tile of ``width`` x ``height`` on ``bg``."""
    return supersampled(PALETTE, (width, height), bg, lambda image, box: paint_card(image, box, card))


STACK_STEP = 6
"""How far each card under a pile's top shows below the one above it, in pixels."""
STACK_DEPTH = 4
"""The most cards shown under a top: a Spit stock pile holds at most 5 cards."""


@lru_cache(maxsize=1024)
def stack_tile(top: Card | None, size: int, width: int, height: int, bg: RGB) -> Image.Image:
    """A pile of ``size`` cards: its top face up (``top``) or face down (None), and the edge of
    each card under it (up to :data:`STACK_DEPTH`) showing below, so a face-down count reads at a
    glance; an empty place for no cards. The tile is ``width`` x ``height`` plus the room for the
    deepest pile, so piles of every size line up."""

    def paint(image: Image.Image, box: Box) -> None:
        left, top_y, right, _ = box
        scale = (right - left + 1) / width
        card_height, step = round(height * scale), round(STACK_STEP * scale)
        for under in range(min(size - 1, STACK_DEPTH), 0, -1):
            paint_back(
                image, (left, top_y + under * step, right, top_y + under * step + card_height - 1), None
            )
        face = (left, top_y, right, top_y + card_height - 1)
        if top is not None:
            paint_card(image, face, top)
        elif size:
            paint_back(image, face, None)
        else:
            paint_slot(image, face, None)

    return supersampled(PALETTE, (width, height + STACK_DEPTH * STACK_STEP), bg, paint)
