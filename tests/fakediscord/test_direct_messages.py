"""Direct messages as Discord has them, through discord.py's own client: the bot opens a member's
DM channel (the same one each time) and writes there; a member who accepts no direct message
from the bot refuses it with 50007; every answer held to Discord's API description."""

from __future__ import annotations

import discord
import pytest

from tests.conftest import World

from .conftest import ProbeBot


async def test_a_direct_message_reaches_the_member_and_a_refusal_is_discords(
    world: World, probe: ProbeBot
) -> None:
    alice = world.guild.members[world.alice.id].user
    user = await probe.fetch_user(alice.id)
    await user.send("Your move in Toppo")
    await user.send("Still your move")
    assert [m.content for m in world.fake.dms_of(alice)] == ["Your move in Toppo", "Still your move"]
    assert len(world.fake.dms) == 1, "one DM channel per member"
    assert world.fake.take_problems() == []

    world.fake.refuse_dms(alice)
    with pytest.raises(discord.Forbidden) as refused:
        await user.send("Are you there?")
    assert refused.value.code == 50007
    assert len(world.fake.dms_of(alice)) == 2
    world.fake.take_problems()  # the refusal, which this test is about
