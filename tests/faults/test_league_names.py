"""League names (issue 19, item 8): one comparison for every script, trimmed, 1-100 characters,
and an absurd name gets a short private answer instead of none."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from data import LeagueError, Store
from fakediscord import BotProcess
from tests.conftest import World
from tests.faults.older import database_at


async def test_names_differing_only_in_case_in_any_script_are_one_league(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        await store.create_league(1, "ÄRGER", "toppo", [10])
        for same in ("ärger", "  Ärger ", "ÄRGER"):
            with pytest.raises(LeagueError) as caught:
                await store.create_league(1, same, "assets", [11])
            assert (caught.value.code, caught.value.values) == ("name_taken", {"league": "ÄRGER"})
        await store.create_league(2, "ärger", "toppo", [20])  # another server may use it


@pytest.mark.parametrize(
    "name", ["", "   ", "x" * 101, "x" * 6000, "\u200b\u200b", "\u200b \u2060\ufeff\u200e", "\x00\x1f"]
)
async def test_empty_and_overlong_names_are_refused(tmp_path: Path, name: str) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        with pytest.raises(LeagueError) as caught:
            await store.create_league(1, name, "toppo", [10])
        assert caught.value.code == "bad_name"
        assert await store.leagues(1) == []


async def test_a_name_is_kept_trimmed(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        league = await store.create_league(1, "  Friday   night ", "toppo", [10])
    assert league.name == "Friday night"


async def test_invisible_characters_neither_name_a_league_nor_tell_two_apart(tmp_path: Path) -> None:
    """Issue 28, item 3: zero-width spaces and joiners show nothing, so they are dropped; a name
    that differs from another only by them is the same league."""
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        league = await store.create_league(1, "\u200bFri\u200dday\u2060", "toppo", [10])
        with pytest.raises(LeagueError) as caught:
            await store.create_league(1, "Friday", "assets", [11])
    assert league.name == "Friday"
    assert caught.value.code == "name_taken"


async def test_leagues_the_old_index_let_collide_both_survive_the_migration(tmp_path: Path) -> None:
    path = await database_at(tmp_path, 3)
    with sqlite3.connect(path) as conn:  # what version 3 allowed
        for league_id, name in ((1, "ÄRGER"), (2, "ärger"), (3, "Other")):
            conn.execute(
                "INSERT INTO leagues (id, guild_id, name, game, created_at) VALUES (?, 1, ?, 'toppo', 'x')",
                (league_id, name),
            )

    async with await Store.open(path) as store:
        names = {league.id: league.name for league in await store.leagues(1)}
        with pytest.raises(LeagueError):
            await store.create_league(1, "ärger", "assets", [11])
    assert names == {1: "ÄRGER", 2: "ärger (2)", 3: "Other"}


async def test_a_six_thousand_character_name_gets_a_short_answer(world: World, bot: BotProcess) -> None:
    await world.mod.slash("league create", {"name": "Friday", "game": "toppo"})
    reply = await world.mod.slash("league season start", {"league": "x" * 6000})
    assert reply.message.ephemeral
    assert reply.message.text == "A league name has 1 to 100 characters."
    spaces = await world.mod.slash("league create", {"name": "   ", "game": "toppo"})
    assert spaces.message.text == "A league name has 1 to 100 characters."
