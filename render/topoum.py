"""The Topoum pictures: the board after every turn, a player's hand, and the end of the game.

Each is a pure function of the engine's view (:class:`~engine.topoum.state.TopoumView`) and,
for the board, the last turn (:class:`~engine.topoum.turns.TurnSummary`), plus what the engine
does not know: the players' names and the words (:class:`Labels`; the caller takes them from the
message catalogue, ``topoum.picture.<field>``).

The board picture: the radius-6 board with every hex labelled (menus name hexes by these
labels), bases in their owners' colours or neutral grey with stripes, moles, obstacles; the
last turn's moves as arrows, eliminations as crosses, hexes where something arrived, changed or
left ringed in gold, and its new lines of sight drawn gold with their points. Beside the board:
whose turn it is, every player (mark, name, badges, reserve, discards by category, prisoners
held), the Operations Line with each slot's number and cost, the deck and whether Peace has come.

Sized for phones: the picture is wide (board and panel side by side), so names and numbers are
24-32 pixels high and labels 22, readable when Discord shows the picture full screen.

Speed: the empty labelled grid and the panel's fixed words are drawn once and cached; pieces,
cards, marks and words are cached palette tiles (:mod:`render.topoum_pieces`,
:mod:`render.canvas`), so a picture is a copy, some pastes, a few lines and a fast PNG encode.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.topoum.board import RADIUS
from engine.topoum.cards import (
    CATEGORY,
    HAND_SIZE,
    LINE_COSTS,
    LINE_SLOTS,
    OBSTACLE_OF,
    CardType,
    Category,
    Farmer,
)
from engine.topoum.state import Stage, TopoumView
from engine.topoum.turns import TurnSummary
from render.bidi import isolate
from render.canvas import button_tile, encode, paste_text, rounded_tile
from render.fonts import RGB, fit, line_height, text_width, top_for_middle
from render.hexboard import (
    GRID_BORDER,
    HexLayout,
    cross,
    grid,
    midpoint,
    move_arrow,
    outline_hex,
    paste_label,
    sight_line,
)
from render.theme import BG, DIM, GOLD, INK, PANEL, TEXT
from render.topoum_pieces import (
    NEUTRAL,
    PALETTE,
    SEAT_COLOURS,
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


@dataclass(frozen=True, slots=True)
class Labels:
    """The words on the pictures, as ``str.format`` templates; the caller passes its locale's."""

    to_play: str = "{name} to play"
    setup: str = "Setup: {name} places a base"
    over: str = "Game over"
    turn: str = "Turn {turn}"
    scored: str = "Lines of sight: +{points} for {name}"
    reserve: str = "reserve · moles {moles} · bases {bases}"
    prisoners: str = "prisoners: {count}"
    line: str = "Operations Line"
    empty: str = "empty"
    deck: str = "Deck: {count}"
    peace_waiting: str = "Peace has not come yet"
    peace: str = "Peace has come. Last turn: {name}"
    farmer: str = "Farmer: {farmer}"
    your_hand: str = "Your hand"
    hand_card: str = "Hand {number}"
    discard: str = "Your discard pile: {count}"
    no_refill: str = "Peace has come: hands are no longer refilled"
    winner: str = "{name} wins!"
    winners: str = "{names} share the win"
    joined: str = "{first} and {second}"
    player: str = "Player"
    badges_column: str = "Badges"
    bases_column: str = "Colour bases"
    category_combat: str = "Combat"
    category_movement: str = "Movement"
    category_expansion: str = "Expansion"
    category_special: str = "Special"
    card_bayonet: str = "Bayonet"
    card_short_range: str = "Short Range"
    card_long_range: str = "Long Range"
    card_grenade: str = "Grenade"
    card_mortar: str = "Mortar"
    card_patrol: str = "Patrol"
    card_motorised_patrol: str = "Motorised Patrol"
    card_panic_attack: str = "Panic Attack"
    card_underground_manoeuvre: str = "Underground Manoeuvre"
    card_new_recruit: str = "New Recruit"
    card_build_base: str = "Build Base"
    card_abandoned_base: str = "Abandoned Base"
    card_prisoner_of_war: str = "Prisoner of War"
    card_decoration: str = "Decoration"
    card_farmer: str = "Farmer!"
    farmer_rock: str = "rock farmer"
    farmer_trapper: str = "trapper"
    farmer_turnip: str = "turnip farmer"

    def card(self, card: CardType) -> str:
        """A battle card's name (``card_<type>``)."""
        return str(getattr(self, f"card_{card.value}"))

    def category(self, category: Category) -> str:
        return str(getattr(self, f"category_{category.value}"))

    def farmer_name(self, farmer: Farmer) -> str:
        return str(getattr(self, f"farmer_{farmer.value}"))


ENGLISH = Labels()

MARGIN = 24
HEX_SIZE = 46
BOARD = HexLayout.board(HEX_SIZE, RADIUS, MARGIN, MARGIN)
SIDE_X = MARGIN + BOARD.extent[0] + 28
SIDE_WIDTH = 456
WIDTH = SIDE_X + SIDE_WIDTH + MARGIN

STATUS_SIZE = 32
NAME_SIZE = 28
TEXT_SIZE = 24
SMALL_SIZE = 22
MARK_RADIUS = 13

BLOCK_PAD = 12
BLOCK_HEIGHT = 2 * BLOCK_PAD + line_height(NAME_SIZE) + 4 + 2 * line_height(SMALL_SIZE) + 6
BLOCK_GAP = 10
ROW_HEIGHT = 46
SLOT_BADGE = (38, 36)
COST_PILL = (58, 36)


def cost_text(cost: int) -> str:
    """A slot's cost as the badges it changes by: "−3", "0", "+1"."""
    return f"\u2212{-cost}" if cost < 0 else f"+{cost}" if cost > 0 else "0"


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


def _cost_pill(cost: int, bg: RGB) -> Image.Image:
    """A slot's cost on a small plate, edged in gold where taking the card gains badges."""
    pill = rounded_tile(PALETTE, COST_PILL, PANEL, GOLD if cost > 0 else PANEL, 2, 10, bg).copy()
    y = top_for_middle(COST_PILL[1] // 2, SMALL_SIZE)
    _put(pill, (COST_PILL[0] // 2, y), cost_text(cost), SMALL_SIZE, TEXT, PANEL, bold=True, align="centre")
    return pill


def _check_seats(view: TopoumView, names: Sequence[str]) -> None:
    if len(names) != view.players:
        raise ValueError(f"{len(names)} names for {view.players} seats")


# -- the side panel's layout ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """Where the panel beside the board puts things, top to bottom."""

    status_y: int
    turn_y: int
    scored_y: int
    lines_y: int
    blocks_y: int
    line_y: int
    rows_y: int
    deck_y: int
    peace_y: int
    farmer_y: int
    height: int

    @classmethod
    def of(cls, players: int) -> "Side":
        status_y = MARGIN
        turn_y = status_y + line_height(STATUS_SIZE) + 4
        scored_y = turn_y + line_height(TEXT_SIZE) + 2
        lines_y = scored_y + line_height(TEXT_SIZE)
        blocks_y = lines_y + line_height(SMALL_SIZE) + 10
        line_y = blocks_y + players * (BLOCK_HEIGHT + BLOCK_GAP) + 8
        rows_y = line_y + line_height(TEXT_SIZE) + 8
        deck_y = rows_y + LINE_SLOTS * ROW_HEIGHT + 12
        peace_y = deck_y + line_height(TEXT_SIZE) + 4
        farmer_y = peace_y + line_height(TEXT_SIZE) + 4
        return cls(
            status_y=status_y,
            turn_y=turn_y,
            scored_y=scored_y,
            lines_y=lines_y,
            blocks_y=blocks_y,
            line_y=line_y,
            rows_y=rows_y,
            deck_y=deck_y,
            peace_y=peace_y,
            farmer_y=farmer_y,
            height=farmer_y + line_height(TEXT_SIZE),
        )

    def block_origin(self, seat: int) -> tuple[int, int]:
        return SIDE_X, self.blocks_y + seat * (BLOCK_HEIGHT + BLOCK_GAP)

    def row_y(self, slot: int) -> int:
        return self.rows_y + slot * ROW_HEIGHT


def board_size(players: int) -> tuple[int, int]:
    """The board picture's size: the board, or the panel beside it if that is taller."""
    return WIDTH, max(MARGIN + BOARD.extent[1], Side.of(players).height) + MARGIN


@lru_cache(maxsize=16)
def _background(players: int, labels: Labels) -> Image.Image:
    """What every board picture of a table shares: the labelled grid, the Operations Line's
    heading, slot numbers and costs. Cached: copy it, never draw on it."""
    side = Side.of(players)
    canvas = PALETTE.canvas(board_size(players), BG)
    canvas.paste(grid(BOARD), (0, 0))
    _put(canvas, (SIDE_X, side.line_y), labels.line, TEXT_SIZE, DIM, BG, bold=True)
    for slot, cost in enumerate(LINE_COSTS):
        y = side.row_y(slot) + (ROW_HEIGHT - SLOT_BADGE[1]) // 2
        canvas.paste(button_tile(PALETTE, str(slot + 1), SLOT_BADGE, BG), (SIDE_X, y))
        canvas.paste(_cost_pill(cost, BG), (SIDE_X + SLOT_BADGE[0] + 8, y))
    return canvas


# -- the board -----------------------------------------------------------------------------------


def _draw_board(canvas: Image.Image, view: TopoumView, last: TurnSummary | None) -> None:
    """Bases, then the new lines of sight (under labels and moles), labels, gold rings, pieces,
    crosses and arrows, and each line's points on top."""
    mask = cell_mask(HEX_SIZE)
    for cell in view.cells:
        canvas.paste(
            base_tile(HEX_SIZE, cell.owner, cell.neutral, GRID_BORDER), BOARD.tile_origin(cell.hex), mask
        )
    if last is not None:
        for line in last.lines:
            sight_line(canvas, BOARD, line.ends)
    for cell in view.cells:
        paste_label(canvas, BOARD, cell.hex, NEUTRAL if cell.neutral else SEAT_COLOURS[cell.owner])
    if last is not None:
        for hex_ in dict.fromkeys((*last.placed, *last.changed, *last.removed, *last.decorated)):
            outline_hex(canvas, BOARD, hex_)
    occupied = set()
    for cell in view.cells:
        if cell.mole is not None:
            occupied.add(cell.hex)
            image, piece_mask = mole_tile(HEX_SIZE, cell.mole)
        elif cell.obstacle is not None:
            image, piece_mask = obstacle_tile(HEX_SIZE, cell.obstacle)
        else:
            continue
        canvas.paste(image, BOARD.tile_origin(cell.hex), piece_mask)
    if last is None:
        return
    gone = [e.hex for e in last.eliminated] + [e.hex for e in last.captured]
    for hex_ in dict.fromkeys(gone):
        if hex_ not in occupied:
            cross(canvas, BOARD, hex_)
    for move in last.moves:
        move_arrow(canvas, BOARD, move.origin, move.hex, move.clash)
    for line in last.lines:
        bubble, outline = _points_bubble(f"+{line.points}")
        x, y = midpoint(BOARD, line.ends)
        canvas.paste(bubble, (round(x - bubble.width / 2), round(y - bubble.height / 2)), outline)


@lru_cache(maxsize=64)
def _points_bubble(text: str) -> Tile:
    """A line of sight's points: dark figures on a gold pill with a dark edge, and the mask of
    the pill (its corners show what lies under them)."""
    size = (text_width(text, SMALL_SIZE, True) + 14, line_height(SMALL_SIZE) - 2)
    tile = rounded_tile(PALETTE, size, GOLD, INK, 2, size[1] // 2, BG).copy()
    y = top_for_middle(size[1] // 2, SMALL_SIZE)
    _put(tile, (size[0] // 2, y), text, SMALL_SIZE, INK, GOLD, bold=True, align="centre")
    outside = PALETTE.index(BG)
    return tile, tile.point([0 if index == outside else 1 for index in range(256)], "1")


# -- the panel beside the board --------------------------------------------------------------------


def _sentence(template: str, name: str, size: int, bold: bool, max_width: int, **values: object) -> str:
    """``template`` with ``name`` (isolated) cut short so that the whole sentence fits, so a long
    name never pushes the rest of the sentence (a number, "to play") out of the picture."""
    rest = text_width(template.format(name="", **values), size, bold)
    return template.format(name=isolate(fit(name, size, bold, max(1, max_width - rest))), **values)


def _paste_badges(canvas: Image.Image, right: int, top: int, count: int, size: int, bg: RGB) -> int:
    """A badge count as a medal and a gold number ending at ``right``; returns the width used."""
    width = _put(canvas, (right, top), str(count), size, GOLD, bg, bold=True, align="right")
    medal = medal_tile(round(size * 0.42), bg)
    x = right - width - 6 - medal.width
    canvas.paste(medal, (x, top + (line_height(size) - medal.height) // 2))
    return right - x


def _status(view: TopoumView, names: Sequence[str], labels: Labels, room: int) -> str:
    """The headline: who is to play (or to place a base during setup), or that the game is over."""
    seat = view.pending.seat
    if view.outcome is not None or seat is None:
        return labels.over
    setup = view.pending.stage in (Stage.SETUP_BASE, Stage.SETUP_MOLE)
    return _sentence(labels.setup if setup else labels.to_play, names[seat], STATUS_SIZE, True, room)


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
    tile = rounded_tile(PALETTE, (SIDE_WIDTH, BLOCK_HEIGHT), PANEL, outline, 3, 12, BG).copy()
    y = BLOCK_PAD
    mark = mark_tile(seat, MARK_RADIUS, PANEL)
    tile.paste(mark, (BLOCK_PAD, y + (line_height(NAME_SIZE) - mark.height) // 2))
    right = SIDE_WIDTH - BLOCK_PAD - _paste_badges(tile, SIDE_WIDTH - BLOCK_PAD, y, badges, NAME_SIZE, PANEL)
    name_x = BLOCK_PAD + mark.width + 10
    _put(tile, (name_x, y), name, NAME_SIZE, TEXT, PANEL, bold=True, max_width=right - name_x - 14)
    y += line_height(NAME_SIZE) + 4
    text = labels.reserve.format(moles=reserve[0], bases=reserve[1])
    _put(tile, (BLOCK_PAD, y), text, SMALL_SIZE, DIM, PANEL, max_width=SIDE_WIDTH - 2 * BLOCK_PAD)
    y += line_height(SMALL_SIZE) + 6
    x = BLOCK_PAD
    middle = y + line_height(SMALL_SIZE) // 2
    for category, count in zip(Category, counts, strict=True):
        icon = icon_tile(category, 10, PANEL, TEXT)
        tile.paste(icon, (x, middle - icon.height // 2))
        x += icon.width + 6
        x += _put(tile, (x, y), str(count), SMALL_SIZE, TEXT, PANEL, bold=True) + 18
    if prisoners:
        text = labels.prisoners.format(count=prisoners)
        room = SIDE_WIDTH - x - BLOCK_PAD
        _put(tile, (SIDE_WIDTH - BLOCK_PAD, y), text, SMALL_SIZE, DIM, PANEL, align="right", max_width=room)
    return tile


def _draw_side(
    canvas: Image.Image, view: TopoumView, names: Sequence[str], labels: Labels, last: TurnSummary | None
) -> None:
    """Whose turn, the players, the Operations Line's cards, the deck, Peace and the farmer."""
    side = Side.of(view.players)
    right = SIDE_X + SIDE_WIDTH
    x = SIDE_X
    if view.outcome is None and view.pending.seat is not None:
        mark = mark_tile(view.pending.seat, MARK_RADIUS + 2, BG)
        canvas.paste(mark, (x, side.status_y + (line_height(STATUS_SIZE) - mark.height) // 2))
        x += mark.width + 10
    status = _status(view, names, labels, right - x)
    _put(canvas, (x, side.status_y), status, STATUS_SIZE, GOLD, BG, bold=True, max_width=right - x)
    if view.turn:
        _put(canvas, (SIDE_X, side.turn_y), labels.turn.format(turn=view.turn), TEXT_SIZE, DIM, BG)
    if last is not None and last.points:
        text = _sentence(labels.scored, names[last.seat], TEXT_SIZE, False, SIDE_WIDTH, points=last.points)
        _put(canvas, (SIDE_X, side.scored_y), text, TEXT_SIZE, GOLD, BG, max_width=SIDE_WIDTH)
        listed = " · ".join(
            f"{a.label}\u2013{b.label} +{line.points}" for line in last.lines for a, b in [line.ends]
        )
        _put(canvas, (SIDE_X, side.lines_y), listed, SMALL_SIZE, DIM, BG, max_width=SIDE_WIDTH)

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
        canvas.paste(block, side.block_origin(player))

    name_x = SIDE_X + SLOT_BADGE[0] + 8 + COST_PILL[0] + 12
    for slot, card in enumerate(view.line):
        middle = side.row_y(slot) + ROW_HEIGHT // 2
        y = top_for_middle(middle, TEXT_SIZE)
        if card is None:
            _put(canvas, (name_x, y), labels.empty, TEXT_SIZE, DIM, BG)
            continue
        icon = icon_tile(CATEGORY[card], 12, BG, TEXT)
        canvas.paste(icon, (name_x, middle - icon.height // 2))
        text_x = name_x + icon.width + 10
        _put(canvas, (text_x, y), labels.card(card), TEXT_SIZE, TEXT, BG, bold=True, max_width=right - text_x)

    _put(canvas, (SIDE_X, side.deck_y), labels.deck.format(count=view.deck_size), TEXT_SIZE, TEXT, BG)
    if view.peace_drawn and view.last_seat is not None:
        peace = _sentence(labels.peace, names[view.last_seat], TEXT_SIZE, True, SIDE_WIDTH)
        _put(canvas, (SIDE_X, side.peace_y), peace, TEXT_SIZE, GOLD, BG, bold=True, max_width=SIDE_WIDTH)
    else:
        _put(canvas, (SIDE_X, side.peace_y), labels.peace_waiting, TEXT_SIZE, DIM, BG, max_width=SIDE_WIDTH)
    if view.farmer is not None and CardType.FARMER in view.card_types:
        icon = obstacle_icon(OBSTACLE_OF[view.farmer], 34, BG)
        canvas.paste(icon, (SIDE_X, side.farmer_y + (line_height(TEXT_SIZE) - icon.height) // 2))
        text = labels.farmer.format(farmer=labels.farmer_name(view.farmer))
        text_x = SIDE_X + icon.width + 8
        _put(canvas, (text_x, side.farmer_y), text, TEXT_SIZE, TEXT, BG, max_width=right - text_x)


def board_png(
    view: TopoumView, names: Sequence[str], labels: Labels = ENGLISH, last_turn: TurnSummary | None = None
) -> bytes:
    """The public board picture (see the module docstring). ``last_turn`` is what to highlight
    (:func:`engine.topoum.turns.last_turn` of the game's events). Hands are never drawn: the
    view's seat, if any, changes nothing."""
    _check_seats(view, names)
    canvas = _background(view.players, labels).copy()
    _draw_board(canvas, view, last_turn)
    _draw_side(canvas, view, names, labels, last_turn)
    return encode(canvas)


# -- the hand --------------------------------------------------------------------------------------

HAND_WIDTH = 1000
BIG_CARD = (300, 210)
BIG_GAP = 40
LINE_CARD = (176, 150)
LINE_GAP = 10
HAND_BADGE = (150, 40)
NUMBER_BADGE = (44, 40)
TITLE_SIZE = 40


@dataclass(frozen=True, slots=True)
class HandLayout:
    """Where the hand picture puts things, top to bottom."""

    hand_x: int
    badges_y: int
    hand_y: int
    line_y: int
    numbers_y: int
    line_cards_y: int
    costs_y: int
    discard_y: int
    note_y: int
    height: int

    @classmethod
    def of(cls) -> "HandLayout":
        badges_y = MARGIN + line_height(TITLE_SIZE) + 16
        hand_y = badges_y + HAND_BADGE[1] + 8
        line_y = hand_y + BIG_CARD[1] + 24
        numbers_y = line_y + line_height(TEXT_SIZE) + 8
        line_cards_y = numbers_y + NUMBER_BADGE[1] + 8
        costs_y = line_cards_y + LINE_CARD[1] + 8
        discard_y = costs_y + COST_PILL[1] + 20
        note_y = discard_y + line_height(TEXT_SIZE) + 10
        return cls(
            hand_x=(HAND_WIDTH - 2 * BIG_CARD[0] - BIG_GAP) // 2,
            badges_y=badges_y,
            hand_y=hand_y,
            line_y=line_y,
            numbers_y=numbers_y,
            line_cards_y=line_cards_y,
            costs_y=costs_y,
            discard_y=discard_y,
            note_y=note_y,
            height=note_y + line_height(TEXT_SIZE) + MARGIN,
        )

    def card_x(self, place: int) -> int:
        return self.hand_x + place * (BIG_CARD[0] + BIG_GAP)

    @staticmethod
    def line_x(slot: int) -> int:
        used = LINE_SLOTS * LINE_CARD[0] + (LINE_SLOTS - 1) * LINE_GAP
        return (HAND_WIDTH - used) // 2 + slot * (LINE_CARD[0] + LINE_GAP)


def _card(card: CardType, size: tuple[int, int], labels: Labels) -> Image.Image:
    category = CATEGORY[card]
    return card_tile(category, labels.card(card), labels.category(category), size[0], size[1], BG)


def hand_png(view: TopoumView, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """One player's private picture (``view`` is their seat's): their name and badges, their
    hand big (each card under a "Hand 1", "Hand 2" plate, as the menus name them), the
    Operations Line (slot numbers above, costs below), their discard pile by category, and a
    note once hands are no longer refilled."""
    if view.seat is None or view.hand is None:
        raise ValueError("a hand is drawn from its seat's view")
    _check_seats(view, names)
    layout = HandLayout.of()
    seat = view.seat
    canvas = PALETTE.canvas((HAND_WIDTH, layout.height), BG)
    mark = mark_tile(seat, 16, BG)
    canvas.paste(mark, (MARGIN, MARGIN + (line_height(TITLE_SIZE) - mark.height) // 2))
    used = _paste_badges(canvas, HAND_WIDTH - MARGIN, MARGIN + 2, view.badges[seat], TITLE_SIZE - 4, BG)
    title_x = MARGIN + mark.width + 12
    room = HAND_WIDTH - MARGIN - used - 24 - title_x
    title = f"{labels.your_hand} · {names[seat]}"
    _put(canvas, (title_x, MARGIN), title, TITLE_SIZE, TEXT, BG, bold=True, max_width=room)

    for place in range(HAND_SIZE):
        x = layout.card_x(place)
        if place < len(view.hand):
            plate = button_tile(PALETTE, labels.hand_card.format(number=place + 1), HAND_BADGE, BG)
            canvas.paste(plate, (x + (BIG_CARD[0] - HAND_BADGE[0]) // 2, layout.badges_y))
            canvas.paste(_card(view.hand[place], BIG_CARD, labels), (x, layout.hand_y))
        else:
            canvas.paste(slot_tile(*BIG_CARD, BG), (x, layout.hand_y))

    _put(canvas, (HandLayout.line_x(0), layout.line_y), labels.line, TEXT_SIZE, DIM, BG, bold=True)
    for slot, card in enumerate(view.line):
        x = HandLayout.line_x(slot)
        centre = x + LINE_CARD[0] // 2
        number = button_tile(PALETTE, str(slot + 1), NUMBER_BADGE, BG)
        canvas.paste(number, (centre - NUMBER_BADGE[0] // 2, layout.numbers_y))
        tile = slot_tile(*LINE_CARD, BG) if card is None else _card(card, LINE_CARD, labels)
        canvas.paste(tile, (x, layout.line_cards_y))
        canvas.paste(_cost_pill(view.line_costs[slot], BG), (centre - COST_PILL[0] // 2, layout.costs_y))

    pile = view.discards[seat]
    x = MARGIN
    x += _put(canvas, (x, layout.discard_y), labels.discard.format(count=pile.size), TEXT_SIZE, TEXT, BG) + 20
    counts = [(category, f"{labels.category(category)} {count}") for category, count in pile.by_category]
    icon_room = 4 * (2 * 12 + 2 + 6 + 18)
    if x + icon_room + sum(text_width(text, TEXT_SIZE, True) for _, text in counts) > HAND_WIDTH - MARGIN:
        counts = [(category, str(count)) for category, count in pile.by_category]  # no room for the words
    middle = layout.discard_y + line_height(TEXT_SIZE) // 2
    for category, text in counts:
        icon = icon_tile(category, 12, BG, TEXT)
        canvas.paste(icon, (x, middle - icon.height // 2))
        x += icon.width + 6
        x += _put(canvas, (x, layout.discard_y), text, TEXT_SIZE, TEXT, BG, bold=True) + 18
    if view.peace_drawn:
        room = HAND_WIDTH - 2 * MARGIN
        _put(
            canvas, (MARGIN, layout.note_y), labels.no_refill, TEXT_SIZE, GOLD, BG, bold=True, max_width=room
        )
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
RESULT_ROWS_Y = MARGIN + line_height(TITLE_SIZE) + 16 + line_height(TEXT_SIZE) + 10


def results_size(players: int) -> tuple[int, int]:
    return HAND_WIDTH, RESULT_ROWS_Y + players * RESULT_PITCH + MARGIN


def _title(names: Sequence[str], labels: Labels) -> str:
    """ "A wins!", or "A, B and C share the win"."""
    if len(names) == 1:
        return labels.winner.format(name=isolate(names[0]))
    isolated = [isolate(name) for name in names]
    joined = labels.joined.format(first=", ".join(isolated[:-1]), second=isolated[-1])
    return labels.winners.format(names=joined)


def results_png(view: TopoumView, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """After the game: the winner (or winners) in the title, then every player from most to
    fewest badges (colour bases breaking ties) with their discard pile by category, their colour
    bases on the board and their badges; winners framed in gold, ties share a rank."""
    outcome = view.outcome
    if outcome is None:
        raise ValueError("results are drawn once the game has ended")
    _check_seats(view, names)
    canvas = PALETTE.canvas(results_size(view.players), BG)
    title = _title([names[seat] for seat in outcome.winners], labels)
    _put(canvas, (MARGIN, MARGIN), title, TITLE_SIZE, GOLD, BG, bold=True, max_width=HAND_WIDTH - 2 * MARGIN)

    y = MARGIN + line_height(TITLE_SIZE) + 16
    _put(canvas, (RESULT_NAME_X, y), labels.player, TEXT_SIZE, DIM, BG)
    _put(canvas, (BASES_RIGHT, y), labels.bases_column, TEXT_SIZE, DIM, BG, align="right")
    _put(canvas, (BADGES_RIGHT, y), labels.badges_column, TEXT_SIZE, DIM, BG, align="right")
    for column, category in enumerate(Category):
        icon = icon_tile(category, 12, BG, DIM)
        x = COUNTS_X + column * COUNT_PITCH - icon.width // 2
        canvas.paste(icon, (x, y + (line_height(TEXT_SIZE) - icon.height) // 2))

    def rank_key(seat: int) -> tuple[int, int]:
        return outcome.badges[seat], outcome.colour_bases[seat]

    standings = sorted(
        range(view.players), key=lambda seat: (-outcome.badges[seat], -outcome.colour_bases[seat])
    )
    for row, seat in enumerate(standings):
        row_y = RESULT_ROWS_Y + row * RESULT_PITCH
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
    return encode(canvas)
