"""The three places where the bot changes discord.py past its public API, one function each.

discord.py has no setting for another API address (the tests' stand-in, a rate-limit proxy) or
for its voice warnings, so these functions set the class attributes it reads. A release may move
or rename them; then the function raises :class:`InternalsMoved` naming the attribute, at start-up
and in ``tests/cogs/test_internals.py``, instead of the bot silently talking to Discord itself.
"""

from typing import Any

import discord
import yarl


class InternalsMoved(RuntimeError):
    """A discord.py attribute the bot sets is gone: the installed release changed it."""


def _set(owner: Any, name: str, value: object) -> None:
    if not hasattr(owner, name):
        raise InternalsMoved(
            f"discord.py {discord.__version__} has no {owner.__module__}.{owner.__qualname__}.{name}, "
            "which cogs/internals.py sets: adapt it to this release or install the locked one"
        )
    setattr(owner, name, value)


def send_rest_to(api_base: str) -> None:
    """REST calls, interaction callbacks and webhooks to ``api_base``: all of them build their
    URLs from ``Route.BASE``."""
    _set(discord.http.Route, "BASE", f"{api_base}/api/v10")


def connect_gateway_to(url: str) -> None:
    """The gateway connection to ``url`` (what ``/gateway/bot`` answered at ``Route.BASE``)."""
    _set(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(url))


def quiet_voice_warnings() -> None:
    """The bot never joins voice: without this discord.py warns about missing voice libraries on
    every start, which reads like a fault to whoever runs it."""
    _set(discord.VoiceClient, "warn_nacl", False)
    _set(discord.VoiceClient, "warn_dave", False)
