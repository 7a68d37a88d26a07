"""``/topoum start`` and every Topoum button and menu: the Discord side of :mod:`tables.topoum`.

The lobby's seats, the public message and the panel's flow are the shared ones
(:mod:`cogs.seated`); here are the lobby's battle deck and what the panel's components do. A
panel component's argument is the moment it was drawn at and the player's choices so far
(:mod:`cogs.topoum_ids` writes and reads it). ``step`` follows a choice (or goes back), a menu's
``pick`` is a step to its chosen option, ``go`` plays a whole step, ``view`` redraws. A
component from an older moment, or pressed out of turn, redraws the panel as it is now with a
note saying why nothing happened.
"""

from collections.abc import Sequence

import discord

import words.topoum
from cogs.answers import Acknowledge, acknowledged, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.drafts import Draft, refusal_text
from cogs.i18n import private_locale
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec
from cogs.message_parts import names_of
from cogs.topoum_ids import GO, MOVES, VIEW, read_path
from cogs.topoum_messages import deck_options, over, panel_draft, playing, table_picture
from engine.errors import IllegalAction, Reason
from engine.topoum.cards import BadDeck
from tables.topoum import TopoumTable
from words.common import bold
from words.topoum import bad_deck_text, steps_text

COLOUR = discord.Colour.from_rgb(141, 110, 72)
"""The colour of the game's messages."""


def keeps(table: TopoumTable, seat: int, kept: str) -> None:
    """The choices made so far hold while the turn is where they were made."""
    table.menu(seat, *read_path(kept))


async def panel(request: PanelRequest[TopoumTable]) -> Draft:
    """The panel, with the menu choices made so far (kept while they hold)."""
    return await panel_draft(request, read_path(request.kept)[1] if request.kept else ())


async def move(request: MoveRequest[TopoumTable]) -> Moved:
    """Follow a choice (kept on the panel), or play the whole step it completes."""
    if request.action == VIEW:
        return Moved()
    table, seat = request.table, request.seat
    stamp, chosen = read_path(request.arg)
    if request.action == GO:
        before = table.menu(seat, stamp, chosen).chosen
        await table.play(request.user, stamp, chosen)
        steps = steps_text(
            request.messages, before, names_of(request.messages, table, request.locale), request.locale
        )
        return Moved(request.messages.text("topoum.panel.note_done", request.locale, steps=steps))
    table.menu(seat, stamp, chosen)
    return Moved(kept=request.arg)


def refused(request: MoveRequest[TopoumTable], error: IllegalAction) -> str:
    """Why a panel's component did nothing: out of turn (and who is playing), out of date, or
    the engine's reason."""
    messages, table, locale = request.messages, request.table, request.locale
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
        await in_time(interaction, table.choose_deck(interaction.user.id, None), Acknowledge.KEEP)
    elif action == "deck" and values is not None:
        try:
            await in_time(interaction, table.choose_deck(interaction.user.id, values), Acknowledge.KEEP)
        except BadDeck as bad:
            await tell_privately(
                interaction, bad_deck_text(bot.messages, bad.picked, bad.missing, private_locale(interaction))
            )
            return
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")
    await acknowledged(interaction)


KIND = GameKind(
    table_class=TopoumTable,
    playing=playing,
    picture=table_picture,
    results=over,
    panel=PanelSpec("hand", MOVES, panel, move, refused, keeps),
    words=words.topoum,
    colour=COLOUR,
    lobby_choices=deck_options,
    other=choose_deck,
    legacy_prefix="tm",
)
