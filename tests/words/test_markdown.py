"""Names are escaped as discord.py escapes them, without loading discord.py: words/common.py's
``escape_markdown`` against ``discord.utils.escape_markdown`` (default arguments) on any text,
and on text made of the pieces Discord's markdown is made of."""

import discord.utils
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from words.common import bold, escape_markdown

PIECES = (
    *"*_~|`\\>#-[]()<>:/. \n\t",
    ">>> ",
    "> ",
    "### ",
    "  - ",
    "**",
    "__",
    "~~",
    "||",
    "```",
    "[name](https://example.com)",
    "https://",
    "http://",
    "steam://",
    "<https://a_b.c/d>",
    "example.com/a_b*c",
    "Ana",
    "é",
    "👍🏽",
    "محمد",
)
"""What Discord's markdown and links are made of, with a few letters between."""

markdown_heavy = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@given(st.text())
def test_any_text_is_escaped_as_discord_escapes_it(text: str) -> None:
    assert escape_markdown(text) == discord.utils.escape_markdown(text)


@given(markdown_heavy)
@example("> quote\n# heading\n - item\n>>> all")
@example("see https://example.com/a_b and <https://x.y/_z_> or steam://run/1_2.")
@example("[**bold**](https://a.b) \\*")
def test_markdown_and_links_are_escaped_as_discord_escapes_them(text: str) -> None:
    assert escape_markdown(text) == discord.utils.escape_markdown(text)


@pytest.mark.parametrize(
    ("name", "escaped"),
    [
        ("Ana", "Ana"),
        ("*star*", "\\*star\\*"),
        ("a_b", "a\\_b"),
        ("back\\slash", "back\\\\slash"),
        ("# Big", "\\# Big"),
        ("https://x.y/a_b", "https://x.y/a_b"),
    ],
)
def test_a_name_in_bold_is_read_as_typed(name: str, escaped: str) -> None:
    assert bold(name) == f"**{escaped}**"
