"""Tally, the tests' own game (tests/fixture_game/), played through the real bot like any other:
its command, lobby and AI seat, its panel's one menu, its results, a league's standings and
/stats. Everything but Tally's own files is the shared pieces, so this is what a new game gets
for its one registration line."""

from __future__ import annotations

from pathlib import Path

from fakediscord import Actor, BotProcess, SeenMessage
from locales import catalog
from tests.conftest import World
from tests.e2e.toppo_play import recorded_games, wait_public


def text(key: str, **values: object) -> str:
    return catalog().text(key, "en-US", **values)


async def play_until_won(world: World, actor: Actor, table: SeenMessage) -> SeenMessage:
    """``actor`` opens their panel and, whenever it offers its menu (their turn: the panel follows
    the table), adds the most it offers, until the table message shows the results."""
    panel = (await actor.press(table, label=text("tally.table.panel"))).message
    assert panel.ephemeral
    over = text("tally.results.title", number=1)

    def ended() -> bool:
        return str(actor.current(table).card.get("title", "")) == over

    for _ in range(30):
        await world.fake.wait_for(
            lambda: ended() or bool(actor.current(panel).selects()), timeout=15, what="alice's turn"
        )
        if ended():
            return actor.current(table)
        [menu] = actor.current(panel).selects()
        chosen = await actor.choose(
            panel, [str(menu["options"][-1]["value"])], custom_id=str(menu["custom_id"])
        )
        assert chosen.response_type == 7, chosen.message.text
    raise AssertionError("the game did not end")


async def test_a_game_registered_only_by_the_tests_plays_through_lobby_results_league_and_stats(
    world: World, bot: BotProcess, database: Path
) -> None:
    alice, mod = world.alice, world.mod
    commands = {command["name"] for command in world.fake.application.global_commands}
    assert "tally" in commands, "its command comes from its registration alone"
    await mod.slash("league create", {"name": "Race", "game": "tally"})
    await mod.slash("league settings", {"ai-games": True})
    await mod.slash("league season start")

    lobby = (await alice.slash("tally start")).message
    assert lobby.card["title"] == text("lobby.title", game="Tally")
    await alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await wait_public(world, lambda message: "(2/4)" in message.text)
    await alice.press(lobby, label=text("lobby.start"))
    table = await wait_public(world, lambda message: message.id == lobby.id and bool(message.attachments))
    assert table.card["title"] == text("tally.table.title", number=1)
    assert table.attachments[0].description.startswith("Picture of the Tally track")

    results = await play_until_won(world, alice, table)

    labels = [str(button.get("label")) for button in results.buttons()]
    assert labels == [text("tally.results.next"), text("tally.results.end"), text("replay.open")]
    await world.fake.wait_for(lambda: len(recorded_games(database)) == 1, timeout=10, what="the result")
    [(key, seats)] = recorded_games(database)
    assert key.startswith("tally:") and key.endswith(":1")
    assert sum(won for *_, won in seats) == 1

    standings = (await alice.slash("league standings")).message
    assert standings.card["title"] == "Race · Tally · season 1"
    assert standings.attachments and "Alice" in (standings.attachments[0].description or "")
    stats = (await alice.slash("stats")).message
    assert stats.ephemeral and stats.card["title"] == text("stats.title", name="Alice")
    (won,) = [won for _, user, *_, won in seats if user == alice.id]
    [tally] = stats.card["fields"]  # and no opponents: only an AI played her
    assert tally["name"] == "Tally"
    rated, places = tally["value"].splitlines()
    assert rated.startswith("Rating 1,") and rated.endswith(f"? · 1 game · {won} won ({100 * won}%)")
    assert places == f"2 players: 1 game · {'1st' if won else '2nd'} ×1"
    (chart,) = stats.attachments
    assert chart.image().width == 1000
    assert chart.description is not None and chart.description.startswith(
        "Picture of Alice's rating over time"
    )
