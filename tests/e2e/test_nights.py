"""Game nights through the real bot and the stand-in (issue 45), played as people would: a
moderator plans a night of two rounds of Tally (the tests' own quick game), four people join
from its card, the bot stops and comes back while the night waits (its check-in and its start
due meanwhile run when it is back), three check in and are seated, play both rounds in their
threads, and the night ends with its podium and final standings, its Discord event completed;
and what a moderator may not do is refused privately, in their language, changing nothing.

The night's times are days or hours off; the test makes them due by writing the schedule while
the bot is stopped, as a restart across them would find it.
"""

from __future__ import annotations

import re
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path

from fakediscord import Actor, BotProcess, SeenMessage
from fakediscord.events import ACTIVE, COMPLETED
from fakediscord.model import CREATE_EVENTS
from tests.conftest import World
from tests.e2e.test_league import rows
from tests.e2e.toppo_play import text, wait_public

THREAD = re.compile(r"<#(\d+)>")


def due_now(database: Path, what: str) -> None:
    """Make the night's ``what`` (checkin, start) due, as if its time came while the bot was down."""
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE schedule SET due_at = ? WHERE kind = 'night' AND key LIKE ?", (now, f"%:{what}"))
        if what == "start":
            conn.execute("UPDATE nights SET starts_at = ?", (now,))


async def restart(bot: BotProcess) -> None:
    assert await bot.stop() == 0, bot.output


async def play_round(
    world: World, database: Path, actors: list[Actor], announcement: SeenMessage
) -> SeenMessage:
    """Everyone at the round's one table plays it from their panel until the night counts it;
    the table's message then (its results)."""
    [thread_id] = {int(found) for found in THREAD.findall(announcement.text)}
    thread = world.fake.find_channel(thread_id)
    assert thread is not None
    playing = text("tally.table.title", number=1)
    await world.fake.wait_for(
        lambda: any(m.title == playing for m in world.fake.public_messages(thread)),
        timeout=15,
        what="the table",
    )
    table = next(m for m in world.fake.public_messages(thread) if m.title == playing)
    panels = {actor: (await actor.press(table, label=text("tally.table.panel"))).message for actor in actors}
    counted = len(rows(database, "SELECT 1 FROM night_tables WHERE counted = 1"))

    def done() -> bool:
        return len(rows(database, "SELECT 1 FROM night_tables WHERE counted = 1")) > counted

    def movers() -> list[Actor]:
        return [actor for actor, panel in panels.items() if actor.current(panel).selects()]

    for _ in range(40):
        await world.fake.wait_for(lambda: done() or bool(movers()), timeout=20, what="a move or the count")
        if done():
            await world.fake.settle(quiet=0.3, timeout=10)
            return actors[0].current(table)
        for actor in movers():
            [menu] = actor.current(panels[actor]).selects()
            await actor.choose(
                panels[actor], [str(menu["options"][-1]["value"])], custom_id=str(menu["custom_id"])
            )
    raise AssertionError("the round's game was not counted")


async def test_a_night_of_two_rounds_from_sign_up_to_podium_across_restarts(
    world: World, bot: BotProcess, database: Path
) -> None:
    mod, alice, bruno, carla = world.mod, world.alice, world.bruno, world.carla
    start = int(time.time()) + 3600
    planned = await mod.slash(
        "night plan", {"game": "tally", "format": "rounds", "start": str(start), "rounds": 2}
    )
    card = planned.message
    assert not card.ephemeral and card.title == text("night.title", game="Tally")
    assert f"<t:{start}:F>" in card.text and text("night.card.nobody") in card.text
    [event] = world.guild.scheduled_events.values()
    assert (event.name, event.status, int(event.start)) == ("Tally night", 1, start)
    assert event.location == f"https://discord.com/channels/{world.guild.id}/{world.games.id}"

    for actor in (alice, bruno, carla, mod):
        joined = await actor.press(card, label=text("night.card.join"))
        assert joined.followups[-1].ephemeral
        assert joined.followups[-1].content == text("night.answer.joined", actor.locale)
    assert "**Joined (4)**" in alice.current(card).text

    # The check-in comes due while the bot is down: it runs when the bot is back.
    await restart(bot)
    due_now(database, "checkin")
    await bot.start()
    call = await wait_public(world, lambda m: m.text.startswith("Tally night starts"))
    assert all(f"<@{a.id}>" in call.text for a in (alice, bruno, carla, mod))
    pinged = {ping.user for ping in world.fake.pings if ping.message_id == call.id}
    assert pinged == {alice.id, bruno.id, carla.id, mod.id}, "one mention each"
    for actor in (alice, bruno, carla):
        here = await actor.press(card, label=text("night.card.here"))
        assert here.followups[-1].content == text("night.answer.checked_in", actor.locale)

    # Its start too: the three who checked in are seated; mod, who did not, is not.
    await restart(bot)
    due_now(database, "start")
    await bot.start()
    first = await wait_public(world, lambda m: m.text.startswith(text("night.call.round", round=1)))
    assert all(f"<@{a.id}>" in first.text for a in (alice, bruno, carla)) and f"<@{mod.id}>" not in first.text
    await world.fake.wait_for(
        lambda: (
            event.id in world.guild.scheduled_events
            and world.guild.scheduled_events[event.id].status == ACTIVE
        ),
        what="the event started",
    )
    results = await play_round(world, database, [alice, bruno, carla], first)
    over = text("tally.results.title", number=1)
    await world.fake.wait_for(
        lambda: alice.current(results).title == over, what="its people see how it ended"
    )

    second = await wait_public(
        world, lambda m: m.text.startswith(text("night.call.round", round=2)), timeout=30
    )
    results = await play_round(world, database, [alice, bruno, carla], second)
    await world.fake.wait_for(
        lambda: alice.current(results).title == over, what="the second table's end shown"
    )

    podium = await wait_public(
        world, lambda m: bool(m.attachments) and m.attachments[0].filename == "podium.png", timeout=30
    )
    assert text("night.standings.final") in podium.text
    assert podium.attachments[0].description.startswith("The night's podium: 1. ")
    await world.fake.wait_for(
        lambda: world.guild.scheduled_events[event.id].status == COMPLETED, what="the event completed"
    )
    assert text("night.card.over") in alice.current(card).text and not alice.current(card).buttons()
    [(state, rounds)] = rows(database, "SELECT state, round FROM nights")
    assert (state, rounds) == ("over", 2)
    counted = rows(database, "SELECT table_id, count(*), sum(points) FROM night_points GROUP BY table_id")
    assert [(n, total) for _, n, total in counted] == [(3, 3.0), (3, 3.0)], (
        "each table counted once, 2 + 1 + 0"
    )
    assert rows(database, "SELECT count(*) FROM night_tables WHERE counted = 0") == [(0,)]
    assert world.fake.stats.natural_429s == [], "the night's writes are paced with the tables'"


async def test_what_a_moderator_may_not_do_is_refused_in_their_language(
    world: World, bot: BotProcess, database: Path
) -> None:
    spanish_mod = world.fake.actor(world.guild.members[world.mod.id], world.games, locale="es-ES")
    later = str(int(time.time()) + 3600)
    before = rows(database, "SELECT * FROM nights"), dict(world.guild.scheduled_events)
    refusals = [
        (
            {"game": "tally", "format": "rounds", "start": "mañana"},
            "night.error.bad_start",
            {"typed": "mañana"},
        ),
        ({"game": "tally", "format": "rounds", "start": "2020-01-01 20:00"}, "night.error.start_past", {}),
        (
            {"game": "tally", "format": "rounds", "start": later, "rounds": 12},
            "night.error.rounds_range",
            {"low": 1, "high": 10},
        ),
    ]
    for options, key, values in refusals:
        reply = await spanish_mod.slash("night plan", options)
        assert reply.message.ephemeral and reply.message.content == text(key, "es-ES", **values)
    refused = await world.bruno.slash("night plan", {"game": "tally", "format": "arena", "start": later})
    assert refused.message.content == text("league.error.refused", "es-ES")
    bot_role = world.guild.roles[world.guild.members[world.fake.application.bot.id].roles[0]]
    bot_role.permissions &= ~CREATE_EVENTS
    no_events = await spanish_mod.slash("night plan", {"game": "tally", "format": "arena", "start": later})
    assert no_events.message.content == text("night.error.no_events", "es-ES")
    assert (rows(database, "SELECT * FROM nights"), dict(world.guild.scheduled_events)) == before
    bot_role.permissions |= CREATE_EVENTS
    world.fake.ratelimits.inject_error("POST /guilds/{guild_id}/scheduled-events", status=400)
    failed = await spanish_mod.slash("night plan", {"game": "tally", "format": "arena", "start": later})
    assert failed.message.content == text("night.error.event_failed", "es-ES"), (
        "nothing planned: the channel is free"
    )
    world.fake.take_problems()  # the refused event, which this part is about

    await spanish_mod.slash("night plan", {"game": "tally", "format": "arena", "start": later})
    again = await spanish_mod.slash("night plan", {"game": "tally", "format": "arena", "start": later})
    assert again.message.content == text("night.error.night_open", "es-ES")
    later_still = int(time.time()) + 7200
    moved = await spanish_mod.slash("night edit", {"start": str(later_still)})
    assert moved.message.ephemeral and f"<t:{later_still}:F>" in moved.message.content
    [event] = world.guild.scheduled_events.values()
    assert int(event.start) == later_still, "the event moves with the night"
    [(due,)] = rows(database, "SELECT due_at FROM schedule WHERE key LIKE '%:start'")
    assert due.startswith(datetime.fromtimestamp(later_still, UTC).strftime("%Y-%m-%dT%H:%M:%S"))
    cancelled = await spanish_mod.slash("night cancel")
    assert cancelled.message.content.startswith("La noche de Tally")
    [event] = world.guild.scheduled_events.values()
    assert event.status == 4 and rows(database, "SELECT state FROM nights") == [("cancelled",)] * 2
    none = await spanish_mod.slash("night cancel")
    assert none.message.content == text("night.error.no_night", "es-ES")


async def test_an_arena_seats_whoever_waits_and_ends_when_a_moderator_says(
    world: World, bot: BotProcess, database: Path
) -> None:
    """Three people check in to an arena of Tally (its best table is three): seated at once, they
    play; a moderator withdraws Carla, then ends the night: the podium and the final standings
    list everyone (Carla too, with what she earned), the event is completed."""
    mod, alice, bruno, carla = world.mod, world.alice, world.bruno, world.carla
    card = (
        await mod.slash(
            "night plan", {"game": "tally", "format": "arena", "start": str(int(time.time()) + 3600)}
        )
    ).message
    for actor in (alice, bruno, carla):
        await actor.press(card, label=text("night.card.join"))
    await restart(bot)
    due_now(database, "checkin")
    due_now(database, "start")
    await bot.start()
    await world.fake.wait_for(
        lambda: bool(alice.current(card).button(label=text("night.card.here"))), what="check-in"
    )
    for actor in (alice, bruno, carla):
        await actor.press(card, label=text("night.card.here"))
    table = await wait_public(
        world, lambda m: bool(THREAD.search(m.text)) and f"<@{carla.id}>" in m.text, timeout=20
    )
    assert not table.text.startswith(text("night.call.round", round=0)), "an arena has no rounds"
    await play_round(world, database, [alice, bruno, carla], table)
    waiting = text("night.standings.waiting", people="").split(":")[0]
    await wait_public(
        world,
        lambda m: m.title == text("night.standings.title", game="Tally") and waiting in m.text,
        timeout=20,
    )  # the game counted, its people back in the pool, said under the standings

    dropped = await mod.slash("night drop", {"member": carla.member})
    assert dropped.message.ephemeral and f"<@{carla.id}>" in dropped.message.content
    ended = await mod.slash("night end")
    assert ended.message.ephemeral
    podium = await wait_public(
        world, lambda m: bool(m.attachments) and m.attachments[0].filename == "podium.png", timeout=20
    )
    assert all(name in podium.text for name in ("Alice", "Bruno", "Carla")), "the withdrawn keep their line"
    [event] = world.guild.scheduled_events.values()
    await world.fake.wait_for(
        lambda: (
            event.id in world.guild.scheduled_events
            and world.guild.scheduled_events[event.id].status == COMPLETED
        ),
        what="completed",
    )
    assert rows(database, "SELECT state FROM nights") == [("over",)]
    assert rows(
        database, "SELECT withdrawn FROM night_people WHERE user_id = ?".replace("?", str(carla.id))
    ) == [(1,)]
    assert world.fake.stats.natural_429s == []


async def one_round_begun(world: World, bot: BotProcess, database: Path, people: list[Actor]) -> None:
    """A night of one round of Tally planned by the moderator, ``people`` joined and checked in,
    its start due: the bot, back from the restarts that made its times come, begins the round."""
    card = (
        await world.mod.slash(
            "night plan",
            {"game": "tally", "format": "rounds", "start": str(int(time.time()) + 3600), "rounds": 1},
        )
    ).message
    for actor in people:
        await actor.press(card, label=text("night.card.join"))
    await restart(bot)
    due_now(database, "checkin")
    await bot.start()
    await world.fake.wait_for(
        lambda: bool(world.alice.current(card).button(label=text("night.card.here"))), what="check-in"
    )
    for actor in people:
        await actor.press(card, label=text("night.card.here"))
    await restart(bot)
    due_now(database, "start")
    await bot.start()


async def test_a_rounds_tables_are_opened_together_not_one_after_another(
    world: World, bot: BotProcess, database: Path
) -> None:
    """Fifteen people at a night of Tally (tables of three): the round's five tables are opened
    together, each waiting only for its turn to post in the channel, so the last starts within
    the channel's pacing of five cards (about 6.5 s), where opening them one after another took
    over 2.5 s a table (its card, its thread, its people, its first edit) and 10 s for five."""
    people = [world.alice, world.bruno, world.carla, world.mod]
    people += [world.fake.actor(world.fake.add_member(world.guild, f"p{n}"), world.games) for n in range(11)]
    await one_round_begun(world, bot, database, people)
    call = await wait_public(
        world, lambda m: m.text.startswith(text("night.call.round", round=1)), timeout=40
    )
    assert len(THREAD.findall(call.text)) == 5
    started = [
        datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()
        for (at,) in rows(database, "SELECT started_at FROM night_tables")
    ]
    assert len(started) == 5 and max(started) - min(started) < 8.0, started


async def test_a_restart_mid_round_keeps_the_tables_game(
    world: World, bot: BotProcess, database: Path
) -> None:
    """The bot stops while a round's table plays: when it is back, the night must find the table
    resumed, not take it for gone before the saved tables resume (which counted it as a game
    never played, nobody earning anything and everyone at it marked absent), and the round's
    game is counted when it ends."""
    people = [world.alice, world.bruno, world.carla]
    await one_round_begun(world, bot, database, people)
    first = await wait_public(
        world, lambda m: m.text.startswith(text("night.call.round", round=1)), timeout=30
    )
    await restart(bot)
    await bot.start()
    await world.fake.settle(quiet=1.0, timeout=10)
    assert rows(database, "SELECT counted FROM night_tables") == [(0,)], "the table is not gone"
    assert rows(database, "SELECT sum(absences) FROM night_people") == [(0,)]
    await play_round(world, database, people, first)
    counted = rows(database, "SELECT count(*), sum(points) FROM night_points")
    assert counted == [(3, 3.0)], "its game counted once, 2 + 1 + 0"


async def test_a_round_cut_short_by_a_crash_is_seated_when_the_bot_is_back(
    world: World, bot: BotProcess, database: Path
) -> None:
    """A crash between a round begun and its tables stored (the database as the bot left it,
    written while it is stopped) left nobody seated and nothing to move the night on: when the
    bot is back, the round's people are seated, and its game is counted once."""
    people = [world.alice, world.bruno, world.carla]
    await one_round_begun(world, bot, database, people)
    await wait_public(world, lambda m: m.text.startswith(text("night.call.round", round=1)), timeout=30)
    await restart(bot)
    with sqlite3.connect(database) as conn:
        conn.execute("DELETE FROM night_tables")
        conn.execute("DELETE FROM saved_tables")
    calls = len([m for m in world.fake.public_messages(world.games) if THREAD.search(m.text)])
    await bot.start()
    await world.fake.wait_for(
        lambda: len([m for m in world.fake.public_messages(world.games) if THREAD.search(m.text)]) > calls,
        timeout=30,
        what="the round seated again",
    )
    again = [m for m in world.fake.public_messages(world.games) if THREAD.search(m.text)][-1]
    assert all(f"<@{a.id}>" in again.text for a in people)
    await play_round(world, database, people, again)
    assert rows(database, "SELECT count(*), sum(points) FROM night_points") == [(3, 3.0)]
