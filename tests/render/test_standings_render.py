"""The league pictures: the ranked table (leaders framed in gold, the reader's own line found and
framed after a gap, long names cut before the numbers) and the recent-form chart (a bar as tall
as the place, gold with a star for a win)."""

import pytest
from PIL import Image

from render.standings import (
    CHART_BOTTOM,
    GAP_PITCH,
    MARGIN,
    MIN_BAR,
    ROW_HEIGHT,
    ROW_PITCH,
    ROWS_TOP,
    VALUE_RIGHT,
    WIDTH,
    Columns,
    FormBar,
    Labels,
    Row,
    form_png,
    table_png,
    table_size,
)
from render.theme import BG, DIM, GOLD, PANEL, TEXT
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


# -- the form chart ---------------------------------------------------------------------------------


def bar_height(image: Image.Image, x: int) -> int:
    """Pixels of bar colour in the column at ``x``, up from the axis."""
    height = 0
    while rgb(image, (x, CHART_BOTTOM - 1 - height)) in (GOLD, DIM):
        height += 1
    return height


def test_form_bars_are_as_tall_as_the_place_and_wins_are_gold_with_a_star() -> None:
    bars = [FormBar(4, 4, False), FormBar(1, 4, True), FormBar(2, 3, False), FormBar(2, 2, False)]
    image = picture(form_png(bars, "Last 4 games"))
    pitch = (WIDTH - 2 * MARGIN) / len(bars)
    centres = [round(MARGIN + pitch * (index + 0.5)) for index in range(len(bars))]

    heights = [bar_height(image, x) for x in centres]
    assert heights[0] == heights[3] == MIN_BAR, "last places still show"
    assert heights[1] > heights[2] > heights[0], "first above the middle place above last"
    assert [rgb(image, (x, CHART_BOTTOM - 2)) for x in centres] == [DIM, GOLD, DIM, DIM]
    above = [
        colours(image, (x - 10, CHART_BOTTOM - h - 30, x + 10, CHART_BOTTOM - h - 4))
        for x, h in zip(centres, heights, strict=True)
    ]
    assert above[1] != {BG} and above[0] == above[2] == {BG}, "a star over the win only"


def test_a_form_chart_needs_a_game() -> None:
    with pytest.raises(ValueError, match="at least one"):
        form_png([], "Last 0 games")


@pytest.mark.parametrize(("rank", "seats", "height"), [(1, 5, 1.0), (5, 5, 0.0), (3, 5, 0.5), (1, 1, 1.0)])
def test_a_bars_height_is_the_share_of_seats_beaten(rank: int, seats: int, height: float) -> None:
    assert FormBar(rank, seats, won=rank == 1).height == height
