"""The Cover Your Assets pictures: the public table, a player's private hand, and the results.

Each is a pure function of the engine's view (:class:`~engine.assets.state.AssetsView`) plus
what the engine does not know: the players' names (it has seat numbers) and the words, which
the caller takes from the message catalogue (:class:`~words.assets.Labels`; :data:`ENGLISH`, its
English defaults, card names and the money format included).

Sized for phones like the Toppo pictures: 1000 pixels wide, names and amounts 30-44 pixels high.
The table gives each player a place (name, running total and stack value, the cards in hand and
the sets under the top set counted in words, the top set face up), two across, three from five
players, so that six players in a challenge fit the height a phone shows a picture at in a
message (1000 by 1191: render/legibility.py ``INLINE``). A set is drawn one card per kind with a
"×n" badge (see :mod:`render.assets_cards`); on the table its cards show their icons, the money
being said in words. Hand cards carry numbers drawn like the Discord buttons that name them.

The public picture never reads a hand: only the view's hand sizes. Speed: faces, names, amounts
and row backgrounds are cached palette tiles (:mod:`render.canvas`), so a picture is a blank
canvas, some pastes and a fast PNG encode.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

from PIL import Image

from engine.assets.cards import Asset
from engine.assets.state import AssetsView, Stage
from locales import formatter
from render.assets_cards import PALETTE, card_tile, group_size, group_tile, kinds
from render.canvas import badge, encode, paste_sentence, paste_text, rounded_tile
from render.cards import back_tile, slot_tile
from render.fonts import RGB, Sentence, line_height, no_names, text_width, top_for_middle, wrap_or_cut
from render.legibility import Render, Scene
from render.theme import BG, DIM, GOLD, PANEL, TEXT
from words.assets import Labels

WIDTH = 1000
MARGIN = 24

STATUS_SIZE = 44
NAME_SIZE = 36
LABEL_SIZE = 30
CAPTION_SIZE = 26

ENGLISH = Labels()


# -- shared pieces ---------------------------------------------------------------------------------


def money(amount: int, labels: Labels) -> str:
    """``$1,250,000`` in English, ``1.250.000 $`` in Spanish: as the labels' language writes it."""
    return formatter(labels.language).money(amount)


def card_name(asset: Asset, labels: Labels) -> str:
    """The asset's name in the labels' language."""
    return labels.cards[asset.rank]


NAMED_CARD = 150
"""Cards at least this wide carry the asset's name and the amount in money. On narrower ones
a name would be too small to read on a phone: they show the amount and the icon, bigger, and
the picture names the asset in words nearby (the discard's caption, the challenge's line)."""


VALUED_CARD = 96
"""Cards at least this wide (and narrower than :data:`NAMED_CARD`) carry the amount, "50,000"
at the phone's reading size; narrower ones (the cards shown in a challenge) only the icon, the
fill telling the value's tier."""


def faces(asset: Asset, card: tuple[int, int], labels: Labels) -> tuple[str, str, str]:
    """The name, value and wild word a face of ``card`` size carries (see :data:`NAMED_CARD`
    and :data:`VALUED_CARD`), as :func:`~render.assets_cards.paint_card` takes them."""
    if card[0] >= NAMED_CARD:
        return card_name(asset, labels), money(asset.worth, labels), labels.wild
    if card[0] >= VALUED_CARD:
        return "", formatter(labels.language).number(asset.worth), ""
    return "", "", ""


def _card(asset: Asset, size: tuple[int, int], bg: RGB, labels: Labels) -> Image.Image:
    return card_tile(asset, *size, bg, *faces(asset, size, labels))


def _paste_set(
    canvas: Image.Image,
    xy: tuple[int, int],
    cards: Sequence[Asset],
    card: tuple[int, int],
    gap: int,
    bg: RGB,
    labels: Labels,
) -> None:
    """A set (or the cards one side showed in a challenge) from ``xy``: one group per kind."""
    x, y = xy
    for asset, count in kinds(cards):
        canvas.paste(group_tile(asset, count, card, bg, *faces(asset, card, labels)), (x, y))
        x += group_size(card)[0] + gap


def _text(
    canvas: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fg: RGB,
    bg: RGB,
    *,
    bold: bool = False,
    max_width: int | None = None,
    align: str = "left",
) -> int:
    """:func:`~render.canvas.paste_text` in this game's palette."""
    return paste_text(PALETTE, canvas, xy, text, size, fg, bg, bold=bold, max_width=max_width, align=align)


def _check_seats(view: AssetsView, names: Sequence[str]) -> None:
    """One name per seat: a mismatch is the caller's bug, said clearly."""
    if len(names) != view.players:
        raise ValueError(f"{len(names)} names for {view.players} seats")


def _leaders(view: AssetsView) -> list[int]:
    best = max(view.totals)
    return [seat for seat, total in enumerate(view.totals) if total == best]


def _tied(view: AssetsView) -> bool:
    """Whether the round ended with several players sharing the highest total at or above the
    goal: one more round is played."""
    leaders = _leaders(view)
    return view.stage is Stage.ROUND_OVER and len(leaders) > 1 and view.totals[leaders[0]] >= view.goal


def status(view: AssetsView, names: Sequence[str], labels: Labels, seat: int | None) -> tuple[Sentence, RGB]:
    """The headline (as ``seat`` sees it: "Your turn"; None for everyone; names may be
    shortened to fit it) and its colour: gold when a challenge, the seat's own turn or the end
    of the game needs attention."""
    outcome, duel, to_act, turn = view.outcome, view.duel, view.to_act, view.turn
    if outcome is not None:
        won = money(outcome.totals[outcome.winner], labels)
        return lambda name: labels.won.format(name=name(names[outcome.winner]), money=won), GOLD
    if _tied(view):
        return no_names(labels.tie.format(money=money(max(view.totals), labels))), GOLD
    if view.stage is Stage.ROUND_OVER:
        assert to_act is not None
        return lambda name: labels.round_over.format(number=view.round_number, name=name(names[to_act])), TEXT
    if duel is not None:
        return lambda name: labels.challenge.format(
            challenger=name(names[duel.challenger]), defender=name(names[duel.defender])
        ), GOLD
    if seat == turn:
        return no_names(labels.your_turn), GOLD
    return lambda name: labels.turn.format(name=name(names[turn])), TEXT


def _headline(
    canvas: Image.Image, view: AssetsView, names: Sequence[str], labels: Labels, seat: int | None
) -> None:
    text, colour = status(view, names, labels, seat)
    _sentence(canvas, (MARGIN, MARGIN), text, STATUS_SIZE, colour, BG, max_width=WIDTH - 2 * MARGIN)


def answer_hint(view: AssetsView, names: Sequence[str], labels: Labels, seat: int | None) -> Sentence:
    """Who must answer the running challenge, and with what; addressed to ``seat`` if it is
    theirs to answer."""
    to_act = view.to_act
    assert view.duel is not None and to_act is not None
    asset = card_name(view.duel.stake.asset, labels)
    if to_act == seat:
        return no_names(labels.you_answer.format(asset=asset))
    return lambda name: labels.to_answer.format(name=name(names[to_act]), asset=asset)


_sentence = partial(paste_sentence, PALETTE, bold=True)
""":func:`~render.canvas.paste_sentence` in this game's palette, bold unless told."""


HEADER_H = MARGIN + line_height(STATUS_SIZE) + 8


# -- the table -------------------------------------------------------------------------------------

PILE_CARD = (96, 134)
BAND_TOP = HEADER_H
BAND_H = PILE_CARD[1] + 20
DRAW_X = MARGIN
DISCARD_X = MARGIN + 320
PILE_LABEL_ROOM = 190
INFO_ROOM = 300
"""Width of the round, goal and dealer lines at the right of the piles."""
DUEL_CARD = (64, 90)
DUEL_PAD = 16
DUEL_COLUMN = (WIDTH - 2 * MARGIN - 2 * DUEL_PAD) // 3
DUEL_HEADINGS = DUEL_PAD + line_height(LABEL_SIZE) + 6
DUEL_CARDS = DUEL_HEADINGS + line_height(LABEL_SIZE) + 4
DUEL_SIZE = (WIDTH - 2 * MARGIN, DUEL_CARDS + group_size(DUEL_CARD)[1] + DUEL_PAD)
"""The challenge panel: who must answer, then three columns: the challenger's shown cards, the
defender's, and the set at stake."""

ROW_CARD = (VALUED_CARD, 134)
"""A set's cards on the private hand (the discard's pair, the stake of a challenge)."""
SET_GAP = 8

SEAT_GAP = 8
SEAT_PAD = 8
SEAT_CARD = (52, 72)
"""A top set's cards on the table: its icons, the fill telling the value's tier (the money is
said in words, by the seat's stack value)."""
SEAT_LINES = SEAT_PAD + line_height(NAME_SIZE) + 2 * line_height(LABEL_SIZE) + line_height(CAPTION_SIZE)
"""From a seat's top to its top set: the name, the total, the stack value, the counts."""
SEAT_HEIGHT = SEAT_LINES + 2 + group_size(SEAT_CARD)[1] + SEAT_PAD
SEATS_ACROSS_FROM = 5
"""From this many players the seats sit three across, so that six with a challenge fit the
height a phone shows (render/legibility.py ``INLINE``); fewer sit two across."""


def duel_top() -> int:
    return BAND_TOP + BAND_H


def rows_top(duel: bool) -> int:
    return BAND_TOP + BAND_H + (DUEL_SIZE[1] + SEAT_GAP if duel else 0)


def across(players: int) -> int:
    """How many seats sit side by side."""
    return 3 if players >= SEATS_ACROSS_FROM else 2


def seat_size(players: int) -> tuple[int, int]:
    """A seat's place on the table: its share of the width, :data:`SEAT_HEIGHT` high."""
    columns = across(players)
    return (WIDTH - 2 * MARGIN - (columns - 1) * SEAT_GAP) // columns, SEAT_HEIGHT


def table_size(players: int, duel: bool = False) -> tuple[int, int]:
    """The table picture's size: the seats in rows under the piles (and the challenge, if any)."""
    rows = -(-players // across(players))
    return WIDTH, rows_top(duel) + rows * SEAT_HEIGHT + (rows - 1) * SEAT_GAP + MARGIN


def seat_origin(seat: int, players: int, duel: bool = False) -> tuple[int, int]:
    """Top-left corner of ``seat``'s place (seats fill rows left to right)."""
    row, column = divmod(seat, across(players))
    return MARGIN + column * (seat_size(players)[0] + SEAT_GAP), rows_top(duel) + row * (
        SEAT_HEIGHT + SEAT_GAP
    )


def top_set_origin(seat: int, players: int, duel: bool = False) -> tuple[int, int]:
    """Top-left corner of the first card group of ``seat``'s top set."""
    x, y = seat_origin(seat, players, duel)
    return x + SEAT_PAD, y + SEAT_LINES + 2


def duel_column_origin(column: int) -> tuple[int, int]:
    """Top-left corner of the cards of a challenge column: 0 challenger, 1 defender, 2 stake."""
    return MARGIN + DUEL_PAD + column * DUEL_COLUMN, duel_top() + DUEL_CARDS


@lru_cache(maxsize=256)
def _seat(name: str, total: str, stack: str, counts: str, framed: bool, size: tuple[int, int]) -> Image.Image:
    """A seat's place without its top set: framed in gold for the player the game waits for (or
    the winner), the name, running total, stack value, and the cards in hand and sets under."""
    tile = rounded_tile(PALETTE, size, PANEL, GOLD if framed else PANEL, 4, 16, BG).copy()
    room = size[0] - 2 * SEAT_PAD
    y = SEAT_PAD
    _text(tile, (SEAT_PAD, y - 2), name, NAME_SIZE, TEXT, PANEL, bold=True, max_width=room)
    y += line_height(NAME_SIZE)
    _text(tile, (SEAT_PAD, y), total, LABEL_SIZE, TEXT, PANEL, max_width=room)
    y += line_height(LABEL_SIZE)
    _text(tile, (SEAT_PAD, y), stack, LABEL_SIZE, DIM, PANEL, max_width=room)
    y += line_height(LABEL_SIZE)
    _text(tile, (SEAT_PAD, y), counts, CAPTION_SIZE, DIM, PANEL, max_width=room)
    return tile


def _piles(canvas: Image.Image, view: AssetsView, names: Sequence[str], labels: Labels) -> None:
    """The draw pile (counted), the discard pile's top card (or an empty place), and the round,
    goal and dealer."""
    y = BAND_TOP
    middle = top_for_middle(y + PILE_CARD[1] // 2, LABEL_SIZE)
    pitch = line_height(LABEL_SIZE)
    top = view.discard_top
    discard = slot_tile(PALETTE, *PILE_CARD, BG) if top is None else _card(top, PILE_CARD, BG, labels)
    piles = (
        (DRAW_X, back_tile(PALETTE, *PILE_CARD, BG, view.draw_size), (labels.draw_pile,)),
        (DISCARD_X, discard, (labels.discard_pile, *_discard_caption(top, labels))),
    )
    for x, tile, texts in piles:
        canvas.paste(tile, (x, y))
        for index, text in enumerate(texts):
            text_y = middle + (2 * index - len(texts) + 1) * pitch // 2
            colour = DIM if index == 0 else TEXT
            _text(
                canvas,
                (x + PILE_CARD[0] + 14, text_y),
                text,
                LABEL_SIZE,
                colour,
                BG,
                max_width=PILE_LABEL_ROOM,
            )
    dealer = view.dealer
    lines = (
        (no_names(labels.round.format(number=view.round_number)), TEXT, True),
        (no_names(labels.goal.format(money=money(view.goal, labels))), DIM, False),
        (lambda name: labels.dealer.format(name=name(names[dealer])), DIM, False),
    )
    first = y + (PILE_CARD[1] - len(lines) * pitch) // 2
    for index, (sentence, colour, bold) in enumerate(lines):
        _sentence(
            canvas,
            (WIDTH - MARGIN, first + index * pitch),
            sentence,
            LABEL_SIZE,
            colour,
            BG,
            bold=bold,
            max_width=INFO_ROOM,
            align="right",
        )


def _discard_caption(top: Asset | None, labels: Labels) -> tuple[str, ...]:
    """What lies on the discard pile in words, on up to two lines: its face is too small for
    the name."""
    said = labels.empty if top is None else card_name(top, labels)
    return wrap_or_cut(said, LABEL_SIZE, False, PILE_LABEL_ROOM, 2)


def _duel(
    canvas: Image.Image, view: AssetsView, names: Sequence[str], labels: Labels, seat: int | None
) -> None:
    """The running challenge: who must answer with what, the cards each side has shown, the stake."""
    duel = view.duel
    assert duel is not None
    top = duel_top()
    canvas.paste(rounded_tile(PALETTE, DUEL_SIZE, PANEL, GOLD, 4, 16, BG), (MARGIN, top))
    hint = answer_hint(view, names, labels, seat)
    room = DUEL_SIZE[0] - 2 * DUEL_PAD
    _sentence(canvas, (MARGIN + DUEL_PAD, top + DUEL_PAD), hint, LABEL_SIZE, GOLD, PANEL, max_width=room)
    columns = (
        (names[duel.challenger], TEXT, [card for side, card in duel.shown if side == duel.challenger]),
        (names[duel.defender], TEXT, [card for side, card in duel.shown if side == duel.defender]),
        (labels.at_stake, DIM, list(duel.stake.cards)),
    )
    for column, (heading, colour, cards) in enumerate(columns):
        x, y = duel_column_origin(column)
        _text(
            canvas,
            (x, top + DUEL_HEADINGS),
            heading,
            LABEL_SIZE,
            colour,
            PANEL,
            bold=True,
            max_width=DUEL_COLUMN - 12,
        )
        _paste_set(canvas, (x, y), cards, DUEL_CARD, 4, PANEL, labels)


def table_png(view: AssetsView, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """The public table: whose turn it is (or the challenge, the end of the round or game), the
    draw pile's count, the discard pile's top, the round, goal and dealer, a running challenge,
    and per player the name, running total, stack value, cards in hand (counted), sets under the
    top set (counted) and the top set face up. The view's hand, if any, is never drawn."""
    _check_seats(view, names)
    duel = view.duel is not None
    canvas = PALETTE.canvas(table_size(view.players, duel), BG)
    _headline(canvas, view, names, labels, None)
    _piles(canvas, view, names, labels)
    if duel:
        _duel(canvas, view, names, labels, None)
    framed = view.outcome.winner if view.outcome is not None else view.to_act
    size = seat_size(view.players)
    for seat in range(view.players):
        stack = view.stacks[seat]
        total = labels.total.format(money=money(view.totals[seat], labels))
        value = labels.stack.format(money=money(stack.value, labels))
        counts = labels.counts.format(hand=view.hand_sizes[seat], under=stack.under)
        canvas.paste(
            _seat(names[seat], total, value, counts, seat == framed, size),
            seat_origin(seat, view.players, duel),
        )
        x, y = top_set_origin(seat, view.players, duel)
        if stack.top is None:
            text_y = top_for_middle(y + group_size(SEAT_CARD)[1] // 2, LABEL_SIZE)
            _text(
                canvas, (x, text_y), labels.no_sets, LABEL_SIZE, DIM, PANEL, max_width=size[0] - 2 * SEAT_PAD
            )
        else:
            _paste_set(canvas, (x, y), stack.top.cards, SEAT_CARD, SET_GAP, PANEL, labels)
    return encode(canvas)


# -- the private hand ------------------------------------------------------------------------------

HAND_CARD = (184, 258)
HAND_GAP = 8
"""Five cards (a hand of 2 or 3 players) fill the width: a name's words, "the Mattress", fit on
a card at the phone's reading size."""
NUMBER_BADGE = (64, 56)
HAND_CAPTION_Y = HEADER_H + 4
HAND_Y = HAND_CAPTION_Y + line_height(LABEL_SIZE) + 6
NUMBERS_Y = HAND_Y + HAND_CARD[1] + 10
LOWER_CAPTION_Y = NUMBERS_Y + NUMBER_BADGE[1] + 20
LOWER_Y = LOWER_CAPTION_Y + line_height(LABEL_SIZE) + 4
STAKE_X = MARGIN + PILE_CARD[0] + 120
HINT_Y = LOWER_Y + max(PILE_CARD[1], group_size(ROW_CARD)[1]) + 14


def hand_size(duel: bool = False) -> tuple[int, int]:
    """The private picture's size: a challenge adds a line saying who must answer with what."""
    return WIDTH, (HINT_Y + line_height(LABEL_SIZE) if duel else LOWER_Y + PILE_CARD[1]) + MARGIN


def hand_origin(cards: int) -> tuple[int, int]:
    """Top-left corner of the first of ``cards`` hand cards, centred."""
    return (WIDTH - cards * HAND_CARD[0] - (cards - 1) * HAND_GAP) // 2, HAND_Y


def hand_png(view: AssetsView, seat: int, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """One player's private picture (``view`` is ``seat``'s): the headline as they need it ("Your
    turn"), their hand big and numbered 1, 2, 3... in the view's order (the numbers the panel's
    buttons use), their running total and stack value, the discard pile's top (to pair with), and
    in a challenge the set at stake and who must answer with what."""
    if view.seat != seat or view.hand is None:
        raise ValueError(f"the hand of seat {seat} is drawn from that seat's view")
    _check_seats(view, names)
    canvas = PALETTE.canvas(hand_size(view.duel is not None), BG)
    _headline(canvas, view, names, labels, seat)

    _text(canvas, (MARGIN, HAND_CAPTION_Y), labels.your_hand, LABEL_SIZE, DIM, BG, bold=True)
    stack = view.stacks[seat]
    summary = " · ".join(
        (
            labels.total.format(money=money(view.totals[seat], labels)),
            labels.stack.format(money=money(stack.value, labels)),
        )
    )
    _text(
        canvas,
        (WIDTH - MARGIN, HAND_CAPTION_Y),
        summary,
        LABEL_SIZE,
        DIM,
        BG,
        max_width=WIDTH // 2 + 100,
        align="right",
    )
    hand = view.hand
    if hand:
        x, y = hand_origin(len(hand))
        for index, asset in enumerate(hand):
            card_x = x + index * (HAND_CARD[0] + HAND_GAP)
            canvas.paste(_card(asset, HAND_CARD, BG, labels), (card_x, y))
            number = badge(PALETTE, str(index + 1), NUMBER_BADGE, BG)
            canvas.paste(number, (card_x + (HAND_CARD[0] - NUMBER_BADGE[0]) // 2, NUMBERS_Y))
    else:
        empty_y = top_for_middle(HAND_Y + HAND_CARD[1] // 2, NAME_SIZE)
        _text(canvas, (WIDTH // 2, empty_y), labels.empty_hand, NAME_SIZE, DIM, BG, align="centre")

    _text(
        canvas,
        (MARGIN, LOWER_CAPTION_Y),
        labels.discard_pile,
        LABEL_SIZE,
        DIM,
        BG,
        max_width=STAKE_X - MARGIN - 16,
    )
    top = view.discard_top
    discard = slot_tile(PALETTE, *PILE_CARD, BG) if top is None else _card(top, PILE_CARD, BG, labels)
    canvas.paste(discard, (MARGIN, LOWER_Y))
    if view.duel is not None:
        _text(canvas, (STAKE_X, LOWER_CAPTION_Y), labels.at_stake, LABEL_SIZE, DIM, BG)
        _paste_set(canvas, (STAKE_X, LOWER_Y), view.duel.stake.cards, ROW_CARD, SET_GAP, BG, labels)
        hint = answer_hint(view, names, labels, seat)
        colour = GOLD if view.to_act == seat else TEXT
        room = WIDTH - 2 * MARGIN
        _sentence(canvas, (WIDTH // 2, HINT_Y), hint, LABEL_SIZE, colour, BG, max_width=room, align="centre")
    return encode(canvas)


# -- the results -----------------------------------------------------------------------------------

RESULT_ROW = (WIDTH - 2 * MARGIN, 56)
RESULT_PITCH = 64
RANK_X = MARGIN + 20
RESULT_NAME_X = MARGIN + 84
ROUND_RIGHT = WIDTH - MARGIN - 260
TOTAL_RIGHT = WIDTH - MARGIN - 24
SUBTITLE_Y = MARGIN + line_height(STATUS_SIZE) + 4
HEADINGS_Y = SUBTITLE_Y + line_height(LABEL_SIZE) + 12
RESULT_ROWS_TOP = HEADINGS_Y + line_height(LABEL_SIZE) + 8


def results_size(players: int, game_over: bool = False) -> tuple[int, int]:
    """The results' size: a row per player, and while the game goes on, who deals next."""
    note = 0 if game_over else 8 + line_height(LABEL_SIZE)
    return WIDTH, RESULT_ROWS_TOP + players * RESULT_PITCH + note + MARGIN


def results_png(view: AssetsView, names: Sequence[str], labels: Labels = ENGLISH) -> bytes:
    """After a round: the winner (game over), a tie for first (one more round) or the round's
    title; the goal; then every player from the highest running total down with the round's
    money and the total, the leaders framed in gold (ties share a rank); and, while the game goes
    on, who deals the next round."""
    if view.stage not in (Stage.ROUND_OVER, Stage.GAME_OVER) or not view.round_scores:
        raise ValueError("results are drawn once a round has ended")
    _check_seats(view, names)
    totals, scores = view.totals, view.round_scores[-1]
    standings = sorted(range(view.players), key=lambda seat: (-totals[seat], seat))
    leaders = _leaders(view)
    canvas = PALETTE.canvas(results_size(view.players, view.outcome is not None), BG)
    if view.outcome is not None or _tied(view):
        title, _ = status(view, names, labels, None)
    else:
        title = no_names(labels.results.format(number=view.round_number))
    _sentence(canvas, (MARGIN, MARGIN), title, STATUS_SIZE, GOLD, BG, max_width=WIDTH - 2 * MARGIN)
    _text(
        canvas, (MARGIN, SUBTITLE_Y), labels.goal.format(money=money(view.goal, labels)), LABEL_SIZE, DIM, BG
    )

    _text(canvas, (RESULT_NAME_X, HEADINGS_Y), labels.player, LABEL_SIZE, DIM, BG)
    heading = labels.round.format(number=view.round_number)
    _text(canvas, (ROUND_RIGHT, HEADINGS_Y), heading, LABEL_SIZE, DIM, BG, align="right")
    _text(canvas, (TOTAL_RIGHT, HEADINGS_Y), labels.total_column, LABEL_SIZE, DIM, BG, align="right")
    room = ROUND_RIGHT - RESULT_NAME_X - text_width("+$000,000", NAME_SIZE, True) - 24
    for row, seat in enumerate(standings):
        row_y = RESULT_ROWS_TOP + row * RESULT_PITCH
        frame = GOLD if seat in leaders else PANEL
        canvas.paste(rounded_tile(PALETTE, RESULT_ROW, PANEL, frame, 3, 12, BG), (MARGIN, row_y))
        text_y = top_for_middle(row_y + RESULT_ROW[1] // 2, NAME_SIZE)
        rank = 1 + sum(1 for other in standings if totals[other] > totals[seat])
        _text(canvas, (RANK_X, text_y), str(rank), NAME_SIZE, DIM, PANEL, bold=True)
        _text(canvas, (RESULT_NAME_X, text_y), names[seat], NAME_SIZE, TEXT, PANEL, bold=True, max_width=room)
        score = f"+{money(scores[seat], labels)}"
        _text(canvas, (ROUND_RIGHT, text_y), score, NAME_SIZE, TEXT, PANEL, bold=True, align="right")
        total = money(totals[seat], labels)
        _text(canvas, (TOTAL_RIGHT, text_y), total, NAME_SIZE, TEXT, PANEL, bold=True, align="right")
    dealer = view.to_act
    if view.outcome is None and dealer is not None:
        note_y = RESULT_ROWS_TOP + view.players * RESULT_PITCH + 8
        _sentence(
            canvas,
            (MARGIN, note_y),
            lambda name: labels.next_dealer.format(name=name(names[dealer])),
            LABEL_SIZE,
            DIM,
            BG,
            bold=False,
            max_width=WIDTH - 2 * MARGIN,
        )
    return encode(canvas)


# -- real positions to draw, played by the AI, for the benches -------------------------------------


def played_views(players: int = 6, seed: int = 2024) -> list[AssetsView]:
    """Every public view of one self-play game (:class:`engine.assets.selfplay.AssetsMatch`: AI
    seats at the three levels), from the deal to the end: real positions for the benches to draw."""
    # Imported here: only the benches play; the painter that draws these pictures needs no AI.
    from engine.assets.selfplay import AssetsMatch

    match = AssetsMatch(players, games=1, seed=seed)
    game = match.game
    views = [game.view()]
    while game.outcome is None:
        seat = game.to_act()
        assert seat is not None
        choice = match.propose(seat)
        assert choice is not None
        match.apply(choice.action)
        views.append(game.view())
    return views


# -- at its busiest, for the legibility bench (render/legibility.py) -------------------------------


@dataclass(frozen=True, slots=True)
class Busiest:
    """Cover Your Assets' pictures where they are hardest to read: 6 players, 7-digit amounts."""

    tables: tuple[AssetsView, ...]
    hands: tuple[tuple[AssetsView, int], ...]
    """Each view with the seat whose hand it shows."""
    results: tuple[AssetsView, ...]


def busiest() -> Busiest:
    """A table (halfway through a self-play game) in a challenge over a big set, every stack
    topped by a set of three kinds, with 7-digit totals; the same once the round is over. The
    hand of the challenged player answering, of a player watching; the results of the round, and
    of the game."""
    # Imported here, as the AI above: only the bench makes these positions.
    from dataclasses import replace

    from engine.assets.sets import AssetSet
    from engine.assets.state import Duel, Outcome, StackView

    cash = Asset.CASH_UNDER_THE_MATTRESS
    money = AssetSet((cash, Asset.SILVER, Asset.GOLD, cash))
    hand = (cash, Asset.STAMP_COLLECTION, Asset.BASEBALL_CARDS, Asset.SILVER, Asset.GOLD)
    views = played_views()
    shown = tuple((seat, asset) for seat in (1, 4) for asset in (cash, Asset.SILVER, Asset.GOLD))
    duel = Duel(challenger=1, defender=4, stake=money, shown=shown)
    busy = replace(
        views[len(views) // 2],
        stage=Stage.CHALLENGE,
        duel=duel,
        to_act=4,
        stacks=(StackView(money, 12, 1_450_000),) * 6,
        totals=(1_250_000,) * 6,
        hand_sizes=(5,) * 6,
        draw_size=88,
    )
    over = replace(busy, stage=Stage.ROUND_OVER, duel=None, round_scores=((450_000,) * 6,), round_number=12)
    answering = replace(busy, seat=4, hand=hand, hand_size=len(hand))
    won = replace(
        over,
        stage=Stage.GAME_OVER,
        totals=(1_700_000,) + (1_250_000,) * 5,
        outcome=Outcome(0, (1_700_000,) * 6),
    )
    return Busiest(
        tables=(busy, over),
        hands=((answering, 4), (replace(answering, seat=2), 2)),
        results=(over, won),
    )


def _busiest_tables(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(table_png, view, names[:6], labels) for view in at.tables]


def _busiest_hands(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(hand_png, view, seat, names[:6], labels) for view, seat in at.hands]


def _busiest_results(at: Busiest, labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(results_png, view, names[:6], labels) for view in at.results]


LEGIBILITY: tuple[Scene[Busiest, Labels], ...] = (
    Scene("assets.table", busiest, _busiest_tables),
    Scene("assets.hand", busiest, _busiest_hands),
    Scene("assets.results", busiest, _busiest_results),
)
"""Cover Your Assets' pictures at their busiest, for bench/bench_legibility.py."""
