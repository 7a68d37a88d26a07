"""``/stats [player]`` and ``/leaderboard [game]``: what the recorded games say about players.

``/stats`` answers privately (someone's record, looked up by one person, is not the channel's
business), with their rating over time as a picture; ``/leaderboard`` is posted in the channel like the
standings, in the server's language. Both count this server's games only, without removed
results.
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Acknowledge, answer_privately, answer_publicly, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.drafts import Draft
from cogs.i18n import command_text, private_locale, public_locale
from cogs.league_messages import game_name, leaderboard_draft
from cogs.stats_messages import stats_draft
from cogs.threads import home_channel
from data import Game
from engine.games import recorded

GAME_CHOICES = [
    app_commands.Choice(name=command_text(f"league.game.{game}"), value=game) for game in recorded()
]


class Stats(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("stats.command_name"), description=command_text("stats.command_description")
    )
    @app_commands.guild_only()
    @app_commands.rename(player=command_text("stats.player_name"))
    @app_commands.describe(player=command_text("stats.player_description"))
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        """Per game the rating, games, wins and places, the most frequent opponents, and the
        rating over time, privately."""
        bot = self.bot
        assert interaction.guild_id is not None
        who = player or interaction.user

        async def stats() -> Draft:
            assert interaction.guild_id is not None
            found = await bot.store.player_stats(interaction.guild_id, who.id)
            name = found.name or who.display_name
            mine = who.id == interaction.user.id
            return await stats_draft(bot.messages, found, name, mine, private_locale(interaction))

        await answer_privately(interaction, await in_time(interaction, stats(), Acknowledge.PRIVATE))

    @app_commands.command(
        name=command_text("leaderboard.command_name"),
        description=command_text("leaderboard.command_description"),
    )
    @app_commands.guild_only()
    @app_commands.rename(game=command_text("leaderboard.game_name"))
    @app_commands.describe(game=command_text("leaderboard.game_description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        """A game's players by skill rating, in the channel."""
        bot = self.bot
        assert interaction.guild_id is not None

        async def leaderboard() -> tuple[Game, Draft | None]:
            assert interaction.guild_id is not None
            chosen = await self._game(interaction, None if game is None else game.value)
            ratings = await bot.store.leaderboard(interaction.guild_id, chosen)
            if not ratings:
                return chosen, None
            locale = await public_locale(interaction, bot.store)
            return chosen, await leaderboard_draft(bot.messages, chosen, ratings, interaction.user.id, locale)

        chosen, draft = await in_time(interaction, leaderboard(), Acknowledge.PUBLIC)
        if draft is None:
            locale = private_locale(interaction)
            name = game_name(bot.messages, chosen, locale)
            await tell_privately(interaction, bot.messages.text("leaderboard.none", locale, game=name))
            return
        await answer_publicly(interaction, draft)

    async def _game(self, interaction: discord.Interaction, named: str | None) -> Game:
        """The game asked for; else this channel's league's; else the server's most rated one."""
        store = self.bot.store
        assert interaction.guild_id is not None
        if named is not None:
            return next(game for game in recorded() if game == named)
        here = [
            lg
            for lg in await store.leagues(interaction.guild_id)
            if home_channel(interaction) in lg.channel_ids
        ]
        if len(here) == 1:
            return here[0].game
        rated = await store.rated_games(interaction.guild_id)
        return rated[0] if rated else recorded()[0]


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Stats(bot))
