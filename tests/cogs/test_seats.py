"""The Discord side of people drifting away, without Discord: where a panel's Leave game goes,
and how a seat an AI plays for a person is named."""

import discord
import pytest

from cogs.actions import QUIT
from cogs.components import PER_ROW, ROWS, Controls
from cogs.panels import free_row, with_leave

CONTROLS = Controls("tp", "0123456789")


def buttons(rows: dict[int, int]) -> discord.ui.View:
    """A view with ``rows[row]`` buttons on each row."""
    view = discord.ui.View(timeout=None)
    for row, count in rows.items():
        for number in range(count):
            view.add_item(CONTROLS.button("x", f"{row}.{number}", "x", discord.ButtonStyle.secondary, row))
    return view


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ({}, 0),
        ({0: 5, 1: 2}, 2),
        ({0: 5, 1: 5, 2: 5, 3: 5, 4: 1}, 4),
        ({0: 5, 1: 5, 2: 5, 3: 5, 4: PER_ROW}, None),
    ],
)
def test_leave_goes_on_a_new_row_below_or_beside_the_last_buttons(
    rows: dict[int, int], expected: int | None
) -> None:
    assert free_row(buttons(rows)) == expected


def test_a_select_menu_fills_its_row() -> None:
    view = buttons({})
    for row in range(ROWS):
        view.add_item(CONTROLS.select("pick", "", row, [discord.SelectOption(label="a")], row=row))
    assert free_row(view) is None


def test_every_panel_gets_leave_game_unless_it_is_full() -> None:
    panel = with_leave(buttons({0: 3, 4: 1}), CONTROLS, "Leave game")
    leave = [item for item in panel.children if getattr(item, "custom_id", "").endswith(f":{QUIT}:")]
    assert len(leave) == 1 and leave[0].row == 4
    assert [item.item.label for item in with_leave(None, CONTROLS, "Leave game").children] == ["Leave game"]
