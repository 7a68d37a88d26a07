"""The application's emojis at the stand-in: listed, uploaded, read, renamed and deleted through
discord.py's own calls (whose parsers fail on a missing field, each request and answer held to
Discord's API description); Discord's limits refused with its error bodies (a name of 2 to 32
letters, digits and underscores, unique in the application, an image of at most 256 KiB, 2,000
emojis); and a component showing a custom emoji only if the application has it."""

from __future__ import annotations

import base64
from typing import Any

import discord
import pytest

from fakediscord.model import AppEmoji
from tests.conftest import World

from .conftest import ProbeBot, RawApi, png

EMOJIS = "/applications/{}/emojis"


@pytest.fixture(autouse=True)
def no_emojis_yet(world: World) -> None:
    """An application without emojis (the usual world's has the bot's cards')."""
    world.fake.application.emojis.clear()


def data_uri(data: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(data).decode()


def form_error(field: str, code: str, message: str) -> dict[str, Any]:
    return {
        "code": 50035,
        "errors": {field: {"_errors": [{"code": code, "message": message}]}},
        "message": "Invalid Form Body",
    }


async def test_the_emoji_routes_answer_what_discord_py_parses(world: World, probe: ProbeBot) -> None:
    red = png((200, 0, 0), (16, 16))

    created = await probe.create_application_emoji(name="spit_4s", image=red)
    await probe.create_application_emoji(name="toppo_red_waves", image=png((0, 0, 200), (16, 16)))
    listed = await probe.fetch_application_emojis()
    fetched = await probe.fetch_application_emoji(created.id)
    renamed = await fetched.edit(name="old_spit_4s")
    await renamed.delete()
    left = await probe.fetch_application_emojis()

    assert created.is_application_owned() and created.name == "spit_4s"
    assert listed[0].id == created.id
    assert [emoji.name for emoji in listed] == ["spit_4s", "toppo_red_waves"]
    assert (fetched.id, fetched.name, fetched.animated) == (created.id, "spit_4s", False)
    assert renamed.name == "old_spit_4s"
    assert [emoji.name for emoji in left] == ["toppo_red_waves"]
    stored = world.fake.application.emoji_named("toppo_red_waves")
    assert stored is not None and stored.image == png((0, 0, 200), (16, 16))


@pytest.mark.parametrize(
    ("name", "image", "error"),
    [
        (
            "x",
            data_uri(png((1, 2, 3))),
            ("name", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length."),
        ),
        (
            "a" * 33,
            data_uri(png((1, 2, 3))),
            ("name", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length."),
        ),
        (
            "spit-4s",
            data_uri(png((1, 2, 3))),
            ("name", "STRING_TYPE_REGEX", "String value did not match validation regex."),
        ),
        (
            "taken",
            data_uri(png((1, 2, 3))),
            ("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Application emoji name already taken"),
        ),
        (
            "big",
            data_uri(b"\x89PNG" + bytes(256 * 1024)),
            ("image", "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb."),
        ),
        ("text", "not an image", ("image", "IMAGE_INVALID", "Invalid image data")),
        ("b64", "data:image/png;base64,#!", ("image", "IMAGE_INVALID", "Invalid image data")),
    ],
)
async def test_an_upload_discord_refuses_gets_its_form_error(
    world: World, api: RawApi, name: str, image: str, error: tuple[str, str, str]
) -> None:
    fake = world.fake
    path = EMOJIS.format(fake.application.id)
    status, _, _ = await api.request("POST", path, json={"name": "taken", "image": data_uri(png((9, 9, 9)))})
    assert status == 201

    status, body, _ = await api.request("POST", path, json={"name": name, "image": image})

    assert (status, body) == (400, form_error(*error))
    assert [emoji.name for emoji in fake.application.emojis.values()] == ["taken"]
    assert fake.take_problems()[-1].startswith(f"POST /api/v10{path} -> 400")


async def test_an_application_holds_at_most_2000_emojis(world: World, api: RawApi) -> None:
    fake = world.fake
    for n in range(2000):
        emoji = AppEmoji(fake.ids.next(), f"e{n}", b"", fake.application.bot)
        fake.application.emojis[emoji.id] = emoji
    path = EMOJIS.format(fake.application.id)

    status, body, _ = await api.request(
        "POST", path, json={"name": "one_more", "image": data_uri(png((1, 1, 1)))}
    )

    assert (status, body) == (400, {"message": "Maximum number of emojis reached", "code": 30008})
    assert fake.application.emoji_named("one_more") is None
    fake.take_problems()


async def test_a_rename_to_a_taken_name_and_unknown_emojis_are_refused(world: World, api: RawApi) -> None:
    fake = world.fake
    path = EMOJIS.format(fake.application.id)
    first = (await api.request("POST", path, json={"name": "first", "image": data_uri(png((1, 1, 1)))}))[1]
    await api.request("POST", path, json={"name": "second", "image": data_uri(png((2, 2, 2)))})

    renamed = await api.request("PATCH", f"{path}/{first['id']}", json={"name": "second"})
    unknown = await api.request("DELETE", f"{path}/{int(first['id']) + 1000}")
    elsewhere = await api.request("GET", EMOJIS.format(fake.application.id + 1))

    taken = form_error("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Application emoji name already taken")
    assert renamed[:2] == (400, taken)
    assert unknown[:2] == (404, {"message": "Unknown Emoji", "code": 10014})
    assert elsewhere[:2] == (404, {"message": "Unknown Application", "code": 10002})
    assert [emoji.name for emoji in fake.application.emojis.values()] == ["first", "second"]
    fake.take_problems()


async def test_a_button_shows_an_emoji_of_the_application_and_no_other(world: World, probe: ProbeBot) -> None:
    channel = probe.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    emoji = await probe.create_application_emoji(name="asset_gold", image=png((226, 172, 44), (16, 16)))
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Gold", custom_id="gold", emoji=emoji))
    options = [discord.SelectOption(label="Gold", value="go", emoji=emoji)]
    view.add_item(discord.ui.Select(custom_id="menu", options=options))
    stranger = discord.PartialEmoji(name="asset_gold", id=emoji.id + 1)
    refused = discord.ui.View(timeout=None).add_item(
        discord.ui.Button(label="Gold", custom_id="x", emoji=stranger)
    )

    await channel.send("with an emoji", view=view)
    with pytest.raises(discord.HTTPException) as error:
        await channel.send("with a stranger's", view=refused)

    (seen,) = world.fake.public_messages(world.games)
    assert int(seen.button(label="Gold")["emoji"]["id"]) == emoji.id
    assert int(seen.selects()[0]["options"][0]["emoji"]["id"]) == emoji.id
    assert (error.value.status, error.value.code) == (400, 50035)
    assert "components.0.components.0.emoji.name: Invalid emoji" in str(error.value)
    world.fake.take_problems()
