"""The Spit and Speed messages within Discord's limits and complete in both languages: the lobby
with its options, the table, both panels with every button, results; and every panel button
parses back into the move it says."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.panels import panel_request
from cogs.spit import KIND
from cogs.spit_ids import MOVES, move_id, read_move
from cogs.spit_messages import panel_draft
from cogs.table_messages import public_draft
from engine.spit import Action, MoveCard, PlayCard, PlayHand, Spit, TurnUp
from engine.spit.cards import ALL_CARDS
from locales import catalog
from tables.loading import open_table
from tables.lobby import Lobby, Seat
from tables.registry import TableRegistry
from tables.spit import Shown, SpitTable
from tests.cogs.alt import described_in
from tests.cogs.limits import rows, within_discords_limits
from tests.engine.spit import speed_table, spit_table
from tests.tables.stacked import nothing_to_publish, stacked_spit_table
from words.spit import Labels, card_name, labels_for

LOCALES = ("en-US", "es-ES")
LONG = [Seat(1000, "ω" * 32), Seat(None, "", "hard")]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_word_on_the_pictures_is_in_the_catalogue(locale: str) -> None:
    labels = labels_for(catalog(), locale)
    assert all(getattr(labels, field.name) for field in dataclasses.fields(Labels))


@pytest.mark.parametrize("locale", LOCALES)
def test_card_names_are_distinct_so_a_player_can_tell_them_apart(locale: str) -> None:
    assert len({card_name(catalog(), card, locale) for card in ALL_CARDS}) == len(ALL_CARDS)
    assert card_name(catalog(), ALL_CARDS[9], locale) == "10♣"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("variant", ["spit", "speed"])
async def test_the_lobby_shows_the_variant_and_its_options_as_buttons(
    registry: TableRegistry, locale: str, variant: str
) -> None:
    table = open_table(
        SpitTable,
        registry,
        guild_id=1,
        channel_id=2,
        publish=nothing_to_publish,
        locale=locale,
        host_id=1,
        host_name="H",
    )
    await table.in_lobby(Lobby.choose, 1, "variant", variant, table.lobby_choices)
    draft = await public_draft(catalog(), KIND, table)

    ids = within_discords_limits(draft)
    options = [custom_id.split(":")[3] for custom_id in ids if custom_id.split(":")[2] == "opt"]
    following = "speed" if variant == "spit" else "spit"
    assert options[0] == f"variant.{following}", "the variant's button moves to the other one"
    assert len(options) == (4 if variant == "spit" else 3)
    assert (
        draft.words.fields[-1].value is not None
        and draft.words.fields[-1].value.count("\n") == len(options) - 1
    )


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_spit_panel_has_a_button_per_move_within_discords_limits(
    registry: TableRegistry, locale: str
) -> None:
    game = spit_table("7h | ?9c Kd | - | 2s 3s | 4d", "Qd | Jd", spit=("5c 6c", ""), centre="8s | Ks")
    table = stacked_spit_table(registry, LONG, game, locale=locale)

    panel = await panel_draft(panel_request(catalog(), KIND, table, 0, locale, note="x" * 300))
    public = await public_draft(catalog(), KIND, table)

    within_discords_limits(public)
    ids = within_discords_limits(panel)
    assert described_in(panel, locale) and described_in(public, locale)
    assert [len(row) for row in rows(panel)] == [5, 5, 5, 5], "left, right, tidy, calls"
    panel_rows = rows(panel)
    enabled = [
        str(item["custom_id"]).split(":")[2:]
        for row in panel_rows
        for item in row
        if not item.get("disabled")
    ]
    view = table.require_state().view(0)

    def shown(move: Action) -> list[str]:
        return list(move_id(str(Shown.of(table.match_number, view, move)), move))

    assert shown(PlayCard(0, 0, 0)) in enabled, "7♥ fits 8♠"
    assert shown(PlayCard(0, 3, 1)) not in enabled, "2♠ does not fit K♠: no trap to press"
    assert shown(PlayCard(0, 2, 0)) not in enabled, "an empty space plays nothing"
    labels = {str(item["custom_id"]).split(":")[3]: item["label"] for row in panel_rows for item in row}
    no_fit = catalog().text("spit.panel.no_fit_right", locale, number=4, card="2♠")
    assert labels[shown(PlayCard(0, 3, 1))[1]] == no_fit
    assert shown(TurnUp(0, 1)) in enabled and shown(MoveCard(0, 3, 2)) in enabled
    assert shown(Spit(0, 0)) in enabled and shown(Spit(0, 1)) in enabled, "alone: either pile"
    for custom_id in ids:
        _, _, action, arg = custom_id.split(":")
        if action in MOVES:
            read_move(0, action, arg)  # every button parses


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_speed_panel_plays_each_hand_card_left_or_right(registry: TableRegistry, locale: str) -> None:
    game = speed_table("8c 7d 2s 3s 4s", "Ts 6h Jd 9d 9h", stocks=("Ah", "Ad"), centre="9s | 5c")
    table = stacked_spit_table(registry, LONG, game, locale=locale)

    panel = await panel_draft(panel_request(catalog(), KIND, table, 0, locale))

    within_discords_limits(panel)
    panel_rows = rows(panel)
    assert [len(row) for row in panel_rows] == [5, 5, 2]
    first = str(panel_rows[0][0]["custom_id"]).split(":")
    _, played = read_move(0, first[2], first[3])
    assert isinstance(played, PlayHand) and str(played.card) == "8c" and played.centre == 0
    assert "8♣" in str(panel_rows[0][0]["label"]) and "8♣" in (panel.words.description or "")


async def test_the_results_and_the_end_of_a_series(registry: TableRegistry) -> None:
    table = stacked_spit_table(
        registry, LONG, spit_table("8h", "6c | 3c 3d", spit=("", "4d"), centre="7s | Kd")
    )
    played = PlayCard(0, 0, 0)
    await table.press(1000, str(Shown.of(1, table.require_state().view(0), played)), played)
    results = await public_draft(catalog(), KIND, table)
    await table.book.end_series(1000, 1)
    over = await public_draft(catalog(), KIND, table)

    replay = f"rp:key:spit:{table.table_id}:1"
    assert [str(item["custom_id"]).split(":")[2:] for item in rows(results)[0][:2]] == [
        ["next", "1"],
        ["end", "1"],
    ]
    assert rows(results)[0][2]["custom_id"] == replay
    assert results.png is not None and over.png is not None
    assert [str(item["custom_id"]).split(":")[2:] for item in rows(over)[0][:1]] == [["again", ""]]
    assert rows(over)[0][1]["custom_id"] == replay
    assert "ω" in (over.words.description or "") and "<@1000>" in (over.words.live or ""), "whom it waits for"
    await table.expire()  # nobody pressed Play again
    gone = await public_draft(catalog(), KIND, table)
    assert gone.words.live is None, "Play again is over: its line too"
    assert [item["custom_id"] for item in rows(gone)[0]] == [replay], "the replay link stays"
