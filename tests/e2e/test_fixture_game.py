"""Tally, the tests' own game (tests/fixture_game/), played through the real bot like any other:
its command, lobby and AI seat, its panel's one menu, its results, a league's standings and
/stats. Everything but Tally's own files is the shared pieces, so this is what a new game gets
for its one registration line."""

from __future__ import annotations

from pathlib import Path

from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.whole_game import lobby_to_stats, text


async def test_a_game_registered_only_by_the_tests_plays_through_lobby_results_league_and_stats(
    world: World, bot: BotProcess, database: Path
) -> None:
    played = await lobby_to_stats(world, database, "tally")

    assert played.table.card["title"] == text("tally.table.title", number=1)
    assert played.table.attachments[0].description.startswith("Picture of the Tally track")
    labels = [str(button.get("label")) for button in played.results.buttons()]
    assert labels == [text("tally.results.next"), text("tally.results.end"), text("replay.open")]
    (won,) = [won for _, user, *_, won in played.seats if user == world.alice.id]
    [tally] = played.stats.card["fields"]  # and no opponents: only an AI played her
    assert tally["name"] == "Tally"
    rated, places = tally["value"].splitlines()
    assert rated.startswith("Rating 1,") and rated.endswith(f"? · 1 game · {won} won ({100 * won}%)")
    assert places == f"2 players: 1 game · {'1st' if won else '2nd'} ×1"
    (chart,) = played.stats.attachments
    assert chart.image().width == 1000
    assert chart.description is not None and chart.description.startswith(
        "Picture of Alice's rating over time"
    )
