"""A second start of local play resumes the first one's server: its table, its buttons, its
members' private messages (issue 33)."""

from __future__ import annotations

from localplay.launcher import Places
from localplay.world import the_guild
from tests.localplay.conftest import button, message_event, opened


async def test_a_restart_resumes_the_table_and_its_buttons_still_work(places: Places) -> None:
    async with opened(places) as first:
        game_night = first.channels["game-night"]
        await first.act("command", "Ana", "game-night", command="toppo start")
        await first.act("command", "Ben", "game-night", command="about")
        ana = first.members["Ana"]
        (card,) = (await first.get("/api/messages", member=ana, channel=game_night))["messages"]
        await first.act("press", "Ben", "game-night", message=card["id"], custom_id=button(card, "Join"))
        # The thread comes after the lobby, behind the first start's card emojis (a global 429).
        fake = first.world.fake
        await fake.wait_for(lambda: bool(the_guild(fake).threads), timeout=10, what="the table's thread")
        await fake.settle()
        before = await first.get("/api/world")
        ben_saw = await first.get("/api/messages", member=first.members["Ben"], channel=game_night)
        assert not first.world.fake.problems

    assert places.world.exists()
    async with opened(places) as second:
        assert second.members == first.members
        after = await second.get("/api/world")
        assert after["channels"] == before["channels"]
        assert [c["name"] for c in after["channels"] if c["kind"] == "thread"] == ["Toppo with Ana"]
        assert after["commands"] == before["commands"]
        ben_sees = await second.get("/api/messages", member=second.members["Ben"], channel=game_night)
        assert [m["id"] for m in ben_sees["messages"]] == [m["id"] for m in ben_saw["messages"]]
        assert any(m["ephemeral"] for m in ben_sees["messages"]), "Ben's private /about is still his"

        page = await second.live("Dani")
        (card,) = (await second.get("/api/messages", member=ana, channel=game_night))["messages"]
        assert "2. Ben" in str(card["components"])
        await second.act("press", "Carla", "game-night", message=card["id"], custom_id=button(card, "Join"))
        await page.wait(message_event(game_night, "Seats (3/8)", "3. Carla"))
        assert not second.world.fake.problems
