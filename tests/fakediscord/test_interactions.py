"""Interactions end to end through discord.py's own client: every response type, who sees what,
the 3-second acknowledgement and the 15-minute token."""

from __future__ import annotations

import asyncio
import time

import pytest

from fakediscord import APPLICATION_COMMAND, InteractionFailed, UserActionError
from tests.conftest import World

from .conftest import ProbeBot, RawApi


async def test_slash_reply_is_public_and_carries_the_users_locale(world: World, probe: ProbeBot) -> None:
    reply = await world.bruno.slash("echo", {"text": "hola", "times": 2})

    assert reply.response_type == 4
    assert reply.message.content == "hola hola"
    assert not reply.message.ephemeral
    assert world.alice.last_seen().id == reply.message.id
    assert [m.content for m in world.fake.public_messages(world.games)] == ["hola hola"]
    assert probe.seen["locale"] == "es-ES"
    assert probe.seen["guild_locale"] == "en-US"


async def test_ephemeral_reply_is_seen_only_by_its_user(world: World, probe: ProbeBot) -> None:
    reply = await world.alice.slash("secret")

    assert reply.message.ephemeral
    assert [m.content for m in world.alice.sees()] == ["psst"]
    assert world.bruno.sees() == []
    assert world.fake.public_messages(world.games) == []
    with pytest.raises(UserActionError, match="cannot see"):
        await world.bruno.press(reply.message, label="Ping 1")


async def test_callback_resource_names_the_response_message(world: World, probe: ProbeBot) -> None:
    """?with_response=true returns the message id, so the bot can route later clicks to it."""
    reply = await world.alice.slash("secret")

    assert probe.seen["callback_message_id"] == reply.message.id


async def test_button_press_updates_the_message_in_place(world: World, probe: ProbeBot) -> None:
    reply = await world.alice.slash("secret")

    pressed = await world.alice.press(reply.message, label="Ping 1")

    assert pressed.response_type == 7
    assert pressed.message.id == reply.message.id
    assert pressed.message.content == "pong 1"
    assert pressed.message.ephemeral
    again = await world.alice.press(pressed.message, custom_id="probe:ping:2")
    assert again.message.content == "pong 2"
    assert len(world.alice.sees()) == 1


async def test_select_with_deferred_update_then_edit_of_original(world: World, probe: ProbeBot) -> None:
    reply = await world.alice.slash("secret")

    chosen = await world.alice.choose(reply.message, ["red", "blue"])

    assert chosen.response_type == 6
    assert chosen.message.id == reply.message.id
    assert chosen.message.content == "picked red+blue"


async def test_choosing_what_the_menu_does_not_offer_is_refused(world: World, probe: ProbeBot) -> None:
    reply = await world.alice.slash("secret")

    with pytest.raises(UserActionError):
        await world.alice.choose(reply.message, ["purple"])
    with pytest.raises(UserActionError):
        await world.alice.choose(reply.message, ["red", "green", "blue"])


async def test_deferred_thinking_is_filled_by_the_first_followup(world: World, probe: ProbeBot) -> None:
    reply = await world.carla.slash("think")

    assert reply.response_type == 5
    assert reply.message.content == "done"
    assert reply.message.ephemeral, "the first follow-up keeps the defer's ephemerality"
    assert not reply.message.loading
    assert [m.content for m in reply.followups] == ["and more"]
    assert [m.content for m in world.carla.sees()] == ["done", "and more"]


async def test_modal_opens_and_its_submission_reaches_the_bot(world: World, probe: ProbeBot) -> None:
    opened = await world.alice.slash("form")

    assert opened.response_type == 9
    modal = opened.modal
    assert modal.title == "Your name"
    assert [i["custom_id"] for i in modal.inputs()] == ["name"]
    with pytest.raises(UserActionError, match="0-20 characters"):
        await world.alice.submit_modal(modal, {"name": "x" * 21})
    with pytest.raises(UserActionError, match="someone else"):
        await world.bruno.submit_modal(modal, {"name": "Bruno"})

    submitted = await world.alice.submit_modal(modal, {"name": "Alice"})

    assert submitted.message.content == "hello Alice"
    assert submitted.message.ephemeral


async def test_picture_attachment_is_decoded(world: World, probe: ProbeBot) -> None:
    reply = await world.alice.slash("picture")

    image = reply.message.image()
    assert reply.message.attachments[0].filename == "table.png"
    assert image.size == (8, 4)
    assert image.convert("RGB").getpixel((3, 2)) == (200, 10, 30)


async def test_an_answer_that_arrived_in_time_counts_however_long_it_takes_to_read(world: World) -> None:
    # Under load the stand-in may read a big multipart answer after the 3 s have passed; Discord
    # times the acknowledgement from the answer's arrival, and so does the stand-in.
    fake = world.fake
    record = fake.new_interaction(world.alice.member, world.games, 2, {"name": "x"}, "en-US", None)
    fake.callback_arrived(str(record.id), record.created + 2.9)
    fake.clock.advance(5.0)
    asyncio.get_running_loop().call_later(0.1, record.acknowledged.set)

    await fake.wait_answered(record)

    refused = fake.new_interaction(world.alice.member, world.games, 2, {"name": "y"}, "en-US", None)
    fake.callback_arrived(str(refused.id), refused.created + 1.0)
    fake.callback_arrived(str(refused.id), None)  # the stand-in refused that answer
    fake.clock.advance(5.0)
    with pytest.raises(InteractionFailed):
        await fake.wait_answered(refused)
    assert [p for p in fake.take_problems() if "This interaction failed" in p]


async def test_unacknowledged_interaction_fails_and_a_late_answer_is_refused(
    world: World, probe: ProbeBot
) -> None:
    with pytest.raises(InteractionFailed):
        await world.alice.slash("slow")
    await world.fake.wait_for(lambda: "late" in probe.seen, what="the late callback")

    assert probe.seen["late"] == (404, 10062)
    problems = world.fake.take_problems()
    assert any("This interaction failed" in p for p in problems)
    assert any("10062" in p for p in problems)


async def test_advanced_clock_fails_a_pending_interaction(world: World, probe: ProbeBot) -> None:
    """The 3-second deadline is read from the injectable clock, not from a real wait."""
    probe.slow_seconds = 0.5
    started = time.monotonic()
    pending = asyncio.create_task(world.alice.slash("slow"))
    await world.fake.wait_for(lambda: bool(world.fake.interactions), what="the interaction")
    world.fake.clock.advance(3.0)

    with pytest.raises(InteractionFailed):
        await pending
    assert time.monotonic() - started < 2.0
    await world.fake.wait_for(lambda: "late" in probe.seen, what="the late callback")
    assert probe.seen["late"] == (404, 10062)
    world.fake.take_problems()


async def test_second_acknowledgement_is_refused(world: World, probe: ProbeBot, api: RawApi) -> None:
    reply = await world.alice.slash("echo", {"text": "once"})
    record = reply.record

    status, body, _ = await api.request(
        "POST",
        f"/interactions/{record.id}/{record.token}/callback",
        json={"type": 4, "data": {"content": "twice"}},
        auth=False,
    )

    assert (status, body) == (400, {"message": "Interaction has already been acknowledged.", "code": 40060})
    world.fake.take_problems()


async def test_token_expires_after_fifteen_minutes(world: World, probe: ProbeBot, api: RawApi) -> None:
    reply = await world.alice.slash("echo", {"text": "soon stale"})
    app_id, token = world.fake.application.id, reply.record.token
    world.fake.clock.advance(14 * 60)
    status, _, _ = await api.request(
        "PATCH", f"/webhooks/{app_id}/{token}/messages/@original", json={"content": "ok"}, auth=False
    )
    assert status == 200

    world.fake.clock.advance(61)
    status, body, _ = await api.request(
        "PATCH", f"/webhooks/{app_id}/{token}/messages/@original", json={"content": "too late"}, auth=False
    )

    assert (status, body) == (401, {"message": "Invalid Webhook Token", "code": 50027})
    assert reply.message.content == "ok"
    world.fake.take_problems()


async def test_unsynced_command_and_bad_options_cannot_be_sent(world: World, probe: ProbeBot) -> None:
    with pytest.raises(UserActionError, match="not a synced command"):
        await world.alice.slash("nosuch")
    with pytest.raises(UserActionError, match="requires"):
        await world.alice.slash("echo")
    with pytest.raises(UserActionError, match="within"):
        await world.alice.slash("echo", {"text": "x", "times": 4})
    with pytest.raises(UserActionError, match="must be a string"):
        await world.alice.slash("echo", {"text": 5})
    with pytest.raises(UserActionError, match="no options"):
        await world.alice.slash("echo", {"text": "x", "colour": "red"})


async def test_command_hidden_by_default_member_permissions(world: World, pointed: None, api: RawApi) -> None:
    app = world.fake.application.id
    command = {"name": "purge", "description": "Moderators only", "default_member_permissions": str(1 << 5)}
    status, _, _ = await api.request(
        "PUT", f"/applications/{app}/guilds/{world.guild.id}/commands", json=[command]
    )
    assert status == 200

    with pytest.raises(UserActionError, match="needs permissions"):
        world.alice.command_data("purge")
    assert world.mod.command_data("purge")["name"] == "purge"


async def test_autocomplete_asks_the_bot_for_choices_as_the_user_types(world: World, probe: ProbeBot) -> None:
    choices = await world.alice.autocomplete("fruit", "name", "ap", {"count": 3})

    assert choices == [{"name": "apple", "value": "apple"}, {"name": "apricot", "value": "apricot"}]
    assert probe.seen["autocomplete"] == ("ap", 3), "the bot sees the typed text and the other options"
    assert await world.alice.autocomplete("fruit", "name") == [
        {"name": name, "value": name} for name in ("apple", "apricot", "banana", "cherry")
    ], "before anything is typed, and before a required option is filled in"
    with pytest.raises(UserActionError, match="no autocomplete"):
        await world.alice.autocomplete("fruit", "note", "x")


async def test_more_than_25_autocomplete_choices_are_refused(world: World, probe: ProbeBot) -> None:
    async def refused_then_late() -> None:
        await world.fake.wait_for(lambda: bool(world.fake.problems), what="the refused answer")
        world.fake.clock.advance(3)  # no acknowledgement ever comes: the client gives up

    with pytest.raises(InteractionFailed):
        await asyncio.gather(world.alice.autocomplete("fruit", "name", "many"), refused_then_late())
    problems = world.fake.take_problems()
    assert any("50035" in problem and "choices" in problem for problem in problems), problems


async def test_direct_messages_carry_the_user_and_no_server(world: World, probe: ProbeBot) -> None:
    await probe.tree.sync()
    dm = world.fake.actor(world.alice.member, world.fake.open_dm(world.alice.member))

    reply = await dm.slash("echo", {"text": "hi"})

    assert probe.seen["where"] == (None, "DMChannel")
    assert reply.message.content == "hi" and reply.message.channel_id == dm.channel.id
    assert world.fake.public_messages(world.games) == []


async def test_a_servers_command_is_not_offered_in_direct_messages(world: World, probe: ProbeBot) -> None:
    await probe.tree.sync()
    dm = world.fake.actor(world.alice.member, world.fake.open_dm(world.alice.member))
    assert (await world.alice.slash("here")).message.content == f"in {world.guild.id}"

    with pytest.raises(UserActionError, match="not a synced command here"):
        await dm.slash("here")
    forged = await dm.forge(APPLICATION_COMMAND, world.alice.command_data("here"))

    assert forged.message.content == "in None", "Discord passes a forged command on unchecked"


async def test_a_replayed_interaction_reaches_the_bot_and_a_second_answer_is_refused(
    world: World, probe: ProbeBot
) -> None:
    reply = await world.alice.slash("echo", {"text": "once"})

    await world.fake.replay(reply.record)

    assert [m.content for m in world.fake.public_messages(world.games)] == ["once"]
    assert any("40060" in p for p in world.fake.take_problems())
