"""The local page's API against the real bot (issue 33): what it lists, how members act through
it, and how every member's open page follows the server live."""

from __future__ import annotations

from fakediscord.model import MANAGE_THREADS
from tests.localplay.conftest import JSON, Local, button, message_event


async def test_the_world_lists_the_seeded_server_and_the_bots_commands_in_both_languages(
    local: Local,
) -> None:
    world = await local.get("/api/world")

    assert world["guild"]["name"] == "Game Night"
    assert [(m["name"], m["locale"], m["moderator"]) for m in world["members"]] == [
        ("Ana", "en-US", True),
        ("Ben", "en-GB", False),
        ("Carla", "es-ES", False),
        ("Dani", "es-ES", False),
    ]
    assert [role["name"] for role in world["roles"]] == ["Moderator", "@everyone"], "the bot's is its own"
    assert [(c["name"], c["kind"], c["parent_id"], c["archived"]) for c in world["channels"]] == [
        ("game-night", "text", None, False),
        ("partidas", "text", None, False),
    ]
    assert world["open_to_network"] is False
    assert world["problems"] == []
    (toppo,) = [c for c in world["commands"] if c["name"] == "toppo"]
    (start,) = [o for o in toppo["options"] if o["name"] == "start"]
    assert start["name_localizations"]["es-ES"] == "empezar"
    assert toppo["description_localizations"]["es-ES"] != toppo["description"]
    (rules,) = [c for c in world["commands"] if c["name"] == "rules"]
    assert rules["name_localizations"]["es-ES"] == "reglas"
    assert {"toppo", "assets", "spit", "topoum"} <= {c["value"] for c in rules["options"][0]["choices"]}
    assert all(isinstance(member["id"], str) for member in world["members"])


async def test_a_command_reaches_every_members_page_and_a_press_updates_every_view(local: Local) -> None:
    pages = {name: await local.live(name) for name in ("Ana", "Ben", "Carla")}
    game_night = local.channels["game-night"]

    await local.act("command", "Ana", "game-night", command="toppo start", options={})

    for page in pages.values():
        lobby = (await page.wait(message_event(game_night, "Toppo: a table is open", "Join")))["message"]
        assert lobby["ephemeral"] is False
        threads = await page.wait(lambda event: event["type"] == "channels")
        assert [c["name"] for c in threads["channels"] if c["kind"] == "thread"] == ["Toppo with Ana"]
    await local.act("press", "Ben", "game-night", message=lobby["id"], custom_id=button(lobby, "Join"))
    for page in pages.values():
        await page.wait(message_event(game_night, "Seats (2/8)", "2. Ben"))

    await local.act(
        "press", "Ana", "game-night", message=lobby["id"], custom_id=button(lobby, "Add AI: easy")
    )
    for page in pages.values():
        await page.wait(message_event(game_night, "Seats (3/8)"))
    await local.act("press", "Ana", "game-night", message=lobby["id"], custom_id=button(lobby, "Start"))

    (thread,) = [c for c in (await local.get("/api/world"))["channels"] if c["kind"] == "thread"]
    for page in pages.values():
        table = (await page.wait(lambda e: e.get("channel_id") == thread["id"] and _pictured(e)))["message"]
    (picture,) = table["attachments"]
    assert picture["url"].startswith(f"/attachments/{thread['id']}/")
    async with local.client.get(picture["url"]) as response:
        assert response.status == 200
        assert (await response.read()).startswith(b"\x89PNG")
    (gallery,) = [c for c in table["components"][0]["components"] if c["type"] == 12]
    assert gallery["items"][0]["media"]["url"] == picture["url"]
    shown = await local.get("/api/messages", member=local.members["Carla"], channel=thread["id"])
    assert table["id"] in [m["id"] for m in shown["messages"]]


def _pictured(event: JSON) -> bool:
    return event["type"] == "message" and bool(event["message"]["attachments"])


async def test_a_private_answer_reaches_only_its_member(local: Local) -> None:
    ana, ben = await local.live("Ana"), await local.live("Ben")
    game_night = local.channels["game-night"]

    await local.act("command", "Ana", "game-night", command="about")
    private = (await ana.wait(message_event(game_night, "Refresh")))["message"]
    assert private["ephemeral"] is True
    # Something public afterwards: Ben's page hears of it, and of nothing before it.
    await local.act("command", "Ben", "game-night", command="toppo start")
    await ben.wait(message_event(game_night, "Toppo: a table is open"))
    assert all(e.get("message", {}).get("id") != private["id"] for e in ben.events)
    assert not any(e.get("message", {}).get("ephemeral") for e in ben.events)

    for name, sees in (("Ana", True), ("Ben", False)):
        shown = await local.get("/api/messages", member=local.members[name], channel=game_night)
        assert (private["id"] in [m["id"] for m in shown["messages"]]) is sees
    # Refresh answers by editing Ana's own message: still hers alone.
    before = len(ana.events)
    await local.act("press", "Ana", "game-night", message=private["id"], custom_id=button(private, "Refresh"))
    edited = await ana.wait(
        lambda e: e["type"] == "message" and e["message"]["id"] == private["id"], since=before
    )
    assert edited["message"]["ephemeral"] is True
    assert all(e.get("message", {}).get("id") != private["id"] for e in ben.events)


async def test_bad_input_is_refused_in_a_few_words_and_the_page_goes_on(local: Local) -> None:
    ana, game_night = local.members["Ana"], local.channels["game-night"]
    page = await local.live("Dani")
    refused: list[JSON] = [
        await local.post("command", "{not json"),
        await local.post("command", "[1, 2]"),
        await local.post("command", {"member": "12345", "channel": game_night, "command": "about"}),
        await local.post("command", {"member": ana, "channel": "nowhere", "command": "about"}),
        await local.post("command", {"member": ana, "channel": game_night, "command": "no-such-command"}),
        await local.post("command", {"member": ana, "channel": game_night, "command": "toppo"}),
        await local.post("command", {"member": ana, "channel": game_night, "command": "about", "options": 3}),
        await local.post("press", {"member": ana, "channel": game_night, "message": "1", "custom_id": "x"}),
        await local.post("modal", {"member": ana, "channel": game_night, "custom_id": "x", "values": {}}),
    ]
    lobby = await local.act("command", "Ana", "game-night", command="toppo start")
    assert lobby == {"ok": True}
    (card,) = (await local.get("/api/messages", member=ana, channel=game_night))["messages"]
    # A button the message does not have is delivered as Discord delivers a click already on its
    # way with an old id: the bot answers it (here: none of its buttons), privately.
    delivered = await local.post(
        "press", {"member": ana, "channel": game_night, "message": card["id"], "custom_id": "tp:x"}
    )
    assert delivered == {"ok": True}, delivered
    refused += [
        await local.post(
            "choose", {"member": ana, "channel": game_night, "message": card["id"], "custom_id": "x"}
        ),
        await local.post(
            "choose",
            {"member": ana, "channel": game_night, "message": card["id"], "custom_id": "x", "values": ["a"]},
        ),
    ]
    for answer in refused:
        assert answer["ok"] is False and answer["error"], answer
        assert "\n" not in answer["error"]
    async with local.client.get("/api/messages", params={"member": "1", "channel": game_night}) as response:
        assert response.status == 400 and (await response.json())["ok"] is False
    async with local.client.get("/api/live", params={"member": "nobody"}) as response:
        assert response.status == 400
    # The page goes on: the lobby still takes a press.
    await local.act("press", "Ben", "game-night", message=card["id"], custom_id=button(card, "Join"))
    await page.wait(message_event(game_night, "Seats (2/8)"))


async def test_a_request_discord_refuses_is_a_problem_on_every_page_and_the_session_goes_on(
    local: Local,
) -> None:
    ben = await local.live("Ben")
    await local.act("command", "Ana", "game-night", command="toppo start")
    await ben.wait(lambda event: event["type"] == "channels")
    world = local.world
    (thread,) = world.guild.threads.values()
    # A moderator locks the table's thread, and the bot may not manage threads: its next write
    # there is refused as Discord refuses it.
    assert thread.parent is not None
    world.fake.set_overwrite(thread.parent, world.fake.bot_member(world.guild), deny=MANAGE_THREADS)
    thread.locked = True
    await world.fake.set_archived(thread, True)
    (card,) = (
        await local.get("/api/messages", member=local.members["Ana"], channel=local.channels["game-night"])
    )["messages"]
    await local.act("press", "Ana", "game-night", message=card["id"], custom_id=button(card, "Add AI: easy"))
    await local.act("press", "Ana", "game-night", message=card["id"], custom_id=button(card, "Start"))

    local.refused = True
    problem = await ben.wait(lambda event: event["type"] == "problem")
    assert problem["text"] in (await local.get("/api/world"))["problems"]
    world.fake.take_problems()
    # The session goes on.
    await local.act("command", "Ben", "partidas", command="about")
    await ben.wait(message_event(local.channels["partidas"], "Refresh"))
