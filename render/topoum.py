"""The Topoum pictures: the board after every turn, a player's hand, and the end of the game.

Each is a pure function of the engine's view (:class:`~engine.topoum.state.TopoumView`) and,
for the board, the last turn (:class:`~engine.topoum.turns.TurnSummary`), plus what the engine
does not know: the players' names and the words (:class:`~words.topoum.Labels`; the caller takes
them from the message catalogue, ``topoum.picture.<field>``).

**Sized for a phone.** Discord shows a picture about 450 pixels wide on a phone, so every
picture is about 1000 pixels wide and no text in it is smaller than :data:`MIN_TEXT` (25), which
is 11 pixels high there, nor a mark that carries meaning smaller than :data:`MIN_MARK` (a base's
owner mark on the smallest hexes is 25.8 across on the 968-wide board, 11.5 on the phone). The
board picture is tall rather than wide, for a phone's narrow column:
whose turn it is on top, then the board, then the players beside the Operations Line, then a
legend of the symbols that carry no words (the medal, the category icons, the line's costs).

**The board is cropped to what matters** (:func:`board_window`): every hex within
:func:`reach` of the battlefield, which holds every hex a menu of this moment can name (menus
name hexes by the labels drawn on every hex), and every hex the last turn touched, with half a
hex more around them. The fewer hexes that shows, the bigger they are drawn (:data:`HEX_SIZES`),
and labels grow with them; the whole board still fits at the smallest size with labels 24 high.
On the board the last turn's moves are arrows, eliminations crosses, hexes where something
arrived, changed or left are ringed in gold, and new lines of sight are drawn gold with their
points.

**Sentences with names** (:func:`sentence_lines`) never cut one of their own words: a name is
shortened with an ellipsis, or the sentence goes on a second line, whichever keeps more of it.

Speed: the empty labelled board at each hex size, the Operations Line's frame and the legend
are drawn once and cached; pieces, cards, marks and words are cached palette tiles
(:mod:`render.topoum_pieces`, :mod:`render.canvas`), so a picture is a crop, some pastes, a few
lines and a fast PNG encode.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Literal

from PIL import Image

from engine.hexgrid import Hex, hexagon
from engine.topoum.board import RADIUS
from engine.topoum.cards import (
    CATEGORY,
    HAND_SIZE,
    LINE_COSTS,
    LINE_SLOTS,
    OBSTACLE_OF,
    CardType,
    Category,
)
from engine.topoum.state import Stage, TopoumView
from engine.topoum.turns import TurnSummary
from render.bidi import isolate
from render.canvas import badge, encode, paste_text, rounded_tile
from render.fonts import MIN_TEXT, RGB, fit, line_height, text_width, top_for_middle, wrap_or_cut
from render.hexboard import (
    GRID_BORDER,
    HexLayout,
    board_layout,
    cross,
    grid,
    label_size,
    midpoint,
    move_arrow,
    outline_hex,
    paste_label,
    sight_line,
)
from render.legibility import OPENED, Render, SampledPicture, Scene, Shown
from render.theme import BG, DIM, GOLD, INK, PANEL, TEXT
from render.topoum_pieces import (
    NEUTRAL,
    PALETTE,
    SEAT_COLOURS,
    SQRT3,
    Tile,
    base_tile,
    card_tile,
    cell_mask,
    icon_tile,
    mark_tile,
    medal_tile,
    mole_tile,
    obstacle_icon,
    obstacle_tile,
    slot_tile,
)
from words.topoum import Labels, cost_text

ENGLISH = Labels()

MARGIN = 24
HEX_SIZES = (46, 54, 64, 76)
"""The hex sizes a board picture may use, smallest first: the smallest shows the whole board,
the others fewer hexes bigger. Few sizes, so the empty boards and piece tiles stay cached."""
BOARD_WIDTH, BOARD_HEIGHT = board_layout(HEX_SIZES[0], RADIUS).extent
"""The board's room in the picture: the whole board at the smallest hexes."""
WIDTH = BOARD_WIDTH + 2 * MARGIN
PHONE_WIDTH = 450
"""How wide Discord shows a picture on a phone."""
MIN_MARK = 26
"""The smallest mark (a player's, a category's icon, the medal) across: 11.7 pixels on a phone."""
PEEK = 0.5
"""How much board, in hex sizes, is shown beyond the hexes that matter: enough to see that
the board goes on."""

PANEL_GAP = 12
"""Between the board and the panel under it, and between the panel and the legend."""
COLUMN_GAP = 20
BLOCK_WIDTH = 426
"""The players' column, left under the board."""
RIGHT_X = MARGIN + BLOCK_WIDTH + COLUMN_GAP
RIGHT_WIDTH = WIDTH - MARGIN - RIGHT_X
"""The Operations Line's column, right under the board."""

STATUS_SIZE = 32
NAME_SIZE = 28
TEXT_SIZE = MIN_TEXT
SMALL_SIZE = MIN_TEXT
MARK_RADIUS = MIN_MARK // 2
LEGEND_SIZE = MIN_TEXT

BLOCK_PAD = 12
BLOCK_HEIGHT = 2 * BLOCK_PAD + line_height(NAME_SIZE) + 4 + 2 * line_height(SMALL_SIZE) + 6
BLOCK_GAP = 10
ROW_HEIGHT = 50
SLOT_BADGE = (44, 41)
"""A slot's number as a button's badge: its text (0.62 of the height) at :data:`MIN_TEXT`."""
COST_PILL = (58, 41)
ITEM_GAP = 22
"""Between the entries of a legend or a count row."""


def _put(
    canvas: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fg: RGB,
    bg: RGB,
    *,
    bold: bool = False,
    max_width: int | None = None,
    align: str = "left",
) -> int:
    """:func:`render.canvas.paste_text` in this picture's palette."""
    return paste_text(PALETTE, canvas, xy, text, size, fg, bg, bold=bold, max_width=max_width, align=align)


def _put_lines(
    canvas: Image.Image, xy: tuple[int, int], lines: Sequence[str], size: int, fg: RGB, bg: RGB, bold: bool
) -> int:
    """Lines one under the other from ``xy``; returns the height used."""
    x, y = xy
    for line in lines:
        _put(canvas, (x, y), line, size, fg, bg, bold=bold)
        y += line_height(size)
    return y - xy[1]


def _cost_pill(cost: int, bg: RGB) -> Image.Image:
    """A slot's cost on a small plate, edged in gold where taking the card gains badges."""
    pill = rounded_tile(PALETTE, COST_PILL, PANEL, GOLD if cost > 0 else PANEL, 2, 10, bg).copy()
    y = top_for_middle(COST_PILL[1] // 2, SMALL_SIZE)
    _put(pill, (COST_PILL[0] // 2, y), cost_text(cost), SMALL_SIZE, TEXT, PANEL, bold=True, align="centre")
    return pill


def _check_seats(view: TopoumView, names: Sequence[str]) -> None:
    if len(names) != view.players:
        raise ValueError(f"{len(names)} names for {view.players} seats")


# -- sentences with names --------------------------------------------------------------------------

NAME_SLOTS = tuple(chr(0xE000 + index) for index in range(8))
"""Private-use characters that stand for the names in a sentence while it is broken into lines
(templates never contain them); :func:`sentence_lines` puts the names in their place."""


def _lines(tokens: Sequence[str], size: int, bold: bool, width: int, lines: int) -> tuple[str, ...] | None:
    """``tokens`` on one line, or on two broken where the longer line is shortest (so a long name
    keeps the words around it company: "Setup: <name>" / "places a base"); None if they do not
    fit in ``lines`` lines of ``width``."""
    whole = " ".join(tokens)
    if text_width(whole, size, bold) <= width:
        return (whole,)
    if lines < 2:
        return None
    splits = [(" ".join(tokens[:cut]), " ".join(tokens[cut:])) for cut in range(1, len(tokens))]
    widths = [max(text_width(part, size, bold) for part in split) for split in splits]
    fitting = [(used, split) for used, split in zip(widths, splits, strict=True) if used <= width]
    return min(fitting)[1] if fitting else None


def _filled(
    words: Sequence[str], names: Sequence[str], room: int, size: int, bold: bool, width: int, lines: int
) -> tuple[str, ...] | None:
    """``words`` with each name cut to ``room`` pixels, on at most ``lines`` (one or two) lines
    of ``width``; None if they do not fit that way."""
    shown = [isolate(fit(name, size, bold, room)) for name in names]
    tokens = []
    for word in words:
        for slot, name in zip(NAME_SLOTS, shown, strict=False):
            word = word.replace(slot, name)
        tokens.append(word)
    return _lines(tokens, size, bold, width, lines)


@lru_cache(maxsize=1024)
def sentence_lines(
    pattern: str, names: tuple[str, ...], size: int, bold: bool, width: int, max_lines: int = 2
) -> tuple[str, ...]:
    """``pattern``, a sentence in which ``NAME_SLOTS[i]`` stands for ``names[i]``, broken at its
    spaces into one line or (``max_lines`` 2) two no wider than ``width``, so that none of the
    sentence's own words is ever cut: the names whole on as few lines as possible, or else
    each name shortened with an ellipsis as little as the lines allow."""
    words = pattern.split()
    widest = max((text_width(name, size, bold) for name in names), default=0)
    for lines in range(1, max_lines + 1):
        whole = _filled(words, names, widest, size, bold, width, lines)
        if whole is not None:
            return whole
    best = _filled(words, names, 0, size, bold, width, max_lines)
    if best is None:  # the words alone are too long: never with our words and widths
        return wrap_or_cut(" ".join(words), size, bold, width, max_lines)
    low, high = 0, widest
    while low < high:
        middle = (low + high + 1) // 2
        found = _filled(words, names, middle, size, bold, width, max_lines)
        if found is None:
            high = middle - 1
        else:
            low, best = middle, found
    return best


def _named(template: str, **values: object) -> str:
    """``template`` (with a ``{name}`` field) as a :func:`sentence_lines` pattern."""
    return template.format(name=NAME_SLOTS[0], **values)


# -- legends and rows of symbols -------------------------------------------------------------------

Symbol = Category | Literal["medal"] | None
"""What stands before a legend entry: a category's icon, the badges' medal, or nothing."""
Entry = tuple[Symbol, str]


def _mark_radius(size: int) -> int:
    """A symbol's radius beside text of ``size``: about half its height, never under the
    smallest mark's."""
    return max(MARK_RADIUS, round(size * 0.5))


def _symbol_tile(symbol: Symbol, size: int, bg: RGB, colour: RGB) -> Image.Image | None:
    """The picture of ``symbol`` at a text ``size`` (None for no symbol)."""
    if symbol is None:
        return None
    if symbol == "medal":
        return medal_tile(_mark_radius(size), bg)
    return icon_tile(symbol, _mark_radius(size), bg, colour)


def _entry_width(entry: Entry, size: int, bold: bool) -> int:
    icon = _symbol_tile(entry[0], size, BG, TEXT)
    return (icon.width + 6 if icon is not None else 0) + text_width(entry[1], size, bold)


def entry_rows(entries: Sequence[Entry], size: int, bold: bool, width: int) -> list[list[Entry]]:
    """``entries`` filled left to right into rows no wider than ``width`` (an entry is never
    split; one wider than a row has a row of its own and is cut)."""
    rows: list[list[Entry]] = []
    used = 0
    for entry in entries:
        needed = _entry_width(entry, size, bold)
        if rows and used + ITEM_GAP + needed <= width:
            rows[-1].append(entry)
            used += ITEM_GAP + needed
        else:
            rows.append([entry])
            used = needed
    return rows


def entries_height(entries: Sequence[Entry], size: int, bold: bool, width: int) -> int:
    """The height :func:`_paste_entries` uses for ``entries``."""
    return len(entry_rows(entries, size, bold, width)) * (line_height(size) + 4)


def _paste_entries(
    canvas: Image.Image,
    xy: tuple[int, int],
    entries: Sequence[Entry],
    size: int,
    colours: tuple[RGB, RGB],
    bold: bool,
    width: int,
) -> int:
    """``entries`` (symbol and words) in rows from ``xy``, symbols in ``colours[0]`` and words in
    ``colours[1]`` on the canvas's ``BG``; returns the height used."""
    x0, y = xy
    rows = entry_rows(entries, size, bold, width)
    for row in rows:
        x = x0
        middle = y + line_height(size) // 2
        for symbol, words in row:
            icon = _symbol_tile(symbol, size, BG, colours[0])
            if icon is not None:
                canvas.paste(icon, (x, middle - icon.height // 2))
                x += icon.width + 6
            room = x0 + width - x
            x += _put(canvas, (x, y), words, size, colours[1], BG, bold=bold, max_width=room) + ITEM_GAP
        y += line_height(size) + 4
    return y - xy[1]


def _category_entries(labels: Labels) -> list[Entry]:
    return [(category, labels.category(category)) for category in Category]


def _cost_entry(labels: Labels) -> Entry:
    return None, labels.legend_cost.format(low=cost_text(LINE_COSTS[0]), high=cost_text(LINE_COSTS[-1]))


def legend_entries(labels: Labels, kind: Literal["board", "hand", "results"]) -> list[Entry]:
    """What a picture's wordless symbols mean, in the viewer's words: the medal (badges), the
    category icons of the discard counts, the Operations Line's costs; each picture lists
    those it shows."""
    entries: list[Entry] = []
    if kind != "results":
        entries.append(("medal", labels.legend_badges))
    if kind != "hand":
        entries += [(None, labels.legend_discards), *_category_entries(labels)]
    if kind != "results":
        entries.append(_cost_entry(labels))
    return entries


@lru_cache(maxsize=16)
def _legend(labels: Labels, kind: Literal["board", "hand", "results"], width: int) -> Image.Image:
    """:func:`legend_entries` in rows of ``width``, cached per language."""
    entries = legend_entries(labels, kind)
    tile = PALETTE.canvas((width, entries_height(entries, LEGEND_SIZE, False, width)), BG)
    _paste_entries(tile, (0, 0), entries, LEGEND_SIZE, (DIM, DIM), False, width)
    return tile


# -- the board's window --------------------------------------------------------------------------


def reach(view: TopoumView) -> int:
    """How far from the battlefield a menu of this moment may name a hex, in hexes: each
    confirmed step redraws the board, and within a step a player may place next to the
    battlefield (1), play from there a card that puts a base or moves next to that (2), and
    before all that, with no mole on the board, place one more base with a mole (3)."""
    seat = view.pending.seat
    if view.pending.stage in (Stage.SETUP_BASE, Stage.SETUP_MOLE) or seat is None:
        return 1
    return 2 if any(cell.mole == seat for cell in view.cells) else 3


def _last_hexes(last: TurnSummary | None) -> set[Hex]:
    """Every hex the last turn marks on the board."""
    if last is None:
        return set()
    hexes = {*last.placed, *last.changed, *last.removed, *last.decorated}
    hexes |= {event.hex for event in last.eliminated} | {event.hex for event in last.captured}
    hexes |= {hex_ for move in last.moves for hex_ in (move.origin, move.hex)}
    hexes |= {hex_ for line in last.lines for hex_ in line.ends}
    return hexes


def shown_hexes(view: TopoumView, last: TurnSummary | None) -> set[Hex]:
    """The hexes the board picture must show whole: within :func:`reach` of a base (or of the
    centre before the first base), and whatever the last turn marked."""
    board = set(hexagon(RADIUS))
    hexes = {cell.hex for cell in view.cells} or {Hex(0, 0)}
    for _ in range(reach(view)):
        hexes |= {hex_.neighbour(direction) for hex_ in hexes for direction in range(6)} & board
    return hexes | _last_hexes(last)


@dataclass(frozen=True, slots=True)
class BoardWindow:
    """The part of the board a picture shows: hexes of ``size``, the box ``crop`` of
    :func:`~render.hexboard.grid` at that size, put at ``(MARGIN, top)``."""

    size: int
    crop: tuple[int, int, int, int]
    top: int

    @property
    def height(self) -> int:
        return self.crop[3] - self.crop[1]

    @property
    def layout(self) -> HexLayout:
        """Where hexes are in the picture."""
        return board_layout(self.size, RADIUS).moved(MARGIN - self.crop[0], self.top - self.crop[1])

    def shows(self, hex_: Hex) -> bool:
        """Whether all of ``hex_`` is in the picture (a pixel of rounding allowed)."""
        x, y = self.layout.centre(hex_)
        half_height = self.size * SQRT3 / 2
        return (
            MARGIN - 1 <= x - self.size < x + self.size <= MARGIN + BOARD_WIDTH + 1
            and self.top - 1 <= y - half_height < y + half_height <= self.top + self.height + 1
        )


def board_window(view: TopoumView, last: TurnSummary | None, top: int) -> BoardWindow:
    """The biggest hexes at which :func:`shown_hexes` (and :data:`PEEK` around them) fit the
    board's room, and the box around them, as wide as the room (more board to the sides)."""
    hexes = shown_hexes(view, last)
    xs = [1.5 * hex_.q for hex_ in hexes]
    ys = [SQRT3 * (hex_.r + hex_.q / 2) for hex_ in hexes]
    half_width, half_height = 1.5 * RADIUS + 1, (RADIUS + 0.5) * SQRT3
    left, right = max(-half_width, min(xs) - 1 - PEEK), min(half_width, max(xs) + 1 + PEEK)
    up, down = max(-half_height, min(ys) - SQRT3 / 2 - PEEK), min(half_height, max(ys) + SQRT3 / 2 + PEEK)
    size = max(
        size
        for size in HEX_SIZES
        if (right - left) * size <= BOARD_WIDTH and (down - up) * size <= BOARD_HEIGHT
    )
    ox, oy = board_layout(size, RADIUS).origin
    full_width, full_height = grid(size, RADIUS).size
    x0 = min(max(0, round(ox + (left + right) / 2 * size - BOARD_WIDTH / 2)), full_width - BOARD_WIDTH)
    y0, y1 = max(0, math.floor(oy + up * size)), min(full_height, math.ceil(oy + down * size))
    return BoardWindow(size, (x0, y0, x0 + BOARD_WIDTH, y1), top)


# -- the board -----------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def whole_hexes(window: BoardWindow) -> Image.Image:
    """The mask of the hexes the window shows whole (:meth:`BoardWindow.shows`), over its crop
    of the board: a hex the window's edge would cut is not drawn at all, so no label is cut."""
    mask = Image.new("1", (window.crop[2] - window.crop[0], window.height), 0)
    cell, layout = cell_mask(window.size), window.layout.moved(-MARGIN, -window.top)
    for hex_ in hexagon(RADIUS):
        if window.shows(hex_):
            mask.paste(cell, layout.tile_origin(hex_), cell)
    return mask


def _draw_board(canvas: Image.Image, window: BoardWindow, view: TopoumView, last: TurnSummary | None) -> None:
    """The window's whole hexes of the empty board, bases, then the new lines of sight (under
    labels and moles), labels, gold rings, pieces, crosses and arrows, and each line's points on
    top."""
    canvas.paste(grid(window.size, RADIUS).crop(window.crop), (MARGIN, window.top), whole_hexes(window))
    layout, size = window.layout, window.size
    mask = cell_mask(size)
    for cell in view.cells:
        canvas.paste(
            base_tile(size, cell.owner, cell.neutral, GRID_BORDER), layout.tile_origin(cell.hex), mask
        )
    if last is not None:
        for line in last.lines:
            sight_line(canvas, layout, line.ends)
    for cell in view.cells:
        paste_label(canvas, layout, cell.hex, NEUTRAL if cell.neutral else SEAT_COLOURS[cell.owner])
    if last is not None:
        for hex_ in dict.fromkeys((*last.placed, *last.changed, *last.removed, *last.decorated)):
            outline_hex(canvas, layout, hex_)
    occupied = set()
    for cell in view.cells:
        if cell.mole is not None:
            occupied.add(cell.hex)
            image, piece_mask = mole_tile(size, cell.mole)
        elif cell.obstacle is not None:
            image, piece_mask = obstacle_tile(size, cell.obstacle)
        else:
            continue
        canvas.paste(image, layout.tile_origin(cell.hex), piece_mask)
    if last is None:
        return
    gone = [e.hex for e in last.eliminated] + [e.hex for e in last.captured]
    for hex_ in dict.fromkeys(gone):
        if hex_ not in occupied:
            cross(canvas, layout, hex_)
    for move in last.moves:
        move_arrow(canvas, layout, move.origin, move.hex, move.clash)
    for line in last.lines:
        bubble, outline = _points_bubble(f"+{line.points}", label_size(size))
        x, y = midpoint(layout, line.ends)
        canvas.paste(bubble, (round(x - bubble.width / 2), round(y - bubble.height / 2)), outline)


@lru_cache(maxsize=64)
def _points_bubble(text: str, size: int) -> Tile:
    """A line of sight's points: dark figures on a gold pill with a dark edge, and the mask of
    the pill (its corners show what lies under them)."""
    box = (text_width(text, size, True) + 14, line_height(size) - 2)
    tile = rounded_tile(PALETTE, box, GOLD, INK, 2, box[1] // 2, BG).copy()
    y = top_for_middle(box[1] // 2, size)
    _put(tile, (box[0] // 2, y), text, size, INK, GOLD, bold=True, align="centre")
    outside = PALETTE.index(BG)
    return tile, tile.point([0 if index == outside else 1 for index in range(256)], "1")


# -- the words above the board -------------------------------------------------------------------


def _status_lines(view: TopoumView, names: Sequence[str], labels: Labels, width: int) -> tuple[str, ...]:
    """The headline: who is to play (or to place a base during setup), or that the game is over."""
    seat = view.pending.seat
    if view.outcome is not None or seat is None:
        return (labels.over,)
    setup = view.pending.stage in (Stage.SETUP_BASE, Stage.SETUP_MOLE)
    pattern = _named(labels.setup if setup else labels.to_play)
    return sentence_lines(pattern, (names[seat],), STATUS_SIZE, True, width)


@dataclass(frozen=True, slots=True)
class Header:
    """The words above the board: the headline's lines, the turn, and the last turn's lines of
    sight (the sentence and each line with its points)."""

    status: tuple[str, ...]
    turn: str | None
    scored: tuple[str, ...]
    sights: tuple[Entry, ...]

    @classmethod
    def of(cls, view: TopoumView, names: Sequence[str], labels: Labels, last: TurnSummary | None) -> "Header":
        scored: tuple[str, ...] = ()
        sights: tuple[Entry, ...] = ()
        if last is not None and last.points:
            pattern = _named(labels.scored, points=last.points)
            scored = sentence_lines(pattern, (names[last.seat],), TEXT_SIZE, False, BOARD_WIDTH)
            sights = tuple(
                (None, f"{a.label}\u2013{b.label} +{line.points}")
                for line in last.lines
                for a, b in [line.ends]
            )
        return cls(
            status=_status_lines(view, names, labels, BOARD_WIDTH - 2 * MARK_RADIUS - 16),
            turn=labels.turn.format(turn=view.turn) if view.turn else None,
            scored=scored,
            sights=sights,
        )

    @property
    def height(self) -> int:
        height = len(self.status) * line_height(STATUS_SIZE) + 4
        if self.turn is not None:
            height += line_height(TEXT_SIZE) + 2
        height += len(self.scored) * line_height(TEXT_SIZE)
        if self.sights:
            height += len(entry_rows(self.sights, SMALL_SIZE, False, BOARD_WIDTH)) * (
                line_height(SMALL_SIZE) + 4
            )
        return height + 12

    def draw(self, canvas: Image.Image, view: TopoumView) -> None:
        x, y = MARGIN, MARGIN
        if view.outcome is None and view.pending.seat is not None:
            mark = mark_tile(view.pending.seat, MARK_RADIUS + 2, BG)
            canvas.paste(mark, (x, y + (line_height(STATUS_SIZE) - mark.height) // 2))
            x += mark.width + 10
        y += _put_lines(canvas, (x, y), self.status, STATUS_SIZE, GOLD, BG, True) + 4
        if self.turn is not None:
            _put(canvas, (MARGIN, y), self.turn, TEXT_SIZE, DIM, BG)
            y += line_height(TEXT_SIZE) + 2
        y += _put_lines(canvas, (MARGIN, y), self.scored, TEXT_SIZE, GOLD, BG, False)
        _paste_entries(canvas, (MARGIN, y), self.sights, SMALL_SIZE, (DIM, DIM), False, BOARD_WIDTH)


# -- the panel under the board -------------------------------------------------------------------


def _paste_badges(canvas: Image.Image, right: int, top: int, count: int, size: int, bg: RGB) -> int:
    """A badge count as a medal and a gold number ending at ``right``; returns the width used."""
    width = _put(canvas, (right, top), str(count), size, GOLD, bg, bold=True, align="right")
    medal = medal_tile(_mark_radius(size), bg)
    x = right - width - 6 - medal.width
    canvas.paste(medal, (x, top + (line_height(size) - medal.height) // 2))
    return right - x


@lru_cache(maxsize=512)
def _block(
    name: str,
    seat: int,
    framed: bool,
    badges: int,
    reserve: tuple[int, int],
    counts: tuple[int, ...],
    prisoners: int,
    labels: Labels,
) -> Image.Image:
    """A player's place in the panel: mark, name and badges; the reserve; the discard pile by
    category (icon and count) and the prisoners they hold. Framed in gold for the player
    everyone waits for (or a winner)."""
    outline = GOLD if framed else PANEL
    tile = rounded_tile(PALETTE, (BLOCK_WIDTH, BLOCK_HEIGHT), PANEL, outline, 3, 12, BG).copy()
    y = BLOCK_PAD
    mark = mark_tile(seat, MARK_RADIUS, PANEL)
    tile.paste(mark, (BLOCK_PAD, y + (line_height(NAME_SIZE) - mark.height) // 2))
    right = (
        BLOCK_WIDTH - BLOCK_PAD - _paste_badges(tile, BLOCK_WIDTH - BLOCK_PAD, y, badges, NAME_SIZE, PANEL)
    )
    name_x = BLOCK_PAD + mark.width + 10
    _put(tile, (name_x, y), name, NAME_SIZE, TEXT, PANEL, bold=True, max_width=right - name_x - 14)
    y += line_height(NAME_SIZE) + 4
    text = labels.reserve.format(moles=reserve[0], bases=reserve[1])
    _put(tile, (BLOCK_PAD, y), text, SMALL_SIZE, DIM, PANEL, max_width=BLOCK_WIDTH - 2 * BLOCK_PAD)
    y += line_height(SMALL_SIZE) + 6
    x = BLOCK_PAD
    middle = y + line_height(SMALL_SIZE) // 2
    for category, count in zip(Category, counts, strict=True):
        icon = icon_tile(category, MARK_RADIUS, PANEL, TEXT)
        tile.paste(icon, (x, middle - icon.height // 2))
        x += icon.width + 6
        x += _put(tile, (x, y), str(count), SMALL_SIZE, TEXT, PANEL, bold=True) + 10
    if prisoners:
        text = labels.prisoners.format(count=prisoners)
        room = BLOCK_WIDTH - x - BLOCK_PAD
        _put(tile, (BLOCK_WIDTH - BLOCK_PAD, y), text, SMALL_SIZE, DIM, PANEL, align="right", max_width=room)
    return tile


def _players_height(players: int) -> int:
    return players * (BLOCK_HEIGHT + BLOCK_GAP) - BLOCK_GAP


def _draw_players(
    canvas: Image.Image, top: int, view: TopoumView, names: Sequence[str], labels: Labels
) -> None:
    framed = set(view.outcome.winners) if view.outcome is not None else {view.pending.seat}
    for player in range(view.players):
        block = _block(
            names[player],
            player,
            player in framed,
            view.badges[player],
            (view.mole_reserve[player], view.base_reserve[player]),
            tuple(count for _, count in view.discards[player].by_category),
            sum(view.prisoners[player]),
            labels,
        )
        canvas.paste(block, (MARGIN, top + player * (BLOCK_HEIGHT + BLOCK_GAP)))


LINE_ROWS_Y = line_height(TEXT_SIZE) + 8
"""The Operations Line's first row, below its heading."""
LINE_HEIGHT = LINE_ROWS_Y + LINE_SLOTS * ROW_HEIGHT + 12
LINE_NAME_X = SLOT_BADGE[0] + 6 + COST_PILL[0] + 10
"""Where a line card's icon starts in its row."""


@lru_cache(maxsize=4)
def _line_frame(labels: Labels) -> Image.Image:
    """The Operations Line's heading, slot numbers and costs: the same on every board picture
    of a language. Cached: copy or paste it, never draw on it."""
    frame = PALETTE.canvas((RIGHT_WIDTH, LINE_HEIGHT), BG)
    _put(frame, (0, 0), labels.line, TEXT_SIZE, DIM, BG, bold=True, max_width=RIGHT_WIDTH)
    for slot, cost in enumerate(LINE_COSTS):
        y = LINE_ROWS_Y + slot * ROW_HEIGHT + (ROW_HEIGHT - SLOT_BADGE[1]) // 2
        frame.paste(badge(PALETTE, str(slot + 1), SLOT_BADGE, BG), (0, y))
        frame.paste(_cost_pill(cost, BG), (SLOT_BADGE[0] + 6, y))
    return frame


def _paste_line(
    canvas: Image.Image, origin: tuple[int, int], line: Sequence[CardType | None], labels: Labels
) -> None:
    """The Operations Line at ``origin``, :data:`RIGHT_WIDTH` wide and :data:`LINE_HEIGHT`
    high: a row per slot with its number, its cost, and its card's icon and name (words, not
    small cards: a name reads on a phone). The board and the hand draw it alike."""
    left, top = origin
    canvas.paste(_line_frame(labels), origin)
    name_x = left + LINE_NAME_X
    for slot, card in enumerate(line):
        middle = top + LINE_ROWS_Y + slot * ROW_HEIGHT + ROW_HEIGHT // 2
        y = top_for_middle(middle, TEXT_SIZE)
        if card is None:
            _put(canvas, (name_x, y), labels.empty, TEXT_SIZE, DIM, BG)
            continue
        icon = icon_tile(CATEGORY[card], MARK_RADIUS, BG, TEXT)
        canvas.paste(icon, (name_x, middle - icon.height // 2))
        text_x = name_x + icon.width + 8
        room = left + RIGHT_WIDTH - text_x
        _put(canvas, (text_x, y), labels.card(card), TEXT_SIZE, TEXT, BG, bold=True, max_width=room)


def _peace_lines(view: TopoumView, names: Sequence[str], labels: Labels) -> tuple[str, ...]:
    if view.peace_drawn and view.last_seat is not None:
        return sentence_lines(_named(labels.peace), (names[view.last_seat],), TEXT_SIZE, True, RIGHT_WIDTH)
    return sentence_lines(labels.peace_waiting, (), TEXT_SIZE, False, RIGHT_WIDTH)


def _operations_height(view: TopoumView, peace: Sequence[str]) -> int:
    height = LINE_HEIGHT + line_height(TEXT_SIZE) + 4 + len(peace) * line_height(TEXT_SIZE) + 4
    return height + (line_height(TEXT_SIZE) if _shows_farmer(view) else 0)


def _shows_farmer(view: TopoumView) -> bool:
    return view.farmer is not None and CardType.FARMER in view.card_types


def _draw_operations(
    canvas: Image.Image, top: int, view: TopoumView, peace: Sequence[str], labels: Labels
) -> None:
    """The Operations Line's cards, the deck, Peace and the farmer, in the right column."""
    _paste_line(canvas, (RIGHT_X, top), view.line, labels)
    right = RIGHT_X + RIGHT_WIDTH
    y = top + LINE_HEIGHT
    _put(canvas, (RIGHT_X, y), labels.deck.format(count=view.deck_size), TEXT_SIZE, TEXT, BG)
    y += line_height(TEXT_SIZE) + 4
    colour, bold = (GOLD, True) if view.peace_drawn else (DIM, False)
    y += _put_lines(canvas, (RIGHT_X, y), peace, TEXT_SIZE, colour, BG, bold) + 4
    if view.farmer is not None and _shows_farmer(view):
        icon = obstacle_icon(OBSTACLE_OF[view.farmer], 34, BG)
        canvas.paste(icon, (RIGHT_X, y + (line_height(TEXT_SIZE) - icon.height) // 2))
        text = labels.farmer.format(farmer=labels.farmer_name(view.farmer))
        text_x = RIGHT_X + icon.width + 8
        _put(canvas, (text_x, y), text, TEXT_SIZE, TEXT, BG, max_width=right - text_x)


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """Where the board picture puts things, top to bottom: the header, the board's window, the
    panel (players left, the Operations Line and Peace's lines right) and the legend."""

    header: Header
    window: BoardWindow
    peace: tuple[str, ...]
    panel_top: int
    legend_top: int
    height: int

    @classmethod
    def of(
        cls, view: TopoumView, names: Sequence[str], labels: Labels, last: TurnSummary | None
    ) -> "BoardPlan":
        header = Header.of(view, names, labels, last)
        window = board_window(view, last, MARGIN + header.height)
        peace = _peace_lines(view, names, labels)
        panel_top = window.top + window.height + PANEL_GAP
        legend_top = (
            panel_top + max(_players_height(view.players), _operations_height(view, peace)) + PANEL_GAP
        )
        legend = _legend(labels, "board", BOARD_WIDTH)
        return cls(header, window, peace, panel_top, legend_top, legend_top + legend.height + MARGIN)


def board_png(
    view: TopoumView, names: Sequence[str], labels: Labels = ENGLISH, last_turn: TurnSummary | None = None
) -> bytes:
    """The public board picture (see the module docstring). ``last_turn`` is what to highlight
    (:func:`engine.topoum.turns.last_turn` of the game's events). Hands are never drawn: the
    view's seat, if any, changes nothing."""
    _check_seats(view, names)
    plan = BoardPlan.of(view, names, labels, last_turn)
    canvas = PALETTE.canvas((WIDTH, plan.height), BG)
    plan.header.draw(canvas, view)
    _draw_board(canvas, plan.window, view, last_turn)
    _draw_players(canvas, plan.panel_top, view, names, labels)
    _draw_operations(canvas, plan.panel_top, view, plan.peace, labels)
    canvas.paste(_legend(labels, "board", BOARD_WIDTH), (MARGIN, plan.legend_top))
    return encode(canvas)


# -- the hand --------------------------------------------------------------------------------------

HAND_WIDTH = 1000
BIG_CARD = (300, 210)
BIG_GAP = 40
HAND_BADGE = (150, 40)
TITLE_SIZE = 40
HAND_COLUMN_X = MARGIN + RIGHT_WIDTH + COLUMN_GAP
"""The column right of the Operations Line: the discard pile, the note and the legend."""
HAND_COLUMN_WIDTH = HAND_WIDTH - MARGIN - HAND_COLUMN_X


@dataclass(frozen=True, slots=True)
class HandLayout:
    """Where the hand picture puts things, top to bottom: the title, the hand's plates and
    cards, then the Operations Line left and the discard pile, a note and the legend right."""

    hand_x: int
    badges_y: int
    hand_y: int
    line_y: int

    @classmethod
    def of(cls) -> "HandLayout":
        badges_y = MARGIN + line_height(TITLE_SIZE) + 16
        hand_y = badges_y + HAND_BADGE[1] + 8
        return cls(
            hand_x=(HAND_WIDTH - 2 * BIG_CARD[0] - BIG_GAP) // 2,
            badges_y=badges_y,
            hand_y=hand_y,
            line_y=hand_y + BIG_CARD[1] + 24,
        )

    def card_x(self, place: int) -> int:
        return self.hand_x + place * (BIG_CARD[0] + BIG_GAP)


def _card(card: CardType, size: tuple[int, int], labels: Labels) -> Image.Image:
    category = CATEGORY[card]
    return card_tile(category, labels.card(card), labels.category(category), size[0], size[1], BG, MIN_TEXT)


def _discard_entries(view: TopoumView, seat: int, labels: Labels) -> list[Entry]:
    """The player's discard pile: its size, then each category's icon, word and count."""
    pile = view.discards[seat]
    counts: list[Entry] = [
        (category, f"{labels.category(category)} {count}") for category, count in pile.by_category
    ]
    return [(None, labels.discard.format(count=pile.size)), *counts]


def hand_png(view: TopoumView, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """One player's private picture (``view`` is their seat's): their name and badges, their
    hand big (each card under a "Hand 1", "Hand 2" plate, as the menus name them), the
    Operations Line as the board lists it (slot number, cost, icon and name: five small cards
    across could not carry their names at a phone's reading size) with their discard pile by
    category and a note once hands are no longer refilled beside it, and the legend of the
    medal and the costs."""
    if view.seat is None or view.hand is None:
        raise ValueError("a hand is drawn from its seat's view")
    _check_seats(view, names)
    layout = HandLayout.of()
    seat = view.seat
    room = HAND_COLUMN_WIDTH
    discards = _discard_entries(view, seat, labels)
    note = sentence_lines(labels.no_refill, (), TEXT_SIZE, True, room) if view.peace_drawn else ()
    legend = _legend(labels, "hand", HAND_WIDTH - 2 * MARGIN)
    discard_y = layout.line_y + LINE_ROWS_Y
    note_y = discard_y + len(entry_rows(discards, TEXT_SIZE, True, room)) * (line_height(TEXT_SIZE) + 4) + 6
    legend_y = max(note_y + len(note) * line_height(TEXT_SIZE), layout.line_y + LINE_HEIGHT) + 10
    canvas = PALETTE.canvas((HAND_WIDTH, legend_y + legend.height + MARGIN), BG)

    mark = mark_tile(seat, 16, BG)
    canvas.paste(mark, (MARGIN, MARGIN + (line_height(TITLE_SIZE) - mark.height) // 2))
    used = _paste_badges(canvas, HAND_WIDTH - MARGIN, MARGIN + 2, view.badges[seat], TITLE_SIZE - 4, BG)
    title_x = MARGIN + mark.width + 12
    pattern = f"{labels.your_hand} · {NAME_SLOTS[0]}"
    title = sentence_lines(
        pattern, (names[seat],), TITLE_SIZE, True, HAND_WIDTH - MARGIN - used - 24 - title_x, 1
    )
    _put(canvas, (title_x, MARGIN), title[0], TITLE_SIZE, TEXT, BG, bold=True)

    for place in range(HAND_SIZE):
        x = layout.card_x(place)
        if place < len(view.hand):
            plate = badge(PALETTE, labels.hand_card.format(number=place + 1), HAND_BADGE, BG)
            canvas.paste(plate, (x + (BIG_CARD[0] - HAND_BADGE[0]) // 2, layout.badges_y))
            canvas.paste(_card(view.hand[place], BIG_CARD, labels), (x, layout.hand_y))
        else:
            canvas.paste(slot_tile(*BIG_CARD, BG), (x, layout.hand_y))

    _paste_line(canvas, (MARGIN, layout.line_y), view.line, labels)
    x = HAND_COLUMN_X
    _paste_entries(canvas, (x, discard_y), discards, TEXT_SIZE, (TEXT, TEXT), True, room)
    _put_lines(canvas, (x, note_y), note, TEXT_SIZE, GOLD, BG, True)
    canvas.paste(legend, (MARGIN, legend_y))
    return encode(canvas)


# -- the results -----------------------------------------------------------------------------------

RESULT_ROW = (HAND_WIDTH - 2 * MARGIN, 60)
RESULT_PITCH = 70
RESULT_SIZE = NAME_SIZE + 4
RANK_X = MARGIN + 18
RESULT_MARK_X = MARGIN + 56
RESULT_NAME_X = MARGIN + 96
BADGES_RIGHT = HAND_WIDTH - MARGIN - 20
BASES_RIGHT = BADGES_RIGHT - 140
COUNT_PITCH = 64
COUNTS_X = BASES_RIGHT - 200 - 4 * COUNT_PITCH
"""Centre of the first category column."""


def _title_lines(names: Sequence[str], labels: Labels) -> tuple[str, ...]:
    """ "A wins!", or "A, B and C share the win", on one or two lines."""
    if len(names) == 1:
        pattern = labels.winner.format(name=NAME_SLOTS[0])
    else:
        slots = NAME_SLOTS[: len(names)]
        joined = labels.joined.format(first=", ".join(slots[:-1]), second=slots[-1])
        pattern = labels.winners.format(names=joined)
    return sentence_lines(pattern, tuple(names), TITLE_SIZE, True, HAND_WIDTH - 2 * MARGIN)


def results_png(view: TopoumView, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """After the game: the winner (or winners) in the title, then every player from most to
    fewest badges (colour bases breaking ties) with their discard pile by category, their colour
    bases on the board and their badges; winners framed in gold, ties share a rank; under them
    the legend of the category icons."""
    outcome = view.outcome
    if outcome is None:
        raise ValueError("results are drawn once the game has ended")
    _check_seats(view, names)
    title = _title_lines([names[seat] for seat in outcome.winners], labels)
    heading_y = MARGIN + len(title) * line_height(TITLE_SIZE) + 16
    rows_y = heading_y + line_height(TEXT_SIZE) + 10
    legend = _legend(labels, "results", HAND_WIDTH - 2 * MARGIN)
    legend_y = rows_y + view.players * RESULT_PITCH + 10
    canvas = PALETTE.canvas((HAND_WIDTH, legend_y + legend.height + MARGIN), BG)
    _put_lines(canvas, (MARGIN, MARGIN), title, TITLE_SIZE, GOLD, BG, True)

    _put(canvas, (RESULT_NAME_X, heading_y), labels.player, TEXT_SIZE, DIM, BG)
    _put(canvas, (BASES_RIGHT, heading_y), labels.bases_column, TEXT_SIZE, DIM, BG, align="right")
    _put(canvas, (BADGES_RIGHT, heading_y), labels.badges_column, TEXT_SIZE, DIM, BG, align="right")
    for column, category in enumerate(Category):
        icon = icon_tile(category, MARK_RADIUS, BG, DIM)
        x = COUNTS_X + column * COUNT_PITCH - icon.width // 2
        canvas.paste(icon, (x, heading_y + (line_height(TEXT_SIZE) - icon.height) // 2))

    def rank_key(seat: int) -> tuple[int, int]:
        return outcome.badges[seat], outcome.colour_bases[seat]

    standings = sorted(
        range(view.players), key=lambda seat: (-outcome.badges[seat], -outcome.colour_bases[seat])
    )
    for row, seat in enumerate(standings):
        row_y = rows_y + row * RESULT_PITCH
        won = seat in outcome.winners
        canvas.paste(
            rounded_tile(PALETTE, RESULT_ROW, PANEL, GOLD if won else PANEL, 3, 12, BG), (MARGIN, row_y)
        )
        text_y = top_for_middle(row_y + RESULT_ROW[1] // 2, RESULT_SIZE)
        rank = 1 + sum(1 for other in standings if rank_key(other) > rank_key(seat))
        _put(canvas, (RANK_X, text_y), str(rank), RESULT_SIZE, DIM, PANEL, bold=True)
        mark = mark_tile(seat, MARK_RADIUS, PANEL)
        canvas.paste(mark, (RESULT_MARK_X, row_y + (RESULT_ROW[1] - mark.height) // 2))
        room = COUNTS_X - COUNT_PITCH // 2 - RESULT_NAME_X
        _put(
            canvas, (RESULT_NAME_X, text_y), names[seat], RESULT_SIZE, TEXT, PANEL, bold=True, max_width=room
        )
        for column, (_, count) in enumerate(view.discards[seat].by_category):
            x = COUNTS_X + column * COUNT_PITCH
            _put(canvas, (x, text_y), str(count), RESULT_SIZE, TEXT, PANEL, align="centre")
        bases = str(outcome.colour_bases[seat])
        _put(canvas, (BASES_RIGHT, text_y), bases, RESULT_SIZE, TEXT, PANEL, bold=True, align="right")
        badges = str(outcome.badges[seat])
        colour = GOLD if won else TEXT
        _put(canvas, (BADGES_RIGHT, text_y), badges, RESULT_SIZE, colour, PANEL, bold=True, align="right")
    canvas.paste(legend, (MARGIN, legend_y))
    return encode(canvas)


# -- real positions to draw, played by the AI, for the benches -------------------------------------


def played_views(seed: int = 2024, skip: int = 5) -> list[tuple[TopoumView, TurnSummary | None]]:
    """The public view and the last turn after every turn of a 4-player game played by normal AI
    seats, from turn ``skip`` on: real positions for the benches to draw."""
    # Imported here: only the benches play; the painter that draws these pictures needs no AI.
    from engine.ai import Level
    from engine.rng import Rng, derive_seed
    from engine.topoum.ai import TopoumAI
    from engine.topoum.events import Event
    from engine.topoum.state import new_game
    from engine.topoum.turns import last_turn

    players = 4
    state = new_game(players, seed=seed)
    ais = [TopoumAI(Level.NORMAL, Rng.from_seed(derive_seed(seed, "ai", seat))) for seat in range(players)]
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


# -- at its busiest, for the legibility bench (render/legibility.py) -------------------------------


@dataclass(frozen=True, slots=True)
class Busiest:
    """Topoum's pictures where they are hardest to read: 4 players over a whole game."""

    boards: tuple[tuple[TopoumView, TurnSummary | None], ...]
    """Each view with the turn it highlights."""
    hands: tuple[TopoumView, ...]
    results: TopoumView


def busiest() -> Busiest:
    """Seven turns spread over an AI-played game, its last included (the board fills as the game
    goes); seat 0's hand at each but the last, holding a card of every kind as its size allows;
    the results of the game's end."""
    # Imported here, as the AI above: only the bench makes these positions.
    from dataclasses import replace

    turns = played_views()
    spread = turns[:: max(1, len(turns) // 6)] + turns[-1:]
    return Busiest(
        boards=tuple(spread),
        hands=tuple(
            replace(view, seat=0, hand=tuple(CardType)[: view.hand_sizes[0]]) for view, _ in spread[:-1]
        ),
        results=spread[-1][0],
    )


def _busiest_boards(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(board_png, view, names[:4], labels, last) for view, last in at.boards]


def _busiest_hands(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(hand_png, view, names[:4], labels) for view in at.hands]


def _busiest_results(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(results_png, at.results, names[:4], labels)]


LEGIBILITY: tuple[Scene[Busiest, Labels], ...] = (
    Scene("topoum.board", busiest, _busiest_boards, OPENED),
    Scene("topoum.hand", busiest, _busiest_hands),
    Scene("topoum.results", busiest, _busiest_results),
)
"""Topoum's pictures at their busiest, for bench/bench_legibility.py. The board is read opened
full screen: the whole board alone is as high as the message's column is wide, so with the
players and the Operations Line under it no picture of it fits the column (docs/architecture.md,
"Pictures on a phone")."""
SAMPLED_SHOWN: dict[SampledPicture, Shown] = {"table": OPENED, "replay": OPENED}
"""The board, and the replay's animation of it, sampled from whole games: read opened too."""
