"""Writes that fail, as on a full disk (issue 19, item 11): the player is told the change could
not be saved, and it is not applied; once writes work again, play goes on from there."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, quick_world, text

world = pytest.fixture(quick_world)

FULL = "database or disk is full"


def fail_writes(database: Path) -> None:
    """Every write of a saved table fails from now on, as SQLite's do when the disk is full."""
    with sqlite3.connect(database) as conn:
        for event in ("INSERT", "UPDATE", "DELETE"):
            conn.execute(
                f"CREATE TRIGGER full_{event.lower()} BEFORE {event} ON saved_tables"
                f" BEGIN SELECT RAISE(ABORT, '{FULL}'); END"
            )


def writes_work(database: Path) -> None:
    with sqlite3.connect(database) as conn:
        for event in ("insert", "update", "delete"):
            conn.execute(f"DROP TRIGGER full_{event}")


async def test_a_move_that_cannot_be_saved_is_refused_and_not_applied(
    world: World, bot: BotProcess, database: Path
) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    panels = [await open_panel(world.alice, table), await open_panel(world.bruno, table)]
    (restarter,) = [panel for panel in panels if panel.status == "restart"]

    fail_writes(database)
    reply = await restarter.actor.press(
        restarter.message, custom_id=str(restarter.buttons("turn")[0]["custom_id"])
    )
    assert reply.message.ephemeral
    assert reply.message.text == text("refused.not_saved", restarter.actor.locale)

    writes_work(database)
    again = await restarter.press("refresh")
    assert (again.status, again.line, again.left) == ("restart", [], restarter.left), "nothing was applied"
    moved = await again.press("turn")
    assert len(moved.line) == 1, "play goes on once the disk has room"
    assert FULL in bot.output


async def test_a_lobby_that_cannot_be_saved_says_so_in_its_place(
    world: World, bot: BotProcess, database: Path
) -> None:
    fail_writes(database)
    reply = await world.alice.slash("toppo start")
    refused = text("refused.not_saved")
    # The lobby is posted, its save fails, and the bot then edits it to say so (on a loaded
    # machine that edit can come after the stand-in has settled once).
    await world.fake.wait_for(
        lambda: world.fake.public_messages(world.games)[-1].text == refused, timeout=10, what="the refusal"
    )
    shown = world.fake.public_messages(world.games)[-1]
    assert shown.text == refused and not shown.buttons()
    writes_work(database)
    opened = await world.alice.slash("toppo start")
    assert opened.message.buttons(), "the channel is free for a lobby"
    assert reply is not None
