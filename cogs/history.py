"""``/history [game] [player]``, the step-through replay of a finished game, and its animation
to share (issue 31).

Every finished game is kept with its result (:mod:`data.history`) for as long as its server
keeps them (``/tables keep_days``). ``/history`` lists a server's games privately, newest first,
ten a page, each with a button that opens its replay; a results card's **Replay** opens the same.
A replay is a private message showing the game's public table picture at one step, rebuilt by
the game's own code from the kept log (:mod:`tables.replays`) and drawn by its own ``picture``,
in the reader's language; its buttons go to the start, back, forward, to the end, and to the
next turn (or deal). **Share as animation** posts the whole game as one GIF where the table
played (its thread while it is open, else its channel), one a minute per member; a moderator
may delete a game's replay (its result stays). ``/forget-me`` shows a member as "a former player"
from then on wherever the server's games name them (:mod:`cogs.forgotten`): here, in the
standings, the leaderboard and ``/stats``.

Every button names the game and the step (or page) it leads to, so a replay keeps working after
a restart; nothing is kept between presses but a few rebuilt replays, for speed.
"""

import logging
import time
from collections import OrderedDict
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from cogs import ids
from cogs.animator import ANIMATOR
from cogs.answers import Acknowledge, answer_privately, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.components import ANSWERS, ReplayButton
from cogs.drafts import Draft, alt_text
from cogs.forgotten import shown_name
from cogs.i18n import command_text, private_locale
from cogs.kinds import GameKind, kind_named
from cogs.layout import Words
from cogs.league import is_moderator
from cogs.league_messages import game_name
from cogs.stats import GAME_CHOICES
from data import FinishedGame, KeptGame, SeatResult
from data.history import KEEP_DAYS
from engine.games import recorded
from locales import Catalog
from render.animation import frame
from tables.lobby import Seat
from tables.replays import Replay
from words.common import bold, seat_names

log = logging.getLogger(__name__)

COLOUR: Final = discord.Colour.from_rgb(120, 130, 150)
SHARE_EVERY: Final = 60.0
"""Seconds between two animations shared by one member."""
STEPS_LIMIT: Final = 1_000_000
"""Above any step of a replay or page of /history a button can name (a forged one is refused)."""
KEPT_REPLAYS: Final = 16
"""Replays kept rebuilt between presses (the most recently used)."""
NAVIGATION: Final = ("first", "back", "next", "last", "turn")
"""The replay's step buttons, in their row's order; ``at`` shows a step without a button."""


class History(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot
        self._replays: OrderedDict[tuple[int, int, str], Replay] = OrderedDict()
        self._shared: dict[int, float] = {}
        """When each member last shared an animation (monotonic seconds)."""

    @app_commands.command(
        name=command_text("history.command_name"), description=command_text("history.command_description")
    )
    @app_commands.guild_only()
    @app_commands.rename(game=command_text("history.game_name"), player=command_text("history.player_name"))
    @app_commands.describe(
        game=command_text("history.game_description"), player=command_text("history.player_description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str] | None = None,
        player: discord.Member | None = None,
    ) -> None:
        """This server's finished games, newest first, privately."""
        chosen = None if game is None else game.value
        user = None if player is None else player.id
        work = self.history_draft(interaction, 0, chosen, user)
        await answer_privately(interaction, await in_time(interaction, work, Acknowledge.PRIVATE))

    @app_commands.command(
        name=command_text("history.forget_name"), description=command_text("history.forget_description")
    )
    @app_commands.guild_only()
    async def forget_me(self, interaction: discord.Interaction) -> None:
        """Ask to be shown as "a former player" wherever this server's games name you (confirmed
        first)."""
        locale = private_locale(interaction)
        text = self.bot.messages.text
        view = discord.ui.View(timeout=None)
        view.add_item(ReplayButton("forget", "", label=text("history.forget_yes", locale), style=_DANGER))
        view.add_item(ReplayButton("keep", "", label=text("history.forget_no", locale)))
        draft = Draft(Words(None, text("history.forget_confirm", locale), COLOUR), view)
        await answer_privately(interaction, draft)

    # -- presses ------------------------------------------------------------------------------

    async def press(self, interaction: discord.Interaction, action: str, arg: str) -> None:
        """A button of a history page, a replay, a results card's replay link, or /forget-me."""
        guild = interaction.guild_id
        locale = private_locale(interaction)
        text = self.bot.messages.text
        if guild is None:
            await tell_privately(interaction, text("error.server_only", locale))
            return
        try:
            if action == "page":
                page, game, player = _page_arg(arg)
                work = self.history_draft(interaction, page, game, player)
                await answer_privately(interaction, await in_time(interaction, work, Acknowledge.KEEP))
            elif action in ("open", "key"):
                game_id = (
                    ids.number(arg) if action == "open" else await self.bot.store.game_by_key(guild, arg)
                )
                work = self.replay_draft(interaction, game_id, 0)
                await _new_private(interaction, await in_time(interaction, work, Acknowledge.PRIVATE))
            elif action in (*NAVIGATION, "at"):
                game_id, step = _step_arg(arg)
                work = self.replay_draft(interaction, game_id, step)
                await answer_privately(interaction, await in_time(interaction, work, Acknowledge.KEEP))
            elif action == "share":
                await self.share(interaction, _step_arg(arg)[0])
            elif action in ("drop", "dropok"):
                await self.drop(interaction, action, _step_arg(arg))
            elif action in ("forget", "keep"):
                if action == "forget":
                    await self.bot.store.forget_member(guild, interaction.user.id)
                    self._replays.clear()
                said = text("history.forgotten" if action == "forget" else "history.kept", locale)
                await answer_privately(interaction, Draft(Words(None, said, COLOUR)))
            else:
                raise ValueError(action)
        except ValueError:  # a forged or malformed button (a ForgedId too): nothing changes
            await tell_privately(interaction, text("error.unknown_button", locale))

    # -- /history -----------------------------------------------------------------------------

    async def history_draft(
        self, interaction: discord.Interaction, page: int, game: str | None, player: int | None
    ) -> Draft:
        """Page ``page`` of the server's finished games (of ``game``, with ``player``). The title
        names the player as the rows do: a forgotten member is not mentioned, though the reader
        picked them."""
        bot, locale = self.bot, private_locale(interaction)
        messages, guild = bot.messages, interaction.guild_id
        assert guild is not None
        games, older = await bot.store.history(guild, page, game, player)
        days = await bot.store.keep_days(guild) or KEEP_DAYS
        filters = [game_name(messages, game, locale)] if game is not None else []
        if player is not None:
            forgotten = player in await bot.store.forgotten_members(guild)
            filters.append(shown_name(messages, f"<@{player}>", forgotten, locale))
        title = messages.text("history.title_of", locale, filters=" · ".join(filters)) if filters else None
        title = title or messages.text("history.title", locale)
        if not games:
            return Draft(Words(title, messages.text("history.none", locale), COLOUR))
        lines, view = [], discord.ui.View(timeout=None)
        for number, finished in enumerate(games, start=1):
            lines.append(_game_line(messages, finished, number, locale))
            label = messages.text("history.open", locale, number=number)
            button = ReplayButton("open", str(finished.game_id), label=label, disabled=not finished.kept)
            button.item.row = (number - 1) // 5
            view.add_item(button)
        lines.append("-# " + messages.text("history.kept_for", locale, days=days))
        filtered = f"{game or '-'}.{player or '-'}"
        for target, key, shown in ((page - 1, "history.newer", page > 0), (page + 1, "history.older", older)):
            if shown:
                view.add_item(
                    ReplayButton("page", f"{target}.{filtered}", label=messages.text(key, locale), row=2)
                )
        words = Words(
            title, "\n".join(lines), COLOUR, footer=messages.text("history.page", locale, page=page + 1)
        )
        return Draft(words, view)

    # -- a replay -----------------------------------------------------------------------------

    async def replay_draft(self, interaction: discord.Interaction, game_id: int | None, step: int) -> Draft:
        """Game ``game_id``'s replay at ``step`` (the last one if it has fewer), for the
        presser, in their language."""
        bot, locale = self.bot, private_locale(interaction)
        messages = bot.messages
        replay = None if game_id is None else await self._replay(interaction.guild_id, game_id, locale)
        if replay is None or game_id is None:
            return Draft(Words(None, messages.text("replay.gone", locale), COLOUR))
        step = max(0, min(step, len(replay) - 1))
        ANIMATOR.warm()  # a share may follow: its process starts meanwhile
        kind = _kind(replay.kept.finished.game)
        table = replay.table_at(step)
        picture = kind.picture(messages, table)
        finished = replay.kept.finished
        lines = [_played(messages, finished, locale)]
        if winners := _winners(messages, finished, locale):
            count = sum(seat.won for seat in finished.seats)
            lines.append(messages.text("replay.won", locale, names=winners, count=count))
        footer = messages.text("replay.step", locale, step=step + 1, steps=len(replay))
        title = messages.text("replay.title", locale, game=game_name(messages, finished.game, locale))
        words = Words(title, "\n".join(lines), COLOUR, footer=footer)
        last = len(replay) - 1
        targets = {
            "first": 0,
            "back": max(0, step - 1),
            "next": min(last, step + 1),
            "last": last,
            "turn": replay.next_turn(step),
        }
        view = discord.ui.View(timeout=None)
        for action in NAVIGATION:
            key = f"{kind.name}.replay.next" if action == "turn" else f"replay.{action}"
            target = targets[action]
            view.add_item(
                ReplayButton(
                    action,
                    f"{game_id}.{target}",
                    label=messages.text(key, locale),
                    row=0,
                    disabled=target == step,
                )
            )
        share = messages.text("replay.share", locale)
        view.add_item(ReplayButton("share", f"{game_id}.{step}", label=share, style=_PRIMARY, row=1))
        if is_moderator(interaction, await bot.store.get_moderator_role(replay.kept.guild_id)):
            drop = messages.text("replay.drop", locale)
            view.add_item(ReplayButton("drop", f"{game_id}.{step}", label=drop, style=_DANGER, row=1))
        return await picture.draft(words, view)

    async def _replay(self, guild: int | None, game_id: int, locale: str) -> Replay | None:
        """Game ``game_id`` of server ``guild`` rebuilt for a reader in ``locale`` (kept
        between presses); None if it is not that server's or no longer kept."""
        if guild is None:
            return None
        language = self.bot.messages.language_for(locale)
        key = (guild, game_id, language)
        if (replay := self._replays.get(key)) is not None:
            self._replays.move_to_end(key)
            return replay
        kept = await self.bot.store.kept_game(guild, game_id)
        if kept is None:
            return None
        former = self.bot.messages.text("history.former", locale)
        replay = Replay(self.bot.tables, _kind(kept.finished.game).table_class, kept, former, locale)
        self._replays[key] = replay
        while len(self._replays) > KEPT_REPLAYS:
            self._replays.popitem(last=False)
        return replay

    # -- sharing --------------------------------------------------------------------------------

    async def share(self, interaction: discord.Interaction, game_id: int) -> None:
        """Post the game as one animation where it was played, one a minute per member: said
        at once privately, then drawn by the animator and posted."""
        bot, locale = self.bot, private_locale(interaction)
        text = bot.messages.text
        now, member = time.monotonic(), interaction.user.id
        last = self._shared.get(member)
        since = now - (-SHARE_EVERY if last is None else last)
        if since < SHARE_EVERY:
            when = f"<t:{round(time.time() + SHARE_EVERY - since)}:R>"
            await tell_privately(interaction, text("replay.too_soon", locale, when=when))
            return
        self._shared[member] = now  # taken before any wait: ten presses at once share once
        guild = interaction.guild_id
        assert guild is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        kept = await bot.store.kept_game(guild, game_id)
        if kept is None:
            if last is None:  # nothing was shared: the minute is not spent
                self._shared.pop(member, None)
            else:
                self._shared[member] = last
            await interaction.edit_original_response(content=text("replay.gone", locale))
            return
        place = await self._place(kept.log.thread_id, kept.finished.channel_id)
        where = f"<#{place}>"
        await interaction.edit_original_response(content=text("replay.drawing", locale, place=where))
        try:
            await self._post(interaction, kept, place)
        except Exception:  # the animation or Discord failed: said, and the replay stays
            log.exception("could not share game %s as an animation", game_id)
            await interaction.followup.send(text("replay.share_failed", locale, place=where), ephemeral=True)
            return
        await interaction.followup.send(text("replay.shared", locale, place=where), ephemeral=True)

    async def _post(self, interaction: discord.Interaction, kept: KeptGame, place: int) -> None:
        """Draw ``kept`` as one animation in the table's own language (the channel's, as its
        messages were) and post it in ``place``."""
        bot = self.bot
        text = bot.messages.text
        public = str(kept.log.state.get("locale") or "en-US")
        former = text("history.former", public)
        replay = Replay(bot.tables, _kind(kept.finished.game).table_class, kept, former)
        kind = _kind(kept.finished.game)
        steps = replay.frames()
        frames = [
            frame(picture.render, picture.args)
            for picture in (kind.picture(bot.messages, table) for table in replay.tables(steps))
        ]
        gif = await ANIMATOR.animation(frames)
        finished = kept.finished
        game = game_name(bot.messages, finished.game, public)
        result = _winners(bot.messages, finished, public, plain=True)
        alt = text(
            "replay.alt",
            public,
            game=game,
            date=bot.messages.date(finished.finished_at, public),
            players=", ".join(_names(bot.messages, finished.seats, public)),
            result=text("replay.alt_won", public, names=result, count=sum(s.won for s in finished.seats))
            if result
            else text("replay.alt_none", public),
        )
        sharer = interaction.user.display_name
        words = Words(
            text("replay.shared_title", public, game=game),
            text(
                "replay.shared_by",
                public,
                name=bold(discord.utils.escape_markdown(sharer)),
                when=_when(finished.finished_at),
                players=", ".join(_names(bot.messages, finished.seats, public)),
            ),
            COLOUR,
        )
        draft = Draft(words, None, gif, "replay.gif", alt_text([alt]))
        channel = bot.get_partial_messageable(place, guild_id=kept.guild_id)
        await bot.tables.pacing.wait(place)
        await channel.send(files=draft.files(), view=draft.layout())

    async def _place(self, thread_id: int | None, channel_id: int) -> int:
        """Where the table lives: its thread while it is open (not archived), else its channel."""
        if thread_id is None:
            return channel_id
        try:
            thread = await self.bot.fetch_channel(thread_id)
        except discord.HTTPException:
            return channel_id
        open_thread = isinstance(thread, discord.Thread) and not thread.archived and not thread.locked
        return thread_id if open_thread else channel_id

    # -- a moderator deleting a replay ----------------------------------------------------------

    async def drop(self, interaction: discord.Interaction, action: str, at: tuple[int, int]) -> None:
        """``drop``: ask a moderator to confirm; ``dropok``: delete the game's kept log."""
        bot, locale = self.bot, private_locale(interaction)
        text = bot.messages.text
        guild = interaction.guild_id
        assert guild is not None
        if not is_moderator(interaction, await bot.store.get_moderator_role(guild)):
            await tell_privately(interaction, text("league.error.refused", locale))
            return
        game_id, step = at
        if action == "drop":
            view = discord.ui.View(timeout=None)
            arg = f"{game_id}.{step}"
            view.add_item(ReplayButton("dropok", arg, label=text("replay.drop_yes", locale), style=_DANGER))
            view.add_item(ReplayButton("at", arg, label=text("replay.drop_no", locale)))
            await answer_privately(
                interaction, Draft(Words(None, text("replay.drop_confirm", locale), COLOUR), view)
            )
            return
        dropped = await in_time(interaction, bot.store.drop_kept_game(guild, game_id), Acknowledge.KEEP)
        for key in [key for key in self._replays if key[:2] == (guild, game_id)]:
            del self._replays[key]
        said = text("replay.dropped" if dropped else "replay.gone", locale)  # another server's: nothing
        await answer_privately(interaction, Draft(Words(None, said, COLOUR)))


# -- the pieces --------------------------------------------------------------------------------

_PRIMARY, _DANGER = discord.ButtonStyle.primary, discord.ButtonStyle.danger


async def on_press(interaction: discord.Interaction, action: str, arg: str) -> None:
    """A replay button's press (:class:`cogs.components.ReplayButton`), handed to the cog."""
    bot = interaction.client
    assert isinstance(bot, GameNightBot)
    cog = bot.get_cog(History.__cog_name__)
    assert isinstance(cog, History)
    await cog.press(interaction, action, arg)


def _kind(game: str) -> GameKind[Any]:
    """The game kind of a recorded game (``speed`` is Spit's)."""
    return kind_named(game)


def _step_arg(arg: str) -> tuple[int, int]:
    """``<game id>.<step>``; ValueError if it is not."""
    game_id, _, step = arg.partition(".")
    return ids.number(game_id), ids.number(step or "0", below=STEPS_LIMIT)


def _page_arg(arg: str) -> tuple[int, str | None, int | None]:
    """``<page>.<game or ->.<player id or ->``; ValueError if it is not."""
    page, game, player = arg.split(".")
    if game != "-" and game not in recorded():
        raise ValueError(game)
    page_number = ids.number(page, below=STEPS_LIMIT)
    return page_number, None if game == "-" else game, None if player == "-" else ids.number(player)


def _when(moment: datetime) -> str:
    """A Discord timestamp: the date and time on the reader's own clock."""
    return f"<t:{int(moment.timestamp())}:f>"


def _names(messages: Catalog, seats: Sequence[SeatResult], locale: str) -> list[str]:
    """Each seat's name as a finished game shows it: a forgotten member as "a former player"."""
    shown = [
        Seat(seat.user_id, shown_name(messages, seat.display_name, seat.forgotten, locale), seat.ai_level)
        for seat in seats
    ]
    return seat_names(messages, shown, locale)


def _winners(messages: Catalog, finished: FinishedGame, locale: str, *, plain: bool = False) -> str:
    names = _names(messages, finished.seats, locale)
    won = [
        name if plain else bold(discord.utils.escape_markdown(name))
        for seat, name in zip(finished.seats, names, strict=True)
        if seat.won
    ]
    return ", ".join(won)


def _played(messages: Catalog, finished: FinishedGame, locale: str) -> str:
    names = [discord.utils.escape_markdown(name) for name in _names(messages, finished.seats, locale)]
    return messages.text("replay.played", locale, when=_when(finished.finished_at), players=", ".join(names))


def _game(messages: Catalog, finished: FinishedGame, locale: str) -> str:
    """The game's name, and for a round recorded alone (before a match was rated once) which
    round of its match it was: it is not a whole game, and has no winner of its own."""
    name = game_name(messages, finished.game, locale)
    if finished.round is None:
        return name
    return messages.text("history.round", locale, game=name, number=finished.round)


def _game_line(messages: Catalog, finished: FinishedGame, number: int, locale: str) -> str:
    """One game of a history page: when, which game, who played, who won."""
    names = [discord.utils.escape_markdown(name) for name in _names(messages, finished.seats, locale)]
    line = messages.text(
        "history.line",
        locale,
        number=number,
        when=f"<t:{int(finished.finished_at.timestamp())}:d>",
        game=_game(messages, finished, locale),
        players=", ".join(names),
    )
    if winners := _winners(messages, finished, locale):
        line += " · " + messages.text("history.won", locale, names=winners)
    if not finished.kept:
        line += " · " + messages.text("history.no_replay", locale)
    return line


async def _new_private(interaction: discord.Interaction, draft: Draft) -> None:
    """``draft`` as a new private message (a replay opened from a page keeps the page)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**draft.edit())
    else:
        await interaction.response.send_message(files=draft.files(), view=draft.layout(), ephemeral=True)


async def setup(bot: GameNightBot) -> None:
    ANSWERS.replay = on_press
    bot.add_dynamic_items(ReplayButton)
    await bot.add_cog(History(bot))
