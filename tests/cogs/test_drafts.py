"""Drafts: every picture carries what it shows in words, within Discord's alt text limit."""

import pytest

from cogs.drafts import ALT_LIMIT, Draft, alt_text
from cogs.layout import Words


def test_a_picture_without_alt_text_is_refused() -> None:
    with pytest.raises(ValueError, match="alt text"):
        Draft(Words(title="t"), png=b"png")
    with pytest.raises(ValueError, match="alt text"):
        Draft(Words(title="t"), png=b"png", alt="x" * (ALT_LIMIT + 1))
    assert Draft(Words(title="t"), png=b"png", alt="A table").files()[0].description == "A table"


def test_alt_text_keeps_whole_lines_that_fit_without_bold_marks() -> None:
    lines = ["**Alice** to play", *(f"line {n} " + "x" * 90 for n in range(20))]
    text = alt_text(lines)
    assert text.startswith("Alice to play\nline 0 ") and len(text) <= ALT_LIMIT
    assert all(line.endswith("x") for line in text.splitlines()[1:]), "no line cut in half"


def test_a_first_line_too_long_alone_is_cut_at_a_word() -> None:
    text = alt_text(["word " * 400])
    assert len(text) <= ALT_LIMIT and text.endswith("word…")
