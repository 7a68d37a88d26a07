"""``/topoum start`` and every Topoum button and menu: the Discord side of :mod:`tables.topoum`.

Thin on purpose: a click becomes a table request, the table decides, and the answer is a message
drawn by :mod:`cogs.topoum_messages`. The lobby's seats and the public message are the shared
ones of :mod:`cogs.seated`; here are the lobby's battle deck, and the private panel, which is
redrawn in the reply to each click (a new panel only from the table message's button).

A panel component's argument is ``<stamp>.<i>.<j>...``: the moment it was drawn at and the
player's choices so far (a disabled ransom's is ``<stamp>-<captor>``, never a path). A component
from an older moment,
or pressed out of turn, redraws the panel as it is now with a note saying why nothing happened.
"""

import contextlib
from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.live_panels import LiveDraft
from cogs.seated import GameKind, SelectFactory, buttons_for, league_turn_timer, open_lobby, register
from cogs.tables import Draft, refusal_text, tell_privately
from cogs.topoum_messages import PREFIX, bad_deck_text, bold, names_of, panel_draft, public_draft, steps_text
from engine.errors import IllegalAction, Reason
from tables.topoum import BadDeck, TopoumTable

PANEL_ACTIONS = frozenset({"view", "step", "go"})
"""The buttons of a private panel: redraw, choose (or go back), play."""


def parse_path(arg: str) -> tuple[str, tuple[int, ...]]:
    """A panel component's argument as (stamp, path); ``IllegalAction(STALE)`` if it is not one
    (a disabled ransom's, say)."""
    stamp, *choices = arg.split(".")
    if not stamp.isalnum() or not all(choice.isdigit() for choice in choices):
        raise IllegalAction(Reason.STALE, "malformed component")
    return stamp, tuple(int(choice) for choice in choices)


async def press(
    bot: GameNightBot, interaction: discord.Interaction, table: TopoumTable, action: str, arg: str
) -> None:
    """A Topoum button other than the lobby's shared ones."""
    if action == "hand":
        await open_panel(bot, interaction, table)
    elif action in PANEL_ACTIONS:
        await press_panel(bot, interaction, table, action, arg)
    elif action == "random":
        await table.choose_deck(interaction.user.id, None)
        await interaction.response.defer()
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")


async def choose(
    bot: GameNightBot,
    interaction: discord.Interaction,
    table: TopoumTable,
    action: str,
    arg: str,
    values: Sequence[str],
) -> None:
    """A Topoum select menu: the lobby's battle deck, or a choice on a panel's menu."""
    if action == "deck":
        try:
            await table.choose_deck(interaction.user.id, values)
        except BadDeck as bad:
            await tell_privately(interaction, bad_deck_text(bot.messages, bad, private_locale(interaction)))
            return
        await interaction.response.defer()
    elif action == "pick" and len(values) == 1 and values[0].isdigit():
        await press_panel(bot, interaction, table, "step", f"{arg}.{values[0]}")
    else:
        raise IllegalAction(Reason.STALE, f"unknown menu {action!r}")


async def open_panel(bot: GameNightBot, interaction: discord.Interaction, table: TopoumTable) -> None:
    """The table message's button: the player's private panel, as a reply only they see."""
    seat = table.require_seat(interaction.user.id)
    table.require_playing()
    locale = private_locale(interaction)
    live = live_panel(bot, table, seat, locale)
    await bot.panels.show(interaction, table, live(None), live, locale)


def live_panel(bot: GameNightBot, table: TopoumTable, seat: int, locale: str, chose: str = "") -> LiveDraft:
    """The panel as the table is now, keeping the menu choices made so far (``<stamp>.<path>``,
    as the player left them) while the turn is where they made them."""

    async def draw(note: str | None) -> Draft:
        path: tuple[int, ...] = ()
        if chose:
            with contextlib.suppress(IllegalAction):
                stamp, chosen = parse_path(chose)
                table.menu(seat, stamp, chosen)
                path = chosen
        button, select = buttons_for(TOPOUM, table.table_id), SelectFactory(PREFIX, table.table_id)
        return await panel_draft(bot.messages, table, seat, locale, button, select, path=path, note=note)

    return draw


async def press_panel(
    bot: GameNightBot, interaction: discord.Interaction, table: TopoumTable, action: str, arg: str
) -> None:
    """A component of a private panel: follow the choice or play the step, then redraw the panel.
    Whatever is refused is said on the panel, redrawn as the table is now."""
    locale = private_locale(interaction)
    seat = table.require_seat(interaction.user.id)
    messages = bot.messages
    names = names_of(messages, table, locale)
    path: tuple[int, ...] = ()
    note: str | None = None
    try:
        if action != "view":
            stamp, chosen = parse_path(arg)
            if action == "go":
                before = table.menu(seat, stamp, chosen).chosen
                await table.play(interaction.user.id, stamp, chosen)
                note = messages.text(
                    "topoum.panel.note_done", locale, steps=steps_text(messages, before, names, locale)
                )
            else:
                table.menu(seat, stamp, chosen)
                path = chosen
    except IllegalAction as error:
        path = ()
        note = refused_note(bot, table, error, locale)
    button, select = buttons_for(TOPOUM, table.table_id), SelectFactory(PREFIX, table.table_id)
    draft = panel_draft(messages, table, seat, locale, button, select, path=path, note=note)
    live = live_panel(bot, table, seat, locale, chose=arg if path else "")
    await bot.panels.show(interaction, table, draft, live, locale, note)


def refused_note(bot: GameNightBot, table: TopoumTable, error: IllegalAction, locale: str) -> str:
    """Why a panel's component did nothing: out of turn (and who is playing), out of date, or
    the engine's reason."""
    messages = bot.messages
    if error.reason is Reason.NOT_YOUR_TURN and table.state is not None:
        name = bold(names_of(messages, table, locale)[table.state.current])
        return messages.text("topoum.panel.note_turn", locale, name=name)
    if error.reason is Reason.STALE:
        return messages.text("topoum.panel.note_stale", locale)
    return refusal_text(messages, error, locale)


# -- the command -----------------------------------------------------------------------------------


class Topoum(commands.Cog):
    topoum = app_commands.Group(
        name=command_text("topoum.command_name"),
        description=command_text("topoum.command_description"),
        guild_only=True,
    )

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @topoum.command(
        name=command_text("topoum.start_name"), description=command_text("topoum.start_description")
    )
    async def start(self, interaction: discord.Interaction) -> None:
        """Open a lobby in this channel, with whoever ran the command as host in the first seat."""
        await open_lobby(self.bot, TOPOUM, interaction)


TOPOUM = GameKind(
    PREFIX, TopoumTable, public_draft, press, prepare=league_turn_timer("topoum"), choose=choose
)


async def setup(bot: GameNightBot) -> None:
    register(bot, TOPOUM)
    await bot.add_cog(Topoum(bot))
