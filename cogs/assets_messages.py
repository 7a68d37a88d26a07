"""What a Cover Your Assets table says on Discord: the words on its pictures and the names of
its cards, in the player's or the server's language; the public table message in each phase,
the private panel with exactly the moves its player may make, and what happened, in words.

Pictures come from :mod:`render.assets`, which reads no catalogue: it takes these words as a
:class:`~render.assets.Labels` value (``assets.picture.<field>``, card names ``assets.card.<asset>``).
Everything here reads the table and changes nothing, so the publisher may redraw at any time.

A panel's moves are the engine's legal actions for its seat, one row per kind of move (pairs
from hand, pairs with the discard, challenges, discards; or the answers to a challenge): buttons
while they fit, a select menu when there are more than five. Each carries the panel's stamp
(see :mod:`tables.assets`) and names its cards by the numbers the hand picture shows.
"""

from collections.abc import Sequence

import discord
from discord.utils import escape_markdown

from cogs.assets_ids import move_id, with_stamp
from cogs.components import PER_ROW, Choice
from cogs.drafts import Draft, Picture, alt_text
from cogs.emojis import CARD_EMOJIS
from cogs.kinds import PanelRequest, Playing, Results
from cogs.message_parts import names_of
from engine.assets.actions import Action, Answer, Challenge, Discard, GiveUp, PairFromHand, PairWithDiscard
from engine.assets.cards import Asset
from engine.assets.state import AssetsView, Stage
from locales import Catalog
from render.assets import hand_png, results_png, table_png
from tables.assets import AssetsTable
from tables.phases import Phase
from words.assets import (
    card_name,
    discard_text,
    hand_text,
    labels_for,
    panel_status,
    player_line,
    public_status,
    results_words,
    stack_text,
    standing_line,
    worded,
)
from words.common import Notice

# -- words -----------------------------------------------------------------------------------------


def callout_text(messages: Catalog, table: AssetsTable, notice: Notice) -> str:
    """A callout (``assets.call.<code>``) in the table's language, mentioning its player so
    Discord notifies them."""
    assert notice.player is not None, "a callout is for one player"
    locale = table.locale
    names = names_of(messages, table, locale)
    mention = f"<@{table.seats[notice.player].user_id}>"
    values = worded(messages, dict(notice.values), names, locale)
    return messages.text(f"assets.call.{notice.code}", locale, mention=mention, **values)


# -- the public message ----------------------------------------------------------------------------


def playing(messages: Catalog, table: AssetsTable) -> Playing:
    """A round being played: stacks, discard pile, whose move it is, what happened."""
    locale, view = table.locale, table.require_state().view()
    names = names_of(messages, table, locale)
    timer = messages.text("assets.status.timer", locale, seconds=round(table.waits.timer.limits.act_after))
    return Playing(
        messages.text("assets.table.title", locale, number=view.round_number),
        f"{public_status(messages, view, names, locale)}\n{timer}",
        [player_line(messages, view, seat, escape_markdown(name), locale) for seat, name in enumerate(names)],
    )


def table_picture(messages: Catalog, table: AssetsTable) -> Picture:
    """The public table as the channel sees it: every stack and the discard pile."""
    locale, view = table.locale, table.require_state().view()
    names = names_of(messages, table, locale)
    lines = "; ".join(player_line(messages, view, seat, name, locale) for seat, name in enumerate(names))
    discard = discard_text(messages, view, locale)
    alt = messages.text("assets.alt.table", locale, number=view.round_number, discard=discard, players=lines)
    return Picture(table_png, (view, names, labels_for(messages, locale)), "assets.png", alt_text([alt]))


def results(messages: Catalog, table: AssetsTable) -> Results:
    """After a round, and once the match is over (won, ended between rounds, or left idle):
    who won or deals next, and the standings."""
    state, locale = table.require_state(), table.locale
    view = state.view()
    names = names_of(messages, table, locale)
    between = table.phase is Phase.RESULTS
    title, line = results_words(
        messages, state, names, between, round(table.waits.timer.limits.act_after), locale
    )
    ended_idle = not between and view.outcome is None and table.message.idle_expired  # said alone
    standings = sorted(range(view.players), key=lambda seat: (-view.totals[seat], seat))
    lines = [standing_line(messages, view, seat, escape_markdown(names[seat]), locale) for seat in standings]
    field = (messages.text("assets.results.standings", locale), "\n".join(lines))
    if view.stage not in (Stage.ROUND_OVER, Stage.GAME_OVER):
        return Results(title, [] if ended_idle else [line], fields=[field])
    scores = "; ".join(standing_line(messages, view, seat, names[seat], locale) for seat in standings)
    alt = messages.text("assets.alt.results", locale, number=view.round_number, lines=scores)
    picture = Picture(
        results_png, (view, names, labels_for(messages, locale)), "results.png", alt_text([alt])
    )
    return Results(title, [] if ended_idle else [line], picture, [field])


# -- the private panel -----------------------------------------------------------------------------


async def panel_draft(request: PanelRequest[AssetsTable]) -> Draft:
    """A player's own panel: their hand as a numbered picture and in words, the discard pile,
    their stack, and the moves they may make now (none but Refresh when it is not their turn).

    The view, the moves and the stamp are all read at one moment, before the picture is drawn:
    the table may change while it draws, and the words, the picture and the buttons must show
    the same table."""
    messages, table, seat, locale = request.messages, request.table, request.seat, request.locale
    state = table.require_state()
    view = state.view(seat)
    legal = state.legal_actions(seat) if table.phase is Phase.PLAYING else []
    names = request.names()
    cards = hand_text(messages, view.hand or (), locale)
    discard, stack = discard_text(messages, view, locale), stack_text(messages, view, seat, locale)
    between, in_play = table.phase is Phase.RESULTS, table.phase is Phase.PLAYING
    status = panel_status(messages, view, names, between, in_play, locale)
    parts = [status, *request.noted(), request.text("assets.panel.hand", cards=cards), discard, stack]
    moves = _moves(request, table.panel_stamp(), legal, view)
    alt = request.text("assets.alt.hand", cards=cards, discard=discard, stack=stack)
    picture = Picture(
        hand_png, (view, seat, names, labels_for(messages, locale)), "hand.png", alt_text([alt])
    )
    return await request.draft(
        request.text("assets.panel.title", number=view.round_number), parts, moves, picture
    )


MOVE_ROWS = (
    ("pair", "assets.panel.pick_pair", discord.ButtonStyle.success),
    ("take", "assets.panel.pick_take", discord.ButtonStyle.success),
    ("chal", "assets.panel.pick_challenge", discord.ButtonStyle.danger),
    ("disc", "assets.panel.pick_discard", discord.ButtonStyle.secondary),
    ("ans", "", discord.ButtonStyle.primary),
)
"""The panel's rows of moves, top to bottom: each kind's custom id action, the placeholder of
its select menu, and its buttons' style. Answers share the first row with Give up."""


def _moves(
    request: PanelRequest[AssetsTable], stamp: str, legal: Sequence[Action], view: AssetsView
) -> discord.ui.View:
    """The moves in ``legal`` (``view`` is the seat's) as buttons (a select menu for a kind with
    more than five), then Give up (in a challenge) and Refresh."""
    text, names, button = request.text, request.names(), request.controls.button
    hand = view.hand or ()

    def number(card: Asset, nth: int = 0) -> int:
        """The card's number on the hand picture (the ``nth`` of its kind)."""
        return [index for index, held in enumerate(hand) if held is card][nth] + 1

    def name(card: Asset) -> str:
        return card_name(request.messages, card, request.locale)

    # Each move shows the emoji of the card it plays: a pair's, its asset (the set it makes).
    moves: dict[str, list[Choice]] = {kind: [] for kind, _, _ in MOVE_ROWS}
    for action in legal:
        match action:
            case PairFromHand(asset=asset, partner=partner):
                numbers = f"{number(asset)}+{number(partner, 1 if partner is asset else 0)}"
                cards = f"{name(asset)} + {name(partner)}"
                label, shown = text("assets.panel.pair", numbers=numbers, cards=cards), asset
            case PairWithDiscard(card=card):
                label, shown = text("assets.panel.take", number=number(card), card=name(card)), card
            case Challenge(target=target, card=card):
                # Only a stack's top set can be challenged: the name says which set.
                label = text(
                    "assets.panel.challenge", name=names[target], number=number(card), card=name(card)
                )
                shown = card
            case Discard(card=card):
                label, shown = text("assets.panel.discard_card", number=number(card), card=name(card)), card
            case Answer(card=card):
                label, shown = text("assets.panel.answer", number=number(card), card=name(card)), card
            case _:
                continue
        kind, value = move_id(action)
        moves[kind].append(Choice(label, value, CARD_EMOJIS.of(shown)))
    controls = discord.ui.View(timeout=None)
    for row, (kind, placeholder, style) in enumerate(MOVE_ROWS[:4]):
        options = moves[kind]
        if len(options) > PER_ROW:
            controls.add_item(request.controls.choices(kind, stamp, text(placeholder), options, row))
            continue
        for label, value, emoji in options:
            controls.add_item(button(kind, with_stamp(stamp, value), label, style, row, emoji=emoji))
    for label, value, emoji in moves["ans"]:
        controls.add_item(button("ans", with_stamp(stamp, value), label, MOVE_ROWS[4][2], 0, emoji=emoji))
    for give_up in (action for action in legal if isinstance(action, GiveUp)):
        kind, value = move_id(give_up)
        label = text("assets.panel.give_up")
        controls.add_item(button(kind, with_stamp(stamp, value), label, discord.ButtonStyle.danger, 0))
    controls.add_item(button("refresh", "", text("assets.panel.refresh"), discord.ButtonStyle.secondary, 4))
    return controls
