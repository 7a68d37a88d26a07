"""The Toppo pictures: every phase renders at every table size, at the size and in the mode
promised, with the right colours where the cards, frames and buttons are."""

from collections.abc import Sequence

import pytest
from PIL import Image

from bench.bench_legibility import GOAL, measure
from engine.toppo.actions import CallToppo, Match, TurnCard, VoteReplace
from engine.toppo.cards import Card, Colour, parse_cards
from engine.toppo.series import Series
from engine.toppo.state import Position, ToppoOptions, ToppoState, allowed_display_sizes, new_game
from render.theme import BG, BUTTON, GOLD, PANEL
from render.toppo import (
    BIG_DISPLAY,
    BIG_GAP,
    BIG_LINE,
    DISPLAY_CARD,
    DISPLAY_GAP,
    LINE_CARD,
    LINE_GAP,
    NUMBER_BADGE,
    ROW_PITCH,
    ROWS_TOP,
    WIDTH,
    LineLayout,
    display_origin,
    line_origin,
    line_png,
    panel_origin,
    results_png,
    results_size,
    table_png,
    table_size,
)
from render.toppo_cards import CARD_COLOURS, PALETTE, STROKES, card_tile
from tests.render.colour_vision import closest, hue
from tests.render.pixels import picture, rgb
from words.toppo import Labels

NAMES = ("Alice", "محمد علي", "राहुल शर्मा", "王小明", "김민준", "Дмитрий", "Bob 👍🏽", "Fam 👨‍👩‍👧")


def table(display: str, *decks: str, stock: str = "B- B- B- B- B- B-", start: int = 0) -> ToppoState:
    """A stacked game (top card first), waiting for ``start`` to turn."""
    position = Position(
        parse_cards(display),
        tuple(parse_cards(deck) for deck in decks),
        parse_cards(stock),
        start_player=start,
    )
    return ToppoState.from_position(position)


def turn(game: ToppoState, seat: int, count: int = 1) -> None:
    for _ in range(count):
        game.apply(TurnCard(seat))


def card_points(
    origin: tuple[int, int], size: tuple[int, int], place: int, gap: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """A point of plain fill (low on the left, clear of letter and symbol) and the centre of the
    symbol, of the card at ``place`` in a row."""
    x = origin[0] + place * (size[0] + gap)
    return (x + size[0] // 8, origin[1] + size[1] * 9 // 10), (
        x + size[0] // 2,
        origin[1] + size[1] * 6 // 10,
    )


def running(players: int, size: int, seed: int = 1) -> ToppoState:
    """A dealt game in play: the start player has turned, everyone has turned a few cards."""
    game = new_game(players, ToppoOptions(size, 0), seed)
    for seat in range(players):
        turn(game, seat, 1 + seat % size)
    return game


# -- every phase, every size -----------------------------------------------------------------------

SIZES = [(players, size) for players in range(2, 9) for size in allowed_display_sizes(players)]


@pytest.mark.parametrize(("players", "size"), SIZES)
def test_a_game_waiting_for_its_start_renders(players: int, size: int) -> None:
    game = new_game(players, ToppoOptions(size, players - 1), seed=players)
    view = game.view()
    table_picture = picture(table_png(view, NAMES[:players], [0] * players, 1))
    assert table_picture.mode == "P" and table_picture.size == table_size(players)
    assert table_picture.width == WIDTH
    line_picture = picture(line_png(game.view(0), NAMES[:players], 1))
    assert line_picture.mode == "P" and line_picture.size == (WIDTH, LineLayout.of(size).height)


@pytest.mark.parametrize(("players", "size"), SIZES)
def test_a_running_game_renders_for_the_table_and_each_seat(players: int, size: int) -> None:
    game = running(players, size)
    table_picture = picture(table_png(game.view(), NAMES[:players], list(range(players)), 2))
    assert table_picture.size == table_size(players)
    for seat in range(players):
        assert picture(line_png(game.view(seat), NAMES[:players], 2)).mode == "P"


def test_a_game_after_a_penalty_waits_for_the_offender() -> None:
    game = running(4, 4)
    game.apply(CallToppo(2))  # 2 holds 33 cards: a false toppo, a penalty, 2 restarts
    view = game.view()
    assert view.restarter == 2 and not any(view.lines)
    image = picture(table_png(view, NAMES[:4]))
    # The restarter's panel is framed in gold; the others' edges are plain panel.
    for seat in range(4):
        x, y = panel_origin(seat)
        assert rgb(image, (x + 1, y + 60)) == (GOLD if seat == 2 else PANEL)


def test_an_ended_game_renders_with_its_scores() -> None:
    game = table("R~ Yo B#", "R~ R~ R~ R~ R~ R~ R~ R~ R~ R~ R~ R~", "Bo Y+ G-")
    turn(game, 0)
    game.apply(CallToppo(1))
    view = game.view()
    assert view.outcome is not None
    image = picture(table_png(view, NAMES[:2], [12, 0], 1))
    assert image.size == table_size(2)
    x, y = panel_origin(1)
    assert rgb(image, (x + 1, y + 60)) == GOLD  # the caller of toppo
    assert picture(line_png(game.view(0), NAMES[:2], 1)).mode == "P"


def test_results_render_the_standings_with_the_leader_framed() -> None:
    series = Series(3, seed=4, first_start_player=0)
    series.game = table("R~ Yo B#", "R~ " * 15, "Bo Y+ G-", "G+ " * 12)
    turn(series.game, 0)
    series.apply(CallToppo(1))
    view = series.view()
    for final in (False, True):
        image = picture(results_png(view, NAMES[:3], final))
        assert image.mode == "P" and image.size == results_size(3)
        # Seat 1 called toppo (0 points) and leads: the first row is framed, the second is not.
        assert rgb(image, (WIDTH // 2, ROWS_TOP + 1)) == GOLD
        assert rgb(image, (WIDTH // 2, ROWS_TOP + ROW_PITCH + 1)) == PANEL


def test_results_need_an_ended_game() -> None:
    series = Series(2, seed=1)
    with pytest.raises(ValueError, match="ended"):
        results_png(series.view(), NAMES[:2])


# -- what the pixels show --------------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 4, 5])
def test_display_cards_show_their_colour_and_a_symbol_in_another(size: int) -> None:
    display = parse_cards("Ro Y# W+ Go B-"[: 3 * size - 1])
    game = table(" ".join(map(str, display)), "R+ G#", "W+", "Go")
    image = picture(table_png(game.view(), NAMES[:3]))
    for place, card in enumerate(display):
        fill, symbol = card_points(display_origin(size), DISPLAY_CARD, place, DISPLAY_GAP)
        assert rgb(image, fill) == CARD_COLOURS[card.colour]
        assert rgb(image, symbol) == STROKES[card.colour] != CARD_COLOURS[card.colour]


def test_line_cards_on_the_table_are_face_up_at_their_places() -> None:
    game = table("R~ Yo B#", "R+ G# Bo", "Wo Y+")
    turn(game, 0, 3)
    turn(game, 1, 2)
    image = picture(table_png(game.view(), NAMES[:2]))
    for seat, line in ((0, parse_cards("R+ G# Bo")), (1, parse_cards("Wo Y+"))):
        for place, card in enumerate(line):
            fill, symbol = card_points(line_origin(seat), LINE_CARD, place, LINE_GAP)
            assert rgb(image, fill) == CARD_COLOURS[card.colour]
            assert rgb(image, symbol) == STROKES[card.colour]
        empty, _ = card_points(line_origin(seat), LINE_CARD, len(line), LINE_GAP)
        assert len(line) == 3 or rgb(image, empty) == PANEL


def test_the_private_line_numbers_its_cards_and_letters_the_display() -> None:
    game = table("R~ Yo B#", "G- Y+ W~ Bo", "Wo")
    turn(game, 0, 3)
    game.apply(Match(0, 1, 1))  # Y+ is not Yo: a wrong match, a penalty; 0 restarts
    turn(game, 0, 2)
    view = game.view(0)
    line = view.lines[0]
    assert len(line) == 2
    layout = LineLayout.of(3)
    image = picture(line_png(view, NAMES[:2]))
    for place in range(3):
        centre = layout.line_x + place * (BIG_LINE[0] + BIG_GAP) + BIG_LINE[0] // 2
        badge_edge = (centre - NUMBER_BADGE[0] // 2 + 4, layout.numbers_y + NUMBER_BADGE[1] // 2)
        assert rgb(image, badge_edge) == (BUTTON if place < len(line) else BG)
        letter_edge = (
            layout.display_x + place * (BIG_DISPLAY[0] + BIG_GAP) + BIG_DISPLAY[0] // 2 - 28,
            layout.letters_y + 25,
        )
        assert rgb(image, letter_edge) == BUTTON
    for place, card in enumerate(line):
        fill, symbol = card_points((layout.line_x, layout.line_y), BIG_LINE, place, BIG_GAP)
        assert rgb(image, fill) == CARD_COLOURS[card.colour]
        assert rgb(image, symbol) == STROKES[card.colour]
    for place, card in enumerate(view.display):
        fill, _ = card_points((layout.display_x, layout.display_y), BIG_DISPLAY, place, BIG_GAP)
        assert rgb(image, fill) == CARD_COLOURS[card.colour]


def test_votes_show_on_the_table_only_when_cast() -> None:
    game = table("R~ Yo B#", "R+", "Wo", "Go")
    before = picture(table_png(game.view(), NAMES[:3]))
    game.apply(VoteReplace(1))
    after = picture(table_png(game.view(), NAMES[:3]))
    y = display_origin(3)[1]
    region = (WIDTH - 210, y + DISPLAY_CARD[1], WIDTH, y + DISPLAY_CARD[1] + 60)
    assert GOLD not in colours(before.crop(region))
    assert GOLD in colours(after.crop(region))


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    """The colours a picture (or part of one) uses."""
    found = image.convert("RGB").getcolors(1 << 16) or []
    return {(colour[0], colour[1], colour[2]) for _, colour in found if isinstance(colour, tuple)}


# -- the contract ----------------------------------------------------------------------------------


def test_pictures_are_pure_functions_of_their_inputs() -> None:
    game = running(5, 4)
    first = table_png(game.view(), NAMES[:5], [1, 2, 3, 4, 5], 3)
    assert table_png(game.view(), NAMES[:5], [1, 2, 3, 4, 5], 3) == first
    assert table_png(game.view(), NAMES[:5], [1, 2, 3, 4, 6], 3) != first


def test_the_words_come_from_the_labels() -> None:
    game = running(2, 3)
    spanish = Labels(play="¡A jugar!", stock="mazo", topped="tapadas", points="{points} ptos")
    assert table_png(game.view(), NAMES[:2], [1, 2], labels=spanish) != table_png(
        game.view(), NAMES[:2], [1, 2]
    )


def test_the_colour_marks_on_the_cards_come_from_the_labels() -> None:
    game = running(2, 3)
    marked = Labels(colours="Ro Am Bl Ve Az")
    assert line_png(game.view(0), NAMES[:2], labels=marked) != line_png(game.view(0), NAMES[:2])
    assert marked.mark(game.view().display[0]) in {"Ro", "Am", "Bl", "Ve", "Az"}


def test_the_private_line_needs_a_seat_and_names_and_totals_must_match_the_seats() -> None:
    game = running(3, 3)
    with pytest.raises(ValueError, match="seat"):
        line_png(game.view(), NAMES[:3])
    with pytest.raises(ValueError, match="names"):
        table_png(game.view(), NAMES[:2])
    with pytest.raises(ValueError, match="totals"):
        table_png(game.view(), NAMES[:3], [1, 2])


def test_the_palette_keeps_every_card_colour_exact() -> None:
    """Quantizing maps each theme and card colour to itself (pixel checks rely on it)."""
    swatches: Sequence[tuple[int, int, int]] = [*CARD_COLOURS.values(), BG, PANEL, GOLD, BUTTON]
    strip = Image.new("RGB", (len(swatches), 1))
    for index, colour in enumerate(swatches):
        strip.putpixel((index, 0), colour)
    quantized = PALETTE.quantize(strip)
    assert [rgb(quantized, (index, 0)) for index in range(len(swatches))] == list(swatches)


def test_every_card_face_differs_from_the_others_without_its_colour() -> None:
    """Colour-blind safety rests on the letter and symbol: every card's face differs from every
    other card's face even with the colours taken away."""
    faces = {}
    for colour in Colour:
        for symbol_card in parse_cards("R~ Ro R# R- R+"):
            card = Card(colour, symbol_card.symbol)
            grey = card_tile(card, *LINE_CARD, PANEL).convert("L").point(lambda value: 255 * (value > 100))
            faces[card] = grey.tobytes()
    assert len(set(faces.values())) == 25


# -- read on a phone, by colour-blind players too --------------------------------------------------


def test_red_is_drawn_red_and_the_five_colours_stay_apart_for_colour_blind_players() -> None:
    """Players took the vermillion for orange: red is a red (its hue within 10 degrees of pure
    red), and no two fills come closer than the vermillion's set did (29.3 in CIE76) for anyone,
    with protanopia, deuteranopia or tritanopia; the letters stay the colours' cue."""
    red = CARD_COLOURS[Colour.RED]
    assert min(hue(red), 360 - hue(red)) <= 10
    assert closest(list(CARD_COLOURS.values())) >= 29.3


def test_the_colour_letters_of_the_line_cards_read_on_a_phone() -> None:
    """The letter in a card's corner is its colour's mark for a colour-blind player: on the
    table's small line cards it reads as a mark, its capitals at least the goal's height on a
    phone (the letters in both languages: "Am" is the widest)."""
    game = table("R~ Yo B# Go W-", *["R+ Y# Wo G- B~"] * 8)
    for seat in range(8):
        turn(game, seat, 5)
    for labels in (Labels(), Labels(colours="Ro Am Bl Ve Az")):
        found = measure(lambda labels=labels: table_png(game.view(), NAMES, labels=labels))
        letters = [mark for mark in found.marks if mark.text == "draw_mark_text"]
        assert len(letters) >= 5
        assert min(letter.em for letter in letters) * found.scale >= GOAL
