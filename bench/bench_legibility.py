"""How small the text and the marks on every picture the bot sends are on a phone.

Run: ``.venv/bin/python -m bench.bench_legibility [--below PX] [--only NAME] [--no-sampled]``.

Discord shows an attachment about 450-550 pixels wide on a phone; this bench takes the narrow
end. It renders, in English and Spanish, with the words taken from the catalogue as the cogs
take them and with the longest names the bot allows (Discord display names have up to 32
characters: 32 wide letters, and realistic long names):

- the busiest position of every picture, chosen by hand (each game's table, private panel and
  results, the league standings and leaderboard, the /stats rating chart);
- positions sampled from seeded self-play across whole games (bench/legibility_sampled.py):
  every game's table message, each person's panel and the results card, a seat an AI plays for
  a person who left among them, and the replay's shared animation (its frames halved);

and records every text drawn on them and every mark that carries meaning (players' marks,
category icons and the badge's medal, suits, Toppo's symbols, the board's arrows and crosses:
:data:`MARK_PAINTERS`).

*Text height* is the font's pixel size (its em, the size given to :func:`render.fonts.draw_text`)
times the factor the picture is shown at: 450 / the picture's width, never above 1 (Discord does
not enlarge). *Mark height* is the side of the square (or the circle) the mark is painted to
fill, times the same factor. Anything drawn inside a tile painted at
:data:`render.canvas.SUPERSAMPLE` times its size and reduced (card faces, piles, pieces) counts
at the size it has after the reduction. Every text goes through ``draw_text`` (``paste_text`` and
``text_tile`` call it) and every supersampled tile through :func:`render.canvas.smoothed`, so the
bench wraps those functions and the mark painters in every loaded ``render`` module, and empties
the ``render`` caches of drawn tiles before each picture so that nothing is pasted from a cache
unseen. The goal is at least :data:`GOAL` pixels everywhere, for text and marks.

It prints a table (picture, language, width, smallest text height and which text, smallest mark
height and its painter), then under a picture every text it cut with an ellipsis that is not a
name as the picture shows it (a sentence that lost words), and ends with one JSON line:
``{"min_text_px_at_450": ..., "min_mark_px_at_450": ..., "pictures": {"<name>": {"text": px,
"mark": px or null}, ...}, "unmeasured": [...]}``.
"""

import argparse
import contextvars
import inspect
import io
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import cache, partial
from typing import Any

from PIL import Image

import render.canvas
import render.fonts
import render.hexboard
import render.rating_chart
import render.spit_cards
import render.topoum_pieces
import render.toppo_cards
from bench.legibility_sampled import Halved, sampled
from cogs import league_messages, stats_messages
from data import RatingHistory, RatingPoint
from data.ratings import PROVISIONAL_GAMES
from engine.assets.cards import Asset
from engine.assets.sets import AssetSet
from engine.assets.state import AssetsView, Duel, StackView, Stage
from engine.assets.state import Outcome as AssetsOutcome
from engine.games import game_of, recorded
from engine.games import names as game_names
from engine.spit.events import DealWon
from engine.spit.speed import SpeedOptions, SpeedOutcome, SpeedView
from engine.spit.speed import new_game as new_speed_game
from engine.spit.state import Outcome as SpitOutcome
from engine.spit.state import SpitOptions, SpitView
from engine.spit.state import new_game as new_spit_game
from engine.topoum.cards import CardType
from engine.toppo.cards import parse_cards
from engine.toppo.series import Series
from engine.toppo.state import Outcome as ToppoOutcome
from engine.toppo.state import ToppoView
from locales import Catalog, catalog
from render import assets, rating_chart, spit, standings, topoum, toppo
from render.hexboard import ARROW_WING, CROSS_ARM
from words import assets as assets_words
from words import spit as spit_words
from words import topoum as topoum_words
from words import toppo as toppo_words

WIDTH_SHOWN = 450
"""The width, in pixels, at which a phone shows a picture (the narrow end of 450-550)."""
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
    ("render.topoum_pieces", "paint_mark"): lambda a: 2 * a["radius"],
    ("render.topoum_pieces", "paint_icon"): lambda a: 2 * a["radius"],
    ("render.topoum_pieces", "paint_medal"): lambda a: 2 * a["radius"],
    ("render.spit_cards", "paint_suit"): lambda a: a["side"],
    ("render.toppo_cards", "paint_symbol"): lambda a: a["side"],
    ("render.hexboard", "move_arrow"): lambda a: 2 * ARROW_WING * a["layout"].size,
    ("render.hexboard", "cross"): lambda a: 2 * CROSS_ARM * a["layout"].size,
    ("render.rating_chart", "paint_marker"): lambda a: 2 * a["radius"],
}
"""The painters of marks that carry meaning (players' marks, category icons and the badge's
medal, suits, Toppo's symbols, the board's move arrows and crosses, the rating chart's
markers), each with the height of
the square or circle it fills, from its arguments (an arrow: its head, across)."""


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

    width: int
    smallest: Drawn
    drawn: tuple[Drawn, ...]
    cut: tuple[str, ...]
    """Texts cut with an ellipsis that are not a bare name: words of a sentence were lost."""
    mark: Drawn | None = None
    """The smallest mark, if the picture has any."""
    marks: tuple[Drawn, ...] = ()

    @property
    def scale(self) -> float:
        return min(1.0, WIDTH_SHOWN / self.width)

    @property
    def px(self) -> float:
        return self.smallest.em * self.scale

    @property
    def mark_px(self) -> float | None:
        return None if self.mark is None else self.mark.em * self.scale


def measure(render_png: Callable[[], bytes], names: Sequence[str] = (), reduction: float = 1.0) -> Measure:
    """Render a picture from empty caches and measure the text and the marks on it (``names``
    may be cut); the picture is shown ``reduction`` times smaller than it is drawn."""
    _forget_drawings()
    with recording(reduction) as record:
        png = render_png()
    if not record.drawn:
        raise ValueError("no text was drawn: nothing to measure")
    width = Image.open(io.BytesIO(png)).width
    cut = tuple(dict.fromkeys(text for text in record.cut if text not in names))
    mark = min(record.marks, key=lambda item: item.em) if record.marks else None
    smallest = min(record.drawn, key=lambda item: item.em)
    return Measure(width, smallest, tuple(record.drawn), cut, mark, tuple(record.marks))


# -- the busiest positions -------------------------------------------------------------------------

Renders = list[Callable[[], bytes]]
"""A picture's busiest positions, each ready to render."""
Scene = Callable[[Catalog, str, Sequence[str]], Renders]
"""A picture's renders for a language (the catalogue's) and names."""


@cache
def _toppo_views() -> tuple[ToppoView, ToppoView]:
    """A running 8-player table with a display of 5, and the same table once toppo is called,
    made as busy as the game allows: every line full, votes to replace, 3-digit numbers."""
    public, _ = toppo.played_views(views=1, skip=80)
    lines = tuple(parse_cards("Ro Y# W+ Go B-") for _ in range(8))
    busy = replace(public[-1], lines=lines, votes=(0, 2, 5), deck_sizes=(125,) * 8, stock_size=99)
    over = replace(busy, outcome=ToppoOutcome(caller=3, scores=(128, 131, 99, 0, 117, 125, 130, 122)))
    return busy, over


TOTALS = (312, 287, 455, 199, 368, 402, 251, 330)


def toppo_table(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = toppo_words.labels_for(messages, language)
    busy, over = _toppo_views()
    waiting = replace(busy, restarter=6)
    return [partial(toppo.table_png, view, names[:8], TOTALS, 12, labels) for view in (busy, waiting, over)]


def toppo_line(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    """Seat 0's line with every hint at once: toppo may be called, matching, votes incl. theirs."""
    labels = toppo_words.labels_for(messages, language)
    busy, over = _toppo_views()
    mine = replace(busy, seat=0, deck_sizes=(4,) * 8, matching=(True,) * 8)
    return [
        partial(toppo.line_png, view, names[:8], 12, labels)
        for view in (mine, replace(mine, restarter=6), replace(over, seat=0))
    ]


def toppo_results(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = toppo_words.labels_for(messages, language)
    _, over = _toppo_views()
    series = Series(8, seed=1).view()
    view = replace(series, game=over, totals=TOTALS, history=(None,) * 12, chooser=6)  # type: ignore[arg-type]
    return [partial(toppo.results_png, view, names[:8], final, labels) for final in (False, True)]


MONEY_SET = AssetSet((Asset.CASH_UNDER_THE_MATTRESS, Asset.SILVER, Asset.GOLD, Asset.CASH_UNDER_THE_MATTRESS))
HAND = (Asset.CASH_UNDER_THE_MATTRESS, Asset.STAMP_COLLECTION, Asset.BASEBALL_CARDS, Asset.SILVER, Asset.GOLD)


@cache
def _assets_views() -> tuple[AssetsView, AssetsView]:
    """A 6-player table in a challenge over a big set, every stack topped by a set of three
    kinds, with 7-digit totals; and the same table once the round is over."""
    views = assets.played_views()
    duel = Duel(
        challenger=1,
        defender=4,
        stake=MONEY_SET,
        shown=tuple(
            (seat, asset)
            for seat in (1, 4)
            for asset in (Asset.CASH_UNDER_THE_MATTRESS, Asset.SILVER, Asset.GOLD)
        ),
    )
    busy = replace(
        views[len(views) // 2],
        stage=Stage.CHALLENGE,
        duel=duel,
        to_act=4,
        stacks=(StackView(MONEY_SET, 12, 1_450_000),) * 6,
        totals=(1_250_000,) * 6,
        hand_sizes=(5,) * 6,
        draw_size=88,
    )
    over = replace(busy, stage=Stage.ROUND_OVER, duel=None, round_scores=((450_000,) * 6,), round_number=12)
    return busy, over


def assets_table(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = assets_words.picture_labels(messages, language)
    busy, over = _assets_views()
    return [partial(assets.table_png, view, names[:6], labels) for view in (busy, over)]


def assets_hand(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = assets_words.picture_labels(messages, language)
    busy, _ = _assets_views()
    answering = replace(busy, seat=4, hand=HAND, hand_size=len(HAND))
    watching = replace(answering, seat=2)
    return [
        partial(assets.hand_png, view, seat, names[:6], labels)
        for view, seat in ((answering, 4), (watching, 2))
    ]


def assets_results(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = assets_words.picture_labels(messages, language)
    _, over = _assets_views()
    won = replace(
        over,
        stage=Stage.GAME_OVER,
        totals=(1_700_000,) + (1_250_000,) * 5,
        outcome=AssetsOutcome(0, (1_700_000,) * 6),
    )
    return [partial(assets.results_png, view, names[:6], labels) for view in (over, won)]


@cache
def _spit_views() -> tuple[SpitView, SpitView]:
    """A Spit table mid-game with a call made and the other seat waited for, and its end."""
    view = spit.played_views(partial(new_spit_game, 2, SpitOptions()), views=1)[-1]
    assert isinstance(view, SpitView)
    busy = replace(view, called=(0,), waiting_for=(1,), spit_cards=(11, 11), layouts_dealt=12)
    return busy, replace(busy, outcome=SpitOutcome(winner=1, cards_left=(21, 0)))


@cache
def _speed_views() -> tuple[SpeedView, SpeedView]:
    """A Speed table to a target mid-deal with a call made, and its end."""
    view = spit.played_views(partial(new_speed_game, 2, SpeedOptions(target=100)), views=1)[-1]
    assert isinstance(view, SpeedView)
    busy = replace(view, called=(0,), waiting_for=(1,), totals=(99, 87), deal_number=12)
    return busy, replace(busy, outcome=SpeedOutcome(winner=1, totals=(99, 121)))


def _spit_like(
    views: Callable[[], tuple[SpitView, SpitView] | tuple[SpeedView, SpeedView]], picture: str
) -> Scene:
    """The table, the panel or the results of Spit or Speed, from ``views``."""

    def renders(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
        labels = spit_words.labels_for(messages, language)
        busy, over = views()
        pair = names[:2]
        if picture == "table":
            return [partial(spit.table_png, view, pair, labels) for view in (busy, over)]
        if picture == "panel":
            return [partial(spit.panel_png, replace(view, seat=0), pair, labels) for view in (busy, over)]
        if isinstance(over, SpeedView):
            deal = DealWon(seat=1, points=21, totals=over.outcome.totals if over.outcome else (0, 0))
            return [partial(spit.results_png, view, pair, labels, deal) for view in (busy, over)]
        return [partial(spit.results_png, over, pair, labels)]

    return renders


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


KINDS = tuple(CardType)
"""A hand of every kind of card, as many as the seat holds."""


@cache
def _topoum_views() -> list[tuple[Any, Any]]:
    items = topoum.played_views()
    return items[:: max(1, len(items) // 6)] + items[-1:]


def topoum_board(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = topoum_words.labels_for(messages, language)
    return [partial(topoum.board_png, view, names[:4], labels, last) for view, last in _topoum_views()]


def topoum_hand(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = topoum_words.labels_for(messages, language)
    return [
        partial(topoum.hand_png, replace(view, seat=0, hand=KINDS[: view.hand_sizes[0]]), names[:4], labels)
        for view, _ in _topoum_views()[:-1]
    ]


def topoum_results(messages: Catalog, language: str, names: Sequence[str]) -> Renders:
    labels = topoum_words.labels_for(messages, language)
    view, _ = _topoum_views()[-1]
    return [partial(topoum.results_png, view, names[:4], labels)]


PICTURES: dict[str, Scene] = {
    "toppo.table": toppo_table,
    "toppo.line": toppo_line,
    "toppo.results": toppo_results,
    "assets.table": assets_table,
    "assets.hand": assets_hand,
    "assets.results": assets_results,
    "spit.table": _spit_like(_spit_views, "table"),
    "spit.panel": _spit_like(_spit_views, "panel"),
    "spit.results": _spit_like(_spit_views, "results"),
    "speed.table": _spit_like(_speed_views, "table"),
    "speed.panel": _spit_like(_speed_views, "panel"),
    "speed.results": _spit_like(_speed_views, "results"),
    "topoum.board": topoum_board,
    "topoum.hand": topoum_hand,
    "topoum.results": topoum_results,
    "league.standings": league_standings,
    "league.leaderboard": league_leaderboard,
    "stats.rating": stats_rating,
}


@dataclass(frozen=True, slots=True)
class Worst:
    """The smallest text and the smallest mark of a picture over many positions (each from the
    position where it is smallest), and the sentences cut in any of them."""

    text: Measure
    mark: Measure | None
    cut: tuple[str, ...]

    @property
    def px(self) -> float:
        return self.text.px

    @property
    def mark_px(self) -> float | None:
        return None if self.mark is None else self.mark.mark_px


def smallest(scene: Scene, language: str, messages: Catalog | None = None) -> Worst:
    """The smallest text and mark of a picture over its busiest positions and every set of long
    names."""
    messages = messages or catalog()
    return worst([(names, scene(messages, language, names)) for names in NAME_SETS])


def worst(renders: Sequence[tuple[Sequence[str], Sequence[Callable[[], bytes] | Halved]]]) -> Worst:
    """Measure every render (with the names it shows, which may be cut) and keep the worst."""
    measures = [
        measure(item.render, names, 2.0) if isinstance(item, Halved) else measure(item, names)
        for names, items in renders
        for item in items
    ]
    marked = [found for found in measures if found.mark is not None]
    return Worst(
        min(measures, key=lambda found: found.px),
        min(marked, key=lambda found: found.mark_px or 0.0) if marked else None,
        tuple(dict.fromkeys(text for found in measures for text in found.cut)),
    )


def unmeasured() -> list[str]:
    """The registered games (each name a result is recorded under) with no picture here: a game
    added to engine/games.py must bring its pictures' busiest positions, or this bench fails."""
    return [game for game in recorded() if not any(name.startswith(f"{game}.") for name in PICTURES)]


def _report(name: str, language: str, found: Worst, below: float | None) -> None:
    text, mark = found.text, found.mark
    flag = "" if found.px >= GOAL and (found.mark_px is None or found.mark_px >= GOAL) else "  < goal"
    marked = "" if mark is None else f"{found.mark_px:5.1f}  {mark.mark.text if mark.mark else ''}"
    print(
        f"{name:24} {language:4} {text.width:5} {text.scale:5.2f} {found.px:5.1f}"
        f"  {text.smallest.text[:28]!r:32} {marked or '    -'}{flag}"
    )
    for cut in found.cut:
        print(f"{'':42}  cut: {cut!r}")
    if below is not None:
        small = {(d.text, d.em) for d in text.drawn if d.em * text.scale < below}
        for drawn, em in sorted(small, key=lambda item: item[1]):
            print(f"{'':42}{em * text.scale:5.1f}  {drawn!r}")
        if mark is not None:
            marks = {(d.text, round(d.em, 1)) for d in mark.marks if d.em * mark.scale < below}
            for painter, em in sorted(marks, key=lambda item: item[1]):
                print(f"{'':42}{em * mark.scale:5.1f}  mark: {painter}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--below", type=float, default=None, help="also list every text smaller than this")
    parser.add_argument("--only", default="", help="only the pictures whose name starts with this")
    parser.add_argument("--no-sampled", action="store_true", help="only the hand-picked positions")
    args = parser.parse_args()
    messages = catalog()
    measured: list[tuple[str, str, Worst]] = []
    print(f"{'picture':24} {'lang':4} {'width':>5} {'scale':>5} {'px':>5}  {'smallest text':32} mark px")
    for name, scene in PICTURES.items():
        if name.startswith(args.only):
            for language in LANGUAGES:
                measured.append((name, language, smallest(scene, language, messages)))
                _report(*measured[-1], args.below)
    if not args.no_sampled:
        for name, by_language in sampled(messages, LANGUAGES, NAME_SETS).items():
            if name.startswith(args.only):
                for language in LANGUAGES:
                    found = worst(by_language[language])
                    measured.append((name, language, found))
                    _report(*measured[-1], args.below)
    pictures: dict[str, dict[str, float | None]] = {}
    for name, _, found in measured:
        entry = pictures.setdefault(name, {"text": found.px, "mark": found.mark_px})
        entry["text"] = round(min(entry["text"] or found.px, found.px), 1)
        if found.mark_px is not None:
            entry["mark"] = round(min(entry["mark"] or found.mark_px, found.mark_px), 1)
    missing = unmeasured()
    for game in missing:
        print(f"{game}: no picture measured; add its busiest positions to PICTURES")
    texts = [entry["text"] for entry in pictures.values() if entry["text"] is not None]
    marks = [entry["mark"] for entry in pictures.values() if entry["mark"] is not None]
    print(
        json.dumps(
            {
                "min_text_px_at_450": min(texts),
                "min_mark_px_at_450": min(marks) if marks else None,
                "pictures": pictures,
                "unmeasured": missing,
            }
        )
    )
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
