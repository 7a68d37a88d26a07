"""How long the Topoum board picture takes: ours against a naive renderer measured in the same run.

Run: ``.venv/bin/python -m bench.bench_render_topoum [--renders N]``.

The scene is a real 4-player game played by normal AI seats; the bench takes the public view and
the last turn (:func:`engine.topoum.turns.last_turn`) after each of its turns from the fifth on,
so bases, moles, highlights and numbers change from picture to picture as they do at a table.

- *ours*: :func:`render.topoum.board_png` (the labelled grid and the panel's fixed words cached,
  pieces and words as cached palette tiles, palette PNG at zlib level 1);
- *naive*: the same layout drawn from scratch for every picture on an RGB canvas, every hex,
  label, piece, mark, icon and word with Pillow's drawing calls and
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
from engine.ai import Level
from engine.hexgrid import hexagon
from engine.rng import Rng, derive_seed
from engine.topoum.ai import TopoumAI
from engine.topoum.board import RADIUS
from engine.topoum.cards import CATEGORY, LINE_COSTS, OBSTACLE_OF, CardType
from engine.topoum.events import Event
from engine.topoum.state import TopoumView, new_game
from engine.topoum.turns import TurnSummary, last_turn
from render.fonts import RGB, draw_text, line_height, text_width, top_for_middle
from render.hexboard import GRID_BORDER, LABEL_SIZE, cross, midpoint, move_arrow, outline_hex, sight_line
from render.theme import BG, BUTTON, DIM, GOLD, INK, PANEL, TEXT
from render.topoum import (
    BLOCK_HEIGHT,
    BLOCK_PAD,
    BOARD,
    COST_PILL,
    ENGLISH,
    HEX_SIZE,
    MARK_RADIUS,
    NAME_SIZE,
    ROW_HEIGHT,
    SIDE_WIDTH,
    SIDE_X,
    SLOT_BADGE,
    SMALL_SIZE,
    STATUS_SIZE,
    TEXT_SIZE,
    Side,
    board_png,
    board_size,
    cost_text,
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

NAMES = ("Alice", "محمد علي", "王小明 👍🏽", "Zoë the Great")
PLAYERS = 4
TARGET_MS = 15


def scene(seed: int = 2024, skip: int = 5) -> list[tuple[TopoumView, TurnSummary | None]]:
    """The public view and the last turn after every turn of an AI-played 4-player game, from
    turn ``skip`` on."""
    state = new_game(PLAYERS, seed=seed)
    ais = [TopoumAI(Level.NORMAL, Rng.from_seed(derive_seed(seed, "ai", seat))) for seat in range(PLAYERS)]
    events: list[Event] = []
    views: list[tuple[TopoumView, TurnSummary | None]] = []
    turn = state.turn
    while state.outcome is None:
        choice = ais[state.current].choose(state, state.current)
        assert choice is not None
        events += state.apply(choice.action)
        if state.turn != turn or state.outcome is not None:
            turn = state.turn
            if turn > skip:
                views.append((state.view(), last_turn(events)))
    return views


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


def _naive_board(image: Image.Image, view: TopoumView, last: TurnSummary | None) -> None:
    for hex_ in hexagon(RADIUS):
        paint_cell(image, BOARD.centre(hex_), HEX_SIZE, EMPTY, GRID_BORDER)
    for cell in view.cells:
        paint_base(image, BOARD.centre(cell.hex), HEX_SIZE, cell.owner, cell.neutral, GRID_BORDER)
    if last is not None:
        for line in last.lines:
            sight_line(image, BOARD, line.ends)
    bases = {cell.hex: cell for cell in view.cells}
    for hex_ in hexagon(RADIUS):
        cell = bases.get(hex_)
        colour = DIM if cell is None else INK
        x, y = BOARD.label_top(hex_, LABEL_SIZE)
        draw_text(
            image,
            (x - text_width(hex_.label, LABEL_SIZE, True) // 2, y),
            hex_.label,
            LABEL_SIZE,
            colour,
            True,
        )
    if last is not None:
        for hex_ in dict.fromkeys((*last.placed, *last.changed, *last.removed, *last.decorated)):
            outline_hex(image, BOARD, hex_)
    for cell in view.cells:
        if cell.mole is not None:
            paint_mole(image, BOARD.centre(cell.hex), HEX_SIZE, cell.mole)
        elif cell.obstacle is not None:
            paint_obstacle(image, BOARD.centre(cell.hex), HEX_SIZE, cell.obstacle)
    if last is None:
        return
    occupied = {cell.hex for cell in view.cells if cell.mole is not None}
    for hex_ in dict.fromkeys([e.hex for e in last.eliminated] + [e.hex for e in last.captured]):
        if hex_ not in occupied:
            cross(image, BOARD, hex_)
    for move in last.moves:
        move_arrow(image, BOARD, move.origin, move.hex, move.clash)
    draw = ImageDraw.Draw(image)
    for line in last.lines:
        text = f"+{line.points}"
        width, height = text_width(text, SMALL_SIZE, True) + 14, line_height(SMALL_SIZE) - 2
        x, y = midpoint(BOARD, line.ends)
        box = (round(x - width / 2), round(y - height / 2), round(x + width / 2), round(y + height / 2))
        draw.rounded_rectangle(box, radius=height // 2, fill=GOLD, outline=INK, width=2)
        draw_text(image, (box[0] + 7, top_for_middle(round(y), SMALL_SIZE)), text, SMALL_SIZE, INK, True)


def _naive_side(image: Image.Image, view: TopoumView, last: TurnSummary | None) -> None:
    draw = ImageDraw.Draw(image)
    side = Side.of(view.players)
    labels = ENGLISH
    seat = view.pending.seat
    x = SIDE_X
    if view.outcome is None and seat is not None:
        middle = side.status_y + line_height(STATUS_SIZE) // 2
        paint_mark(draw, seat, (x + MARK_RADIUS + 2, middle), MARK_RADIUS + 2, SEAT_COLOURS[seat], INK, 2)
        x += 2 * MARK_RADIUS + 16
        status = labels.to_play.format(name=NAMES[seat])
    else:
        status = labels.over
    draw_text(image, (x, side.status_y), status, STATUS_SIZE, GOLD, True, SIDE_X + SIDE_WIDTH - x)
    draw_text(image, (SIDE_X, side.turn_y), labels.turn.format(turn=view.turn), TEXT_SIZE, DIM)
    if last is not None and last.points:
        text = labels.scored.format(name=NAMES[last.seat], points=last.points)
        draw_text(image, (SIDE_X, side.scored_y), text, TEXT_SIZE, GOLD, False, SIDE_WIDTH)
        listed = " · ".join(
            f"{line.ends[0].label}\u2013{line.ends[1].label} +{line.points}" for line in last.lines
        )
        draw_text(image, (SIDE_X, side.lines_y), listed, SMALL_SIZE, DIM, False, SIDE_WIDTH)
    for player in range(view.players):
        bx, by = side.block_origin(player)
        framed = player == seat
        box = (bx, by, bx + SIDE_WIDTH - 1, by + BLOCK_HEIGHT - 1)
        draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=GOLD if framed else PANEL, width=3)
        y = by + BLOCK_PAD
        middle = y + line_height(NAME_SIZE) // 2
        colour = SEAT_COLOURS[player]
        paint_mark(draw, player, (bx + BLOCK_PAD + MARK_RADIUS, middle), MARK_RADIUS, colour, INK, 2)
        right = bx + SIDE_WIDTH - BLOCK_PAD
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
            paint_icon(draw, category, (x + 10, y + line_height(SMALL_SIZE) // 2), 10, TEXT)
            x += 26
            x += draw_text(image, (x, y), str(count), SMALL_SIZE, TEXT, True) + 18
        held = sum(view.prisoners[player])
        if held:
            _right(
                image, bx + SIDE_WIDTH - BLOCK_PAD, y, labels.prisoners.format(count=held), SMALL_SIZE, DIM
            )
    draw_text(image, (SIDE_X, side.line_y), labels.line, TEXT_SIZE, DIM, True)
    name_x = SIDE_X + SLOT_BADGE[0] + 8 + COST_PILL[0] + 12
    for slot, card in enumerate(view.line):
        row = side.row_y(slot)
        y = row + (ROW_HEIGHT - SLOT_BADGE[1]) // 2
        _plate(
            image,
            (SIDE_X, y, SIDE_X + SLOT_BADGE[0] - 1, y + SLOT_BADGE[1] - 1),
            str(slot + 1),
            BUTTON,
            BUTTON,
        )
        pill_x = SIDE_X + SLOT_BADGE[0] + 8
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
        draw_text(
            image,
            (name_x + 36, text_y),
            labels.card(card),
            TEXT_SIZE,
            TEXT,
            True,
            SIDE_X + SIDE_WIDTH - name_x - 36,
        )
    draw_text(image, (SIDE_X, side.deck_y), labels.deck.format(count=view.deck_size), TEXT_SIZE, TEXT)
    if view.peace_drawn and view.last_seat is not None:
        peace = labels.peace.format(name=NAMES[view.last_seat])
        draw_text(image, (SIDE_X, side.peace_y), peace, TEXT_SIZE, GOLD, True, SIDE_WIDTH)
    else:
        draw_text(image, (SIDE_X, side.peace_y), labels.peace_waiting, TEXT_SIZE, DIM)
    if view.farmer is not None and CardType.FARMER in view.card_types:
        middle = side.farmer_y + line_height(TEXT_SIZE) // 2
        paint_obstacle(image, (SIDE_X + 17, middle - 8), 36, OBSTACLE_OF[view.farmer])
        text = labels.farmer.format(farmer=labels.farmer_name(view.farmer))
        draw_text(image, (SIDE_X + 42, side.farmer_y), text, TEXT_SIZE, TEXT)


def naive_board_png(item: tuple[TopoumView, TurnSummary | None]) -> bytes:
    """The board picture drawn from scratch: every hex, label, piece and word, every time."""
    view, last = item
    image = Image.new("RGB", board_size(view.players), BG)
    _naive_board(image, view, last)
    _naive_side(image, view, last)
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
    views = scene()
    cold = timings(ours_board_png, views, 1)[0]
    timings(ours_board_png, views, len(views))  # every view once, so "ours" is measured with warm tiles
    mine = summary(timings(ours_board_png, views, args.renders))
    theirs = summary(timings(naive_board_png, views, args.renders))
    size_ours, size_naive = len(ours_board_png(views[0])), len(naive_board_png(views[0]))
    ratio = round(theirs["mean"] / mine["mean"], 1)
    width, height = board_size(PLAYERS)
    print(f"scene: {len(views)} turns of a 4-player game, pictures of {width}x{height}")
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
