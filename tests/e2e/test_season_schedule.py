"""Seasons that turn over by themselves (issue 45), through the real bot and the stand-in: a
moderator schedules a league's seasons monthly at midnight in Madrid with a winner's role; what
the bot cannot do (an unknown time zone, a role it may not give) is refused privately and
changes nothing; and a boundary passed while the bot was down turns the season over when it
comes back, dated at the boundary: the final standings posted, the next season announced with
its period's name, in the server's language, and the role given to the winner."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import Store
from fakediscord import BotProcess
from fakediscord.model import MANAGE_ROLES, Role
from tables.season_calendar import next_boundary, period_of, period_parts, zone
from tests.conftest import World
from tests.e2e.test_league import record, rows
from tests.e2e.toppo_play import text

MADRID = zone("Europe/Madrid")


@pytest.fixture
def champion(world: World) -> Role:
    """A "Champion" role below the bot's, which may manage roles: as a server sets it up for a
    winner's role, before the bot connects."""
    bot_role = world.guild.roles[world.guild.members[world.fake.application.bot.id].roles[0]]
    bot_role.permissions |= MANAGE_ROLES
    return world.fake.add_role(world.guild, "Champion", position=1)


def this_month_began(now: datetime) -> datetime:
    """Midnight in Madrid at the start of ``now``'s month there."""
    _, first = period_parts(period_of(now, "monthly", MADRID))
    return datetime.combine(first, datetime.min.time(), MADRID).astimezone(UTC)


async def test_a_monthly_season_turns_over_after_a_restart_and_crowns_its_winner(
    world: World, champion: Role, bot: BotProcess, database: Path
) -> None:
    mod, alice = world.mod, world.alice
    await mod.slash("league create", {"name": "Friday", "game": "toppo"})
    scheduled = await mod.slash(
        "league season schedule", {"every": "monthly", "timezone": "Europe/Madrid", "winner-role": champion}
    )
    now = datetime.now(UTC)
    assert not scheduled.message.ephemeral
    said = scheduled.message.content
    assert "now turn over every month, at midnight (Europe/Madrid)" in said, said
    assert (
        f"<@&{champion.id}>" in said and str(next_boundary(now, "monthly", MADRID).timestamp())[:10] in said
    )
    [(period, ended)] = rows(database, "SELECT period, ended_at FROM seasons")
    assert period == period_of(now, "monthly", MADRID) and ended is None
    [(due,)] = rows(database, "SELECT due_at FROM schedule WHERE kind = 'season'")
    assert due.startswith(next_boundary(now, "monthly", MADRID).strftime("%Y-%m-%dT%H:%M"))

    # Alice wins a game; then the bot stops, and while it is down the season's month goes by:
    # the season is made to have begun last month, its boundary the start of this one.
    await record(database, world, "t:1", {alice: 0, world.bruno: 7})
    assert await bot.stop() == 0
    boundary = this_month_began(now)
    last_month = period_of(boundary - timedelta(days=1), "monthly", MADRID)
    began = (boundary - timedelta(days=10)).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    played = (boundary - timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE seasons SET started_at = ?, period = ?", (began, last_month))
        conn.execute("UPDATE games SET started_at = ?, finished_at = ?", (played, played))
        conn.execute("UPDATE schedule SET due_at = ?", (boundary.strftime("%Y-%m-%dT%H:%M:%S.000000Z"),))
    await bot.start()

    await world.fake.wait_for(lambda: len(rows(database, "SELECT id FROM seasons")) == 2, what="the turn")
    first, second = rows(database, "SELECT number, started_at, ended_at, period FROM seasons ORDER BY number")
    stamp = boundary.strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    assert first == (1, began, stamp, last_month), "ended at its boundary, not when the bot came back"
    assert second == (2, stamp, None, period_of(now, "monthly", MADRID))
    await world.fake.wait_for(
        lambda: any("has started" in m.text for m in world.fake.public_messages(world.games)), what="the news"
    )
    posted = world.fake.public_messages(world.games)
    month_names = [m.text for m in posted if "Season 1 of **Friday**" in m.text]
    assert month_names and "is over" in month_names[0], [m.text for m in posted]
    last_month_name = (boundary - timedelta(days=1)).astimezone(MADRID).strftime("%B %Y")
    assert f"({last_month_name})" in month_names[0]
    news = next(m for m in posted if "has started" in m.text)
    assert f"Season 2 of **Friday** ({now.astimezone(MADRID).strftime('%B %Y')}) has started" in news.text
    assert "**Alice** gets" in news.text and f"<@&{champion.id}>" in news.text
    await world.fake.wait_for(lambda: champion.id in world.guild.members[alice.id].roles, what="the role")
    assert champion.id not in world.guild.members[world.bruno.id].roles
    [(due,)] = rows(database, "SELECT due_at FROM schedule WHERE kind = 'season'")
    assert due.startswith(next_boundary(now, "monthly", MADRID).strftime("%Y-%m-%dT%H:%M")), (
        "the next boundary"
    )

    # Turned over by hand again: the running season goes on, nothing is scheduled.
    off = await mod.slash("league season schedule", {"every": "off"})
    assert off.message.content == text("league.season.unscheduled", league="Friday")
    assert (
        rows(database, "SELECT * FROM schedule") == []
        and rows(database, "SELECT * FROM season_schedules") == []
    )
    async with await Store.open(database) as store:
        [league] = await store.leagues(world.guild.id)
        assert league.season is not None and league.season.number == 2


async def test_what_the_bot_cannot_do_is_refused_in_spanish_and_nothing_changes(
    world: World, bot: BotProcess, database: Path
) -> None:
    mod, carla = world.mod, world.carla
    await mod.slash("league create", {"name": "Friday", "game": "toppo"})
    above = world.fake.add_role(world.guild, "Above")  # above the bot's, which cannot manage roles
    before = rows(database, "SELECT * FROM seasons"), rows(database, "SELECT * FROM schedule")
    refusals = [
        ({"every": "weekly", "timezone": "Mars/Olympus"}, "league.error.bad_zone", {"zone": "Mars/Olympus"}),
        (
            {"every": "weekly", "winner-role": above},
            "league.error.role_no_permission",
            {"role": f"<@&{above.id}>"},
        ),
    ]
    spanish_mod = world.fake.actor(world.guild.members[mod.id], world.games, locale="es-ES")
    for options, key, values in refusals:
        reply = await spanish_mod.slash("league season schedule", options)
        assert reply.message.ephemeral and reply.message.content == text(key, "es-ES", **values)
    world.guild.roles[world.guild.members[world.fake.application.bot.id].roles[0]].permissions |= MANAGE_ROLES
    reply = await spanish_mod.slash("league season schedule", {"every": "weekly", "winner-role": above})
    assert reply.message.content == text("league.error.role_too_high", "es-ES", role=f"<@&{above.id}>")
    refused = await carla.slash("league season schedule", {"every": "weekly"})
    assert refused.message.ephemeral and refused.message.content == text("league.error.refused", carla.locale)
    assert (rows(database, "SELECT * FROM seasons"), rows(database, "SELECT * FROM schedule")) == before

    # In a Spanish server the season is named as people say it there.
    world.guild.preferred_locale = "es-ES"
    done = await mod.slash("league season schedule", {"every": "quarterly"})
    assert "cambian ahora solas cada trimestre, a medianoche (UTC)" in done.message.content
    quarter = period_of(datetime.now(UTC), "quarterly", UTC)
    assert (
        f"(T{(period_parts(quarter)[1].month - 1) // 3 + 1} {period_parts(quarter)[1].year})"
        in done.message.content
    )
