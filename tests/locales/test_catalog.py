"""The catalogue: both languages complete, placeholders alike, every engine reason worded."""

import re
import string
from pathlib import Path

import discord
import pytest
from discord import app_commands

from cogs.i18n import CatalogTranslator, command_text
from engine.errors import Reason
from locales import Catalog, catalog

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_english_and_spanish_both_exist() -> None:
    assert catalog().languages == ["en", "es"]


def test_every_key_is_in_both_languages() -> None:
    en, es = catalog().messages["en"], catalog().messages["es"]
    assert set(en) - set(es) == set(), "missing in Spanish"
    assert set(es) - set(en) == set(), "missing in English"


def test_placeholders_match_across_languages() -> None:
    en, es = catalog().messages["en"], catalog().messages["es"]
    mismatched = [key for key in en if placeholders(en[key]) != placeholders(es[key])]
    assert mismatched == []


def test_no_message_is_empty() -> None:
    empty = [
        (lang, key) for lang, table in catalog().messages.items() for key, text in table.items() if not text
    ]
    assert empty == []


@pytest.mark.parametrize("reason", list(Reason))
def test_every_engine_reason_has_a_message(reason: Reason) -> None:
    for lang in catalog().languages:
        assert catalog().messages[lang][f"reason.{reason.value}"]


@pytest.mark.parametrize(
    ("locale", "language"),
    [("es-ES", "es"), ("es-419", "es"), ("en-US", "en"), ("en-GB", "en"), ("fr", "en"), (None, "en")],
)
def test_locale_maps_to_a_catalogue_language(locale: str | None, language: str) -> None:
    assert catalog().language_for(locale) == language


def test_text_formats_values() -> None:
    messages = Catalog({"en": {"greet": "Hi {name}"}, "es": {"greet": "Hola {name}"}})
    assert messages.text("greet", "es-419", name="Ana") == "Hola Ana"
    assert messages.text("greet", "de", name="Ana") == "Hi Ana"


def test_files_of_one_language_merge_and_may_not_define_a_key_twice(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "a.toml").write_text('[toppo]\nname = "Toppo"\n')
    (tmp_path / "en" / "b.toml").write_text('[toppo.rules]\ntitle = "Rules"\n')
    merged = {"toppo.name": "Toppo", "toppo.rules.title": "Rules"}
    assert Catalog.from_dir(tmp_path).messages == {"en": merged}

    (tmp_path / "en" / "c.toml").write_text('[toppo]\nname = "Again"\n')
    with pytest.raises(ValueError, match=r"toppo\.name"):
        Catalog.from_dir(tmp_path)


def command_keys() -> list[str]:
    return [key for key in catalog().messages["en"] if key.endswith(".command_name")]


@pytest.mark.parametrize("key", command_keys())
def test_command_names_are_valid_in_every_language(key: str) -> None:
    for lang in catalog().languages:
        name = catalog().messages[lang][key]
        assert COMMAND_NAME.match(name) and name == name.lower(), (lang, name)


async def test_translator_gives_spanish_for_both_spanish_locales_and_nothing_else() -> None:
    translator = CatalogTranslator(catalog())
    name = command_text("about.command_name")
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    assert await translator.translate(name, discord.Locale.spain_spanish, context) == "acerca-de"
    assert await translator.translate(name, discord.Locale.latin_american_spanish, context) == "acerca-de"
    assert await translator.translate(name, discord.Locale.french, context) is None
    assert await translator.translate(name, discord.Locale.british_english, context) is None
    assert (
        await translator.translate(app_commands.locale_str("plain"), discord.Locale.spain_spanish, context)
        is None
    )
