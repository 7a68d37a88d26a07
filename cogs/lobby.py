"""The lobby message every game shares: seats, Join, Leave, AI seats at a level, Start, and a
game's own options.

A game's cog passes a button factory that makes its own ``DynamicItem`` (with its own custom id
prefix), so the lobby's buttons reach that game's table; everything else (the words, the layout,
what each press does) is here once for all games. A game's own choices come as one
:class:`LobbyChoices`: fields under the seats and components under the lobby's own buttons. Most
are simple options (Spit or Speed, how many piles...): :func:`option_buttons` makes those, one
button per option that says its value and sets the next one on the table. A choice buttons do not
fit (Topoum's battle deck, seven card types of many) brings its own menu, which the game's cog
answers.
"""

from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, Protocol

import discord

from cogs.actions import ADD_AI, JOIN, LEAVE, OPTION, REMOVE_AI, START
from cogs.answers import Acknowledge, acknowledged, in_time
from cogs.components import PER_ROW, ButtonFactory, Controls
from cogs.drafts import Draft
from cogs.layout import Words
from cogs.threads import add_to_thread
from locales import Catalog
from tables.lobby import Lobby
from tables.seated import SeatedTable
from words.common import seat_names

P = ParamSpec("P")

LOBBY_COLOUR = discord.Colour.blurple()
OPTION_ROWS = (2, 3, 4)
"""The rows left for a game's options under the lobby's own two."""


@dataclass(frozen=True, slots=True)
class LobbyOption:
    """One of a game's own options as a lobby button: ``label`` says the option and its value now
    ("Stock piles: 5"); a press sets option ``name`` to ``value`` (the next one), so a press made
    twice from the same message sets the same value twice and changes nothing more."""

    name: str
    value: str
    label: str


class LobbyTable(Protocol):
    """What the lobby buttons need of a table."""

    lobby: Lobby

    @property
    def thread_id(self) -> int | None:
        """The thread its games will be played in, if any."""
        ...

    @property
    def lobby_choices(self) -> Mapping[str, Sequence[str]]: ...

    async def in_lobby(
        self, request: Callable[Concatenate[Lobby, P], None], *args: P.args, **kwargs: P.kwargs
    ) -> None: ...

    async def start(self, user_id: int) -> None: ...


@dataclass(frozen=True)
class LobbyChoices:
    """A game's own lobby choices: ``fields`` (name, value) shown under the seats, and ``items``
    (buttons or select menus on rows 2 to 4) that change them."""

    fields: Sequence[tuple[str, str]] = ()
    items: Sequence[discord.ui.Item[Any]] = ()


def cycling_options(
    table: SeatedTable[Any, Any], names: Sequence[str], label: Callable[[str, str], str]
) -> list[LobbyOption]:
    """The table's options ``names`` as lobby buttons: each says its value now (``label(name,
    value)``) and moves its option to the next of the game's values, round to the first."""
    options = []
    for name in names:
        values, value = table.lobby_choices[name], table.option(name)
        options.append(LobbyOption(name, values[(values.index(value) + 1) % len(values)], label(name, value)))
    return options


def option_buttons(
    messages: Catalog, options: Sequence[LobbyOption], button: ButtonFactory, locale: str
) -> LobbyChoices:
    """Simple options as lobby choices: a field listing them, and a button each that moves its
    option to the next value (``opt`` presses, answered by the lobby itself)."""
    if len(options) > len(OPTION_ROWS) * PER_ROW:
        raise ValueError(f"{len(options)} lobby options do not fit {len(OPTION_ROWS)} rows of buttons")
    if not options:
        return LobbyChoices()
    field = (messages.text("lobby.options", locale), "\n".join(option.label for option in options))
    items = [
        button(
            OPTION,
            f"{option.name}.{option.value}",
            option.label,
            discord.ButtonStyle.secondary,
            OPTION_ROWS[index // PER_ROW],
        )
        for index, option in enumerate(options)
    ]
    return LobbyChoices(fields=[field], items=items)


def option_choices(
    messages: Catalog, table: SeatedTable[Any, Any], controls: Controls, locale: str
) -> LobbyChoices:
    """A game's options (its table's ``lobby_choices``, those ``shown_options`` shows now) as
    buttons that move through their values, each saying ``<game>.option.<name>`` with its value
    in words (``<game>.option_value.<name>.<value>``)."""

    def label(name: str, value: str) -> str:
        words = messages.text(f"{table.game}.option_value.{name}.{value}", locale)
        return messages.text(f"{table.game}.option.{name}", locale, value=words)

    return option_buttons(
        messages, cycling_options(table, table.shown_options(), label), controls.button, locale
    )


def lobby_draft(
    messages: Catalog,
    lobby: Lobby,
    *,
    game: str,
    levels: Sequence[str],
    locale: str,
    button: ButtonFactory,
    choices: LobbyChoices = LobbyChoices(),
    where: str | None = None,
) -> Draft:
    """The open lobby: who sits where, the game's own choices (if it has any), and the buttons to
    change them; ``where`` the games will be played, when that needs saying (its thread, or why
    not in one)."""
    text = messages.text
    host = f"<@{lobby.host_id}>"
    if lobby.min_seats == lobby.max_seats:
        description = text("lobby.description_exact", locale, host=host, seats=lobby.max_seats)
    else:
        description = text("lobby.description", locale, host=host, low=lobby.min_seats, high=lobby.max_seats)
    if where is not None:
        description = f"{description}\n{where}"
    words = Words(
        title=text("lobby.title", locale, game=text(f"games.{game}", locale)),
        description=description,
        colour=LOBBY_COLOUR,
    )
    names = seat_names(messages, lobby.seats, locale)
    seats = "\n".join(f"{number}. {name}" for number, name in enumerate(names, start=1))
    words.add_field(
        name=text("lobby.seats", locale, taken=len(lobby.seats), high=lobby.max_seats),
        value=seats or text("lobby.empty", locale),
    )
    for name, value in choices.fields:
        words.add_field(name=name, value=value)
    view = discord.ui.View(timeout=None)
    view.add_item(button(JOIN, "", text("lobby.join", locale), discord.ButtonStyle.success, 0))
    view.add_item(button(LEAVE, "", text("lobby.leave", locale), discord.ButtonStyle.secondary, 0))
    view.add_item(button(START, "", text("lobby.start", locale), discord.ButtonStyle.primary, 0))
    for level in levels:
        label = text("lobby.add_ai", locale, level=text(f"ai.level.{level}", locale))
        view.add_item(button(ADD_AI, level, label, discord.ButtonStyle.secondary, 1))
    view.add_item(button(REMOVE_AI, "", text("lobby.remove_ai", locale), discord.ButtonStyle.secondary, 1))
    for item in choices.items:
        view.add_item(item)
    return Draft(words, view)


def closed_lobby_draft(
    messages: Catalog, *, game: str, minutes: int, locale: str, everyone_left: bool = False
) -> Draft:
    """A lobby that closed because nobody used it, or everyone left it: says so, and has no
    buttons left."""
    text = messages.text
    said = (
        text("lobby.closed_empty", locale) if everyone_left else text("lobby.closed", locale, minutes=minutes)
    )
    words = Words(
        title=text("lobby.title", locale, game=text(f"games.{game}", locale)),
        description=said,
        colour=discord.Colour.dark_grey(),
    )
    return Draft(words)


async def press_lobby(interaction: discord.Interaction, table: LobbyTable, action: str, arg: str) -> None:
    """Do what a lobby button says, acknowledged in time; the table's publisher redraws the
    lobby for everyone.

    Refusals (``IllegalAction``, ``Refused``) propagate to the game's cog, which words them.
    """
    user = interaction.user
    name, _, value = arg.partition(".")
    requests: dict[str, Callable[[], Coroutine[Any, Any, None]]] = {
        JOIN: lambda: table.in_lobby(Lobby.join, user.id, user.display_name),
        LEAVE: lambda: table.in_lobby(Lobby.leave, user.id),
        ADD_AI: lambda: table.in_lobby(Lobby.add_ai, user.id, arg),
        REMOVE_AI: lambda: table.in_lobby(Lobby.remove_ai, user.id),
        OPTION: lambda: table.in_lobby(Lobby.choose, user.id, name, value, table.lobby_choices),
        START: lambda: table.start(user.id),
    }
    await in_time(interaction, requests[action](), Acknowledge.KEEP)
    await acknowledged(interaction)
    if action == JOIN and table.thread_id is not None:  # the thread shows in their list
        await add_to_thread(interaction.client, table.thread_id, [user.id])
