"""League pictures: a ranked table (a season's standings, a skill leaderboard).

Like :mod:`render.toppo`, it is a pure function of plain values plus the words, which the
caller takes from the message catalogue (:class:`Labels` holds the English defaults; a title
and a column heading come in with the rows, since they depend on the league and the game).
Numbers arrive as the text to show (money as "$1,250,000"), so the picture never formats for a
language. Names are drawn in any script, and colour is never the only cue: the leaders are
framed in gold *and* carry rank 1.

Sized for phones like the table pictures: 1000 pixels wide, names 40 pixels high.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.canvas import Palette, encode, paste_sentence, paste_text, rounded_tile
from render.fonts import RGB, Sentence, line_height, no_names, text_width, top_for_middle
from render.theme import BG, DIM, GOLD, PANEL, TEXT

WIDTH = 1000
MARGIN = 24
TITLE_SIZE = 44
NAME_SIZE = 40
NUMBER_SIZE = 36
LABEL_SIZE = 30

PALETTE = Palette(
    colours=[BG, PANEL, TEXT, DIM, GOLD],
    ramps=[(TEXT, BG), (TEXT, PANEL), (DIM, BG), (DIM, PANEL), (GOLD, BG), (GOLD, PANEL)],
)


@dataclass(frozen=True, slots=True)
class Labels:
    """The fixed words on the league pictures; the caller passes its locale's."""

    rank: str = "#"
    player: str = "Player"
    games: str = "Games"
    nobody: str = "No games counted yet."


ENGLISH = Labels()


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a ranked table: ``value`` is the game's measure as shown (or a rating)."""

    rank: int
    name: str
    games: int
    value: str
    mine: bool = False
    """The reader's own line, framed so they find it."""


def _text(
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
    return paste_text(PALETTE, canvas, xy, text, size, fg, bg, bold=bold, max_width=max_width, align=align)


# -- the ranked table ------------------------------------------------------------------------------

ROW_HEIGHT = 60
ROW_PITCH = 68
GAP_PITCH = 44
"""The "…" between the top of the table and a line further down (the reader's own)."""
RANK_X = MARGIN + 18
NAME_X = MARGIN + 104
VALUE_RIGHT = WIDTH - MARGIN - 24
HEAD_TOP = MARGIN + line_height(TITLE_SIZE) + 8 + line_height(LABEL_SIZE) + 18
ROWS_TOP = HEAD_TOP + line_height(LABEL_SIZE) + 8


@dataclass(frozen=True, slots=True)
class Columns:
    """Where a ranked table's columns go: names end at ``name_right``, games numbers are
    right-aligned at ``games_right`` and start no further left than ``games_left``, values are
    right-aligned at :data:`VALUE_RIGHT` and at most ``value_width`` wide."""

    name_right: int
    games_left: int
    games_right: int
    value_width: int

    @classmethod
    def of(cls, measure: str, rows: Sequence[Row], labels: Labels) -> "Columns":
        """Columns as wide as their widest entry (the value column at most a third of the row)."""
        widest = max(
            [text_width(measure, LABEL_SIZE)] + [text_width(r.value, NUMBER_SIZE, True) for r in rows]
        )
        value_width = min(widest, (WIDTH - 2 * MARGIN) // 3)
        games_right = VALUE_RIGHT - value_width - 36
        games = max(
            [text_width(labels.games, LABEL_SIZE)] + [text_width(str(r.games), NUMBER_SIZE) for r in rows]
        )
        return cls(games_right - games - 24, games_right - games, games_right, value_width)


def table_size(rows: int, below: bool = False) -> tuple[int, int]:
    """The ranked table's size for ``rows`` lines, and one more after a gap if ``below``."""
    body = rows * ROW_PITCH + (GAP_PITCH + ROW_PITCH) * below if rows else line_height(NAME_SIZE) + 16
    return WIDTH, ROWS_TOP + body + MARGIN


def table_png(
    title: str | Sentence,
    subtitle: str,
    measure: str,
    rows: Sequence[Row],
    below: Row | None = None,
    labels: Labels = ENGLISH,
) -> bytes:
    """A ranked table: ``title`` (the league, game and season, say) and ``subtitle`` over
    columns for rank, player, games and ``measure``, the ``rows`` in order, then after a "…"
    gap the line ``below`` them, if any (the reader's own, further down). The best rank is
    framed in gold, the reader's own line in white. A title that names a league (a
    :data:`~render.fonts.Sentence`) has the name shortened to fit; a title or subtitle too long
    for the picture is made smaller, never cut."""
    canvas = PALETTE.canvas(table_size(len(rows), below is not None), BG)
    lines = [*rows, below] if below is not None else list(rows)
    room = WIDTH - 2 * MARGIN
    said = no_names(title) if isinstance(title, str) else title
    paste_sentence(PALETTE, canvas, (MARGIN, MARGIN), said, TITLE_SIZE, GOLD, BG, bold=True, max_width=room)
    subtitle_y = MARGIN + line_height(TITLE_SIZE) + 8
    paste_sentence(
        PALETTE, canvas, (MARGIN, subtitle_y), no_names(subtitle), LABEL_SIZE, DIM, BG, max_width=room
    )

    columns = Columns.of(measure, lines, labels)
    games_right, value_width = columns.games_right, columns.value_width
    name_room = columns.name_right - NAME_X

    _text(canvas, (RANK_X, HEAD_TOP), labels.rank, LABEL_SIZE, DIM, BG)
    _text(canvas, (NAME_X, HEAD_TOP), labels.player, LABEL_SIZE, DIM, BG, max_width=name_room)
    _text(canvas, (games_right, HEAD_TOP), labels.games, LABEL_SIZE, DIM, BG, align="right")
    _text(canvas, (VALUE_RIGHT, HEAD_TOP), measure, LABEL_SIZE, DIM, BG, align="right", max_width=value_width)

    y = ROWS_TOP
    if not rows:
        _text(canvas, (NAME_X, y + 8), labels.nobody, NAME_SIZE, DIM, BG, max_width=WIDTH - MARGIN - NAME_X)
    best = min((row.rank for row in lines), default=0)
    for index, row in enumerate(lines):
        if index == len(rows):
            _text(canvas, (NAME_X, y), "…", NAME_SIZE, DIM, BG, bold=True)
            y += GAP_PITCH
        frame = GOLD if row.rank == best else TEXT if row.mine else PANEL
        canvas.paste(
            rounded_tile(PALETTE, (WIDTH - 2 * MARGIN, ROW_HEIGHT), PANEL, frame, 3, 12, BG), (MARGIN, y)
        )
        middle = y + ROW_HEIGHT // 2
        name_y = top_for_middle(middle, NAME_SIZE)
        number_y = top_for_middle(middle, NUMBER_SIZE)
        rank_colour = GOLD if row.rank == best else DIM
        _text(canvas, (RANK_X, name_y), str(row.rank), NAME_SIZE, rank_colour, PANEL, bold=True)
        _text(canvas, (NAME_X, name_y), row.name, NAME_SIZE, TEXT, PANEL, bold=True, max_width=name_room)
        _text(canvas, (games_right, number_y), str(row.games), NUMBER_SIZE, DIM, PANEL, align="right")
        _text(
            canvas,
            (VALUE_RIGHT, number_y),
            row.value,
            NUMBER_SIZE,
            TEXT,
            PANEL,
            bold=True,
            align="right",
            max_width=value_width,
        )
        y += ROW_PITCH
    return encode(canvas)
