"""The league pictures: the ranked table (leaders framed in gold, the reader's own line found and
framed after a gap, long names cut before the numbers)."""

from PIL import Image

from render.standings import (
    GAP_PITCH,
    MARGIN,
    ROW_HEIGHT,
    ROW_PITCH,
    ROWS_TOP,
    VALUE_RIGHT,
    WIDTH,
    Columns,
    Labels,
    Row,
    table_png,
    table_size,
)
from render.theme import DIM, GOLD, PANEL, TEXT
from tests.render.pixels import picture, rgb

ROWS = [
    Row(1, "Ana 🎲", 4, "12"),
    Row(1, "محمد علي", 3, "12"),
    Row(3, "王小明", 4, "20", mine=True),
    Row(4, "Benjamín " * 8, 2, "$1,450,000"),
]


def frame(image: Image.Image, top: int) -> tuple[int, int, int]:
    """The colour of the frame at the top edge of a row starting at ``top``."""
    return rgb(image, (WIDTH // 2, top + 1))


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    left, top, right, bottom = box
    return {rgb(image, (x, y)) for x in range(left, right) for y in range(top, bottom)}


def test_the_table_frames_every_leader_in_gold_and_the_readers_own_line_in_white() -> None:
    image = picture(table_png("Friday · Toppo · Season 2", "lowest first", "Penalty", ROWS))

    assert image.mode == "P" and image.size == table_size(4) and image.width == WIDTH
    tops = [ROWS_TOP + index * ROW_PITCH for index in range(4)]
    assert [frame(image, top) for top in tops] == [GOLD, GOLD, TEXT, PANEL]


def test_the_readers_line_below_the_top_follows_a_gap() -> None:
    below = Row(17, "Zed", 1, "99", mine=True)
    image = picture(table_png("T", "s", "Penalty", ROWS[:2], below))

    assert image.size == table_size(2, below=True)
    assert image.height == table_size(2)[1] + GAP_PITCH + ROW_PITCH
    gap_top = ROWS_TOP + 2 * ROW_PITCH
    assert frame(image, gap_top + GAP_PITCH) == TEXT
    assert DIM in colours(image, (MARGIN + 104, gap_top, MARGIN + 140, gap_top + GAP_PITCH)), "the …"


def test_values_are_drawn_at_the_right_and_long_names_stop_before_the_numbers() -> None:
    image = picture(table_png("T", "s", "Money", ROWS))
    last = ROWS_TOP + 3 * ROW_PITCH
    middle = (last + 8, last + ROW_HEIGHT - 8)
    value_box = (VALUE_RIGHT - 40, middle[0], VALUE_RIGHT, middle[1])
    assert TEXT in colours(image, value_box)
    # The long name is cut (with an ellipsis) at the end of its column: it reaches it, and between
    # it and the games column there is only the row's own fill.
    columns = Columns.of("Money", ROWS, Labels())
    assert columns.games_left - columns.name_right >= 24
    assert TEXT in colours(image, (columns.name_right - 40, middle[0], columns.name_right, middle[1]))
    assert colours(image, (columns.name_right, middle[0], columns.games_left, middle[1])) == {PANEL}


def test_an_empty_season_says_so() -> None:
    image = picture(table_png("T", "s", "Wins", [], labels=Labels(nobody="Nobody yet")))
    assert image.size == table_size(0)
    assert DIM in colours(image, (MARGIN + 104, ROWS_TOP + 8, MARGIN + 300, ROWS_TOP + 40))
    assert GOLD not in colours(image, (0, ROWS_TOP, WIDTH, image.height))
