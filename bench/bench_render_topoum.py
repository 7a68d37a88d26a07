"""How long the Topoum board picture takes: ours against a naive renderer measured in the same run.

Run: ``.venv/bin/python -m bench.bench_render_topoum [--renders N]``.

The scene is a real 4-player game played by normal AI seats; the bench takes the public view and
the last turn (:func:`engine.topoum.turns.last_turn`) after each of its turns from the fifth on,
so bases, moles, highlights and numbers change from picture to picture as they do at a table.

- *ours*: :func:`render.topoum.board_png` (the labelled board at each hex size, the Operations
  Line's frame and the legend cached, pieces and words as cached palette tiles, palette PNG at
  zlib level 1);
- *naive*: the same layout (:class:`render.topoum.BoardPlan`: where things go, which board
  window, how sentences break) drawn from scratch for every picture on an RGB canvas, every
  hex, label, piece, mark, icon and word with Pillow's drawing calls and
  :func:`render.fonts.draw_text` (sharing only what the text layer keeps anyway: loaded fonts,
  font runs, scaled emoji), saved as an RGB PNG at Pillow's default settings. Its shapes are
  drawn at 1x, without the 3x supersampling our tiles get once, so it is the cheaper picture and
  the ratio is conservative.

Each picture is draw + encode to bytes. It prints mean / p50 / p95 in milliseconds for both, the
ratio naive / ours (of the means), the first (cold-cache) render, and a one-line JSON summary.
Target on the 2-core machine: the board picture at most 15 ms.
"""

import argparse
import io
import json

from PIL import Image, ImageDraw

from bench.measure import summary, timings
from engine.hexgrid import hexagon
from engine.topoum.board import RADIUS
from engine.topoum.cards import CATEGORY, LINE_COSTS, OBSTACLE_OF, CardType
from engine.topoum.state import TopoumView
from engine.topoum.turns import TurnSummary
from render.fonts import RGB, draw_text, line_height, text_width, top_for_middle
from render.hexboard import GRID_BORDER, HexLayout, cross, midpoint, move_arrow, outline_hex, sight_line
from render.theme import BG, BUTTON, DIM, GOLD, INK, PANEL, TEXT
from render.topoum import (
    BLOCK_GAP,
    BLOCK_HEIGHT,
    BLOCK_PAD,
    BLOCK_WIDTH,
    BOARD_WIDTH,
    COST_PILL,
    ENGLISH,
    ITEM_GAP,
    LEGEND_SIZE,
    LINE_HEIGHT,
    LINE_NAME_X,
    LINE_ROWS_Y,
    MARGIN,
    MARK_RADIUS,
    NAME_SIZE,
    RIGHT_WIDTH,
    RIGHT_X,
    ROW_HEIGHT,
    SLOT_BADGE,
    SMALL_SIZE,
    STATUS_SIZE,
    TEXT_SIZE,
    WIDTH,
    BoardPlan,
    BoardWindow,
    Entry,
    board_png,
    entry_rows,
    legend_entries,
    played_views,
)
from render.topoum_pieces import (
    EMPTY,
    SEAT_COLOURS,
    paint_base,
    paint_cell,
    paint_icon,
    paint_mark,
    paint_medal,
    paint_mole,
    paint_obstacle,
)
from words.topoum import cost_text

NAMES = ("Alice", "محمد علي", "王小明 👍🏽", "Zoë the Great")
TARGET_MS = 15


# -- the naive renderer ----------------------------------------------------------------------------


def _right(image: Image.Image, x: int, y: int, text: str, size: int, fill: RGB, bold: bool = False) -> int:
    width = text_width(text, size, bold)
    draw_text(image, (x - width, y), text, size, fill, bold)
    return width


def _plate(image: Image.Image, box: tuple[int, int, int, int], text: str, fill: RGB, outline: RGB) -> None:
    """A rounded plate with text in its middle (slot numbers, costs)."""
    ImageDraw.Draw(image).rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=2)
    size = SMALL_SIZE
    x = (box[0] + box[2] - text_width(text, size, True)) // 2
    draw_text(image, (x, top_for_middle((box[1] + box[3]) // 2, size)), text, size, TEXT, True)


def _naive_board(image: Image.Image, window: BoardWindow, view: TopoumView, last: TurnSummary | None) -> None:
    """The board's window, drawn on a board-sized image (so hexes outside it are clipped) and
    pasted under the header."""
    board = Image.new("RGB", (BOARD_WIDTH, window.height), BG)
    layout: HexLayout = window.layout.moved(-MARGIN, -window.top)
    size, label_size = window.size, layout.label_size
    for hex_ in hexagon(RADIUS):
        paint_cell(board, layout.centre(hex_), size, EMPTY, GRID_BORDER)
    for cell in view.cells:
        paint_base(board, layout.centre(cell.hex), size, cell.owner, cell.neutral, GRID_BORDER)
    if last is not None:
        for line in last.lines:
            sight_line(board, layout, line.ends)
    bases = {cell.hex: cell for cell in view.cells}
    for hex_ in hexagon(RADIUS):
        colour = DIM if hex_ not in bases else INK
        x, y = layout.label_top(hex_)
        width = text_width(hex_.label, label_size, True)
        draw_text(board, (x - width // 2, y), hex_.label, label_size, colour, True)
    if last is not None:
        for hex_ in dict.fromkeys((*last.placed, *last.changed, *last.removed, *last.decorated)):
            outline_hex(board, layout, hex_)
    for cell in view.cells:
        if cell.mole is not None:
            paint_mole(board, layout.centre(cell.hex), size, cell.mole)
        elif cell.obstacle is not None:
            paint_obstacle(board, layout.centre(cell.hex), size, cell.obstacle)
    if last is not None:
        _naive_last_turn(board, layout, view, last)
    image.paste(board, (MARGIN, window.top))


def _naive_last_turn(board: Image.Image, layout: HexLayout, view: TopoumView, last: TurnSummary) -> None:
    occupied = {cell.hex for cell in view.cells if cell.mole is not None}
    for hex_ in dict.fromkeys([e.hex for e in last.eliminated] + [e.hex for e in last.captured]):
        if hex_ not in occupied:
            cross(board, layout, hex_)
    for move in last.moves:
        move_arrow(board, layout, move.origin, move.hex, move.clash)
    draw = ImageDraw.Draw(board)
    size = layout.label_size
    for line in last.lines:
        text = f"+{line.points}"
        width, height = text_width(text, size, True) + 14, line_height(size) - 2
        x, y = midpoint(layout, line.ends)
        box = (round(x - width / 2), round(y - height / 2), round(x + width / 2), round(y + height / 2))
        draw.rounded_rectangle(box, radius=height // 2, fill=GOLD, outline=INK, width=2)
        draw_text(board, (box[0] + 7, top_for_middle(round(y), size)), text, size, INK, True)


def _naive_entries(
    image: Image.Image, xy: tuple[int, int], entries: list[Entry], size: int, width: int
) -> None:
    """Symbols and words in rows, as the legend and the lines of sight are laid out."""
    draw = ImageDraw.Draw(image)
    x0, y = xy
    for row in entry_rows(entries, size, False, width):
        x = x0
        middle = y + line_height(size) // 2
        for symbol, words in row:
            radius = round(size * 0.5)
            if symbol == "medal":
                paint_medal(draw, (x + radius, middle), round(size * 0.42))
                x += 2 * radius + 6
            elif symbol is not None:
                paint_icon(draw, symbol, (x + radius, middle), radius, DIM)
                x += 2 * radius + 8
            x += draw_text(image, (x, y), words, size, DIM) + ITEM_GAP
        y += line_height(size) + 4


def _naive_header(image: Image.Image, plan: BoardPlan, view: TopoumView) -> None:
    header = plan.header
    draw = ImageDraw.Draw(image)
    x, y = MARGIN, MARGIN
    seat = view.pending.seat
    if view.outcome is None and seat is not None:
        middle = y + line_height(STATUS_SIZE) // 2
        paint_mark(draw, seat, (x + MARK_RADIUS + 2, middle), MARK_RADIUS + 2, SEAT_COLOURS[seat], INK, 2)
        x += 2 * MARK_RADIUS + 16
    for line in header.status:
        draw_text(image, (x, y), line, STATUS_SIZE, GOLD, True)
        y += line_height(STATUS_SIZE)
    y += 4
    if header.turn is not None:
        draw_text(image, (MARGIN, y), header.turn, TEXT_SIZE, DIM)
        y += line_height(TEXT_SIZE) + 2
    for line in header.scored:
        draw_text(image, (MARGIN, y), line, TEXT_SIZE, GOLD)
        y += line_height(TEXT_SIZE)
    _naive_entries(image, (MARGIN, y), list(header.sights), SMALL_SIZE, BOARD_WIDTH)


def _naive_players(image: Image.Image, top: int, view: TopoumView) -> None:
    draw = ImageDraw.Draw(image)
    labels = ENGLISH
    for player in range(view.players):
        bx, by = MARGIN, top + player * (BLOCK_HEIGHT + BLOCK_GAP)
        framed = player == view.pending.seat
        box = (bx, by, bx + BLOCK_WIDTH - 1, by + BLOCK_HEIGHT - 1)
        draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=GOLD if framed else PANEL, width=3)
        y = by + BLOCK_PAD
        middle = y + line_height(NAME_SIZE) // 2
        colour = SEAT_COLOURS[player]
        paint_mark(draw, player, (bx + BLOCK_PAD + MARK_RADIUS, middle), MARK_RADIUS, colour, INK, 2)
        right = bx + BLOCK_WIDTH - BLOCK_PAD
        right -= _right(image, right, y, str(view.badges[player]), NAME_SIZE, GOLD, True) + 6
        paint_medal(draw, (right - 12, middle), 12)
        name_x = bx + BLOCK_PAD + 2 * MARK_RADIUS + 14
        draw_text(image, (name_x, y), NAMES[player], NAME_SIZE, TEXT, True, right - 40 - name_x)
        y += line_height(NAME_SIZE) + 4
        reserve = labels.reserve.format(moles=view.mole_reserve[player], bases=view.base_reserve[player])
        draw_text(image, (bx + BLOCK_PAD, y), reserve, SMALL_SIZE, DIM)
        y += line_height(SMALL_SIZE) + 6
        x = bx + BLOCK_PAD
        for category, count in view.discards[player].by_category:
            paint_icon(draw, category, (x + 11, y + line_height(SMALL_SIZE) // 2), 11, TEXT)
            x += 28
            x += draw_text(image, (x, y), str(count), SMALL_SIZE, TEXT, True) + 18
        held = sum(view.prisoners[player])
        if held:
            _right(
                image, bx + BLOCK_WIDTH - BLOCK_PAD, y, labels.prisoners.format(count=held), SMALL_SIZE, DIM
            )


def _naive_operations(image: Image.Image, plan: BoardPlan, view: TopoumView) -> None:
    draw = ImageDraw.Draw(image)
    labels = ENGLISH
    top = plan.panel_top
    draw_text(image, (RIGHT_X, top), labels.line, TEXT_SIZE, DIM, True)
    name_x = RIGHT_X + LINE_NAME_X
    for slot, card in enumerate(view.line):
        row = top + LINE_ROWS_Y + slot * ROW_HEIGHT
        y = row + (ROW_HEIGHT - SLOT_BADGE[1]) // 2
        _plate(
            image,
            (RIGHT_X, y, RIGHT_X + SLOT_BADGE[0] - 1, y + SLOT_BADGE[1] - 1),
            str(slot + 1),
            BUTTON,
            BUTTON,
        )
        pill_x = RIGHT_X + SLOT_BADGE[0] + 8
        cost = LINE_COSTS[slot]
        outline = GOLD if cost > 0 else PANEL
        _plate(
            image,
            (pill_x, y, pill_x + COST_PILL[0] - 1, y + COST_PILL[1] - 1),
            cost_text(cost),
            PANEL,
            outline,
        )
        middle = row + ROW_HEIGHT // 2
        text_y = top_for_middle(middle, TEXT_SIZE)
        if card is None:
            draw_text(image, (name_x, text_y), labels.empty, TEXT_SIZE, DIM)
            continue
        paint_icon(draw, CATEGORY[card], (name_x + 12, middle), 12, TEXT)
        room = RIGHT_X + RIGHT_WIDTH - name_x - 36
        draw_text(image, (name_x + 36, text_y), labels.card(card), TEXT_SIZE, TEXT, True, room)
    y = top + LINE_HEIGHT
    draw_text(image, (RIGHT_X, y), labels.deck.format(count=view.deck_size), TEXT_SIZE, TEXT)
    y += line_height(TEXT_SIZE) + 4
    for line in plan.peace:
        draw_text(image, (RIGHT_X, y), line, TEXT_SIZE, GOLD if view.peace_drawn else DIM, view.peace_drawn)
        y += line_height(TEXT_SIZE)
    if view.farmer is not None and CardType.FARMER in view.card_types:
        middle = y + 4 + line_height(TEXT_SIZE) // 2
        paint_obstacle(image, (RIGHT_X + 17, middle - 8), 36, OBSTACLE_OF[view.farmer])
        text = labels.farmer.format(farmer=labels.farmer_name(view.farmer))
        draw_text(image, (RIGHT_X + 42, y + 4), text, TEXT_SIZE, TEXT)


def naive_board_png(item: tuple[TopoumView, TurnSummary | None]) -> bytes:
    """The board picture drawn from scratch: every hex, label, piece and word, every time."""
    view, last = item
    plan = BoardPlan.of(view, NAMES, ENGLISH, last)
    image = Image.new("RGB", (WIDTH, plan.height), BG)
    _naive_header(image, plan, view)
    _naive_board(image, plan.window, view, last)
    _naive_players(image, plan.panel_top, view)
    _naive_operations(image, plan, view)
    _naive_entries(
        image, (MARGIN, plan.legend_top), legend_entries(ENGLISH, "board"), LEGEND_SIZE, BOARD_WIDTH
    )
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def ours_board_png(item: tuple[TopoumView, TurnSummary | None]) -> bytes:
    view, last = item
    return board_png(view, NAMES, last_turn=last)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200, help="pictures per renderer")
    args = parser.parse_args()
    views = played_views()
    cold = timings(ours_board_png, views, 1)[0]
    timings(ours_board_png, views, len(views))  # every view once, so "ours" is measured with warm tiles
    mine = summary(timings(ours_board_png, views, args.renders))
    theirs = summary(timings(naive_board_png, views, args.renders))
    size_ours, size_naive = len(ours_board_png(views[0])), len(naive_board_png(views[0]))
    ratio = round(theirs["mean"] / mine["mean"], 1)
    heights = sorted(BoardPlan.of(view, NAMES, ENGLISH, last).height for view, last in views)
    shape = f"pictures {WIDTH} wide, {heights[0]}-{heights[-1]} high"
    print(f"scene: {len(views)} turns of a 4-player game, {shape}")
    print(
        f"board  ours  mean {mine['mean']:6.2f}  p50 {mine['p50']:6.2f}  p95 {mine['p95']:6.2f} ms"
        f"  ({size_ours // 1024} KB; first render {cold:.0f} ms)"
    )
    print(
        f"       naive mean {theirs['mean']:6.2f}  p50 {theirs['p50']:6.2f}  p95 {theirs['p95']:6.2f} ms"
        f"  ({size_naive // 1024} KB)   ratio naive/ours {ratio}x"
    )
    met = "met" if mine["mean"] <= TARGET_MS else "NOT met"
    print(f"target: board picture <= {TARGET_MS} ms: {met} (mean {mine['mean']} ms, p95 {mine['p95']} ms)")
    print(
        json.dumps(
            {
                "bench": "render_topoum",
                "renders": args.renders,
                "views": len(views),
                "ours_ms": mine,
                "naive_ms": theirs,
                "ratio": ratio,
                "target_met": mine["mean"] <= TARGET_MS,
                "cold_ms": round(cold, 1),
                "bytes": {"ours": size_ours, "naive": size_naive},
            }
        )
    )


if __name__ == "__main__":
    main()
