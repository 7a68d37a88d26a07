"""``/games`` (``/partidas``): privately, the member's running tables on this server (issue 46).

A member at tables in several threads has one place that says where they are awaited: the tables
waiting for them first, each with the time left before the timer acts for them (a Discord
timestamp, read in the reader's own zone), then the others with whom they wait for; each with a
link to its place and a button that opens the member's panel there, as the table's own does.
"""

import time
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown as escape

from cogs.answers import tell_privately
from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.kinds import kind_named
from tables.phases import Phase
from tables.seated import SeatedTable

BUTTONS: Final = 5 * 5
"""The most tables listed with a button (a message holds 25)."""


class MyGames(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("games_list.command_name"),
        description=command_text("games_list.command_description"),
    )
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        """The member's tables here, those waiting for them first."""
        assert interaction.guild_id is not None
        locale, user = private_locale(interaction), interaction.user.id
        mine = [
            table
            for table in self.bot.tables.in_guild(interaction.guild_id)
            if isinstance(table, SeatedTable)
            and not table.finished
            and table.seating.seat_of(user) is not None
        ]
        if not mine:
            await tell_privately(interaction, self.bot.messages.text("games_list.none", locale))
            return
        waiting = [
            table for table in mine if (called := table.waits.called()) is not None and called[0] == user
        ]
        ordered = waiting + [table for table in mine if table not in waiting]
        lines = [self.bot.messages.text("games_list.title", locale, count=len(ordered))]
        view = discord.ui.View(timeout=None)
        for number, table in enumerate(ordered, start=1):
            lines.append(f"{number}. " + self._line(table, table in waiting, locale))
            if number <= BUTTONS and table.phase is not Phase.LOBBY:
                kind = kind_named(table.game)
                label = self.bot.messages.text("games_list.open", locale, number=number)
                view.add_item(
                    kind.controls(table).button(
                        kind.panel.opener, "", label, discord.ButtonStyle.primary, (number - 1) // 5
                    )
                )
        await tell_privately(interaction, "\n".join(lines), view=view)

    def _line(self, table: SeatedTable[Any, Any], yours: bool, locale: str) -> str:
        text = self.bot.messages.text
        game = text(f"games.{table.game}", locale)
        place = f"<#{table.place_id}>"
        if table.phase is Phase.LOBBY:
            return text("games_list.lobby", locale, game=game, place=place)
        if yours:
            deadline = table.waits.deadline
            if deadline is None:
                return text("games_list.yours", locale, game=game, place=place)
            at = int(time.time() + max(0.0, deadline - self.bot.tables.clock.now()))
            return text("games_list.yours_until", locale, game=game, place=place, until=f"<t:{at}:R>")
        called = table.waits.called()
        if called is None:
            return text("games_list.playing", locale, game=game, place=place)
        seat = table.seating.seat_of(called[0])
        name = table.seats[seat].name if seat is not None else "?"
        return text("games_list.waits_for", locale, game=game, place=place, name=f"**{escape(name)}**")


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(MyGames(bot))
