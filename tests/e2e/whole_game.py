"""A game played through the real bot from a league's season to a player's ``/stats``, as a
moderator and a player would: the end-to-end path every game shares, so a game's own test only
says how its panel is played and what its messages say (tests/e2e/test_fixture_game.py).

:func:`lobby_to_stats` creates a league of the game and starts its season, opens a table with an
AI seat, plays it to its results with the game's own ``play``, and checks what every game must
show: its lobby, its picture with alt text, the buttons between games, the one result recorded
with one winner, the league's standings and the player's ``/stats``. A game played one move at a
time from its panel's menu (:mod:`cogs.turn_by_turn`) is played by :func:`play_turn_by_turn`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fakediscord import Actor, FakeDiscord, SeenMessage
from locales import catalog
from tests.conftest import World
from tests.e2e.toppo_play import recorded_games, wait_public

Play = Callable[[World, Actor, SeenMessage, str], Awaitable[SeenMessage]]
"""Plays a table (its public message) as one player until its results show; the results."""


def text(key: str, **values: object) -> str:
    return catalog().text(key, "en-US", **values)


async def play_turn_by_turn(world: World, actor: Actor, table: SeenMessage, game: str) -> SeenMessage:
    """``actor`` opens their panel and, whenever it offers its menu (their turn: the panel follows
    the table), makes the last move it offers, until the table message shows the results."""
    return await play_by_menu(world.fake, actor, table, game)


async def play_by_menu(fake: FakeDiscord, actor: Actor, table: SeenMessage, game: str) -> SeenMessage:
    """:func:`play_turn_by_turn` on any stand-in (one of several servers' shards, say)."""
    panel = (await actor.press(table, label=text(f"{game}.table.panel"))).message
    assert panel.ephemeral
    over = text(f"{game}.results.title", number=1)

    def ended() -> bool:
        return str(actor.current(table).card.get("title", "")) == over

    for _ in range(60):
        await fake.wait_for(
            lambda: ended() or bool(actor.current(panel).selects()), timeout=15, what=f"{actor}'s turn"
        )
        if ended():
            return actor.current(table)
        [menu] = actor.current(panel).selects()
        chosen = await actor.choose(
            panel, [str(menu["options"][-1]["value"])], custom_id=str(menu["custom_id"])
        )
        assert chosen.response_type == 7, chosen.message.text
    raise AssertionError("the game did not end")


@dataclass(frozen=True)
class Played:
    """What a game played from lobby to ``/stats`` left: its table message while it played, its
    results, the seats recorded (``(seat, user, ..., won)``), the standings and the ``/stats``."""

    table: SeenMessage
    results: SeenMessage
    seats: list[tuple[Any, ...]]
    standings: SeenMessage
    stats: SeenMessage


async def lobby_to_stats(world: World, database: Path, game: str, play: Play = play_turn_by_turn) -> Played:
    """Alice plays ``game`` against an easy AI in a league's season (see the module's note)."""
    alice, mod = world.alice, world.mod
    name = text(f"games.{game}")
    commands = {command["name"] for command in world.fake.application.global_commands}
    assert game in commands, "its command comes from its registration alone"
    await mod.slash("league create", {"name": "Race", "game": game})
    await mod.slash("league settings", {"ai-games": True})
    await mod.slash("league season start")

    lobby = (await alice.slash(f"{game} start")).message
    assert lobby.card["title"] == text("lobby.title", game=name)
    await alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await wait_public(world, lambda message: message.id == lobby.id and "(2/" in message.text)
    await alice.press(lobby, label=text("lobby.start"))
    table = await wait_public(world, lambda message: message.id == lobby.id and bool(message.attachments))
    assert table.attachments[0].description.startswith("Picture of")

    results = await play(world, alice, table, game)
    labels = [str(button.get("label")) for button in results.buttons()]
    assert labels[-1] == text("replay.open"), "a finished game's replay"
    await world.fake.wait_for(lambda: len(recorded_games(database)) == 1, timeout=10, what="the result")
    [(key, seats)] = recorded_games(database)
    assert key.startswith(f"{game}:") and key.endswith(":1")
    assert sum(won for *_, won in seats) == 1, "one winner"

    standings = (await alice.slash("league standings")).message
    assert standings.card["title"] == f"Race · {name} · season 1"
    assert standings.attachments and "Alice" in (standings.attachments[0].description or "")
    stats = (await alice.slash("stats")).message
    assert stats.ephemeral and stats.card["title"] == text("stats.title", name="Alice")
    return Played(table, results, seats, standings, stats)
