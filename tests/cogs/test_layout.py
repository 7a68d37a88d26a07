"""A draft laid out as one Components V2 card (cogs/layout.py): the words, the picture and the
buttons in one container, in the order a player reads them, within Discord's text limit."""

import discord
import pytest

from cogs.drafts import Draft
from cogs.layout import MAX_TEXT, Words, button_rows, card_layout


def button(custom_id: str, row: int | None = None) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(label=custom_id, custom_id=custom_id, row=row)


def buttons(*items: discord.ui.Item[discord.ui.View]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def test_a_card_holds_its_words_picture_and_buttons_in_reading_order() -> None:
    words = Words(title="Toppo, game 1", description="Alice to play", colour=0x5865F2)
    words.add_field(name="Players", value="Alice: 5\nBruno: 4")
    draft = Draft(
        words, buttons(button("line", 0), button("end", 1)), b"png", "toppo.png", "Picture of a table"
    )

    (box,) = draft.layout().to_components()

    assert box["type"] == 17 and box["accent_color"] == 0x5865F2
    assert [part["type"] for part in box["components"]] == [10, 12, 10, 1, 1]
    head, picture, players, first, second = box["components"]
    assert head["content"] == "## Toppo, game 1\nAlice to play"
    (item,) = picture["items"]
    assert item["media"] == {"url": "attachment://toppo.png"} and item["description"] == "Picture of a table"
    assert players["content"] == "**Players**\nAlice: 5\nBruno: 4"
    assert [b["custom_id"] for b in first["components"]] == ["line"]
    assert [b["custom_id"] for b in second["components"]] == ["end"]


def test_a_card_without_a_title_opens_with_its_description() -> None:
    (box,) = card_layout(Words(description="No games yet")).to_components()
    assert box["components"] == [{"type": 10, "content": "No games yet"}]


def test_a_card_needs_words_and_fits_discords_text_limit() -> None:
    with pytest.raises(ValueError, match="title or a description"):
        card_layout(Words())
    words = Words(title="t", description="x" * (MAX_TEXT - len("## t\n")))
    card_layout(words)
    words.add_field(name="n", value="v")
    with pytest.raises(ValueError, match=str(MAX_TEXT)):
        card_layout(words)


def test_buttons_keep_their_rows_and_one_without_a_row_joins_the_last_with_room() -> None:
    placed = button_rows(
        buttons(
            button("a", 1), button("b", 0), button("c"), *(button(f"d{n}", 2) for n in range(5)), button("e")
        )
    )
    assert [[item.custom_id for item in row] for row in placed] == [  # type: ignore[attr-defined]
        ["b"],
        ["a", "c"],
        ["d0", "d1", "d2", "d3", "d4"],
        ["e"],
    ]
