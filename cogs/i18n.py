"""Localisation on the Discord side: command names through discord.py's Translator, and the
language of each reply.

Private replies follow the clicking user's locale; public messages follow the server's (a
server may override it in its settings, kept in the store). Command names and descriptions are
``locale_str`` values that carry their catalogue key, so Discord shows ``/acerca-de`` to a
Spanish client while the English default comes from the same catalogue. The words a game draws
on its pictures come as a dataclass (its ``Labels``), filled here from the catalogue.
"""

from typing import TYPE_CHECKING, TypeVar

import discord
from discord import app_commands

from data import Store
from locales import DEFAULT_LANGUAGE, Catalog, catalog

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

W = TypeVar("W", bound="DataclassInstance")


def command_text(key: str) -> app_commands.locale_str:
    """A command name or description: English by default, translated by key for other locales."""
    return app_commands.locale_str(catalog().text(key, DEFAULT_LANGUAGE), key=key)


class CatalogTranslator(app_commands.Translator):
    """Feeds the catalogue's translations to discord.py when it syncs the commands."""

    def __init__(self, messages: Catalog) -> None:
        self.messages = messages

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = self.messages.language_for(locale.value)
        if key is None or language == DEFAULT_LANGUAGE:
            return None
        return self.messages.text(key, locale.value)


def private_locale(interaction: discord.Interaction) -> str:
    """The locale of a reply only the user sees: their own client's."""
    return interaction.locale.value


async def public_locale(interaction: discord.Interaction, store: Store) -> str:
    """The locale of a message everyone in the channel sees: the server's, or its override."""
    if interaction.guild_id is not None:
        override = await store.get_guild_locale(interaction.guild_id)
        if override:
            return override
    return (interaction.guild_locale or discord.Locale.american_english).value
