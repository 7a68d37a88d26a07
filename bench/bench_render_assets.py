"""How long the Cover Your Assets table picture takes: ours against a naive renderer measured in
the same run.

Run: ``.venv/bin/python -m bench.bench_render_assets [--renders N]``.

The scene is a real 6-player self-play game (:class:`engine.assets.selfplay.AssetsMatch`: AI
seats at the three levels), played from the deal to its end; the bench cycles through its
consecutive public views, so counts, top sets, challenges and totals change from picture to
picture as they do at a table.

- *ours*: :func:`render.assets.table_png` (cached palette tiles, palette PNG at zlib level 1);
- *naive*: the same layout drawn from scratch for every picture on an RGB canvas with Pillow's
  drawing calls and :func:`render.fonts.draw_text`, saved as an RGB PNG at Pillow's default
  settings. No tiles; it shares only what the text layer keeps anyway (loaded fonts, font runs,
  scaled emoji). Its cards are drawn at 1x, without the 3x supersampling our tiles get once, so
  it is the cheaper picture and the ratio is conservative.

Each picture is draw + encode to bytes. It prints mean / p50 / p95 in milliseconds for both, the
ratio naive / ours (of the means), the first (cold-cache) render, the sizes, and a one-line JSON
summary. Target on the 2-core machine: the table picture at most 10 ms.
"""

import argparse
import io
import json
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bench.measure import summary, timings
from engine.assets.cards import Asset
from engine.assets.state import AssetsView
from render.assets import (
    CAPTION_SIZE,
    DISCARD_X,
    DRAW_X,
    DUEL_CARD,
    DUEL_COLUMN,
    DUEL_HEADINGS,
    DUEL_PAD,
    DUEL_SIZE,
    ENGLISH,
    INFO_ROOM,
    LABEL_SIZE,
    MARGIN,
    NAME_SIZE,
    PILE_CARD,
    PILE_LABEL_ROOM,
    SEAT_CARD,
    SEAT_PAD,
    SET_GAP,
    STATUS_SIZE,
    WIDTH,
    answer_hint,
    duel_column_origin,
    duel_top,
    faces,
    money,
    played_views,
    seat_origin,
    seat_size,
    status,
    table_png,
    table_size,
    top_set_origin,
)
from render.assets_cards import (
    GHOST,
    MAX_GHOSTS,
    badge_size,
    fill_of,
    group_size,
    kinds,
    paint_card,
)
from render.bidi import isolate
from render.cards import paint_back, paint_slot, rounded_card
from render.fonts import RGB, draw_text, fit, line_height, text_width, top_for_middle
from render.theme import BG, BUTTON, DIM, GOLD, INK, PANEL, TEXT

NAMES = ("Alice", "محمد علي", "王小明", "Bob 👍🏽", "Zoë the Great", "Дмитрий")
LABELS = ENGLISH


# -- the naive renderer ----------------------------------------------------------------------------


def _box(x: int, y: int, size: tuple[int, int]) -> tuple[int, int, int, int]:
    return x, y, x + size[0] - 1, y + size[1] - 1


def _text(
    image: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: RGB,
    *,
    bold: bool = False,
    max_width: int | None = None,
    align: str = "left",
) -> None:
    """Draw ``text`` placed like the tiles: its left, centre or right (``align``) at ``x``."""
    if max_width is not None:
        text = fit(text, size, bold, max_width)
    width = text_width(text, size, bold)
    x = xy[0] - {"left": 0, "centre": width // 2, "right": width}[align]
    draw_text(image, (x, xy[1]), text, size, fill, bold)


def _card(image: Image.Image, xy: tuple[int, int], asset: Asset, size: tuple[int, int]) -> None:
    paint_card(image, _box(*xy, size), asset, *faces(asset, size, LABELS))


def _set(
    image: Image.Image, xy: tuple[int, int], cards: Sequence[Asset], card: tuple[int, int], gap: int
) -> None:
    """One group per kind: copies' edges, the front card, the count badge."""
    x, y = xy
    draw = ImageDraw.Draw(image)
    for asset, count in kinds(cards):
        for step in range(min(count - 1, MAX_GHOSTS), 0, -1):
            ghost = _box(x + GHOST * step, y + GHOST * (MAX_GHOSTS - step), card)
            rounded_card(draw, ghost, fill_of(asset), INK, 0.035)
        _card(image, (x, y + GHOST * MAX_GHOSTS), asset, card)
        if count > 1:
            width, height = badge_size(card)
            badge_x, badge_y = x + (card[0] - width) // 2, y + GHOST * MAX_GHOSTS + card[1] + 3
            draw.rounded_rectangle(_box(badge_x, badge_y, (width, height)), radius=height // 4, fill=BUTTON)
            size = round(height * 0.62)
            _text(
                image,
                (badge_x + width // 2, top_for_middle(badge_y + height // 2, size)),
                f"×{count}",
                size,
                TEXT,
                bold=True,
                align="centre",
            )
        x += group_size(card)[0] + gap


def naive_table_png(view: AssetsView) -> bytes:
    """The table picture drawn from scratch: every shape and string, every time."""
    duel = view.duel
    image = Image.new("RGB", table_size(view.players, duel is not None), BG)
    draw = ImageDraw.Draw(image)
    headline, colour = status(view, NAMES, LABELS, None)
    _text(
        image,
        (MARGIN, MARGIN),
        headline(isolate),
        STATUS_SIZE,
        colour,
        bold=True,
        max_width=WIDTH - 2 * MARGIN,
    )

    y = MARGIN + line_height(STATUS_SIZE) + 8
    middle = top_for_middle(y + PILE_CARD[1] // 2, LABEL_SIZE)
    paint_back(image, _box(DRAW_X, y, PILE_CARD), view.draw_size)
    _text(
        image,
        (DRAW_X + PILE_CARD[0] + 14, middle),
        LABELS.draw_pile,
        LABEL_SIZE,
        DIM,
        max_width=PILE_LABEL_ROOM,
    )
    if view.discard_top is None:
        paint_slot(image, _box(DISCARD_X, y, PILE_CARD), None)
        texts: tuple[str, ...] = (LABELS.discard_pile, LABELS.empty)
    else:
        _card(image, (DISCARD_X, y), view.discard_top, PILE_CARD)
        texts = (LABELS.discard_pile,)
    pitch = line_height(LABEL_SIZE)
    for index, text in enumerate(texts):
        text_y = middle + (2 * index - len(texts) + 1) * pitch // 2
        _text(
            image, (DISCARD_X + PILE_CARD[0] + 14, text_y), text, LABEL_SIZE, DIM, max_width=PILE_LABEL_ROOM
        )
    lines = (
        (LABELS.round.format(number=view.round_number), TEXT, True),
        (LABELS.goal.format(money=money(view.goal, LABELS)), DIM, False),
        (LABELS.dealer.format(name=isolate(NAMES[view.dealer])), DIM, False),
    )
    first = y + (PILE_CARD[1] - len(lines) * pitch) // 2
    for index, (text, fill, bold) in enumerate(lines):
        _text(
            image,
            (WIDTH - MARGIN, first + index * pitch),
            text,
            LABEL_SIZE,
            fill,
            bold=bold,
            max_width=INFO_ROOM,
            align="right",
        )

    if duel is not None:
        top = duel_top()
        draw.rounded_rectangle(_box(MARGIN, top, DUEL_SIZE), radius=16, fill=PANEL, outline=GOLD, width=4)
        hint = answer_hint(view, NAMES, LABELS, None)
        room = DUEL_SIZE[0] - 2 * DUEL_PAD
        _text(
            image,
            (MARGIN + DUEL_PAD, top + DUEL_PAD),
            hint(isolate),
            LABEL_SIZE,
            GOLD,
            bold=True,
            max_width=room,
        )
        columns = (
            (NAMES[duel.challenger], TEXT, [card for side, card in duel.shown if side == duel.challenger]),
            (NAMES[duel.defender], TEXT, [card for side, card in duel.shown if side == duel.defender]),
            (LABELS.at_stake, DIM, list(duel.stake.cards)),
        )
        for column, (heading, fill, cards) in enumerate(columns):
            x, cards_y = duel_column_origin(column)
            _text(
                image,
                (x, top + DUEL_HEADINGS),
                heading,
                LABEL_SIZE,
                fill,
                bold=True,
                max_width=DUEL_COLUMN - 12,
            )
            _set(image, (x, cards_y), cards, DUEL_CARD, 4)

    framed = view.outcome.winner if view.outcome is not None else view.to_act
    size = seat_size(view.players)
    room = size[0] - 2 * SEAT_PAD
    for seat in range(view.players):
        stack = view.stacks[seat]
        x, y = seat_origin(seat, view.players, duel is not None)
        outline = GOLD if seat == framed else PANEL
        draw.rounded_rectangle(_box(x, y, size), radius=16, fill=PANEL, outline=outline, width=4)
        seat_lines = (
            (NAMES[seat], NAME_SIZE, TEXT, True),
            (LABELS.total.format(money=money(view.totals[seat], LABELS)), LABEL_SIZE, TEXT, False),
            (LABELS.stack.format(money=money(stack.value, LABELS)), LABEL_SIZE, DIM, False),
            (LABELS.counts.format(hand=view.hand_sizes[seat], under=stack.under), CAPTION_SIZE, DIM, False),
        )
        line_y = y + SEAT_PAD
        for text, text_size, fill, bold in seat_lines:
            _text(
                image,
                (x + SEAT_PAD, line_y - (2 if bold else 0)),
                text,
                text_size,
                fill,
                bold=bold,
                max_width=room,
            )
            line_y += line_height(text_size)
        set_x, set_y = top_set_origin(seat, view.players, duel is not None)
        if stack.top is None:
            text_y = top_for_middle(set_y + group_size(SEAT_CARD)[1] // 2, LABEL_SIZE)
            _text(image, (set_x, text_y), LABELS.no_sets, LABEL_SIZE, DIM, max_width=room)
        else:
            _set(image, (set_x, set_y), stack.top.cards, SEAT_CARD, SET_GAP)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=300, help="pictures per renderer")
    args = parser.parse_args()
    views = played_views()
    challenges = sum(view.duel is not None for view in views)

    def ours(view: AssetsView) -> bytes:
        return table_png(view, NAMES, LABELS)

    cold = timings(ours, views, 1)[0]
    timings(ours, views, len(views))  # every view once, so "ours" is measured with warm tiles
    mine = summary(timings(ours, views, args.renders))
    theirs = summary(timings(naive_table_png, views, args.renders))
    ratio = round(theirs["mean"] / mine["mean"], 1)
    size_ours, size_naive = len(ours(views[len(views) // 2])), len(naive_table_png(views[len(views) // 2]))
    print(f"scene: {len(views)} views of a 6-player self-play game, {challenges} of them during a challenge")
    print(
        f"table  ours  mean {mine['mean']:6.2f}  p50 {mine['p50']:6.2f}  p95 {mine['p95']:6.2f} ms"
        f"  ({size_ours // 1024} KB; first render {cold:.0f} ms)"
    )
    print(
        f"{'':5}  naive mean {theirs['mean']:6.2f}  p50 {theirs['p50']:6.2f}  p95 {theirs['p95']:6.2f} ms"
        f"  ({size_naive // 1024} KB)   ratio naive/ours {ratio}x"
    )
    verdict = "met" if mine["mean"] <= 10 else "NOT met"
    print(f"target: table picture <= 10 ms: {verdict} (mean {mine['mean']} ms)")
    print(
        json.dumps(
            {
                "bench": "render_assets",
                "renders": args.renders,
                "views": len(views),
                "table": {
                    "ours_ms": mine,
                    "naive_ms": theirs,
                    "ratio": ratio,
                    "cold_ms": round(cold, 1),
                    "bytes": {"ours": size_ours, "naive": size_naive},
                },
            }
        )
    )


if __name__ == "__main__":
    main()
