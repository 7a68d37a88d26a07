"""The message catalogue: every user-facing string, in English and Spanish.

Catalogues are TOML files in a directory per language (``en/``, ``es/``), one file per subject
(``common.toml``, ``toppo.toml``...), merged and flattened to dotted keys (``about.title``); a
key defined in two files of one language is refused, so one game's messages never silently
replace another's. A Discord locale (``es-ES``, ``es-419``, ``en-GB``) is mapped to the language
that has a catalogue, and English is the fallback language for every other locale. A key missing
from a catalogue is a bug, not a fallback: a test checks both files hold the same keys and the
same placeholders, so a Spanish player never meets an English sentence by accident.

Words that change with a number are written in the message itself, one form per CLDR plural
category, and the language's own rules (from Babel, which carries CLDR's) pick the form:
``"{count} {count:one=card|other=cards}"`` gives "1 card", "21 cards"; Spanish may add ``many``.
An ordinal field picks its form by the number's ordinal category (CLDR's too):
``"{place}{place:ordinal:one=st|two=nd|few=rd|other=th}"`` gives "1st", "2nd", "23rd".
A number field written ``{total:n}`` is written as the language writes numbers (12,345 or
12.345); other fields are left alone, so ids and mentions (``<#{channel}>``) stay digits.
"""

import importlib.util
import re
import string
import tomllib
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal

from engine.games import registered

DEFAULT_LANGUAGE = "en"
CATALOGUE_DIR = Path(__file__).resolve().parent


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{key}."))
        else:
            flat[key] = str(value)
    return flat


ORDINAL = "ordinal:"
"""How a field whose form follows the number's ordinal category begins, as in
``{place}{place:ordinal:one=st|two=nd|few=rd|other=th}``: "1st", "2nd", "3rd", "4th", "11th"."""


def plural_forms(spec: str) -> dict[str, str] | None:
    """``one=card|other=cards`` as {category: form}; None if ``spec`` is not a plural field."""
    if "=" not in spec or spec.startswith(ORDINAL):
        return None
    return dict(part.split("=", 1) for part in spec.split("|"))


def ordinal_forms(spec: str) -> dict[str, str] | None:
    """``ordinal:one=st|two=nd|few=rd|other=th`` as {category: form}; None if ``spec`` is not an
    ordinal field."""
    return plural_forms(spec.removeprefix(ORDINAL)) if spec.startswith(ORDINAL) else None


class LanguageFormatter(string.Formatter):
    """``str.format`` for one language: plural fields, and ``:n`` numbers as it writes them."""

    def __init__(self, language: str) -> None:
        """Loads the language's CLDR data at once (10-35 ms of unpickling): done lazily, it would
        stall the event loop at the first message a player asks for."""
        self.locale = Locale.parse(language)
        self.locale.plural_form(0)

    def format_field(self, value: Any, format_spec: str) -> str:
        forms = plural_forms(format_spec)
        if forms is not None:
            return forms.get(self.locale.plural_form(value), forms["other"])
        ordinals = ordinal_forms(format_spec)
        if ordinals is not None:
            return ordinals.get(self.locale.ordinal_form(value), ordinals["other"])
        if format_spec == "n":
            return self.number(value)
        formatted: str = super().format_field(value, format_spec)  # typeshed says Any; format() gives str
        return formatted

    def number(self, value: float, digits: int = 0) -> str:
        """A number with ``digits`` decimals, as the language writes it."""
        if not digits:
            return format_decimal(round(value), locale=self.locale)
        return format_decimal(value, format="#,##0." + "0" * digits, locale=self.locale)

    def money(self, value: int) -> str:
        """The games' whole dollars as the language writes money: CLDR's currency format without
        the cents, the symbol written ``$`` (``$1,250,000``; ``1.250.000 $`` in Spanish, with a
        no-break space so the amount never wraps away from its sign)."""
        standard = self.locale.currency_formats["standard"].pattern.split(";")[0]
        pattern = re.sub(r"\.0+", "", standard).replace("¤", "$")
        return format_decimal(value, format=pattern, locale=self.locale)


@cache
def formatter(language: str) -> LanguageFormatter:
    return LanguageFormatter(language)


class Catalog:
    """Messages by language; ``text`` formats one for a Discord locale."""

    def __init__(self, messages: Mapping[str, Mapping[str, str]]) -> None:
        self.messages = {lang: dict(table) for lang, table in messages.items()}

    @classmethod
    def from_dir(cls, *directories: Path) -> "Catalog":
        """The catalogue in ``directories`` (``locales/`` by default), each holding a folder per
        language of TOML files."""
        messages: dict[str, dict[str, str]] = {}
        for directory in directories or (CATALOGUE_DIR,):
            for language in sorted({path.parent for path in directory.glob("*/*.toml")}):
                merged = messages.setdefault(language.name, {})
                for path in sorted(language.glob("*.toml")):
                    with path.open("rb") as f:
                        table = _flatten(tomllib.load(f))
                    if twice := sorted(merged.keys() & table.keys()):
                        raise ValueError(f"{path}: keys already defined in {language.name}/: {twice}")
                    merged.update(table)
        return cls(messages)

    @property
    def languages(self) -> list[str]:
        return sorted(self.messages)

    def language_for(self, locale: str | None) -> str:
        """The catalogue language for a Discord locale such as ``es-419``; English otherwise."""
        if locale:
            lang = str(locale).split("-")[0].lower()
            if lang in self.messages:
                return lang
        return DEFAULT_LANGUAGE

    def text(self, key: str, locale: str | None = None, /, **values: object) -> str:
        """The message ``key`` in the language for ``locale``, with ``values`` filled in."""
        language = self.language_for(locale)
        template = self.messages[language][key]
        return formatter(language).format(template, **values) if values else template

    def money(self, value: int, locale: str | None = None) -> str:
        """``value`` dollars as the language for ``locale`` writes money: $1,250,000 or 1.250.000 $."""
        return formatter(self.language_for(locale)).money(value)

    def number(self, value: float, locale: str | None = None, digits: int = 0) -> str:
        """``value`` as the language for ``locale`` writes it: 1,450,000 or 1.450.000; 12.3 or 12,3."""
        return formatter(self.language_for(locale)).number(value, digits)

    def change(self, delta: int, locale: str | None = None) -> str:
        """A change as the language writes numbers, always signed, with a true minus: "+32",
        "−1,250" (a rating's move)."""
        shown = self.number(abs(delta), locale)
        return f"−{shown}" if delta < 0 else f"+{shown}"

    def date(self, moment: datetime, locale: str | None = None) -> str:
        """The day of ``moment`` (UTC) as the language writes it in full: November 26, 2026 or
        26 de noviembre de 2026 (where a Discord timestamp cannot show it, as in alt text)."""
        return format_date(moment.astimezone(UTC).date(), "long", locale=self.language_for(locale))

    def short_date(self, moment: datetime, skeleton: str, locale: str | None = None) -> str:
        """The day of ``moment`` (UTC) with the fields of a CLDR ``skeleton``, in the order and
        abbreviations the language uses: "MMMd" is Sep 5 or 5 sept, "yMMM" Sep 2026 or sept 2026
        (a chart's axis, where a Discord timestamp cannot go)."""
        return format_skeleton(skeleton, moment.astimezone(UTC), locale=self.language_for(locale))


def game_catalogues() -> list[Path]:
    """The ``locales/`` folders of games kept outside the project's layers (engine/games.py's
    ``home``: the tests' own game)."""
    found = []
    for game in registered():
        if game.home is not None and (spec := importlib.util.find_spec(game.home)) is not None:
            assert spec.origin is not None
            found.append(Path(spec.origin).parent / "locales")
    return found


@cache
def catalog() -> Catalog:
    """The project's catalogue, loaded once: command names are read at import time. Each
    language's formatter is made with it, so its data is loaded before the bot serves anyone."""
    loaded = Catalog.from_dir(CATALOGUE_DIR, *game_catalogues())
    for language in loaded.languages:
        formatter(language)
    return loaded
