"""The Discord side of a simple turn-by-turn game (:mod:`tables.turn_by_turn`), written once.

Its public message says where the game is (the game's ``status_text``) under its picture; its
results say it again with the winner; a player's panel shows the same and, on their turn, one
menu of the moves they may make (each in the game's words, ``move_text``). A menu's option names a
move by its place among the seat's legal moves at the panel's stamp, so a menu drawn before the
game moved on is refused as stale. A game of this kind declares its :class:`GameKind` with
:func:`turn_by_turn_kind`, giving its words and its table picture.
"""

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import discord

from cogs.actions import REFRESH
from cogs.components import GREY, Choice
from cogs.drafts import Draft, Picture
from cogs.ids import numbers
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec, Playing, Results
from cogs.message_parts import names_of
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.phases import Phase
from tables.turn_by_turn import TurnByTurn
from words.common import GameWords

T = TypeVar("T", bound=TurnByTurn[Any, Any])

MOVE = "move"
"""A panel's move: ``<stamp>.<n>``, the seat's ``n``-th legal move at the stamp."""


class TurnWords(GameWords, Protocol):
    """What a turn-by-turn game's words module (``words/<game>.py``) says besides every game's:
    where the game is, and a move."""

    def status_text(self, messages: Catalog, state: Any, names: Sequence[str], locale: str, /) -> str: ...

    def move_text(self, messages: Catalog, move: Any, names: Sequence[str], locale: str, /) -> str: ...


def turn_by_turn_kind(
    table_class: type[T],
    *,
    words: TurnWords,
    picture: Callable[[Catalog, T, str], Picture],
    colour: discord.Colour,
    legacy_prefix: str | None = None,
) -> GameKind[T]:
    """The :class:`GameKind` of a turn-by-turn game: its words (``words``), its table picture
    in a locale (``picture``) and the colour of its messages."""
    game = table_class.game

    def playing(messages: Catalog, table: T) -> Playing:
        names = names_of(messages, table, table.locale)
        title = messages.text(f"{game}.table.title", table.locale, number=table.game_number())
        return Playing(title, words.status_text(messages, table.require_state(), names, table.locale))

    def results(messages: Catalog, table: T) -> Results:
        names = names_of(messages, table, table.locale)
        title = messages.text(f"{game}.results.title", table.locale, number=table.game_number())
        lines = [words.status_text(messages, table.require_state(), names, table.locale)]
        return Results(title, lines, picture(messages, table, table.locale))

    async def panel(request: PanelRequest[T]) -> Draft:
        """Where the game is and, on the player's own turn, one menu of the moves they may make."""
        table, seat, names = request.table, request.seat, request.names()
        state = table.require_state()
        lines = [words.status_text(request.messages, state, names, request.locale), *request.noted()]
        view = discord.ui.View(timeout=None)
        legal = state.legal_actions(seat) if table.phase is Phase.PLAYING else []
        if legal:
            options = [
                Choice(words.move_text(request.messages, move, names, request.locale), str(number))
                for number, move in enumerate(legal)
            ]
            menu = request.controls.choices(
                MOVE, table.stamp(), request.text(f"{game}.panel.choose"), options, 0
            )
            view.add_item(menu)
        refresh = request.text(f"{game}.panel.refresh")
        view.add_item(request.controls.button(REFRESH, "", refresh, GREY, 1))
        title = request.text(f"{game}.panel.title")
        return await request.draft(title, lines, view, picture(request.messages, table, request.locale))

    async def move(request: MoveRequest[T]) -> Moved:
        """The move chosen in the menu, made if the game is still where the panel showed it."""
        stamp, _, chosen = request.arg.rpartition(".")
        (number,) = numbers(chosen, 1)
        table = request.table
        if stamp != table.stamp():
            raise IllegalAction(Reason.STALE, "the game moved on")
        legal = table.require_state().legal_actions(request.seat)
        if number >= len(legal):
            raise IllegalAction(Reason.STALE, "no such move")
        await table.press(request.user, stamp, legal[number])
        return Moved()

    return GameKind(
        table_class=table_class,
        playing=playing,
        picture=lambda messages, table: picture(messages, table, table.locale),
        results=results,
        panel=PanelSpec("hand", frozenset({MOVE}), panel, move),
        words=words,
        colour=colour,
        legacy_prefix=legacy_prefix,
    )
