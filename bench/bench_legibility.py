"""How small the text and the marks on every picture the bot sends are on a phone.

Run: ``.venv/bin/python -m bench.bench_legibility [--below PX] [--only NAME] [--no-sampled]``.

A phone shows a picture in a message at the width of the message's column and, taller than 1.19
times that width, shorter (docs/architecture.md, "Pictures on a phone": Discord's Android client
caps a picture at 400 dp high). This bench measures every picture so: in pixels of a column 450
wide, never more than 536 high (:data:`render.legibility.INLINE`), or, for a picture too tall
to be read in the message, as opened full screen (:data:`render.legibility.OPENED`, 450 by 921:
its render module says so, and docs/architecture.md why). It renders, in English and Spanish,
with the words taken from the catalogue as the cogs take them and with the longest names the
bot allows (Discord display names have up to 32 characters: 32 wide letters, and realistic long
names):

- the busiest position of every picture, chosen by hand: each registered game's table, private
  panel and results, as the game's render module declares them (render/legibility.py: a game
  that declares none fails the bench), and here the league standings and leaderboard and the
  /stats rating chart;
- positions sampled from seeded self-play across whole games (bench/legibility_sampled.py):
  every game's table message, each person's panel and the results card, a seat an AI plays for
  a person who left among them, and the replay's shared animation (its frames halved);

and records every text drawn on them and every mark that carries meaning (players' marks,
category icons and the badge's medal, the board's obstacles, suits, Toppo's symbols, the board's
arrows and crosses, and the letters and numbers read as marks: :data:`MARK_PAINTERS`).

*Text height* is the font's pixel size (its em, the size given to :func:`render.fonts.draw_text`)
times the factor the picture is shown at: the smaller of 450 / its width and 536 (or 921) / its
height, never above 1 (Discord does not enlarge). *Mark height* is the side of the square (or the
circle) the mark is painted to fill, times the same factor; a letter or number read as a mark
(:func:`render.fonts.draw_mark_text`: a Toppo card's colour letter, a Spit pile's count) counts
by the height of its capitals and digits. Anything drawn inside a tile painted at
:data:`render.canvas.SUPERSAMPLE` times its size and reduced (card faces, piles, pieces) counts
at the size it has after the reduction. Every text goes through ``draw_text`` (``paste_text`` and
``text_tile`` call it) and every supersampled tile through :func:`render.canvas.smoothed`, so the
bench wraps those functions and the mark painters in every loaded ``render`` module, and empties
the ``render`` caches of drawn tiles before each picture so that nothing is pasted from a cache
unseen. The goal is at least :data:`GOAL` pixels everywhere, for text and marks.

It prints a table (picture, language, size, scale, smallest text height and which text, smallest
mark height and its painter), then under a picture every text it cut with an ellipsis that is
not a name as the picture shows it (a sentence that lost words), and ends with one JSON line:
``{"min_text_px_on_phone": ..., "min_mark_px_on_phone": ..., "pictures": {"<name>": {"text": px,
"mark": px or null, "marks": {"<painter>": px, ...}}, ...}, "unmeasured": [...]}``, where
``marks`` holds the smallest mark of each painter (``paint_mark``: the players' marks).

A game kept outside the project's layers is measured once it is registered: the tests' own game
with ``python -m tests.fixture_game.run bench.bench_legibility --only tally``.
"""

import argparse
import contextvars
import inspect
import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache, partial
from importlib import import_module
from typing import Any

from PIL import Image

import render.canvas
import render.fonts
import render.hexboard
import render.rating_chart
import render.spit_cards
import render.topoum_pieces
import render.toppo_cards
from bench.legibility_sampled import PICTURES as SAMPLED
from bench.legibility_sampled import VARIANTS, Halved, sampled
from bench.legibility_sampled import shown as sampled_shown
from cogs import league_messages, stats_messages
from data import RatingHistory, RatingPoint
from data.ratings import PROVISIONAL_GAMES
from engine.games import game_of, recorded, registered
from engine.games import names as game_names
from locales import Catalog, catalog
from render import rating_chart, standings
from render.fonts import cap_height
from render.hexboard import ARROW_WING, CROSS_ARM
from render.legibility import INLINE, Render, Scene, Shown
from render.topoum_pieces import OBSTACLE, mark_side

GOAL = 11
"""The smallest text height, and the smallest mark's, in pixels on the phone, we accept: phone
platforms' smallest text (Apple's guidelines: 11 pt)."""
LANGUAGES = ("en", "es")

WIDE_NAMES = tuple(("W" if seat % 2 == 0 else "M") * 32 for seat in range(15))
"""Display names of 32 of the widest letters."""
REAL_NAMES = (
    "Maximiliano Hernández Villanueva",
    "Guadalupe Montserrat Echeverría",
    "Bartholomew Fitzgerald-Worthing",
    "Anastasia Konstantinovna Ivanova",
    "Wilhelmina Montgomery-Whitmore",
    "Christopher Alexander Whitworth",
    "María Fernanda Domínguez Herrera",
    "Maximilian Wolfgang Mühlenberg",
)
"""Long names people have (30-32 characters)."""
NAME_SETS = (WIDE_NAMES, REAL_NAMES * 2)


# -- recording what is drawn -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text drawn on a picture, and its em in the picture's own pixels; or one mark (then
    ``text`` names the painter) and its height."""

    text: str
    em: float


MARK_PAINTERS: dict[tuple[str, str], Callable[[dict[str, Any]], float]] = {
    ("render.topoum_pieces", "paint_mark"): lambda a: mark_side(a["seat"], a["radius"]),
    ("render.topoum_pieces", "paint_icon"): lambda a: 2 * a["radius"],
    ("render.topoum_pieces", "paint_medal"): lambda a: 2 * a["radius"],
    ("render.topoum_pieces", "paint_obstacle"): lambda a: 2 * OBSTACLE * a["size"],
    ("render.spit_cards", "paint_suit"): lambda a: a["side"],
    ("render.toppo_cards", "paint_symbol"): lambda a: a["side"],
    ("render.hexboard", "move_arrow"): lambda a: 2 * ARROW_WING * a["layout"].size,
    ("render.hexboard", "cross"): lambda a: 2 * CROSS_ARM * a["layout"].size,
    ("render.rating_chart", "paint_marker"): lambda a: 2 * a["radius"],
    ("render.fonts", "draw_mark_text"): lambda a: cap_height(a["size"]),
}
"""The painters of marks that carry meaning (players' marks, category icons and the badge's
medal, the board's obstacles, suits, Toppo's symbols, the board's move arrows and crosses, the
rating chart's markers), each with the height of the square or circle it fills, from its
arguments (an arrow: its head, across; a player's mark: its shape's width or height, whichever
is smaller); and the letters and numbers read as marks, with the height of their capitals and
digits."""


_reduction: contextvars.ContextVar[float] = contextvars.ContextVar("reduction", default=1.0)
"""How much the canvas being painted will be reduced (1 outside supersampled tiles)."""


def _render_modules() -> list[Any]:
    """The loaded ``render`` modules, and each registered game's own (a game kept outside the
    project's layers draws in ``<home>.render``)."""
    games = {game_of(name).module("render") for name in game_names()}
    return [
        module
        for name, module in list(sys.modules.items())
        if name == "render" or name.startswith("render.") or name in games
    ]


def _forget_drawings() -> None:
    """Empty every ``render`` cache but the text layer's own (fonts, runs, widths: they hold no
    drawing), so that every tile of the next picture is drawn, and so recorded."""
    for module in _render_modules():
        if module is render.fonts or module.__name__ == "render.cmap":
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@dataclass(slots=True)
class Record:
    """What a picture drew: every text, and every text cut with an ellipsis to fit."""

    drawn: list[Drawn] = field(default_factory=list)
    marks: list[Drawn] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)


def _mark_wrappers(record: Record) -> list[tuple[str, Any, Any]]:
    """(name, original, wrapper) for every mark painter: the wrapper notes the mark's height."""
    wrappers = []
    for (module_name, name), height in MARK_PAINTERS.items():
        original = getattr(sys.modules[module_name], name)
        signature = inspect.signature(original)

        def painted(
            *args: Any, _original: Any = original, _sig: Any = signature, _height: Any = height, **kw: Any
        ) -> Any:
            arguments = _sig.bind(*args, **kw).arguments
            record.marks.append(Drawn(_original.__name__, _height(arguments) / _reduction.get()))
            return _original(*args, **kw)

        wrappers.append((name, original, painted))
    return wrappers


@contextmanager
def recording(reduction: float = 1.0) -> Iterator[Record]:
    """Every text drawn (and cut) and every mark painted while inside, wherever a ``render``
    module calls ``draw_text`` (or ``fit``) or a mark painter; the whole picture is reduced
    ``reduction`` times after it is drawn (a replay's animation is halved)."""
    record = Record()
    drawn = record.drawn
    draw_text, smoothed, fit = render.fonts.draw_text, render.canvas.smoothed, render.fonts.fit

    def recorded_fit(text: str, size: int, bold: bool, max_width: int) -> str:
        shown = fit(text, size, bold, max_width)
        if shown != text:
            record.cut.append(text)
        return shown

    def recorded_draw_text(
        image: Image.Image, xy: tuple[int, int], text: str, size: int, *args: Any, **kw: Any
    ) -> int:
        if text.strip():
            drawn.append(Drawn(text, size / _reduction.get()))
        return draw_text(image, xy, text, size, *args, **kw)

    def recorded_smoothed(
        size: tuple[int, int], bg: Any, paint: Callable[..., None], *args: Any
    ) -> Image.Image:
        def reduced_paint(image: Image.Image, box: Any) -> None:
            token = _reduction.set(_reduction.get() * render.canvas.SUPERSAMPLE)
            try:
                paint(image, box)
            finally:
                _reduction.reset(token)

        return smoothed(size, bg, reduced_paint, *args)

    wrappers = [
        ("draw_text", draw_text, recorded_draw_text),
        ("smoothed", smoothed, recorded_smoothed),
        ("fit", fit, recorded_fit),
        *_mark_wrappers(record),
    ]
    patched = [
        (module, name, original, wrapper)
        for module in _render_modules()
        for name, original, wrapper in wrappers
        if getattr(module, name, None) is original
    ]
    for module, name, _, wrapper in patched:
        setattr(module, name, wrapper)
    token = _reduction.set(reduction)
    try:
        yield record
    finally:
        _reduction.reset(token)
        for module, name, original, _ in patched:
            setattr(module, name, original)


@dataclass(frozen=True, slots=True)
class Measure:
    """One picture's smallest text and smallest mark on a phone."""

    size: tuple[int, int]
    """The picture's width and height (a replay's animation: its frames, halved)."""
    smallest: Drawn
    drawn: tuple[Drawn, ...]
    cut: tuple[str, ...]
    """Texts cut with an ellipsis that are not a bare name: words of a sentence were lost."""
    mark: Drawn | None = None
    """The smallest mark, if the picture has any."""
    marks: tuple[Drawn, ...] = ()
    shown: Shown = INLINE

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def scale(self) -> float:
        return self.shown.scale(self.size)

    @property
    def px(self) -> float:
        return self.smallest.em * self.scale

    @property
    def mark_px(self) -> float | None:
        return None if self.mark is None else self.mark.em * self.scale


def measure(
    render_png: Callable[[], bytes],
    names: Sequence[str] = (),
    reduction: float = 1.0,
    shown: Shown = INLINE,
) -> Measure:
    """Render a picture from empty caches and measure the text and the marks on it (``names``
    may be cut) as a phone ``shown`` shows it; the picture is shown ``reduction`` times smaller
    than it is drawn."""
    _forget_drawings()
    with recording(reduction) as record:
        png = render_png()
    if not record.drawn:
        raise ValueError("no text was drawn: nothing to measure")
    width, height = Image.open(io.BytesIO(png)).size
    cut = tuple(dict.fromkeys(text for text in record.cut if text not in names))
    mark = min(record.marks, key=lambda item: item.em) if record.marks else None
    smallest = min(record.drawn, key=lambda item: item.em)
    return Measure((width, height), smallest, tuple(record.drawn), cut, mark, tuple(record.marks), shown)


# -- the busiest positions -------------------------------------------------------------------------

Renders = list[Render]
"""A picture's busiest positions, each ready to render."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture at its busiest positions, and how a phone shows it."""

    renders: Callable[[Catalog, str, Sequence[str]], Renders]
    """Its renders for a language (the catalogue's) and names."""
    shown: Shown = INLINE


@cache
def _positions(make: Callable[[], Any]) -> Any:
    """The positions ``make`` makes, made once a run: a game's scenes share them, and some are
    played by its AI (render/legibility.py)."""
    return make()


def _in_words(
    scene: Scene[Any, Any],
    labels_for: Callable[[Catalog, str], Any],
    messages: Catalog,
    language: str,
    names: Sequence[str],
) -> Renders:
    return scene.renders(_positions(scene.positions), labels_for(messages, language), names)


def declared() -> dict[str, Picture]:
    """Every registered game's pictures at their busiest, as its render module declares them
    (``LEGIBILITY``, render/legibility.py), each in the words of its words module's ``labels_for``."""
    found: dict[str, Picture] = {}
    for game in registered():
        labels_for = import_module(game.module("words")).labels_for
        for scene in getattr(import_module(game.module("render")), "LEGIBILITY", ()):
            found[scene.name] = Picture(partial(_in_words, scene, labels_for), scene.shown)
    return found


LEAGUE = "Liga de los jueves del Café Central de Valladolid"


def _rows(names: Sequence[str], values: Sequence[str]) -> tuple[list[standings.Row], standings.Row]:
    rows = [
        standings.Row(rank, name, 1234, value)
        for rank, (name, value) in enumerate(zip(names[:15], values, strict=False), 1)
    ]
    return rows, standings.Row(999, names[0], 1234, values[0], mine=True)


def league_standings(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    """A Cover Your Assets season (the widest measure: money) of 15 lines and the reader's below."""
    text = messages.text
    game = league_messages.game_name(messages, "assets", language)

    def title(name: Callable[[str], str]) -> str:
        return text("league.standings.title", language, league=name(LEAGUE), game=game, number=12)

    value = league_messages.measure_text(messages, "assets", 12_450_000, language)
    rows, below = _rows(names, [value] * 15)
    labels = league_messages.picture_labels(messages, language)
    hint, measure_word = text("league.measure_hint.assets", language), text("league.measure.assets", language)
    return [partial(standings.table_png, title, hint, measure_word, rows, below, labels)]


def league_leaderboard(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    text = messages.text
    title = text("leaderboard.title", language, game=league_messages.game_name(messages, "assets", language))
    rows, below = _rows(names, [messages.number(38.45, language, digits=1)] * 15)
    labels = league_messages.picture_labels(messages, language)
    hint, measure_word = text("leaderboard.hint", language), text("leaderboard.measure", language)
    return [partial(standings.table_png, title, hint, measure_word, rows, below, labels)]


def stats_rating(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    """A busy /stats rating chart (it names no player): a line for every recorded game, 106
    rated games over more than a year, each game's first ones provisional."""
    start = datetime(2025, 11, 20, 21, 30, tzinfo=UTC)
    histories = []
    for index, game in enumerate(recorded()):
        rating, points = 1500, []
        for number in range((48, 26, 16, 10, 6, 4)[index % 6]):
            rating = max(0, rating + (37 * (number + index)) % 71 - 34)
            when = start + timedelta(days=9 * number + 13 * index, hours=number % 3)
            points.append(RatingPoint(when, rating, number + 1 < PROVISIONAL_GAMES))
        histories.append(RatingHistory(game, tuple(points)))
    return [partial(rating_chart.chart_png, *stats_messages.chart(messages, tuple(histories), language))]


OWN: dict[str, Picture] = {
    "league.standings": Picture(league_standings),
    "league.leaderboard": Picture(league_leaderboard),
    "stats.rating": Picture(stats_rating),
}
"""The pictures that are no game's: the league's and /stats'."""


def pictures() -> dict[str, Picture]:
    """Every picture measured at its busiest positions, by name: each game's, then the others."""
    return {**declared(), **OWN}


@dataclass(frozen=True, slots=True)
class Worst:
    """The smallest text and the smallest mark of a picture over many positions (each from the
    position where it is smallest), and the sentences cut in any of them."""

    text: Measure
    mark: Measure | None
    cut: tuple[str, ...]
    marks_px: dict[str, float] = field(default_factory=dict)
    """The smallest of each painter's marks on a phone, by painter: the JSON reports every kind
    of mark, not only the smallest (the Topoum board's players' marks beside its arrows)."""

    @property
    def px(self) -> float:
        return self.text.px

    @property
    def mark_px(self) -> float | None:
        return None if self.mark is None else self.mark.mark_px


def smallest(picture: Picture, language: str, messages: Catalog | None = None) -> Worst:
    """The smallest text and mark of a picture over its busiest positions and every set of long
    names."""
    messages = messages or catalog()
    return worst([(names, picture.renders(messages, language, names)) for names in NAME_SETS], picture.shown)


def worst(
    renders: Sequence[tuple[Sequence[str], Sequence[Callable[[], bytes] | Halved]]], shown: Shown = INLINE
) -> Worst:
    """Measure every render (with the names it shows, which may be cut) as a phone ``shown``
    shows it, and keep the worst."""
    measures = [
        measure(item.render, names, 2.0, shown)
        if isinstance(item, Halved)
        else measure(item, names, 1.0, shown)
        for names, items in renders
        for item in items
    ]
    marked = [found for found in measures if found.mark is not None]
    marks_px: dict[str, float] = {}
    for found in marked:
        for mark in found.marks:
            marks_px[mark.text] = min(marks_px.get(mark.text, mark.em * found.scale), mark.em * found.scale)
    return Worst(
        min(measures, key=lambda found: found.px),
        min(marked, key=lambda found: found.mark_px or 0.0) if marked else None,
        tuple(dict.fromkeys(text for found in measures for text in found.cut)),
        marks_px,
    )


def unmeasured() -> list[str]:
    """The registered games (each name a result is recorded under) with no picture measured: a
    game added to engine/games.py must declare its pictures' busiest positions, or this bench
    fails (:func:`where_to_declare`)."""
    measured = pictures()
    return [game for game in recorded() if not any(name.startswith(f"{game}.") for name in measured)]


def where_to_declare(game: str) -> str:
    """What the bench says of a game in :func:`unmeasured`."""
    module = game_of(game).module("render")
    return (
        f"{game}: no picture measured; declare its busiest positions as LEGIBILITY at the end of"
        f" {module} (render/legibility.py says how)"
    )


def _report(name: str, language: str, found: Worst, below: float | None) -> None:
    text, mark = found.text, found.mark
    flag = "" if found.px >= GOAL and (found.mark_px is None or found.mark_px >= GOAL) else "  < goal"
    marked = "" if mark is None else f"{found.mark_px:5.1f}  {mark.mark.text if mark.mark else ''}"
    size = "x".join(map(str, text.size))
    print(
        f"{name:24} {language:4} {size:>9} {text.scale:5.2f} {found.px:5.1f}"
        f"  {text.smallest.text[:28]!r:32} {marked or '    -'}{flag}"
    )
    for cut in found.cut:
        print(f"{'':46}  cut: {cut!r}")
    if below is not None:
        small = {(d.text, d.em) for d in text.drawn if d.em * text.scale < below}
        for drawn, em in sorted(small, key=lambda item: item[1]):
            print(f"{'':46}{em * text.scale:5.1f}  {drawn!r}")
        if mark is not None:
            marks = {(d.text, round(d.em, 1)) for d in mark.marks if d.em * mark.scale < below}
            for painter, em in sorted(marks, key=lambda item: item[1]):
                print(f"{'':46}{em * mark.scale:5.1f}  mark: {painter}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--below", type=float, default=None, help="also list every text smaller than this")
    parser.add_argument("--only", default="", help="only the pictures whose name starts with this")
    parser.add_argument("--no-sampled", action="store_true", help="only the hand-picked positions")
    args = parser.parse_args()
    messages = catalog()
    measured: list[tuple[str, str, Worst]] = []
    print(f"{'picture':24} {'lang':4} {'size':>9} {'scale':>5} {'px':>5}  {'smallest text':32} mark px")
    for name, picture in pictures().items():
        if name.startswith(args.only):
            for language in LANGUAGES:
                measured.append((name, language, smallest(picture, language, messages)))
                _report(*measured[-1], args.below)
    if not args.no_sampled:
        families = [
            family
            for family in VARIANTS
            if any(f"{family}.sampled.{picture}".startswith(args.only) for picture in SAMPLED)
        ]
        for name, by_language in sampled(messages, LANGUAGES, NAME_SETS, families=families).items():
            if name.startswith(args.only):
                for language in LANGUAGES:
                    found = worst(by_language[language], sampled_shown(name))
                    measured.append((name, language, found))
                    _report(*measured[-1], args.below)
    figures: dict[str, dict[str, Any]] = {}
    for name, _, found in measured:
        entry = figures.setdefault(name, {"text": found.px, "mark": found.mark_px})
        entry["text"] = round(min(entry["text"] or found.px, found.px), 1)
        if found.mark_px is not None:
            entry["mark"] = round(min(entry["mark"] or found.mark_px, found.mark_px), 1)
        if found.marks_px:
            kinds = entry.setdefault("marks", {})
            for painter, px in found.marks_px.items():
                kinds[painter] = round(min(kinds.get(painter, px), px), 1)
    missing = unmeasured()
    for game in missing:
        print(where_to_declare(game))
    texts = [entry["text"] for entry in figures.values() if entry["text"] is not None]
    marks = [entry["mark"] for entry in figures.values() if entry["mark"] is not None]
    print(
        json.dumps(
            {
                "min_text_px_on_phone": min(texts) if texts else None,
                "min_mark_px_on_phone": min(marks) if marks else None,
                "pictures": figures,
                "unmeasured": missing,
            }
        )
    )
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
