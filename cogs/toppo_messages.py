"""What a Toppo table looks like on Discord: the public message in each phase, the private panel,
and the words for cards, seats and what happened.

Every function here reads the table; none changes it. The same phase always gives the same
message, so the publisher can redraw it at any time. Pictures come from :mod:`render.toppo` and
are drawn off the event loop (:class:`~cogs.drafts.Picture`).
"""

import discord
from discord.utils import escape_markdown

from cogs.components import GREY
from cogs.drafts import Draft, Picture, alt_text
from cogs.emojis import CARD_EMOJIS
from cogs.kinds import PanelRequest, Playing, Results
from cogs.message_parts import names_of
from cogs.toppo_ids import move_id
from engine.toppo.actions import CallToppo, MatchCard, Renew, TopLine, TurnCard, VoteReplace
from engine.toppo.state import ToppoView
from locales import Catalog
from render.toppo import line_png, results_png, table_png
from tables.phases import Phase
from tables.toppo import ToppoTable
from words.toppo import (
    card_name,
    cards_text,
    choosing_text,
    display_text,
    labels_for,
    line_text,
    player_line,
    results_words,
    status_text,
)

# -- the public message ----------------------------------------------------------------------------


def playing(messages: Catalog, table: ToppoTable) -> Playing:
    """A game being played: the display, every line, the totals and what happened."""
    locale, series = table.locale, table.require_state()
    names = names_of(messages, table, locale)
    title = messages.text("toppo.table.title", locale, number=series.game_number)
    lines = [player_line(messages, series, seat, escape_markdown(n), locale) for seat, n in enumerate(names)]
    return Playing(title, status_text(messages, series.game, None, names, locale), lines)


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


def results(messages: Catalog, table: ToppoTable) -> Results:
    """After a game, while the start player chooses the next display (on their panel), and once
    the series is over; no picture when the series ended (idle) in the middle of a game."""
    series, locale = table.require_state(), table.locale
    names = names_of(messages, table, locale)
    title, lines = results_words(messages, series, names, table.series_ended, locale)
    choosing = table.phase is Phase.CHOOSING and series.chooser() is not None
    live = choosing_text(messages, series, names, locale) if choosing else None
    if series.game.outcome is None:
        return Results(title, lines, live=live)
    scores = ", ".join(f"{names[seat]} {series.totals[seat]}" for seat in series.standings())
    alt = messages.text("toppo.alt.results", locale, number=table.game_number(), scores=scores)
    args = (series.view(), names, table.series_ended, labels_for(messages, locale))
    return Results(title, lines, Picture(results_png, args, "results.png", alt_text([alt])), live=live)


# -- the private panel -----------------------------------------------------------------------------


async def panel_draft(request: PanelRequest[ToppoTable]) -> Draft:
    """A player's own panel: their line and the display as a picture (and in words), and the
    buttons for their moves, each one press.

    Everything is drawn from one snapshot of the seat's view, taken before the picture is
    rendered: the table may change while it renders, and the words, the picture and the buttons'
    stamp must all show the same moment."""
    messages, table, seat, locale = request.messages, request.table, request.seat, request.locale
    series = table.require_state()
    seen = series.game.view(seat)
    names = request.names()
    line, matching = seen.lines[seat], seen.matching[seat]
    parts = [status_text(messages, series.game, seat, names, locale), *request.noted()]
    parts.append(request.text("toppo.panel.display", cards=display_text(messages, seen.display, locale)))
    left = seen.deck_sizes[seat] + len(line)
    parts.append(request.text("toppo.panel.line", cards=line_text(messages, line, locale), left=left))
    if matching or len(line) == seen.display_size:
        parts.append(request.text("toppo.panel.how_match" if matching else "toppo.panel.how_top"))
    view: discord.ui.View | None = None
    live = None
    if table.phase is Phase.CHOOSING:
        view = request.choosing()
        choose = request.text("toppo.panel.choose") if series.chooser() == seat else None
        live = choose or choosing_text(messages, series, names, locale)
    elif seen.outcome is None:
        waiting_for = None if seen.restarter in (None, seat) else names[seen.restarter]
        view = _panel_buttons(request, seen, table.panel_stamp(seat), waiting_for)
    own = cards_text(messages, line, locale) or request.text("toppo.panel.empty")
    display = cards_text(messages, seen.display, locale)
    alt = request.text("toppo.alt.line", number=series.game_number, line=own, display=display)
    args = (seen, names, series.game_number, labels_for(messages, locale))
    title = request.text("toppo.panel.title", number=series.game_number)
    return await request.draft(title, parts, view, Picture(line_png, args, "line.png", alt_text([alt])), live)


def _panel_buttons(
    request: PanelRequest[ToppoTable], seen: ToppoView, stamp: str, waiting_for: str | None
) -> discord.ui.View:
    """Row 1: the line's cards, each laid on its identical display card with one press; row 2:
    Top (the line, in an order that tops if there is one), Turn and Renew; row 3: toppo, vote,
    refresh. While play waits for another player to restart, Turn says so and cannot be
    pressed: turning then would only be a false start, a trap for whoever has not read the rules."""
    text, button, seat = request.text, request.controls.button, request.seat
    line, size, matching = seen.lines[seat], seen.display_size, seen.matching[seat]
    ready = matching or len(line) == size
    view = discord.ui.View(timeout=None)
    if ready:
        for card in dict.fromkeys(line):
            name = card_name(request.messages, card, request.locale)
            match = move_id(stamp, MatchCard(seat, card))
            view.add_item(
                button(*match, text("toppo.panel.match", card=name), GREY, 0, emoji=CARD_EMOJIS.of(card))
            )
    top = move_id(stamp, TopLine(seat))
    view.add_item(
        button(*top, text("toppo.panel.top"), discord.ButtonStyle.success, 1, disabled=matching or not ready)
    )
    turnable = (matching or len(line) < size) and waiting_for is None
    turn = (
        text("toppo.panel.turn") if waiting_for is None else text("toppo.panel.wait_start", name=waiting_for)
    )
    view.add_item(
        button(*move_id(stamp, TurnCard(seat)), turn, discord.ButtonStyle.primary, 1, disabled=not turnable)
    )
    renew = text("toppo.panel.renew")
    view.add_item(button(*move_id(stamp, Renew(seat)), renew, GREY, 1, disabled=not ready))
    toppo = text("toppo.panel.toppo")
    view.add_item(button(*move_id(stamp, CallToppo(seat)), toppo, discord.ButtonStyle.danger, 2))
    vote = text("toppo.panel.vote")
    view.add_item(button(*move_id(stamp, VoteReplace(seat)), vote, GREY, 2, disabled=seat in seen.votes))
    view.add_item(button("refresh", "", text("toppo.panel.refresh"), GREY, 2))
    return view
