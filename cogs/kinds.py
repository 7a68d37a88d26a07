"""How one game's tables meet Discord: a :class:`GameKind`, declared once in ``cogs/<game>.py``.

Everything every game does on Discord is done once, in :mod:`cogs.seated`: ``/<game> start``
and its lobby, the public message in each phase, the private panel (opened from the table
message, redrawn in the reply to each press and whenever the table changes), the buttons between
games (next game, end with a confirmation), callouts and pings. A game fills in the hooks that
are its own: the public message while it plays and after a game, how its panel looks and what its
panel's buttons do, and the few buttons or menus it has beyond those. Each hook is typed by the
game's own table class.
"""

from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import discord

from cogs.actions import CHOOSE, REFRESH
from cogs.client import GameNightBot
from cogs.components import GREY, Controls
from cogs.drafts import Draft, Picture
from cogs.ids import numbers
from cogs.layout import Words
from cogs.lobby import LobbyChoices
from cogs.message_parts import names_of
from engine.errors import IllegalAction, Reason
from engine.games import game_of
from locales import Catalog
from tables.seated import SeatedTable
from words.common import GameWords, Notice

T = TypeVar("T", bound=SeatedTable[Any, Any])


@dataclass(frozen=True, slots=True)
class PanelRequest(Generic[T]):
    """A private panel to draw: ``seat``'s at ``table``, in ``locale``, with the table's
    ``controls``; keeping what its player was choosing (``kept``, see :class:`Moved`) if it still
    holds, and with an optional ``note`` (what their press did, or why not)."""

    messages: Catalog
    table: T
    seat: int
    locale: str
    controls: Controls
    colour: discord.Colour
    kept: str = ""
    note: str | None = None

    def text(self, key: str, /, **values: object) -> str:
        """The catalogue's message ``key`` in the panel's language."""
        return self.messages.text(key, self.locale, **values)

    def names(self) -> list[str]:
        """What the panel calls each seat (see :func:`cogs.message_parts.names_of`)."""
        return names_of(self.messages, self.table, self.locale)

    async def draft(
        self,
        title: str,
        lines: Sequence[str],
        buttons: discord.ui.View | None,
        picture: Picture,
        live: str | None = None,
    ) -> Draft:
        """The panel: its ``title`` and ``lines``, its ``buttons`` and ``picture``, and a ``live``
        line while the panel asks its player something between games."""
        return await picture.draft(Words(title, "\n".join(lines), self.colour, live=live), buttons)

    def choosing(self) -> discord.ui.View:
        """A panel's buttons while the next game's option is chosen: on its chooser's panel the
        values (``<game>.results.choice``; the chooser picks there, not on the public message,
        where everyone else's press would only be refused), on everyone's Refresh."""
        table, button = self.table, self.controls.button
        view = discord.ui.View(timeout=None)
        if (choice := table.next_choice()) is not None and choice.seat == self.seat:
            for value in choice.values:
                label = self.text(f"{table.game}.results.choice", value=value)
                view.add_item(
                    button(CHOOSE, f"{table.game_number()}.{value}", label, discord.ButtonStyle.primary, 0)
                )
        view.add_item(button(REFRESH, "", self.text(f"{table.game}.panel.refresh"), GREY, 1))
        return view

    def noted(self) -> list[str]:
        """The panel's note (what the player's press did, or why not) as its quoted line, if any."""
        return [f"> {self.note}"] if self.note else []


@dataclass(frozen=True, slots=True)
class MoveRequest(Generic[T]):
    """A press on a private panel: ``user`` (at ``seat``) pressed ``action`` with ``arg``."""

    messages: Catalog
    table: T
    user: int
    seat: int
    action: str
    arg: str
    locale: str

    def text(self, key: str, /, **values: object) -> str:
        """The catalogue's message ``key`` in the presser's language."""
        return self.messages.text(key, self.locale, **values)

    def told(
        self, notices: Iterable[Notice], said: Callable[[Catalog, Notice, Sequence[str], str], str]
    ) -> "Moved":
        """The press came to ``notices``, told on its panel in the player's language (``said``
        words one); none: no note."""
        names = names_of(self.messages, self.table, self.locale)
        return Moved(" ".join(said(self.messages, notice, names, self.locale) for notice in notices) or None)


async def chosen(request: MoveRequest[Any]) -> "Moved":
    """The next game's option chosen on its chooser's panel (:data:`CHOOSE`), if the button is
    of the game whose results show."""
    number, value = numbers(request.arg, 2)
    if number != request.table.game_number():
        raise IllegalAction(Reason.STALE, "a button of an earlier game")
    await request.table.choose(request.user, value)
    return Moved()


@dataclass(frozen=True, slots=True)
class Moved:
    """What a press on a panel came to: a ``note`` for the panel (what happened, or why not),
    and what the player is in the middle of choosing (``kept``: the press's argument, which the
    game's panel reads back while it still holds)."""

    note: str | None = None
    kept: str = ""


@dataclass(frozen=True)
class PanelSpec(Generic[T]):
    """A game's private panel."""

    opener: str
    """The action of the table message's button that opens it ("My line", "My hand")."""
    actions: frozenset[str]
    """The actions of its own buttons and menus (Refresh is everyone's)."""
    draw: Callable[[PanelRequest[T]], Awaitable[Draft]]
    """The panel as the table is now."""
    move: Callable[[MoveRequest[T]], Awaitable[Moved]]
    """Do what a panel button says; a refusal raises :class:`IllegalAction`."""
    refused: Callable[[MoveRequest[T], IllegalAction], str] | None = None
    """A refusal in the game's own words, where the shared ones (``reason.<code>``) would not
    say enough."""
    keeps: Callable[[T, int, str], None] | None = None
    """For a panel whose player chooses in several presses (:attr:`Moved.kept`): raises
    :class:`IllegalAction` once what a seat was choosing no longer holds, and the panel is
    drawn afresh."""


@dataclass(frozen=True, slots=True)
class Playing:
    """What a game's public message says while a game is played; the shared pieces add what
    happened, whom the table waits for, the panel's button and the picture (:attr:`GameKind.picture`)."""

    title: str
    status: str
    """Where the game is (whose move, what it waits for)."""
    players: Sequence[str] = ()
    """A line per seat, if the game says more of each than its picture does."""


@dataclass(frozen=True, slots=True)
class Results:
    """What a game's public message says after a game, while the next one's options are chosen,
    and at the end; the shared pieces add why the table ended, what every game's results say
    (:func:`cogs.message_parts.ending_lines`), what happened and the buttons between games."""

    title: str
    lines: Sequence[str]
    picture: Picture | None = None
    """The finished game; None when the table ended before it did."""
    fields: Sequence[tuple[str, str]] = ()
    """Named fields (a match's standings), each a name and its lines."""
    live: str | None = None
    """Whom the next game waits for, while a player chooses its options on their panel."""


@dataclass(frozen=True, kw_only=True)
class GameKind(Generic[T]):
    """How one game's tables meet Discord (see the module's note), declared by keyword."""

    table_class: type[T]
    playing: Callable[[Catalog, T], Playing]
    """The public message while a game is played."""
    picture: Callable[[Catalog, T], Picture]
    """Its picture, as the channel sees the running game (a replay draws it at every step)."""
    results: Callable[[Catalog, T], Results]
    """The public message after a game, while the next one's options are chosen, and at the end."""
    panel: PanelSpec[T]
    words: GameWords
    """Its words module, ``words/<game>.py``: its notices and callouts, the words on its pictures."""
    colour: discord.Colour
    """The colour of the game's messages."""
    lobby_choices: Callable[[Catalog, T, Controls, str], LobbyChoices] | None = None
    """The game's own choices in its lobby (its options), in the table's locale."""
    callout: Callable[[Catalog, T, Notice], str] | None = None
    """A callout of the table in words, mentioning its player (games that call players out):
    what the message that calls its player says (see :mod:`tables.attention`)."""
    other: (
        Callable[[GameNightBot, discord.Interaction, T, str, str, Sequence[str] | None], Awaitable[None]]
        | None
    ) = None
    """The game's buttons and menus beyond the lobby's, the panel's and those between games:
    (bot, interaction, table, action, arg, values chosen in a menu or None)."""
    legacy_prefix: str | None = None
    """The two letters its components' custom ids began with before they named the game: the
    buttons of messages posted then are still answered."""

    @property
    def name(self) -> str:
        return self.table_class.game

    @property
    def said(self) -> Callable[[Catalog, Notice, Sequence[str], str], str]:
        """A notice in words, given the seats' names and a locale: what happened, on the table
        message, and in a call's message once its wait is over."""
        return self.words.notice_text

    @property
    def prefix(self) -> str:
        """What its components' custom ids begin with: the game's name."""
        return self.name

    def controls(self, table: SeatedTable[Any, Any]) -> Controls:
        """The component factories of ``table``'s messages."""
        return Controls(self.prefix, table.table_id)

    def text_keys(self) -> list[str]:
        """Every catalogue key the bot's shared pieces read for this game, which its catalogue
        file must hold in every language (tests/test_games_registry.py checks them): its name in
        the lists of games, its command, its rules' title and summary (``/rules`` shows both), its
        notices and callouts, its results' buttons, its replay's "next turn" (or deal), and per
        name it is recorded under (a variant's too) its name in leagues and stats, its standings'
        measure and, for a scored game, its average. The codes of its notices and callouts are
        declared beside the words that give them: ``NOTICE_CODES`` and ``CALLOUT_CODES`` in
        ``words/<game>.py``."""
        name = self.name
        keys = [f"games.{name}", f"rules.{name}.title", f"rules.{name}.summary"]
        keys += [f"{name}.table.recent", f"{name}.results.expired"]
        keys += [f"{name}.table.panel", f"{name}.panel.refresh"]
        keys.append(f"{name}.replay.next")
        keys += [
            f"{name}.{key}"
            for key in ("command_name", "command_description", "start_name", "start_description")
        ]
        keys += [f"{name}.notice.{code}" for code in sorted(self.words.NOTICE_CODES)]
        keys += [f"{name}.call.{code}" for code in sorted(self.words.CALLOUT_CODES)]
        if self.table_class.plays_series:
            keys += [f"{name}.results.next", f"{name}.results.end"]
        for option, values in self.table_class.lobby_choices.items():
            keys += [
                f"{name}.option.{option}",
                *(f"{name}.option_value.{option}.{value}" for value in values),
            ]
        if self.table_class.next_choice is not SeatedTable.next_choice:
            keys.append(f"{name}.results.choice")
        game = game_of(name)
        for recorded in game.recorded_as:
            keys += [
                f"league.game.{recorded}",
                f"league.measure.{recorded}",
                f"league.measure_hint.{recorded}",
            ]
            if game.measure.column == "score":
                keys.append(f"stats.average_of.{recorded}")
        return keys


INSTALLED: dict[str, GameKind[Any]] = {}
"""The games this process plays, by the prefixes their components' custom ids may carry (the
game's name, and the letters of messages posted before)."""


def install_kind(kind: GameKind[Any]) -> None:
    """Answer ``kind``'s components from now on."""
    INSTALLED[kind.prefix] = kind
    if kind.legacy_prefix is not None:
        INSTALLED[kind.legacy_prefix] = kind


def kind_named(game: str) -> GameKind[Any]:
    """The installed kind of a game (by its name; a variant's name is its game's)."""
    return INSTALLED[game_of(game).name]
