"""The Discord side every seated game shares, written once: ``/<game> start`` and its lobby, the
public message kept current with its callouts and ping, every press routed to its table, the
private panel, the buttons between games and ending early with a confirmation.

A game declares a :class:`~cogs.kinds.GameKind` in ``cogs/<game>.py``; :func:`install` adds its
slash command group, answers its components (:mod:`cogs.components`) and resumes its saved
tables. A press goes: :func:`on_press` (the table named by the custom id, a double click let go)
-> :func:`_route` -> the lobby, the panel (:func:`open_panel`, :func:`press_panel`), the buttons
between games, or the game's own :attr:`~cogs.kinds.GameKind.other`. Public changes are
acknowledged at once (deferred) and drawn by the table's publisher, which paces edits; a table's
callouts (messages that must notify one player) follow the redraw.
"""

import contextlib
import importlib
import logging
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.utils import escape_markdown

from cogs import seats
from cogs.answers import Acknowledge, acknowledged, answer_publicly, in_time, on_panel, tell_privately
from cogs.client import GameNightBot
from cogs.components import Controls, TableButton, TableSelect, TableUserSelect
from cogs.drafts import Draft, refusal_text, remove_buttons, retried_if_passing, show_publicly
from cogs.i18n import command_text, private_locale, public_locale
from cogs.kinds import CHOOSE, GameKind, Moved, MoveRequest, PanelRequest, T, chosen
from cogs.layout import Words
from cogs.live_panels import LiveDraft
from cogs.lobby import (
    LOBBY_ACTIONS,
    LOBBY_COLOUR,
    closed_lobby_draft,
    lobby_draft,
    option_choices,
    press_lobby,
)
from cogs.message_parts import (
    between_games,
    ending_lines,
    expired_text,
    move_line,
    names_of,
    notices_field,
    table_card,
)
from cogs.presses import BUDGET, RecentPresses
from cogs.threads import (
    add_to_thread,
    in_a_thread,
    place_of_tables,
    reopened,
    set_archived,
    start_thread,
    thread_refusal,
)
from data import StoreError
from engine.errors import IllegalAction, Reason
from engine.games import registered
from locales import Catalog
from tables.errors import Refused
from tables.loading import load_table, open_table
from tables.lobby import LEVELS
from tables.phases import Phase
from tables.registry import ChannelTaken
from tables.seated import LOBBY_IDLE, SeatedTable
from tables.table import Table
from tables.turn_based import TurnBased
from words.common import seat_names

log = logging.getLogger(__name__)

Seated = SeatedTable[Any, Any]

KINDS: dict[str, GameKind[Any]] = {}
"""The games whose components this process answers, by prefix."""

REFRESH, NEXT = "refresh", "next"
"""A panel's Refresh (every game's), and the results' Next game."""
END, END_CONFIRMED, END_CANCELLED = "end", "endok", "endno"
"""The results message's "End" button, and the two answers of its confirmation."""


def controls_for(kind: GameKind[Any], table: Table) -> Controls:
    """The component factories the drafts of ``table`` use."""
    return Controls(kind.prefix, table.table_id)


def panel_request(
    messages: Catalog,
    kind: GameKind[T],
    table: T,
    seat: int,
    locale: str,
    kept: str = "",
    note: str | None = None,
) -> PanelRequest[T]:
    """What ``kind``'s panel for ``seat`` at ``table`` is drawn from; what its player was choosing
    (``kept``) while it still holds (:attr:`~cogs.kinds.PanelSpec.keeps`)."""
    keeps = kind.panel.keeps
    try:
        if kept and keeps is not None:
            keeps(table, seat, kept)
    except IllegalAction:
        kept = ""
    return PanelRequest(messages, table, seat, locale, controls_for(kind, table), kind.colour, kept, note)


# -- the public message ------------------------------------------------------------------------------


async def public_draft(messages: Catalog, kind: GameKind[Any], table: Seated) -> Draft:
    """The table's public message for its phase, in the table's locale."""
    locale, controls = table.locale, controls_for(kind, table)
    if table.phase is Phase.LOBBY:
        choices = (kind.lobby_choices or option_choices)(messages, table, controls, locale)
        if table.message.card_id is not None:
            where: str | None = messages.text("lobby.thread", locale, thread=f"<#{table.thread_id}>")
        elif table.message.no_thread is not None:
            where = messages.text(f"lobby.no_thread_{table.message.no_thread}", locale)
        else:
            where = None
        return lobby_draft(
            messages,
            table.lobby,
            game=kind.name,
            levels=LEVELS,
            locale=locale,
            button=controls.button,
            choices=choices,
            where=where,
        )
    if table.phase is Phase.CLOSED:
        return closed_lobby_draft(messages, game=kind.name, minutes=int(LOBBY_IDLE // 60), locale=locale)
    if table.phase is Phase.PLAYING:
        table.mark_shown()  # the channel sees the game as it is now: a step of its replay
        return await playing_draft(messages, kind, table, controls)
    return await results_draft(messages, kind, table, controls)


async def playing_draft(messages: Catalog, kind: GameKind[Any], table: Seated, controls: Controls) -> Draft:
    """A game being played: the game's words (:attr:`GameKind.playing`) and picture, what
    happened, and the button that opens a panel."""
    playing = kind.playing(messages, table)
    words = Words(playing.title, playing.status, kind.colour)
    names = names_of(messages, table, table.locale)
    opener = (kind.panel.opener, f"{kind.name}.table.panel")
    buttons = table_card(messages, table, controls, opener, words, names, kind.said, playing.players)
    return await kind.picture(messages, table).draft(words, buttons)


async def results_draft(messages: Catalog, kind: GameKind[Any], table: Seated, controls: Controls) -> Draft:
    """After a game, while the next one's options are chosen, and at the end: the game's words
    (:attr:`GameKind.results`) and picture, why the table ended if it sat idle, what every game's
    results say, what happened, and the buttons between games; while a person chooses the next
    game's options on their panel (Toppo's display), the button that opens it, and who it is."""
    results = kind.results(messages, table)
    lines = list(results.lines)
    if table.message.idle_expired:
        lines.append(expired_text(messages, table))
    lines += ending_lines(messages, table, names_of(messages, table, table.locale))
    words = Words(results.title, "\n".join(lines), kind.colour, live=results.live)
    for name, value in results.fields:
        words.add_field(name=name, value=value)
    notices_field(messages, table, words, kind.said)
    choosing = table.phase is Phase.CHOOSING
    buttons = between_games(messages, table, controls, row=1 if choosing else 0)
    choice = table.next_choice() if choosing else None
    if buttons is not None and choice is not None and not table.seats[choice.seat].is_ai:
        label = messages.text(f"{kind.name}.table.panel", table.locale)
        buttons.add_item(controls.button(kind.panel.opener, "", label, discord.ButtonStyle.primary, 0))
    if results.picture is None:
        return Draft(words, buttons)
    return await results.picture.draft(words, buttons)


async def publish(bot: GameNightBot, kind: GameKind[Any], table: Table) -> None:
    """Redraw a table's public message (the publisher calls this, paced and coalesced); when a
    new game has started, post its message and take the buttons off the previous one; keep the
    card of a table played in a thread current, and archive the thread once the table ended.
    Its calls come after, in a lane of their own (:mod:`cogs.attention`)."""
    with retried_if_passing():
        assert isinstance(table, kind.table_class)
        draft = await public_draft(bot.messages, kind, table)
        await show_publicly(bot, table, draft)
        if table.message.retired_message_id is not None:
            await table.registry.pacing.wait(table.place_id)
            retired = table.message.retired_message_id
            await reopened(
                bot, table.thread_id, lambda: remove_buttons(bot, table.place_id, table.guild_id, retired)
            )
            await table.message.forget_retired_message()
        if table.finished:  # its call's last edit comes before the thread is archived
            await bot.attention.settle(kind, table)
        if table.message.card_id is not None:
            await show_card(bot, table, draft)
    if not table.finished:
        bot.attention.follow(kind, table)


async def show_card(bot: GameNightBot, table: Seated, shown: Draft) -> None:
    """The card in the channel of a table played in a thread: once the lobby is over, who plays
    and a link to the thread; once the table ended, its last message (``shown``, the results)
    without buttons, with the link; then the thread is archived. A lobby that closed unused is
    its own card (:meth:`~tables.seated.SeatedTable.shown_in`)."""
    assert table.message.card_id is not None and table.thread_id is not None
    wanted = (
        "" if table.phase in (Phase.LOBBY, Phase.CLOSED) else "final" if table.series_ended else "playing"
    )
    if wanted and wanted != table.message.card_shows:
        text = bot.messages.text
        link = f"<#{table.thread_id}>"
        if wanted == "playing":
            await add_to_thread(bot, table.thread_id, sorted(table.seating.people()))
            names = seat_names(bot.messages, table.seats, table.locale)
            players = ", ".join(escape_markdown(name) for name in names)
            card = Draft(
                Words(
                    title=text(f"games.{table.game}", table.locale),
                    description=text("table.card.playing", table.locale, players=players, thread=link),
                    colour=LOBBY_COLOUR,
                )
            )
        else:
            shown.words.add_field(
                name=text("table.card.final_title", table.locale),
                value=text("table.card.final", table.locale, thread=link),
            )
            card = replace(shown, buttons=None)
        await table.registry.pacing.wait(table.channel_id)
        channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        with contextlib.suppress(discord.NotFound):  # someone deleted the card
            await channel.get_partial_message(table.message.card_id).edit(**card.edit())
        if not table.finished:
            await table.message.set_card(wanted)
    if table.finished:
        await set_archived(bot, table.thread_id, True)


# -- presses ---------------------------------------------------------------------------------------


async def on_press(
    interaction: discord.Interaction,
    prefix: str,
    table_id: str,
    action: str,
    arg: str,
    values: Sequence[str] | None = None,
) -> None:
    """Route a click (or, with ``values``, a choice in a select menu) to its table; a table that
    has gone (or a stranger's click) gets a private answer, never a silent failure."""
    bot = interaction.client
    assert isinstance(bot, GameNightBot)
    locale = private_locale(interaction)
    table = bot.tables.get(table_id)
    kind = KINDS.get(prefix)
    if not BUDGET.admit(interaction.user.id, time.monotonic()):
        await tell_privately(interaction, bot.messages.text("error.slow_down", locale))
        return
    if _repeats_a_press(interaction, action, values):
        await interaction.response.defer()  # answered, and nothing changes
        return
    try:
        if kind is None or not isinstance(table, kind.table_class) or not pressed_at(interaction, table):
            raise IllegalAction(Reason.STALE, "the table is gone")
        with bot.panels.answering(table_id, interaction.user.id):
            await _route(bot, interaction, kind, table, action, arg, values)
    except (IllegalAction, Refused) as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, locale))
    except StoreError as error:  # a read the press needed failed: one line, no traceback
        log.log(logging.DEBUG if error.unreachable else logging.ERROR, "press not done: %s", error)
        await tell_privately(interaction, bot.messages.text("error.storage", locale))


def pressed_at(interaction: discord.Interaction, table: Seated) -> bool:
    """Whether a press came from where the table is: its channel (its lobby or card there) or
    its thread. A custom id copied elsewhere names a table that is not there."""
    return interaction.channel_id in (table.channel_id, table.thread_id)


async def _route(
    bot: GameNightBot,
    interaction: discord.Interaction,
    kind: GameKind[Any],
    table: Seated,
    action: str,
    arg: str,
    values: Sequence[str] | None,
) -> None:
    """A press or a choice on one of ``kind``'s tables, to the lobby, the panel, the buttons
    between games or the game's own; ending play early asks for a confirmation first."""
    panel = kind.panel
    if action == END and values is None:
        await confirm_end(bot, kind, interaction, table, arg)
    elif action == END_CONFIRMED:
        await in_time(
            interaction, table.book.end_series(interaction.user.id, game_number(arg)), Acknowledge.KEEP
        )
        await acknowledged(interaction)
        await interaction.edit_original_response(content=end_answer(bot, table, interaction), view=None)
    elif action == END_CANCELLED:
        text = bot.messages.text("end.kept", private_locale(interaction))
        await interaction.response.edit_message(content=text, view=None)
    elif action in LOBBY_ACTIONS and values is None:
        await press_lobby(interaction, table, action, arg)
    elif action in seats.ACTIONS:
        await seats.route(bot, kind, interaction, table, action, arg, values)
    elif action == panel.opener and values is None:
        await back_to_panel(table, interaction.user.id)
        await open_panel(bot, kind, interaction, table)
    elif action in (REFRESH, CHOOSE) or action in panel.actions:
        await back_to_panel(table, interaction.user.id)
        # Choosing ``value`` in a panel's menu is pressing ``<action>`` with ``<arg>.<value>``.
        chosen = arg if values is None else f"{arg}.{values[0] if values else ''}"
        await press_panel(bot, kind, interaction, table, action, chosen)
    elif action == NEXT and values is None:
        await in_time(
            interaction, table.book.next_game(interaction.user.id, game_number(arg)), Acknowledge.KEEP
        )
        await acknowledged(interaction)
    elif kind.other is not None:
        await kind.other(bot, interaction, table, action, arg, values)
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")


async def back_to_panel(table: Seated, user: int) -> None:
    """A press on a person's panel: they are there (an absent person's seat is theirs again
    before their press is done)."""
    if table.seating.pressed_by(user):
        await table.seating.back(user)


def game_number(arg: str) -> int:
    """The number of the game a button between games follows (its argument)."""
    if not arg.isdigit():
        raise IllegalAction(Reason.STALE, "malformed button")
    return int(arg)


PRESSES = RecentPresses()
"""The bot's recent presses, for :func:`_repeats_a_press`."""


def _repeats_a_press(interaction: discord.Interaction, action: str, values: Sequence[str] | None) -> bool:
    """Whether this press was made on the same view as one a moment ago (a double click).

    Only presses on private panels and lobbies count: they change the table. The table
    message's own buttons open a private panel, which a player may open again at will (the
    message is not redrawn in between), or carry the game's number, so a repeat is refused."""
    message = interaction.message
    if message is None or not (message.flags.ephemeral or action in LOBBY_ACTIONS):
        return False
    view = (message.id, message.edited_at)
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    press = (interaction.user.id, view, custom_id, None if values is None else tuple(values))
    return PRESSES.is_repeat(press, time.monotonic())


# -- the private panel -----------------------------------------------------------------------------


def live_panel(
    bot: GameNightBot, kind: GameKind[Any], table: Seated, user: int, locale: str, kept: str = ""
) -> LiveDraft:
    """``user``'s panel as the table is now, keeping what they were choosing while it holds;
    once they no longer hold a seat (they left it, it was handed on), it says so and shows no
    cards."""

    async def draw(note: str | None) -> Draft:
        seat = table.seating.seat_of(user)
        if seat is None:
            return Draft(Words(description=bot.messages.text("seats.no_seat", locale)))
        drawn = await kind.panel.draw(panel_request(bot.messages, kind, table, seat, locale, kept, note))
        if table.phase is Phase.PLAYING:
            drawn.words.footer = move_line(bot.messages, table, locale)
            label = bot.messages.text("seats.leave", locale)
            drawn = replace(drawn, buttons=seats.with_leave(drawn.buttons, controls_for(kind, table), label))
        return drawn

    return draw


def reopened_panel(bot: GameNightBot, kind: GameKind[Any], table: Table, user: int, locale: str) -> LiveDraft:
    """A panel open when the bot stopped, as the table is now."""
    assert isinstance(table, kind.table_class)
    return live_panel(bot, kind, table, user, locale)


async def open_panel(
    bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction, table: Seated
) -> None:
    """The table message's panel button ("My line"): the player's private panel, as a reply only
    they see."""
    table.seating.require_seat(interaction.user.id)
    table.require_panel()
    locale = private_locale(interaction)
    live = live_panel(bot, kind, table, interaction.user.id, locale)
    await bot.panels.show(interaction, table, live(None), live, locale)


async def press_panel(
    bot: GameNightBot,
    kind: GameKind[Any],
    interaction: discord.Interaction,
    table: Seated,
    action: str,
    arg: str,
) -> None:
    """A button or menu of a private panel: do what it says, then redraw the panel with what came
    of it. A refusal is said on the panel itself, and changed nothing."""
    locale = private_locale(interaction)
    seat = table.seating.require_seat(interaction.user.id)
    moved = Moved()
    if action != REFRESH:
        request = MoveRequest(bot.messages, table, interaction.user.id, seat, action, arg, locale)
        try:
            work = chosen(request) if action == CHOOSE else kind.panel.move(request)
            moved = await in_time(interaction, work, on_panel(interaction))
        except IllegalAction as error:
            refused = kind.panel.refused
            moved = Moved(
                refusal_text(bot.messages, error, locale) if refused is None else refused(request, error)
            )
    live = live_panel(bot, kind, table, interaction.user.id, locale, moved.kept)
    await bot.panels.show(interaction, table, live(moved.note), live, locale, moved.note)


# -- ending early ----------------------------------------------------------------------------------


async def confirm_end(
    bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction, table: Seated, arg: str
) -> None:
    """Ask the presser, privately, whether to stop playing for everyone: the host stops the table
    at once; anyone else counts towards a majority of the people seated."""
    table.seating.require_member(interaction.user.id)
    locale = private_locale(interaction)
    text = bot.messages.text
    if interaction.user.id == table.host_id:
        question = text("end.confirm_host", locale)
    else:
        question = text(
            "end.confirm_vote",
            locale,
            needed=table.book.end_votes_needed(),
            people=len(table.seating.people()),
        )
    controls = controls_for(kind, table)
    view = discord.ui.View(timeout=None)
    view.add_item(controls.button(END_CONFIRMED, arg, text("end.yes", locale), discord.ButtonStyle.danger, 0))
    view.add_item(
        controls.button(END_CANCELLED, arg, text("end.no", locale), discord.ButtonStyle.secondary, 0)
    )
    await interaction.response.send_message(question, view=view, ephemeral=True)


def end_answer(bot: GameNightBot, table: Seated, interaction: discord.Interaction) -> str:
    """What came of a confirmed wish to stop: stopped, or how many have asked so far."""
    locale = private_locale(interaction)
    if table.series_ended:
        return bot.messages.text("end.ended", locale)
    votes = len(table.book.end_votes & table.seating.people())
    return bot.messages.text("end.voted", locale, votes=votes, needed=table.book.end_votes_needed())


# -- opening a table ------------------------------------------------------------------------------


async def apply_settings(bot: GameNightBot, table: Seated) -> None:
    """A real-time table waits for an absent person as long as its server's moderators chose
    (``/tables absent_after:``); a table opened in a league's channel (or a thread of it) plays
    by the league's settings (:meth:`~tables.seated.SeatedTable.follow_league`: a turn-based
    game's turn timer, Toppo's display)."""
    if (
        not isinstance(table, TurnBased)
        and (chosen := await bot.store.absent_after(table.guild_id)) is not None
    ):
        table.waits.timer.set_seconds(chosen)
    league = await bot.store.league_of_channel(table.guild_id, table.channel_id, table.game)
    if league is not None:
        table.adopt_league(league.settings)


async def open_lobby(bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction) -> None:
    """``/<game> start``: a lobby in this channel, with whoever ran the command as host in the
    first seat, and (unless the server plays in channels, or threads cannot be started here) a
    thread started from it where the games will be played; a channel that has a table played in
    it already gets a private refusal. A lobby Discord did not take (too late, or down) leaves no
    table."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    table: Seated | None = None
    try:
        opened, threads = await in_time(interaction, new_table(bot, kind, interaction), Acknowledge.PUBLIC)
        bot.tables.check_room(interaction.guild_id, interaction.user.id)
        before = bot.tables.playing_in(opened.place_id)
        if not threads and isinstance(before, SeatedTable) and before.phase is Phase.AGAIN:
            await before.book.close_play_again()  # a new table is what people chose instead
        bot.tables.add(opened, new_thread=threads)
        table = opened
        message_id = await answer_publicly(interaction, await public_draft(bot.messages, kind, opened))
    except ChannelTaken:
        await tell_privately(
            interaction, bot.messages.text("lobby.channel_taken", private_locale(interaction))
        )
        return
    except Refused as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, private_locale(interaction)))
        return
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as error:
        if table is not None:
            bot.tables.discard(table)
            table.halt()
        log.warning(
            "no %s table in channel %s: its lobby could not be posted (%s)",
            kind.name,
            interaction.channel_id,
            error,
        )
        return
    assert table is not None, "its lobby was posted"
    thread_id = None
    try:
        # Known before the thread is started, so a press meanwhile edits this lobby.
        await table.message.set_message(message_id, no_thread=table.message.no_thread)
        if threads:
            thread_id = await thread_for(bot, kind, table, message_id)
            await table.message.set_message(
                message_id, thread_id=thread_id, no_thread=table.message.no_thread
            )
    except Refused as error:  # the lobby could not be saved, and is gone: say so in its place
        text = refusal_text(bot.messages, error, private_locale(interaction))
        await interaction.edit_original_response(**Draft(Words(description=text)).edit())
        return
    if thread_id is not None:
        table.publisher.notify()  # the lobby names its thread
    table.restart_idle_timer()


async def thread_for(bot: GameNightBot, kind: GameKind[Any], table: Seated, message_id: int) -> int | None:
    """The thread started from a new table's lobby, with its host in it; None (and the table
    plays in its channel, its lobby saying so) if Discord refused it."""
    name = bot.messages.text(
        "table.thread_name",
        table.locale,
        game=bot.messages.text(f"games.{kind.name}", table.locale),
        host=table.lobby.seats[0].name,
    )
    try:
        thread_id = await start_thread(bot, table.channel_id, table.guild_id, message_id, name)
        await add_to_thread(bot, thread_id, [table.host_id])
    except discord.HTTPException as error:
        log.warning("table %s plays in channel %s: no thread (%s)", table.table_id, table.channel_id, error)
        table.message.no_thread = "permissions"
        table.publisher.notify()
        return None
    return thread_id


async def new_table(
    bot: GameNightBot, kind: GameKind[Any], interaction: discord.Interaction
) -> tuple[Seated, bool]:
    """A new table for ``/<game> start``, not yet in the registry: in the channel's language, with
    its league's settings; and whether it gets a thread of its own. Started in a thread, it plays
    there and belongs to the thread's channel; meant for a thread where none can be started, it
    plays in the channel and its lobby says why."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    inside = in_a_thread(interaction)
    table: Seated = open_table(
        kind.table_class,
        bot.tables,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id if inside is None else inside[0],
        publish=lambda table: publish(bot, kind, table),
        locale=await public_locale(interaction, bot.store),
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
    )
    threads = inside is None and await place_of_tables(bot, interaction.guild_id) == "threads"
    if inside is not None:
        table.thread_id = inside[1]
    elif threads:
        table.message.no_thread = thread_refusal(interaction)
        threads = table.message.no_thread is None
    await apply_settings(bot, table)
    return table, threads


def install(bot: GameNightBot, kind: GameKind[Any]) -> None:
    """Play ``kind``'s game in this bot: its ``/<game> start`` command (named from the game's
    catalogue: ``<game>.command_name`` and the rest), its components answered, and its saved
    tables resumed."""
    KINDS[kind.prefix] = kind
    bot.add_dynamic_items(TableButton, TableSelect, TableUserSelect)
    bot.tables.register_loader(
        kind.name,
        lambda saved: load_table(
            kind.table_class, bot.tables, saved, lambda table: publish(bot, kind, table)
        ),
    )
    bot.panels.drawers[kind.name] = lambda table, user, locale: reopened_panel(bot, kind, table, user, locale)
    group = app_commands.Group(
        name=command_text(f"{kind.name}.command_name"),
        description=command_text(f"{kind.name}.command_description"),
        guild_only=True,
    )

    @group.command(
        name=command_text(f"{kind.name}.start_name"),
        description=command_text(f"{kind.name}.start_description"),
    )
    async def start(interaction: discord.Interaction) -> None:
        await open_lobby(bot, kind, interaction)

    bot.tree.add_command(group)


async def setup(bot: GameNightBot) -> None:
    """Install every registered game (engine/games.py): its :class:`GameKind` is ``KIND`` in its
    cogs module."""
    for game in registered():
        install(bot, importlib.import_module(game.module("cogs")).KIND)
