"""Syncing slash commands only when they changed.

Discord rate-limits command syncs hard (and a sync makes clients refetch), so syncing on every
start is a bad habit. We hash exactly the payload a sync would send, translations included,
and keep the hash in the store per application and scope; a start with the same hash sends
nothing.
"""

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from config import ConfigError
from data import Store

log = logging.getLogger(__name__)


async def command_payload(
    tree: app_commands.CommandTree[discord.Client], guild: discord.Object | None
) -> list[dict[str, Any]]:
    """The JSON that ``tree.sync`` would send for this scope."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


async def sync_if_changed(
    tree: app_commands.CommandTree[discord.Client], store: Store, application_id: int, guild_id: int | None
) -> bool:
    """Sync the commands of one scope if they differ from the last sync; True if it synced.

    With a development server the global commands are copied to it and synced there, where
    changes show at once instead of after Discord's global cache delay.
    """
    guild = discord.Object(id=guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    payload = await command_payload(tree, guild)
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
    key = f"commands:{application_id}:{guild_id if guild_id is not None else 'global'}"
    if await store.get_meta(key) == digest:
        log.info("commands unchanged (%s); not syncing", key)
        return False
    try:
        await tree.sync(guild=guild)
    except (discord.Forbidden, discord.NotFound) as exc:
        if guild is None:
            raise
        raise ConfigError(
            f"DEV_GUILD_ID {guild_id} is not a server this bot is in (Discord: {exc.text}): "
            "invite the bot to that server first, or leave DEV_GUILD_ID empty"
        ) from None
    await store.set_meta(key, digest)
    log.info("synced %d commands (%s)", len(payload), key)
    return True
