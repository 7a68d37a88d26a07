"""The cards' emojis through the real bot and the stand-in: the first start of the process that
syncs commands uploads every card's glyph, a later start uploads nothing and finds them by name,
another shard's process only lists them, a redrawn glyph is replaced (the old emoji renamed, then
deleted a start later), and the panels of Spit, Toppo and Cover Your Assets show each card's
emoji beside its label. When Discord refuses the uploads the bot plays on, its buttons with their
labels alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cogs.emojis import RECORD_KEY, Record
from data import Store
from engine.assets.cards import WILDS, Asset
from engine.toppo.cards import parse_cards
from engine.toppo.state import Position
from fakediscord import BotProcess, SeenMessage
from render.glyphs import BY_NAME, fingerprints, glyph_name
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.conftest import World, card_glyphs, running
from tests.e2e.toppo_play import text
from tests.engine.assets import table as assets_position
from tests.engine.spit import spit_table
from tests.tables.stacked import stacked_assets_table, stacked_spit_table, stacked_table

EMOJIS = "/applications/{application_id}/emojis"
LIST, CREATE = f"GET {EMOJIS}", f"POST {EMOJIS}"
RENAME, DELETE = f"PATCH {EMOJIS}/{{emoji_id}}", f"DELETE {EMOJIS}/{{emoji_id}}"
ALL = len(BY_NAME)


async def loaded(bot: BotProcess, known: int, *, timeout: float = 30.0) -> None:
    """Wait until the bot has loaded its card emojis (knowing ``known`` of them)."""
    done = f"{known} card emojis of {ALL}"
    await bot.fake.wait_for(lambda: done in bot.output, timeout=timeout, what=repr(done))
    await bot.fake.settle()


def count(world: World, route: str) -> int:
    return world.fake.stats.count(route)


async def test_the_first_start_uploads_every_card_and_the_next_uploads_nothing(
    world: World, database: Path
) -> None:
    app = world.fake.application
    app.emojis.clear()

    async with running(BotProcess(world.fake, database)) as first:
        await loaded(first, ALL)
    uploads = count(world, CREATE)  # one per card, and any Discord's global limit made it retry
    async with running(BotProcess(world.fake, database)) as second:
        await loaded(second, ALL)

    assert {emoji.name: emoji.image for emoji in app.emojis.values()} == card_glyphs()
    retried = [hit for hit in world.fake.stats.rate_limited if hit.route == CREATE]
    assert uploads == ALL + len(retried)
    assert (count(world, LIST), count(world, CREATE)) == (2, uploads), "listed twice, uploaded once"
    assert count(world, RENAME) == count(world, DELETE) == 0
    async with await Store.open(database) as store:
        record = Record.read(await store.get_meta(RECORD_KEY.format(application_id=app.id)))
    assert record == Record(fingerprints(), [])


async def test_a_process_that_does_not_sync_commands_only_lists_the_emojis(
    world: World, database: Path
) -> None:
    world.fake.application.emojis.clear()
    shard_one = BotProcess(world.fake, database, env={"SHARD_COUNT": "2", "SHARD_IDS": "1"})

    async with running(shard_one):
        await loaded(shard_one, 0)

    assert (count(world, LIST), count(world, CREATE)) == (1, 0)
    assert not world.fake.application.emojis


async def test_a_redrawn_glyph_is_replaced_and_the_old_emoji_deleted_at_the_next_start(
    world: World, database: Path
) -> None:
    """The store says the four of spades was uploaded from another drawing: the emoji of that
    name is renamed (a message showing it keeps working), the new drawing uploaded under the
    card's name, and the renamed one deleted when the bot starts again."""
    app = world.fake.application
    old = app.emoji_named("spit_4s")
    assert old is not None
    uploaded = {**fingerprints(), "spit_4s": "0123456789ab"}
    async with await Store.open(database) as store:
        await store.set_meta(RECORD_KEY.format(application_id=app.id), Record(uploaded).text())

    async with running(BotProcess(world.fake, database)) as first:
        await loaded(first, ALL)
        renamed, new = app.emojis.get(old.id), app.emoji_named("spit_4s")
        assert renamed is not None and renamed.name == "old_0123456789ab"
        assert new is not None and new.id != old.id and new.image == card_glyphs()["spit_4s"]
    async with running(BotProcess(world.fake, database)) as second:
        await loaded(second, ALL)

    assert old.id not in app.emojis and app.emoji_named("spit_4s") is new
    assert (count(world, RENAME), count(world, CREATE), count(world, DELETE)) == (1, 1, 1)
    assert len(app.emojis) == ALL


async def seed_tables(world: World, database: Path) -> tuple[int, int, int]:
    """A Spit table in #games, a Toppo table in #lounge where alice starts, and a Cover Your
    Assets table on alice's turn in #cards, alice against bruno at each, saved before the bot
    starts; the three channels' ids."""
    cards = world.fake.add_channel(world.guild, "cards")
    seats = [Seat(world.alice.id, "Alice"), Seat(world.bruno.id, "Bruno")]
    place: dict[str, Any] = {"guild_id": world.guild.id, "host_id": world.alice.id}
    spit = spit_table("7h | 2s", "Qd | 3h", centre="8s | Kd")
    toppo = Position(parse_cards("R~ Y+ Wo"), (parse_cards("Ro Y- B#"), parse_cards("Go Bo Wo")), ())
    assets = assets_position("PB BC SC SI GO", "HM SI ST CA", draw="CM " * 20, discard="JW")
    async with await Store.open(database) as store:
        registry = TableRegistry(store)
        tables = (
            stacked_spit_table(
                registry, seats, spit, table_id="5eeded0001", channel_id=world.games.id, **place
            ),
            stacked_table(registry, seats, toppo, table_id="5eeded0002", channel_id=world.lounge.id, **place),
            stacked_assets_table(
                registry, seats, assets, table_id="5eeded0003", channel_id=cards.id, **place
            ),
        )
        for table in tables:
            await store.save_table(table.snapshot())
    return world.games.id, world.lounge.id, cards.id


async def panel(world: World, channel_id: int, opener: str) -> SeenMessage:
    """Alice's panel of the table in ``channel_id``, opened by its ``opener`` button."""
    channel = world.fake.find_channel(channel_id)
    assert channel is not None

    def table() -> list[SeenMessage]:
        return [
            m
            for m in world.fake.public_messages(channel)
            if any(b.get("label") == opener for b in m.buttons())
        ]

    await world.fake.wait_for(lambda: bool(table()), timeout=15, what=f"the table in #{channel.name}")
    reply = await world.alice.press(table()[-1], label=opener)
    return reply.message


def shown(world: World, message: SeenMessage, action: str) -> list[tuple[str, str | None]]:
    """Each ``action`` button and menu option of a panel: its label, and the name of the
    application's emoji beside it."""
    found = []
    for item in message.buttons() + message.selects():
        if str(item.get("custom_id")).split(":")[2] == action:
            found += item.get("options", [item])
    emojis = [world.fake.emoji_shown(item) for item in found]
    return [
        (str(item["label"]), None if emoji is None else emoji.name)
        for item, emoji in zip(found, emojis, strict=True)
    ]


async def test_the_panels_show_each_cards_emoji_beside_its_label(world: World, database: Path) -> None:
    spit, toppo, assets = await seed_tables(world, database)

    async with running(BotProcess(world.fake, database)) as bot:
        await loaded(bot, ALL)
        spit_panel = await panel(world, spit, text("spit.table.panel"))
        toppo_panel = await panel(world, toppo, text("toppo.table.panel"))
        for _ in range(3):  # her line as long as the display: its cards can be matched
            toppo_panel = (await world.alice.press(toppo_panel, label=text("toppo.panel.turn"))).message
        assets_panel = await panel(world, assets, text("assets.table.panel"))

    assert shown(world, spit_panel, "play") == [
        (text("spit.panel.play_left", number=1, card="7♥"), "spit_7h"),
        (text("spit.panel.no_fit_left", number=2, card="2♠"), "spit_2s"),
        *[(text("spit.panel.no_play_left", number=n), None) for n in range(3, 6)],
        (text("spit.panel.no_fit_right", number=1, card="7♥"), "spit_7h"),
        (text("spit.panel.no_fit_right", number=2, card="2♠"), "spit_2s"),
        *[(text("spit.panel.no_play_right", number=n), None) for n in range(3, 6)],
    ]
    assert shown(world, toppo_panel, "match") == [
        (text("toppo.panel.match", card="red circle"), "toppo_red_circle"),
        (text("toppo.panel.match", card="yellow bar"), "toppo_yellow_bar"),
        (text("toppo.panel.match", card="blue square"), "toppo_blue_square"),
    ]
    assert [name for _, name in shown(world, assets_panel, "disc")] == [
        "asset_piggy_bank",
        "asset_baseball_cards",
        "asset_stamp_collection",
        "asset_silver",
        "asset_gold",
    ]
    pairs = shown(world, assets_panel, "pair")  # in a menu: each asset with Silver, with Gold
    assets_in_hand = (Asset.PIGGY_BANK, Asset.BASEBALL_CARDS, Asset.STAMP_COLLECTION)
    assert [name for _, name in pairs] == [glyph_name(asset) for asset in assets_in_hand for _ in WILDS]


async def test_when_discord_refuses_the_uploads_the_buttons_show_their_labels_alone(
    world: World, database: Path
) -> None:
    """An application that already has 2,000 emojis of its own: the first upload is refused, the
    bot tries no more, says so in its log, and plays on with buttons of text."""
    fake = world.fake
    fake.application.emojis.clear()
    for n in range(2000):
        fake.add_application_emoji(f"other_{n}", b"")
    spit, _, _ = await seed_tables(world, database)

    async with running(BotProcess(fake, database)) as bot:
        await loaded(bot, 0)
        refused = fake.take_problems()
        spit_panel = await panel(world, spit, text("spit.table.panel"))
        played = await world.alice.press(spit_panel, label=text("spit.panel.play_left", number=1, card="7♥"))

    assert [json.loads(p.split(" -> 400 ", 1)[1])["code"] for p in refused] == [30008]
    assert count(world, CREATE) == 1
    assert "Discord refused the rest" in bot.output
    assert shown(world, spit_panel, "play")[0] == (text("spit.panel.play_left", number=1, card="7♥"), None)
    assert played.response_type == 7 and "7♥" in played.message.text
