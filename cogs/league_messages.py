"""What leagues and the leaderboard look like on Discord: the words, the numbers in each
language, and the messages with their pictures (:mod:`render.standings`); ``/stats`` is
:mod:`cogs.stats_messages`.

Every function here reads values from the store and returns text or a
:class:`~cogs.drafts.Draft`; none changes anything.
"""

import dataclasses
from collections.abc import Sequence
from datetime import datetime
from functools import cache

import discord
from discord.utils import escape_markdown

from cogs.drafts import Draft, alt_text, draw
from cogs.forgotten import shown_name
from cogs.layout import Words
from data import Game, League, LeagueGame, Rating, Season, Standing
from engine.games import measure
from locales import Catalog
from render.fonts import NAME_MARK, Naming
from render.standings import Labels, Row, table_png

COLOUR = discord.Colour.from_rgb(247, 190, 60)
TOP_ROWS = 15
"""Lines of a standings or leaderboard picture; the reader's own line is added below if lower."""


@cache
def picture_labels(messages: Catalog, language: str) -> Labels:
    """The words on the league pictures in one language (``league.picture.<field>``)."""
    return Labels(
        **{
            field.name: messages.text(f"league.picture.{field.name}", language)
            for field in dataclasses.fields(Labels)
        }
    )


def labels_for(messages: Catalog, locale: str) -> Labels:
    return picture_labels(messages, messages.language_for(locale))


def game_name(messages: Catalog, game: Game, locale: str) -> str:
    return messages.text(f"league.game.{game}", locale)


def measure_text(messages: Catalog, game: Game, value: int, locale: str) -> str:
    """A total of the game's measure as shown: money with its sign, other counts plain."""
    if measure(game).money:
        return messages.money(value, locale)
    return messages.number(value, locale)


def day(moment: datetime) -> str:
    """A date every reader sees in their own format and time zone (a Discord timestamp)."""
    return discord.utils.format_dt(moment, "D")


def channels_text(channel_ids: Sequence[int]) -> str:
    return ", ".join(f"<#{channel}>" for channel in channel_ids)


def bold(name: str) -> str:
    return f"**{escape_markdown(name)}**"


def _rows(entries: Sequence[tuple[int, int, str, int, str]], viewer: int) -> tuple[list[Row], Row | None]:
    """The top lines of a ranked table, and the viewer's own line if it is further down.
    ``entries`` are (rank, user id, name, games, value shown), best first."""
    rows = [Row(rank, name, games, value, user == viewer) for rank, user, name, games, value in entries]
    below = next((row for row in rows[TOP_ROWS:] if row.mine), None)
    return rows[:TOP_ROWS], below


def _alt(messages: Catalog, rows: Sequence[Row], below: Row | None, locale: str) -> str:
    """The table in words, for screen readers: one line per row, as many as fit."""
    lines = [
        messages.text("league.standings.alt", locale, rank=r.rank, name=r.name, value=r.value, games=r.games)
        for r in [*rows, *([below] if below else [])]
    ]
    return alt_text(lines or [messages.text("league.picture.nobody", locale)])


# -- standings -------------------------------------------------------------------------------------


async def standings_draft(
    messages: Catalog,
    league: League,
    season: Season,
    standings: Sequence[Standing],
    stood_in: int,
    viewer: int,
    locale: str,
    intro: str | None = None,
) -> Draft:
    """A season's standings: the picture, its words for screen readers, when the season runs,
    and how its games in which an AI played for someone count (``stood_in`` of them did);
    ``intro`` goes first (the announcement of a season's end, say)."""
    game = league.game

    titled = Naming(
        messages.text(
            "league.standings.title",
            locale,
            league=NAME_MARK,
            game=game_name(messages, game, locale),
            number=season.number,
        ),
        league.name,
    )
    title = titled(str)
    if season.ended_at is None:
        when = messages.text(
            "league.standings.running", locale, number=season.number, date=day(season.started_at)
        )
    else:
        when = messages.text(
            "league.standings.ended",
            locale,
            number=season.number,
            start=day(season.started_at),
            end=day(season.ended_at),
        )
    entries = [
        (
            s.rank,
            s.user_id,
            shown_name(messages, s.name, s.forgotten, locale),
            s.games,
            measure_text(messages, game, s.measure, locale),
        )
        for s in standings
    ]
    rows, below = _rows(entries, viewer)
    hint = messages.text(f"league.measure_hint.{game}", locale)
    png = await draw(
        table_png,
        titled,
        hint,
        messages.text(f"league.measure.{game}", locale),
        rows,
        below,
        labels_for(messages, locale),
    )
    absent = absent_rule(messages, league, stood_in, locale)
    description = "\n".join(part for part in (intro, when, absent) if part)
    words = Words(title=title, description=description, colour=COLOUR)
    return Draft(words, png=png, filename="standings.png", alt=_alt(messages, rows, below, locale))


def absent_rule(messages: Catalog, league: League, stood_in: int, locale: str) -> str:
    """How the league counts games in which an AI played for someone, in one line: players who
    see a leaver ranked last, or a game missing, are told why. When they count, it says how many
    of the season's counted games (``stood_in``) had such a seat, if any."""
    if league.settings.absent_games == "excluded":
        return messages.text("league.standings.absent_excluded", locale)
    if stood_in:
        return messages.text("league.standings.absent_last_games", locale, games=stood_in)
    return messages.text("league.standings.absent_last", locale)


# -- the leaderboard -------------------------------------------------------------------------------


async def leaderboard_draft(
    messages: Catalog, game: Game, ratings: Sequence[Rating], viewer: int, locale: str
) -> Draft:
    """A server's players of ``game`` by skill rating, as a ranked picture."""
    name = game_name(messages, game, locale)
    title = messages.text("leaderboard.title", locale, game=name)
    entries = [
        (
            place,
            r.user_id,
            shown_name(messages, r.name, r.forgotten, locale),
            r.games,
            rating_text(messages, r.display, r.provisional, locale),
        )
        for place, r in enumerate(ratings, start=1)
    ]
    rows, below = _rows(entries, viewer)
    png = await draw(
        table_png,
        title,
        messages.text("leaderboard.hint", locale),
        messages.text("leaderboard.measure", locale),
        rows,
        below,
        labels_for(messages, locale),
    )
    words = Words(title=title, colour=COLOUR)
    return Draft(words, png=png, filename="leaderboard.png", alt=_alt(messages, rows, below, locale))


def rating_text(messages: Catalog, display: int, provisional: bool, locale: str) -> str:
    """A shown rating, "1520", or "1520?" while it is provisional."""
    shown = messages.number(display, locale)
    return messages.text("leaderboard.provisional", locale, rating=shown) if provisional else shown


# -- moderation ------------------------------------------------------------------------------------


def players_text(messages: Catalog, game: LeagueGame, locale: str, limit: int = 4) -> str:
    """ "Ana 0, Ben 12, Cat 30" (the first few, best first)."""
    shown = ", ".join(
        f"{shown_name(messages, player.name, player.forgotten, locale)} {player.measure}"
        for player in game.players[:limit]
    )
    return shown + (", …" if len(game.players) > limit else "")


def game_choice(messages: Catalog, game: LeagueGame, locale: str) -> str:
    """A counted game as an autocomplete choice (at most 100 characters, Discord's limit)."""
    label = messages.text(
        "league.remove.choice",
        locale,
        game=game.id,
        season=game.season_number,
        date=game.finished_at.strftime("%Y-%m-%d %H:%M"),
        players=players_text(messages, game, locale),
    )
    return label if len(label) <= 100 else label[:99] + "…"
