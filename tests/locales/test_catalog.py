"""The catalogue: both languages complete, placeholders alike, every engine reason worded."""

import itertools
import re
import string
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord import app_commands

from cogs.i18n import CatalogTranslator, command_text
from engine.errors import Reason
from locales import Catalog, catalog, ordinal_forms, plural_forms

ROOT = Path(__file__).resolve().parents[2]
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR's plural categories; a plural field names some of them, always ``other``."""


def fields(template: str) -> list[tuple[str, str]]:
    """The (name, format spec) of every field of ``template``, nested ones included."""
    found = []
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            found.append((name, spec or ""))
            found.extend(fields(spec or ""))
    return found


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


def plural_fields(template: str) -> list[tuple[str, dict[str, str]]]:
    return [(name, forms) for name, spec in fields(template) if (forms := plural_forms(spec)) is not None]


@pytest.mark.parametrize("language", ["en", "es"])
def test_plural_fields_name_cldr_categories_and_always_other(language: str) -> None:
    for key, template in catalog().messages[language].items():
        for name, forms in plural_fields(template):
            assert set(forms) <= PLURAL_CATEGORIES and "other" in forms, f"{language} {key}: {name}"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("count", [0, 1, 2, 21, 1_000_000])
def test_every_plural_message_reads_for_any_count(language: str, count: int) -> None:
    for key, template in catalog().messages[language].items():
        if plural_fields(template):
            values = {name: count for name, _ in fields(template)}
            assert "{" not in catalog().text(key, language, **values), key


@pytest.mark.parametrize(
    ("count", "english", "spanish"),
    [
        (0, "0 games · 0 won", "0 partidas · 0 ganadas"),
        (1, "1 game · 1 won", "1 partida · 1 ganada"),
        (2, "2 games · 2 won", "2 partidas · 2 ganadas"),
        (21, "21 games · 21 won", "21 partidas · 21 ganadas"),
        (12345, "12,345 games · 12,345 won", "12.345 partidas · 12.345 ganadas"),
    ],
)
def test_counts_take_the_form_their_language_gives_them(count: int, english: str, spanish: str) -> None:
    text = catalog().text
    assert text("stats.line", "en-US", games=count, wins=count, share=50) == f"{english} (50%)"
    assert text("stats.line", "es-ES", games=count, wins=count, share=50) == f"{spanish} (50 %)"


@pytest.mark.parametrize(
    ("place", "english"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st")],
)
def test_places_take_the_ordinal_form_their_language_gives_them(place: int, english: str) -> None:
    assert catalog().text("stats.place", "en-GB", place=place, count=2) == f"{english} ×2"
    assert catalog().text("stats.place", "es-419", place=place, count=2) == f"{place}.º ×2"


@pytest.mark.parametrize("language", ["en", "es"])
def test_ordinal_fields_name_cldr_categories_and_always_other(language: str) -> None:
    for key, template in catalog().messages[language].items():
        for name, spec in fields(template):
            if (forms := ordinal_forms(spec)) is not None:
                assert set(forms) <= PLURAL_CATEGORIES and "other" in forms, f"{language} {key}: {name}"


def test_ids_and_mentions_stay_digits_while_n_fields_are_grouped() -> None:
    catalogue = Catalog({"en": {"m": "<#{channel}> {total:n}"}, "es": {"m": "<#{channel}> {total:n}"}})
    assert catalogue.text("m", "en", channel=1234567, total=1234567) == "<#1234567> 1,234,567"
    assert catalogue.text("m", "es", channel=1234567, total=1234567) == "<#1234567> 1.234.567"


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


FIRST_MESSAGES = """
import string
from babel import localedata
from locales import catalog

messages = catalog()
loads = []
real_load = localedata.load
localedata.load = lambda *args, **kwargs: loads.append(args[0]) or real_load(*args, **kwargs)
for language in messages.languages:
    key, template = next((k, t) for k, t in messages.messages[language].items() if "|other=" in t)
    names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    messages.text(key, language, **dict.fromkeys(names, 3))
    messages.money(1_250_000, language)
print(sorted(set(loads)))
"""


def test_no_players_first_message_loads_cldr_data() -> None:
    """Babel reads a language's CLDR data on first use (10-35 ms of unpickling, a stall of the
    event loop); the catalogue reads it up front. In a fresh interpreter, as in a bot that has
    just started, formatting each language's first plural and an amount of money after
    ``catalog()`` calls Babel's ``localedata.load`` for no language."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_MESSAGES], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "[]", done.stdout


NOT_COUNTS = frozenset({"pile", "game", "category", "hex"})
"""Fields that name something (a pile, a game, a category, a hex), not a number of anything."""


def unpluralised(template: str, counted: set[str]) -> list[str]:
    """Every ``{field} word`` of ``template`` (outside plural fields) where ``field`` is a count
    and ``word`` a counted word: a number beside a noun with one form for every number."""
    parts = list(string.Formatter().parse(template))
    found = []
    for (_, name, spec, _), (after, _, _, _) in itertools.pairwise(parts):
        if not name or name in NOT_COUNTS or spec not in ("", "n", None):
            continue
        if (word := re.match(r"\s+([^\W\d_]+)", after)) and word[1].lower() in counted:
            found.append(f"{{{name}}} {word[1]}")
    return found


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_number_beside_a_counted_word_has_its_plural_forms(language: str) -> None:
    messages = catalog().messages[language]
    counted = set(messages["counted.words"].split())
    assert {"card", "carta"} & counted, "the language declares its counted words"
    found = {key: bad for key, template in messages.items() if (bad := unpluralised(template, counted))}
    assert found == {}
    assert unpluralised("+{cards} cards", {"cards"}) == ["{cards} cards"], "the check finds one"
    assert unpluralised("{cards} {cards:one=card|other=cards}", {"card", "cards"}) == []
