"""``/topoum start`` and every Topoum button and menu: the Discord side of :mod:`tables.topoum`.

The lobby's seats, the public message and the panel's flow are the shared ones of
:mod:`cogs.seated`; here are the lobby's battle deck and what the panel's components do. A panel
component's argument is ``<stamp>.<i>.<j>...``: the moment it was drawn at and the player's
choices so far (a disabled ransom's is ``<stamp>-<captor>``, never a path). ``step`` follows a
choice (or goes back), a menu's ``pick`` is a step to its chosen option, ``go`` plays a whole
step, ``view`` redraws. A component from an older moment, or pressed out of turn, redraws the
panel as it is now with a note saying why nothing happened.
"""

import contextlib
from collections.abc import Sequence

import discord

from cogs.client import GameNightBot
from cogs.components import Controls
from cogs.i18n import private_locale
from cogs.kinds import GameKind, Moved, PanelSpec
from cogs.tables import Draft, refusal_text, tell_privately
from cogs.topoum_messages import (
    bad_deck_text,
    deck_options,
    over_draft,
    panel_draft,
    playing_draft,
)
from cogs.words import bold, names_of
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.topoum import BadDeck, TopoumTable
from words.topoum import steps_text

STEP, PICK, GO, VIEW = "step", "pick", "go", "view"


def parse_path(arg: str) -> tuple[str, tuple[int, ...]]:
    """A panel component's argument as (stamp, path); ``IllegalAction(STALE)`` if it is not one
    (a disabled ransom's, say)."""
    stamp, *choices = arg.split(".")
    if not stamp.isalnum() or not all(choice.isdigit() for choice in choices):
        raise IllegalAction(Reason.STALE, "malformed component")
    return stamp, tuple(int(choice) for choice in choices)


async def panel(
    messages: Catalog,
    table: TopoumTable,
    seat: int,
    locale: str,
    controls: Controls,
    *,
    kept: str = "",
    note: str | None = None,
) -> Draft:
    """The panel, with the menu choices made so far while the turn is where they were made."""
    path: tuple[int, ...] = ()
    if kept:
        with contextlib.suppress(IllegalAction):
            stamp, chosen = parse_path(kept)
            table.menu(seat, stamp, chosen)
            path = chosen
    return await panel_draft(
        messages, table, seat, locale, controls.button, controls.select, path=path, note=note
    )


async def move(
    messages: Catalog, table: TopoumTable, user: int, seat: int, action: str, arg: str, locale: str
) -> Moved:
    """Follow a choice (kept on the panel), or play the whole step it completes."""
    if action == VIEW:
        return Moved()
    stamp, chosen = parse_path(arg)
    if action == GO:
        before = table.menu(seat, stamp, chosen).chosen
        await table.play(user, stamp, chosen)
        steps = steps_text(messages, before, names_of(messages, table, locale), locale)
        return Moved(messages.text("topoum.panel.note_done", locale, steps=steps))
    table.menu(seat, stamp, chosen)
    return Moved(kept=arg)


def refused(messages: Catalog, table: TopoumTable, error: IllegalAction, action: str, locale: str) -> str:
    """Why a panel's component did nothing: out of turn (and who is playing), out of date, or
    the engine's reason."""
    if error.reason is Reason.NOT_YOUR_TURN and table.state is not None:
        name = bold(names_of(messages, table, locale)[table.state.current])
        return messages.text("topoum.panel.note_turn", locale, name=name)
    if error.reason is Reason.STALE:
        return messages.text("topoum.panel.note_stale", locale)
    return refusal_text(messages, error, locale)


async def choose_deck(
    bot: GameNightBot,
    interaction: discord.Interaction,
    table: TopoumTable,
    action: str,
    arg: str,
    values: Sequence[str] | None,
) -> None:
    """The lobby's battle deck: the host's pick in its menu, or Random deck."""
    if action == "random" and values is None:
        await table.choose_deck(interaction.user.id, None)
    elif action == "deck" and values is not None:
        try:
            await table.choose_deck(interaction.user.id, values)
        except BadDeck as bad:
            await tell_privately(interaction, bad_deck_text(bot.messages, bad, private_locale(interaction)))
            return
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")
    await interaction.response.defer()


KIND = GameKind(
    "tm",
    TopoumTable,
    playing_draft,
    over_draft,
    PanelSpec("hand", frozenset({STEP, PICK, GO, VIEW}), panel, move, refused),
    lobby_choices=deck_options,
    other=choose_deck,
)
