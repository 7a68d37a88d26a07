"""How long the Spit and Speed table pictures take: ours against a naive renderer measured in the
same run.

Run: ``.venv/bin/python -m bench.bench_render_spit [--renders N]``.

The scenes are real games played by AI seats (the fastest choice wins each step, as at a table);
the bench cycles through their consecutive public views, so piles, counts, calls and headlines
change from picture to picture as they do while a deal is played.

- *ours*: :func:`render.spit.table_png` (cached palette tiles, palette PNG at zlib level 1);
- *naive*: the same layout drawn from scratch for every picture on an RGB canvas with Pillow's
  drawing calls and :func:`render.fonts.draw_text`, saved as an RGB PNG at Pillow's default
  settings. No tiles; it shares only what the text layer keeps anyway (loaded fonts, font runs,
  scaled emoji). Its cards are drawn at 1x, without the 3x supersampling our tiles get once, so
  it is the cheaper picture and the ratio is conservative.

Each picture is draw + encode to bytes. It prints mean / p50 / p95 in milliseconds for both, the
ratio naive / ours (of the means), the first (cold-cache) render, and a one-line JSON summary.
"""

import argparse
import io
import json
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bench.measure import summary, timings
from engine.spit import (
    SpeedOptions,
    SpeedView,
    SpitOptions,
    SpitView,
    new_speed_game,
)
from engine.spit import new_game as new_spit_game
from engine.spit.centre import CENTRE_PILES, SEATS, Stage
from engine.spit.speed import HAND
from render.cards import paint_back, paint_slot
from render.fonts import RGB, draw_text, text_width
from render.spit import (
    CARDS_DY,
    CENTRE_CARD,
    CENTRE_TOP,
    HAND_STEP,
    LABEL_SIZE,
    MARGIN,
    NAME_SIZE,
    NUMBER_SIZE,
    PANEL_PAD,
    PILE_CARD,
    SEAT_PANEL,
    STACK,
    STATUS_SIZE,
    TABLE_SIZE,
    WIDTH,
    centre_x,
    played_views,
    seat_origin,
    side_x,
    speed_row,
    spit_row,
    table_png,
)
from render.spit_cards import STACK_STEP, paint_card
from render.theme import BG, DIM, GOLD, PANEL, TEXT

NAMES = ("Alice 👍🏽", "محمد علي")
View = SpitView | SpeedView


# -- the naive renderer ----------------------------------------------------------------------------


def _box(x: int, y: int, size: tuple[int, int]) -> tuple[int, int, int, int]:
    return x, y, x + size[0] - 1, y + size[1] - 1


def _centred(image: Image.Image, centre: int, y: int, text: str, size: int, fill: RGB) -> None:
    draw_text(image, (centre - text_width(text, size) // 2, y), text, size, fill)


def _status(view: View) -> tuple[str, RGB]:
    if view.outcome is not None:
        return f"{NAMES[view.outcome.winner]} wins!", GOLD
    if view.stage is Stage.START:
        return ("Ready? Flip to start!" if isinstance(view, SpeedView) else "Ready? Call spit!"), GOLD
    if view.stage is Stage.SLAP:
        return "New layout: slap a pile!", GOLD
    if view.stalemate:
        return ("Stuck: flip!" if isinstance(view, SpeedView) else "Stalemate: call spit!"), GOLD
    return "Play!", TEXT


def _back_or_slot(image: Image.Image, box: tuple[int, int, int, int], count: int) -> None:
    if count:
        paint_back(image, box, count)
    else:
        paint_slot(image, box, None)


def naive_table_png(view: View) -> bytes:
    """The table picture drawn from scratch: every shape and string, every time."""
    image = Image.new("RGB", TABLE_SIZE, BG)
    draw = ImageDraw.Draw(image)
    corner = f"Layout {view.layouts_dealt}" if isinstance(view, SpitView) else ""
    corner_width = text_width(corner, LABEL_SIZE)
    draw_text(image, (WIDTH - MARGIN - corner_width, MARGIN + 8), corner, LABEL_SIZE, DIM)
    status, colour = _status(view)
    draw_text(
        image, (MARGIN, MARGIN), status, STATUS_SIZE, colour, True, WIDTH - 2 * MARGIN - corner_width - 24
    )
    waited = (view.outcome.winner,) if view.outcome is not None else view.waiting_for
    for seat in SEATS:
        x, y = seat_origin(seat)
        framed = GOLD if seat in waited else PANEL
        draw.rounded_rectangle(_box(x, y, SEAT_PANEL), radius=16, fill=PANEL, outline=framed, width=4)
        right = x + SEAT_PANEL[0] - PANEL_PAD - 4
        if isinstance(view, SpitView):
            left = sum(pile.size for pile in view.layouts[seat]) + view.spit_cards[seat]
            note = f"{left} cards left"
            right -= text_width(note, NUMBER_SIZE)
            draw_text(image, (right, y + PANEL_PAD + 4), note, NUMBER_SIZE, DIM)
        if seat in view.called:
            right -= 16 + text_width("ready ✓", NUMBER_SIZE, True)
            draw_text(image, (right, y + PANEL_PAD + 4), "ready ✓", NUMBER_SIZE, GOLD, True)
        room = right - x - 2 * PANEL_PAD
        draw_text(image, (x + PANEL_PAD + 4, y + PANEL_PAD - 4), NAMES[seat], NAME_SIZE, TEXT, True, room)
        top = y + CARDS_DY
        if isinstance(view, SpitView):
            _naive_spit_seat(image, view, seat, top)
        else:
            _naive_speed_seat(image, view, seat, top + STACK // 2)
    for pile, x in zip(CENTRE_PILES, centre_x(), strict=True):
        box = _box(x, CENTRE_TOP, CENTRE_CARD)
        card = view.centre[pile]
        if card is not None:
            paint_card(image, box, card)
        elif isinstance(view, SpeedView) and view.stage is Stage.START:
            paint_back(image, box, None)
        else:
            paint_slot(image, box, None)
        caption = f"{'left' if pile == 0 else 'right'} · {view.centre_sizes[pile]}"
        _centred(image, x + CENTRE_CARD[0] // 2, CENTRE_TOP + CENTRE_CARD[1] + 4, caption, LABEL_SIZE, DIM)
    if isinstance(view, SpeedView):
        side_y = CENTRE_TOP + (CENTRE_CARD[1] - PILE_CARD[1]) // 2
        for side, x in zip(CENTRE_PILES, side_x(), strict=True):
            _back_or_slot(image, _box(x, side_y, PILE_CARD), view.side_sizes[side])
            _centred(image, x + PILE_CARD[0] // 2, side_y + PILE_CARD[1] + 4, "side", LABEL_SIZE, DIM)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def _naive_spit_seat(image: Image.Image, view: SpitView, seat: int, top: int) -> None:
    spit_x, piles_x = spit_row(view.options.piles, seat)
    caption_y = top + PILE_CARD[1] + STACK + 4
    _back_or_slot(image, _box(spit_x, top, PILE_CARD), view.spit_cards[seat])
    _centred(image, spit_x + PILE_CARD[0] // 2, caption_y, "spit", LABEL_SIZE, DIM)
    for x, pile in zip(piles_x, view.layouts[seat], strict=True):
        for under in range(min(pile.size - 1, 4), 0, -1):
            paint_back(image, _box(x, top + under * STACK_STEP, PILE_CARD), None)
        box = _box(x, top, PILE_CARD)
        if pile.top is not None:
            paint_card(image, box, pile.top)
        elif pile.size:
            paint_back(image, box, None)
        else:
            paint_slot(image, box, None)
        if pile.size:
            _centred(image, x + PILE_CARD[0] // 2, caption_y, str(pile.size), LABEL_SIZE, DIM)


def _naive_speed_seat(image: Image.Image, view: SpeedView, seat: int, top: int) -> None:
    hand_x, stock_x = speed_row()
    held = view.hand_sizes[seat]
    for index in range(max(held, 1)):
        box = _box(hand_x + index * HAND_STEP, top, PILE_CARD)
        paint_back(image, box, None) if held else paint_slot(image, box, None)
    fan = PILE_CARD[0] + (HAND - 1) * HAND_STEP
    _centred(image, hand_x + fan // 2, top + PILE_CARD[1] + 4, f"hand · {held}", LABEL_SIZE, DIM)
    _back_or_slot(image, _box(stock_x, top, PILE_CARD), view.stock_sizes[seat])
    _centred(image, stock_x + PILE_CARD[0] // 2, top + PILE_CARD[1] + 4, "stock", LABEL_SIZE, DIM)


def measure(
    name: str, ours: Callable[[View], bytes], views: Sequence[View], renders: int
) -> dict[str, object]:
    """Time ours (after one cold render and a warm-up pass) and the naive renderer; print both."""
    cold = timings(ours, views, 1)[0]
    timings(ours, views, len(views))  # every view once, so "ours" is measured with warm tiles
    mine = summary(timings(ours, views, renders))
    theirs = summary(timings(naive_table_png, views, renders))
    size_ours, size_naive = len(ours(views[0])), len(naive_table_png(views[0]))
    ratio = round(theirs["mean"] / mine["mean"], 1)
    print(
        f"{name:5}  ours  mean {mine['mean']:6.2f}  p50 {mine['p50']:6.2f}  p95 {mine['p95']:6.2f} ms"
        f"  ({size_ours // 1024} KB; first render {cold:.0f} ms)"
    )
    print(
        f"{'':5}  naive mean {theirs['mean']:6.2f}  p50 {theirs['p50']:6.2f}  p95 {theirs['p95']:6.2f} ms"
        f"  ({size_naive // 1024} KB)   ratio naive/ours {ratio}x"
    )
    return {
        "ours_ms": mine,
        "naive_ms": theirs,
        "ratio": ratio,
        "cold_ms": round(cold, 1),
        "bytes": {"ours": size_ours, "naive": size_naive},
        "views": len(views),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200, help="pictures of each game per renderer")
    args = parser.parse_args()

    def ours(view: View) -> bytes:
        return table_png(view, NAMES)

    scenes = {
        "spit": played_views(lambda seed: new_spit_game(2, SpitOptions(), seed)),
        "speed": played_views(lambda seed: new_speed_game(2, SpeedOptions(), seed)),
    }
    results = {name: measure(name, ours, views, args.renders) for name, views in scenes.items()}
    print(json.dumps({"bench": "render_spit", "renders": args.renders, **results}))


if __name__ == "__main__":
    main()
