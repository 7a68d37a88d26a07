"""The message catalogue: every user-facing string, in English and Spanish.

Catalogues are TOML files in a directory per language (``en/``, ``es/``), one file per subject
(``common.toml``, ``toppo.toml``...), merged and flattened to dotted keys (``about.title``); a
key defined in two files of one language is refused, so one game's messages never silently
replace another's. A Discord locale (``es-ES``, ``es-419``, ``en-GB``) is mapped to the language
that has a catalogue, and English is the fallback language for every other locale. A key missing
from a catalogue is a bug, not a fallback: a test checks both files hold the same keys and the
same placeholders, so a Spanish player never meets an English sentence by accident.
"""

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

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


class Catalog:
    """Messages by language; ``text`` formats one for a Discord locale."""

    def __init__(self, messages: Mapping[str, Mapping[str, str]]) -> None:
        self.messages = {lang: dict(table) for lang, table in messages.items()}

    @classmethod
    def from_dir(cls, directory: Path = CATALOGUE_DIR) -> "Catalog":
        messages: dict[str, dict[str, str]] = {}
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
        template = self.messages[self.language_for(locale)][key]
        return template.format(**values) if values else template


@cache
def catalog() -> Catalog:
    """The project's catalogue, loaded once: command names are read at import time."""
    return Catalog.from_dir()
