"""The Cover Your Assets messages of play: a panel offers exactly the engine's legal moves (as
buttons, or a select menu when there are more than five), within Discord's limits for six long
names in both languages; the public message in each phase; every notice and callout in words."""

from __future__ import annotations

import pytest

from cogs.assets import KIND
from cogs.assets_ids import MOVES, read_move
from cogs.assets_messages import callout_text, panel_draft
from cogs.drafts import Draft
from cogs.panels import panel_request
from cogs.table_messages import public_draft
from engine.assets.actions import Action, Answer, GiveUp
from engine.assets.state import AssetsState, new_game
from engine.errors import IllegalAction, Reason
from locales import catalog
from tables.assets import AssetsTable
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.cogs.alt import described_in
from tests.cogs.limits import rows, within_discords_limits
from tests.engine.assets import answer, challenge, discard, pair, play_ai, table
from tests.tables.stacked import stacked_assets_table
from words.assets import notice_text, notices_for
from words.common import Notice

LOCALES = ("en-US", "es-ES")
LONG = "ω" * 32


def six_seats() -> list[Seat]:
    return [Seat(1000 + n, LONG) for n in range(5)] + [Seat(None, "", "hard")]


def crowded() -> AssetsState:
    """Seat 0 holds three assets and both wilds, with the discard and five stacks to challenge:
    six pairs, two pairs with the discard, ten challenges and five discards."""
    stacks = ["PB PB", *(["BA BA / HM HM"] * 5)]
    hands = ["HM SI ST CA"] * 5
    return table("PB BC SC SI GO", *hands, draw="CM " * 20, discard="JW", stacks=stacks)


def offered(draft: Draft, seat: int) -> list[tuple[str, Action]]:
    """Every move a panel offers, as (stamp, action): its buttons and its select options."""
    moves = []
    for row in rows(draft):
        for item in row:
            _, _, action, arg = str(item["custom_id"]).split(":", 3)
            if action not in MOVES:
                continue
            if item["type"] == 3:
                arg = arg.rpartition(":")[0]  # a menu's id ends with its number
                options = item["options"]
                assert isinstance(options, list)
                moves += [read_move(seat, action, f"{arg}.{option['value']}") for option in options]
            else:
                moves.append(read_move(seat, action, arg))
    return moves


async def draft_panel(assets: AssetsTable, seat: int, locale: str, note: str | None = None) -> Draft:
    return await panel_draft(panel_request(catalog(), KIND, assets, seat, locale, note=note))


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_turn_offers_exactly_the_legal_moves_within_discords_limits(
    registry: TableRegistry, locale: str
) -> None:
    assets = stacked_assets_table(registry, six_seats(), crowded(), locale=locale)

    draft = await draft_panel(assets, 0, locale, note="x" * 300)

    within_discords_limits(draft)
    moves = offered(draft, 0)
    legal = assets.require_state().legal_actions(0)
    assert sorted(map(repr, (action for _, action in moves))) == sorted(map(repr, legal))
    assert {stamp for stamp, _ in moves} == {assets.panel_stamp()}
    kinds = [[item["type"] for item in row] for row in rows(draft)]
    assert kinds == [[3], [2, 2], [3], [2] * 5, [2]], "pairs and challenges in select menus"
    assert draft.png is not None and draft.words.description is not None
    assert draft.words.description.startswith(catalog().text("assets.status.your_turn", locale))
    assert described_in(draft, locale)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_challenge_offers_the_answers_and_give_up_and_others_only_see_their_hand(
    registry: TableRegistry, locale: str
) -> None:
    assets = stacked_assets_table(registry, six_seats(), crowded(), locale=locale)
    assets.require_state().apply(challenge(0, 1, "SI"))
    assets.require_state().apply(answer(1, "HM"))

    challenger = await draft_panel(assets, 0, locale)
    other = await draft_panel(assets, 2, locale)

    within_discords_limits(challenger)
    moves = [action for _, action in offered(challenger, 0)]
    assert set(moves) == set(assets.require_state().legal_actions(0))
    assert GiveUp(0) in moves and all(isinstance(move, Answer | GiveUp) for move in moves)
    assert offered(other, 2) == [], "not their turn: their hand, read only"
    assert [[item["custom_id"] for item in row] for row in rows(other)] == [
        [f"assets:{assets.table_id}:refresh:"]
    ]
    waiting = catalog().text("assets.status.not_your_turn", locale, name=f"**{LONG}**")
    assert other.words.description is not None and other.words.description.startswith(waiting)


def test_a_move_button_reads_back_as_the_move_and_a_malformed_one_is_stale() -> None:
    assert read_move(3, "chal", "12.2.si") == ("12", challenge(3, 2, "SI"))
    assert read_move(0, "pair", "7.pb.go") == ("7", pair(0, "PB GO"))
    assert read_move(1, "give", "7") == ("7", GiveUp(1))
    malformed = [("chal", "12.x.si"), ("pair", "12.pb"), ("disc", "12.zz"), ("give", "12.pb"), ("nope", "1")]
    for action, arg in malformed:
        with pytest.raises(IllegalAction) as refused:
            read_move(0, action, arg)
        assert refused.value.reason is Reason.STALE


async def public(assets: AssetsTable) -> Draft:
    return await public_draft(catalog(), KIND, assets)


def labels(draft: Draft) -> list[str]:
    return [str(item.get("label")) for row in rows(draft) for item in row]


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_public_message_shows_the_table_then_the_round_then_the_winner(
    registry: TableRegistry, locale: str
) -> None:
    text = catalog().text
    state = table("PB PB", *(["HM"] * 5), stacks=["", *(["BA BA / HM HM"] * 5)], totals=[995_000, *[0] * 5])
    assets = stacked_assets_table(registry, six_seats(), state, locale=locale)
    assets.notices.extend(Notice("timed_out", seat) for seat in range(6))

    playing = await public(assets)
    within_discords_limits(playing)
    assert labels(playing) == [text("assets.table.panel", locale), text("seats.button", locale)]
    assert playing.png is not None and playing.words.title == text("assets.table.title", locale, number=1)

    state.apply(pair(0, "PB PB"))
    for seat in range(1, 6):
        state.apply(discard(seat, "HM"))
    assets.game_ended()  # as the table does when a round ends (tests/tables/test_assets_table.py)

    won = await public(assets)
    assert state.outcome is not None and won.png is not None
    assert labels(won) == [text("replay.open", locale)], "the match is over: only the round's replay"
    assert won.words.title == text("assets.results.won_title", locale, name=LONG)
    within_discords_limits(won)


@pytest.mark.parametrize("locale", LOCALES)
async def test_between_rounds_the_message_has_the_results_and_the_next_round_button(
    registry: TableRegistry, locale: str
) -> None:
    text = catalog().text
    state = table("PB PB", "HM")
    assets = stacked_assets_table(registry, [Seat(1, "Ana"), Seat(2, "Bruno")], state, locale=locale)
    state.apply(pair(0, "PB PB"))
    state.apply(discard(1, "HM"))
    assets.game_ended(rated=False)

    results = await public(assets)

    assert results.words.title == text("assets.results.title", locale, number=1)
    assert labels(results) == [text("assets.results.next", locale), text("assets.results.end", locale)], (
        "no replay yet: the match is what is recorded"
    )
    assert [str(item["custom_id"]).rsplit(":", 1)[1] for row in rows(results) for item in row] == ["1", "1"]
    assert results.png is not None


@pytest.mark.parametrize("locale", LOCALES)
def test_every_notice_and_callout_is_worded_in_both_languages(locale: str) -> None:
    game = table("PB BC SC SI GO", "HM HM ST ST", "CC", stacks=["PB PB", "BA BA / HM HM", ""])
    play_ai(game, seed=3)
    names = ["Ana", "Bruno", "Carla"]
    codes = {"timed_out", "no_answer", "defended", "stolen", "skipped", "draw_empty", "tie", "won"}
    notices = [
        Notice("timed_out", 0),
        Notice("no_answer", 1, {"asset": "HM"}),
        Notice("defended", 1, {"other": 0, "asset": "HM", "count": 4, "value": 80_000}),
        Notice("stolen", 0, {"other": 1, "asset": "HM", "count": 3, "value": 65_000}),
        Notice("skipped", 2),
        Notice("draw_empty"),
        Notice("tie", None, {"total": 1_000_000}),
        Notice("won", 0, {"total": 1_200_000}),
        Notice("dealt", 1, {"number": 2}),
        Notice("round_over", None, {"number": 1}),
        Notice("paired", 0, {"asset": "HM", "cards": "HM SI", "value": 45_000}),
        Notice("paired_discard", 0, {"asset": "HM", "cards": "HM HM", "value": 40_000}),
        Notice("challenged", 0, {"target": 1, "card": "GO", "asset": "HM", "value": 40_000}),
        Notice("answered", 1, {"card": "SI"}),
        Notice("discarded", 2, {"card": "CC"}),
    ]
    assert codes <= {notice.code for notice in notices}
    assert {notice.code for notice in notices_for(new_game(3), [])} == set()
    for notice in notices:
        said = notice_text(catalog(), notice, names, locale)
        assert "{" not in said and (notice.player is None or f"**{names[notice.player]}**" in said)
    assert "$1,200,000" in notice_text(catalog(), notices[7], names, "en-US")
    assert "1.200.000\u00a0$" in notice_text(catalog(), notices[7], names, "es-ES")


async def test_a_callout_mentions_its_player_in_the_tables_language(registry: TableRegistry) -> None:
    assets = stacked_assets_table(
        registry, [Seat(41, "Ana"), Seat(42, "Bruno")], table("HM", "HM"), locale="es-ES"
    )
    values = {"other": 0, "card": "SI", "asset": "HM"}

    said = callout_text(catalog(), assets, Notice("answer", 1, values))
    warned = callout_text(catalog(), assets, Notice("warn_turn", 0, {"seconds": 30}))

    assert said.startswith("<@42> **Ana** muestra Plata") and "Casa" in said
    assert warned.startswith("<@41> ") and "30" in warned


async def test_whom_the_table_waits_for_is_a_live_line_which_a_retired_message_drops(
    registry: TableRegistry,
) -> None:
    """Finding 5: the timer's countdown was part of the description, so a message retired (an
    aborted game's, say) kept it, counting into the past."""
    assets = stacked_assets_table(registry, [Seat(1, "Ana"), Seat(2, "Bruno")], table("PB PB", "HM"))
    registry.add(assets)
    assets.resume()
    drawn = await public(assets)
    name = "**Ana**" if assets.require_state().turn == 0 else "**Bruno**"
    waiting = catalog().text("seats.limit_turn", "en-US", name=name, when="{when}").split("{when}")[0]
    assert drawn.words.live is not None and drawn.words.live.startswith(waiting)
    assert "⏳" not in (drawn.words.description or "")
    await registry.shutdown()
