"""How long the Toppo pictures take: ours against a naive renderer measured in the same run.

Run: ``.venv/bin/python -m bench.bench_render [--renders N]``.

The scene is a real 8-player game with a display of 5, played by AI seats for a while; the bench
cycles through its consecutive public views (and seat 0's views for the private line), so deck
counts and lines change from picture to picture as they do at a table.

- *ours*: :func:`render.toppo.table_png` and :func:`render.toppo.line_png` (cached palette tiles,
  palette PNG at zlib level 1);
- *naive*: the same layout drawn from scratch for every picture on an RGB canvas with Pillow's
  drawing calls and :func:`render.fonts.draw_text`, saved as an RGB PNG at Pillow's default
  settings. No tiles; it shares only what the text layer keeps anyway (loaded fonts, font runs,
  scaled emoji). Its cards are drawn at 1x, without the 3x supersampling our tiles get once, so
  it is the cheaper picture and the ratio is conservative.

Each picture is draw + encode to bytes. It prints mean / p50 / p95 in milliseconds for both, the
ratio naive / ours (of the means), the first (cold-cache) render, the longest event-loop stall
while pictures are rendered in a worker thread (``asyncio.to_thread``, as the table code does)
next to the same with the worker doing nothing, and a one-line JSON summary. Target on the
2-core machine: the table picture at most 10 ms.
"""

import argparse
import asyncio
import io
import json
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bench.measure import loop_stall, summary, timings
from engine.toppo.cards import Card
from engine.toppo.state import ToppoView
from render.cards import paint_back, paint_slot
from render.fonts import RGB, draw_text, text_width, top_for_middle
from render.theme import BG, BUTTON, DIM, GOLD, PANEL, TEXT
from render.toppo import (
    BIG_DISPLAY,
    BIG_GAP,
    BIG_LINE,
    DECK,
    DISPLAY_CARD,
    DISPLAY_GAP,
    LABEL_SIZE,
    LETTER_BADGE,
    LINE_CARD,
    LINE_GAP,
    MARGIN,
    NAME_SIZE,
    NUMBER_BADGE,
    NUMBER_SIZE,
    PANEL_PAD,
    PANEL_SIZE,
    PILE,
    PILE_COLUMN,
    SLOT_BADGE,
    STATUS_SIZE,
    WIDTH,
    LineLayout,
    display_origin,
    line_origin,
    line_png,
    panel_origin,
    played_views,
    table_png,
    table_size,
)
from render.toppo_cards import paint_card
from words.toppo import SLOT_LETTERS

NAMES = ("Alice", "محمد علي", "Дмитрий", "राहुल", "王小明", "김민준", "Bob 👍🏽", "Zoë the Great")
TOTALS = (12, 0, 33, 7, 21, 4, 15, 9)
GAME = 3


# -- the naive renderer ----------------------------------------------------------------------------


def _box(x: int, y: int, size: tuple[int, int]) -> tuple[int, int, int, int]:
    return x, y, x + size[0] - 1, y + size[1] - 1


def _cards(
    image: Image.Image, x: int, y: int, cards: Sequence[Card], places: int, size: tuple[int, int], gap: int
) -> None:
    for place in range(places):
        box = _box(x + place * (size[0] + gap), y, size)
        if place < len(cards):
            paint_card(image, box, cards[place])
        else:
            paint_slot(image, box, None)


def _badge(image: Image.Image, centre: int, y: int, text: str, size: tuple[int, int]) -> None:
    left = centre - size[0] // 2
    ImageDraw.Draw(image).rounded_rectangle(_box(left, y, size), radius=size[1] // 4, fill=BUTTON)
    text_size = round(size[1] * 0.62)
    text_x = centre - text_width(text, text_size, True) // 2
    draw_text(image, (text_x, top_for_middle(y + size[1] // 2, text_size)), text, text_size, TEXT, True)


def _right(image: Image.Image, x: int, y: int, text: str, size: int, fill: RGB, bold: bool = False) -> int:
    width = text_width(text, size, bold)
    draw_text(image, (x - width, y), text, size, fill, bold)
    return width


def _status(view: ToppoView) -> tuple[str, RGB]:
    if view.outcome is not None:
        return f"{NAMES[view.outcome.caller]} called toppo!", GOLD
    if view.restarter is not None:
        return f"Waiting for {NAMES[view.restarter]} to turn", GOLD
    return "Play!", TEXT


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def naive_table_png(view: ToppoView) -> bytes:
    """The table picture drawn from scratch: every shape and string, every time."""
    image = Image.new("RGB", table_size(view.players), BG)
    draw = ImageDraw.Draw(image)
    game_width = _right(image, WIDTH - MARGIN, MARGIN + 8, f"Game {GAME}", LABEL_SIZE, DIM)
    status, colour = _status(view)
    draw_text(image, (MARGIN, MARGIN), status, 44, colour, True, WIDTH - 2 * MARGIN - game_width - 24)
    x, y = display_origin(view.display_size)
    _cards(image, x, y, view.display, view.display_size, DISPLAY_CARD, DISPLAY_GAP)
    for slot in range(view.display_size):
        centre = x + slot * (DISPLAY_CARD[0] + DISPLAY_GAP) + DISPLAY_CARD[0] // 2
        _badge(image, centre, y + DISPLAY_CARD[1] + 8, SLOT_LETTERS[slot], SLOT_BADGE)
    pile_x = WIDTH - MARGIN - PILE_COLUMN + 16
    for row, (count, label) in enumerate(((view.stock_size, "stock"), (view.topped_size, "topped"))):
        pile_y = y + row * (PILE[1] + 12)
        (paint_back if row == 0 else paint_slot)(image, _box(pile_x, pile_y, PILE), count)
        draw_text(
            image,
            (pile_x + PILE[0] + 12, top_for_middle(pile_y + PILE[1] // 2, LABEL_SIZE)),
            label,
            LABEL_SIZE,
            DIM,
        )
    if view.votes:
        votes_y = top_for_middle(y + DISPLAY_CARD[1] + 8 + SLOT_BADGE[1] // 2, LABEL_SIZE)
        draw_text(
            image, (pile_x, votes_y), f"replace {len(view.votes)}/{view.votes_needed}", LABEL_SIZE, GOLD, True
        )
    for seat in range(view.players):
        px, py = panel_origin(seat)
        framed = seat == view.restarter
        draw.rounded_rectangle(
            _box(px, py, PANEL_SIZE), radius=16, fill=PANEL, outline=GOLD if framed else PANEL, width=4
        )
        right = px + PANEL_SIZE[0] - PANEL_PAD
        right -= _right(image, right, py + 12, f"{TOTALS[seat]} pts", NUMBER_SIZE, DIM) + 10
        if seat in view.votes:
            right -= _right(image, right, py + 12, "✋", NUMBER_SIZE, TEXT) + 10
        draw_text(
            image,
            (px + PANEL_PAD + 4, py + 8),
            NAMES[seat],
            NAME_SIZE,
            TEXT,
            True,
            right - px - PANEL_PAD - 4,
        )
        lx, ly = line_origin(seat)
        paint_back(image, _box(px + PANEL_PAD, ly, DECK), view.deck_sizes[seat])
        _cards(image, lx, ly, view.lines[seat], view.display_size, LINE_CARD, LINE_GAP)
    return _png(image)


def naive_line_png(view: ToppoView) -> bytes:
    """The private line drawn from scratch."""
    assert view.seat is not None
    layout = LineLayout.of(view.display_size)
    image = Image.new("RGB", (WIDTH, layout.height), BG)
    game_width = _right(image, WIDTH - MARGIN, MARGIN + 8, f"Game {GAME}", LABEL_SIZE, DIM)
    status, colour = _status(view)
    draw_text(
        image, (MARGIN, MARGIN), status, STATUS_SIZE, colour, True, WIDTH - 2 * MARGIN - game_width - 24
    )
    size = view.display_size
    for slot in range(size):
        centre = layout.display_x + slot * (BIG_DISPLAY[0] + BIG_GAP) + BIG_DISPLAY[0] // 2
        _badge(image, centre, layout.letters_y, SLOT_LETTERS[slot], LETTER_BADGE)
    _cards(image, layout.display_x, layout.display_y, view.display, size, BIG_DISPLAY, BIG_GAP)
    line, deck = view.lines[view.seat], view.deck_sizes[view.seat]
    draw_text(image, (layout.line_x, layout.caption_y), "Your line", LABEL_SIZE, DIM, True)
    _right(
        image,
        WIDTH - layout.line_x,
        layout.caption_y,
        f"deck {deck} · {deck + len(line)} cards in all",
        LABEL_SIZE,
        DIM,
    )
    _cards(image, layout.line_x, layout.line_y, line, size, BIG_LINE, BIG_GAP)
    for index in range(len(line)):
        centre = layout.line_x + index * (BIG_LINE[0] + BIG_GAP) + BIG_LINE[0] // 2
        _badge(image, centre, layout.numbers_y, str(index + 1), NUMBER_BADGE)
    if view.votes:
        text = f"replace {len(view.votes)}/{view.votes_needed}"
        draw_text(
            image,
            (WIDTH // 2 - text_width(text, NUMBER_SIZE, True) // 2, layout.hint_y),
            text,
            NUMBER_SIZE,
            GOLD,
            True,
        )
    return _png(image)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200, help="pictures of each kind per renderer")
    args = parser.parse_args()
    public, private = played_views()

    def ours_table(view: ToppoView) -> bytes:
        return table_png(view, NAMES, TOTALS, GAME)

    def ours_line(view: ToppoView) -> bytes:
        return line_png(view, NAMES, GAME)

    cold = {"table": timings(ours_table, public, 1)[0], "line": timings(ours_line, private, 1)[0]}
    results: dict[str, dict[str, object]] = {}
    means: dict[str, float] = {}
    for name, ours, naive, views in (
        ("table", ours_table, naive_table_png, public),
        ("line", ours_line, naive_line_png, private),
    ):
        timings(ours, views, len(views))  # every view once, so "ours" is measured with warm tiles
        mine = summary(timings(ours, views, args.renders))
        theirs = summary(timings(naive, views, args.renders))
        size_ours, size_naive = len(ours(views[0])), len(naive(views[0]))
        means[name] = mine["mean"]
        results[name] = {
            "ours_ms": mine,
            "naive_ms": theirs,
            "ratio": round(theirs["mean"] / mine["mean"], 1),
            "cold_ms": round(cold[name], 1),
            "bytes": {"ours": size_ours, "naive": size_naive},
        }
        print(
            f"{name:5}  ours  mean {mine['mean']:6.2f}  p50 {mine['p50']:6.2f}  p95 {mine['p95']:6.2f} ms"
            f"  ({size_ours // 1024} KB; first render {cold[name]:.0f} ms)"
        )
        print(
            f"{'':5}  naive mean {theirs['mean']:6.2f}  p50 {theirs['p50']:6.2f}  p95 {theirs['p95']:6.2f} ms"
            f"  ({size_naive // 1024} KB)   ratio naive/ours {results[name]['ratio']}x"
        )
    stall = asyncio.run(loop_stall(lambda: ours_table(public[0]), 100))
    idle = asyncio.run(loop_stall(lambda: b"", 100))
    table_mean = means["table"]
    print(
        f"event loop: longest stall {stall:.2f} ms while 100 table pictures were drawn in a worker thread"
        f" ({idle:.2f} ms with the same thread calls doing nothing)"
    )
    print(
        f"target: table picture <= 10 ms: {'met' if table_mean <= 10 else 'NOT met'} (mean {table_mean} ms)"
    )
    print(
        json.dumps(
            {
                "bench": "render",
                "renders": args.renders,
                **results,
                "loop_stall_ms": round(stall, 2),
                "loop_stall_idle_ms": round(idle, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
