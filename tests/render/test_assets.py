"""The Cover Your Assets pictures: every stage renders for 2 to 6 players at the size promised;
the public table never shows a hand; every word drawn comes from the labels; names in any script
stay in their place; a challenge, the hand and the results show what they should, where they
should."""

import dataclasses
import io
import re
from collections.abc import Callable, Iterator
from functools import partial
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

import render.assets
import render.canvas
from bench.bench_legibility import GOAL, measure
from engine.assets.actions import Deal, GiveUp
from engine.assets.cards import Asset, parse_cards
from engine.assets.state import AssetsOptions, AssetsState, AssetsView, Stage, new_game
from render.assets import (
    DUEL_CARD,
    DUEL_SIZE,
    ENGLISH,
    HAND_CARD,
    HAND_GAP,
    MARGIN,
    NAMED_CARD,
    NUMBER_BADGE,
    NUMBERS_Y,
    RESULT_PITCH,
    RESULT_ROWS_TOP,
    SEAT_CARD,
    SEAT_PAD,
    SET_GAP,
    WIDTH,
    duel_column_origin,
    duel_top,
    hand_origin,
    hand_png,
    hand_size,
    money,
    results_png,
    results_size,
    seat_origin,
    seat_size,
    table_png,
    table_size,
    top_set_origin,
)
from render.assets_cards import BADGE_GAP, GHOST, MAX_GHOSTS, PALETTE, badge_size, fill_of, group_size
from render.legibility import INLINE
from render.theme import BG, BUTTON, DIM, GOLD, INK, PANEL, TEXT
from tests.engine.assets import answer, challenge, discard, pair, play_ai, table
from tests.render.colour_vision import SIMULATIONS, distance
from words.assets import Labels

NAMES = ("Alice", "محمد علي", "王小明", "Bob 👍🏽", "Дмитрий", "Fam 👨‍👩‍👧")
LONG_NAMES = (
    "Christopher the Magnificent of the Northern Realms",
    "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧",
    "عبد الرحمن بن محمد بن عبد الله الأنصاري",
    "שמואל בן דוד הכהן מירושלים עיר הקודש",
    "王小明王小明王小明王小明王小明王小明王小明",
    "Zoë 🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲🎲",
)


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    image.load()
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


def plain_fill(origin: tuple[int, int], card: tuple[int, int]) -> tuple[int, int]:
    """A point of a card's face that only its fill covers: left of the icon, between the value
    and the name."""
    return origin[0] + card[0] // 10, origin[1] + card[1] // 2


def ribbon(origin: tuple[int, int], card: tuple[int, int]) -> tuple[int, int]:
    """A point on a wild's ribbon (plain fill on any other card): under the icon on a named
    card, lower on a card too small for a name."""
    share = 67 if card[0] >= NAMED_CARD else 85
    return origin[0] + card[0] // 10, origin[1] + card[1] * share // 100


def group_card(origin: tuple[int, int], card: tuple[int, int], group: int, gap: int) -> tuple[int, int]:
    """Top-left corner of the front card of the ``group``-th kind of a set drawn at ``origin``."""
    return origin[0] + group * (group_size(card)[0] + gap), origin[1] + GHOST * MAX_GHOSTS


def stages(players: int, seed: int) -> Iterator[tuple[AssetsState, AssetsView]]:
    """A whole AI game, yielding the first view of each stage met (the turn, a challenge with
    an answer shown, the end of a round, the end of the game)."""
    game = new_game(players, seed=seed)
    wanted = {Stage.TURN, Stage.CHALLENGE, Stage.ROUND_OVER}
    yield game, game.view()
    while game.outcome is None:
        play_ai(game, seed, len(game.log) + 1)
        view = game.view()
        if view.stage in wanted and (view.duel is None or len(view.duel.shown) > 1):
            wanted.discard(view.stage)
            yield game, view
    yield game, game.view()


# -- every stage, every table size -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_stage_renders_for_the_table_the_player_to_act_and_the_results(players: int) -> None:
    seen = set()
    for game, view in stages(players, seed=players):
        seen.add(view.stage)
        names = NAMES[:players]
        table_picture = picture(table_png(view, names))
        assert table_picture.mode == "P" and table_picture.width == WIDTH
        assert table_picture.size == table_size(players, view.duel is not None)
        seat = view.outcome.winner if view.outcome is not None else view.to_act
        assert seat is not None
        hand_picture = picture(hand_png(game.view(seat), seat, names))
        assert hand_picture.mode == "P" and hand_picture.size == hand_size(view.duel is not None)
        if view.stage in (Stage.ROUND_OVER, Stage.GAME_OVER):
            results = picture(results_png(view, names))
            assert results.mode == "P" and results.size == results_size(players, view.outcome is not None)
    assert seen == set(Stage)


@pytest.mark.parametrize("players", [2, 6])
def test_the_player_the_game_waits_for_is_framed_in_gold(players: int) -> None:
    game = new_game(players, AssetsOptions(dealer=players - 1), seed=3)
    for steps in range(players * 3):
        play_ai(game, steps=steps)
        view = game.view()
        duel = view.duel is not None
        image = picture(table_png(view, NAMES[:players]))
        for seat in range(players):
            x, y = seat_origin(seat, players, duel)
            assert rgb(image, (x + 1, y + seat_size(players)[1] // 2)) == (
                GOLD if seat == view.to_act else PANEL
            )


# -- the public table ------------------------------------------------------------------------------


def test_the_public_table_never_shows_a_hand() -> None:
    """Two tables alike but for what the hands hold (not how many) draw the same picture, and a
    seat's view draws the public table, not that seat's hand."""
    one = table(
        "PB PB HM GO", "JW CA", "BA", draw="CC ST", discard="SI", stacks=["HM SI", "", "ST ST / CA CA"]
    )
    other = table(
        "BC SC CM JW", "GO SI", "HM", draw="CC ST", discard="SI", stacks=["HM SI", "", "ST ST / CA CA"]
    )
    assert table_png(one.view(), NAMES[:3]) == table_png(other.view(), NAMES[:3])
    assert table_png(one.view(0), NAMES[:3]) == table_png(one.view(), NAMES[:3])
    assert hand_png(one.view(0), 0, NAMES[:3]) != hand_png(other.view(0), 0, NAMES[:3])


def test_the_top_set_shows_one_card_per_kind_and_the_discard_its_top_card() -> None:
    game = table("PB", "JW", discard="CA", stacks=["BA BA / HM SI HM GO", "JW JW"])
    image = picture(table_png(game.view(), NAMES[:2]))
    origin = top_set_origin(0, 2)
    for group, asset in enumerate((Asset.HOME, Asset.SILVER, Asset.GOLD)):
        front = group_card(origin, SEAT_CARD, group, SET_GAP)
        assert rgb(image, plain_fill(front, SEAT_CARD)) == fill_of(asset)
        assert rgb(image, ribbon(front, SEAT_CARD)) == (INK if asset.wild else fill_of(asset))
    # Seat 1's only set, a pair of Jewels: one card with a badge under it.
    front = group_card(top_set_origin(1, 2), SEAT_CARD, 0, SET_GAP)
    assert rgb(image, plain_fill(front, SEAT_CARD)) == fill_of(Asset.JEWELS)
    width, height = badge_size(SEAT_CARD)
    badge_left = (
        front[0] + (SEAT_CARD[0] - width) // 2 + 3,
        front[1] + SEAT_CARD[1] + BADGE_GAP + height // 2,
    )
    assert rgb(image, badge_left) == BUTTON
    next_group = group_card(top_set_origin(1, 2), SEAT_CARD, 1, SET_GAP)
    assert rgb(image, plain_fill(next_group, SEAT_CARD)) == PANEL


def test_an_empty_discard_pile_and_a_player_without_sets_are_drawn_empty() -> None:
    game = table("PB", "JW", stacks=["", "JW JW"])
    image = picture(table_png(game.view(), NAMES[:2]))
    front = group_card(top_set_origin(0, 2), SEAT_CARD, 0, SET_GAP)
    assert rgb(image, plain_fill(front, SEAT_CARD)) == PANEL
    filled = table("PB", "JW", discard="HM", stacks=["", "JW JW"])
    assert picture(table_png(filled.view(), NAMES[:2])).tobytes() != image.tobytes()


# -- a challenge -----------------------------------------------------------------------------------

THEIRS = "BA BA / HM HM"


def test_a_challenge_is_drawn_with_each_sides_cards_and_the_stake() -> None:
    game = table("SI PB", "GO JW", stacks=["PB PB", THEIRS])
    game.apply(challenge(0, 1, "SI"))
    game.apply(answer(1, "GO"))
    view = game.view()
    image = picture(table_png(view, NAMES[:2]))
    assert image.size == table_size(2, duel=True)
    assert rgb(image, (MARGIN + 1, duel_top() + DUEL_SIZE[1] // 2)) == GOLD
    for column, asset in enumerate((Asset.SILVER, Asset.GOLD, Asset.HOME)):
        front = group_card(duel_column_origin(column), DUEL_CARD, 0, 4)
        assert rgb(image, plain_fill(front, DUEL_CARD)) == fill_of(asset)
    # The seats move down under the challenge; the challenger must answer and is framed.
    middle = seat_size(2)[1] // 2
    for seat, frame in ((0, GOLD), (1, PANEL)):
        x, y = seat_origin(seat, 2, duel=True)
        assert rgb(image, (x + 1, y + middle)) == frame


def test_a_challenge_shows_on_the_hand_of_the_player_who_must_answer() -> None:
    game = table("SI PB", "GO JW", stacks=["PB PB", THEIRS])
    game.apply(challenge(0, 1, "SI"))
    before = picture(hand_png(game.view(1), 1, NAMES[:2]))
    assert before.size == hand_size(duel=True)
    game.apply(GiveUp(1))
    after = picture(hand_png(game.view(1), 1, NAMES[:2]))
    assert after.size == hand_size(duel=False)
    # The answer hint, gold, is addressed to the defender while the challenge runs.
    hint = before.crop((0, hand_size(duel=True)[1] - MARGIN - 50, WIDTH, before.height))
    assert GOLD in colours(hint)


# -- the private hand ------------------------------------------------------------------------------


def test_the_hand_is_numbered_in_the_views_order_with_the_cards_face_up() -> None:
    game = table("HM PB GO JW PB", "CC")
    view = game.view(0)
    assert view.hand == (Asset.PIGGY_BANK, Asset.PIGGY_BANK, Asset.JEWELS, Asset.HOME, Asset.GOLD)
    image = picture(hand_png(view, 0, NAMES[:2]))
    x, y = hand_origin(5)
    for index, asset in enumerate(view.hand):
        card_x = x + index * (HAND_CARD[0] + HAND_GAP)
        assert rgb(image, plain_fill((card_x, y), HAND_CARD)) == fill_of(asset)
        assert rgb(image, ribbon((card_x, y), HAND_CARD)) == (INK if asset.wild else fill_of(asset))
        badge_edge = (card_x + (HAND_CARD[0] - NUMBER_BADGE[0]) // 2 + 4, NUMBERS_Y + NUMBER_BADGE[1] // 2)
        assert rgb(image, badge_edge) == BUTTON


def test_an_empty_hand_is_said_in_words() -> None:
    game = table("PB PB", "CC JW", stacks=["", ""])
    game.apply(pair(0, "PB PB"))  # seat 0's hand is empty now and stays so: no draw pile
    image = picture(hand_png(game.view(0), 0, NAMES[:2]))
    x, y = hand_origin(1)
    assert rgb(image, plain_fill((x, y), HAND_CARD)) == BG
    assert DIM in colours(image.crop((0, y, WIDTH, y + HAND_CARD[1]))), "the words are drawn"


def test_the_hand_is_drawn_from_that_seats_view_only() -> None:
    game = table("PB", "JW")
    with pytest.raises(ValueError, match="seat 0"):
        hand_png(game.view(), 0, NAMES[:2])
    with pytest.raises(ValueError, match="seat 0"):
        hand_png(game.view(1), 0, NAMES[:2])


# -- the results -----------------------------------------------------------------------------------


def finished_round(totals: tuple[int, ...]) -> AssetsState:
    """A two-seat round played to its end: seat 0 pairs PB PB (+$10,000), seat 1 discards and
    scores its Jewels (+$30,000)."""
    game = table("PB PB", "BC", stacks=["", "JW JW"], totals=totals)
    game.apply(pair(0, "PB PB"))
    game.apply(discard(1, "BC"))
    return game


def test_results_rank_by_total_and_frame_the_leader() -> None:
    game = finished_round((300_000, 100_000))
    view = game.view()
    assert view.stage is Stage.ROUND_OVER and view.totals == (310_000, 130_000)
    image = picture(results_png(view, NAMES[:2]))
    assert image.size == results_size(2)
    assert rgb(image, (WIDTH // 2, RESULT_ROWS_TOP + 1)) == GOLD
    assert rgb(image, (WIDTH // 2, RESULT_ROWS_TOP + RESULT_PITCH + 1)) == PANEL


def test_results_of_a_tie_for_first_frame_both_and_a_won_game_only_the_winner() -> None:
    tie = finished_round((995_000, 975_000)).view()
    assert tie.totals == (1_005_000, 1_005_000) and tie.outcome is None
    image = picture(results_png(tie, NAMES[:2]))
    assert [rgb(image, (WIDTH // 2, RESULT_ROWS_TOP + row * RESULT_PITCH + 1)) for row in (0, 1)] == [
        GOLD,
        GOLD,
    ]

    won = finished_round((995_000, 0)).view()
    assert won.outcome is not None and won.stage is Stage.GAME_OVER
    image = picture(results_png(won, NAMES[:2]))
    assert image.size == results_size(2, game_over=True)
    assert rgb(image, (WIDTH // 2, RESULT_ROWS_TOP + RESULT_PITCH + 1)) == PANEL


def test_results_need_an_ended_round_and_the_game_goes_on_after_them() -> None:
    game = finished_round((0, 0))
    with pytest.raises(ValueError, match="round"):
        results_png(table("PB", "JW").view(), NAMES[:2])
    game.apply(Deal(game.next_dealer()))
    with pytest.raises(ValueError, match="round"):
        results_png(game.view(), NAMES[:2])


# -- every word from the labels --------------------------------------------------------------------


def marked() -> Labels:
    """Labels whose every word is a marker ``‹field›``, placeholders kept: a drawn string made
    of anything but markers, names, digits and signs was not taken from the labels."""
    fields: dict[str, Any] = {}
    for field in dataclasses.fields(Labels):
        if field.name == "cards":
            fields["cards"] = tuple(f"‹card{asset.rank}›" for asset in Asset)
        elif field.name == "language":
            continue
        else:
            value = getattr(ENGLISH, field.name)
            holes = "".join(f" {{{name}}}" for name in re.findall(r"\{(\w+)\}", value))
            fields[field.name] = f"‹{field.name}›{holes}"
    return Labels(**fields)


def record(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    drawn: list[str],
    *texts: int,
    module: ModuleType = render.assets,
) -> None:
    """Wrap ``<module>.<name>`` to note the strings it is given (arguments ``texts``)."""
    original: Callable[..., Any] = getattr(module, name)

    def noting(*args: Any, **kwargs: Any) -> Any:
        drawn.extend(str(args[index]) for index in texts)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, noting)


def test_every_word_drawn_comes_from_the_labels_or_the_names(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    record(monkeypatch, "paste_text", drawn, 3)
    record(monkeypatch, "paste_text", drawn, 3, module=render.canvas)  # sentences about players
    record(monkeypatch, "card_tile", drawn, 4, 5, 6)
    record(monkeypatch, "group_tile", drawn, 4, 5, 6)
    labels = marked()
    names = NAMES[:3]
    turn = table("PB PB HM", "JW", "BA", stacks=["", "CC CC", ""])
    table_png(turn.view(), names, labels)
    hand_png(turn.view(0), 0, names, labels)
    game = table("SI PB HM", "GO JW", "BA", draw="CC", discard="ST", stacks=["PB PB", THEIRS, ""])
    game.apply(challenge(0, 1, "SI"))
    game.apply(answer(1, "GO"))
    table_png(game.view(), names, labels)
    hand_png(game.view(0), 0, names, labels)
    for totals in ((10_000, 0), (995_000, 975_000), (995_000, 0)):  # on, a tie, won
        over = finished_round(totals)
        results_png(over.view(), NAMES[:2], labels)
        table_png(over.view(), NAMES[:2], labels)
        hand_png(over.view(0), 0, NAMES[:2], labels)

    cards = {f"‹card{asset.rank}›" for asset in Asset}
    words = {
        f"‹{field.name}›" for field in dataclasses.fields(Labels) if field.name not in ("cards", "language")
    }
    used = set()
    for text in drawn:
        rest = text
        for word in sorted((*names, *words, *cards), key=len, reverse=True):
            if word in rest:
                used.add(word)
                rest = rest.replace(word, " ")
        assert re.fullmatch(r"[\s\d,$+×·\u2066-\u2069]*", rest), f"{text!r} has words not from the labels"
    # Every word of the labels was drawn somewhere in these pictures; a card's name on the hand's
    # big faces (PB, HM), the discard pile's caption (ST, then BC) and the challenge's line (HM).
    # The small faces of sets and shown cards carry none: it would be too small to read.
    assert words - used == set()
    assert used & cards == {f"‹card{card.rank}›" for card in parse_cards("PB HM ST BC")}


def test_amounts_follow_the_labels() -> None:
    spanish = dataclasses.replace(ENGLISH, language="es")
    assert money(1_250_000, spanish) == "1.250.000\u00a0$"
    assert money(5_000, ENGLISH) == "$5,000"
    assert money(0, ENGLISH) == "$0"


# -- names in any script ---------------------------------------------------------------------------


def test_long_emoji_and_right_to_left_names_stay_inside_their_row() -> None:
    game = table("PB", "JW", "BA", "CC", "ST", "HM", stacks=["PB PB", "", "BA BA / CC CC", "", "", ""])
    view = game.view()
    short = picture(table_png(view, NAMES))
    long = picture(table_png(view, LONG_NAMES))
    assert long.size == short.size == table_size(6)
    width, height = seat_size(6)
    for seat in range(6):
        x, y = seat_origin(seat, 6)
        name_box = (x + SEAT_PAD, y + 6, x + width - SEAT_PAD, y + 52)
        assert TEXT in colours(long.crop(name_box))
        assert long.crop(name_box).tobytes() != short.crop(name_box).tobytes()
        # Along the place's right edge it stays bare: the name was cut to fit.
        edge = (x + width - SEAT_PAD + 1, y + 20, x + width - 6, y + height - 20)
        assert colours(long.crop(edge)) == {PANEL}


def test_names_must_match_the_seats() -> None:
    game = table("PB", "JW")
    with pytest.raises(ValueError, match="names"):
        table_png(game.view(), NAMES[:3])
    with pytest.raises(ValueError, match="names"):
        hand_png(game.view(0), 0, NAMES[:1])


# -- the contract ----------------------------------------------------------------------------------


def test_pictures_are_pure_functions_of_their_inputs() -> None:
    game = table("PB PB", "JW", "BA", discard="HM", stacks=["CC CC", "", ""])
    first = table_png(game.view(), NAMES[:3])
    assert table_png(game.view(), NAMES[:3]) == first
    assert table_png(game.view(), ("Alice", "محمد علي", "Zoë")) != first
    spanish = dataclasses.replace(ENGLISH, turn="Turno de {name}")
    assert table_png(game.view(), NAMES[:3], spanish) != first


def test_the_palette_keeps_every_card_fill_and_theme_colour_exact() -> None:
    swatches = [*(fill_of(asset) for asset in Asset), BG, PANEL, GOLD, BUTTON, INK, TEXT]
    strip = Image.new("RGB", (len(swatches), 1))
    for index, colour in enumerate(swatches):
        strip.putpixel((index, 0), colour)
    quantized = PALETTE.quantize(strip)
    assert [rgb(quantized, (index, 0)) for index in range(len(swatches))] == swatches


# -- on a phone ------------------------------------------------------------------------------------


def busiest_challenge(players: int) -> AssetsView:
    """A challenge with an answer shown, from an AI game of ``players``."""
    return next(view for _, view in stages(players, seed=players) if view.duel is not None)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_table_fits_the_height_a_phone_shows_with_every_seat_in_a_challenge(players: int) -> None:
    """Six seats and a challenge were 1849 pixels high (832 at a phone's 450 wide): a phone
    shows a picture in a message at most 1.19 times as high as wide, so the table never asks
    for more, and is shown as wide as the column."""
    for duel in (False, True):
        assert INLINE.scale(table_size(players, duel)) == INLINE.width / WIDTH


def test_every_amount_on_the_table_reads_on_a_phone() -> None:
    """The totals, the stacks' values and every number drawn, as a phone shows the busiest
    table (six seats in a challenge)."""
    found = measure(partial(table_png, busiest_challenge(6), NAMES))
    amounts = {drawn.text: drawn.em * found.scale for drawn in found.drawn if re.search(r"\d", drawn.text)}
    assert len(amounts) > 10
    assert min(amounts.values()) >= GOAL, min(amounts.items(), key=lambda item: item[1])


def test_classic_auto_and_jewels_are_told_apart_by_their_fill_by_everyone() -> None:
    """The two assets of 15,000 shared one lilac: their fills stay apart (CIE76) for everyone and
    under the common colour-vision deficiencies; their icons differ too."""
    auto, jewels = fill_of(Asset.CLASSIC_AUTO), fill_of(Asset.JEWELS)
    assert min(distance(auto, jewels, simulation) for simulation in (None, *SIMULATIONS)) >= 20
