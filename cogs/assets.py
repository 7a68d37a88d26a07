"""``/assets start`` and every Cover Your Assets button: the Discord side of :mod:`tables.assets`.

Thin on purpose: a click becomes a table request, the table (and through it the engine) decides,
and the answer is a message drawn by :mod:`cogs.assets_messages`. The buttons, the lobby and the
public message are the shared ones of :mod:`cogs.seated`; here are the private panel, redrawn in
the reply to each click, and the buttons between rounds.

A move's custom id argument is ``<stamp>.<cards...>``: cards by their lower-case codes, and for
a challenge the target seat first (``12.2.si``: at stamp 12, challenge seat 2 with a Silver).
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.assets_messages import callout_text, names_of, notice_text, panel_draft, public_draft
from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.live_panels import LiveDraft
from cogs.seated import (
    GameKind,
    buttons_for,
    choice_as_press,
    league_turn_timer,
    open_lobby,
    register,
    selects_for,
)
from cogs.tables import Draft, refusal_text
from engine.assets.actions import Action, Answer, Challenge, Discard, GiveUp, PairFromHand, PairWithDiscard
from engine.assets.cards import Asset
from engine.errors import IllegalAction, Reason
from tables.assets import AssetsTable

MOVES = frozenset({"pair", "take", "chal", "disc", "ans", "give"})
"""The custom id actions of a panel's moves."""


def parse_move(seat: int, action: str, arg: str) -> tuple[str, Action]:
    """A move button's (or select option's) action and argument as the panel stamp and the
    engine action for ``seat``; a malformed one is stale (no panel of ours drew it)."""
    stamp, _, rest = arg.partition(".")
    parts = rest.split(".") if rest else []
    try:
        cards = [Asset.parse(part.upper()) for part in parts if not part.isdigit()]
        match action, parts, cards:
            case "pair", [_, _], [asset, partner]:
                move: Action = PairFromHand(seat, asset, partner)
            case "take", [_], [card]:
                move = PairWithDiscard(seat, card)
            case "chal", [target, _], [card] if target.isdigit():
                move = Challenge(seat, int(target), card)
            case "disc", [_], [card]:
                move = Discard(seat, card)
            case "ans", [_], [card]:
                move = Answer(seat, card)
            case "give", [], []:
                move = GiveUp(seat)
            case _:
                raise ValueError(f"no move {action!r} {arg!r}")
    except ValueError:
        raise IllegalAction(Reason.STALE, "malformed button") from None
    return stamp, move


async def press(
    bot: GameNightBot, interaction: discord.Interaction, table: AssetsTable, action: str, arg: str
) -> None:
    """A Cover Your Assets button other than the lobby's: My hand, a panel button, or a button
    between rounds."""
    if action == "hand":
        await open_panel(bot, interaction, table)
    elif action == "refresh" or action in MOVES:
        await press_panel(bot, interaction, table, action, arg)
    else:
        await press_between_rounds(interaction, table, action, arg)


async def open_panel(bot: GameNightBot, interaction: discord.Interaction, table: AssetsTable) -> None:
    """The "My hand" button: the player's private panel, as a reply only they see."""
    seat = table.require_seat(interaction.user.id)
    table.require_state()
    locale = private_locale(interaction)
    live = live_panel(bot, table, seat, locale)
    await bot.panels.show(interaction, table, live(None), live, locale)


def live_panel(bot: GameNightBot, table: AssetsTable, seat: int, locale: str) -> LiveDraft:
    """The panel as the table is now."""

    async def draw(note: str | None) -> Draft:
        button, select = buttons_for(ASSETS, table.table_id), selects_for(ASSETS, table.table_id)
        return await panel_draft(bot.messages, table, seat, locale, button, select, note=note)

    return draw


async def press_panel(
    bot: GameNightBot, interaction: discord.Interaction, table: AssetsTable, action: str, arg: str
) -> None:
    """A button on a private panel: make the move, then redraw the panel with what came of it.
    A refused move is said on the panel itself, and changes nothing."""
    locale = private_locale(interaction)
    user = interaction.user.id
    seat = table.require_seat(user)
    messages = bot.messages
    note = None
    if action != "refresh":
        try:
            stamp, move = parse_move(seat, action, arg)
            notices = await table.play(user, stamp, move)
            names = names_of(messages, table, locale)
            note = " ".join(notice_text(messages, notice, names, locale) for notice in notices) or None
        except IllegalAction as error:
            note = refusal_text(messages, error, locale)
    live = live_panel(bot, table, seat, locale)
    await bot.panels.show(interaction, table, live(note), live, locale, note)


async def press_between_rounds(
    interaction: discord.Interaction, table: AssetsTable, action: str, arg: str
) -> None:
    """Next round, or the end of the match; the argument is the number of the round the button
    was drawn after, so a button of an earlier round is stale."""
    if not arg.isdigit():
        raise IllegalAction(Reason.STALE, "malformed button")
    if action == "next":
        await table.next_round(interaction.user.id, int(arg))
    elif action == "end":
        await table.end_match(interaction.user.id, int(arg))
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")
    await interaction.response.defer()


# -- the command -----------------------------------------------------------------------------------


class Assets(commands.Cog):
    assets = app_commands.Group(
        name=command_text("assets.command_name"),
        description=command_text("assets.command_description"),
        guild_only=True,
    )

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @assets.command(
        name=command_text("assets.start_name"), description=command_text("assets.start_description")
    )
    async def start(self, interaction: discord.Interaction) -> None:
        """Open a lobby in this channel, with whoever ran the command as host in the first seat."""
        await open_lobby(self.bot, ASSETS, interaction)


ASSETS = GameKind(
    "ca",
    AssetsTable,
    public_draft,
    press,
    prepare=league_turn_timer("assets"),
    callout=callout_text,
    choose=choice_as_press(press),
)


async def setup(bot: GameNightBot) -> None:
    register(bot, ASSETS)
    await bot.add_cog(Assets(bot))
