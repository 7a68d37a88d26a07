"""Playing Cover Your Assets through the stand-in the way a person does: read the private panel's
words (in the player's own language) and press the moves it offers.

A panel is read from what the player sees: the hand from its words, the moves from its buttons
and select menus (by their custom id action and the cards in it), so a test fails if the panel
names the wrong cards or offers a move it should not. The shared helpers (the quick world,
waiting for public messages, the recorded games) are Toppo's, which came first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from data import Store
from engine.assets.cards import Asset
from engine.assets.state import AssetsState
from fakediscord import Actor, SeenMessage
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.conftest import World
from tests.e2e.presses import Press, first_press
from tests.e2e.toppo_play import MESSAGES, text, wait_public
from tests.tables.stacked import stacked_assets_table
from words.assets import card_name


@dataclass
class Panel:
    """A private panel as its player reads it."""

    actor: Actor
    message: SeenMessage
    status: str
    note: str | None
    hand: list[Asset]

    @classmethod
    def read(cls, actor: Actor, message: SeenMessage) -> Panel:
        locale = actor.locale
        names = {card_name(MESSAGES, asset, locale): asset for asset in Asset}
        lines = message.card["description"].split("\n")
        note = next((line[2:] for line in lines if line.startswith("> ")), None)
        hand_line = text("assets.panel.hand", locale, cards="")
        hand: list[Asset] = []
        for line in lines:
            if line.startswith(hand_line):
                listed = line.removeprefix(hand_line)
                if listed != text("assets.panel.no_cards", locale):
                    hand = [names[item.split(" ", 1)[1]] for item in listed.split(" · ")]
        return cls(actor, message, lines[0], note, hand)

    def moves(self, action: str) -> list[str]:
        """The cards (``hm.si``; ``1.si`` for a challenge) of every ``action`` move offered."""
        found = []
        for item in self.message.buttons() + self.message.selects():
            _, _, kind, arg = str(item["custom_id"]).split(":", 3)
            if kind != action:
                continue
            if item["type"] == 3:  # a select menu
                found += [str(option["value"]) for option in item["options"]]
            else:
                found.append(arg.partition(".")[2])
        return found

    async def move(self, action: str, cards: str = "") -> Panel:
        """Press the ``action`` move with these cards (or choose it in its select menu)."""
        for button in self.message.buttons():
            _, _, kind, arg = str(button["custom_id"]).split(":", 3)
            if kind == action and arg.partition(".")[2] == cards:
                reply = await self.actor.press(self.message, custom_id=str(button["custom_id"]))
                break
        else:
            menus = [s for s in self.message.selects() if str(s["custom_id"]).split(":")[2] == action]
            assert len(menus) == 1, f"no {action} {cards!r} move on the panel: {self.message.text}"
            reply = await self.actor.choose(self.message, [cards], custom_id=str(menus[0]["custom_id"]))
        assert reply.response_type == 7, f"{action} {cards} did not redraw the panel"
        return Panel.read(self.actor, reply.message)

    async def refresh(self) -> Panel:
        reply = await self.actor.press(self.message, label=text("assets.panel.refresh", self.actor.locale))
        return Panel.read(self.actor, reply.message)


def decide(actor: Actor, message: SeenMessage) -> Press | None:
    """Answer a challenge, else pair, else discard; challenge now and then: from the panel
    ``actor`` sees in ``message``, what bench/bench_play.py's people press."""
    return first_press(message, "ans", "pair", "take", "disc", "chal", "give")


def title(number: int = 1) -> str:
    return text("assets.table.title", number=number)


async def table_message(world: World, number: int = 1) -> SeenMessage:
    """The public message of round ``number`` once it shows the round."""
    return await wait_public(world, lambda m: m.title == title(number))


async def open_hand(actor: Actor, table: SeenMessage) -> Panel:
    reply = await actor.press(table, label=text("assets.table.panel", table_locale()))
    assert reply.message.ephemeral
    return Panel.read(actor, reply.message)


def table_locale() -> str:
    """The server's language, which the public messages use (the stand-in's server is en-US)."""
    return "en-US"


def bold(name: str) -> str:
    return f"**{name}**"


def said(key: str, **values: object) -> str:
    """A notice as the channel reads it."""
    return text(f"assets.notice.{key}", table_locale(), **values)


async def notice(world: World, words: str, *, timeout: float = 15.0) -> SeenMessage:
    """The public message once it shows ``words``."""
    return await wait_public(world, lambda m: words in m.text, timeout=timeout)


async def callout(world: World, actor: Actor, *, timeout: float = 15.0) -> SeenMessage:
    """The latest message that mentions ``actor`` in its content (a callout notifies them)."""
    return await wait_public(world, lambda m: m.content.startswith(f"<@{actor.id}> "), timeout=timeout)


async def seed_assets(database: Path, world: World, seats: Sequence[Actor | str], state: AssetsState) -> str:
    """Save a table in #games before the bot starts, playing ``state`` (``seats``: actors, or AI
    levels), exactly as the bot saves its own; returns its id."""
    async with await Store.open(database) as store:
        table = stacked_assets_table(
            TableRegistry(store),
            [
                Seat(None, "", seat)
                if isinstance(seat, str)
                else Seat(seat.id, seat.member.user.username.title())
                for seat in seats
            ],
            state,
            guild_id=world.guild.id,
            channel_id=world.games.id,
            host_id=world.alice.id,
            locale=world.guild.preferred_locale,
        )
        await store.save_table(table.snapshot())
        return table.table_id
