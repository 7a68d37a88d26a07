"""The Toppo pictures: the public table, a player's private line, and the results.

Each is a pure function of the engine's views (:class:`~engine.toppo.state.ToppoView`,
:class:`~engine.toppo.series.SeriesView`) plus what the engine does not know: the players' names
(it has seat numbers) and the words, which the caller takes from the message catalogue
(:class:`~words.toppo.Labels`; :data:`ENGLISH`, its English defaults).

Sized for phones: Discord shows a picture about 400-550 pixels wide there, so the pictures are
1000 pixels wide with names and numbers 34-44 pixels high (17-24 on the phone) and cards at least
70 pixels wide. Display slots carry letters and line cards numbers drawn like Discord's grey
buttons, so "match on B" and "card 2" point at what the buttons say.

Speed: every face, name and number is a cached palette tile (:mod:`render.canvas`), so a picture
is a blank canvas, some pastes and a fast PNG encode (about 5 ms for 8 players, most of it zlib);
the table code still calls these from a worker thread, as Pillow holds the GIL in parts.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image

from engine.toppo.cards import Card
from engine.toppo.series import SeriesView
from engine.toppo.state import TOPPO_LIMIT, ToppoView
from render.canvas import badge, encode, paste_sentence, paste_text, rounded_tile
from render.cards import back_tile, slot_tile
from render.fonts import RGB, Sentence, line_height, text_width, top_for_middle
from render.legibility import Render, Scene
from render.theme import BG, DIM, GOLD, PANEL, TEXT
from render.toppo_cards import PALETTE, card_tile
from words.toppo import SLOT_LETTERS, Labels

WIDTH = 1000
MARGIN = 24

STATUS_SIZE = 44
NAME_SIZE = 40
NUMBER_SIZE = 34
LABEL_SIZE = 30


ENGLISH = Labels()


# -- shared pieces ---------------------------------------------------------------------------------


_paste_text = partial(paste_text, PALETTE)
_paste_sentence = partial(paste_sentence, PALETTE)


def _cards_row(
    canvas: Image.Image,
    origin: tuple[int, int],
    cards: Sequence[Card],
    places: int,
    size: tuple[int, int],
    gap: int,
    bg: RGB,
    labels: Labels,
) -> None:
    """``places`` card places from ``origin``: the cards face up (marked in ``labels``'
    language), then empty places."""
    x, y = origin
    for place in range(places):
        if place < len(cards):
            tile = card_tile(cards[place], *size, bg, labels.mark(cards[place]))
        else:
            tile = slot_tile(PALETTE, *size, bg)
        canvas.paste(tile, (x + place * (size[0] + gap), y))


def _badges_row(
    canvas: Image.Image, origin: tuple[int, int], texts: str, size: tuple[int, int], card_width: int, gap: int
) -> None:
    """One badge centred under (or over) each card place of a row starting at ``origin``."""
    x, y = origin
    for place, text in enumerate(texts):
        centre = x + place * (card_width + gap) + card_width // 2
        canvas.paste(badge(PALETTE, text, size, BG), (centre - size[0] // 2, y))


def _status(view: ToppoView, names: Sequence[str], labels: Labels) -> tuple[Sentence, RGB]:
    """The headline (names may be shortened to fit it) and its colour: gold while someone is
    waited for or has won."""
    outcome, restarter = view.outcome, view.restarter
    if outcome is not None:
        return lambda name: labels.toppo.format(name=name(names[outcome.caller])), GOLD
    if restarter is not None:
        if view.seat == restarter:
            return lambda _: labels.you_restart, GOLD
        return lambda name: labels.waiting.format(name=name(names[restarter])), GOLD
    return lambda _: labels.play, TEXT


def _headline(
    canvas: Image.Image, view: ToppoView, names: Sequence[str], game: int | None, labels: Labels
) -> None:
    """The status on the left, the game number on the right."""
    used = 0
    if game is not None:
        text = labels.game.format(number=game)
        used = _paste_text(canvas, (WIDTH - MARGIN, MARGIN + 8), text, LABEL_SIZE, DIM, BG, align="right")
    status, colour = _status(view, names, labels)
    room = WIDTH - 2 * MARGIN - used - 24
    _paste_sentence(canvas, (MARGIN, MARGIN), status, STATUS_SIZE, colour, BG, bold=True, max_width=room)


def _check_seats(view: ToppoView, names: Sequence[str], totals: Sequence[int] | None = None) -> None:
    """One name (and one total, if any) per seat: a mismatch is the caller's bug, said clearly."""
    if len(names) != view.players:
        raise ValueError(f"{len(names)} names for {view.players} seats")
    if totals is not None and len(totals) != view.players:
        raise ValueError(f"{len(totals)} totals for {view.players} seats")


# -- the table -------------------------------------------------------------------------------------

DISPLAY_CARD = (132, 185)
DISPLAY_GAP = 14
SLOT_BADGE = (52, 42)
PILE = (60, 84)
PILE_COLUMN = 232
"""Width of the stock / topped column right of the display."""
LINE_CARD = (70, 98)
LINE_GAP = 6
DECK = (56, 98)
PANEL_PAD = 12
PANEL_SIZE = ((WIDTH - 2 * MARGIN - 16) // 2, 8 + line_height(NAME_SIZE) + 6 + LINE_CARD[1] + PANEL_PAD)
"""Two panels side by side; a panel holds the name row, then the deck and the line."""
PANEL_GAP = 12
HEADER_TOP = MARGIN + line_height(STATUS_SIZE) + 12
GRID_TOP = HEADER_TOP + DISPLAY_CARD[1] + 8 + SLOT_BADGE[1] + 20


def table_size(players: int) -> tuple[int, int]:
    """The table picture's size: two columns of player panels under the display."""
    rows = (players + 1) // 2
    return WIDTH, GRID_TOP + rows * PANEL_SIZE[1] + (rows - 1) * PANEL_GAP + MARGIN


def display_origin(display_size: int) -> tuple[int, int]:
    """Top-left corner of the first display card on the table: centred left of the piles."""
    room = WIDTH - 2 * MARGIN - PILE_COLUMN
    used = display_size * DISPLAY_CARD[0] + (display_size - 1) * DISPLAY_GAP
    return MARGIN + (room - used) // 2, HEADER_TOP


def panel_origin(seat: int) -> tuple[int, int]:
    """Top-left corner of ``seat``'s panel (seats fill rows left to right)."""
    row, column = divmod(seat, 2)
    return MARGIN + column * (PANEL_SIZE[0] + 16), GRID_TOP + row * (PANEL_SIZE[1] + PANEL_GAP)


def line_origin(seat: int) -> tuple[int, int]:
    """Top-left corner of ``seat``'s first line card on the table (right of the deck)."""
    x, y = panel_origin(seat)
    return x + PANEL_PAD + DECK[0] + PANEL_PAD, y + PANEL_SIZE[1] - PANEL_PAD - LINE_CARD[1]


@lru_cache(maxsize=256)
def _panel(
    name: str, voted: bool, score: int | None, total: int | None, framed: bool, places: int, labels: Labels
) -> Image.Image:
    """A player's panel without what changes during play (deck count, line cards): framed in
    gold for the player everyone waits for (or the caller of toppo), the name, a raised hand if
    they voted to replace the display, the game's points once it is over, the running total,
    and the empty line places."""
    tile = rounded_tile(PALETTE, PANEL_SIZE, PANEL, GOLD if framed else PANEL, 4, 16, BG).copy()
    right: list[tuple[str, RGB, bool]] = []
    if voted:
        right.append(("✋", TEXT, False))
    if score is not None:
        right.append((f"+{score}", TEXT, True))
    if total is not None:
        right.append((labels.counted(labels.points, points=total), DIM, False))
    x = PANEL_SIZE[0] - PANEL_PAD
    for text, colour, bold in reversed(right):
        x -= _paste_text(tile, (x, 12), text, NUMBER_SIZE, colour, PANEL, bold=bold, align="right") + 10
    _paste_text(
        tile, (PANEL_PAD + 4, 8), name, NAME_SIZE, TEXT, PANEL, bold=True, max_width=x - PANEL_PAD - 4
    )
    line_x = PANEL_PAD + DECK[0] + PANEL_PAD
    _cards_row(
        tile,
        (line_x, PANEL_SIZE[1] - PANEL_PAD - LINE_CARD[1]),
        (),
        places,
        LINE_CARD,
        LINE_GAP,
        PANEL,
        labels,
    )
    return tile


def table_png(
    view: ToppoView,
    names: Sequence[str],
    totals: Sequence[int] | None = None,
    game_number: int | None = None,
    labels: Labels = ENGLISH,
) -> bytes:
    """The public table: who is waited for or may play, the display (slots lettered), the stock
    and topped piles, votes to replace, and per player the name, running total (``totals`` from
    the series, if any), deck size and line face up; once the game is over, each player's points.
    The view's seat, if any, is ignored: this picture is for everyone."""
    _check_seats(view, names, totals)
    canvas = PALETTE.canvas(table_size(view.players), BG)
    _headline(canvas, view, names, game_number, labels)

    x, y = display_origin(view.display_size)
    _cards_row(canvas, (x, y), view.display, view.display_size, DISPLAY_CARD, DISPLAY_GAP, BG, labels)
    letters = SLOT_LETTERS[: view.display_size]
    _badges_row(canvas, (x, y + DISPLAY_CARD[1] + 8), letters, SLOT_BADGE, DISPLAY_CARD[0], DISPLAY_GAP)

    pile_x = WIDTH - MARGIN - PILE_COLUMN + 16
    piles = (
        (back_tile(PALETTE, *PILE, BG, view.stock_size), labels.stock),
        (slot_tile(PALETTE, *PILE, BG, view.topped_size), labels.topped),
    )
    for row, (tile, label) in enumerate(piles):
        pile_y = y + row * (PILE[1] + 12)
        canvas.paste(tile, (pile_x, pile_y))
        label_y = top_for_middle(pile_y + PILE[1] // 2, LABEL_SIZE)
        room = PILE_COLUMN - PILE[0] - 28
        _paste_text(canvas, (pile_x + PILE[0] + 12, label_y), label, LABEL_SIZE, DIM, BG, max_width=room)
    if view.votes:
        votes = labels.votes.format(votes=len(view.votes), needed=view.votes_needed)
        votes_y = top_for_middle(y + DISPLAY_CARD[1] + 8 + SLOT_BADGE[1] // 2, LABEL_SIZE)
        _paste_text(
            canvas, (pile_x, votes_y), votes, LABEL_SIZE, GOLD, BG, bold=True, max_width=PILE_COLUMN - 16
        )

    outcome = view.outcome
    framed = outcome.caller if outcome is not None else view.restarter
    for seat in range(view.players):
        score = outcome.scores[seat] if outcome is not None else None
        total = totals[seat] if totals is not None else None
        panel = _panel(
            names[seat], seat in view.votes, score, total, seat == framed, view.display_size, labels
        )
        px, py = panel_origin(seat)
        canvas.paste(panel, (px, py))
        lx, ly = line_origin(seat)
        canvas.paste(back_tile(PALETTE, *DECK, PANEL, view.deck_sizes[seat]), (px + PANEL_PAD, ly))
        line = view.lines[seat]
        _cards_row(canvas, (lx, ly), line, len(line), LINE_CARD, LINE_GAP, PANEL, labels)
    return encode(canvas)


# -- the private line ------------------------------------------------------------------------------

BIG_DISPLAY = (150, 210)
BIG_LINE = (170, 238)
BIG_GAP = 18
LETTER_BADGE = (64, 50)
NUMBER_BADGE = (64, 56)


@dataclass(frozen=True, slots=True)
class LineLayout:
    """Where the private line picture puts things, top to bottom."""

    display_x: int
    letters_y: int
    display_y: int
    caption_y: int
    line_x: int
    line_y: int
    numbers_y: int
    hint_y: int
    height: int

    @classmethod
    def of(cls, display_size: int, hints: int = 1) -> "LineLayout":
        """The layout for a display of ``display_size`` with ``hints`` lines of hints under the
        line (room for one is kept when there are none, so the picture's height stays put)."""
        letters_y = MARGIN + line_height(STATUS_SIZE) + 16
        display_y = letters_y + LETTER_BADGE[1] + 10
        caption_y = display_y + BIG_DISPLAY[1] + 20
        line_y = caption_y + line_height(LABEL_SIZE) + 6
        numbers_y = line_y + BIG_LINE[1] + 10
        hint_y = numbers_y + NUMBER_BADGE[1] + 14
        return cls(
            display_x=(WIDTH - display_size * BIG_DISPLAY[0] - (display_size - 1) * BIG_GAP) // 2,
            letters_y=letters_y,
            display_y=display_y,
            caption_y=caption_y,
            line_x=(WIDTH - display_size * BIG_LINE[0] - (display_size - 1) * BIG_GAP) // 2,
            line_y=line_y,
            numbers_y=numbers_y,
            hint_y=hint_y,
            height=hint_y + max(1, hints) * line_height(NUMBER_SIZE) + MARGIN,
        )


def _hints(view: ToppoView, seat: int, labels: Labels) -> list[str]:
    """What the player may want to know before pressing a button, a line each: together they
    would be too wide to read."""
    hints = []
    left = view.deck_sizes[seat] + len(view.lines[seat])
    if view.outcome is None and left < TOPPO_LIMIT:
        hints.append(labels.may_call_toppo)
    if view.matching[seat]:
        hints.append(labels.matching)
    if view.votes:
        votes = labels.votes.format(votes=len(view.votes), needed=view.votes_needed)
        hints.append(f"{votes} ({labels.you_voted})" if seat in view.votes else votes)
    return hints


def line_png(
    view: ToppoView,
    names: Sequence[str],
    game_number: int | None = None,
    labels: Labels = ENGLISH,
) -> bytes:
    """One player's private picture (``view`` is their seat's): the display big with its slots
    lettered A, B, C... (the match buttons), their line big with its cards numbered 1, 2, 3...
    (the line buttons) and empty places still to turn, their deck, and hints (toppo may be
    called, matching goes on, votes to replace)."""
    if view.seat is None:
        raise ValueError("the private line is drawn from a seat's view")
    _check_seats(view, names)
    seat, size = view.seat, view.display_size
    hints = _hints(view, seat, labels)
    layout = LineLayout.of(size, len(hints))
    canvas = PALETTE.canvas((WIDTH, layout.height), BG)
    _headline(canvas, view, names, game_number, labels)

    letters = SLOT_LETTERS[:size]
    _badges_row(canvas, (layout.display_x, layout.letters_y), letters, LETTER_BADGE, BIG_DISPLAY[0], BIG_GAP)
    display_at = (layout.display_x, layout.display_y)
    _cards_row(canvas, display_at, view.display, size, BIG_DISPLAY, BIG_GAP, BG, labels)

    line, deck = view.lines[seat], view.deck_sizes[seat]
    _paste_text(canvas, (layout.line_x, layout.caption_y), labels.your_line, LABEL_SIZE, DIM, BG, bold=True)
    caption = labels.counted(labels.deck, count=deck, left=deck + len(line))
    _paste_text(
        canvas, (WIDTH - layout.line_x, layout.caption_y), caption, LABEL_SIZE, DIM, BG, align="right"
    )
    _cards_row(canvas, (layout.line_x, layout.line_y), line, size, BIG_LINE, BIG_GAP, BG, labels)
    numbers = "".join(str(index + 1) for index in range(len(line)))
    _badges_row(canvas, (layout.line_x, layout.numbers_y), numbers, NUMBER_BADGE, BIG_LINE[0], BIG_GAP)

    for row, hint in enumerate(hints):
        _paste_text(
            canvas,
            (WIDTH // 2, layout.hint_y + row * line_height(NUMBER_SIZE)),
            hint,
            NUMBER_SIZE,
            GOLD,
            BG,
            bold=True,
            max_width=WIDTH - 2 * MARGIN,
            align="centre",
        )
    return encode(canvas)


# -- the results -----------------------------------------------------------------------------------

ROW_SIZE = (WIDTH - 2 * MARGIN, 56)
ROW_PITCH = 64
RANK_X = MARGIN + 20
NAME_X = MARGIN + 84
SCORE_RIGHT = WIDTH - MARGIN - 200
TOTAL_RIGHT = WIDTH - MARGIN - 24
ROWS_TOP = MARGIN + line_height(STATUS_SIZE) + 16 + line_height(LABEL_SIZE) + 8


def results_size(players: int) -> tuple[int, int]:
    return WIDTH, ROWS_TOP + players * ROW_PITCH + 16 + line_height(NUMBER_SIZE) + MARGIN


def _results_title(
    number: int, caller: int, winners: Sequence[int] | None, names: Sequence[str], labels: Labels
) -> Sentence:
    """Who called toppo in game ``number``; once the series is over, its ``winners``."""
    if winners is not None:
        return lambda name: labels.series_over.format(name=" & ".join(name(names[seat]) for seat in winners))
    return lambda name: labels.results.format(number=number, name=name(names[caller]))


def results_png(
    series: SeriesView,
    names: Sequence[str],
    final: bool = False,
    labels: Labels = ENGLISH,
) -> bytes:
    """After a game: who called toppo, then every player from best (lowest running total) to
    worst with the game's points and the total; leaders framed in gold, ties share a rank. The
    player who chooses the next display is named, unless ``final`` ends the series, when the
    title names the winner (or winners, on a tie)."""
    view = series.game
    outcome = view.outcome
    if outcome is None or not series.history:
        raise ValueError("results are drawn once a game has ended")
    _check_seats(view, names)
    totals = series.totals
    standings = sorted(range(view.players), key=lambda seat: totals[seat])
    best = totals[standings[0]]
    canvas = PALETTE.canvas(results_size(view.players), BG)
    winners = [seat for seat in standings if totals[seat] == best]
    title = _results_title(len(series.history), outcome.caller, winners if final else None, names, labels)
    _paste_sentence(
        canvas, (MARGIN, MARGIN), title, STATUS_SIZE, GOLD, BG, bold=True, max_width=WIDTH - 2 * MARGIN
    )

    y = MARGIN + line_height(STATUS_SIZE) + 16
    _paste_text(canvas, (NAME_X, y), labels.player, LABEL_SIZE, DIM, BG)
    _paste_text(canvas, (SCORE_RIGHT, y), labels.score, LABEL_SIZE, DIM, BG, align="right")
    _paste_text(canvas, (TOTAL_RIGHT, y), labels.total, LABEL_SIZE, DIM, BG, align="right")
    for row, seat in enumerate(standings):
        row_y = ROWS_TOP + row * ROW_PITCH
        canvas.paste(
            rounded_tile(PALETTE, ROW_SIZE, PANEL, GOLD if totals[seat] == best else PANEL, 3, 12, BG),
            (MARGIN, row_y),
        )
        text_y = top_for_middle(row_y + ROW_SIZE[1] // 2, NAME_SIZE)
        rank = 1 + sum(1 for other in standings if totals[other] < totals[seat])
        room = SCORE_RIGHT - NAME_X - text_width("+000", NAME_SIZE, True) - 24
        _paste_text(canvas, (RANK_X, text_y), str(rank), NAME_SIZE, DIM, PANEL, bold=True)
        _paste_text(canvas, (NAME_X, text_y), names[seat], NAME_SIZE, TEXT, PANEL, bold=True, max_width=room)
        score_colour = GOLD if seat == outcome.caller else TEXT
        score = f"+{outcome.scores[seat]}"
        _paste_text(
            canvas, (SCORE_RIGHT, text_y), score, NAME_SIZE, score_colour, PANEL, bold=True, align="right"
        )
        _paste_text(
            canvas, (TOTAL_RIGHT, text_y), str(totals[seat]), NAME_SIZE, TEXT, PANEL, bold=True, align="right"
        )
    chooser = series.chooser
    if not final and chooser is not None:
        note_y = ROWS_TOP + view.players * ROW_PITCH + 8
        _paste_sentence(
            canvas,
            (MARGIN, note_y),
            lambda name: labels.next_game.format(name=name(names[chooser])),
            NUMBER_SIZE,
            DIM,
            BG,
            max_width=WIDTH - 2 * MARGIN,
        )
    return encode(canvas)


# -- real positions to draw, played by the AI, for the benches -------------------------------------


def played_views(
    views: int = 60, skip: int = 80, seed: int = 2024
) -> tuple[list[ToppoView], list[ToppoView]]:
    """Consecutive public views and seat 0's views of an AI-played 8-player game with a display
    of 5, after ``skip`` actions (the first fastest AI choice wins each step, as at a real table):
    real positions for the benches to draw."""
    # Imported here: only the benches play; the painter that draws these pictures needs no AI.
    from engine.ai import Level
    from engine.rng import Rng, derive_seed
    from engine.toppo.ai import choose
    from engine.toppo.state import ToppoOptions, new_game

    state = new_game(8, ToppoOptions(display_size=5, start_player=0), seed)
    rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in range(8)]
    public: list[ToppoView] = []
    private: list[ToppoView] = []
    for step in range(skip + views):
        choices = [
            (choice, seat) for seat in range(8) if (choice := choose(state, seat, Level.NORMAL, rngs[seat]))
        ]
        if not choices:
            break
        choice, _ = min(choices, key=lambda pair: pair[0].delay)
        state.apply(choice.action)
        if state.outcome is not None:
            break
        if step >= skip:
            public.append(state.view())
            private.append(state.view(0))
    return public, private


# -- at its busiest, for the legibility bench (render/legibility.py) -------------------------------


@dataclass(frozen=True, slots=True)
class Busiest:
    """Toppo's pictures where they are hardest to read: 8 players in a long series."""

    tables: tuple[ToppoView, ...]
    lines: tuple[ToppoView, ...]
    series: SeriesView
    totals: tuple[int, ...]
    game_number: int


def busiest() -> Busiest:
    """Game 12, 3-digit totals. A running table with a display of 5 (an AI game's, 80 moves in)
    made as busy as the game allows: every line full, votes to replace, 3-digit numbers; the same
    waiting for a restart, and once toppo is called. Seat 0's line with every hint at once (toppo
    may be called, matching, votes including theirs), waiting, and over. The results, the next
    game's chooser named."""
    # Imported here, as the AI above: only the bench makes these positions.
    from dataclasses import replace

    from engine.toppo.cards import parse_cards
    from engine.toppo.series import Series
    from engine.toppo.state import Outcome

    public, _ = played_views(views=1, skip=80)
    lines = tuple(parse_cards("Ro Y# W+ Go B-") for _ in range(8))
    busy = replace(public[-1], lines=lines, votes=(0, 2, 5), deck_sizes=(125,) * 8, stock_size=99)
    over = replace(busy, outcome=Outcome(caller=3, scores=(128, 131, 99, 0, 117, 125, 130, 122)))
    mine = replace(busy, seat=0, deck_sizes=(4,) * 8, matching=(True,) * 8)
    totals = (312, 287, 455, 199, 368, 402, 251, 330)
    series = Series(8, seed=1).view()
    return Busiest(
        tables=(busy, replace(busy, restarter=6), over),
        lines=(mine, replace(mine, restarter=6), replace(over, seat=0)),
        series=replace(series, game=over, totals=totals, history=(None,) * 12, chooser=6),  # type: ignore[arg-type]
        totals=totals,
        game_number=12,
    )


def _busiest_tables(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(table_png, view, names[:8], at.totals, at.game_number, labels) for view in at.tables]


def _busiest_lines(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(line_png, view, names[:8], at.game_number, labels) for view in at.lines]


def _busiest_results(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(results_png, at.series, names[:8], final, labels) for final in (False, True)]


LEGIBILITY: tuple[Scene[Busiest, Labels], ...] = (
    Scene("toppo.table", busiest, _busiest_tables),
    Scene("toppo.line", busiest, _busiest_lines),
    Scene("toppo.results", busiest, _busiest_results),
)
"""Toppo's pictures at their busiest, for bench/bench_legibility.py."""
