"""Honest results (issue 30) through the real bot: moderators choose with ``/league settings``
how games in which an AI played for someone count, the overview shows it in each language, the
standings say it, and ``/stats`` tells a player how often an AI played for them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from data import GameRecord, SeatResult, Store
from fakediscord import Actor, BotProcess, SeenMessage
from locales import catalog
from tests.conftest import World


async def record(
    database: Path, world: World, key: str, scores: dict[Actor, int], left: Actor | None
) -> None:
    """A finished Toppo game in #games, ``left`` (if any) gone with 4 moves played for them and
    ranked last, as the table records it."""
    finished = datetime.now(UTC)
    ranked = sorted(scores.values())
    seats = []
    for seat, (actor, score) in enumerate(scores.items()):
        name = actor.member.user.username.title()
        result = SeatResult(seat, actor.id, name, None, score, 1 + ranked.index(score), won=score == 0)
        seats.append(replace(result, stood_in=4, absent=True) if actor is left else result)
    game = GameRecord(
        world.guild.id,
        world.games.id,
        "toppo",
        key,
        {},
        finished - timedelta(minutes=5),
        finished,
        tuple(seats),
    )
    async with await Store.open(database) as store:
        await store.record_game(game)


def said(key: str, locale: str = "en-US", **values: object) -> str:
    return catalog().text(key, locale, **values)


def setting(overview: SeenMessage, name: str) -> str:
    """What a league's overview (an embed) says under ``name``."""
    (embed,) = overview.embeds
    return next(str(field["value"]) for field in embed["fields"] if field["name"] == name)


async def test_a_league_counts_games_an_ai_played_for_someone_in_or_leaves_them_out(
    world: World, bot: BotProcess, database: Path
) -> None:
    alice, bruno, carla, mod = world.alice, world.bruno, world.carla, world.mod
    await mod.slash("league create", {"name": "Friday", "game": "toppo"})
    await mod.slash("league season start")
    await record(database, world, "toppo:t1:1", {alice: 0, bruno: 12, carla: 20}, None)
    await record(database, world, "toppo:t1:2", {alice: 9, bruno: 0, carla: 30}, carla)

    overview = (await mod.slash("league settings")).message
    assert (
        setting(overview, "Games in which an AI played for someone")
        == "Count, with a player who left ranked last"
    )
    shown = (await alice.slash("league standings")).message.card["description"]
    assert shown.endswith(
        "Games in which an AI played for someone count (1 game this season); a player who left is"
        " ranked last."
    )
    stats = (await carla.slash("stats")).message
    assert stats.card["description"] == (
        "Una IA jugó por Carla en 1 partida\n"
        "Carla quedó en último lugar por irse o estar ausente en 1 partida"
    )
    assert not (await alice.slash("stats")).message.card.get("description"), "nobody played for Alice"

    changed = (await mod.slash("league settings", {"absent-games": "excluded"})).message
    assert changed.ephemeral and changed.content == "Settings of **Friday** changed."
    assert (
        setting(changed, "Games in which an AI played for someone") == "Left out of the standings and ratings"
    )
    in_spanish = world.fake.actor(mod.member, world.games, locale="es-ES")
    overview = (await in_spanish.slash("league settings")).message
    assert setting(overview, "Partidas en las que una IA jugó por alguien") == said(
        "league.absent_games.excluded", "es-ES"
    )
    assert said("league.absent_games.excluded", "es-ES") == "Fuera de la clasificación y del ranking"

    await record(database, world, "toppo:t1:3", {alice: 30, bruno: 0, carla: 5}, alice)
    standings = (await bruno.slash("league standings")).message
    assert standings.card["description"].endswith("Games in which an AI played for someone are left out.")
    (picture,) = standings.attachments
    assert picture.description is not None
    assert picture.description.splitlines() == [
        "1. Alice: 9 (2 games)",
        "2. Bruno: 12 (2 games)",
        "3. Carla: 50 (2 games)",
    ], "the game Alice left after the change counts for nobody"
    async with await Store.open(database) as store:
        board = await store.leaderboard(world.guild.id, "toppo")
    assert [rating.games for rating in board] == [2, 2, 2], "nor is it rated"
