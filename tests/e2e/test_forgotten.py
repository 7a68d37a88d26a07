"""A member who used ``/forget-me``, through the real bot and the stand-in: the leaderboard
(posted in the server's language, English then Spanish) and someone else's ``/stats`` of them
(in each reader's language) call them "a former player", in words and in the pictures' words;
their own ``/stats`` still names them.

Finished games are recorded as a table records them, through a second store on the bot's
database (as tests/e2e/test_league.py does); ``/forget-me`` is pressed as tests/e2e/test_history.py
presses it.
"""

from __future__ import annotations

from pathlib import Path

from fakediscord import BotProcess, SeenMessage
from locales import catalog
from tests.conftest import World
from tests.e2e.test_league import record


def said(message: SeenMessage) -> str:
    """Everything a message shows in words, its pictures' descriptions too, in lower case."""
    described = [attachment.description or "" for attachment in message.attachments]
    return "\n".join([message.text, *described]).lower()


async def test_the_leaderboard_and_someone_elses_stats_call_a_forgotten_member_a_former_player(
    world: World, bot: BotProcess, database: Path
) -> None:
    alice, bruno, carla = world.alice, world.bruno, world.carla
    await record(database, world, "toppo:t1:1", {alice: 0, bruno: 12, carla: 20})
    await record(database, world, "toppo:t1:2", {alice: 9, bruno: 0, carla: 4})
    confirm = (await bruno.slash("forget-me")).message
    await bruno.press(confirm, label=catalog().text("history.forget_yes", bruno.locale))

    board = (await alice.slash("leaderboard")).message
    assert not board.ephemeral and board.attachments
    assert "a former player" in said(board) and "bruno" not in said(board)
    looked_up = (await alice.slash("stats", {"player": bruno})).message
    assert looked_up.card["title"] == "a former player: statistics"
    (chart,) = looked_up.attachments
    assert chart.description is not None
    assert chart.description.startswith("Picture of a former player's rating over time")
    assert "bruno" not in said(looked_up)

    visto = (await carla.slash("stats", {"player": bruno})).message
    assert visto.card["title"] == "un antiguo jugador: estadísticas", "in the reader's language"
    assert "bruno" not in said(visto)
    world.guild.preferred_locale = "es-ES"  # the server's messages in Spanish from now on
    ranking = (await carla.slash("leaderboard")).message
    assert "un antiguo jugador" in said(ranking) and "bruno" not in said(ranking)

    own = (await bruno.slash("stats")).message
    assert own.card["title"] == "Bruno: estadísticas", "their own statistics stay theirs"
