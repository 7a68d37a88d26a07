"""A player's rating over time (``/stats``): a line per game on dated axes.

Like the league pictures it is a pure function of plain values and the words, which the caller
takes from the catalogue: the axes' labels arrive written (dates and numbers as the reader's
language writes them) at the moments and ratings :func:`date_ticks` and :func:`rating_ticks`
chose, so the picture never formats for a language. Colour is never the only cue: each game's
line ends in a marker of its own shape as well as its colour, and the legend names the game
beside both; a provisional stretch is dashed, its dots and markers hollow, and the legend says so.

The x axis is time. Games played within one day would stand on top of each other there, so a
history that fits in less than a day is spread out in the order it was played, under its date.

Sized for phones like the other pictures: 1000 pixels wide, every text at least 28 pixels
(12.6 at the 450 pixels a phone shows), the markers that tell the games apart (in the legend and
at each line's end) at least 26 pixels high (11.7).
"""

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Final, Literal

from PIL import Image, ImageDraw

from render.canvas import SUPERSAMPLE, Box, Palette, encode, paste_text, supersampled
from render.fonts import RGB, line_height, text_width, top_for_middle
from render.theme import BG, BUTTON, CHART_COLOURS, DIM, PANEL, TEXT

WIDTH: Final = 1000
MARGIN: Final = 24
TITLE_SIZE: Final = 40
LEGEND_SIZE: Final = 30
AXIS_SIZE: Final = 28
PLOT_HEIGHT: Final = 400
SWATCH: Final = (72, 48)
"""A legend entry's mark: a stretch of line through the game's marker."""
LEGEND_MARKER: Final = 15
"""Radius of a marker in the legend: 30 pixels high, 13.5 at a phone's width."""
DOT: Final = 6
"""Radius of the dot on each point of a line with few points (:data:`MARKED_POINTS`)."""
LAST_MARKER: Final = 13
"""Radius of the marker on each line's latest point: 26 pixels high, 11.7 at a phone's width."""
LINE: Final = 5
DASH: Final = (16, 10)
"""A provisional stretch's dashes and gaps, in pixels."""
MARKED_POINTS: Final = 40
"""A line with more points than this has no dots, so that it stays a line."""
MAX_DATES: Final = 6
MAX_RATINGS: Final = 6
SHAPES: Final = ("circle", "square", "diamond", "triangle", "inverted")

PALETTE = Palette(
    colours=[BG, PANEL, TEXT, DIM, BUTTON, *CHART_COLOURS],
    ramps=[(TEXT, BG), (DIM, BG), (BUTTON, BG), (PANEL, BG)] + [(colour, BG) for colour in CHART_COLOURS],
)

Unit = Literal["day", "month", "year"]


@dataclass(frozen=True, slots=True)
class Point:
    """A rating after one game: when the game finished (aware), the rating, and whether it was
    still provisional."""

    when: datetime
    rating: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class Line:
    """One game's ratings, oldest first; ``name`` is its legend entry (the game and its rating
    now), ``style`` picks its colour and marker (a game keeps its own from one picture to the
    next)."""

    name: str
    points: tuple[Point, ...]
    style: int


@dataclass(frozen=True, slots=True)
class ChartLabels:
    """The chart's words: its title, and the legend's entry for a provisional stretch."""

    title: str
    provisional: str


@dataclass(frozen=True, slots=True)
class DateTick:
    """A date to label on the x axis, and how much of it to write: the day, or the month, or
    the year, as the steps between the ticks are days, months or years."""

    moment: datetime
    unit: Unit


# -- the axes --------------------------------------------------------------------------------------


def _by_order(moments: Sequence[datetime]) -> bool:
    """Whether points at these moments are placed in order rather than in time: all within a day."""
    return max(moments) - min(moments) < timedelta(days=1)


def _span(moments: Sequence[datetime]) -> tuple[datetime, datetime]:
    """The stretch of time the x axis shows: the moments with a little room either side."""
    first, last = min(moments), max(moments)
    room = (last - first) * 0.03
    return first - room, last + room


STEPS: Final[tuple[tuple[Unit, int], ...]] = (
    ("day", 1),
    ("day", 2),
    ("day", 7),
    ("day", 14),
    *(("month", months) for months in (1, 2, 3, 6)),
    *(("year", years) for years in (1, 2, 5, 10, 20, 50, 100)),
)
"""The steps between the dates on the x axis, shortest first."""


def _ticks_every(start: datetime, end: datetime, unit: Unit, every: int) -> list[datetime]:
    """Midnights (UTC) from ``start`` to ``end``: every ``every`` days (weeks from a Monday),
    first days of every ``every`` months, or New Year's days of years divisible by ``every``."""
    found: list[datetime] = []
    if unit == "day":
        day = start.astimezone(UTC).date()
        while (day.toordinal() if every < 7 else day.toordinal() - 1) % every:
            day += timedelta(days=1)
        moment = datetime(day.year, day.month, day.day, tzinfo=UTC)
        while moment <= end:
            if moment >= start:
                found.append(moment)
            moment += timedelta(days=every)
        return found
    year, month = start.astimezone(UTC).year, start.astimezone(UTC).month
    while True:
        moment = datetime(year, month, 1, tzinfo=UTC)
        if moment > end:
            return found
        wanted = (month - 1) % every == 0 if unit == "month" else month == 1 and year % every == 0
        if moment >= start and wanted:
            found.append(moment)
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)


def date_ticks(moments: Sequence[datetime]) -> list[DateTick]:
    """The dates to label under a chart of points at ``moments``: at most :data:`MAX_DATES`
    midnights at the shortest regular step (a day, two, a week, a fortnight, a month, a
    quarter...); for points placed in order (within a day), each date they fall on, under the
    middle one of its points."""
    if _by_order(moments):
        days: dict[date, list[datetime]] = {}
        for moment in sorted(set(moments)):
            days.setdefault(moment.astimezone(UTC).date(), []).append(moment)
        return [DateTick(day[len(day) // 2], "day") for day in days.values()]
    start, end = _span(moments)
    for unit, every in STEPS:
        found = _ticks_every(start, end, unit, every)
        if len(found) <= MAX_DATES:
            return [DateTick(moment, unit) for moment in found]
    raise ValueError("a history longer than the steps reach")


def rating_ticks(ratings: Sequence[int]) -> list[int]:
    """The ratings to draw gridlines at: round numbers at a regular step, at most
    :data:`MAX_RATINGS` of them, from at or below the lowest rating to at or above the highest
    (a flat history gets some room around it)."""
    low, high = min(ratings), max(ratings)
    if high - low < 40:
        middle = (low + high) / 2
        low, high = math.floor(middle - 20), math.ceil(middle + 20)
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        bottom, top = max(0, step * math.floor(low / step)), step * math.ceil(high / step)
        if (top - bottom) // step + 1 <= MAX_RATINGS:
            return list(range(bottom, top + 1, step))
    raise ValueError("ratings too far apart for a chart")


# -- drawing ---------------------------------------------------------------------------------------


def _outline(centre: tuple[float, float], radius: float, shape: str) -> list[tuple[float, float]] | None:
    """The corners of a marker ``shape`` at least as high as a circle of ``radius`` (None: a circle)."""
    x, y = centre
    if shape == "square":
        r = radius
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    if shape == "diamond":
        r = radius * 1.2
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if shape in ("triangle", "inverted"):
        r = radius * 1.2
        up = -1 if shape == "triangle" else 1
        return [(x, y + up * r), (x + r, y - up * r * 0.8), (x - r, y - up * r * 0.8)]
    return None


def paint_marker(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, style: int, hollow: bool
) -> None:
    """A line's marker, hollow for a provisional rating, on a ring of the background that keeps
    it apart from the lines it sits on."""
    colour = CHART_COLOURS[style % len(CHART_COLOURS)]
    shape = SHAPES[style % len(SHAPES)]
    border = max(SUPERSAMPLE, round(radius * 0.3))
    for size, fill, outline in ((radius + border, BG, BG), (radius, BG if hollow else colour, colour)):
        corners = _outline(centre, size, shape)
        if corners is None:
            x, y = centre
            draw.ellipse((x - size, y - size, x + size, y + size), fill=fill, outline=outline, width=border)
        else:
            draw.polygon(corners, fill=fill, outline=outline, width=border)


def _dashed(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], colour: RGB, width: int
) -> None:
    """A polyline in dashes of :data:`DASH` (scaled), the pattern running on across corners."""
    dash, gap = (length * SUPERSAMPLE for length in DASH)
    drawing, left = True, float(dash)
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length, done = math.hypot(x1 - x0, y1 - y0), 0.0
        while done < length:
            step = min(left, length - done)
            if drawing:
                a, b = done / length, (done + step) / length
                start = (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a)
                draw.line([start, (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)], fill=colour, width=width)
            done += step
            left -= step
            if left <= 0:
                drawing = not drawing
                left = dash if drawing else gap


def _stretches(line: Line, xy: Sequence[tuple[float, float]]) -> list[tuple[bool, list[tuple[float, float]]]]:
    """A line's polyline cut where it turns from provisional (the rating after the game still
    provisional) to settled: (provisional, points) each."""
    found: list[tuple[bool, list[tuple[float, float]]]] = []
    for index in range(1, len(xy)):
        provisional = line.points[index].provisional
        if found and found[-1][0] == provisional:
            found[-1][1].append(xy[index])
        else:
            found.append((provisional, [xy[index - 1], xy[index]]))
    return found


@dataclass(frozen=True, slots=True)
class _Plot:
    """Where the chart's values land on the picture."""

    left: int
    top: int
    right: int
    bottom: int
    low: int
    high: int
    places: dict[datetime, int]
    """Each point's moment and its place in order, if the points are placed in order (all
    within a day); else empty."""
    start: datetime
    end: datetime
    """The stretch of time the x axis shows, if the points are placed in time."""

    @classmethod
    def of(
        cls, box: tuple[int, int, int, int], ratings: tuple[int, int], moments: Sequence[datetime]
    ) -> "_Plot":
        """The chart in ``box`` (left, top, right, bottom) from rating ``ratings[0]`` to
        ``ratings[1]``, its x axis for points at ``moments``."""
        places = {moment: place for place, moment in enumerate(sorted(set(moments)))}
        start, end = _span(moments)
        return cls(*box, *ratings, places if _by_order(moments) else {}, start, end)

    def x(self, moment: datetime) -> float:
        width = self.right - self.left
        if self.places:
            return self.left + width * (self.places[moment] + 0.5) / len(self.places)
        return self.left + width * ((moment - self.start) / (self.end - self.start))

    def y(self, rating: float) -> float:
        return self.bottom - (self.bottom - self.top) * (rating - self.low) / (self.high - self.low)


@dataclass(frozen=True, slots=True)
class _Entry:
    """A legend entry: its mark (a line's style, or None for the provisional stretch) and words."""

    style: int | None
    text: str

    @property
    def width(self) -> int:
        return SWATCH[0] + 12 + text_width(self.text, LEGEND_SIZE)


LEGEND_GAP: Final = 36
LEGEND_PITCH: Final = max(SWATCH[1], line_height(LEGEND_SIZE)) + 8


def _legend_rows(entries: Sequence[_Entry]) -> list[list[_Entry]]:
    """The entries in rows as wide as the picture allows, in order."""
    rows: list[list[_Entry]] = [[]]
    room = WIDTH - 2 * MARGIN
    for entry in entries:
        used = sum(e.width + LEGEND_GAP for e in rows[-1])
        if rows[-1] and used + entry.width > room:
            rows.append([])
        rows[-1].append(entry)
    return rows


def _swatch(entry: _Entry) -> Image.Image:
    """A legend entry's mark: a stretch of the line through its marker; for the provisional
    stretch, a dashed grey line through a hollow circle."""

    def paint(image: Image.Image, box: Box) -> None:
        draw = ImageDraw.Draw(image)
        middle = (box[3] + 1) / 2
        ends = [(box[0], middle), (box[2], middle)]
        radius = LEGEND_MARKER * SUPERSAMPLE
        if entry.style is None:
            _dashed(draw, ends, DIM, LINE * SUPERSAMPLE)
            draw.ellipse(
                (box[2] / 2 - radius, middle - radius, box[2] / 2 + radius, middle + radius),
                fill=BG,
                outline=DIM,
                width=round(radius * 0.3),
            )
            return
        draw.line(ends, fill=CHART_COLOURS[entry.style % len(CHART_COLOURS)], width=LINE * SUPERSAMPLE)
        paint_marker(draw, ((box[2] + 1) / 2, middle), radius, entry.style, hollow=False)

    return supersampled(PALETTE, SWATCH, BG, paint)


def chart_png(
    lines: Sequence[Line],
    dates: Sequence[tuple[datetime, str]],
    ratings: Sequence[tuple[int, str]],
    labels: ChartLabels,
) -> bytes:
    """Each of ``lines`` drawn over time, under the ``labels``' title and a legend naming each
    line (and the provisional stretch, if any is drawn): ``dates`` are the x axis's labels at
    their moments (see :func:`date_ticks`), ``ratings`` the gridlines' labels at their ratings,
    lowest first, the first and last bounding the chart (see :func:`rating_ticks`)."""
    if not lines or not all(line.points for line in lines):
        raise ValueError("a rating chart needs a line of at least one point")
    entries = [_Entry(line.style, line.name) for line in lines]
    if any(point.provisional for line in lines for point in line.points):
        entries.append(_Entry(None, labels.provisional))
    legend = _legend_rows(entries)
    legend_top = MARGIN + line_height(TITLE_SIZE) + 12
    label_width = max(text_width(label, AXIS_SIZE) for _, label in ratings)
    top = legend_top + len(legend) * LEGEND_PITCH + 16 + line_height(AXIS_SIZE) // 2
    plot = _Plot.of(
        (MARGIN + label_width + 20, top, WIDTH - MARGIN - LAST_MARKER - 6, top + PLOT_HEIGHT),
        (ratings[0][0], ratings[-1][0]),
        [point.when for line in lines for point in line.points],
    )
    height = plot.bottom + 14 + line_height(AXIS_SIZE) + MARGIN
    canvas = PALETTE.canvas((WIDTH, height), BG)
    paste_text(PALETTE, canvas, (MARGIN, MARGIN), labels.title, TITLE_SIZE, TEXT, BG, bold=True)
    for row, entries_in_row in enumerate(legend):
        x, y = MARGIN, legend_top + row * LEGEND_PITCH
        for entry in entries_in_row:
            canvas.paste(_swatch(entry), (x, y + (LEGEND_PITCH - 8 - SWATCH[1]) // 2))
            colour = DIM if entry.style is None else TEXT
            text_y = top_for_middle(y + (LEGEND_PITCH - 8) // 2, LEGEND_SIZE)
            paste_text(PALETTE, canvas, (x + SWATCH[0] + 12, text_y), entry.text, LEGEND_SIZE, colour, BG)
            x += entry.width + LEGEND_GAP
    _paste_plot(canvas, plot, lines, [moment for moment, _ in dates], [value for value, _ in ratings])
    for value, label in ratings:
        text_y = top_for_middle(round(plot.y(value)), AXIS_SIZE)
        paste_text(PALETTE, canvas, (plot.left - 20, text_y), label, AXIS_SIZE, DIM, BG, align="right")
    _date_labels(canvas, plot, dates)
    return encode(canvas)


def _date_labels(canvas: Image.Image, plot: _Plot, dates: Sequence[tuple[datetime, str]]) -> None:
    """The dates under the x axis, each centred under its moment but kept inside the picture;
    one that would touch the one before it is left out."""
    end = -WIDTH
    for moment, label in dates:
        width = text_width(label, AXIS_SIZE)
        left = min(max(MARGIN, round(plot.x(moment) - width / 2)), WIDTH - MARGIN - width)
        if left < end + 24:
            continue
        paste_text(PALETTE, canvas, (left, plot.bottom + 14), label, AXIS_SIZE, DIM, BG)
        end = left + width


def _paste_plot(
    canvas: Image.Image, plot: _Plot, lines: Sequence[Line], dates: Sequence[datetime], ratings: Sequence[int]
) -> None:
    """The gridlines, the lines and their markers, antialiased, on the canvas."""
    room = LAST_MARKER + 6
    left, top = plot.left - room, plot.top - room
    size = (plot.right - plot.left + 2 * room, plot.bottom - plot.top + 2 * room)

    def at(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * SUPERSAMPLE, (y - top) * SUPERSAMPLE)

    def paint(image: Image.Image, box: Box) -> None:
        draw = ImageDraw.Draw(image)
        for moment in dates:
            x = plot.x(moment)
            draw.line([at(x, plot.top), at(x, plot.bottom)], fill=PANEL, width=2 * SUPERSAMPLE)
        for value in ratings:
            y = plot.y(value)
            draw.line([at(plot.left, y), at(plot.right, y)], fill=BUTTON, width=2 * SUPERSAMPLE)
        placed = [[at(plot.x(p.when), plot.y(p.rating)) for p in line.points] for line in lines]
        for line, xy in zip(lines, placed, strict=True):
            colour = CHART_COLOURS[line.style % len(CHART_COLOURS)]
            for provisional, stretch in _stretches(line, xy):
                if provisional:
                    _dashed(draw, stretch, colour, (LINE - 1) * SUPERSAMPLE)
                else:
                    draw.line(stretch, fill=colour, width=LINE * SUPERSAMPLE, joint="curve")
        radius, border = DOT * SUPERSAMPLE, 2 * SUPERSAMPLE
        for line, xy in zip(lines, placed, strict=True):
            if len(xy) > MARKED_POINTS:
                continue
            colour = CHART_COLOURS[line.style % len(CHART_COLOURS)]
            for (x, y), point in zip(xy[:-1], line.points, strict=False):
                fill = BG if point.provisional else colour
                draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill, colour, border)
        for line, xy in zip(lines, placed, strict=True):
            paint_marker(draw, xy[-1], LAST_MARKER * SUPERSAMPLE, line.style, line.points[-1].provisional)

    canvas.paste(supersampled(PALETTE, size, BG, paint), (left, top))
