"""The Spit and Speed pictures: the public table, a player's private panel, and the results.

Each is a pure function of the engine's views (:class:`~engine.spit.state.SpitView`,
:class:`~engine.spit.speed.SpeedView`) plus what the engine does not know: the players' names
(it has seats) and the words, which the caller takes from the message catalogue
(:class:`~words.spit.Labels`; :data:`ENGLISH`, its English defaults). Both games are drawn by the
same functions, which look at the view's type.

The table sits as the players do: seat 1 across the top, seat 0 along the bottom, the two centre
piles between them, left (pile 0, seat 0's) and right (pile 1, seat 1's). In Spit each player's
spit cards lie at the end of their layout on their own pile's side. Face-down cards are drawn as
card backs with their count on them, so what nobody can see is never drawn; a Speed hand is a fan
of backs on the table and shows its faces only in its owner's panel.

Sized for phones like the Toppo pictures: 1000 pixels wide, names and numbers 30-44 pixels high,
the table's smallest card 104 pixels wide with its rank 42 pixels high. Whoever the game waits
for (a call, a slap) or the winner is framed in gold, and the headline says it in words, so
colour is never the only cue. Pile numbers and card numbers in the panel are drawn like the grey
Discord buttons that carry them.

Every face, back, name and caption is a cached palette tile (:mod:`render.canvas`), so a picture
is a blank canvas, some pastes and a fast PNG encode.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from PIL import Image

from engine.spit.centre import CENTRE_PILES, SEATS, Stage
from engine.spit.events import DealWon
from engine.spit.speed import HAND, SpeedState, SpeedView
from engine.spit.state import PileView, SpitState, SpitView
from render.canvas import badge, encode, paste_sentence, paste_text, rounded_tile
from render.cards import back_tile, slot_tile
from render.fonts import RGB, Sentence, line_height, no_names, text_width, top_for_middle
from render.legibility import Render, Scene
from render.spit_cards import PALETTE, STACK_DEPTH, STACK_STEP, card_tile, stack_tile
from render.theme import BG, DIM, GOLD, PANEL, TEXT
from words.spit import Labels

View = SpitView | SpeedView

WIDTH = 1000
MARGIN = 24
STATUS_SIZE = 44
NAME_SIZE = 40
NUMBER_SIZE = 34
LABEL_SIZE = 30
COUNT_SIZE = 36
"""A Spit pile's count ("×4") under it, read at a glance as a mark: its digits 26 pixels high,
11.7 on a phone (render/fonts.py ``draw_mark_text``)."""


ENGLISH = Labels()

_paste_text = partial(paste_text, PALETTE)
_paste_sentence = partial(paste_sentence, PALETTE)


# -- shared pieces ---------------------------------------------------------------------------------


def _check_names(names: Sequence[str]) -> None:
    """One name per seat: a mismatch is the caller's bug, said clearly."""
    if len(names) != len(SEATS):
        raise ValueError(f"{len(names)} names for {len(SEATS)} seats")


def _pile(
    canvas: Image.Image,
    xy: tuple[int, int],
    tile: Image.Image,
    caption: str,
    bg: RGB,
    room: int,
    height: int | None = None,
    count: bool = False,
) -> None:
    """A card (face, back, stack or empty place) with ``caption`` centred under it, or under
    ``height`` if given (so captions line up under piles of different heights): a ``count``
    (a pile's size, "×4") bright and as a mark, a word dim."""
    x, y = xy
    canvas.paste(tile, xy)
    if caption:
        centre = x + tile.width // 2
        _paste_text(
            canvas,
            (centre, y + (tile.height if height is None else height) + 4),
            caption,
            COUNT_SIZE if count else LABEL_SIZE,
            TEXT if count else DIM,
            bg,
            max_width=room,
            align="centre",
            mark=count,
        )


def _back_or_slot(size: tuple[int, int], bg: RGB, count: int) -> Image.Image:
    """A face-down pile with its count on it, or an empty place when it has no cards."""
    return back_tile(PALETTE, *size, bg, count) if count else slot_tile(PALETTE, *size, bg)


def _centre_tile(view: View, pile: int, size: tuple[int, int]) -> Image.Image:
    """A centre pile's top face up; before a Speed deal starts, the middle card face down."""
    top = view.centre[pile]
    if top is not None:
        return card_tile(top, *size, BG)
    if isinstance(view, SpeedView) and view.stage is Stage.START:
        return back_tile(PALETTE, *size, BG, None)
    return slot_tile(PALETTE, *size, BG)


def _centre_caption(view: View, pile: int, labels: Labels) -> str:
    """ "left · 12": the pile's side and size; before a Speed deal starts, its one middle card."""
    count = 1 if isinstance(view, SpeedView) and view.stage is Stage.START else view.centre_sizes[pile]
    return labels.counted(labels.left if pile == 0 else labels.right, count=count)


def _centre(canvas: Image.Image, view: View, card: tuple[int, int], y: int, labels: Labels) -> None:
    """The two centre piles, left and right, with their sizes under them."""
    room = card[0] + CENTRE_GAP - 8
    for pile, x in zip(CENTRE_PILES, centre_x(card), strict=True):
        _pile(canvas, (x, y), _centre_tile(view, pile, card), _centre_caption(view, pile, labels), BG, room)


def _spitters(view: SpitView) -> tuple[int, ...]:
    return tuple(seat for seat in SEATS if view.spit_cards[seat])


def _about(template: str, names: Sequence[str], seat: int, **values: object) -> Sentence:
    """``template`` about ``seat``, whose name goes in ``{name}`` (and ``values`` elsewhere)."""
    return lambda name: template.format(name=name(names[seat]), **values)


def _status(view: View, seat: int | None, names: Sequence[str], labels: Labels) -> tuple[Sentence, RGB]:
    """The headline, from ``seat``'s side (None: the table's; names may be shortened to fit it),
    and its colour: gold while the game waits for a call or a slap, or has a winner."""
    if view.outcome is not None:
        winner = view.outcome.winner
        return (no_names(labels.you_win) if winner == seat else _about(labels.wins, names, winner)), GOLD
    if seat is not None and seat in view.called and view.waiting_for:
        return _about(labels.waiting, names, view.waiting_for[0]), GOLD
    if isinstance(view, SpeedView):
        if view.stage is Stage.START:
            return no_names(labels.flip_start), GOLD
        return (no_names(labels.stuck), GOLD) if view.stalemate else (no_names(labels.play), TEXT)
    if view.stage is Stage.SLAP:
        if view.chooser is None:
            return no_names(labels.slap), GOLD
        if view.chooser == seat:
            return no_names(labels.you_choose), GOLD
        return _about(labels.chooses, names, view.chooser), GOLD
    if view.stage is Stage.START:
        return no_names(labels.start), GOLD
    if view.stalemate:
        spitters = _spitters(view)
        if len(spitters) == 1:
            if spitters[0] == seat:
                return no_names(labels.you_spit_alone), GOLD
            return _about(labels.stalemate_alone, names, spitters[0]), GOLD
        return no_names(labels.stalemate), GOLD
    return no_names(labels.play), TEXT


def _corner(view: View, labels: Labels) -> str:
    """Top right: the layout number in Spit, the deal and the target in Speed with a target."""
    if isinstance(view, SpitView):
        return labels.layout.format(number=view.layouts_dealt)
    if view.options.target is not None:
        return labels.counted(labels.deal, number=view.deal_number, target=view.options.target)
    return ""


def _headline(
    canvas: Image.Image, view: View, seat: int | None, names: Sequence[str], labels: Labels
) -> None:
    """The status (from ``seat``'s side) on the left, the layout or deal on the right."""
    corner = _corner(view, labels)
    used = 0
    if corner:
        used = _paste_text(
            canvas, (WIDTH - MARGIN, MARGIN + 8), corner, LABEL_SIZE, DIM, BG, align="right", max_width=360
        )
    status, colour = _status(view, seat, names, labels)
    room = WIDTH - 2 * MARGIN - used - 24
    _paste_sentence(canvas, (MARGIN, MARGIN), status, STATUS_SIZE, colour, BG, bold=True, max_width=room)


# -- the table -------------------------------------------------------------------------------------

PANEL_PAD = 12
PILE_CARD = (104, 146)
PILE_GAP = 16
SPIT_GAP = 44
"""Between a Spit layout and its spit cards; in Speed, between the hand and the stock."""
HAND_STEP = 40
"""How far apart the backs of a Speed hand lie in its fan on the table."""
CENTRE_CARD = (140, 196)
CENTRE_GAP = 64
SIDE_GAP = 36
CAPTION = 4 + line_height(COUNT_SIZE)
"""A caption under a card: a small gap and a line (a pile's count, the tallest)."""
HEADER_TOP = MARGIN + line_height(STATUS_SIZE) + 8
CARDS_DY = PANEL_PAD + line_height(NAME_SIZE) + 4
"""From the top of a seat's panel to the top of its cards."""
STACK = STACK_DEPTH * STACK_STEP
"""Room under a Spit stock pile for the edges of the cards under its top."""
SEAT_PANEL = (WIDTH - 2 * MARGIN, CARDS_DY + PILE_CARD[1] + STACK + CAPTION + PANEL_PAD - 4)
BAND_GAP = 16
CENTRE_TOP = HEADER_TOP + SEAT_PANEL[1] + BAND_GAP
BOTTOM_TOP = CENTRE_TOP + CENTRE_CARD[1] + CAPTION + BAND_GAP
TABLE_SIZE = (WIDTH, BOTTOM_TOP + SEAT_PANEL[1] + MARGIN)
"""Both games' tables have this size."""


def seat_origin(seat: int) -> tuple[int, int]:
    """Top-left corner of ``seat``'s panel on the table: seat 1 on top, seat 0 at the bottom."""
    return MARGIN, HEADER_TOP if seat == 1 else BOTTOM_TOP


def _row_x(width: int) -> int:
    """Left edge of a row of ``width`` centred on the table."""
    return (WIDTH - width) // 2


def spit_row(piles: int, seat: int) -> tuple[int, tuple[int, ...]]:
    """Where a Spit seat's cards lie on the table: its spit cards' x and each stock pile's x.
    The spit cards lie at the end on their own centre pile's side: left for seat 0, right for 1."""
    layout = piles * PILE_CARD[0] + (piles - 1) * PILE_GAP
    x = _row_x(layout + SPIT_GAP + PILE_CARD[0])
    if seat == 0:
        spit, first = x, x + PILE_CARD[0] + SPIT_GAP
    else:
        spit, first = x + layout + SPIT_GAP, x
    return spit, tuple(first + index * (PILE_CARD[0] + PILE_GAP) for index in range(piles))


def speed_row() -> tuple[int, int]:
    """Where a Speed seat's cards lie on the table: the hand's fan's x and the stock's x."""
    fan = PILE_CARD[0] + (HAND - 1) * HAND_STEP
    x = _row_x(fan + SPIT_GAP + PILE_CARD[0])
    return x, x + fan + SPIT_GAP


def centre_x(card: tuple[int, int] = CENTRE_CARD) -> tuple[int, int]:
    """The x of the left and right centre piles of ``card``'s size, centred on the picture."""
    left = _row_x(2 * card[0] + CENTRE_GAP)
    return left, left + card[0] + CENTRE_GAP


def side_x() -> tuple[int, int]:
    """The x of Speed's two side piles on the table, outside the centre piles."""
    left, right = centre_x()
    return left - SIDE_GAP - PILE_CARD[0], right + CENTRE_CARD[0] + SIDE_GAP


def _framed(view: View) -> tuple[int, ...]:
    """The seats whose panels are framed: the winner, or the seats the game waits for."""
    if view.outcome is not None:
        return (view.outcome.winner,)
    return view.waiting_for


def _seat_panel(
    canvas: Image.Image, origin: tuple[int, int], name: str, notes: Sequence[tuple[str, bool]], framed: bool
) -> None:
    """A seat's panel without its cards: framed in gold when the game waits for the seat (or it
    won), the name, and on the right short notes (``(text, gold)``), the last one rightmost.
    The frame and every text are cached tiles: the notes change with every play."""
    x0, y0 = origin
    canvas.paste(rounded_tile(PALETTE, SEAT_PANEL, PANEL, GOLD if framed else PANEL, 4, 16, BG), origin)
    x = x0 + SEAT_PANEL[0] - PANEL_PAD - 4
    for text, gold in reversed(notes):
        colour = GOLD if gold else DIM
        x -= _paste_text(
            canvas, (x, y0 + PANEL_PAD + 4), text, NUMBER_SIZE, colour, PANEL, bold=gold, align="right"
        )
        x -= 16
    room = x - x0 - 2 * PANEL_PAD
    _paste_text(
        canvas,
        (x0 + PANEL_PAD + 4, y0 + PANEL_PAD - 4),
        name,
        NAME_SIZE,
        TEXT,
        PANEL,
        bold=True,
        max_width=room,
    )


def _notes(view: View, seat: int, labels: Labels) -> list[tuple[str, bool]]:
    """What a seat's panel says on the right: a call made, and cards left or points."""
    notes: list[tuple[str, bool]] = []
    if seat in view.called:
        notes.append((labels.ready, True))
    if isinstance(view, SpitView):
        left = sum(pile.size for pile in view.layouts[seat]) + view.spit_cards[seat]
        notes.append((labels.counted(labels.cards_left, count=left), False))
    elif view.options.target is not None:
        notes.append((labels.counted(labels.points, points=view.totals[seat]), False))
    return notes


def _stock_pile_tile(pile: PileView, size: tuple[int, int], bg: RGB) -> Image.Image:
    """A Spit stock pile: its top face up, or a back if the top lies face down, with the edges of
    the cards under it; or an empty place."""
    return stack_tile(pile.top, pile.size, *size, bg)


def _spit_seat(canvas: Image.Image, view: SpitView, seat: int, y: int, labels: Labels) -> None:
    spit_x, piles_x = spit_row(view.options.piles, seat)
    spit = _back_or_slot(PILE_CARD, PANEL, view.spit_cards[seat])
    _pile(canvas, (spit_x, y), spit, labels.spit, PANEL, 140, PILE_CARD[1] + STACK)
    for x, pile in zip(piles_x, view.layouts[seat], strict=True):
        caption = labels.counted(labels.pile_size, count=pile.size) if pile.size else ""
        _pile(
            canvas, (x, y), _stock_pile_tile(pile, PILE_CARD, PANEL), caption, PANEL, PILE_CARD[0], count=True
        )


def _speed_seat(canvas: Image.Image, view: SpeedView, seat: int, y: int, labels: Labels) -> None:
    hand_x, stock_x = speed_row()
    held = view.hand_sizes[seat]
    for index in range(max(held, 1)):
        tile = back_tile(PALETTE, *PILE_CARD, PANEL, None) if held else slot_tile(PALETTE, *PILE_CARD, PANEL)
        canvas.paste(tile, (hand_x + index * HAND_STEP, y))
    fan = PILE_CARD[0] + (HAND - 1) * HAND_STEP
    caption = labels.counted(labels.hand, count=held)
    _paste_text(
        canvas,
        (hand_x + fan // 2, y + PILE_CARD[1] + 4),
        caption,
        LABEL_SIZE,
        DIM,
        PANEL,
        max_width=fan,
        align="centre",
    )
    _pile(
        canvas,
        (stock_x, y),
        _back_or_slot(PILE_CARD, PANEL, view.stock_sizes[seat]),
        labels.stock,
        PANEL,
        180,
    )


def table_png(view: View, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """The public table of either game. Spit: each layout (face-up tops, backs for face-down
    tops, pile sizes), the spit cards, the centre piles and their sizes. Speed: each hand as a
    fan of backs with its size, each stock, the side piles and the centre piles. Both: who is
    waited for or won (framed, and in the headline), calls made, cards left (Spit) or points
    (Speed with a target). The view's seat, if any, is ignored: this picture is for everyone,
    and a Speed hand is never drawn face up here."""
    _check_names(names)
    canvas = PALETTE.canvas(TABLE_SIZE, BG)
    _headline(canvas, view, None, names, labels)

    framed = _framed(view)
    for seat in SEATS:
        x, y = seat_origin(seat)
        _seat_panel(canvas, (x, y), names[seat], _notes(view, seat, labels), seat in framed)
        if isinstance(view, SpitView):
            _spit_seat(canvas, view, seat, y + CARDS_DY, labels)
        else:
            _speed_seat(canvas, view, seat, y + CARDS_DY + STACK // 2, labels)
    _centre(canvas, view, CENTRE_CARD, CENTRE_TOP, labels)
    if isinstance(view, SpeedView):
        side_y = CENTRE_TOP + (CENTRE_CARD[1] - PILE_CARD[1]) // 2
        for side, x in zip(CENTRE_PILES, side_x(), strict=True):
            _pile(
                canvas, (x, side_y), _back_or_slot(PILE_CARD, BG, view.side_sizes[side]), labels.side, BG, 160
            )
    return encode(canvas)


# -- the private panel -----------------------------------------------------------------------------

BIG_CENTRE = (150, 210)
BIG_CARD = (160, 224)
BIG_GAP = 18
NUMBER_BADGE = (64, 56)


@dataclass(frozen=True, slots=True)
class PanelLayout:
    """Where the private panel puts things, top to bottom: the centre piles, a caption line,
    the number badges, the player's cards (a Spit layout or a Speed hand) and their sizes."""

    centre_y: int
    caption_y: int
    badges_y: int
    cards_y: int
    cards_x: tuple[int, ...]
    height: int

    @classmethod
    def of(cls, places: int) -> "PanelLayout":
        """The layout for ``places`` card places (stock piles, or a full hand)."""
        centre_y = HEADER_TOP
        caption_y = centre_y + BIG_CENTRE[1] + CAPTION + 20
        badges_y = caption_y + line_height(LABEL_SIZE) + 6
        cards_y = badges_y + NUMBER_BADGE[1] + 8
        first = _row_x(places * BIG_CARD[0] + (places - 1) * BIG_GAP)
        return cls(
            centre_y=centre_y,
            caption_y=caption_y,
            badges_y=badges_y,
            cards_y=cards_y,
            cards_x=tuple(first + place * (BIG_CARD[0] + BIG_GAP) for place in range(places)),
            height=cards_y + BIG_CARD[1] + STACK + CAPTION + MARGIN,
        )


def panel_layout(view: View) -> PanelLayout:
    return PanelLayout.of(view.options.piles if isinstance(view, SpitView) else HAND)


def panel_png(view: View, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """One player's private picture (``view`` is their seat's): the headline from their side,
    the centre piles big (left and right, as the buttons say), and their own cards numbered 1, 2,
    3... like the buttons that play them. Spit: the layout's piles (tops face up, backs for tops
    to turn up, empty spaces) with their sizes, and the spit cards left. Speed: the hand face up
    and the stock's size."""
    seat = view.seat
    if seat is None:
        raise ValueError("the private panel is drawn from a seat's view")
    _check_names(names)
    layout = panel_layout(view)
    canvas = PALETTE.canvas((WIDTH, layout.height), BG)
    _headline(canvas, view, seat, names, labels)
    _centre(canvas, view, BIG_CENTRE, layout.centre_y, labels)

    if isinstance(view, SpitView):
        title, aside = labels.your_layout, labels.counted(labels.spit_cards, count=view.spit_cards[seat])
        tiles = [_stock_pile_tile(pile, BIG_CARD, BG) for pile in view.layouts[seat]]
        sizes = [pile.size for pile in view.layouts[seat]]
        captions = [labels.counted(labels.pile_size, count=size) if size else "" for size in sizes]
        numbered = len(tiles)
    else:
        hand = view.hand or ()
        title, aside = labels.your_hand, labels.counted(labels.your_stock, count=view.stock_sizes[seat])
        tiles = [card_tile(card, *BIG_CARD, BG) for card in hand]
        tiles += [slot_tile(PALETTE, *BIG_CARD, BG)] * (HAND - len(hand))
        captions = [""] * HAND
        numbered = len(hand)
    left, right = layout.cards_x[0], layout.cards_x[-1] + BIG_CARD[0]
    width = _paste_text(
        canvas, (left, layout.caption_y), title, LABEL_SIZE, DIM, BG, bold=True, max_width=480
    )
    _paste_text(
        canvas,
        (right, layout.caption_y),
        aside,
        LABEL_SIZE,
        DIM,
        BG,
        align="right",
        max_width=right - left - width - 24,
    )
    for place, (x, tile, caption) in enumerate(zip(layout.cards_x, tiles, captions, strict=True)):
        if place < numbered:
            number = badge(PALETTE, str(place + 1), NUMBER_BADGE, BG)
            canvas.paste(number, (x + (BIG_CARD[0] - NUMBER_BADGE[0]) // 2, layout.badges_y))
        _pile(canvas, (x, layout.cards_y), tile, caption, BG, BIG_CARD[0], count=True)
    return encode(canvas)


# -- the results -----------------------------------------------------------------------------------

ROW_SIZE = (WIDTH - 2 * MARGIN, 64)
ROW_PITCH = 76
NAME_X = MARGIN + 24
FIRST_COLUMN = WIDTH - MARGIN - 220
LAST_COLUMN = WIDTH - MARGIN - 24
ROWS_TOP = MARGIN + line_height(STATUS_SIZE) + 16 + line_height(LABEL_SIZE) + 8
RESULTS_SIZE = (WIDTH, ROWS_TOP + len(SEATS) * ROW_PITCH + 8 + line_height(NUMBER_SIZE) + MARGIN)


def _results_table(
    view: View, names: Sequence[str], labels: Labels, deal: DealWon | None
) -> tuple[Sentence, int, tuple[str, ...], tuple[tuple[str, ...], ...], str]:
    """The title, the winner, the column headings, each seat's cells and the note under the
    rows. Spit and Speed without a target: the cards each player still held. Speed with a
    target: the deal's points and the running totals."""
    if isinstance(view, SpeedView) and view.options.target is not None:
        if deal is None:
            raise ValueError("Speed with a target shows a deal's result: pass its DealWon")
        winner = deal.seat
        if view.outcome is None:
            # The next deal has started: the view is of it.
            title = _about(labels.deal_won, names, winner, number=view.deal_number - 1)
        else:
            title = _about(labels.wins, names, winner)
        cells = tuple((f"+{deal.points if seat == winner else 0}", str(deal.totals[seat])) for seat in SEATS)
        note = labels.counted(labels.first_to, target=view.options.target)
        return title, winner, (labels.deal_points, labels.total), cells, note
    if view.outcome is None:
        raise ValueError("results are drawn once the game has ended")
    winner = view.outcome.winner
    if isinstance(view, SpitView):
        held = view.outcome.cards_left
        note = labels.counted(labels.layouts, count=view.layouts_dealt)
    else:
        held = tuple(view.hand_sizes[seat] + view.stock_sizes[seat] for seat in SEATS)
        note = ""
    title = _about(labels.wins, names, winner)
    return title, winner, (labels.cards,), tuple((str(held[seat]),) for seat in SEATS), note


def results_png(
    view: View, names: Sequence[str], labels: Labels = ENGLISH, deal: DealWon | None = None
) -> bytes:
    """The end of a game (or of a Speed deal): the winner in the title, then a row per player,
    the winner's first and framed in gold. Spit, and Speed without a target: the cards each
    still held, from the ended game's view. Speed with a target: ``deal`` is the deal's
    ``DealWon`` event and ``view`` the game's view after it (the next deal's, unless the game
    ended); the rows show the deal's points and the running totals."""
    _check_names(names)
    title, winner, headings, cells, note = _results_table(view, names, labels, deal)
    canvas = PALETTE.canvas(RESULTS_SIZE, BG)
    _paste_sentence(
        canvas, (MARGIN, MARGIN), title, STATUS_SIZE, GOLD, BG, bold=True, max_width=WIDTH - 2 * MARGIN
    )
    columns = (FIRST_COLUMN, LAST_COLUMN)[-len(headings) :]
    heading_y = MARGIN + line_height(STATUS_SIZE) + 16
    left = NAME_X + _paste_text(
        canvas, (NAME_X, heading_y), labels.player, LABEL_SIZE, DIM, BG, max_width=FIRST_COLUMN - 200
    )
    for x, heading in zip(columns, headings, strict=True):
        # A heading may reach left to the one before it: "Cards left" is wider than its numbers.
        _paste_text(
            canvas, (x, heading_y), heading, LABEL_SIZE, DIM, BG, align="right", max_width=x - left - 24
        )
        left = x
    room = columns[0] - NAME_X - text_width("+000", NAME_SIZE, True) - 24
    for row, seat in enumerate((winner, 1 - winner)):
        row_y = ROWS_TOP + row * ROW_PITCH
        frame = GOLD if seat == winner else PANEL
        canvas.paste(rounded_tile(PALETTE, ROW_SIZE, PANEL, frame, 3, 12, BG), (MARGIN, row_y))
        text_y = top_for_middle(row_y + ROW_SIZE[1] // 2, NAME_SIZE)
        _paste_text(canvas, (NAME_X, text_y), names[seat], NAME_SIZE, TEXT, PANEL, bold=True, max_width=room)
        for x, cell in zip(columns, cells[seat], strict=True):
            _paste_text(canvas, (x, text_y), cell, NAME_SIZE, TEXT, PANEL, bold=True, align="right")
    if note:
        note_y = ROWS_TOP + len(SEATS) * ROW_PITCH + 8
        _paste_text(canvas, (MARGIN, note_y), note, NUMBER_SIZE, DIM, BG, max_width=WIDTH - 2 * MARGIN)
    return encode(canvas)


# -- real positions to draw, played by the AI, for the benches -------------------------------------


def played_views(deal: Callable[[int], SpitState | SpeedState], views: int = 80, skip: int = 8) -> list[View]:
    """``views`` consecutive public views of AI-played games (the fastest choice wins each step,
    as at a table), each game after its first ``skip`` actions (a Speed deal can be over in 40
    actions, so the games follow one another): real positions for the benches to draw."""
    # Imported here: only the benches play; the painter that draws these pictures needs no AI.
    from engine.rng import Rng, derive_seed
    from engine.spit import Level, choose

    public: list[View] = []
    seed = 0
    while len(public) < views:
        game = deal(seed)
        rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in SEATS]
        step = 0
        while game.outcome is None and len(public) < views:
            choices = [choice for seat in SEATS if (choice := choose(game, seat, Level.NORMAL, rngs[seat]))]
            game.apply(min(choices, key=lambda choice: choice.delay).action)
            step += 1
            if step > skip:
                public.append(game.view())
        seed += 1
    return public


# -- at its busiest, for the legibility bench (render/legibility.py) -------------------------------


@dataclass(frozen=True, slots=True)
class Busiest:
    """Spit's or Speed's pictures where they are hardest to read."""

    tables: tuple[View, ...]
    panels: tuple[View, ...]
    results: tuple[tuple[View, DealWon | None], ...]
    """Each view with the Speed deal it ends, if it ends one."""


def busiest_spit() -> Busiest:
    """A Spit table in its 12th layout (an AI game's, a few moves in) with a call made and the
    other player waited for, and the same game won; seat 0's panel of each; the results."""
    # Imported here, as the AI above: only the bench makes these positions.
    from dataclasses import replace

    from engine.spit.state import Outcome, SpitOptions, new_game

    view = played_views(partial(new_game, 2, SpitOptions()), views=1)[-1]
    assert isinstance(view, SpitView)
    busy = replace(view, called=(0,), waiting_for=(1,), spit_cards=(11, 11), layouts_dealt=12)
    over = replace(busy, outcome=Outcome(winner=1, cards_left=(21, 0)))
    return Busiest(
        tables=(busy, over),
        panels=(replace(busy, seat=0), replace(over, seat=0)),
        results=((over, None),),
    )


def busiest_speed() -> Busiest:
    """A Speed table to a target of 100 in its 12th deal (an AI game's, a few moves in) with a
    call made, and the same game won; seat 0's panel of each; the deal's results, and the game's."""
    # Imported here, as the AI above: only the bench makes these positions.
    from dataclasses import replace

    from engine.spit.speed import SpeedOptions, SpeedOutcome, new_game

    view = played_views(partial(new_game, 2, SpeedOptions(target=100)), views=1)[-1]
    assert isinstance(view, SpeedView)
    busy = replace(view, called=(0,), waiting_for=(1,), totals=(99, 87), deal_number=12)
    over = replace(busy, outcome=SpeedOutcome(winner=1, totals=(99, 121)))
    deal = DealWon(seat=1, points=21, totals=(99, 121))
    return Busiest(
        tables=(busy, over),
        panels=(replace(busy, seat=0), replace(over, seat=0)),
        results=((busy, deal), (over, deal)),
    )


def _busiest_tables(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(table_png, view, names[:2], labels) for view in at.tables]


def _busiest_panels(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(panel_png, view, names[:2], labels) for view in at.panels]


def _busiest_results(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(results_png, view, names[:2], labels, deal) for view, deal in at.results]


LEGIBILITY: tuple[Scene[Busiest, Labels], ...] = (
    Scene("spit.table", busiest_spit, _busiest_tables),
    Scene("spit.panel", busiest_spit, _busiest_panels),
    Scene("spit.results", busiest_spit, _busiest_results),
    Scene("speed.table", busiest_speed, _busiest_tables),
    Scene("speed.panel", busiest_speed, _busiest_panels),
    Scene("speed.results", busiest_speed, _busiest_results),
)
"""Spit's and Speed's pictures at their busiest, for bench/bench_legibility.py."""
