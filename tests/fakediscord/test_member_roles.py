"""Roles given and taken as Discord allows, through discord.py's own client: the bot needs
Manage Roles and may give only a role below its own highest, never a managed one; what it may
do reaches the member, and every answer holds to Discord's API description."""

from __future__ import annotations

import discord
import pytest

from fakediscord.model import MANAGE_ROLES
from tests.conftest import World

from .conftest import ProbeBot


def bot_role(world: World) -> discord.Object:
    bot = world.guild.members[world.fake.application.bot.id]
    return discord.Object(bot.roles[0])


async def test_a_role_below_the_bots_is_given_and_taken_back(world: World, probe: ProbeBot) -> None:
    world.guild.roles[bot_role(world).id].permissions |= MANAGE_ROLES
    champion = world.fake.add_role(world.guild, "Champion", position=1)
    alice = world.guild.members[world.alice.id]
    assert champion.position < alice.guild.members[world.fake.application.bot.id].top_position()
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    member = await guild.fetch_member(world.alice.id)
    await member.add_roles(discord.Object(champion.id))
    assert champion.id in alice.roles
    await member.remove_roles(discord.Object(champion.id))
    assert champion.id not in alice.roles
    assert world.fake.take_problems() == []


@pytest.mark.parametrize("why", ["no Manage Roles", "above the bot's", "the bot's own"])
async def test_a_role_the_bot_may_not_give_is_refused(world: World, probe: ProbeBot, why: str) -> None:
    if why != "no Manage Roles":
        world.guild.roles[bot_role(world).id].permissions |= MANAGE_ROLES
    role = (
        bot_role(world)
        if why == "the bot's own"
        else discord.Object(world.fake.add_role(world.guild, "Champion").id)
    )
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    member = await guild.fetch_member(world.alice.id)
    with pytest.raises(discord.Forbidden) as refused:
        await member.add_roles(role)
    assert refused.value.code == 50013
    assert world.guild.members[world.alice.id].roles == []
    world.fake.take_problems()  # the refusal, which this test is about
