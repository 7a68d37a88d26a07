"""Start-up against the stand-in: a token Discord rejects ends the bot with its one-line advice."""

from __future__ import annotations

from pathlib import Path

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy


async def test_rejected_token_is_explained_without_a_traceback(world: World, database: Path) -> None:
    bot = BotProcess(world.fake, database, token="not-a-token-discord-knows")
    await bot.start(wait_ready=False)

    code = await bot.wait_exit()

    assert code == 2
    assert "Discord rejected DISCORD_TOKEN" in bot.output
    assert "Traceback" not in bot.output
    assert world.fake.gateway.identifies == 0
    problems = world.fake.take_problems()
    assert len(problems) == 1 and "/users/@me -> 401" in problems[0]


async def test_dev_guild_gets_the_commands_instead_of_global(world: World, database: Path) -> None:
    bot = BotProcess(world.fake, database, dev_guild_id=world.guild.id)
    await bot.start()
    try:
        reply = await world.alice.slash("about")
    finally:
        code = await bot.stop()

    assert code == 0
    assert_bot_healthy(bot)
    assert world.fake.stats.count("PUT /applications/{application_id}/guilds/{guild_id}/commands") == 1
    assert world.fake.application.global_commands == []
    assert reply.record.data["guild_id"] == str(world.guild.id)
    assert reply.message.card["title"] == "Game Night"


async def test_the_bot_says_it_is_ready_and_how_to_invite_it(world: World, bot: BotProcess) -> None:
    app = world.fake.application
    await world.fake.wait_for(lambda: "ready as" in bot.output, timeout=10, what="the ready line")
    ready = [line for line in bot.output.splitlines() if "ready as" in line]
    assert len(ready) == 1, bot.output
    assert "in 1 server;" in ready[0]
    assert f"https://discord.com/oauth2/authorize?client_id={app.id}" in ready[0]
    assert "scope=bot+applications.commands" in ready[0]
