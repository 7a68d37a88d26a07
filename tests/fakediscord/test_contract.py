"""The stand-in held to Discord's API description (contract.py): requests and answers checked
against their operation's schemas, problems naming the offending field, unknown operations
refused, the allowed looseness limited to what each entry says, gateway objects checked."""

from __future__ import annotations

import pytest

from fakediscord.contract import ALLOWED, contract
from fakediscord.events import EXTERNAL, ScheduledEvent
from tests.conftest import World

from .conftest import RawApi

MESSAGES = "/channels/{channel_id}/messages"
EVENTS = "/guilds/{guild_id}/scheduled-events"


def test_every_route_of_the_stand_in_is_an_operation_of_the_description(world: World) -> None:
    missing = [
        spec.key
        for spec in world.fake.rest.routes
        if contract().operation(spec.method, spec.template) is None
    ]
    assert missing == []


def test_an_operation_the_description_lacks_is_a_problem() -> None:
    assert contract().check_request("POST", "/channels/{channel_id}/crosspost-all", {"x": 1}) == [
        "POST /channels/{channel_id}/crosspost-all: no such operation in Discord's API description"
    ]


def test_a_request_mismatch_names_the_operation_and_the_field() -> None:
    payload = {"content": "hi", "embeds": [{"title": "t", "fields": [{"name": "n", "value": 5}]}]}

    assert contract().check_request("POST", MESSAGES, payload) == [
        "create_message: request $.embeds[0].fields[0].value: 5 is not of type 'string'"
    ]


def test_a_union_is_blamed_on_the_branch_its_type_names() -> None:
    # An update-message callback (type 7) with a bad field: the problem is that field, not the
    # "type" of one of the six other kinds of callback.
    problems = contract().check_request(
        "POST", "/interactions/{id}/{token}/callback", {"type": 7, "data": {"content": ["not text"]}}
    )
    assert problems == [
        "create_interaction_response: request $.data.content: ['not text'] is not of type 'string', 'null'"
    ]


def test_an_answer_missing_a_required_field_is_a_problem() -> None:
    answer = {"id": "1", "username": "x", "avatar": None, "discriminator": "0", "public_flags": 0, "flags": 0}

    assert contract().check_response("GET", "/users/{user_id}", 200, answer) == [
        "get_user: 200 answer $: 'global_name' is a required property",
        "get_user: 200 answer $: 'primary_guild' is a required property",
    ]


def test_an_answer_the_description_does_not_give_is_a_problem() -> None:
    assert contract().check_response("DELETE", MESSAGES + "/{message_id}", 200, {"id": "1"}) == [
        "delete_message: Discord's API description has no 200 answer"
    ]
    assert contract().check_response("GET", "/users/@me", 401, None) == [
        "get_my_user: 401 answer $: None is not of type 'object'"
    ]


def _button(emoji: dict[str, object]) -> dict[str, object]:
    return {"type": 2, "style": 2, "label": "4♠", "custom_id": "sp:1:play:4", "emoji": emoji}


def _menu(emoji: dict[str, object]) -> dict[str, object]:
    return {
        "type": 3,
        "custom_id": "as:1:disc:0",
        "options": [{"label": "Gold", "value": "go", "emoji": emoji}],
    }


def _row(item: dict[str, object]) -> dict[str, object]:
    return {"type": 1, "components": [item]}


def _card(row: dict[str, object]) -> dict[str, object]:
    return {"type": 17, "components": [row]}


def test_a_field_inside_a_card_is_blamed_through_its_unions() -> None:
    """A button in a row in a card's container: three unions deep, the problem still names the
    button's field, not the ``type`` of a branch of a union on the way."""
    payload = {"flags": 1 << 15, "components": [_card(_row(_button({"id": 1.5, "name": "spit_4s"})))]}

    assert contract().check_request("POST", MESSAGES, payload) == [
        "create_message: request $.components[0].components[0].components[0].emoji.id: "
        "1.5 is not valid under any of the given schemas"
    ]


@pytest.mark.parametrize(
    ("payload", "allowed"),
    [
        ({"content": "x", "attachments": [{"id": 0, "filename": "a.png"}]}, True),
        ({"content": "x", "attachments": [{"id": 0.5, "filename": "a.png"}]}, False),
        ({"content": "x", "attachments": [{"id": "0", "filename": 7}]}, False),
        ({"content": "<@1>", "allowed_mentions": {"users": [1575015468798967815]}}, True),
        ({"content": "<@1>", "allowed_mentions": {"users": [{"id": "1"}]}}, False),
        ({"content": "<@1>", "allowed_mentions": {"parse": "users"}}, False),
        ({"components": [_row(_button({"id": 1575015468798967815, "name": "spit_4s"}))]}, True),
        ({"components": [_row(_menu({"id": 1575015468798967815, "name": "asset_gold"}))]}, True),
        ({"flags": 1 << 15, "components": [_card(_row(_button({"id": 15750154687, "name": "x"})))]}, True),
        ({"components": [_row(_button({"id": 1.5, "name": "spit_4s"}))]}, False),
        ({"components": [_row(_button({"id": 1575015468798967815, "name": 4}))]}, False),
    ],
)
def test_an_allowance_covers_its_field_and_nothing_more(payload: dict[str, object], allowed: bool) -> None:
    assert (contract().check_request("POST", MESSAGES, payload) == []) is allowed


@pytest.mark.parametrize(
    ("channel_id", "allowed"),
    [(1575015468798967815, True), ("1575015468798967815", True), (1.5, False), ({"id": "1"}, False)],
)
def test_an_events_channel_may_be_an_integer_and_nothing_else(channel_id: object, allowed: bool) -> None:
    payload = {
        "name": "Toppo night",
        "scheduled_start_time": "2026-12-01T20:00:00+00:00",
        "privacy_level": 2,
        "entity_type": 2,
        "channel_id": channel_id,
    }
    for method, path in (("POST", EVENTS), ("PATCH", EVENTS + "/{guild_scheduled_event_id}")):
        assert (contract().check_request(method, path, payload) == []) is allowed


def test_every_allowance_says_why() -> None:
    assert ALLOWED and all(len(allowed.reason) > 40 and allowed.where for allowed in ALLOWED)


def test_gateway_objects_are_checked_where_the_description_has_them(world: World) -> None:
    user = world.fake.application.bot.to_dict()
    assert contract().check_event("READY", {"user": user, "guilds": []}) == []
    del user["primary_guild"]
    assert contract().check_event("READY", {"user": user, "guilds": []}) == [
        "UserResponse: READY.user $: 'primary_guild' is a required property"
    ]
    guild = world.guild.to_dict(bot_id=world.fake.application.bot.id, all_members=True)
    assert contract().check_event("GUILD_CREATE", guild) == []
    guild["members"][0]["joined_at"] = 12
    assert contract().check_event("GUILD_CREATE", guild) == [
        "GuildMemberResponse: GUILD_CREATE.members[0] $.joined_at: 12 is not of type 'string'"
    ]


def test_a_scheduled_event_in_the_gateway_is_held_to_its_kind(world: World) -> None:
    """As its REST answers are: an external event must carry its place, which the description's
    schema shared by every kind does not say."""
    fake = world.fake
    start = fake.clock.wall() + 3600
    event = ScheduledEvent(
        1, world.guild, fake.application.bot, "Night", start, start + 60, EXTERNAL, location="#games"
    )
    data = event.to_dict()
    assert contract().check_event("GUILD_SCHEDULED_EVENT_CREATE", data) == []
    data["entity_metadata"] = None
    assert contract().check_event("GUILD_SCHEDULED_EVENT_CREATE", data) == [
        "ExternalScheduledEventResponse: GUILD_SCHEDULED_EVENT_CREATE $.entity_metadata: "
        "None is not of type 'object'"
    ]


async def test_the_stand_in_reports_a_mismatch_of_a_request_as_a_problem(world: World, api: RawApi) -> None:
    path = f"/channels/{world.games.id}/messages"
    status, _, _ = await api.request("POST", path, json={"content": "hi", "tts": "yes"})

    assert status == 200, "the stand-in's own checks let it through"
    assert world.fake.take_problems() == [
        "create_message: request $.tts: 'yes' is not of type 'boolean', 'null'"
    ]
