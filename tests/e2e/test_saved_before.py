"""Tables saved by an earlier version of the bot resume, and the buttons they had still work.

``tests/fixtures/saved_before_27.json`` holds four tables (one of each game, two people each,
some moves made) as the bot saved them at commit cd5a614, before the games' shared pieces were
extracted (issue 27), with the custom ids of their table messages and of each person's panel at
that moment. Each is put back into a fresh database (its server, channel and member ids mapped to
this run's stand-in; its messages stayed in that run's Discord, so the bot posts them anew), the
bot starts on it, and every message must carry the same custom ids as before, but for their
prefix, which now names the game (issue 41), and for Toppo's and Spit's panels, whose buttons now
name their move (issue 42): a press on the panel the earlier version drew is told it was out of
date, privately, with the panel as it is now. A button on a message posted by the earlier version
is still answered as it was: each panel is opened, and a move from each is played and shown,
through the custom ids the earlier version wrote, prefix and all.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from data import GameRecord, SavedTable, SeatResult, Store
from fakediscord import Actor, BotProcess, Reply, SeenMessage
from locales import catalog
from tests.conftest import World, assert_bot_healthy

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "saved_before_27.json"
PANEL_BUTTON = {"toppo": "line", "assets": "hand", "spit": "cards", "topoum": "hand"}
"""Which button of each table message opened a panel then."""
OLD_PREFIX = {"toppo": "tp", "assets": "ca", "spit": "sp", "topoum": "tm"}
"""The two letters each game's custom ids began with then."""


def renamed(custom_id: str, game: str) -> str:
    """An earlier version's custom id as this one writes it: the prefix names the game."""
    prefix, _, rest = custom_id.partition(":")
    assert prefix == OLD_PREFIX[game], custom_id
    return f"{game}:{rest}"


async def press_old(actor: Actor, message: SeenMessage, custom_id: str) -> Reply:
    """A press of the button an earlier version posted with ``custom_id`` on ``message``."""
    return await actor.forge(3, {"custom_id": custom_id, "component_type": 2}, message=message)


NAMED_MOVES = {"toppo": "toppo.outdated", "spit": "spit.note.outdated"}
"""The games whose panel buttons now name their move (issue 42), and what a press on a panel the
earlier version drew is told: its panel as it is now."""


async def outdated_press_is_told(actor: Actor, panel: SeenMessage, game: str, old_ids: list[str]) -> None:
    """A move on the panel the earlier version drew (its custom id as it wrote it) plays nothing
    and is told so privately, with the panel redrawn."""
    old = next(i for i in old_ids if i.split(":")[2] in {"turn", "play", "renew"})
    reply = await press_old(actor, panel, old)
    assert reply.response_type == 7, f"{game}: {old} was not answered on its panel"
    note = next(
        line[2:] for line in str(reply.message.card["description"]).split("\n") if line.startswith("> ")
    )
    assert note == catalog().text(NAMED_MOVES[game], actor.locale), f"{game}: {note}"


def custom_ids(message: SeenMessage) -> list[str]:
    return sorted(str(b["custom_id"]) for b in message.buttons()) + sorted(
        str(s["custom_id"]) for s in message.selects()
    )


def table_message(world: World, channel_id: int) -> SeenMessage | None:
    channel = world.guild.channels[channel_id]
    shown = [m for m in world.fake.public_messages(channel) if m.buttons() and m.attachments]
    return shown[-1] if shown else None


async def saved_tables(world: World, database: Path) -> dict[str, Any]:
    """The fixture's tables saved in ``database`` for this world; its custom ids by game."""
    fixture = json.loads(FIXTURE.read_text())
    channels = {game: world.fake.add_channel(world.guild, game) for game in PANEL_BUTTON}
    now = {"guild": world.guild.id, "alice": world.alice.id, "bruno": world.bruno.id}
    now |= {f"channel_{game}": channel.id for game, channel in channels.items()}

    def mapped(value: Any) -> Any:
        text = json.dumps(value)
        for name, old in fixture["ids"].items():
            text = text.replace(str(old), str(now[name]))
        return json.loads(text)

    async with await Store.open(database) as store:
        for row in mapped(fixture["tables"]):
            # Their messages were in the earlier run's Discord: the bot posts them anew.
            row["state"] |= {"message_id": None, "retired_message_id": None, "ping": None}
            saved = SavedTable(
                row["table_id"], row["guild_id"], row["channel_id"], row["game"], row["state"],
                moves=tuple(row["moves"]),
            )  # fmt: skip
            await store.save_table(saved)
    return mapped(fixture["custom_ids"])


async def test_tables_saved_before_the_shared_pieces_resume_with_the_same_buttons(
    world: World, database: Path
) -> None:
    recorded = await saved_tables(world, database)
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        for game, seen in recorded.items():
            await world.fake.wait_for(
                lambda seen=seen: table_message(world, seen["channel"]) is not None,
                timeout=30,
                what=f"the {game} table posted again",
            )
            table = table_message(world, seen["channel"])
            assert table is not None
            table_ids = [renamed(custom_id, game) for custom_id in seen["table_ids"]]
            seats = f"{table_ids[0].rsplit(':', 2)[0]}:seats:"  # the host's menu, added since
            assert sorted(custom_ids(table)) == sorted([*table_ids, seats]), game
            opener = next(i for i in seen["table_ids"] if i.split(":")[2] == PANEL_BUTTON[game])
            channel = world.guild.channels[seen["channel"]]
            panels = []
            for name, member in (("alice", world.alice.member), ("bruno", world.bruno.member)):
                actor = world.fake.actor(member, channel)
                panel = (await press_old(actor, table, opener)).message
                assert panel.ephemeral, f"{game}: the earlier version's panel button opens the panel"
                leave = f"{table_ids[0].rsplit(':', 2)[0]}:quit:"  # Leave game, added since
                if game in NAMED_MOVES:
                    assert leave in custom_ids(panel), f"{game}: {name}'s panel"
                    await outdated_press_is_told(actor, panel, game, seen["panels"][name])
                else:
                    ids = [renamed(custom_id, game) for custom_id in seen["panels"][name]]
                    assert sorted(custom_ids(panel)) == sorted([*ids, leave]), f"{game}: {name}'s panel"
                panels.append((name, actor, panel))
            for name, actor, panel in panels:
                moves = [
                    b
                    for b in actor.current(panel).buttons()
                    if not b.get("disabled")
                    and str(b["custom_id"]).split(":")[2] not in ("refresh", "view", "quit")
                ]
                if not moves:
                    continue
                before = actor.current(table).text
                # The button as the earlier version wrote it (its panel may have moved on since).
                old = f"{OLD_PREFIX[game]}:{str(moves[0]['custom_id']).partition(':')[2]}"
                pressed = await press_old(actor, panel, old)
                assert pressed.response_type == 7, f"{game}: {name}'s move did not redraw the panel"
                await world.fake.wait_for(
                    lambda actor=actor, table=table, before=before: actor.current(table).text != before,
                    timeout=15,
                    what=f"the {game} table showing {name}'s move",
                )
    finally:
        code = await bot.stop()
    assert code == 0, bot.output
    assert_bot_healthy(bot)


async def test_a_round_rated_alone_before_is_listed_as_the_round_of_its_match(
    world: World, database: Path
) -> None:
    """Cover Your Assets rated each round until issue 42; such a result, recorded before, stays
    (its rating was given) and /history says which round of its match it was."""
    finished = datetime.now(UTC) - timedelta(days=1)
    seats = (
        SeatResult(0, world.alice.id, "Alice", None, 9_000, 1, won=False),
        SeatResult(1, world.bruno.id, "Bruno", None, 5_000, 2, won=False),
    )
    round_two = GameRecord(
        guild_id=world.guild.id,
        channel_id=world.games.id,
        game="assets",
        result_key="assets:0ld7ab1e00:2",
        options={"round": 2, "dealer": 1, "goal": 1_000_000, "totals": [14_000, 9_000]},
        started_at=finished - timedelta(minutes=5),
        finished_at=finished,
        seats=seats,
    )
    async with await Store.open(database) as store:
        await store.record_game(round_two)
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        for actor in (world.alice, world.bruno):
            page = (await actor.slash("history")).message
            said = catalog().text("history.round", actor.locale, game="{game}", number=2).split("{game}")[1]
            assert said in page.text, f"{actor.locale}: {page.text}"
    finally:
        code = await bot.stop()
    assert code == 0, bot.output
