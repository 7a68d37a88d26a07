"""The league cogs' decisions and words without Discord: which league and season a command
means, numbers in each language, and choices within Discord's limits."""

from datetime import UTC, datetime

import pytest

from cogs.league import pick_league, pick_season
from cogs.league_messages import (
    absent_rule,
    game_choice,
    labels_for,
    measure_text,
    players_text,
    standings_draft,
)
from cogs.painter import PAINTER
from cogs.stats_messages import stood_in_text
from data import (
    GameStats,
    League,
    LeagueError,
    LeagueGame,
    LeaguePlayer,
    LeagueSettings,
    PlayerStats,
    Season,
    Standing,
)
from locales import catalog
from render.standings import Labels

T0 = datetime(2025, 3, 7, 20, 0, tzinfo=UTC)


def league(number: int, name: str, *channels: int, settings: LeagueSettings | None = None) -> League:
    return League(number, 100, name, "toppo", channels, settings or LeagueSettings(), None)


FRIDAY, SATURDAY = league(1, "Friday", 10, 11), league(2, "Saturday", 11)


@pytest.mark.parametrize(
    ("leagues", "name", "channel", "expected"),
    [
        ([FRIDAY, SATURDAY], "saturday", 10, SATURDAY),
        ([FRIDAY, SATURDAY], "  FRIDAY ", 99, FRIDAY),
        ([FRIDAY, SATURDAY], None, 10, FRIDAY),
        ([SATURDAY], None, 99, SATURDAY),
    ],
)
def test_a_command_means_the_named_league_else_the_channels_else_the_only_one(
    leagues: list[League], name: str | None, channel: int, expected: League
) -> None:
    assert pick_league(leagues, name, channel) == expected


@pytest.mark.parametrize(
    ("leagues", "name", "channel", "code"),
    [
        ([], None, 10, "no_leagues"),
        ([FRIDAY, SATURDAY], None, 11, "which"),
        ([FRIDAY, SATURDAY], None, 99, "which"),
        ([FRIDAY], "Sunday", 10, "unknown"),
    ],
)
def test_an_ambiguous_or_unknown_league_is_refused(
    leagues: list[League], name: str | None, channel: int, code: str
) -> None:
    with pytest.raises(LeagueError) as refused:
        pick_league(leagues, name, channel)
    assert refused.value.code == code
    text = catalog().text(f"league.error.{code}", "en-US", **refused.value.values)
    assert "{" not in text


def test_the_season_is_the_named_one_else_the_latest() -> None:
    seasons = [Season(1, 1, 1, T0, T0), Season(2, 1, 2, T0, None)]
    assert pick_season(FRIDAY, seasons, None) == seasons[1]
    assert pick_season(FRIDAY, seasons, 1) == seasons[0]
    with pytest.raises(LeagueError, match="no_such_season"):
        pick_season(FRIDAY, seasons, 3)
    with pytest.raises(LeagueError, match="no_seasons"):
        pick_season(FRIDAY, [], None)


@pytest.mark.parametrize(
    ("locale", "money", "points"),
    [("en-US", "$1,450,000", "12,345"), ("es-ES", "1.450.000\u00a0$", "12.345")],
)
def test_numbers_follow_the_language(locale: str, money: str, points: str) -> None:
    assert measure_text(catalog(), "assets", 1_450_000, locale) == money
    assert measure_text(catalog(), "toppo", 12345, locale) == points
    assert catalog().number(12, locale) == "12"
    assert catalog().number(12.34, locale, digits=1) == ("12.3" if locale == "en-US" else "12,3")


def test_a_counted_game_as_a_choice_stays_within_100_characters() -> None:
    many = tuple(LeaguePlayer(f"Player with a long name {n}", 30 + n) for n in range(8))
    game = LeagueGame(12345, 3, T0, many)
    players = players_text(catalog(), game, "en-US")
    assert players.endswith(", …") and players.count(",") == 4
    for locale in ("en-US", "es-ES"):
        label = game_choice(catalog(), game, locale)
        assert len(label) <= 100 and label.startswith("#12345 · ")


def test_the_picture_words_exist_in_both_languages() -> None:
    english, spanish = labels_for(catalog(), "en-GB"), labels_for(catalog(), "es-419")
    assert english == Labels()
    assert spanish.player == "Jugador" and spanish != english


async def test_standings_are_drawn_in_the_painters_process_with_a_long_league_name() -> None:
    """What a draft hands the painter crosses to its process, so it must pickle (a closure
    for the title did not, and /league standings failed)."""
    long_name = "The Friday Night Toppo League of the Whole Neighbourhood"
    season = Season(1, 1, 3, T0, None)
    rows = [Standing(1, 7, "Alice", 4, 2, 30), Standing(2, 8, "Bruno", 4, 1, 20)]
    try:
        draft = await standings_draft(catalog(), league(1, long_name, 10), season, rows, 2, 7, "es-ES")
    finally:
        PAINTER.stop()
    assert draft.words.title is not None and long_name in draft.words.title
    assert draft.png is not None and draft.png.startswith(b"\x89PNG")
    assert draft.words.description is not None
    assert draft.words.description.endswith(
        "Cuentan las partidas en las que una IA jugó por alguien (2 partidas esta temporada);"
        " quien se fue queda en último lugar."
    ), "the standings say how games an AI played for someone in count"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (
            "en-US",
            [
                "Games in which an AI played for someone count; a player who left is ranked last.",
                "Games in which an AI played for someone count (1 game this season); a player who left is"
                " ranked last.",
                "Games in which an AI played for someone count (2 games this season); a player who left is"
                " ranked last.",
                "Games in which an AI played for someone are left out.",
            ],
        ),
        (
            "es-ES",
            [
                "Cuentan las partidas en las que una IA jugó por alguien; quien se fue queda en último"
                " lugar.",
                "Cuentan las partidas en las que una IA jugó por alguien (1 partida esta temporada);"
                " quien se fue queda en último lugar.",
                "Cuentan las partidas en las que una IA jugó por alguien (2 partidas esta temporada);"
                " quien se fue queda en último lugar.",
                "Las partidas en las que una IA jugó por alguien no cuentan.",
            ],
        ),
    ],
)
def test_the_standings_say_how_games_an_ai_played_for_someone_in_count(
    locale: str, expected: list[str]
) -> None:
    counted = league(1, "Friday", 10)
    left_out = league(1, "Friday", 10, settings=LeagueSettings(absent_games="excluded"))
    said = [absent_rule(catalog(), counted, stood_in, locale) for stood_in in (0, 1, 2)]
    assert [*said, absent_rule(catalog(), left_out, 3, locale)] == expected


@pytest.mark.parametrize(
    ("locale", "stood_in", "absent", "expected"),
    [
        ("en-US", 0, 0, None),
        ("en-US", 1, 0, "An AI played for Ana\\_B in 1 game"),
        (
            "en-US",
            3,
            2,
            "An AI played for Ana\\_B in 3 games\n"
            "Ana\\_B was ranked last for leaving or being away in 2 games",
        ),
        ("en-US", 0, 1, "Ana\\_B was ranked last for leaving or being away in 1 game"),
        (
            "es-ES",
            2,
            1,
            "Una IA jugó por Ana\\_B en 2 partidas\n"
            "Ana\\_B quedó en último lugar por irse o estar ausente en 1 partida",
        ),
    ],
)
def test_statistics_say_in_how_many_games_an_ai_played_for_the_player(
    locale: str, stood_in: int, absent: int, expected: str | None
) -> None:
    games = (GameStats("toppo", games=5, wins=1, measure=40),)
    stats = PlayerStats(7, "Ana_B", games, stood_in=stood_in, absent=absent)
    assert stood_in_text(catalog(), stats, "Ana_B", locale) == expected
