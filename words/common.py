"""What every game says the same way: notices of what happened, names in bold, what to call each
seat, and the words on a game's pictures."""

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

from locales import Catalog

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

W = TypeVar("W", bound="DataclassInstance")


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the channel is told, as a catalogue code (``<game>.notice.<code>``), the seat it
    is about and values for the message."""

    code: str
    player: int | None = None
    values: Mapping[str, int | str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "player": self.player, "values": dict(self.values)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Notice":
        return cls(data["code"], data["player"], data["values"])


SEAT_NOTICES: Final = frozenset({"seat_left", "seat_absent", "seat_back", "seat_taken", "seat_taken_over"})
"""What happens to seats in every game (``seats.notice.<code>``, see :mod:`tables.seating`),
with the person's ``name`` among their values (and, for a seat taken over mid-game, the name of
whom the game still ``counted`` for)."""


class Named(Protocol):
    """A seat as words need it: a person's name, or an AI's level."""

    @property
    def name(self) -> str: ...

    @property
    def ai_level(self) -> str | None: ...


_ESCAPED: Final = re.compile(
    r"(?:(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
    r"|(?P<markdown>[_\\~|\*`]|^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-))",
    re.MULTILINE,
)
"""Discord's markdown as discord.py 2.7's ``escape_markdown`` finds it: links, left alone, and
the characters and line starts that format text (``*_~|`\\``, quotes, headings, list items,
masked links)."""


def escape_markdown(text: str) -> str:
    """``text`` shown as typed in a message, as ``discord.utils.escape_markdown(text)`` escapes it
    (a test holds the two alike): words are read without discord.py, which only :mod:`cogs` loads."""
    return _ESCAPED.sub(_escaped, text)


def _escaped(found: re.Match[str]) -> str:
    url = found["url"]
    return url if url else "\\" + found["markdown"]


def bold(name: str) -> str:
    """A player's name in a message: bold, and never read as markdown (names are anyone's)."""
    return f"**{escape_markdown(name)}**"


def notice_line(
    messages: Catalog,
    game: str,
    notice: Notice,
    names: Sequence[str],
    locale: str,
    values: Mapping[str, object],
) -> str:
    """One thing that happened, in words (``<game>.notice.<code>``, or ``seats.notice.<code>``
    for what happens to seats in every game), with its player in bold and its ``values``
    already in words."""
    player = "" if notice.player is None else bold(names[notice.player])
    if notice.code in SEAT_NOTICES:  # the person by the name they sat down with, not "AI for Ana"
        player = bold(str(notice.values["name"]))
        counted = {"counted": bold(str(notice.values["counted"]))} if "counted" in notice.values else {}
        return messages.text(f"seats.notice.{notice.code}", locale, player=player, **counted)
    return messages.text(f"{game}.notice.{notice.code}", locale, player=player, **values)


def seat_names(messages: Catalog, seats: Sequence[Named], locale: str) -> list[str]:
    """What to call each seat: a human by their name, an AI by number and level ("AI 2 (hard)")."""
    names = []
    ai_number = 0
    for seat in seats:
        if seat.ai_level is None:
            names.append(seat.name)
        else:
            ai_number += 1
            level = messages.text(f"ai.level.{seat.ai_level}", locale)
            names.append(messages.text("lobby.ai_name", locale, number=ai_number, level=level))
    return names


def catalogue_words(messages: Catalog, language: str, words: type[W], prefix: str, /, **given: Any) -> W:
    """A dataclass of words (a picture's ``Labels``) in ``language``: each field from the key
    ``<prefix>.<field>``, except the fields ``given`` (words the catalogue keeps elsewhere) and
    a ``language`` field, which gets ``language``: the picture formats its counted words (plural
    forms, numbers) by that language's rules."""
    if any(field.name == "language" for field in dataclasses.fields(words)):
        given = {"language": language, **given}
    found = {
        field.name: messages.text(f"{prefix}.{field.name}", language)
        for field in dataclasses.fields(words)
        if field.name not in given
    }
    return words(**found, **given)


def picture_labels(messages: Catalog, language: str, labels: type[W], game: str) -> W:
    """The words on a game's pictures in one language (``<game>.picture.<field>``), made once."""
    return cast(W, _picture_labels(messages, language, labels, game))


@cache
def _picture_labels(messages: Catalog, language: str, labels: type[Any], game: str) -> object:
    return catalogue_words(messages, language, labels, f"{game}.picture")


class GameWords(Protocol):
    """What every game's words module (``words/<game>.py``) says, declared once: each game's
    :class:`~cogs.kinds.GameKind` is given its module as this, so mypy holds every game's words to
    one signature. ``NOTICE_CODES`` and ``CALLOUT_CODES`` name every notice and callout it gives
    (``<game>.notice.<code>``, ``<game>.call.<code>``, checked in every language); ``notices_for``
    says what the channel hears of a move's events (``state`` as they left it); ``notice_text``
    words a notice with the seats' names; ``labels_for`` gives the words on its pictures."""

    @property
    def NOTICE_CODES(self) -> frozenset[str]: ...

    @property
    def CALLOUT_CODES(self) -> frozenset[str]: ...

    def notices_for(self, state: Any, events: Sequence[Any], /) -> list[Notice]: ...

    def notice_text(self, messages: Catalog, notice: Notice, names: Sequence[str], locale: str, /) -> str: ...

    def labels_for(self, messages: Catalog, locale: str, /) -> Any: ...
