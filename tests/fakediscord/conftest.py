"""Fixtures for the stand-in's own tests: a small discord.py bot run in-process, and raw HTTP.

The probe bot is a plain ``commands.Bot`` started the way bot.py starts (Route.BASE pointed at the
stand-in, DEFAULT_GATEWAY taken from /gateway/bot after login), with commands that use every
interaction response type, so these tests exercise the stand-in through discord.py's own client.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator
from typing import Any
from unittest import mock

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from PIL import Image

from fakediscord import FakeDiscord
from tests.conftest import World


class Ping(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"probe:ping:(?P<n>\d+)"):
    """A button whose state is its custom id; each press edits the message (response type 7)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Ping {n}", custom_id=f"probe:ping:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Ping:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(Ping(self.n + 1))
        await interaction.response.edit_message(content=f"pong {self.n}", view=view)


class Pick(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"probe:pick"):
    """A select menu answered with a deferred update (type 6) and then an edit of @original."""

    def __init__(self) -> None:
        options = [discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")]
        super().__init__(discord.ui.Select(custom_id="probe:pick", options=options, max_values=2))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Pick:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="picked " + "+".join(self.item.values))


class NameForm(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameForm] = discord.ui.TextInput(label="Name", custom_id="name", max_length=20)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


FRUITS = ["apple", "apricot", "banana", "cherry"]


def png(colour: tuple[int, int, int], size: tuple[int, int] = (8, 4)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


class ProbeBot(commands.Bot):
    """A bot with one command per thing the stand-in must handle. ``seen`` keeps what the
    handlers observed (locales, callback responses) for the tests to check."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None
        )
        self.seen: dict[str, Any] = {}
        self.slow_seconds = 3.5
        tree = self.tree

        @tree.command(description="Public reply")
        async def echo(
            interaction: discord.Interaction, text: str, times: app_commands.Range[int, 1, 3] = 1
        ) -> None:
            self.seen["locale"] = interaction.locale.value
            self.seen["where"] = (interaction.guild_id, type(interaction.channel).__name__)
            self.seen["guild_locale"] = interaction.guild_locale and interaction.guild_locale.value
            await interaction.response.send_message(" ".join([text] * times))

        @tree.command(description="Only in servers")
        @app_commands.guild_only()
        async def here(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"in {interaction.guild_id}", ephemeral=True)

        @tree.command(description="Private reply with a button and a select")
        async def secret(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None).add_item(Ping(1)).add_item(Pick())
            callback = await interaction.response.send_message("psst", view=view, ephemeral=True)
            self.seen["callback_message_id"] = callback.message_id

        @tree.command(description="Deferred, then two follow-ups")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await asyncio.sleep(0.2)
            await interaction.followup.send("done")
            await interaction.followup.send("and more", ephemeral=True)

        async def fruits(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            """Fruits containing what was typed; "many" asks for more than Discord allows."""
            self.seen["autocomplete"] = (current, interaction.namespace.count)
            names = [f"fruit {n}" for n in range(26)] if current == "many" else FRUITS
            return [
                app_commands.Choice(name=name, value=name)
                for name in names
                if current in name or current == "many"
            ]

        @tree.command(description="Autocomplete")
        @app_commands.autocomplete(name=fruits)
        async def fruit(interaction: discord.Interaction, name: str, count: int, note: str = "") -> None:
            await interaction.response.send_message(f"{count} x {name}", ephemeral=True)

        @tree.command(description="Opens a modal")
        async def form(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameForm())

        @tree.command(description="Answers too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(self.slow_seconds)
            try:
                await interaction.response.send_message("finally")
            except discord.NotFound as exc:
                self.seen["late"] = (exc.status, exc.code)

        @tree.command(description="A picture")
        async def picture(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                file=discord.File(io.BytesIO(png((200, 10, 30))), "table.png")
            )

        @tree.command(description="Posts to the channel outside the interaction")
        async def post(interaction: discord.Interaction, count: int) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            await asyncio.gather(*(channel.send(f"post {i}") for i in range(count)))
            await interaction.edit_original_response(content=f"posted {count}")

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Ping, Pick)


async def start_client(fake: FakeDiscord, client: discord.Client) -> asyncio.Task[None]:
    """Log in and connect as bot.py does; returns the connection task once READY arrived."""
    await client.login(fake.application.token)
    _, url, _ = await client.http.get_bot_gateway()
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
    before = fake.gateway.ready_sessions
    task = asyncio.create_task(client.connect())
    await fake.wait_for(lambda: fake.gateway.ready_sessions > before or task.done(), what="READY")
    if task.done():
        task.result()
    return task


@pytest.fixture
async def pointed(fake: FakeDiscord) -> AsyncIterator[None]:
    """discord.py's REST base and default gateway pointed at the stand-in (restored afterwards)."""
    with (
        mock.patch.object(discord.http.Route, "BASE", fake.api_base),
        mock.patch.object(
            discord.gateway.DiscordWebSocket,
            "DEFAULT_GATEWAY",
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        ),
    ):
        yield


@pytest.fixture
async def probe(world: World, pointed: None) -> AsyncIterator[ProbeBot]:
    """The probe bot, connected, with its commands synced to the test server."""
    bot = ProbeBot()
    task = await start_client(world.fake, bot)
    bot.tree.copy_global_to(guild=discord.Object(world.guild.id))
    await bot.tree.sync(guild=discord.Object(world.guild.id))
    try:
        yield bot
    finally:
        await bot.close()
        await task


class RawApi:
    """Plain aiohttp against the stand-in, for requests discord.py would refuse to build."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake = fake
        self.session = session

    async def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        form: aiohttp.FormData | None = None,
        token: str | None = None,
        auth: bool = True,
        params: dict[str, str] | None = None,
    ) -> tuple[int, Any, Any]:
        """Returns (status, JSON body or None, headers)."""
        headers = {"Authorization": f"Bot {token or self.fake.application.token}"} if auth else {}
        async with self.session.request(
            method, self.fake.api_base + path, json=json, data=form, headers=headers, params=params
        ) as response:
            body = await response.json() if response.content_type == "application/json" else None
            return response.status, body, response.headers


@pytest.fixture
async def api(fake: FakeDiscord) -> AsyncIterator[RawApi]:
    async with aiohttp.ClientSession() as session:
        yield RawApi(fake, session)
