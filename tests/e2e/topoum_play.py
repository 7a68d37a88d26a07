"""Playing Topoum through the stand-in the way a person does: /topoum start, the lobby, the table
message's "My panel" button, and the panel's menus and buttons, read by their words (in the
player's own language) and the hex labels on them.

A test says what it wants to do ("enter combat", "on I7", "Short Range", "H7") and the helpers
find the component that offers it, so a test fails if the panel offers the wrong thing or its
components do something other than they say. Tables are seeded into the database before the bot
starts, dealt from a stacked position, so the cards and the board are known.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from data import Store
from engine.topoum.cards import CardType, Farmer
from engine.topoum.state import Position
from fakediscord import Actor, SeenMessage
from locales import catalog
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.conftest import World
from tests.e2e.presses import Press, enabled
from tests.e2e.toppo_play import public, wait_public
from tests.tables.stacked import stacked_topoum_table

MESSAGES = catalog()

C = CardType

POSITION = Position(
    board="G7:0n G6:0@0 F7:0@0 H6:1 H7:1@1 I6:1@1",
    hands=((C.SHORT_RANGE, C.PANIC_ATTACK), (C.PATROL, C.MORTAR)),
    line=(C.BAYONET, C.PATROL, C.GRENADE, C.MORTAR, C.DECORATION),
    deck=(C.BUILD_BASE, C.FARMER, C.SHORT_RANGE, C.LONG_RANGE, C.PATROL, C.MORTAR, C.GRENADE, C.PEACE),
    prisoners=((0, 1),),
    farmer=Farmer.ROCK,
)
"""Alice (seat 0, moles on G6 and F7) against Bruno (seat 1, moles on H7 and I6, one more held
prisoner by Alice); Alice to play."""

__all__ = ["POSITION", "Panel", "open_panel", "public", "seed_table", "text", "wait_public"]


def text(key: str, locale: str = "en-US", **values: object) -> str:
    return MESSAGES.text(key, locale, **values)


@dataclass
class Panel:
    """A private panel as its player sees it."""

    actor: Actor
    message: SeenMessage

    @property
    def description(self) -> str:
        return str(self.message.card.get("description", ""))

    @property
    def note(self) -> str | None:
        notes = [line[2:] for line in self.description.split("\n") if line.startswith("> ")]
        return notes[0] if notes else None

    def labels(self) -> list[str]:
        """Every label of the game's own buttons and select options, as the player reads them
        (not the Leave game button every panel has while a game runs: tests/e2e/test_fair_play.py)."""
        leave = (
            str(self.message.buttons()[-1]["custom_id"]).endswith(":quit:")
            if self.message.buttons()
            else False
        )
        buttons = self.message.buttons()[:-1] if leave else self.message.buttons()
        found = [str(button.get("label")) for button in buttons]
        for select in self.message.selects():
            found += [str(option["label"]) for option in select.get("options", [])]
        return found

    def button(self, label: str) -> dict[str, object]:
        matching = [button for button in self.message.buttons() if button.get("label") == label]
        assert len(matching) == 1, f"{len(matching)} buttons {label!r} on {self.labels()}"
        return matching[0]

    async def press(self, label: str) -> Panel:
        """Press the button ``label``; the panel is redrawn in place."""
        reply = await self.actor.press(self.message, custom_id=str(self.button(label)["custom_id"]))
        assert reply.response_type == 7, f"{label!r} did not redraw the panel: {reply.message.text!r}"
        return Panel(self.actor, reply.message)

    async def choose(self, label: str) -> Panel:
        """Choose the option ``label`` (a hex label, a card name) in whichever menu offers it."""
        for select in self.message.selects():
            for option in select.get("options", []):
                if option["label"] == label:
                    reply = await self.actor.choose(
                        self.message, [option["value"]], custom_id=str(select["custom_id"])
                    )
                    assert reply.response_type == 7, f"{label!r} did not redraw the panel"
                    return Panel(self.actor, reply.message)
        raise AssertionError(f"no menu offers {label!r}: {self.labels()}")

    async def pick(self, *labels: str) -> Panel:
        """Press or choose each of ``labels`` in turn, whichever component offers it."""
        panel = self
        for label in labels:
            if any(button.get("label") == label for button in panel.message.buttons()):
                panel = await panel.press(label)
            else:
                panel = await panel.choose(label)
        return panel


async def open_panel(actor: Actor, table: SeenMessage) -> Panel:
    reply = await actor.press(table, label=text("topoum.table.panel", table_locale(table)))
    assert reply.message.ephemeral, reply.message.text
    return Panel(actor, reply.message)


def decide(actor: Actor, message: SeenMessage) -> Press | None:
    """Confirm, else the first choice of a menu, else the first step (as test_topoum_game's
    play_first_choices), on the player's own turn, from the panel ``actor`` sees in ``message``:
    what bench/bench_play.py's people press."""
    labels = {str(b.get("label")): b for b in message.buttons() if not b.get("disabled")}
    confirm, back = (text(f"topoum.panel.{key}", actor.locale) for key in ("confirm", "back"))
    mine = (text("topoum.panel.your_turn", actor.locale), text("topoum.panel.your_setup", actor.locale))
    if not str(message.card.get("description", "")).startswith(mine):
        return None
    if confirm in labels:
        return Press(str(labels[confirm]["custom_id"]))
    if message.selects():
        select = message.selects()[0]
        return Press(str(select["custom_id"]), str(select["options"][0]["value"]))
    steps = [b for b in enabled(message, "step", "go") if b.get("label") != back]
    return Press(str(steps[0]["custom_id"])) if steps else None


def table_locale(table: SeenMessage) -> str:
    """The public message's language (the tests' server is English)."""
    del table
    return "en-US"


async def seed_table(
    database: Path,
    world: World,
    seats: Sequence[Actor | str],
    position: Position,
    *,
    table_id: str = "70b0000000",
) -> str:
    """Save a Topoum table in #games before the bot starts, playing a game dealt from a stacked
    ``position`` (``seats``: actors, or AI levels), exactly as the bot saves its own."""
    async with await Store.open(database) as store:
        table = stacked_topoum_table(
            TableRegistry(store),
            [
                Seat(None, "", seat)
                if isinstance(seat, str)
                else Seat(seat.id, seat.member.user.username.title())
                for seat in seats
            ],
            position,
            table_id=table_id,
            guild_id=world.guild.id,
            channel_id=world.games.id,
            host_id=world.alice.id,
            locale=world.guild.preferred_locale,
        )
        await store.save_table(table.snapshot())
        return table.table_id


async def table_message(world: World) -> SeenMessage:
    """The table's public message once a resumed bot has posted it."""
    return await wait_public(world, lambda m: bool(m.attachments) and bool(m.buttons()))
