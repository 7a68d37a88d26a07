"""Fallback text: clusters, which font draws what, no .notdef boxes, widths, ellipsis, direction."""

import pytest
from PIL import Image

from render import fonts
from render.bidi import isolate, visual_order
from render.fonts import (
    BOLD,
    EMOJI,
    REGULAR,
    Face,
    covers,
    draw_text,
    emoji_image,
    extent,
    face_for,
    fit,
    layout,
    line_height,
    runs,
    text_width,
    wrap,
    wrap_or_cut,
)
from words.graphemes import clusters, is_default_ignorable
from words.names import ELLIPSIS

NAMES = {
    "arabic": "محمد علي",
    "hindi": "राहुल क्षत्रिय",
    "chinese": "王小明",
    "korean": "김민준",
    "cyrillic": "Дмитрий Пётр",
    "emoji": "Zoë 👍🏽 👨‍👩‍👧 🇪🇸",
    "hebrew": "שלום",
    "thai": "สมชาย",
    "fancy": "𝓛𝓾𝓬𝔂 ★",
}
SIZE = 40
MISSING = "\U000f0000"
"""A private-use character no shipped font maps: any font draws its .notdef for it."""


def notdef(face: Face) -> bytes:
    return bytes(fonts.font(face, SIZE).getmask(MISSING))


def glyphs(face: Face, text: str) -> bytes:
    return bytes(fonts.font(face, SIZE).getmask(text))


def test_clusters_keep_emoji_sequences_marks_and_conjuncts_whole() -> None:
    assert clusters("👨‍👩‍👧a") == ["👨‍👩‍👧", "a"]
    assert clusters("👍🏽👍") == ["👍🏽", "👍"]
    assert clusters("🇪🇸🇫🇷") == ["🇪🇸", "🇫🇷"]
    assert clusters("❤️x") == ["❤️", "x"]
    assert clusters("e\u0301t") == ["e\u0301", "t"]
    assert clusters("क्षि") == ["क्षि"]
    assert clusters("1️⃣") == ["1️⃣"]
    assert "".join(clusters(NAMES["emoji"])) == NAMES["emoji"]


@pytest.mark.parametrize("script", NAMES)
@pytest.mark.parametrize("chain", [REGULAR, BOLD], ids=["regular", "bold"])
def test_every_character_of_a_name_goes_to_a_font_that_has_it(script: str, chain: tuple[Face, ...]) -> None:
    bold = chain is BOLD
    for face, run in runs(NAMES[script], bold):
        assert face in chain
        for char in run:
            assert is_default_ignorable(char) or ord(char) in fonts.coverage(face), (script, face.file, char)


@pytest.mark.parametrize("script", [name for name in NAMES if name != "emoji"])
def test_no_cluster_of_a_name_is_drawn_as_the_notdef_box(script: str) -> None:
    """Each character on its own, so that two boxes cannot pass for one glyph."""
    for cluster in clusters(NAMES[script]):
        face = face_for(cluster)
        for char in cluster:
            if not char.isspace() and not is_default_ignorable(char):
                assert glyphs(face, char) != notdef(face), (script, char, face.file)


def test_the_notdef_check_does_catch_a_box() -> None:
    """The check above can fail: a Chinese character in Noto Sans draws exactly the box."""
    latin = REGULAR[0]
    assert glyphs(latin, "王") == notdef(latin)
    assert face_for("王") != latin


@pytest.mark.parametrize("emoji", ["👍🏽", "👨‍👩‍👧", "🇪🇸", "❤️"])
def test_emoji_are_one_colour_glyph_each(emoji: str) -> None:
    assert face_for(emoji) == EMOJI
    image = emoji_image(emoji, SIZE)
    assert image.height == round(128 * SIZE / 109)
    # One glyph wide (a sequence the font lacks would be several glyphs side by side), and not
    # the emoji font's .notdef, which is blank.
    assert image.width == round(136 * SIZE / 109)
    assert image.getbbox() is not None
    assert emoji_image(MISSING, SIZE).getbbox() is None


def test_a_skin_tone_stays_with_its_hand() -> None:
    assert runs("👍🏽!") == ((EMOJI, "👍🏽"), (REGULAR[0], "!"))


def test_spaces_join_the_run_around_them_only_if_the_next_letter_does() -> None:
    arabic = face_for("م")
    assert runs("محمد علي") == ((arabic, "محمد علي"),)
    assert runs("محمد called") == ((arabic, "محمد"), (REGULAR[0], " called"))


def test_a_name_in_a_sentence_keeps_the_sentence_left_to_right() -> None:
    drawn = [run for _, run in layout(f"Waiting for {isolate('محمد علي')} to turn")]
    assert drawn == ["Waiting for ", "محمد علي", " to turn"]
    alone = [run for _, run in layout("محمد 👍")]
    assert alone == ["👍", "محمد "]  # a right-to-left name puts its trailing emoji on the left


def test_visual_order_reverses_right_to_left_stretches() -> None:
    assert visual_order([False, True, None, True, False], rtl_paragraph=False) == [0, 3, 2, 1, 4]
    assert visual_order([True, False, False, True], rtl_paragraph=True) == [3, 1, 2, 0]
    assert visual_order([None], rtl_paragraph=True) == [0]


def test_stray_joiners_and_direction_marks_draw_nothing() -> None:
    assert runs("\u200d\ufe0fAb") == ((REGULAR[0], "Ab"),)
    assert text_width(isolate("Ab"), SIZE) == text_width("Ab", SIZE)


def test_draw_text_draws_as_wide_as_text_width_says() -> None:
    image = Image.new("RGB", (900, 80), (0, 0, 0))
    for text in NAMES.values():
        assert draw_text(image, (0, 0), text, SIZE, (255, 255, 255)) == text_width(text, SIZE)
    assert image.getbbox() is not None


def test_fit_cuts_whole_clusters_and_adds_an_ellipsis() -> None:
    family = "👨‍👩‍👧" * 8
    cut = fit(family, SIZE, False, 200)
    assert cut.endswith(ELLIPSIS)
    assert cut[:-1] == "👨‍👩‍👧" * (len(clusters(cut)) - 1)
    assert text_width(cut, SIZE) <= 200
    assert fit("Alice", SIZE, True, 500) == "Alice"
    assert fit("Christopher", SIZE, True, 5) == ELLIPSIS


def test_wrap_fills_lines_in_order_and_gives_up_when_it_cannot_fit() -> None:
    text = "Cash Under the Mattress"
    width = text_width("Cash Under the", 20, True)
    assert wrap(text, 20, True, width, 2) == ("Cash Under the", "Mattress")
    assert wrap(text, 20, True, width, 1) is None
    assert wrap(text, 20, True, text_width(text, 20, True), 1) == (text,)
    assert wrap("Mattress", 20, True, text_width("Mattres", 20, True), 3) is None
    lines = wrap(text, 20, True, text_width("Under the", 20, True), 3)
    assert lines == ("Cash", "Under the", "Mattress")


def test_draw_text_truncates_to_max_width() -> None:
    image = Image.new("RGB", (900, 80), (0, 0, 0))
    drawn = draw_text(image, (0, 0), "Christopher the Magnificent", SIZE, (255, 255, 255), True, 240)
    assert drawn <= 240
    bbox = image.getbbox()
    assert bbox is not None and bbox[2] <= 240


def test_extent_reaches_below_the_line_for_arabic_dots() -> None:
    top, bottom = extent("علي", SIZE)
    assert top <= 0 and bottom > line_height(SIZE)
    assert extent("Alice", SIZE) == (0, line_height(SIZE))


def test_fonts_are_loaded_once_per_size() -> None:
    assert fonts.font(REGULAR[0], 33) is fonts.font(REGULAR[0], 33)
    assert fonts.font(REGULAR[0], 33) is not fonts.font(REGULAR[0], 34)


def test_characters_no_font_has_fall_to_the_last_resort() -> None:
    assert not any(covers(face, MISSING) for face in REGULAR)
    assert covers(REGULAR[0], "x")
    assert face_for(MISSING) == fonts.LAST_RESORT[0]


def test_wrap_or_cut_breaks_at_spaces_and_cuts_what_does_not_fit() -> None:
    one = text_width("Underground", SIZE, True)
    assert wrap_or_cut("Underground Manoeuvre", SIZE, True, one + 4, 2) == ("Underground", "Manoeuvre")
    assert wrap_or_cut("Underground Manoeuvre", SIZE, True, 10 * one, 2) == ("Underground Manoeuvre",)
    squeezed = wrap_or_cut("Prisoner of War and more words", SIZE, True, one, 2)
    assert len(squeezed) == 2 and squeezed[1].endswith(ELLIPSIS)
    assert all(text_width(line, SIZE, True) <= one for line in squeezed)
    assert wrap_or_cut("Supercalifragilistic", SIZE, True, one // 2, 2)[0].endswith(ELLIPSIS)
    assert wrap_or_cut("", SIZE, True, one, 2) == ()
