"""The Topoum pictures: every phase renders for 2 to 4 players at the promised size and mode,
the board shows what the view and the last turn say where they say it, hands stay private, every
word comes from the labels (and the catalogue has them all), and any name fits."""

import dataclasses
import io
from collections.abc import Sequence

import pytest
from PIL import Image

from engine.ai import Level
from engine.hexgrid import Hex
from engine.rng import Rng
from engine.topoum.actions import ChangeBase, EndMoves, Pass
from engine.topoum.ai import TopoumAI
from engine.topoum.cards import BATTLE_TYPES, Category, Farmer, Obstacle
from engine.topoum.events import Event, TurnBegan
from engine.topoum.state import Position, TopoumOptions, TopoumState, new_game
from engine.topoum.turns import TurnSummary, last_turn, summarise
from locales import catalog
from render.fonts import line_height
from render.hexboard import DIRECTION_ARROWS, LABEL_SIZE
from render.theme import BG, DIM, GOLD, INK, LIGHT
from render.topoum import (
    BOARD,
    ENGLISH,
    HEX_SIZE,
    HandLayout,
    Labels,
    board_png,
    board_size,
    hand_png,
    results_png,
    results_size,
)
from render.topoum_pieces import (
    EMPTY,
    HATCH,
    NEUTRAL,
    PALETTE,
    SEAT_COLOURS,
    base_tile,
    icon_tile,
    mole_tile,
    obstacle_tile,
    piece_centre,
)
from tests.engine.topoum import C, enter, play, step, table

NAMES = ("Alice", "محمد علي", "王小明 👍🏽", "Zoë the Great of Very Long Names 👨‍👩‍👧")


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    return image


def rgb(image: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    """The colour at ``xy`` (rounded) of a palette picture."""
    index = image.getpixel((round(xy[0]), round(xy[1])))
    palette = image.getpalette()
    assert isinstance(index, int) and palette is not None
    red, green, blue = palette[3 * index : 3 * index + 3]
    return red, green, blue


def at(hex_: str, dx: float = 0, dy: float = 0) -> tuple[float, float]:
    """A point of the board picture, relative to a hex's centre in hex sizes."""
    x, y = BOARD.centre(Hex.parse(hex_))
    return x + dx * HEX_SIZE, y + dy * HEX_SIZE


def played(players: int, seed: int, turns: int) -> tuple[TopoumState, list[Event]]:
    """A game played by normal AIs until ``turns`` turns have begun (or it ended), with its events."""
    game = new_game(players, seed=seed)
    ais = [TopoumAI(Level.NORMAL, Rng.from_seed(seat)) for seat in range(players)]
    events: list[Event] = []
    while game.outcome is None and game.turn < turns:
        choice = ais[game.current].choose(game, game.current)
        assert choice is not None
        events += game.apply(choice.action)
    return game, events


def stacked_turn(game: TopoumState, events: list[Event]) -> TurnSummary:
    """A stacked table begins inside its turn: its events lack the opening TurnBegan."""
    return summarise([TurnBegan(0, 1), *events])


def ended(badges: tuple[int, int]) -> TopoumState:
    """A finished two-player game: Peace has come and the last player, whose moles are all
    prisoners and who cannot pay a ransom, passes. One combat and one movement card in the
    discard piles score 3 each, so equal ``badges`` end in a tie (one colour base each)."""
    game = TopoumState.from_position(
        Position(
            board="G7:0@0 G6:1",
            seat=1,
            badges=badges,
            prisoners=((0, 1),) * 4,
            peace_drawn=True,
            discards=((C.BAYONET,), (C.PATROL,)),
        )
    )
    game.apply(Pass(1))
    assert game.outcome is not None
    return game


# -- every phase, every table size -----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_renders_at_its_size_for_every_table(players: int) -> None:
    game = new_game(players, TopoumOptions(start_player=players - 1), seed=players)
    image = picture(board_png(game.view(), NAMES[:players]))
    assert image.size == board_size(players)
    for seat in range(players):
        hand = picture(hand_png(game.view(seat), NAMES[:players]))
        assert hand.size == (1000, HandLayout.of().height)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_played_game_renders_after_every_turn_and_at_the_end(players: int) -> None:
    game, events = played(players, seed=10 + players, turns=12)
    summary = last_turn(events)
    assert summary is not None and summary.turn is not None
    assert picture(board_png(game.view(), NAMES[:players], last_turn=summary)).size == board_size(players)
    while game.outcome is None:
        ai = TopoumAI(Level.EASY, Rng.from_seed(game.turn))
        choice = ai.choose(game, game.current)
        assert choice is not None
        events += game.apply(choice.action)
    final = last_turn(events)
    assert picture(board_png(game.view(), NAMES[:players], last_turn=final)).size == board_size(players)
    assert picture(results_png(game.view(), NAMES[:players])).size == results_size(players)


def test_names_must_match_the_seats_and_the_hand_and_results_need_their_moment() -> None:
    game = new_game(3, seed=1)
    with pytest.raises(ValueError, match="names"):
        board_png(game.view(), NAMES[:2])
    with pytest.raises(ValueError, match="seat"):
        hand_png(game.view(), NAMES[:3])
    with pytest.raises(ValueError, match="ended"):
        results_png(game.view(), NAMES[:3])


# -- what the board shows --------------------------------------------------------------------------


def test_bases_show_their_owners_colour_or_the_striped_neutral_side_and_moles_their_owner() -> None:
    game = table("G7:0n@1 G6:1 H6:2@0 F7:3", players=4)
    image = picture(board_png(game.view(), NAMES))
    assert rgb(image, at("G6", -0.6)) == SEAT_COLOURS[1]
    assert rgb(image, at("F7", -0.6)) == SEAT_COLOURS[3]
    assert rgb(image, at("G7", -0.6)) in (NEUTRAL, HATCH)
    assert rgb(image, piece_centre(at("G7"), HEX_SIZE)) == SEAT_COLOURS[1]
    assert rgb(image, piece_centre(at("H6"), HEX_SIZE)) == SEAT_COLOURS[0]
    assert rgb(image, at("G1", -0.6)) == EMPTY


def test_every_hex_carries_its_label_dim_on_an_empty_hex_and_dark_on_a_base() -> None:
    image = picture(board_png(table("G7:0@0 G6:1@1").view(), NAMES[:2]))
    for label, ink in (("A7", DIM), ("G1", DIM), ("M7", DIM), ("G13", DIM), ("G7", INK), ("G6", INK)):
        x, y = BOARD.label_top(Hex.parse(label), LABEL_SIZE)
        found = {
            rgb(image, (px, py))
            for px in range(x - 20, x + 20)
            for py in range(y, y + line_height(LABEL_SIZE))
        }
        assert ink in found, label


def test_a_move_is_an_arrow_and_a_new_line_of_sight_is_gold_with_its_points() -> None:
    game = table("G9:0@0 G8:0 G7:0 G6:0@0 G5:0")
    events = step(game, "G6", "G5")
    events += play(game, ChangeBase(0), EndMoves(0))
    summary = stacked_turn(game, events)
    assert summary.points == 9
    plain = picture(board_png(game.view(), NAMES[:2]))
    shown = picture(board_png(game.view(), NAMES[:2], last_turn=summary))
    assert rgb(plain, at("G6", 0, -0.52)) != LIGHT
    assert rgb(shown, at("G6", 0, -0.52)) == LIGHT  # the arrow's shaft, from G6 up to G5
    assert rgb(plain, at("G8")) == SEAT_COLOURS[0]
    assert rgb(shown, at("G8")) == GOLD  # the line G5-G9 runs through G8's centre
    assert rgb(plain, at("G5", 0, -0.8)) != GOLD
    assert rgb(shown, at("G5", 0, -0.8)) == GOLD  # G5 changed side: a gold ring


def test_a_clash_leaves_crosses_where_both_moles_were() -> None:
    game = table("G7:0@0 H6:1@1 G4:0@0")
    summary = stacked_turn(game, step(game, "G7", "H6"))
    image = picture(board_png(game.view(), NAMES[:2], last_turn=summary))
    for hex_ in ("G7", "H6"):
        assert rgb(image, piece_centre(at(hex_), HEX_SIZE)) == LIGHT


def test_an_entry_is_ringed_in_gold() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE])
    summary = stacked_turn(game, enter(game, "G6", C.SHORT_RANGE, "H6"))
    plain = picture(board_png(game.view(), NAMES[:2]))
    shown = picture(board_png(game.view(), NAMES[:2], last_turn=summary))
    assert rgb(plain, at("G6", 0, -0.8)) == SEAT_COLOURS[0]
    assert rgb(shown, at("G6", 0, -0.8)) == GOLD


# -- privacy and purity ----------------------------------------------------------------------------


def test_the_board_never_shows_a_hand_and_a_hand_shows_only_its_own() -> None:
    game, events = played(3, seed=4, turns=6)
    public = board_png(game.view(), NAMES[:3], last_turn=last_turn(events))
    for seat in range(3):
        assert board_png(game.view(seat), NAMES[:3], last_turn=last_turn(events)) == public
    mine = table("G7:0@0 G6:1@1", hands=[[C.BAYONET], [C.MORTAR]])
    theirs = table("G7:0@0 G6:1@1", hands=[[C.BAYONET], [C.PATROL, C.FARMER]])
    assert hand_png(mine.view(0), NAMES[:2]) == hand_png(theirs.view(0), NAMES[:2])
    assert hand_png(mine.view(1), NAMES[:2]) != hand_png(theirs.view(1), NAMES[:2])


def test_pictures_are_pure_functions_of_their_inputs() -> None:
    game, events = played(2, seed=8, turns=8)
    summary = last_turn(events)
    first = board_png(game.view(), NAMES[:2], last_turn=summary)
    assert board_png(game.view(), NAMES[:2], last_turn=summary) == first
    assert board_png(game.view(), NAMES[:2]) != first
    assert board_png(game.view(), ("Alice", "Bob")) != first


# -- any name --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "names",
    [
        ("ω" * 40, "محمد علي 👍🏽"),
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", "שלום עליכם"),
        ("राहुल क्षत्रिय", "王小明 김민준 Дмитрий"),
    ],
)
def test_names_in_any_script_render_on_every_picture(names: tuple[str, str]) -> None:
    game = table("G7:0@0 G6:1@1", hand=[C.PATROL], peace_drawn=True)
    assert picture(board_png(game.view(), names)).size == board_size(2)
    assert picture(hand_png(game.view(0), names)).mode == "P"
    assert picture(results_png(ended((5, 5)).view(), names)).size == results_size(2)


def test_a_long_name_is_cut_so_the_rest_of_the_sentence_stays() -> None:
    """Names are cut to what fits before the sentence is drawn: two names that differ only past
    the cut give the same picture, whatever the sentence says after them."""
    game = table("G7:0@0 G6:1@1", peace_drawn=True)
    long, longer = "ω" * 60, "ω" * 90
    assert board_png(game.view(), (long, "B")) == board_png(game.view(), (longer, "B"))


# -- colour is never the only cue ------------------------------------------------------------------


def silhouette(tile: Image.Image) -> bytes:
    return tile.convert("L").point(lambda value: 255 * (value > 100)).tobytes()


def test_pieces_differ_without_their_colours() -> None:
    moles = {silhouette(mole_tile(HEX_SIZE, seat)[0]) for seat in range(4)}
    bases = {
        silhouette(base_tile(HEX_SIZE, seat, neutral, 2.0)) for seat in range(4) for neutral in (False, True)
    }
    obstacles = {silhouette(obstacle_tile(HEX_SIZE, obstacle)[0]) for obstacle in Obstacle}
    icons = {silhouette(icon_tile(category, 12, BG, LIGHT)) for category in Category}
    assert (len(moles), len(bases), len(obstacles), len(icons)) == (4, 8, 3, 4)


def test_the_palette_keeps_the_board_colours_exact() -> None:
    swatches: Sequence[tuple[int, int, int]] = [*SEAT_COLOURS, NEUTRAL, HATCH, EMPTY, GOLD, LIGHT, BG]
    strip = Image.new("RGB", (len(swatches), 1))
    for index, colour in enumerate(swatches):
        strip.putpixel((index, 0), colour)
    quantized = PALETTE.quantize(strip)
    assert [rgb(quantized, (index, 0)) for index in range(len(swatches))] == list(swatches)


def test_direction_arrows_point_where_the_board_shows_each_direction() -> None:
    expected = {(1, 1): "↘", (1, -1): "↗", (0, -1): "↑", (-1, -1): "↖", (-1, 1): "↙", (0, 1): "↓"}

    def sign(value: float) -> int:
        return 0 if abs(value) < 1 else 1 if value > 0 else -1

    x0, y0 = BOARD.centre(Hex(0, 0))
    for direction, arrow in enumerate(DIRECTION_ARROWS):
        x, y = BOARD.centre(Hex(0, 0).neighbour(direction))
        assert expected[sign(x - x0), sign(y - y0)] == arrow


# -- the words -------------------------------------------------------------------------------------

FIELDS = [field.name for field in dataclasses.fields(Labels)]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_catalogue_has_every_word_of_the_pictures_and_no_other(language: str) -> None:
    messages = catalog().messages[language]
    prefix = "topoum.picture."
    assert {key[len(prefix) :] for key in messages if key.startswith(prefix)} == set(FIELDS)
    labels = Labels(**{field: messages[prefix + field] for field in FIELDS})
    if language == "en":
        assert labels == ENGLISH


def scenes(labels: Labels) -> list[bytes]:
    """Pictures that between them draw every word: setup, play with every farmer, prisoners, an
    empty line slot and a scoring turn, Peace, every card type in a hand, one winner and a tie."""
    pictures = [board_png(new_game(2, TopoumOptions(start_player=0), seed=1).view(), NAMES[:2], labels)]
    for farmer in Farmer:
        game = table(
            "G9:0@0 G8:0 G7:0 G6:0@0 G5:0 H5:1@1",
            players=2,
            line=(C.FARMER, None, C.PATROL),
            farmer=farmer,
            prisoners=((0, 1),),
        )
        events = step(game, "G6", "G5")
        events += play(game, ChangeBase(0), EndMoves(0))
        pictures.append(board_png(game.view(), NAMES[:2], labels, stacked_turn(game, events)))
    for start in range(0, len(BATTLE_TYPES), 7):
        cards = BATTLE_TYPES[start : start + 7]
        game = table("G7:0@0 G6:1@1", hand=cards[:2], line=cards[2:], peace_drawn=True, discards=[cards])
        pictures += [board_png(game.view(), NAMES[:2], labels), hand_png(game.view(0), NAMES[:2], labels)]
    pictures += [results_png(ended(badges).view(), NAMES[:2], labels) for badges in ((5, 2), (2, 2))]
    pictures.append(board_png(ended((5, 2)).view(), NAMES[:2], labels))
    return pictures


def test_every_word_on_the_pictures_comes_from_the_labels() -> None:
    """Each field, changed alone, changes at least one picture: no word is drawn from elsewhere,
    and no field of Labels goes unused."""
    english = scenes(ENGLISH)
    for field in FIELDS:
        changed = scenes(dataclasses.replace(ENGLISH, **{field: "Zq"}))
        assert changed != english, field
