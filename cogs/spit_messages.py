"""What a Spit or Speed table looks like on Discord: the lobby's options, the public message in
each phase, the private panel with one button per move, and the words for cards, piles, what
happened and why a press was refused.

Every function here reads the table; none changes it. Pictures come from :mod:`render.spit` and
are drawn off the event loop; the words on them come from the catalogue (``spit.picture.*``).
"""

from collections.abc import Callable, Sequence

import discord

from cogs.components import GREY
from cogs.drafts import Draft, Picture, alt_text
from cogs.emojis import CARD_EMOJIS
from cogs.kinds import PanelRequest, Playing, Results
from cogs.message_parts import names_of
from cogs.spit_ids import move_id
from engine.spit import (
    Action,
    Card,
    Flip,
    MoveCard,
    PlayCard,
    PlayHand,
    Slap,
    SpeedState,
    SpeedView,
    Spit,
    SpitView,
    TurnUp,
    fits,
)
from engine.spit.centre import CENTRE_PILES
from locales import Catalog
from render.spit import panel_png, results_png, table_png
from tables.phases import Phase
from tables.spit import Shown, SpitTable
from words.spit import (
    PILES,
    card_name,
    centre_words,
    labels_for,
    own_words,
    player_line,
    results_words,
    spit_targets,
    status_text,
    variant_name,
)

# -- the public message ----------------------------------------------------------------------------


def playing(messages: Catalog, table: SpitTable) -> Playing:
    """A match being played: both sides, the centre, what the game waits for, what happened."""
    locale, view = table.locale, table.require_state().view()
    names = names_of(messages, table, locale)
    variant = variant_name(messages, table.variant, locale)
    return Playing(
        messages.text("spit.table.title", locale, variant=variant, number=table.match_number),
        status_text(messages, view, None, names, locale),
        [
            player_line(messages, view, seat, name, table.wins[seat], locale)
            for seat, name in enumerate(names)
        ],
    )


def table_picture(messages: Catalog, table: SpitTable) -> Picture:
    """The public table as the channel sees it: both sides and the centre."""
    locale, view = table.locale, table.require_state().view()
    names = names_of(messages, table, locale)
    variant, number = variant_name(messages, table.variant, locale), table.match_number
    players = "; ".join(
        player_line(messages, view, seat, name, table.wins[seat], locale) for seat, name in enumerate(names)
    )
    centre = centre_words(messages, view, locale)
    alt = messages.text(
        "spit.alt.table", locale, variant=variant, number=number, centre=centre, players=players
    )
    return Picture(table_png, (view, names, labels_for(messages, locale)), "spit.png", alt_text([alt]))


def results(messages: Catalog, table: SpitTable) -> Results:
    """After a match, and once the series is over; no picture when the series ended (idle) in
    the middle of a match."""
    match = table.require_state()
    view, locale = match.view(), table.locale
    names = names_of(messages, table, locale)
    title, parts = results_words(
        messages, view, table.variant, table.match_number, table.wins, names, table.series_ended, locale
    )
    if view.outcome is None:
        return Results(title, parts)
    deal = table.last_deal if isinstance(match, SpeedState) and match.options.target is not None else None
    alt = alt_text([messages.text("spit.alt.results", locale, title=title), *parts])
    return Results(
        title,
        parts,
        Picture(results_png, (view, names, labels_for(messages, locale), deal), "results.png", alt),
    )


# -- the private panel -----------------------------------------------------------------------------

Ids = Callable[[Action], tuple[str, str]]
"""A move's custom id action and argument on the panel being drawn (its :class:`Shown` in it)."""


async def panel_draft(request: PanelRequest[SpitTable]) -> Draft:
    """A player's own panel: the centre and their cards as a picture and in words, and a button
    for every move. Words, picture and the buttons' stamp come from one moment of the table
    (the table may change while the picture renders)."""
    messages, table, seat, locale = request.messages, request.table, request.seat, request.locale
    view = table.require_state().view(seat)
    number = table.match_number

    def ids(move: Action) -> tuple[str, str]:
        return move_id(str(Shown.of(number, view, move)), move)

    names = request.names()
    centre, own = centre_words(messages, view, locale), own_words(messages, view, seat, locale)
    parts = [status_text(messages, view, seat, names, locale), *request.noted(), centre, own]
    buttons: discord.ui.View | None = None
    if view.outcome is None and table.phase is Phase.PLAYING:
        parts.append(request.text("spit.panel.how"))
        buttons = (
            _speed_buttons(request, view, ids)
            if isinstance(view, SpeedView)
            else _spit_buttons(request, view, ids)
        )
    alt = request.text("spit.alt.panel", centre=centre, own=own)
    picture = Picture(panel_png, (view, names, labels_for(messages, locale)), "cards.png", alt_text([alt]))
    return await request.draft(
        request.text("spit.panel.title", number=table.match_number), parts, buttons, picture
    )


def _play_rows(
    request: PanelRequest[SpitTable],
    buttons: discord.ui.View,
    view: SpitView | SpeedView,
    cards: Sequence[Card | None],
    ids: Ids,
    move: Callable[[int, int], Action],
) -> None:
    """Rows 0 and 1: each card onto the left pile, then onto the right (``move(place, pile)``
    is the move a button makes). A place without a card to play shows its number, and a card
    that does not fit the pile says so, both disabled: a play the rules refuse is no choice to
    offer."""
    alternate = isinstance(view, SpitView) and view.options.alternate_colours
    for centre in CENTRE_PILES:
        top, side = view.centre[centre], PILES[centre]
        for place, card in enumerate(cards):
            playable = card is not None and top is not None and fits(card, top, alternate)
            if card is None:
                label = request.text(f"spit.panel.no_play_{side}", number=place + 1)
            else:
                name = card_name(request.messages, card, request.locale)
                word = "play" if playable else "no_fit"
                label = request.text(f"spit.panel.{word}_{side}", number=place + 1, card=name)
            style = discord.ButtonStyle.primary if playable else GREY
            emoji = None if card is None else CARD_EMOJIS.of(card)
            action, arg = ids(move(place, centre))
            buttons.add_item(
                request.controls.button(action, arg, label, style, centre, disabled=not playable, emoji=emoji)
            )


def _spit_buttons(request: PanelRequest[SpitTable], view: SpitView, ids: Ids) -> discord.ui.View:
    """Rows 0-1: play each stock pile's top left or right; row 2: turn up or move each pile's top;
    row 3: spit (onto a chosen pile when spitting alone), slap left and right, refresh."""
    text, button, seat = request.text, request.controls.button, request.seat
    buttons = discord.ui.View(timeout=None)
    layout = view.layouts[seat]
    _play_rows(
        request,
        buttons,
        view,
        [pile.top for pile in layout],
        ids,
        lambda place, pile: PlayCard(seat, place, pile),
    )
    space = next((number for number, pile in enumerate(layout) if not pile.size), None)
    for number, pile in enumerate(layout):
        if pile.top is not None and pile.size > 1 and space is not None:
            label = text("spit.panel.move", number=number + 1, space=space + 1)
            buttons.add_item(button(*ids(MoveCard(seat, number, space)), label, GREY, 2))
        else:
            hidden = pile.size > 0 and pile.top is None
            label = text("spit.panel.turn", number=number + 1)
            buttons.add_item(button(*ids(TurnUp(seat, number)), label, GREY, 2, disabled=not hidden))
    danger, spitting = discord.ButtonStyle.danger, bool(view.spit_cards[seat])
    for target, label in spit_targets(request.messages, view, seat, request.locale):
        buttons.add_item(button(*ids(Spit(seat, target)), label, danger, 3, disabled=not spitting))
    for centre in CENTRE_PILES:
        word = ("choose_" if view.options.emptier_chooses else "slap_") + PILES[centre]
        buttons.add_item(button(*ids(Slap(seat, centre)), text(f"spit.panel.{word}"), GREY, 3))
    buttons.add_item(button("refresh", "", text("spit.panel.refresh"), GREY, 3))
    return buttons


def _speed_buttons(request: PanelRequest[SpitTable], view: SpeedView, ids: Ids) -> discord.ui.View:
    """Rows 0-1: play each hand card left or right (the card in the button, so a hand refilled
    since cannot play a card its player has not seen); row 2: flip, refresh."""
    buttons = discord.ui.View(timeout=None)
    hand, seat = view.hand or (), request.seat
    _play_rows(request, buttons, view, list(hand), ids, lambda place, pile: PlayHand(seat, hand[place], pile))
    button, text = request.controls.button, request.text
    buttons.add_item(button(*ids(Flip(seat)), text("spit.panel.flip"), discord.ButtonStyle.danger, 2))
    buttons.add_item(button("refresh", "", text("spit.panel.refresh"), GREY, 2))
    return buttons
