"""What ``/stats`` looks like on Discord: a player's card (per game their rating, games and
wins, where they finished at each size of table, the average of the game's measure; the people
they played with most) and the picture of their rating over time (:mod:`render.rating_chart`),
with its words for screen readers.

Everything here reads values from the store and returns text or a
:class:`~cogs.drafts.Draft`; none changes anything.
"""

from datetime import datetime

from discord.utils import escape_markdown

from cogs.drafts import Draft, alt_text, draw
from cogs.forgotten import shown_name
from cogs.layout import Words
from cogs.league_messages import COLOUR, bold, game_name, rating_text
from data import Finishes, Game, Opponent, PlayerStats, RatingHistory
from data.ratings import DISPLAY_START, PROVISIONAL_GAMES
from engine.games import measure, recorded
from locales import Catalog
from render.rating_chart import ChartLabels, DateTick, Line, Point, chart_png, date_ticks, rating_ticks

SKELETONS = {
    ("day", False): "MMMd",
    ("day", True): "yMMMd",
    ("month", False): "MMM",
    ("month", True): "yMMM",
    ("year", False): "y",
    ("year", True): "y",
}
"""How much of a date the chart's x axis writes, by the step between its dates and whether the
year is new there (the first date, the first of another year)."""


async def stats_draft(messages: Catalog, stats: PlayerStats, name: str, mine: bool, locale: str) -> Draft:
    """A player's card: per game (most played first) their rating, games, wins and average, a
    line per size of table with their places; the people they played with most (``mine``: the
    reader is the player, "ahead of you"); how many of their games an AI played for them in
    (see :func:`stood_in_text`); and the picture of their ratings, if they have any. A player
    who asked the server to forget them is named ``name`` on their own card only."""
    text = messages.text
    name = shown_name(messages, name, stats.forgotten and not mine, locale)
    if not stats.games:
        words = Words(description=text("stats.none", locale, name=bold(name)), colour=COLOUR)
        return Draft(words)
    words = Words(
        title=text("stats.title", locale, name=name),
        description=stood_in_text(messages, stats, name, locale),
        colour=COLOUR,
    )
    rated = {history.game: history for history in stats.ratings}
    for entry in stats.games:
        share = round(100 * entry.wins / entry.games)
        line = text("stats.line", locale, games=entry.games, wins=entry.wins, share=share)
        if (history := rated.get(entry.game)) is not None:
            line = text("stats.rated", locale, rating=_now(messages, history, locale), line=line)
        lines = [line]
        average = _average(messages, entry.game, entry.measure, entry.games, locale)
        if average is not None:
            lines.append(average)
        lines += [_places(messages, table, locale) for table in stats.finishes if table.game == entry.game]
        words.add_field(name=game_name(messages, entry.game, locale), value="\n".join(lines))
    if stats.opponents:
        said = [_opponent(messages, opponent, None if mine else name, locale) for opponent in stats.opponents]
        words.add_field(name=text("stats.opponents", locale), value="\n".join(said))
    if not stats.ratings:
        return Draft(words)
    png = await draw(chart_png, *chart(messages, stats.ratings, locale))
    return Draft(words, png=png, filename="rating.png", alt=chart_alt(messages, stats.ratings, name, locale))


def _average(messages: Catalog, game: Game, total: int, games: int, locale: str) -> str | None:
    """A game's average measure in words; None where the measure is wins (the share says it)."""
    if measure(game).column == "won":
        return None
    value = messages.number(total / games, locale, digits=1)
    if measure(game).money:
        value = messages.money(round(total / games), locale)
    return messages.text(
        "stats.average", locale, value=messages.text(f"stats.average_of.{game}", locale, value=value)
    )


def _places(messages: Catalog, finishes: Finishes, locale: str) -> str:
    """ "4 players: 12 games · 1st ×5 · 2nd ×3 · 4th ×4" (places never reached left out)."""
    places = [
        messages.text("stats.place", locale, place=place, count=count)
        for place, count in enumerate(finishes.places, start=1)
        if count
    ]
    return messages.text(
        "stats.table", locale, seats=finishes.seats, games=finishes.games, places=" · ".join(places)
    )


def _opponent(messages: Catalog, opponent: Opponent, player: str | None, locale: str) -> str:
    """ "**Ana** · 14 games · ahead of you in 6" (``player`` None: the reader is the player); a
    forgotten member as "a former player"."""
    name = shown_name(messages, opponent.name, opponent.forgotten, locale)
    values = {"name": bold(name), "games": opponent.games, "ahead": opponent.ahead}
    if player is None:
        return messages.text("stats.opponent_you", locale, **values)
    return messages.text("stats.opponent", locale, player=escape_markdown(player), **values)


def stood_in_text(messages: Catalog, stats: PlayerStats, name: str, locale: str) -> str | None:
    """In how many of the player's games an AI played for them, and in how many they were ranked
    last as absent, each said only if there were some; None if neither."""
    lines = [
        messages.text(f"stats.{key}", locale, name=escape_markdown(name), games=count)
        for key, count in (("stood_in", stats.stood_in), ("absent", stats.absent))
        if count > 0
    ]
    return "\n".join(lines) or None


# -- the picture -----------------------------------------------------------------------------------


def _style(game: Game) -> int:
    """A game's colour and marker on the chart: its place among the recorded games, so that it
    keeps them from one player's picture to another's."""
    return recorded().index(game)


def _now(messages: Catalog, history: RatingHistory, locale: str) -> str:
    """A game's rating now, as the leaderboard shows it."""
    now = history.points[-1]
    return rating_text(messages, now.rating, now.provisional, locale)


def chart(
    messages: Catalog, histories: tuple[RatingHistory, ...], locale: str
) -> tuple[list[Line], list[tuple[datetime, str]], list[tuple[int, str]], ChartLabels]:
    """The arguments of :func:`render.rating_chart.chart_png` for these histories, in the
    reader's language: a line per game named with its rating now, from the rating everyone
    starts at (:data:`~data.ratings.DISPLAY_START`, just before the first rated game) to now,
    the dates and ratings of the axes written as the language writes them."""
    lines = [
        Line(
            messages.text(
                "stats.chart_legend",
                locale,
                game=game_name(messages, history.game, locale),
                rating=rating_text(
                    messages, history.points[-1].rating, history.points[-1].provisional, locale
                ),
            ),
            (
                Point(history.points[0].finished_at, DISPLAY_START, False),
                *(Point(p.finished_at, p.rating, p.provisional) for p in history.points),
            ),
            _style(history.game),
        )
        for history in histories
    ]
    points = [point for line in lines for point in line.points]
    dates = [
        (tick.moment, _date(messages, tick, year, locale))
        for tick, year in _new_years(date_ticks([p.when for p in points]))
    ]
    ratings = [(value, messages.number(value, locale)) for value in rating_ticks([p.rating for p in points])]
    labels = ChartLabels(
        messages.text("stats.chart_title", locale),
        messages.text("stats.chart_provisional", locale, games=PROVISIONAL_GAMES),
    )
    return lines, dates, ratings, labels


def _new_years(ticks: list[DateTick]) -> list[tuple[DateTick, bool]]:
    """Each tick, and whether its label says the year: the first, and each in another year than
    the one before it."""
    return [
        (tick, index == 0 or tick.moment.year != ticks[index - 1].moment.year)
        for index, tick in enumerate(ticks)
    ]


def _date(messages: Catalog, tick: DateTick, year: bool, locale: str) -> str:
    return messages.short_date(tick.moment, SKELETONS[tick.unit, year], locale)


def chart_alt(messages: Catalog, histories: tuple[RatingHistory, ...], name: str, locale: str) -> str:
    """The chart in words: per game, the rating everyone starts at and the date of the first
    rated game, the rating now, the change between them and after how many games."""
    lines = [messages.text("stats.chart_alt", locale, name=name)]
    for history in histories:
        first, now = history.points[0], history.points[-1]
        lines.append(
            messages.text(
                "stats.chart_alt_line",
                locale,
                game=game_name(messages, history.game, locale),
                first=messages.number(DISPLAY_START, locale),
                date=messages.date(first.finished_at, locale),
                now=_now(messages, history, locale),
                change=messages.change(now.rating - DISPLAY_START, locale),
                games=len(history.points),
            )
        )
    return alt_text(lines)
