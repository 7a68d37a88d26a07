"""The legibility bench measures what a phone shows, and every picture but Topoum's (redesigned
elsewhere) keeps its text at least 9 pixels high at 450 pixels wide, in both languages, with the
longest names, without cutting a sentence's words."""

import pytest
from PIL import Image

import render.canvas
import render.fonts
from bench.bench_legibility import GOAL, LANGUAGES, PICTURES, measure, smallest
from render.canvas import encode, paste_text
from render.standings import PALETTE
from render.theme import BG, TEXT


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


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", [name for name in PICTURES if not name.startswith("topoum.")])
def test_every_picture_reads_on_a_phone_and_keeps_its_words(name: str, language: str) -> None:
    found = smallest(PICTURES[name], language)
    assert found.px >= GOAL, f"{found.smallest.text!r} is {found.px:.1f} px high on a phone"
    assert found.cut == (), "sentences lost words"
