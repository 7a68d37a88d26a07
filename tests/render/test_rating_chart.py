"""The rating chart of ``/stats``: a line per game on dated axes, drawn for a history of one
point, of many, of several games and of one evening; provisional stretches dashed and their
markers hollow; the axes' dates and ratings at regular steps."""

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from render.rating_chart import (
    MARGIN,
    MAX_DATES,
    MAX_RATINGS,
    SWATCH,
    WIDTH,
    ChartLabels,
    Line,
    Point,
    chart_png,
    date_ticks,
    rating_ticks,
)
from render.theme import BG, CHART_COLOURS
from tests.render.pixels import picture, rgb

T0 = datetime(2026, 3, 7, 20, 0, tzinfo=UTC)
LABELS = ChartLabels("Rating over time", "dashed: provisional (under 10 games)")


def draw(*lines: Line) -> Image.Image:
    """The chart of ``lines``, with the axes' labels at the ticks the chart's helpers choose."""
    points = [point for line in lines for point in line.points]
    dates = [(tick.moment, tick.moment.strftime("%b %d")) for tick in date_ticks([p.when for p in points])]
    ratings = [(value, str(value)) for value in rating_ticks([p.rating for p in points])]
    return picture(chart_png(lines, dates, ratings, LABELS))


def history(count: int, *, every: timedelta = timedelta(days=3), provisional: int = 9) -> tuple[Point, ...]:
    """``count`` ratings going up and down, ``every`` apart, the first ``provisional`` provisional."""
    return tuple(
        Point(T0 + every * number, 1500 + (37 * number) % 90 - 45, number < provisional)
        for number in range(count)
    )


def plotted(image: Image.Image, colour: tuple[int, int, int]) -> list[tuple[int, int]]:
    """Where ``colour`` is, right of the legend's marks (where a single line's legend holds it)."""
    left, width = MARGIN + SWATCH[0] + 1, image.width
    pixels = image.convert("RGB").get_flattened_data()
    return [
        (i % width, i // width) for i, pixel in enumerate(pixels) if pixel == colour and i % width >= left
    ]


def box(points: list[tuple[int, int]]) -> tuple[int, int, int, int]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("provisional", [True, False])
def test_one_rating_is_a_marker_hollow_while_provisional(provisional: bool) -> None:
    image = draw(Line("Toppo 1,532", (Point(T0, 1532, provisional),), 0))
    left, top, right, bottom = box(plotted(image, CHART_COLOURS[0]))
    assert image.width == WIDTH
    assert right - left < 40 and bottom - top < 40, "one marker, no line"
    assert abs((left + right) / 2 - WIDTH / 2) < 80, "in the middle of the chart"
    centre = rgb(image, ((left + right) // 2, (top + bottom) // 2))
    assert centre == (BG if provisional else CHART_COLOURS[0])


def test_games_of_one_evening_are_spread_out_in_the_order_they_were_played() -> None:
    evening = tuple(Point(T0 + timedelta(minutes=20 * n), 1500 + 10 * n, True) for n in range(5))
    image = draw(Line("Toppo 1,540?", evening, 0))
    left, top, right, bottom = box(plotted(image, CHART_COLOURS[0]))
    assert right - left > WIDTH // 2, "not stacked at one moment"
    assert bottom - top > 100, "from the lowest rating to the highest"
    assert [tick.unit for tick in date_ticks([p.when for p in evening])] == ["day"]


def test_a_provisional_stretch_is_dashed() -> None:
    count = 45  # more than a line dots, so only the line (and its last marker) is drawn
    dashed = plotted(draw(Line("Toppo", history(count, provisional=count - 1), 0)), CHART_COLOURS[0])
    solid = plotted(draw(Line("Toppo", history(count, provisional=0), 0)), CHART_COLOURS[0])
    assert len(dashed) < 0.85 * len(solid)


def test_a_busy_history_draws_every_game_in_its_own_colour() -> None:
    lines = [
        Line(name, history(count, every=timedelta(days=days)), style)
        for style, (name, count, days) in enumerate(
            [
                ("Toppo", 48, 9),
                ("Cover Your Assets", 26, 11),
                ("Spit", 16, 20),
                ("Speed", 10, 30),
                ("Topoum", 6, 50),
            ]
        )
    ]
    image = draw(*lines)
    chart = image.crop((0, image.height // 2, WIDTH, image.height)).convert("RGB")
    assert set(CHART_COLOURS[:5]) <= set(chart.get_flattened_data())


def test_a_chart_needs_a_point() -> None:
    with pytest.raises(ValueError, match="at least one point"):
        chart_png([Line("Toppo", (), 0)], [], [(1500, "1500"), (1510, "1510")], LABELS)


@pytest.mark.parametrize(
    ("days", "unit"), [(0.2, "day"), (4, "day"), (40, "day"), (120, "month"), (330, "month"), (2000, "year")]
)
def test_dates_are_few_and_at_a_regular_step_of_days_months_or_years(days: float, unit: str) -> None:
    moments = [T0, T0 + timedelta(days=days)]
    ticks = date_ticks(moments)
    assert 1 <= len(ticks) <= MAX_DATES and {tick.unit for tick in ticks} == {unit}
    if days >= 1:
        assert all(tick.moment.time() == datetime.min.time() for tick in ticks), "midnights"
        steps = {b.moment - a.moment for a, b in itertools.pairwise(ticks)}
        assert unit != "day" or len(steps) <= 1, "days at one step"
        assert unit != "month" or all(tick.moment.day == 1 for tick in ticks)
        assert unit != "year" or all((tick.moment.month, tick.moment.day) == (1, 1) for tick in ticks)


@pytest.mark.parametrize("ratings", [[1532], [1500, 1504], [1380, 1655], [0, 40, 2900], [1500] * 30])
def test_ratings_are_gridded_at_round_steps_around_every_rating(ratings: list[int]) -> None:
    ticks = rating_ticks(ratings)
    assert 2 <= len(ticks) <= MAX_RATINGS
    assert ticks[0] <= min(ratings) and max(ratings) <= ticks[-1]
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1 and steps.pop() in (10, 20, 25, 50, 100, 200, 250, 500, 1000)
    assert ticks[0] >= 0, "ratings are never negative"
