"""Every button and menu option that names a card carries that card's emoji once the application
has it, beside the same label and with the same custom id (saved tables' buttons keep working);
without the emoji, the same button shows its label alone. Spit, Speed, Toppo and Cover Your
Assets panels, within Discord's limits."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import discord
import pytest

from cogs import assets_messages, spit_messages, toppo_messages
from cogs import emojis as emojis_module
from cogs.assets import KIND as ASSETS
from cogs.drafts import Draft
from cogs.emojis import CardEmojis
from cogs.panels import panel_request
from cogs.spit import KIND as SPIT
from cogs.toppo import KIND as TOPPO
from engine.assets.cards import Asset
from engine.spit.cards import Card as SpitCard
from engine.toppo.actions import TurnCard
from engine.toppo.cards import parse_cards
from engine.toppo.state import Position
from locales import catalog
from render.glyphs import BY_NAME, glyph_name
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.cogs.limits import rows, within_discords_limits
from tests.engine.assets import table as assets_position
from tests.engine.spit import speed_table, spit_table
from tests.tables.stacked import stacked_assets_table, stacked_spit_table, stacked_table

SEATS = [Seat(1000, "Ana"), Seat(None, "", "hard")]


def uploaded() -> CardEmojis:
    """Every card's emoji, as a process holds them once the application has them all."""
    emojis = CardEmojis()
    for number, name in enumerate(BY_NAME, start=1):
        emojis.show(discord.PartialEmoji(name=name, id=1_500_000_000_000_000_000 + number))
    return emojis


@pytest.fixture
def emojis(monkeypatch: pytest.MonkeyPatch) -> CardEmojis:
    """The drafts' emojis filled in (each module reads the process's map)."""
    filled = uploaded()
    for module in (spit_messages, toppo_messages, assets_messages):
        monkeypatch.setattr(module, "CARD_EMOJIS", filled)
    return filled


def items(draft: Draft) -> list[dict[str, Any]]:
    """The draft's buttons and menu options, in order."""
    found = []
    for row in rows(draft):
        for item in row:
            found += item.get("options", [item])
    return found


def emoji_names(draft: Draft) -> list[str | None]:
    return [(item.get("emoji") or {}).get("name") for item in items(draft)]


def same_but_emojis(draft: Draft, plain: Draft) -> None:
    """``draft`` is ``plain`` with emojis added: the same ids, labels and values, in order."""

    def shown(d: Draft) -> list[tuple[object, ...]]:
        return [(item.get("custom_id"), item.get("label"), item.get("value")) for item in items(d)]

    within_discords_limits(draft)
    assert shown(draft) == shown(plain)
    assert not any("emoji" in item for item in items(plain)), "no emoji until the application has it"


async def test_a_spit_panel_shows_each_playable_card_on_both_piles(
    registry: TableRegistry, emojis: CardEmojis, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = spit_table("7h | ?9c Kd | - | 2s 3s | 4d", "Qd | Jd", spit=("5c 6c", ""), centre="8s | Ks")
    table = stacked_spit_table(registry, SEATS, game)

    draft = await spit_messages.panel_draft(panel_request(catalog(), SPIT, table, 0, "en-US"))
    monkeypatch.setattr(spit_messages, "CARD_EMOJIS", CardEmojis())
    plain = await spit_messages.panel_draft(panel_request(catalog(), SPIT, table, 0, "en-US"))

    same_but_emojis(draft, plain)
    row = ["spit_7h", None, None, "spit_2s", "spit_4d"]
    assert emoji_names(draft)[:10] == row + row, "a face-down top or an empty space shows no card"
    assert set(emoji_names(draft)[10:]) == {None}, "turning, moving, spitting and slapping name no card"
    seven = emojis.of(SpitCard.parse("7h"))
    assert seven is not None and items(draft)[0]["emoji"] == {"name": "spit_7h", "id": seven.id}


async def test_a_speed_panel_shows_each_hand_card(
    registry: TableRegistry, emojis: CardEmojis, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = speed_table("8c 7d 2s 3s 4s", "Ts 6h Jd 9d 9h", stocks=("Ah", "Ad"), centre="9s | 5c")
    table = stacked_spit_table(registry, SEATS, game)

    draft = await spit_messages.panel_draft(panel_request(catalog(), SPIT, table, 0, "es-ES"))
    monkeypatch.setattr(spit_messages, "CARD_EMOJIS", CardEmojis())
    plain = await spit_messages.panel_draft(panel_request(catalog(), SPIT, table, 0, "es-ES"))

    same_but_emojis(draft, plain)
    hand = ["spit_8c", "spit_7d", "spit_2s", "spit_3s", "spit_4s"]
    assert emoji_names(draft) == [*hand, *hand, None, None]


async def test_a_toppo_panel_shows_each_line_card(
    registry: TableRegistry, emojis: CardEmojis, monkeypatch: pytest.MonkeyPatch
) -> None:
    position = Position(
        display=parse_cards("R~ Y+ Wo"),
        decks=(parse_cards("Ro Y- B# G~ W+"), parse_cards("Go Bo Wo")),
        stock=parse_cards("R# Y# W#"),
    )
    table = stacked_table(registry, SEATS, position)
    for _ in range(3):
        table.require_state().apply(TurnCard(0))
    line = table.require_state().game.view(0).lines[0]

    draft = await toppo_messages.panel_draft(panel_request(catalog(), TOPPO, table, 0, "en-US"))
    monkeypatch.setattr(toppo_messages, "CARD_EMOJIS", CardEmojis())
    plain = await toppo_messages.panel_draft(panel_request(catalog(), TOPPO, table, 0, "en-US"))

    same_but_emojis(draft, plain)
    names = emoji_names(draft)
    assert names[: len(line)] == [glyph_name(card) for card in line], "each line card's match button"
    assert set(names[len(line) :]) == {None}


async def test_an_assets_panel_shows_the_card_of_each_move_on_buttons_and_menu_options(
    registry: TableRegistry, emojis: CardEmojis, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 holds PB BC SC SI GO: six pairs and ten challenges (menus), two pairs with the
    discard and five discards (buttons); a pair shows its asset, the set it makes, and a
    challenge the card it is made with."""
    stacks = ["PB PB", *(["BA BA / HM HM"] * 5)]
    position = assets_position(
        "PB BC SC SI GO", *["HM SI ST CA"] * 5, draw="CM " * 20, discard="JW", stacks=stacks
    )
    seats = [Seat(1000 + n, "Ana") for n in range(5)] + [Seat(None, "", "hard")]
    table = stacked_assets_table(registry, seats, position)

    draft = await assets_messages.panel_draft(panel_request(catalog(), ASSETS, table, 0, "en-US"))
    monkeypatch.setattr(assets_messages, "CARD_EMOJIS", CardEmojis())
    plain = await assets_messages.panel_draft(panel_request(catalog(), ASSETS, table, 0, "en-US"))

    same_but_emojis(draft, plain)
    # A menu option's value, or what a button's argument adds to the stamp: the move.
    by_move = {item.get("value") or str(item["custom_id"]).partition(".")[2]: item for item in items(draft)}
    assert by_move["pb.go"]["emoji"]["name"] == "asset_piggy_bank", "Piggy Bank + Gold: a Piggy Bank set"
    assert by_move["1.si"]["emoji"]["name"] == "asset_silver", "challenging with the Silver"
    assert by_move["sc"]["emoji"]["name"] == "asset_stamp_collection", "discarding the Stamp Collection"
    named = [name for name in emoji_names(draft) if name is not None]
    assert len(named) == 6 + 2 + 10 + 5
    assert set(named) <= {glyph_name(asset) for asset in Asset}


class Application:
    """An application whose emojis are listed as they are at each call."""

    application_id = 1

    def __init__(self) -> None:
        self.emojis: list[discord.PartialEmoji] = []
        self.lists = 0

    async def fetch_application_emojis(self) -> list[discord.PartialEmoji]:
        self.lists += 1
        return list(self.emojis)


async def test_a_process_that_does_not_upload_lists_again_and_takes_new_and_redrawn_emojis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A shard's process started before the syncing process uploaded (or redrew) a card's glyph
    takes its emoji at its next list, without a restart; until then the button shows its label
    alone."""
    known = CardEmojis()
    monkeypatch.setattr(emojis_module, "CARD_EMOJIS", known)
    name = next(iter(BY_NAME))
    app = Application()

    async def listed(times: int) -> None:
        for _ in range(500):
            if app.lists >= times:
                return
            await asyncio.sleep(0.002)
        raise AssertionError(f"listed {app.lists} times, not {times}")

    follower = asyncio.create_task(
        emojis_module.load_card_emojis(cast(Any, app), cast(Any, None), uploads=False, pauses=(0.01, 0.02))
    )
    try:
        await listed(1)
        assert known.of(BY_NAME[name]) is None, "nothing uploaded yet: the label alone"
        app.emojis = [discord.PartialEmoji(name=name, id=11)]
        await listed(3)
        assert known.of(BY_NAME[name]) == discord.PartialEmoji(name=name, id=11)
        app.emojis = [discord.PartialEmoji(name="old_1a2b", id=11), discord.PartialEmoji(name=name, id=12)]
        await listed(5)  # the last pause over and over
        assert known.of(BY_NAME[name]) == discord.PartialEmoji(name=name, id=12), "the redrawn glyph's"
    finally:
        follower.cancel()
    assert len(known) == 1, "a retired emoji names no card"


async def test_the_process_that_uploads_lists_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The syncing process knows what it uploaded: it does not list again."""
    monkeypatch.setattr(emojis_module, "CARD_EMOJIS", CardEmojis())
    monkeypatch.setattr(emojis_module, "_sync", _no_sync)
    app = Application()
    await emojis_module.load_card_emojis(cast(Any, app), cast(Any, None), uploads=True, pauses=(0.001,))
    assert app.lists == 1


async def _no_sync(*_: object) -> None:
    """Uploads are :mod:`tests.e2e.test_card_emojis`' (through the real bot and the stand-in)."""
