"""The Topoum pictures: every phase renders for 2 to 4 players at the promised width and mode,
every text on them is readable on a phone, the board shows every hex a menu can name and what
the view and the last turn say where they say it, every player's pieces carry their mark, hands
stay private, every word comes from the labels (and the catalogue has them all), and any name
fits without cutting a word of the sentence around it."""

import dataclasses
import io
import re
from collections.abc import Callable, Iterator, Sequence
from functools import partial

import pytest
from PIL import Image

import render.canvas
import render.hexboard
import render.topoum
import render.topoum_pieces
from bench.bench_legibility import GOAL
from cogs.topoum_messages import HEX_CHOICES
from engine.ai import Level
from engine.hexgrid import Hex, hexagon
from engine.rng import Rng
from engine.topoum.actions import ChangeBase, Direction, EndMoves, Pass
from engine.topoum.ai import TopoumAI
from engine.topoum.board import RADIUS
from engine.topoum.cards import BATTLE_TYPES, Category, Farmer, Obstacle
from engine.topoum.events import Event, TurnBegan
from engine.topoum.state import Position, Stage, TopoumOptions, TopoumState, TopoumView, new_game
from engine.topoum.steps import completes
from engine.topoum.turns import TurnSummary, last_turn, summarise
from locales import catalog
from render.bidi import strip_controls
from render.canvas import SUPERSAMPLE
from render.fonts import line_height, text_width
from render.hexboard import DIRECTION_ARROWS, GRID_BORDER, board_layout
from render.legibility import OPENED
from render.theme import BG, DIM, GOLD, INK, LIGHT
from render.topoum import (
    BLOCK_GAP,
    BLOCK_HEIGHT,
    BLOCK_PAD,
    BOARD_WIDTH,
    ENGLISH,
    HAND_WIDTH,
    HEX_SIZES,
    MARGIN,
    MARK_RADIUS,
    NAME_SIZE,
    NAME_SLOTS,
    PANEL_GAP,
    PHONE_WIDTH,
    STATUS_SIZE,
    WIDTH,
    BoardPlan,
    BoardWindow,
    Header,
    board_png,
    hand_png,
    results_png,
    sentence_lines,
)
from render.topoum_pieces import (
    EMPTY,
    GRID,
    HATCH,
    NEUTRAL,
    PALETTE,
    SEAT_COLOURS,
    base_tile,
    cell_mask,
    icon_tile,
    mark_centre,
    mole_centre,
    mole_tile,
    obstacle_tile,
    piece_centre,
)
from tests.engine.topoum import C, enter, play, step, table
from words.topoum import Labels, direction_hex, labels_for

NAMES = ("Alice", "محمد علي", "王小明 👍🏽", "Zoë the Great of Very Long Names 👨‍👩‍👧")
LONGEST = (
    "Ｗ" * 32,
    "محمد علي 👍🏽 the Magnificent Sultan",
    "👨‍👩‍👧" * 32,
    "Wolfeschlegelsteinhausenbergerdo",
)
"""Discord display names of 32 characters (the limit), the widest there are."""
LANGUAGES = ("en", "es")


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


def window_of(
    view: TopoumView, names: Sequence[str], last: TurnSummary | None = None, labels: Labels = ENGLISH
) -> BoardWindow:
    """Where :func:`board_png` puts the board."""
    return BoardPlan.of(view, names, labels, last).window


def at(window: BoardWindow, hex_: str, dx: float = 0, dy: float = 0) -> tuple[float, float]:
    """A point of the board picture, relative to a hex's centre in hex sizes."""
    x, y = window.layout.centre(Hex.parse(hex_))
    return x + dx * window.size, y + dy * window.size


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
def test_setup_renders_at_its_width_for_every_table(players: int) -> None:
    game = new_game(players, TopoumOptions(start_player=players - 1), seed=players)
    assert picture(board_png(game.view(), NAMES[:players])).width == WIDTH
    for seat in range(players):
        assert picture(hand_png(game.view(seat), NAMES[:players])).width == HAND_WIDTH


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_played_game_renders_after_every_turn_and_at_the_end(players: int) -> None:
    game, events = played(players, seed=10 + players, turns=12)
    summary = last_turn(events)
    assert summary is not None and summary.turn is not None
    assert picture(board_png(game.view(), NAMES[:players], last_turn=summary)).width == WIDTH
    game, events = finished(game, events)
    final = last_turn(events)
    assert picture(board_png(game.view(), NAMES[:players], last_turn=final)).width == WIDTH
    assert picture(results_png(game.view(), NAMES[:players])).width == HAND_WIDTH


def finished(game: TopoumState, events: list[Event]) -> tuple[TopoumState, list[Event]]:
    """``game`` played on by easy AIs to its end."""
    while game.outcome is None:
        choice = TopoumAI(Level.EASY, Rng.from_seed(game.turn)).choose(game, game.current)
        assert choice is not None
        events += game.apply(choice.action)
    return game, events


def test_names_must_match_the_seats_and_the_hand_and_results_need_their_moment() -> None:
    game = new_game(3, seed=1)
    with pytest.raises(ValueError, match="names"):
        board_png(game.view(), NAMES[:2])
    with pytest.raises(ValueError, match="seat"):
        hand_png(game.view(), NAMES[:3])
    with pytest.raises(ValueError, match="ended"):
        results_png(game.view(), NAMES[:3])


# -- readable on a phone ---------------------------------------------------------------------------


Measure = Callable[[Callable[[], bytes]], float]


@pytest.fixture
def phone_height(monkeypatch: pytest.MonkeyPatch) -> Iterator[Measure]:
    """A function that draws a picture with the pictures' caches emptied (so that nothing comes
    ready-made) and returns the height, on a phone showing the picture 450 pixels wide, of the
    smallest text drawn on it: its size times 450 / the picture's width (cards' words counted
    at their final size)."""
    sizes: list[float] = []
    tile, draw = render.canvas.text_tile, render.topoum_pieces.draw_text

    def sized_tile(palette: object, text: str, size: int, *args: object, **kwargs: object) -> object:
        sizes.append(size)
        return tile(palette, text, size, *args, **kwargs)  # type: ignore[arg-type]

    def sized_draw(image: Image.Image, xy: tuple[int, int], text: str, size: int, *args: object) -> int:
        sizes.append(size / SUPERSAMPLE)  # cards are drawn at the supersampled size
        return draw(image, xy, text, size, *args)  # type: ignore[arg-type]

    def empty_caches() -> None:
        for module in (render.canvas, render.hexboard, render.topoum_pieces, render.topoum):
            for value in vars(module).values():
                clear: Callable[[], None] | None = getattr(value, "cache_clear", None)
                if clear is not None:
                    clear()

    def measure(drawing: Callable[[], bytes]) -> float:
        empty_caches()
        sizes.clear()
        width = picture(drawing()).width
        return min(sizes) * PHONE_WIDTH / width

    monkeypatch.setattr(render.canvas, "text_tile", sized_tile)
    monkeypatch.setattr(render.hexboard, "text_tile", sized_tile)
    monkeypatch.setattr(render.topoum_pieces, "draw_text", sized_draw)
    yield measure
    empty_caches()


def busiest() -> list[tuple[TopoumState, TurnSummary | None]]:
    """Four players: setup, a middle game with lines of sight scored, Peace and the end."""
    setup = new_game(4, TopoumOptions(start_player=1), seed=3)
    middle, events = played(4, seed=14, turns=22)
    summary = last_turn(events)
    assert summary is not None and summary.points
    end, events = finished(*played(4, seed=14, turns=22))
    return [(setup, None), (middle, summary), (end, last_turn(events))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_at_least_9_pixels_high_on_a_phone(language: str, phone_height: Measure) -> None:
    """Discord shows a picture about 450 pixels wide on a phone: every text of every picture,
    scaled so, is at least 9 pixels high."""
    labels = labels_for(catalog(), language)
    for game, summary in busiest():
        drawings = [partial(board_png, game.view(), LONGEST, labels, summary)]
        drawings += [partial(hand_png, game.view(seat), LONGEST, labels) for seat in range(4)]
        if game.outcome is not None:
            drawings.append(partial(results_png, game.view(), LONGEST, labels))
        for drawing in drawings:
            assert phone_height(drawing) >= 9, game.turn


# -- the board's window ----------------------------------------------------------------------------


def offered(game: TopoumState) -> set[Hex]:
    """Every hex the panel's menus can name before the current player's next confirmed step:
    the hexes of the hex choices and the first hex of each Panic Attack direction, along every
    path of choices (as :meth:`tables.topoum.TopoumTable.menu` offers them)."""
    seat = game.current
    found: set[Hex] = set()

    def walk(after: TopoumState) -> None:
        for action in after.legal_actions(seat):
            if isinstance(action, HEX_CHOICES):
                found.add(action.hex)
            if isinstance(action, Direction):
                assert after.pending.acting is not None
                found.add(direction_hex(after.pending.acting, action.direction))
            following = after.clone()
            following.apply(action)
            if not completes(game, following, seat):
                walk(following)

    walk(game)
    return found


def moments() -> Iterator[tuple[TopoumState, TurnSummary | None]]:
    """Board pictures of played games (setup, then every fourth turn), and one of a player with
    no mole on the board holding both cards that put a base down, who may reach furthest: a
    forced placement, an entry next to it, then a base next to that."""
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        game = new_game(players, seed=seed)
        ais = [TopoumAI(Level.NORMAL, Rng.from_seed(seat)) for seat in range(players)]
        events: list[Event] = []
        shown = -1
        while game.outcome is None and game.turn < 20:
            if game.stage in (Stage.SETUP_MOLE, Stage.START) and game.turn % 4 == 0 and game.turn != shown:
                shown = game.turn
                yield game, last_turn(events)
            choice = ais[game.current].choose(game, game.current)
            assert choice is not None
            events += game.apply(choice.action)
    for board in ("G7:1@1 G6:1", "G2:1@1 G3:1 G4:1"):
        yield table(board, hand=[C.BUILD_BASE, C.ABANDONED_BASE], line=[C.PATROL]), None


def test_the_board_shows_every_hex_a_menu_can_name_and_every_piece() -> None:
    """The picture the players look at while they pick hexes by label holds every hex their
    menus offer, every base and every mark of the last turn, whole."""
    checked = 0
    for game, summary in moments():
        view = game.view()
        window = window_of(view, NAMES[: game.players], summary)
        needed = offered(game) | {cell.hex for cell in view.cells}
        missing = {hex_.label for hex_ in needed if not window.shows(hex_)}
        assert not missing, (game.turn, window.size, sorted(missing))
        checked += len(needed)
    assert checked > 300


def test_a_small_battlefield_is_drawn_bigger_and_a_spread_one_whole() -> None:
    small = window_of(table("G7:0@0 G6:1@1").view(), NAMES[:2])
    column = " ".join(f"G{row}:0" for row in range(1, 14) if row != 7)
    across = " ".join(f"{letter}7:1" for letter in "ABCDEFHIJKLM")
    spread = window_of(table(f"G7:0@0 {column} {across}").view(), NAMES[:2])
    assert small.size > HEX_SIZES[0] and spread.size == HEX_SIZES[0]
    assert all(spread.shows(hex_) for hex_ in hexagon(RADIUS))


# -- what the board shows --------------------------------------------------------------------------


def test_bases_show_their_owners_colour_or_the_striped_neutral_side_and_moles_their_owner() -> None:
    game = table("G7:0n@1 G6:1 H6:2@0 F7:3", players=4)
    image = picture(board_png(game.view(), NAMES))
    window = window_of(game.view(), NAMES)
    assert rgb(image, at(window, "G6", 0.45, 0.55)) == SEAT_COLOURS[1]
    assert rgb(image, at(window, "F7", 0.45, 0.55)) == SEAT_COLOURS[3]
    assert rgb(image, at(window, "G7", 0.45, 0.55)) in (NEUTRAL, HATCH)
    assert rgb(image, mole_centre(at(window, "G7"), window.size)) == SEAT_COLOURS[1]
    assert rgb(image, mole_centre(at(window, "H6"), window.size)) == SEAT_COLOURS[0]
    assert rgb(image, at(window, "G4", -0.6)) == EMPTY


@pytest.mark.parametrize("board", ["G7:0@0 G6:1@1", "G2:0@0 G3:1@1", "G7:0@0 G6:1@1 F7:0 H6:1 G8:0"])
def test_the_board_draws_whole_hexes_only_and_no_hex_its_edge_would_cut(board: str) -> None:
    """A hex the window's edge would cut is left out: a clipped row of hexes with half labels
    (players reported the top row) reads as a board cut short."""
    game = table(board)
    image = picture(board_png(game.view(), NAMES[:2]))
    window = window_of(game.view(), NAMES[:2])
    inside = (MARGIN, window.top, MARGIN + BOARD_WIDTH, window.top + window.height)
    cut = 0
    for hex_ in hexagon(RADIUS):
        for dx, dy in ((0, 0), (-0.5, 0), (0.5, 0), (0, -0.6), (0, 0.6)):
            x, y = at(window, hex_.label, dx, dy)
            if inside[0] <= x < inside[2] and inside[1] <= y < inside[3]:
                if window.shows(hex_):
                    assert rgb(image, (x, y)) != BG, hex_.label
                else:
                    cut += 1
                    assert rgb(image, (x, y)) == BG, hex_.label
    assert cut > 0, "the window cuts into the board"


def test_every_shown_hex_carries_its_label_dim_on_an_empty_hex_and_dark_on_a_base() -> None:
    game = table("G7:0@0 G6:1@1")
    image = picture(board_png(game.view(), NAMES[:2]))
    window = window_of(game.view(), NAMES[:2])
    shown = [hex_ for hex_ in hexagon(RADIUS) if window.shows(hex_)]
    assert len(shown) > 30
    height = line_height(window.layout.label_size)
    for hex_ in shown:
        x, y = window.layout.label_top(hex_)
        found = {rgb(image, (px, py)) for px in range(x - 20, x + 20) for py in range(y, y + height)}
        assert (INK if hex_.label in ("G7", "G6") else DIM) in found, hex_.label


def test_a_move_is_an_arrow_and_a_new_line_of_sight_is_gold_with_its_points() -> None:
    game = table("G9:0@0 G8:0 G7:0 G6:0@0 G5:0")
    events = step(game, "G6", "G5")
    events += play(game, ChangeBase(0), EndMoves(0))
    summary = stacked_turn(game, events)
    assert summary.points == 9
    plain = picture(board_png(game.view(), NAMES[:2]))
    shown = picture(board_png(game.view(), NAMES[:2], last_turn=summary))
    before, after = window_of(game.view(), NAMES[:2]), window_of(game.view(), NAMES[:2], summary)
    assert rgb(plain, at(before, "G6", 0, -0.52)) != LIGHT
    assert rgb(shown, at(after, "G6", 0, -0.52)) == LIGHT  # the arrow's shaft, from G6 up to G5
    assert rgb(plain, at(before, "G8")) == SEAT_COLOURS[0]
    assert rgb(shown, at(after, "G8")) == GOLD  # the line G5-G9 runs through G8's centre
    assert rgb(plain, at(before, "G5", 0, -0.8)) != GOLD
    assert rgb(shown, at(after, "G5", 0, -0.8)) == GOLD  # G5 changed side: a gold ring


def test_a_clash_leaves_crosses_where_both_moles_were() -> None:
    game = table("G7:0@0 H6:1@1 G4:0@0")
    summary = stacked_turn(game, step(game, "G7", "H6"))
    image = picture(board_png(game.view(), NAMES[:2], last_turn=summary))
    window = window_of(game.view(), NAMES[:2], summary)
    for hex_ in ("G7", "H6"):
        assert rgb(image, piece_centre(at(window, hex_), window.size)) == LIGHT


def test_an_entry_is_ringed_in_gold() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE])
    summary = stacked_turn(game, enter(game, "G6", C.SHORT_RANGE, "H6"))
    plain = picture(board_png(game.view(), NAMES[:2]))
    shown = picture(board_png(game.view(), NAMES[:2], last_turn=summary))
    assert rgb(plain, at(window_of(game.view(), NAMES[:2]), "G6", 0, -0.8)) == SEAT_COLOURS[0]
    assert rgb(shown, at(window_of(game.view(), NAMES[:2], summary), "G6", 0, -0.8)) == GOLD


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
    assert picture(board_png(game.view(), names)).width == WIDTH
    assert picture(hand_png(game.view(0), names)).mode == "P"
    assert picture(results_png(ended((5, 5)).view(), names)).width == HAND_WIDTH


def test_a_long_name_is_cut_so_the_rest_of_the_sentence_stays() -> None:
    """Names are cut to what fits before the sentence is drawn: two names that differ only past
    the cut give the same picture, whatever the sentence says after them."""
    game = table("G7:0@0 G6:1@1", peace_drawn=True)
    long, longer = "ω" * 60, "ω" * 90
    assert board_png(game.view(), (long, "B")) == board_png(game.view(), (longer, "B"))


def whole_words(pattern: str, lines: Sequence[str]) -> bool:
    """Whether ``lines`` say ``pattern`` with every word of its own whole and in order, whatever
    stands for the names (each name's slot matches any text)."""
    parts = [
        ".*?".join(re.escape(piece) for piece in re.split(f"[{''.join(NAME_SLOTS)}]", word))
        for word in pattern.split()
    ]
    return re.fullmatch(r"\s+".join(parts), strip_controls(" ".join(lines)), re.DOTALL) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_sentence_with_names_never_cuts_one_of_its_own_words(language: str) -> None:
    """Headlines, the lines of sight, Peace and the winners, with the longest names: the name is
    shortened or the sentence goes on two lines, and every other word stays whole."""
    labels = labels_for(catalog(), language)
    one, two = NAME_SLOTS[:2]
    patterns = [
        labels.setup.format(name=one),
        labels.to_play.format(name=one),
        labels.scored.format(name=one, points=17),
        labels.peace.format(name=one),
        labels.winner.format(name=one),
        labels.winners.format(names=labels.joined.format(first=one, second=two)),
    ]
    for pattern in patterns:
        for names in ((LONGEST[0], LONGEST[1]), (LONGEST[2], LONGEST[3]), ("Al", "Bo")):
            for size, width in ((STATUS_SIZE, BOARD_WIDTH - 60), (NAME_SIZE, 470), (40, 400)):
                lines = sentence_lines(pattern, names, size, True, width)
                assert 1 <= len(lines) <= 2, (pattern, lines)
                assert all(text_width(line, size, True) <= width for line in lines), lines
                assert whole_words(pattern, lines), (pattern, lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_headline_shows_the_whole_sentence_for_any_name(language: str) -> None:
    labels = labels_for(catalog(), language)
    setup = new_game(4, TopoumOptions(start_player=1), seed=3)
    middle, events = played(4, seed=14, turns=22)
    for game, summary, template in ((setup, None, labels.setup), (middle, last_turn(events), labels.to_play)):
        header = Header.of(game.view(), (LONGEST[0],) * 4, labels, summary)
        assert whole_words(template.format(name=NAME_SLOTS[0]), header.status), header.status
        assert "…" in " ".join(header.status), "a 32-character name of the widest letters is shortened"
    assert Header.of(setup.view(), ("Ana", "Bo", "Cy", "Di"), labels, None).status == (
        labels.setup.format(name="\u2068Bo\u2069"),
    ), "a short name leaves the sentence whole on one line"


# -- colour is never the only cue ------------------------------------------------------------------


def silhouette(tile: Image.Image) -> bytes:
    return tile.convert("L").point(lambda value: 255 * (value > 100)).tobytes()


@pytest.mark.parametrize("size", HEX_SIZES)
def test_pieces_differ_without_their_colours(size: int) -> None:
    moles = {silhouette(mole_tile(size, seat)[0]) for seat in range(4)}
    bases = {
        silhouette(base_tile(size, seat, neutral, 2.0)) for seat in range(4) for neutral in (False, True)
    }
    obstacles = {silhouette(obstacle_tile(size, obstacle)[0]) for obstacle in Obstacle}
    icons = {silhouette(icon_tile(category, 12, BG, LIGHT)) for category in Category}
    assert (len(moles), len(bases), len(obstacles), len(icons)) == (4, 8, 3, 4)


def test_every_players_bases_and_name_carry_their_mark() -> None:
    """Each seat's mark (its own shape) is on its bases, dark on the colour side and in the
    seat's colour on the neutral side, and beside its name in the panel, so colour is never
    the only cue; moles are the mark itself (see above)."""
    game = table("G7:0 G6:1 H6:2 F7:3 G8:0n G5:1n I5:2n E7:3n", players=4)
    image = picture(board_png(game.view(), NAMES))
    window = window_of(game.view(), NAMES)
    colour_side, neutral_side = ("G7", "G6", "H6", "F7"), ("G8", "G5", "I5", "E7")
    panel_top = window.top + window.height + PANEL_GAP
    for seat in range(4):
        assert rgb(image, mark_centre(at(window, colour_side[seat]), window.size)) == INK
        assert rgb(image, mark_centre(at(window, neutral_side[seat]), window.size)) == SEAT_COLOURS[seat]
        block_top = panel_top + seat * (BLOCK_HEIGHT + BLOCK_GAP)
        mark = (MARGIN + BLOCK_PAD + MARK_RADIUS + 2, block_top + BLOCK_PAD + line_height(NAME_SIZE) // 2)
        assert rgb(image, mark) == SEAT_COLOURS[seat]


def dark_box(tile: Image.Image, mask: Image.Image) -> tuple[int, int, int, int] | None:
    """The box around the pixels of a hex tile, shown through ``mask``, that are nearer ink
    than the grid's colour: a base's owner mark (its fill on the colour side, its edge on the
    neutral side)."""
    dark = tile.convert("L").point(lambda value: 255 * (value < (INK_LUMA + GRID_LUMA) // 2))
    shown = Image.new("L", tile.size, 0)
    shown.paste(dark, (0, 0), mask)
    return shown.getbbox()


INK_LUMA, GRID_LUMA = (
    Image.new("RGB", (1, 1), colour).convert("L").getpixel((0, 0)) for colour in (INK, GRID)
)


def test_a_bases_owner_mark_is_whole_inside_its_hex_and_reads_on_a_phone() -> None:
    """The board draws a base through its hex's mask: the players' marks sat across the hex's
    edge (a triangle was cut) and a square was 9.5-10.2 pixels on a phone. Each mark, on either
    side of a base, is whole inside its hex and at least the goal's height (its narrowest side)
    on the board picture opened on a phone, the whole board shown."""
    column = " ".join(f"G{row}:{row % 4}" for row in range(1, 14) if row != 7)
    across = " ".join(f"{letter}7:{index % 4}n" for index, letter in enumerate("ABCDEFHIJKLM"))
    game = table(f"G7:0@0 {column} {across}", players=4)
    size = window_of(game.view(), NAMES).size
    scale = OPENED.scale(picture(board_png(game.view(), NAMES)).size)
    assert size == HEX_SIZES[0]
    mask = cell_mask(size)
    for owner in range(4):
        for neutral in (False, True):
            tile = base_tile(size, owner, neutral, GRID_BORDER)
            whole, shown = dark_box(tile, Image.new("1", tile.size, 1)), dark_box(tile, mask)
            assert shown is not None and shown == whole, (owner, neutral)
            narrowest = min(shown[2] - shown[0], shown[3] - shown[1])
            assert narrowest * scale >= GOAL, (owner, neutral, narrowest * scale)


def relative_luminance(colour: tuple[int, int, int]) -> float:
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = map(linear, colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_the_players_colours_stand_out_on_the_board() -> None:
    """Okabe-Ito's colours, each at least 3:1 against an empty hex and the table (WCAG's ratio
    for graphics)."""
    for colour in SEAT_COLOURS:
        for background in (EMPTY, BG):
            ratio = (relative_luminance(colour) + 0.05) / (relative_luminance(background) + 0.05)
            assert ratio >= 3, (colour, background, ratio)


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

    board = board_layout(HEX_SIZES[0], RADIUS)
    x0, y0 = board.centre(Hex(0, 0))
    for direction, arrow in enumerate(DIRECTION_ARROWS):
        x, y = board.centre(Hex(0, 0).neighbour(direction))
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
