"""Playing Toppo through the stand-in the way a person does: open a table with /toppo start,
read the private panel's words (in the player's own language), and press its buttons.

The player's "brain" is the engine's own search for a top or a match (``find_top``,
``find_matches``) applied to the cards the panel *says* are there, so a test fails if the panel
shows the wrong cards or its buttons do something else than they say.
"""

from __future__ import annotations

import re
import sqlite3
import string
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from data import Store
from engine.toppo.cards import ALL_CARDS, Card, find_matches, find_top
from engine.toppo.state import Position
from fakediscord import Actor, FakeDiscord, SeenMessage
from locales import catalog, plural_forms
from tables.lobby import Seat
from tables.registry import TableRegistry
from tests.conftest import World, build_world
from tests.e2e.presses import Press, enabled, first_press
from tests.tables.stacked import stacked_table
from words.toppo import card_name

MESSAGES = catalog()


async def quick_world() -> AsyncIterator[World]:
    """The usual world, but a press counts as answered once the bot has been quiet for 20 ms
    (not 100): a panel's reply is complete when it arrives, and the public table message, which
    the bot redraws later on its own, is waited for explicitly. A game takes hundreds of presses."""
    fake = FakeDiscord(settle_quiet=0.02)
    built = build_world(fake)
    await fake.start()
    try:
        yield built
    finally:
        await fake.stop()
    problems = fake.take_problems()
    assert not problems, "the stand-in saw problems:\n" + "\n".join(problems)


def text(key: str, locale: str = "en-US", **values: object) -> str:
    return MESSAGES.text(key, locale, **values)


def pattern(template: str, **groups: str) -> re.Pattern[str]:
    """A regex matching a catalogue template, with its placeholders captured (a plural field
    matches any of its forms)."""
    regex, seen = "", set()
    for literal, name, spec, _ in string.Formatter().parse(template):
        regex += re.escape(literal)
        if name is None:
            continue
        if spec and (forms := plural_forms(spec)) is not None:
            regex += "(?:" + "|".join(re.escape(form) for form in forms.values()) + ")"
        elif name not in seen:
            seen.add(name)
            regex += f"(?P<{name}>{groups.get(name, '.*?')})"
        else:
            regex += f"(?P={name})"
    return re.compile(regex + "$")


@dataclass
class Panel:
    """A private panel as its player reads it."""

    actor: Actor
    message: SeenMessage
    status: str
    """``play``, ``restart`` (you), ``waiting`` (for someone else) or ``over``."""
    display: list[Card]
    line: list[Card]
    left: int
    note: str | None

    @classmethod
    def read(cls, actor: Actor, message: SeenMessage) -> Panel:
        locale = actor.locale
        names = {card_name(MESSAGES, card, locale): card for card in ALL_CARDS}
        lines = message.card["description"].split("\n")
        first = lines[0]
        status = {
            text("toppo.status.play", locale): "play",
            text("toppo.status.you_restart", locale): "restart",
        }.get(first)
        if status is None:
            waiting = pattern(text("toppo.status.waiting", locale))
            status = "waiting" if waiting.match(first) else "over"
        display_re = pattern(text("toppo.panel.display", locale))
        line_re = pattern(text("toppo.panel.line", locale), left=r"\d+")
        display: list[Card] = []
        line: list[Card] = []
        left = -1
        note = None
        empty = text("toppo.panel.empty", locale)

        def cards(listed: str) -> list[Card]:
            if listed == empty:
                return []
            return [names[item.split(" ", 1)[1]] for item in listed.split(" · ")]

        for row in lines[1:]:
            if found := display_re.match(row):
                display = cards(found["cards"])
            elif found := line_re.match(row):
                line, left = cards(found["cards"]), int(found["left"])
            elif row.startswith("> "):
                note = row[2:]
        return cls(actor, message, status, display, line, left, note)

    def buttons(self, action: str, suffix: str = "") -> list[dict[str, object]]:
        return [
            button
            for button in self.message.buttons()
            if button["custom_id"].split(":")[2] == action and button["custom_id"].endswith(suffix)
        ]

    def has(self, action: str, suffix: str = "") -> bool:
        return bool(self.buttons(action, suffix))

    async def press(self, action: str, suffix: str = "", *, as_seen: bool = False) -> Panel:
        """Press the button; ``as_seen``: as this snapshot showed it, even if the live panel has
        been redrawn since (a click already on its way when the table moved on)."""
        found = self.buttons(action, suffix)
        assert len(found) == 1, f"{len(found)} {action!r} buttons ending {suffix!r} on {self.message.text}"
        pressed = str(found[0]["custom_id"])
        reply = await self.actor.press(self.message, custom_id=pressed, as_seen=as_seen)
        assert reply.response_type == 7, f"{pressed} did not redraw the panel: {reply.message.text!r}"
        return Panel.read(self.actor, reply.message)

    async def presses(self, *buttons: tuple[str, str]) -> Panel:
        """Press these (action, custom id ending) in turn; stop early when the table moved on and
        the next one is gone from the redrawn panel (as a player would)."""
        panel = self
        for action, suffix in buttons:
            if not panel.has(action, suffix):
                break
            panel = await panel.press(action, suffix)
        return panel

    async def match(self, card: Card, *, as_seen: bool = False) -> Panel:
        """Press the line card ``card``: laid on its identical display card."""
        return await self.press("match", f".{card.code}", as_seen=as_seen)


async def step(panel: Panel, patience: int = 1000) -> Panel:
    """One sensible move of a quick, careful player, who votes to replace the display after
    ``patience`` renewed lines without a change; returns the redrawn panel."""
    if panel.status == "waiting":
        return await panel.press("refresh")
    if panel.left < 10:
        return await panel.press("toppo")
    if patience <= 0 and panel.has("vote") and not panel.buttons("vote")[0].get("disabled"):
        return await panel.press("vote")
    if not panel.has("match"):
        return await panel.press("turn")
    size = len(panel.display)
    if len(panel.line) == size and find_top(panel.line, panel.display) is not None:
        return await panel.press("top")
    if matches := find_matches(panel.line, panel.display):
        return await panel.match(panel.line[matches[0][0]])
    if len(panel.line) < size:
        return await panel.press("turn")
    return await panel.press("renew")


async def play_until_over(panel: Panel, limit: int = 2000) -> Panel:
    renewed, display = 0, panel.display
    for _ in range(limit):
        if panel.status == "over":
            return panel
        panel = await step(panel, patience=6 - renewed)
        if panel.display != display:
            renewed, display = 0, panel.display
        elif not panel.line:
            renewed += 1
    raise AssertionError(f"the game did not end within {limit} moves")


def decide(actor: Actor, message: SeenMessage) -> Press | None:
    """:func:`step`'s choice, one press at a time, from the panel ``actor`` sees in ``message``
    (None while the panel waits): what bench/bench_play.py's people press."""
    panel = Panel.read(actor, message)
    if panel.status == "waiting":
        return None
    if panel.left < 10:
        return first_press(message, "toppo")
    size = len(panel.display)
    matches = [str(b["custom_id"]) for b in enabled(message, "match")]
    if matches and len(panel.line) == size and find_top(panel.line, panel.display) is not None:
        return first_press(message, "top")
    if matches and (twins := find_matches(panel.line, panel.display)):
        code = panel.line[twins[0][0]].code
        return next((Press(c) for c in matches if c.endswith(f".{code}")), None)
    return first_press(message, "turn", "renew")


def game_buttons(message: SeenMessage) -> list[str]:
    """The labels of a message's buttons but its link to a finished game's replay, which stays
    on a results message when the game's own buttons go."""
    return [
        str(b.get("label")) for b in message.buttons() if not str(b.get("custom_id", "")).startswith("rp:")
    ]


def public(world: World) -> list[SeenMessage]:
    return world.fake.public_messages(world.games)


async def wait_public(
    world: World, predicate: Callable[[SeenMessage], bool], *, timeout: float = 15.0
) -> SeenMessage:
    """The newest public message for which ``predicate`` holds, once there is one."""
    await world.fake.wait_for(
        lambda: any(predicate(m) for m in public(world)), timeout=timeout, what="a public message"
    )
    return [m for m in public(world) if predicate(m)][-1]


async def open_table(world: World, humans: Sequence[Actor], ai_levels: Sequence[str] = ()) -> SeenMessage:
    """/toppo start by the first human, the others join, the host adds AIs and starts; returns
    the table message once it shows the game."""
    host = humans[0]
    lobby = (await host.slash("toppo start")).message
    for actor in humans[1:]:
        await actor.press(lobby, label=text("lobby.join", lobby_locale(world)))
    for level in ai_levels:
        label = text("lobby.add_ai", level=text(f"ai.level.{level}"))
        await host.press(lobby, label=label)
    seats = len(humans) + len(ai_levels)
    await wait_public(world, lambda m: f"({seats}/8)" in m.text)
    await host.press(lobby, label=text("lobby.start"))
    return await wait_public(world, lambda m: m.id == lobby.id and bool(m.attachments))


def lobby_locale(world: World) -> str:
    return world.guild.preferred_locale


async def open_panel(actor: Actor, table: SeenMessage) -> Panel:
    reply = await actor.press(table, label=text("toppo.table.panel"))
    assert reply.message.ephemeral
    return Panel.read(actor, reply.message)


def recorded_games(database: Path) -> list[tuple[str, list[tuple[int, int | None, str | None, int, int]]]]:
    """Every recorded game: its result key and (seat, user, AI level, score, won) per seat."""
    with sqlite3.connect(database) as conn:
        games = conn.execute("SELECT id, result_key FROM games ORDER BY id").fetchall()
        return [
            (
                key,
                conn.execute(
                    "SELECT seat, user_id, ai_level, score, won FROM results WHERE game_id = ? ORDER BY seat",
                    (game_id,),
                ).fetchall(),
            )
            for game_id, key in games
        ]


async def seed_table(database: Path, world: World, seats: Sequence[Actor | str], position: Position) -> str:
    """Save a table in #games before the bot starts, playing its first game dealt from a stacked
    ``position`` (``seats``: actors, or AI levels), exactly as the bot saves its own; returns its id."""
    async with await Store.open(database) as store:
        table = stacked_table(
            TableRegistry(store),
            [
                Seat(None, "", seat)
                if isinstance(seat, str)
                else Seat(seat.id, seat.member.user.username.title())
                for seat in seats
            ],
            position,
            guild_id=world.guild.id,
            channel_id=world.games.id,
            host_id=world.alice.id,
            locale=world.guild.preferred_locale,
        )
        await store.save_table(table.snapshot())
        return table.table_id


def still_possible(actor: Actor, looked: SeenMessage, custom_id: str, now: SeenMessage) -> bool:
    """Whether the move a press named on the panel ``looked`` could still be made on the panel
    ``now`` (drawn just after the press was answered): the same button is offered, for the
    same display (a top, a vote; a match, unless its card's twin is still there) and the same
    line (a top, a renewal). bench/bench_refusals.py holds each refusal to it."""
    action = custom_id.split(":")[2]
    label = next(b.get("label") for b in looked.buttons() if b["custom_id"] == custom_id)
    if not any(b.get("label") == label for b in enabled(now, action)):
        return False
    was, is_ = Panel.read(actor, looked), Panel.read(actor, now)
    same_display, same_line = was.display == is_.display, was.line == is_.line
    if action == "match":
        card = ALL_CARDS[int(custom_id.rsplit(".", 1)[1])]
        return card in is_.line and (same_display or card in is_.display)
    return {"top": same_display and same_line, "vote": same_display, "renew": same_line}.get(action, True)
