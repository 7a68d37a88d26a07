"""The discord.py attributes the bot sets (cogs/internals.py): each still there and still read.

A discord.py release that moves one fails here, naming it, rather than leaving a bot that
quietly talks to Discord itself while told to use the stand-in."""

from collections.abc import Iterator

import discord
import pytest

from cogs.internals import InternalsMoved, connect_gateway_to, quiet_voice_warnings, send_rest_to


@pytest.fixture
def restored() -> Iterator[None]:
    """Puts the attributes back, so the rest of the suite sees discord.py's own values."""
    saved = (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.VoiceClient.warn_nacl,
        discord.VoiceClient.warn_dave,
    )
    yield
    (
        discord.http.Route.BASE,
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
        discord.VoiceClient.warn_nacl,
        discord.VoiceClient.warn_dave,
    ) = saved


def test_rest_requests_are_built_on_the_given_base(restored: None) -> None:
    send_rest_to("http://127.0.0.1:5555")
    route = discord.http.Route("GET", "/channels/{channel_id}", channel_id=7)
    assert route.url == "http://127.0.0.1:5555/api/v10/channels/7"


def test_the_gateway_is_the_given_address(restored: None) -> None:
    connect_gateway_to("ws://127.0.0.1:5555/gateway")
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:5555/gateway"


def test_voice_warnings_are_off(restored: None) -> None:
    quiet_voice_warnings()
    assert discord.VoiceClient.warn_nacl is False
    assert discord.VoiceClient.warn_dave is False


def test_a_moved_attribute_is_named_in_the_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(discord.http.Route, "BASE")
    with pytest.raises(InternalsMoved, match=r"discord\.http\.Route\.BASE"):
        send_rest_to("http://127.0.0.1:5555")
