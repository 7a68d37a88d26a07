"""``/spit start`` and every Spit or Speed button: the Discord side of :mod:`tables.spit`.

Thin on purpose: a click becomes a table request, the table decides, and the answer is a message
drawn by :mod:`cogs.spit_messages`. The buttons, the lobby (with the variant and its options) and
the public message are the shared ones of :mod:`cogs.seated`; here are the private panel, whose
every button is one move and is redrawn in the reply to each click, and the choice between
matches. Button arguments start with the panel's stamp (see :mod:`tables.spit`).
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.live_panels import LiveDraft
from cogs.seated import GameKind, buttons_for, open_lobby, register
from cogs.spit_messages import panel_draft, public_draft, refusal_note
from cogs.tables import Draft
from engine.errors import IllegalAction, Reason
from engine.spit.cards import ALL_CARDS
from tables.spit import Move, Press, SpitTable

MOVES = frozenset(Move)


async def press(
    bot: GameNightBot, interaction: discord.Interaction, table: SpitTable, action: str, arg: str
) -> None:
    """A Spit button other than the lobby's: My cards, a panel button, or a choice between matches."""
    if action == "cards":
        await open_panel(bot, interaction, table)
    elif action == "refresh" or action in MOVES:
        await press_panel(bot, interaction, table, action, arg)
    else:
        await press_between_matches(interaction, table, action, arg)


async def open_panel(bot: GameNightBot, interaction: discord.Interaction, table: SpitTable) -> None:
    """The "My cards" button: the player's private panel, as a reply only they see."""
    seat = table.require_seat(interaction.user.id)
    table.require_playing()
    locale = private_locale(interaction)
    live = live_panel(bot, table, seat, locale)
    await bot.panels.show(interaction, table, live(None), live, locale)


def live_panel(bot: GameNightBot, table: SpitTable, seat: int, locale: str) -> LiveDraft:
    """The panel as the table is now."""

    async def draw(note: str | None) -> Draft:
        return await panel_draft(
            bot.messages, table, seat, locale, buttons_for(SPIT, table.table_id), note=note
        )

    return draw


def parse_press(action: str, arg: str) -> Press:
    """A move button's argument: the stamp, then the numbers the move needs (a stock pile, a
    centre pile or space, a card's code), separated by dots."""
    stamp, *fields = arg.split(".")
    if not all(field.isdigit() for field in fields):
        raise IllegalAction(Reason.STALE, "malformed button")
    numbers = [int(field) for field in fields]
    move = Move(action)
    try:
        if move in (Move.PLAY, Move.MOVE):
            pile, target = numbers
            return Press(move, stamp, pile=pile, target=target)
        if move is Move.TURN:
            [pile] = numbers
            return Press(move, stamp, pile=pile)
        if move in (Move.SPIT, Move.SLAP):
            [target] = numbers
            return Press(move, stamp, target=target)
        if move is Move.HAND:
            code, target = numbers
            return Press(move, stamp, card=ALL_CARDS[code], target=target)
        if not numbers:
            return Press(move, stamp)
    except (ValueError, IndexError):
        pass
    raise IllegalAction(Reason.STALE, "malformed button")


async def press_panel(
    bot: GameNightBot, interaction: discord.Interaction, table: SpitTable, action: str, arg: str
) -> None:
    """A button on a private panel: make the move, then redraw the panel with what came of it.
    A refused move is said on the panel itself, and nothing changed."""
    locale = private_locale(interaction)
    seat = table.require_seat(interaction.user.id)
    note = None
    if action != "refresh":
        try:
            await table.press(interaction.user.id, parse_press(action, arg))
        except IllegalAction as error:
            note = refusal_note(bot.messages, table, Move(action), error, locale)
    live = live_panel(bot, table, seat, locale)
    await bot.panels.show(interaction, table, live(note), live, locale, note)


async def press_between_matches(
    interaction: discord.Interaction, table: SpitTable, action: str, arg: str
) -> None:
    """Rematch or end the series; the argument is the number of the match the button was drawn
    after, so a button from an older match is stale."""
    if not arg.isdigit():
        raise IllegalAction(Reason.STALE, "malformed button")
    user = interaction.user.id
    if action == "next":
        await table.rematch(user, int(arg))
    elif action == "end":
        await table.end_series(user, int(arg))
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")
    await interaction.response.defer()


# -- the command -----------------------------------------------------------------------------------


class SpitCog(commands.Cog, name="Spit"):
    spit = app_commands.Group(
        name=command_text("spit.command_name"),
        description=command_text("spit.command_description"),
        guild_only=True,
    )

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @spit.command(name=command_text("spit.start_name"), description=command_text("spit.start_description"))
    async def start(self, interaction: discord.Interaction) -> None:
        """Open a lobby in this channel, with whoever ran the command as host in the first seat."""
        await open_lobby(self.bot, SPIT, interaction)


SPIT = GameKind("sp", SpitTable, public_draft, press)


async def setup(bot: GameNightBot) -> None:
    register(bot, SPIT)
    await bot.add_cog(SpitCog(bot))
