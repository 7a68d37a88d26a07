"""A member who used ``/forget-me``, named by the bot from its own records, is "a former player"
in the reader's language everywhere: a ``/history`` page asked for their games (its title and
rows), a league's standings and the leaderboard (pictures, their words for screen readers and
every line), someone else's ``/stats`` of them (title, lines, the rating chart's picture and its
words) and of anyone they played with, the games a moderator picks one to remove from, and a
replay. Their own ``/stats`` stays theirs.

Each answer is built as the cogs build it, from a real store (an SQLite file) in which Ben asked
the server to forget him; pictures are caught with what they are drawn from.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import league_messages, stats_messages
from cogs.animator import ANIMATOR
from cogs.drafts import Draft
from cogs.history import History
from cogs.kinds import INSTALLED
from cogs.league_messages import game_choice, leaderboard_draft, standings_draft
from cogs.stats_messages import stats_draft
from data import Store
from locales import catalog
from tables.registry import TableRegistry
from tests.data.test_leagues import ANA, BEN, CAT, GUILD, game, league_with_season, seats
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import finished_game, kind_of

LOCALES = ["en-US", "es-ES"]


def former(locale: str) -> str:
    return catalog().text("history.former", locale)


def shown(draft: Draft) -> str:
    """Everything a draft shows in words: its card's texts and its picture's description."""
    return "\n".join([*draft.words.texts(), draft.alt or ""])


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """Two league games of Ana, Ben and Cat, rated; then Ben asks to be forgotten."""
    async with await Store.open(tmp_path / "db.sqlite3") as opened:
        await league_with_season(opened)
        await opened.record_game(game("g1", seats({ANA: 0, BEN: 5, CAT: 8})))
        await opened.record_game(game("g2", seats({BEN: 0, ANA: 3, CAT: 9})))
        await opened.forget_member(GUILD, BEN)
        yield opened


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The arguments of every league or statistics picture, caught instead of drawn."""
    pictures: list[tuple[Any, ...]] = []

    async def draw(picture: Any, *args: Any) -> bytes:
        pictures.append(args)
        return b"\x89PNG"

    for module in (league_messages, stats_messages):
        monkeypatch.setattr(module, "draw", draw)
    return pictures


def reader(locale: str, store: Store, **more: Any) -> tuple[Any, Any]:
    """A bot with ``store`` and the catalogue, and an interaction of a member (not a moderator)
    reading in ``locale`` on the server: what a cog's answer reads of them."""
    bot = SimpleNamespace(store=store, messages=catalog(), **more)
    interaction = SimpleNamespace(
        guild_id=GUILD,
        locale=discord.Locale(locale),
        permissions=discord.Permissions.none(),
        user=SimpleNamespace(id=ANA),
    )
    return bot, interaction


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_history_page_of_a_forgotten_members_games_does_not_name_them(
    store: Store, locale: str
) -> None:
    bot, interaction = reader(locale, store)
    draft = await History(bot).history_draft(interaction, 0, None, BEN)
    assert draft.words.title == catalog().text("history.title_of", locale, filters=former(locale))
    assert former(locale) in (draft.words.description or "")
    assert "Ben" not in shown(draft) and f"<@{BEN}>" not in shown(draft)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_standings_name_a_forgotten_member_a_former_player(
    store: Store, drawn: list[tuple[Any, ...]], locale: str
) -> None:
    (league,) = await store.leagues(GUILD)
    assert league.season is not None
    standings = await store.standings(league, league.season)
    draft = await standings_draft(catalog(), league, league.season, standings, 0, ANA, locale)
    (picture,) = drawn
    rows = picture[3]
    assert [row.name for row in rows] == ["Ana", former(locale), "Cat"]
    assert former(locale) in (draft.alt or "")
    assert "Ben" not in shown(draft) and "Ben" not in repr(picture)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_leaderboard_names_a_forgotten_member_a_former_player(
    store: Store, drawn: list[tuple[Any, ...]], locale: str
) -> None:
    ratings = await store.leaderboard(GUILD, "toppo")
    draft = await leaderboard_draft(catalog(), "toppo", ratings, ANA, locale)
    (picture,) = drawn
    assert former(locale) in [row.name for row in picture[3]]
    assert former(locale) in (draft.alt or "")
    assert "Ben" not in shown(draft) and "Ben" not in repr(picture)


@pytest.mark.parametrize("locale", LOCALES)
async def test_someone_elses_stats_of_a_forgotten_member_do_not_name_them(
    store: Store, drawn: list[tuple[Any, ...]], locale: str
) -> None:
    stats = await store.player_stats(GUILD, BEN)
    draft = await stats_draft(catalog(), stats, stats.name or "ben", False, locale)
    assert draft.words.title == catalog().text("stats.title", locale, name=former(locale))
    assert "Ben" not in shown(draft) and "Ben" not in repr(drawn)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_rating_chart_of_a_forgotten_member_says_a_former_player(
    store: Store, drawn: list[tuple[Any, ...]], locale: str
) -> None:
    stats = await store.player_stats(GUILD, BEN)
    draft = await stats_draft(catalog(), stats, stats.name or "ben", False, locale)
    assert draft.alt is not None
    heading = draft.alt.splitlines()[0]
    assert heading == catalog().text("stats.chart_alt", locale, name=former(locale))


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_forgotten_member_sees_their_own_stats_and_others_see_them_as_a_former_player(
    store: Store, drawn: list[tuple[Any, ...]], locale: str
) -> None:
    own = await stats_draft(catalog(), await store.player_stats(GUILD, BEN), "Ben", True, locale)
    assert own.words.title == catalog().text("stats.title", locale, name="Ben")
    anas = await stats_draft(catalog(), await store.player_stats(GUILD, ANA), "Ana", True, locale)
    opponents = anas.words.fields[-1].value
    assert f"**{former(locale)}**" in opponents and "Ben" not in opponents


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_games_a_moderator_removes_from_do_not_name_a_forgotten_member(
    store: Store, locale: str
) -> None:
    (league,) = await store.leagues(GUILD)
    choices = [game_choice(catalog(), played, locale) for played in await store.league_games(league, 10)]
    assert len(choices) == 2 and all(former(locale) in choice for choice in choices)
    assert not any("Ben" in choice for choice in choices)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_replay_names_a_forgotten_member_a_former_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, locale: str
) -> None:
    monkeypatch.setattr(ANIMATOR, "warm", lambda: None)  # no share follows here
    tally = kind_of("tally")
    monkeypatch.setitem(INSTALLED, tally.prefix, tally)  # as the bot running the tests' game does
    kept, store = await finished_game("tally", 7, tmp_path)
    try:
        await store.forget_member(1, 2)
        bot, interaction = reader(locale, store, tables=TableRegistry(store, ManualClock()))
        interaction.guild_id = 1
        history = History(bot)
        for step in (0, 10_000):  # its first step and its last
            draft = await history.replay_draft(interaction, kept.finished.game_id, step)
            assert former(locale) in (draft.words.description or "")
            assert former(locale) in (draft.alt or "")
            assert "P2" not in shown(draft)
    finally:
        await store.close()
