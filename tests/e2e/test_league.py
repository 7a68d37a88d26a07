"""Leagues through the real bot and the stand-in: moderator commands refused, privately and
changing nothing, for anyone who is not a moderator (the bot checks, whatever the client shows);
a moderator role; and a season whose standings are posted as a picture, with a removed result, the
statistics and the leaderboard.

Finished games are recorded the way a table records them, through a second :class:`Store` on the
bot's database file (another process writing, as the store allows), since playing whole games
through panels is what tests/e2e/test_toppo_game.py already does.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import GameRecord, SeatResult, Store
from engine.games import recorded, turn_based
from fakediscord import Actor, BotProcess, Reply
from render.standings import ROWS_TOP
from render.theme import GOLD
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, text
from tests.render.pixels import rgb

MODERATOR_COMMANDS: list[tuple[str, dict[str, object]]] = [
    ("league create", {"name": "Friday", "game": "toppo"}),
    ("league settings", {"ai-games": True}),
    ("league season start", {}),
    ("league season end", {}),
    ("league season schedule", {"every": "monthly"}),
    ("league remove-result", {"game": 1, "reason": "cheating"}),
    ("league moderators", {}),
]


def rows(database: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(database) as conn:
        return conn.execute(query).fetchall()


def league_state(database: Path) -> list[list[tuple[object, ...]]]:
    """Everything a moderator command could change."""
    return [
        rows(database, f"SELECT * FROM {table} ORDER BY 1")
        for table in (
            "leagues",
            "league_channels",
            "seasons",
            "result_removals",
            "guild_settings",
            "season_schedules",
            "schedule",
        )
    ]


def refused(reply: Reply, actor: Actor, key: str = "league.error.refused") -> bool:
    message = reply.message
    return message.ephemeral and message.content == text(key, actor.locale)


@pytest.fixture
def staff(world: World) -> Actor:
    """sam, whose only role ("League staff") has no permissions: a moderator only once the
    server names that role (added before the bot connects, as a server has its roles)."""
    role = world.fake.add_role(world.guild, "League staff")
    return world.fake.actor(world.fake.add_member(world.guild, "sam", roles=[role]), world.games)


async def test_the_league_commands_are_synced_for_everyone_with_spanish_names(
    world: World, bot: BotProcess
) -> None:
    commands = {c["name"]: c for c in world.fake.application.global_commands}
    league = commands["league"]
    assert league["default_member_permissions"] is None, "/league standings is for everyone"
    assert league["name_localizations"]["es-ES"] == "liga"
    subcommands = {option["name"] for option in league["options"]}
    assert subcommands == {"create", "settings", "season", "remove-result", "moderators", "standings"}
    assert {"stats", "leaderboard"} <= set(commands)
    assert commands["leaderboard"]["name_localizations"]["es-419"] == "ranking"


@pytest.mark.parametrize(("command", "options"), MODERATOR_COMMANDS)
async def test_a_member_who_is_not_a_moderator_is_refused_and_nothing_changes(
    world: World, bot: BotProcess, database: Path, command: str, options: dict[str, object]
) -> None:
    if command != "league create":
        await world.mod.slash("league create", {"name": "Friday", "game": "toppo"})
        await world.mod.slash("league season start")
    before = league_state(database)

    # The client shows the command (the stand-in refuses what a client would hide): the bot decides.
    for actor in (world.alice, world.bruno):
        assert actor.command_data(command, options)["name"] == "league"
        reply = await actor.slash(command, options)
        key = "league.error.refused_managers" if command == "league moderators" else "league.error.refused"
        assert refused(reply, actor, key), reply.message.content

    assert league_state(database) == before
    announced = world.fake.public_messages(world.games)
    assert len(announced) == (0 if command == "league create" else 1), "only the moderator's season start"


async def test_a_moderator_role_lets_its_members_run_leagues_but_not_choose_the_role(
    world: World, staff: Actor, bot: BotProcess, database: Path
) -> None:
    assert refused(await staff.slash("league create", {"name": "Friday", "game": "toppo"}), staff)

    named = await world.mod.slash("league moderators", {"role": world.guild.roles[staff.member.roles[0]]})
    assert named.message.ephemeral and "League staff" not in named.message.content  # a mention, not a name
    created = await staff.slash("league create", {"name": "Friday", "game": "toppo", "channel": world.lounge})

    assert created.message.ephemeral and "**Friday**" in created.message.content
    assert rows(database, "SELECT name, game FROM leagues") == [("Friday", "toppo")]
    assert rows(database, "SELECT channel_id FROM league_channels") == [(world.lounge.id,)]
    assert refused(await staff.slash("league moderators"), staff, "league.error.refused_managers")
    assert rows(database, "SELECT moderator_role_id FROM guild_settings") == [(staff.member.roles[0],)]


async def record(database: Path, world: World, key: str, scores: dict[Actor, int]) -> None:
    """A finished Toppo game in #games, as a table records it."""
    finished = datetime.now(UTC)
    ranked = sorted(scores.values())
    seats = tuple(
        SeatResult(
            seat,
            actor.id,
            actor.member.user.username.title(),
            None,
            score,
            1 + ranked.index(score),
            won=score == 0,
        )
        for seat, (actor, score) in enumerate(scores.items())
    )
    game = GameRecord(
        world.guild.id, world.games.id, "toppo", key, {}, finished - timedelta(minutes=5), finished, seats
    )
    async with await Store.open(database) as store:
        await store.record_game(game)


async def test_a_season_in_pictures_standings_removal_statistics_leaderboard(
    world: World, bot: BotProcess, database: Path
) -> None:
    alice, bruno, carla, mod = world.alice, world.bruno, world.carla, world.mod
    created = await mod.slash("league create", {"name": "Friday", "game": "toppo"})
    assert created.message.ephemeral
    started = await mod.slash("league season start")
    assert not started.message.ephemeral and started.message.content.startswith("Season 1 of **Friday**")

    await record(database, world, "toppo:t1:1", {alice: 0, bruno: 12, carla: 20})
    await record(database, world, "toppo:t1:2", {alice: 9, bruno: 0, carla: 4})
    await record(database, world, "toppo:t2:1", {alice: 30, carla: 0})  # a doubtful game

    shown = (await bruno.slash("league standings")).message
    assert not shown.ephemeral, "standings are posted for the channel"
    assert shown.card["title"] == "Friday · Toppo · season 1", "in the server's language"
    (picture,) = shown.attachments
    assert picture.description is not None
    assert picture.description.splitlines() == [
        "1. Bruno: 12 (2 games)",
        "2. Carla: 24 (3 games)",
        "3. Alice: 39 (3 games)",
    ]
    image = picture.image()
    assert image.width == 1000 and rgb(image, (500, ROWS_TOP + 1)) == GOLD

    doubtful = rows(database, "SELECT id FROM games WHERE result_key = 'toppo:t2:1'")[0][0]
    offered = await mod.autocomplete("league remove-result", "game", "carla")
    assert [choice["value"] for choice in offered] == [doubtful, doubtful - 1, doubtful - 2], "latest first"
    assert offered[0]["name"].startswith(f"#{doubtful} · season 1 · ")
    assert offered[0]["name"].endswith("Carla 0, Alice 30")
    assert await alice.autocomplete("league remove-result", "game", "") == [], "nothing for others"
    assert await bruno.autocomplete("league standings", "league", "fri") == [
        {"name": "Friday", "value": "Friday"}
    ]
    removed = await mod.slash("league remove-result", {"game": doubtful, "reason": "played on two accounts"})
    assert removed.message.ephemeral and f"#{doubtful}" in removed.message.content
    after = (await alice.slash("league standings", {"season": 1})).message
    (picture,) = after.attachments
    assert picture.description is not None
    assert picture.description.splitlines() == [
        "1. Alice: 9 (2 games)",
        "2. Bruno: 12 (2 games)",
        "3. Carla: 24 (2 games)",
    ]
    overview = (await mod.slash("league settings")).message
    assert overview.ephemeral and "played on two accounts" in overview.text

    stats = (await carla.slash("stats")).message
    assert stats.ephemeral and stats.card["title"] == "Carla: estadísticas"
    toppo, opponents = stats.card["fields"]
    rated, average, places = toppo["value"].splitlines()
    shown = r"Rating [\d.]+\? · 2 partidas · 0 ganadas \(0 %\)"
    assert re.fullmatch(shown, rated), "provisional, without the removed game"
    assert average == "Media de puntos de penalización por partida: 12,0"
    assert places == "3 jugadores: 2 partidas · 2.º ×1 · 3.º ×1"
    assert opponents == {
        "name": "Rivales más frecuentes",
        "value": "**Alice**: 2 partidas, por delante de ti en 1\n"
        "**Bruno**: 2 partidas, por delante de ti en 2",
    }
    (chart,) = stats.attachments
    assert chart.image().width == 1000
    assert chart.description is not None
    heading, line = chart.description.splitlines()
    assert heading == "Imagen de la evolución del rating de Carla, una línea por juego:"
    assert line.startswith("Toppo: ") and f"; {rated.split()[1]} ahora, tras 2 partidas con rating (" in line
    looked_up = (await alice.slash("stats", {"player": carla})).message
    assert looked_up.ephemeral and looked_up.card["title"] == "Carla: statistics", "in the reader's language"
    assert "**Bruno**: 2 games, ahead of Carla in 2" in looked_up.card["fields"][1]["value"]

    board = (await alice.slash("leaderboard")).message
    assert not board.ephemeral and board.card["title"] == "Leaderboard · Toppo"
    (picture,) = board.attachments
    assert picture.description is not None
    # Bruno won one game and came second in the other; Alice's win and last place outweigh
    # Carla's second and last.
    assert [line.split(":")[0] for line in picture.description.splitlines()] == [
        "1. Bruno",
        "2. Alice",
        "3. Carla",
    ]

    ended = (await mod.slash("league season end")).message
    assert not ended.ephemeral and "Season 1 of **Friday** is over" in ended.card["description"]
    assert ended.attachments[0].image().width == 1000
    assert refused(await mod.slash("league season end"), mod, "league.error.no_season")


async def test_a_toppo_table_in_a_league_channel_deals_the_leagues_display(
    world: World, bot: BotProcess, database: Path
) -> None:
    await world.mod.slash("league create", {"name": "Friday", "game": "toppo"})
    changed = await world.mod.slash("league settings", {"display": 4, "ai-games": True})
    assert changed.message.content == "Settings of **Friday** changed."
    assert "Always 4 cards" in changed.message.text and "Count" in changed.message.text
    refused_timer = await world.mod.slash("league settings", {"turn-timer": 60})
    timed = ", ".join(text(f"league.game.{name}") for name in recorded() if turn_based(name))
    refusal = text("league.error.timer_not_turn_based", game="Toppo", games=timed)
    assert refused_timer.message.content == refusal

    table = await open_table(world, [world.alice, world.bruno], ["easy"])

    panel = await open_panel(world.alice, table)
    assert len(panel.display) == 4, "the league's display rule, not the rules' 3 for a first game"
