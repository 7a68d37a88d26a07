"""Playing Spit and Speed through the stand-in the way a person does: read the private panel's
words (in the player's own language) and press its buttons, one move per press.

Tables are seeded into the database before the bot starts, dealt from a stacked position, so the
cards are known; the bot resumes them as after a restart and posts their table message afresh.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from data import Store
from fakediscord import Actor, BotProcess, SeenMessage
from tables.lobby import Seat
from tables.registry import TableRegistry
from tables.spit import Game
from tests.conftest import World
from tests.e2e.presses import Press, enabled, first_press
from tests.e2e.toppo_play import text, wait_public
from tests.tables.stacked import stacked_spit_table


@dataclass
class Panel:
    """A private panel as its player reads it: the status line, the note on a refused press (if
    any), and the other lines (the centre, the player's own cards, how to play)."""

    actor: Actor
    message: SeenMessage
    status: str
    note: str | None
    lines: list[str]

    @classmethod
    def read(cls, actor: Actor, message: SeenMessage) -> Panel:
        status, *rest = message.card["description"].split("\n")
        notes = [line[2:] for line in rest if line.startswith("> ")]
        lines = [line for line in rest if not line.startswith("> ")]
        return cls(actor, message, status, notes[0] if notes else None, lines)

    def says(self, key: str, **values: object) -> bool:
        """Whether the panel's status is the catalogue's ``key`` in the player's language."""
        return self.status == text(key, self.actor.locale, **values)

    def button(self, action: str, suffix: str = "") -> dict[str, object]:
        found = [
            button
            for button in self.message.buttons()
            if str(button["custom_id"]).split(":")[2] == action and str(button["custom_id"]).endswith(suffix)
        ]
        assert len(found) == 1, f"{len(found)} {action!r} buttons ending {suffix!r} on {self.message.text}"
        return found[0]

    def now(self) -> Panel:
        """The panel as its player sees it now: it follows the table by itself."""
        return Panel.read(self.actor, self.actor.current(self.message))

    async def press(self, action: str, suffix: str = "", *, as_seen: bool = False) -> Panel:
        """Press a button of this panel (``action`` and how its custom id ends); the reply redraws
        this same panel. ``as_seen``: as this snapshot showed it (see ``Actor.press``)."""
        custom_id = str(self.button(action, suffix)["custom_id"])
        reply = await self.actor.press(self.message, custom_id=custom_id, as_seen=as_seen)
        assert reply.response_type == 7, f"{custom_id} did not redraw the panel: {reply.message.text!r}"
        return Panel.read(self.actor, reply.message)

    async def play(self, pile: int, centre: int) -> Panel:
        """Play stock pile ``pile`` (from 0) onto centre pile ``centre`` (0 left, 1 right)."""
        return await self.press("play", f".{pile}.{centre}")


async def open_panel(actor: Actor, table: SeenMessage) -> Panel:
    """Press "My cards" on the table message (written in the server's English)."""
    reply = await actor.press(table, label=text("spit.table.panel"))
    assert reply.message.ephemeral
    return Panel.read(actor, reply.message)


CALLS = {
    "spit.status.start": "spit",
    "spit.status.stalemate": "spit",
    "spit.status.you_spit_alone": "spit",
    "spit.status.slap": "slap",
    "spit.status.you_choose": "slap",
}
"""The panel's status when its player is to call, and the call's action."""


def decide(actor: Actor, message: SeenMessage) -> Press | None:
    """The first card that fits, else a card to turn up or move, else a call the panel asks for,
    from the panel ``actor`` sees in ``message``: what bench/bench_play.py's people press."""
    if found := first_press(message, "play", "turn", "move"):
        return found
    panel = Panel.read(actor, message)
    for key, action in CALLS.items():
        if panel.says(key):
            return first_press(message, action)
    return None


async def table_message(world: World, number: int = 1) -> SeenMessage:
    """The table's public message of match ``number`` once it shows the game."""
    title = text("spit.table.title", variant="Spit", number=number)
    return await wait_public(world, lambda m: m.title == title and bool(m.attachments))


async def seed_table(database: Path, world: World, seats: Sequence[Actor | str], match: Game) -> str:
    """Save a table in #games before the bot starts, playing ``match`` (``seats``: actors, or AI
    levels), exactly as the bot saves its own; returns its id."""
    async with await Store.open(database) as store:
        table = stacked_spit_table(
            TableRegistry(store),
            [
                Seat(None, "", seat)
                if isinstance(seat, str)
                else Seat(seat.id, seat.member.user.username.title())
                for seat in seats
            ],
            match,
            guild_id=world.guild.id,
            channel_id=world.games.id,
            host_id=world.alice.id,
            locale=world.guild.preferred_locale,
        )
        await store.save_table(table.snapshot())
        return table.table_id


Deal = Callable[[], Game]
"""Makes the stacked match a seeded table plays (a fresh one for each test)."""


def dealt(deal: Deal, *seats: str) -> pytest.MarkDecorator:
    """The ``seeded`` table: ``deal``'s match, with these seats ("alice", "bruno" or AI levels;
    alice and bruno unless given)."""
    return pytest.mark.parametrize("seeded", [(deal, seats or ("alice", "bruno"))], indirect=True)


async def seeded_bot(
    world: World, database: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotProcess]:
    """The bot, resuming the table the test's :func:`dealt` describes (a test module makes it
    its ``seeded`` fixture: ``seeded = pytest.fixture(seeded_bot)``)."""
    deal, names = request.param
    seats = [getattr(world, name) if name in ("alice", "bruno") else name for name in names]
    await seed_table(database, world, seats, deal())
    process = BotProcess(world.fake, database)
    await process.start()
    try:
        yield process
    finally:
        assert await process.stop() == 0, process.output
    assert "Traceback" not in process.output, process.output


def still_possible(actor: Actor, looked: SeenMessage, custom_id: str, now: SeenMessage) -> bool:
    """Whether the move a press named on the panel ``looked`` could still be made on the panel
    ``now`` (drawn just after the press was answered): a button with the same words (the same
    card from the same pile onto the same centre pile) is offered, and a call is one the panel
    asks for now. bench/bench_refusals.py holds each refusal to it."""
    action = custom_id.split(":")[2]
    label = next(b.get("label") for b in looked.buttons() if b["custom_id"] == custom_id)
    if not any(b.get("label") == label for b in enabled(now, action)):
        return False
    calls = [key for key, call in CALLS.items() if call == action]
    return not calls or any(Panel.read(actor, now).says(key) for key in calls)
