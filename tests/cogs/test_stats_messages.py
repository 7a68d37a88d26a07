"""The ``/stats`` card in words, in both languages: per game the rating (with "?" while
provisional), games, wins, average and a line per size of table with the places reached; the
most frequent opponents ("ahead of you", or of the player looked up; a forgotten member as a
former player); the rating chart's picture with its description, or none without ratings; and
every card within Discord's limits."""

from datetime import UTC, datetime, timedelta

import pytest

from cogs.stats_messages import chart, stats_draft
from data import Finishes, GameStats, Opponent, PlayerStats, RatingHistory, RatingPoint
from engine.games import recorded
from locales import catalog
from tests.cogs.alt import described_in
from tests.cogs.limits import within_discords_limits
from tests.tables.scripted import table_class

T0 = datetime(2025, 12, 20, 21, 0, tzinfo=UTC)
TOPPO = RatingHistory(
    "toppo", tuple(RatingPoint(T0 + timedelta(days=7 * n), 1500 + 5 * n, n + 1 < 10) for n in range(14))
)
SPIT = RatingHistory(
    "spit", tuple(RatingPoint(T0 + timedelta(days=30 + n), 1510 + 5 * n, True) for n in range(3))
)
CARLA = PlayerStats(
    7,
    "Carla",
    (GameStats("toppo", 14, 5, 180), GameStats("spit", 3, 1, 1)),
    (
        Finishes("toppo", 2, 2, (1, 1)),
        Finishes("toppo", 4, 12, (4, 3, 0, 5)),
        Finishes("spit", 2, 3, (1, 2)),
    ),
    (TOPPO, SPIT),
    (Opponent(2, "Ana_B", 9, 4), Opponent(3, "Ben", 1, 1, forgotten=True)),
)


async def test_the_players_own_card_in_english() -> None:
    draft = await stats_draft(catalog(), CARLA, "Carla", True, "en-US")

    assert draft.words.title == "Carla: statistics" and draft.words.description is None
    assert [(field.name, field.value.splitlines()) for field in draft.words.fields] == [
        (
            "Toppo",
            [
                "Rating 1,565 · 14 games · 5 won (36%)",
                "Average penalty points a game: 12.9",
                "2 players: 2 games · 1st ×1 · 2nd ×1",
                "4 players: 12 games · 1st ×4 · 2nd ×3 · 4th ×5",
            ],
        ),
        ("Spit", ["Rating 1,520? · 3 games · 1 won (33%)", "2 players: 3 games · 1st ×1 · 2nd ×2"]),
        (
            "Most frequent opponents",
            ["**Ana\\_B**: 9 games, ahead of you in 4", "**a former player**: 1 game, ahead of you in 1"],
        ),
    ]
    assert draft.png is not None and draft.filename == "rating.png"
    assert draft.alt is not None and described_in(draft, "en-US")
    assert draft.alt.splitlines() == [
        "Picture of Carla's rating over time, one line per game:",
        "Toppo: 1,500 before the first rated game, on December 20, 2025; 1,565 now,"
        " after 14 rated games (+65)",
        "Spit: 1,500 before the first rated game, on January 19, 2026; 1,520? now, after 3 rated games (+20)",
    ]
    within_discords_limits(draft)


async def test_someone_elses_card_in_spanish() -> None:
    draft = await stats_draft(catalog(), CARLA, "Carla", False, "es-ES")

    assert draft.words.title == "Carla: estadísticas"
    assert [(field.name, field.value.splitlines()) for field in draft.words.fields] == [
        (
            "Toppo",
            [
                "Rating 1.565 · 14 partidas · 5 ganadas (36 %)",
                "Media de puntos de penalización por partida: 12,9",
                "2 jugadores: 2 partidas · 1.º ×1 · 2.º ×1",
                "4 jugadores: 12 partidas · 1.º ×4 · 2.º ×3 · 4.º ×5",
            ],
        ),
        (
            "Spit",
            ["Rating 1.520? · 3 partidas · 1 ganada (33 %)", "2 jugadores: 3 partidas · 1.º ×1 · 2.º ×2"],
        ),
        (
            "Rivales más frecuentes",
            [
                "**Ana\\_B**: 9 partidas, por delante de Carla en 4",
                "**un antiguo jugador**: 1 partida, por delante de Carla en 1",
            ],
        ),
    ]
    assert draft.alt is not None and described_in(draft, "es-ES")
    assert draft.alt.splitlines()[1] == (
        "Toppo: 1.500 antes de la primera partida con rating, el 20 de diciembre de 2025; 1.565 ahora,"
        " tras 14 partidas con rating (+65)"
    )


def test_the_charts_axes_and_legend_are_in_the_readers_language() -> None:
    for locale, months, ratings, legend in [
        ("en-GB", ["Jan 2026", "Feb", "Mar"], "1,500", ["Toppo 1,565", "Spit 1,520?"]),
        ("es-419", ["ene 2026", "feb", "mar"], "1.500", ["Toppo 1.565", "Spit 1.520?"]),
    ]:
        lines, dates, gridlines, labels = chart(catalog(), (TOPPO, SPIT), locale)
        assert [label for _, label in dates] == months
        assert gridlines[0] == (1500, ratings)
        assert [line.name for line in lines] == legend
        assert [line.style for line in lines] == [recorded().index("toppo"), recorded().index("spit")]
        assert labels.provisional.endswith(("(under 10 games)", "(menos de 10 partidas)"))


async def test_a_player_without_ratings_gets_the_card_without_a_picture() -> None:
    unrated = PlayerStats(7, "Carla", (GameStats("toppo", 1, 0, 12),), (Finishes("toppo", 2, 1, (0, 1)),))
    draft = await stats_draft(catalog(), unrated, "Carla", True, "en-US")
    assert draft.png is None and draft.alt is None
    assert draft.words.fields[0].value.splitlines() == [
        "1 game · 0 won (0%)",
        "Average penalty points a game: 12.0",
        "2 players: 1 game · 2nd ×1",
    ]


async def test_a_player_without_games_is_told_so() -> None:
    draft = await stats_draft(catalog(), PlayerStats(7, None, ()), "Carla", True, "es-ES")
    assert draft.words.description == "**Carla** aún no tiene partidas registradas en este servidor."
    assert draft.png is None and draft.words.fields == []


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
async def test_the_busiest_card_stays_within_discords_limits(locale: str) -> None:
    """Every game played at every size of table its lobby allows, counts in the ten thousands,
    the longest names."""
    games = recorded()
    history = tuple(RatingPoint(T0 + timedelta(days=n), 1500 + n, n < 9) for n in range(60))
    long_names = ["Maximiliano Hernández Villanueva", "W" * 32, "Guadalupe Montserrat Echeverría", "M" * 32]
    busiest = PlayerStats(
        7,
        "W" * 32,
        tuple(GameStats(game, 123_456, 23_456, 9_999_999) for game in games),
        tuple(
            Finishes(game, seats, 20_000, tuple(range(2_000, 2_000 + seats)))
            for game in games
            for seats in range(2, table_class(game).seats_allowed[1] + 1)
        ),
        tuple(RatingHistory(game, history) for game in games),
        tuple(Opponent(n, long_names[n % 4], 99_999, 88_888, n == 3) for n in range(5)),
        stood_in=12_345,
        absent=1_234,
    )
    draft = await stats_draft(catalog(), busiest, "W" * 32, False, locale)
    within_discords_limits(draft)
    assert described_in(draft, locale)


def test_the_chart_measures_each_game_from_the_rating_everyone_starts_at() -> None:
    """Finding 6: the chart began at the first game's rating, so 1500 -> 1593 drew "+0"."""
    lines, _, ratings, _ = chart(catalog(), (SPIT,), "en-US")
    (spit,) = lines
    assert spit.points[0].rating == 1500 and spit.points[0].when == SPIT.points[0].finished_at
    assert [point.rating for point in spit.points[1:]] == [1510, 1515, 1520]
    assert ratings[0][0] <= 1500, "the axis reaches the start"
