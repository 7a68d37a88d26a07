"""The legibility bench measures what a phone shows, at the width of the message's column and
no taller than the phone shows a picture (render/legibility.py ``INLINE``, or ``OPENED`` full
screen for a picture that says so), and every picture keeps its text and its marks at least 11
pixels high there, in both languages, with the longest names, without cutting a sentence's words:
at the positions chosen by hand and at positions sampled from seeded self-play (a seat an AI
plays for a person, the results card and the replay's animation among them).

Each game's pictures are tests of their own, named for it: ``-k tally`` checks only Tally's, its
busiest positions and its sampled games (a variant's sampled games carry its game's name too:
``spit-speed``)."""

import io

import pytest
from PIL import Image, ImageChops, ImageDraw

import render.canvas
import render.fonts
import render.topoum_pieces
from bench.bench_legibility import (
    GOAL,
    LANGUAGES,
    REAL_NAMES,
    Halved,
    measure,
    pictures,
    smallest,
    unmeasured,
    where_to_declare,
    worst,
)
from bench.legibility_sampled import PICTURES, VARIANTS, sampled
from bench.legibility_sampled import shown as sampled_shown
from locales import catalog
from render.canvas import encode, paste_text
from render.fonts import cap_height
from render.legibility import INLINE, OPENED
from render.standings import PALETTE
from render.theme import BG, TEXT
from render.topoum import ENGLISH, board_png
from render.topoum_pieces import mark_tile
from tests.engine.topoum import table
from tests.fixture_game import render as tally_render


def picture(width: int, *texts: tuple[str, int], max_width: int | None = None) -> bytes:
    """A picture ``width`` wide with each ``(text, size)`` pasted on its own line."""
    canvas = PALETTE.canvas((width, 60 * len(texts)), BG)
    for row, (text, size) in enumerate(texts):
        paste_text(PALETTE, canvas, (10, row * 60), text, size, TEXT, BG, max_width=max_width)
    return encode(canvas)


def test_the_smallest_text_is_measured_at_the_phones_width() -> None:
    found = measure(lambda: picture(1000, ("Big headline", 44), ("small print", 12)))
    assert found.width == 1000 and found.scale == pytest.approx(0.45)
    assert found.smallest.text == "small print"
    assert found.px == pytest.approx(12 * 0.45)
    assert {drawn.text for drawn in found.drawn} == {"Big headline", "small print"}


def test_a_narrow_picture_is_not_enlarged() -> None:
    found = measure(lambda: picture(300, ("tiny", 8)))
    assert found.scale == 1 and found.px == 8


def test_a_picture_taller_than_a_phone_shows_it_is_shown_smaller() -> None:
    """Discord's phone client shows a picture at most 400 dp high in a message: one more than
    1.19 times as high as wide is shown shorter, and its text smaller."""
    texts = [("words", 30)] * 40  # 1000 x 2400
    found = measure(lambda: picture(1000, *texts))
    assert found.size == (1000, 2400) and found.scale == pytest.approx(INLINE.height / 2400)
    assert found.px == pytest.approx(30 * 536 / 2400)
    assert measure(lambda: picture(1000, *texts[:17])).scale == pytest.approx(0.45), "1020 high fits"


def test_a_picture_read_opened_is_shown_as_high_as_the_screen() -> None:
    found = measure(lambda: picture(1000, *[("words", 30)] * 40), shown=OPENED)
    assert found.scale == pytest.approx(921 / 2400)


def test_a_letter_read_as_a_mark_counts_by_the_height_of_its_capitals() -> None:
    def picture_with_a_letter() -> bytes:
        canvas = PALETTE.canvas((1000, 100), BG)
        paste_text(PALETTE, canvas, (10, 10), "words", 30, TEXT, BG)
        paste_text(PALETTE, canvas, (200, 10), "R", 40, TEXT, BG, mark=True)
        return encode(canvas)

    found = measure(picture_with_a_letter)
    assert found.mark is not None and found.mark.text == "draw_mark_text"
    assert found.mark.em == cap_height(40) < 40
    assert found.px == pytest.approx(30 * 0.45), "a mark's letter is text too, at its font's size"


def test_the_obstacles_on_the_topoum_board_are_marks() -> None:
    """A rock, a trap and a turnip tell players what blocks a hex: the bench measures them."""
    game = table("G7:0@0 G6:1r G8:1t H7:1u")
    assert {cell.obstacle for cell in game.view().cells} - {None}
    found = measure(lambda: board_png(game.view(), ("Ana", "Bo"), ENGLISH))
    assert "paint_obstacle" in {mark.text for mark in found.marks}


def test_a_players_mark_counts_by_its_narrowest_side_as_drawn() -> None:
    """A square inside the circle it was said to fill read 14% smaller than the bench counted:
    each seat's mark counts by the narrowest side of what is painted."""
    for seat in range(4):

        def picture_with_a_mark(seat: int = seat) -> bytes:
            canvas = Image.new("RGB", (1000, 100), BG)
            render.fonts.draw_text(canvas, (10, 10), "words", 30, TEXT)
            render.topoum_pieces.paint_mark(ImageDraw.Draw(canvas), seat, (500, 50), 30, TEXT, TEXT, 1)
            return encode(PALETTE.quantize(canvas))

        found = measure(picture_with_a_mark)
        painted = Image.open(io.BytesIO(picture_with_a_mark())).convert("RGB").crop((400, 0, 600, 100))
        box = ImageChops.difference(painted, Image.new("RGB", painted.size, BG)).getbbox()
        assert found.mark is not None and box is not None
        assert found.mark.em == pytest.approx(min(box[2] - box[0], box[3] - box[1]), abs=1.5), seat


def test_the_bench_reports_the_topoum_boards_player_marks_on_a_phone() -> None:
    """Players' marks by the board's hexes were 4-5 pixels on a phone while the bench reported
    11.1 (the arrows'): it reports each kind of mark, and the players' reach the goal."""
    found = smallest(pictures()["topoum.board"], "en")
    assert {"paint_mark", "move_arrow", "paint_obstacle"} <= found.marks_px.keys()
    assert found.marks_px["paint_mark"] >= GOAL


def test_text_painted_in_a_supersampled_tile_counts_at_its_reduced_size() -> None:
    def paint(image: Image.Image, box: render.canvas.Box) -> None:
        render.fonts.draw_text(image, (0, 0), "A", 60, TEXT)

    def picture_of_a_tile() -> bytes:
        # Through the modules, as the painters call them: that is what the bench wraps.
        return encode(render.canvas.supersampled(PALETTE, (200, 60), BG, paint))

    assert measure(picture_of_a_tile).smallest.em == pytest.approx(20)


def test_text_from_a_cache_is_measured_again() -> None:
    """Tiles are cached: the bench empties the caches, so a second picture still shows its text."""
    render = lambda: picture(1000, ("cached words", 20))  # noqa: E731
    assert measure(render).px == measure(render).px == pytest.approx(9)


def test_a_sentence_cut_short_is_reported_and_a_cut_name_is_not() -> None:
    name = "W" * 32
    found = measure(
        lambda: picture(1000, (name, 30), ("Waiting for a player to turn", 30), max_width=200), (name,)
    )
    assert found.cut == ("Waiting for a player to turn",)


def test_a_picture_without_text_is_refused() -> None:
    with pytest.raises(ValueError, match="no text"):
        measure(lambda: encode(Image.new("P", (10, 10))))


def test_a_mark_counts_at_the_size_of_its_reduced_tile() -> None:
    def picture_with_a_mark() -> bytes:
        canvas = PALETTE.canvas((1000, 100), BG)
        paste_text(PALETTE, canvas, (10, 10), "words", 30, TEXT, BG)
        canvas.paste(mark_tile(2, 20, BG), (200, 10))  # painted 3 times as big, then reduced
        return encode(canvas)

    found = measure(picture_with_a_mark)
    assert found.mark is not None and found.mark.em == pytest.approx(40)
    assert found.mark_px == pytest.approx(40 * 0.45)


def test_a_halved_picture_counts_at_half_its_size() -> None:
    render = lambda: picture(1000, ("words", 30))  # noqa: E731
    assert worst([((), [Halved(render)])]).px == pytest.approx(measure(render).px / 2)


def _check(found: object, what: str) -> None:
    assert found.px >= GOAL, f"{what}: {found.text.smallest.text!r} is {found.px:.1f} px high"  # type: ignore[attr-defined]
    mark = found.mark_px  # type: ignore[attr-defined]
    assert mark is None or mark >= GOAL, f"{what}: a mark is {mark:.1f} px high"
    assert found.cut == (), f"{what}: sentences lost words"  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(pictures()))
def test_every_picture_reads_on_a_phone_and_keeps_its_words(name: str, language: str) -> None:
    _check(smallest(pictures()[name], language), name)


def test_every_registered_game_declares_its_pictures() -> None:
    assert unmeasured() == []


def test_a_game_that_declares_no_picture_fails_the_bench_and_is_told_where(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(tally_render, "LEGIBILITY")
    assert unmeasured() == ["tally"]
    assert "LEGIBILITY at the end of tests.fixture_game.render" in where_to_declare("tally")


def _family_id(family: str) -> str:
    """``toppo``, and a variant after its game (``spit-speed``): ``-k spit`` runs both."""
    game, _ = VARIANTS[family]
    return family if family == game else f"{game}-{family}"


@pytest.mark.parametrize("family", list(VARIANTS), ids=_family_id)
def test_pictures_sampled_from_whole_games_read_on_a_phone(family: str) -> None:
    """One seeded game of the game or variant, in Spanish (the longer words) with long names."""
    found = sampled(catalog(), ("es",), (REAL_NAMES * 2,), seeds=(7,), families=(family,))
    assert set(found) == {f"{family}.sampled.{picture}" for picture in PICTURES}
    for name, by_language in found.items():
        assert all(renders for _, renders in by_language["es"]), f"{name}: nothing drawn"
        _check(worst(by_language["es"], sampled_shown(name)), name)
