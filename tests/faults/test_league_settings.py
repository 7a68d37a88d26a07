"""Concurrent /league settings (issue 19, item 10): each change keeps the settings another
moderator changed meanwhile."""

from __future__ import annotations

import asyncio
from pathlib import Path

from data import LeagueSettings, Store
from fakediscord import BotProcess
from tests.conftest import World


async def test_two_processes_changing_different_settings_keep_both(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    async with await Store.open(path) as one, await Store.open(path) as other:
        league = await one.create_league(1, "Friday", "toppo", [10])
        await asyncio.gather(
            one.change_league_settings(league.id, toppo_display=4),
            other.change_league_settings(league.id, ai_games_count=True),
        )
        (stored,) = await one.leagues(1)
    assert stored.settings == LeagueSettings(ai_games_count=True, toppo_display=4)


async def test_two_moderators_at_once_both_get_their_setting(world: World, bot: BotProcess) -> None:
    await world.mod.slash("league create", {"name": "Friday", "game": "toppo"})
    other = world.fake.actor(world.fake.add_member(world.guild, "sam", roles=[world.moderator]), world.games)
    for attempt in range(5):  # each round sets both from scratch, so a lost update shows
        display, ai_games = (3, 4, 5, 3, 4)[attempt], attempt % 2 == 0
        await asyncio.gather(
            world.mod.slash("league settings", {"display": display}),
            other.slash("league settings", {"ai-games": ai_games}),
        )
        async with await Store.open(bot.database) as store:
            (league,) = await store.leagues(world.guild.id)
        assert (league.settings.toppo_display, league.settings.ai_games_count) == (display, ai_games)
