"""What a Toppo table looks like on Discord: the public message in each phase, the private panel,
and the words for cards, seats and what happened.

Every function here reads the table and returns a :class:`~cogs.tables.Draft`; none changes the
table. The same phase always gives the same message, so the publisher can redraw it at any time.
Pictures come from :mod:`render.toppo` and are drawn off the event loop.
"""

import discord
from discord.utils import escape_markdown

from cogs.components import ButtonFactory, Controls
from cogs.emojis import CARD_EMOJIS
from cogs.kinds import PanelRequest
from cogs.layout import Words
from cogs.tables import Draft, Picture, alt_text, draw
from cogs.words import between_games, ending_lines, expired_text, names_of, noted, notices_field, table_card
from engine.toppo.cards import Card
from engine.toppo.series import Series
from locales import Catalog
from render.toppo import SLOT_LETTERS, line_png, results_png, table_png
from tables.seated import Phase
from tables.toppo import ToppoTable
from words.toppo import (
    card_name,
    cards_text,
    choosing_text,
    display_text,
    labels_for,
    line_text,
    notice_text,
    order_text,
    player_line,
    results_words,
    status_text,
)

COLOUR = discord.Colour.from_rgb(230, 126, 34)
SIZE = "size"
"""The chooser's panel buttons: the next game's display size, ``<game number>.<size>``."""


# -- the public message ----------------------------------------------------------------------------


async def playing_draft(messages: Catalog, table: ToppoTable, controls: Controls) -> Draft:
    """A game being played: the display, every line, the totals and what happened."""
    locale = table.locale
    series = table.require_state()
    game, number = series.game, series.game_number
    names = names_of(messages, table, locale)
    title = messages.text("toppo.table.title", locale, number=number)
    words = Words(title, status_text(messages, game, None, names, locale), COLOUR)
    players = [
        player_line(messages, series, seat, escape_markdown(name), locale) for seat, name in enumerate(names)
    ]
    buttons = table_card(
        messages, table, controls, ("line", "toppo.table.my_line"), words, names, notice_text, players
    )
    return await table_picture(messages, table).draft(words, buttons)


def table_picture(messages: Catalog, table: ToppoTable) -> Picture:
    """The public table as the channel sees it: the display, every line, the totals."""
    locale, series = table.locale, table.require_state()
    names, number = names_of(messages, table, locale), series.game_number
    seen = series.game.view()
    lines = "; ".join(player_line(messages, series, seat, name, locale) for seat, name in enumerate(names))
    display = cards_text(messages, seen.display, locale)
    alt = messages.text("toppo.alt.table", locale, number=number, display=display, players=lines)
    args = (seen, names, tuple(series.totals), number, labels_for(messages, locale))
    return Picture(table_png, args, "toppo.png", alt_text([alt]))


async def results_draft(messages: Catalog, table: ToppoTable, controls: Controls) -> Draft:
    """After a game, while the next is chosen, and once the series is over."""
    series, locale = table.require_state(), table.locale
    names = names_of(messages, table, locale)
    over, choosing = table.series_ended, table.phase is Phase.CHOOSING
    title, lines = results_words(messages, series, names, over, locale)
    if over and table.idle_expired:
        lines.append(expired_text(messages, table))
    lines += ending_lines(messages, table, names)
    words = Words(title, "\n".join(lines), COLOUR)
    notices_field(messages, table, words, notice_text)
    view = between_games(messages, table, controls, row=1 if choosing else 0)
    chooser = series.chooser()
    if view is not None and choosing and chooser is not None:
        # The chooser picks on their own panel; the message says who, while they choose.
        words.live = choosing_text(messages, series, names, locale)
        if not table.seats[chooser].is_ai:
            label = messages.text("toppo.table.my_line", locale)
            view.add_item(controls.button("line", "", label, discord.ButtonStyle.primary, 0))
    if series.game.outcome is None:
        # The series ended (idle) in the middle of a game: there are no results to draw for it.
        return Draft(words, view)
    png = await draw(results_png, series.view(), names, over, labels_for(messages, locale))
    scores = ", ".join(f"{names[seat]} {series.totals[seat]}" for seat in series.standings())
    alt = messages.text("toppo.alt.results", locale, number=table.game_number(), scores=scores)
    return Draft(words, view, png, "results.png", alt_text([alt]))


# -- the private panel -----------------------------------------------------------------------------


async def panel_draft(request: PanelRequest[ToppoTable], picks: str = "") -> Draft:
    """A player's own panel: their line and the display as a picture (and in words), and the
    buttons for their moves. ``picks`` are the line cards picked so far (indices, in the order
    they go on slots A, B, C...); one picked card may instead be matched onto a slot.

    Everything is drawn from one snapshot of the seat's view, taken before the picture is
    rendered: the table may change while it renders, and the words, the picture and the buttons'
    stamp must all show the same moment."""
    messages, table, seat, locale = request.messages, request.table, request.seat, request.locale
    series = table.require_state()
    seen = series.game.view(seat)
    names = names_of(messages, table, locale)
    line, size, matching = seen.lines[seat], seen.display_size, seen.matching[seat]
    ready = matching or len(line) == size
    parts = [status_text(messages, series.game, seat, names, locale), *noted(request.note)]
    parts.append(request.text("toppo.panel.display", cards=display_text(messages, seen.display, locale)))
    left = seen.deck_sizes[seat] + len(line)
    parts.append(request.text("toppo.panel.line", cards=line_text(messages, line, locale), left=left))
    if picks:
        parts.append(request.text("toppo.panel.order", order=order_text(picks)))
    elif ready:
        parts.append(request.text("toppo.panel.how_match" if matching else "toppo.panel.how_top"))
    words = Words(request.text("toppo.panel.title", number=series.game_number), "\n".join(parts), COLOUR)
    view: discord.ui.View | None = None
    if table.phase is Phase.CHOOSING:
        view = _choosing(request, series)
        chooser = series.chooser()
        choose = request.text("toppo.panel.choose") if chooser == seat else None
        words.live = choose or choosing_text(messages, series, names, locale)
    elif seen.outcome is None:
        restarter = series.game.restarter
        waiting_for = None if restarter in (None, seat) else names[restarter]
        stamp = table.panel_stamp(seat)
        button = request.controls.button
        view = _panel_buttons(
            messages, locale, button, stamp, seen.votes, seat, line, size, matching, picks, waiting_for
        )
    png = await draw(line_png, seen, names, series.game_number, labels_for(messages, locale))
    own = cards_text(messages, line, locale) or request.text("toppo.panel.empty")
    alt = request.text(
        "toppo.alt.line",
        number=series.game_number,
        line=own,
        display=cards_text(messages, seen.display, locale),
    )
    return Draft(words, view, png, "line.png", alt_text([alt]))


def _choosing(request: PanelRequest[ToppoTable], series: Series) -> discord.ui.View:
    """Between games, the chooser's panel offers the next display's sizes (everyone's has
    Refresh): the chooser picks there, not on the public message, where every other press would
    only be refused."""
    view = discord.ui.View(timeout=None)
    grey, number = discord.ButtonStyle.secondary, request.table.game_number()
    if series.chooser() == request.seat:
        for size in series.display_sizes():
            label = request.text("toppo.results.size", size=size)
            view.add_item(
                request.controls.button(SIZE, f"{number}.{size}", label, discord.ButtonStyle.primary, 0)
            )
    view.add_item(request.controls.button("refresh", "", request.text("toppo.panel.refresh"), grey, 1))
    return view


def _panel_buttons(
    messages: Catalog,
    locale: str,
    button: ButtonFactory,
    stamp: str,
    votes: tuple[int, ...],
    seat: int,
    line: tuple[Card, ...],
    size: int,
    matching: bool,
    picks: str,
    waiting_for: str | None,
) -> discord.ui.View:
    """Row 1: the line cards to pick; row 2: "match on A, B..." for one picked card; row 3: Top
    (once every slot has a card) and Clear; row 4: turn, renew, toppo, vote, refresh. While play
    waits for another player to restart, Turn says so and cannot be pressed: turning then would
    only be a false start, a trap for whoever has not read the rules."""
    text = messages.text
    ready = matching or len(line) == size
    can_top = ready and not matching
    view = discord.ui.View(timeout=None)
    grey = discord.ButtonStyle.secondary
    if ready:
        full = len(picks) >= (size if can_top else 1)
        for index, card in enumerate(line):
            name = card_name(messages, card, locale)
            if str(index) in picks:
                slot = SLOT_LETTERS[picks.index(str(index))]
                label = text("toppo.panel.picked", locale, slot=slot, card=name)
            else:
                label = text("toppo.panel.pick", locale, number=index + 1, card=name)
            picked, emoji = str(index) in picks, CARD_EMOJIS.of(card)
            arg = f"{stamp}.{picks}{index}"
            view.add_item(button("pick", arg, label, grey, 0, disabled=picked or full, emoji=emoji))
    if ready and len(picks) == 1:
        for place in range(size):
            label = text("toppo.panel.match", locale, slot=SLOT_LETTERS[place])
            view.add_item(button("match", f"{stamp}.{picks}{place}", label, grey, 1))
    if can_top:
        complete = len(picks) == size
        label = (
            text("toppo.panel.top", locale, order=order_text(picks))
            if complete
            else text("toppo.panel.top_pick", locale)
        )
        view.add_item(
            button("top", f"{stamp}.{picks}", label, discord.ButtonStyle.success, 2, disabled=not complete)
        )
    if ready:
        view.add_item(
            button("pick", f"{stamp}.", text("toppo.panel.clear", locale), grey, 2, disabled=not picks)
        )
    turnable = (matching or len(line) < size) and waiting_for is None
    turn = (
        text("toppo.panel.turn", locale)
        if waiting_for is None
        else text("toppo.panel.wait_start", locale, name=waiting_for)
    )
    view.add_item(button("turn", stamp, turn, discord.ButtonStyle.primary, 3, disabled=not turnable))
    view.add_item(button("renew", stamp, text("toppo.panel.renew", locale), grey, 3, disabled=not ready))
    view.add_item(button("toppo", "", text("toppo.panel.toppo", locale), discord.ButtonStyle.danger, 3))
    view.add_item(button("vote", stamp, text("toppo.panel.vote", locale), grey, 3, disabled=seat in votes))
    view.add_item(button("refresh", "", text("toppo.panel.refresh", locale), grey, 3))
    return view
