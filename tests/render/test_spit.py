"""The Spit and Speed pictures: every state of both games draws, at the promised size, with the
right things where the cards, frames and captions are; every word comes from the labels; the
public table never shows a Speed hand, nor a panel the other player's."""

import dataclasses
import io
import re
import string
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image

from bench.bench_legibility import GOAL, measure
from engine.rng import Rng
from engine.spit import (
    Flip,
    Level,
    PlayCard,
    PlayHand,
    SpeedOptions,
    SpeedPosition,
    SpeedState,
    Spit,
    SpitOptions,
    SpitState,
    Stage,
    choose,
    new_game,
    new_speed_game,
    parse_cards,
    parse_layout,
)
from engine.spit.cards import ALL_CARDS, Card
from engine.spit.events import DealWon
from engine.spit.state import Position
from locales import catalog
from render import spit
from render.bidi import isolate
from render.fonts import Sentence
from render.spit import (
    BIG_CARD,
    CARDS_DY,
    CENTRE_CARD,
    CENTRE_TOP,
    ENGLISH,
    PILE_CARD,
    RESULTS_SIZE,
    ROW_PITCH,
    ROWS_TOP,
    STACK,
    TABLE_SIZE,
    WIDTH,
    centre_x,
    panel_layout,
    panel_png,
    results_png,
    seat_origin,
    speed_row,
    spit_row,
    table_png,
)
from render.spit_cards import FACE, PALETTE, RED, STACK_STEP, card_tile
from render.theme import BACK, BG, GOLD, INK, PANEL
from words.spit import Labels

NAMES = ("Alice", "Bob")
HARD_NAMES = (
    ("محمد علي", "王小明 👍🏽"),
    ("Fam 👨‍👩‍👧 " + "ω" * 60, "שלום " * 30),
    ("राहुल शर्मा", "𝓩𝓸𝓮 ✨🇪🇸"),
)


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def rgb(image: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    """The colour at ``xy`` of a palette picture."""
    index = image.getpixel(xy)
    palette = image.getpalette()
    assert isinstance(index, int) and palette is not None
    red, green, blue = palette[3 * index : 3 * index + 3]
    return red, green, blue


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    found = image.convert("RGB").getcolors(1 << 16) or []
    return {(colour[0], colour[1], colour[2]) for _, colour in found if isinstance(colour, tuple)}


# -- stacked tables ----------------------------------------------------------------------------


def spit_table(
    layouts: tuple[str, str],
    spit_cards: tuple[str, str],
    centre: tuple[str, str],
    options: SpitOptions | None = None,
) -> SpitState:
    position = Position(
        layouts=tuple(parse_layout(layout) for layout in layouts),
        spit_cards=tuple(parse_cards(cards) for cards in spit_cards),
        centre=tuple(parse_cards(cards) for cards in centre),
    )
    return SpitState.from_position(position, options)


def spit_playing() -> SpitState:
    return spit_table(
        ("7h | ?8c Kd | - | Qs Js Ts | 2c As", "3d | 4d 5d | 9s 9c 9d 9h | - | ?Kh"),
        ("6c 6d 6h", "6s"),
        ("5s", "Jc"),
    )


def spit_stalemate(lone: bool = False) -> SpitState:
    """Nobody can play on 6s / 6h: every top is face up, no card fits, nothing to move."""
    return spit_table(
        ("2h | 2d | 2c | 2s | Th", "Jh | Jd | Jc | Js | Td"),
        ("Ah Ad", "" if lone else "Ac As"),
        ("6s", "6h"),
    )


def spit_slap(emptier_chooses: bool = False) -> SpitState:
    """Seat 0 plays its last stock card: a new layout is slapped for (or chosen by seat 0)."""
    game = spit_table(
        ("7h | - | - | - | -", "3d | 4d 5d | - | - | Kh"),
        ("6c 6d", "8s 8c"),
        ("6s", "Jc"),
        SpitOptions(emptier_chooses=emptier_chooses),
    )
    game.apply(PlayCard(0, 0, 0))
    assert game.stage is Stage.SLAP
    return game


def spit_over() -> SpitState:
    game = spit_table(("7h | - | - | - | -", "3d | 4d 5d | - | - | Kh"), ("", "8s"), ("6s", "Jc"))
    game.apply(PlayCard(0, 0, 0))
    assert game.outcome is not None and game.outcome.winner == 0
    return game


def speed_table(
    hands: tuple[str, str], stocks: tuple[str, str] = ("9h 9d", "9s 9c"), target: int | None = 10
) -> SpeedState:
    position = SpeedPosition(
        hands=tuple(parse_cards(hand) for hand in hands),
        stocks=tuple(parse_cards(stock) for stock in stocks),
        sides=(parse_cards("2c 3c"), parse_cards("2d")),
        centre=(parse_cards("5s 4s"), parse_cards("Jd")),
    )
    return SpeedState.from_position(position, SpeedOptions(side_pile=5, target=target))


HANDS = ("4h 6h Kc Ah 8c", "Qh Td 2h 7s 3s")


def speed_started(target: int | None) -> SpeedState:
    game = new_speed_game(2, SpeedOptions(side_pile=5, target=target), seed=3)
    game.apply(Flip(0))
    game.apply(Flip(1))
    return game


def speed_stuck() -> SpeedState:
    """No hand card is next to 5s or Jd: both must flip."""
    return speed_table(("8h 8d 8c 8s 2s", "2h Ad 3d 7s 7h"))


# -- every state draws -------------------------------------------------------------------------

SCENES: dict[str, Callable[[], SpitState | SpeedState]] = {
    "spit start": lambda: new_game(2, SpitOptions(), seed=5),
    "spit start, 4 piles": lambda: new_game(2, SpitOptions(piles=4), seed=5),
    "spit playing": spit_playing,
    "spit stalemate": spit_stalemate,
    "spit stalemate, one spitter": lambda: spit_stalemate(lone=True),
    "spit slap race": spit_slap,
    "spit emptier chooses": lambda: spit_slap(emptier_chooses=True),
    "spit over": spit_over,
    "speed start": lambda: new_speed_game(2, SpeedOptions(), seed=5),
    "speed playing": lambda: speed_started(None),
    "speed playing to a target": lambda: speed_started(10),
    "speed stuck": speed_stuck,
}


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_every_state_draws_the_table_and_both_panels(scene: str) -> None:
    game = SCENES[scene]()
    table = picture(table_png(game.view(), NAMES))
    assert table.mode == "P" and table.size == TABLE_SIZE and table.width == WIDTH
    for seat in (0, 1):
        view = game.view(seat)
        panel = picture(panel_png(view, NAMES))
        assert panel.mode == "P" and panel.size == (WIDTH, panel_layout(view).height)


@pytest.mark.parametrize("names", HARD_NAMES)
@pytest.mark.parametrize("scene", ["spit slap race", "speed stuck", "spit over"])
def test_names_in_any_script_long_or_with_emoji_draw(scene: str, names: tuple[str, str]) -> None:
    game = SCENES[scene]()
    assert picture(table_png(game.view(), names)).size == TABLE_SIZE
    assert picture(panel_png(game.view(1), names)).width == WIDTH
    if game.outcome is not None:
        assert picture(results_png(game.view(), names)).size == RESULTS_SIZE


def views_of_an_ai_game(game: SpitState | SpeedState, every: int) -> Iterator[SpitState | SpeedState]:
    """The game every ``every`` actions of an AI-played game (the fastest choice wins each step)."""
    rngs = [Rng.from_seed(seat) for seat in (0, 1)]
    step = 0
    while game.outcome is None:
        choices = [choice for seat in (0, 1) if (choice := choose(game, seat, Level.HARD, rngs[seat]))]
        game.apply(min(choices, key=lambda choice: choice.delay).action)
        step += 1
        if step % every == 0 or game.outcome is not None:
            yield game


@pytest.mark.parametrize(
    "start",
    [
        lambda: new_game(2, SpitOptions(), seed=11),
        lambda: new_game(2, SpitOptions(piles=4, alternate_colours=True), seed=12),
        lambda: new_speed_game(2, SpeedOptions(), seed=13),
    ],
    ids=["spit", "spit, 4 piles", "speed"],
)
def test_a_whole_ai_game_draws_at_every_stage(start: Callable[[], SpitState | SpeedState]) -> None:
    for game in views_of_an_ai_game(start(), every=37):
        assert picture(table_png(game.view(), NAMES)).size == TABLE_SIZE
        assert picture(panel_png(game.view(game.log[-1].seat), NAMES)).width == WIDTH
    assert picture(results_png(game.view(), NAMES)).size == RESULTS_SIZE


# -- what the pixels show ----------------------------------------------------------------------


def card_fill(x: int, y: int, size: tuple[int, int]) -> tuple[int, int]:
    """A point of plain face (low on the left, clear of the rank and the suits) of a card."""
    return x + size[0] // 8, y + size[1] * 9 // 10


def test_spit_layouts_show_tops_backs_depth_and_empty_spaces() -> None:
    game = spit_playing()
    image = picture(table_png(game.view(), NAMES))
    _, y = seat_origin(0)
    top = y + CARDS_DY
    _, piles = spit_row(5, 0)
    # 7h alone, ?8c on Kd, an empty space, Qs on two cards, 2c on As.
    assert rgb(image, card_fill(piles[0], top, PILE_CARD)) == FACE
    assert rgb(image, card_fill(piles[1], top, PILE_CARD)) == BACK
    assert rgb(image, card_fill(piles[2], top, PILE_CARD)) == PANEL
    assert rgb(image, card_fill(piles[3], top, PILE_CARD)) == FACE
    # Under a lone card, the panel; under Qs, the edges of the two cards beneath.
    below = top + PILE_CARD[1] + STACK_STEP // 2
    assert rgb(image, (piles[0] + PILE_CARD[0] // 2, below)) == PANEL
    assert rgb(image, (piles[3] + PILE_CARD[0] // 2, below)) in (BACK, INK)
    assert rgb(image, (piles[3] + PILE_CARD[0] // 2, top + PILE_CARD[1] + 3 * STACK_STEP)) == PANEL
    # The ranks: 7h in red, Qs in black.
    assert RED in colours(image.crop((piles[0], top, piles[0] + PILE_CARD[0], top + PILE_CARD[1])))
    queen = colours(image.crop((piles[3], top, piles[3] + PILE_CARD[0], top + PILE_CARD[1])))
    assert INK in queen and RED not in queen


def test_spit_cards_lie_on_their_own_pile_side_and_centre_piles_show_their_tops() -> None:
    game = spit_playing()
    image = picture(table_png(game.view(), NAMES))
    for seat in (0, 1):
        spit_x, piles = spit_row(5, seat)
        assert (spit_x < piles[0]) == (seat == 0)
        top = seat_origin(seat)[1] + CARDS_DY
        assert rgb(image, card_fill(spit_x, top, PILE_CARD)) == BACK
    for x in centre_x():
        assert rgb(image, card_fill(x, CENTRE_TOP, CENTRE_CARD)) == FACE


def test_before_the_start_the_centre_is_empty_in_spit_and_face_down_in_speed() -> None:
    spit_start = picture(table_png(new_game(2, SpitOptions(), seed=1).view(), NAMES))
    speed_start = picture(table_png(new_speed_game(2, SpeedOptions(), seed=1).view(), NAMES))
    for x in centre_x():
        assert rgb(spit_start, card_fill(x, CENTRE_TOP, CENTRE_CARD)) == BG
        assert rgb(speed_start, card_fill(x, CENTRE_TOP, CENTRE_CARD)) == BACK


def frame(image: Image.Image, seat: int) -> tuple[int, int, int]:
    """The colour of the left edge of ``seat``'s panel on the table."""
    x, y = seat_origin(seat)
    return rgb(image, (x + 1, y + 60))


@pytest.mark.parametrize(
    ("scene", "framed"),
    [
        ("spit playing", ()),
        ("spit stalemate", (0, 1)),
        ("spit stalemate, one spitter", (0,)),
        ("spit slap race", (0, 1)),
        ("spit emptier chooses", (0,)),
        ("spit over", (0,)),
        ("speed playing", ()),
        ("speed stuck", (0, 1)),
    ],
)
def test_the_seats_the_game_waits_for_and_the_winner_are_framed(scene: str, framed: tuple[int, ...]) -> None:
    image = picture(table_png(SCENES[scene]().view(), NAMES))
    assert [seat for seat in (0, 1) if frame(image, seat) == GOLD] == list(framed)
    assert all(frame(image, seat) == PANEL for seat in (0, 1) if seat not in framed)


def test_a_call_unframes_the_caller_and_the_headline_follows() -> None:
    game = spit_stalemate()
    before = table_png(game.view(), NAMES)
    game.apply(Spit(1, 1))
    image = picture(table_png(game.view(), NAMES))
    assert table_png(game.view(), NAMES) != before
    assert frame(image, 0) == GOLD and frame(image, 1) == PANEL


def test_the_private_panel_numbers_the_layout_and_shows_it_big() -> None:
    game = spit_playing()
    view = game.view(1)
    layout = panel_layout(view)
    image = picture(panel_png(view, NAMES))
    # 3d, 4d on 5d, 9s on three, an empty space, a face-down Kh.
    expected = (FACE, FACE, FACE, BG, BACK)
    for x, colour in zip(layout.cards_x, expected, strict=True):
        assert rgb(image, card_fill(x, layout.cards_y, BIG_CARD)) == colour
        assert rgb(image, (x + BIG_CARD[0] // 2, layout.badges_y + 4)) != BG, "a number badge"


# -- hidden cards ------------------------------------------------------------------------------


def test_the_table_never_shows_a_speed_hand() -> None:
    game = speed_table(HANDS)
    other = speed_table((HANDS[1], HANDS[0]))
    public = table_png(game.view(), NAMES)
    assert table_png(other.view(), NAMES) == public, "hands of the same sizes look the same"
    assert table_png(game.view(0), NAMES) == public, "a seat's view draws the same table"
    image = picture(public)
    hand_x, _ = speed_row()
    for seat in (0, 1):
        top = seat_origin(seat)[1] + CARDS_DY + STACK // 2
        hand = image.crop((hand_x, top, hand_x + 264, top + PILE_CARD[1]))
        assert FACE not in colours(hand) and BACK in colours(hand)


def test_a_speed_panel_shows_its_own_hand_and_not_the_other() -> None:
    game = speed_table(HANDS)
    swapped = speed_table((HANDS[0], "Kh 9c Jh Ac 5h"))
    view = game.view(0)
    panel = panel_png(view, NAMES)
    assert panel_png(swapped.view(0), NAMES) == panel, "the other hand changes nothing"
    assert panel_png(game.view(1), NAMES) != panel
    layout = panel_layout(view)
    image = picture(panel)
    for x, card in zip(layout.cards_x, parse_cards(HANDS[0]), strict=True):
        assert rgb(image, card_fill(x, layout.cards_y, BIG_CARD)) == FACE
        face = colours(image.crop((x, layout.cards_y, x + BIG_CARD[0], layout.cards_y + BIG_CARD[1])))
        assert (RED in face) == card.red


def test_a_speed_hand_shrinks_to_empty_places_once_the_stock_is_out() -> None:
    game = speed_table(("4h 6h", "Qh Td 2h 7s 3s"), stocks=("", "9s"))
    view = game.view(0)
    layout = panel_layout(view)
    image = picture(panel_png(view, NAMES))
    fills = [rgb(image, card_fill(x, layout.cards_y, BIG_CARD)) for x in layout.cards_x]
    assert fills == [FACE, FACE, BG, BG, BG]


# -- results -----------------------------------------------------------------------------------


def test_spit_results_put_the_winner_first_and_framed() -> None:
    image = picture(results_png(spit_over().view(), ("Zed", "Amy")))
    assert image.mode == "P" and image.size == RESULTS_SIZE
    assert rgb(image, (WIDTH // 2, ROWS_TOP + 1)) == GOLD
    assert rgb(image, (WIDTH // 2, ROWS_TOP + ROW_PITCH + 1)) == PANEL


def last_play(target: int | None) -> tuple[SpeedState, DealWon]:
    """Seat 0 plays its last card, 6h on 5s; seat 1 has 2 cards left in stock."""
    game = speed_table(("6h", "Qh Td 2h 7s 3s"), stocks=("", "9s 9c"), target=target)
    [won] = [event for event in game.apply(PlayHand(0, Card.parse("6h"), 0)) if isinstance(event, DealWon)]
    return game, won


def test_speed_results_of_a_deal_show_its_points_and_the_totals() -> None:
    game, won = last_play(target=10)
    assert game.outcome is None and game.view().deal_number == 2, "the next deal has started"
    image = picture(results_png(game.view(), ("Zed", "Amy"), deal=won))
    assert image.mode == "P" and image.size == RESULTS_SIZE
    assert rgb(image, (WIDTH // 2, ROWS_TOP + 1)) == GOLD
    assert rgb(image, (WIDTH // 2, ROWS_TOP + ROW_PITCH + 1)) == PANEL


def test_speed_results_of_the_match_and_of_a_single_deal() -> None:
    for target in (2, None):
        game, won = last_play(target)
        assert game.outcome is not None
        deal = won if target is not None else None
        image = picture(results_png(game.view(), NAMES, deal=deal))
        assert rgb(image, (WIDTH // 2, ROWS_TOP + 1)) == GOLD
    assert results_png(game.view(), NAMES) != results_png(game.view(), ("Amy", "Bob"))


def test_results_need_an_ended_game_or_a_deal() -> None:
    with pytest.raises(ValueError, match="ended"):
        results_png(spit_playing().view(), NAMES)
    with pytest.raises(ValueError, match="DealWon"):
        results_png(speed_stuck().view(), NAMES)


# -- the contract ------------------------------------------------------------------------------


def test_pictures_are_pure_functions_of_their_inputs() -> None:
    game = spit_playing()
    first = table_png(game.view(), NAMES)
    assert table_png(game.view(), NAMES) == first
    assert table_png(game.view(), ("Alice", "Bobby")) != first


def test_the_panel_needs_a_seat_and_names_must_match_the_seats() -> None:
    game = spit_playing()
    with pytest.raises(ValueError, match="seat"):
        panel_png(game.view(), NAMES)
    with pytest.raises(ValueError, match="names"):
        table_png(game.view(), NAMES[:1])


def word_fields() -> list[str]:
    """The fields of the labels that hold words (not the language)."""
    return [field.name for field in dataclasses.fields(Labels) if field.name != "language"]


def marked_labels() -> Labels:
    """Labels whose every word is its own name in brackets, then its placeholders."""
    return Labels(
        **{
            name: f"⟦{name}⟧"
            + "".join(f" {{{hole}}}" for hole in sorted(set(placeholders(getattr(ENGLISH, name)))))
            for name in word_fields()
        }
    )


def placeholders(template: object) -> list[str]:
    assert isinstance(template, str)
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def scenes_for_every_word() -> Iterator[Callable[[Labels], bytes]]:
    """Pictures that, between them, draw every field of the labels."""
    for scene in SCENES.values():
        game = scene()
        yield lambda labels, game=game: table_png(game.view(), NAMES, labels)
        for seat in (0, 1):
            yield lambda labels, game=game, seat=seat: panel_png(game.view(seat), NAMES, labels)
    called = spit_stalemate()
    called.apply(Spit(0, 0))
    yield lambda labels: panel_png(called.view(0), NAMES, labels)
    yield lambda labels: table_png(called.view(), NAMES, labels)
    over = spit_over()
    yield lambda labels: results_png(over.view(), NAMES, labels)
    single, _ = last_play(None)
    yield lambda labels: results_png(single.view(), NAMES, labels)
    for target in (10, 2):
        game, won = last_play(target)
        yield lambda labels, game=game, won=won: results_png(game.view(), NAMES, labels, won)


def test_every_word_drawn_comes_from_the_labels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text the pictures paste is a player's name, a number, or a label; and every label is
    drawn somewhere."""
    drawn: list[str] = []
    paste = spit._paste_text

    def recording(
        canvas: Image.Image, xy: tuple[int, int], text: str, *args: object, **kwargs: object
    ) -> int:
        drawn.append(text)
        return paste(canvas, xy, text, *args, **kwargs)

    sentence = spit._paste_sentence

    def recording_sentence(
        canvas: Image.Image, xy: tuple[int, int], said: Sentence, *args: Any, **kwargs: Any
    ) -> int:
        drawn.append(said(isolate))
        return sentence(canvas, xy, said, *args, **kwargs)

    monkeypatch.setattr(spit, "_paste_text", recording)
    monkeypatch.setattr(spit, "_paste_sentence", recording_sentence)
    labels = marked_labels()
    for draw in scenes_for_every_word():
        draw(labels)
    words = [text for text in drawn if text not in NAMES and not re.fullmatch(r"\+?\d+", text)]
    assert words and all(text.startswith("⟦") for text in words), [t for t in words if not t.startswith("⟦")]
    used = {match for text in words for match in re.findall(r"⟦(\w+)⟧", text)}
    assert used == set(word_fields())


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_word_on_the_pictures_is_in_the_catalogue(language: str) -> None:
    """``spit.picture.<field>`` in both languages, with the placeholders the pictures fill."""
    messages = catalog().messages[language]
    for name in word_fields():
        text = messages[f"spit.picture.{name}"]
        assert set(placeholders(text)) == set(placeholders(getattr(ENGLISH, name))), name


def test_the_palette_keeps_every_face_and_theme_colour_exact() -> None:
    swatches = [FACE, RED, INK, BACK, BG, PANEL, GOLD]
    strip = Image.new("RGB", (len(swatches), 1))
    for index, colour in enumerate(swatches):
        strip.putpixel((index, 0), colour)
    quantized = PALETTE.quantize(strip)
    assert [rgb(quantized, (index, 0)) for index in range(len(swatches))] == swatches


def test_every_card_face_differs_from_the_others_without_its_colour() -> None:
    """Red and black matter with the "alternating colours" option: the suit's shape tells them
    apart, so all 52 faces differ even in black and white."""
    faces = {
        card_tile(card, *PILE_CARD, PANEL).convert("L").point(lambda value: 255 * (value > 160)).tobytes()
        for card in ALL_CARDS
    }
    assert len(faces) == len(ALL_CARDS)


def test_the_pile_counts_read_on_a_phone_on_the_table_and_the_panel() -> None:
    """A pile's count ("×4") under it is read at a glance, as a mark: its digits reach the
    goal's height on a phone (players found "×1" to "×5" too small to read)."""
    view = spit_playing().view()
    for render in (partial(table_png, view, NAMES), partial(panel_png, spit_playing().view(0), NAMES)):
        found = measure(render)
        counts = [mark for mark in found.marks if mark.text == "draw_mark_text"]
        assert counts, "the counts are drawn as marks"
        assert min(count.em for count in counts) * found.scale >= GOAL
