"""Scripted people at a table on a virtual clock: each plays their seat through the table's
person path (their panel), choosing with the game's own AI at the normal level, at a person's
pace; and the finished games they leave in the store (:func:`finished_game`). Shared by the
benches that play whole games (bench/bench_absent.py, bench/bench_replay.py) and the tests that
need finished games (tests/tables/test_replays.py, tests/cogs/test_replay_pictures.py).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final
from unittest import mock

from cogs.kinds import GameKind
from data import KeptGame, Store
from engine.ai import Level
from engine.errors import IllegalAction
from engine.games import game_of
from tables.ai import AiDriver
from tables.ai_seats import AiSeats
from tables.errors import Refused
from tables.loading import open_table
from tables.lobby import Lobby
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.seated import SeatedTable
from tables.table import Table
from tests.tables.manual_clock import ManualClock

PACE: Final = 2.0
"""A scripted person takes this many times the normal AI's delay to move."""
THINK: Final = 1.5
"""...and never less than this many seconds."""
STEP: Final = 1.0
"""Virtual seconds the clock moves at a time (people see the table change once a step)."""
LIMIT: Final = 3 * 3600.0
"""Virtual seconds after which a game that has not ended counts as not finished."""

Seated = SeatedTable[Any, Any]


class Person:
    """A scripted person playing one seat through the table's person path (their panel): the
    game's own AI chooses, at a person's pace, until they stop."""

    def __init__(self, table: Seated, seat: int, clock: ManualClock) -> None:
        self.table, self.seat = table, seat
        self.user = table.seats[seat].user_id
        self.present = True
        self.driver: AiDriver[Any] = AiDriver(self, clock, table.spawn)

    def ai_seats(self) -> Sequence[int]:
        table = self.table
        here = self.present and table.phase is Phase.PLAYING and not table.seating.plays_for(self.seat)
        return [self.seat] if here else []

    def ai_inputs(self, seat: int) -> Hashable:
        return self.table.ai_inputs(seat)

    def ai_decide(self, seat: int) -> tuple[Any, float] | None:
        decided = self.table.ai.ai_decide(seat)
        if decided is None:
            return None
        action, delay = decided
        return action, max(THINK, delay * PACE)

    async def ai_act(self, seat: int, action: Any) -> bool:
        if not self.present:
            return False
        assert self.user is not None
        if self.table.seating.pressed_by(self.user):
            await self.table.seating.back(self.user)
        try:
            await self.table.change(lambda: self.table.apply_action(action))
        except (IllegalAction, Refused):
            return False
        return True


class NormalForPeople(AiSeats[Any]):
    """AI seats whose AI also chooses for the people's seats (at the normal level) when a
    scripted person asks it; seats an AI plays keep their own level."""

    def level(self, seat: int) -> Level:
        return super().level(seat) if self._table.seating.plays_for(seat) else Level.NORMAL


def unrated(table: Seated) -> bool:
    """The first rated game is still under way: being played, or between its rounds (the next
    one comes by itself once the turn time is over)."""
    return table.phase is Phase.PLAYING or (table.phase is Phase.RESULTS and table.book.last_result is None)


def people_play_normal(cls: type[Seated]) -> type[Seated]:
    """The game's table class, whose AI seats are :class:`NormalForPeople`."""

    def __init__(self: Seated, registry: TableRegistry, **table: Any) -> None:
        cls.__init__(self, registry, **table)
        self.ai = NormalForPeople(self, registry.clock)

    return type(f"Scripted{cls.__name__}", (cls,), {"__init__": __init__})


async def nothing(table: Table) -> None:
    """Scripted games are looked at through the table, not through Discord."""


async def seated(
    cls: type[Seated],
    registry: TableRegistry,
    people: int,
    ai_seats: int,
    publish: Any = nothing,
    options: Mapping[str, str] | None = None,
) -> Seated:
    """A table of ``cls`` (its people choosing as :func:`people_play_normal`) with ``people``
    people (user ids 1, 2...) and ``ai_seats`` normal AI seats, started with the host's
    ``options`` (the game's lobby choices; else its defaults)."""
    table = open_table(
        people_play_normal(cls),
        registry,
        guild_id=1,
        channel_id=2,
        publish=publish,
        locale="en-US",
        host_id=1,
        host_name="P1",
    )
    registry.add(table)
    for user in range(2, people + 1):
        await table.in_lobby(Lobby.join, user, f"P{user}")
    for _ in range(ai_seats):
        await table.in_lobby(Lobby.add_ai, 1, "normal")
    for name, value in (options or {}).items():
        await table.in_lobby(Lobby.choose, 1, name, value, table.lobby_choices)
    await table.start(1)
    return table


def kind_of(game: str) -> GameKind[Any]:
    """A registered game's ``KIND``, from its cog."""
    kind: GameKind[Any] = importlib.import_module(game_of(game).module("cogs")).KIND
    return kind


def table_class(game: str) -> type[Seated]:
    """The table class of a registered game."""
    return kind_of(game).table_class


async def shown(table: Table) -> None:
    """The table message drawn: what the real publisher does first (cogs.seated.public_draft)."""
    assert isinstance(table, SeatedTable)
    if table.phase is Phase.PLAYING:
        table.steps.shown_at(len(table.moves))


async def finished_game(
    game: str,
    seed: int,
    folder: Path,
    leaves_at: float | None = None,
    options: Mapping[str, str] | None = None,
) -> tuple[KeptGame, Store]:
    """The first rated game (a Cover Your Assets match: every round of it) of a table of two
    scripted people and, where the game takes more seats, AI seats up to four, from ``seed`` and
    with the lobby's ``options``, as the store kept it (the store is left open); the second
    person leaves the game ``leaves_at`` virtual seconds in, if given."""
    cls = table_class(game)
    with mock.patch("secrets.randbits", random.Random(seed).getrandbits):
        chosen = "".join(f"-{value}" for value in (options or {}).values())
        store = await Store.open(folder / f"{game}{chosen}-{seed}.sqlite3")
        clock = ManualClock()
        registry = TableRegistry(store, clock)
        ai_seats = min(cls.seats_allowed[1], 4) - 2
        table = await seated(cls, registry, 2, ai_seats, publish=shown, options=options)
        people = [Person(table, seat, clock) for seat in range(2)]
        table.listeners.extend(person.driver.changed for person in people)
        while unrated(table) and clock.now() < LIMIT:
            if leaves_at is not None and people[1].present and clock.now() >= leaves_at:
                people[1].present = False
                await table.seating.leave_game(2)
            for person in people:
                person.driver.changed()
            await clock.advance(STEP, table.settle)
        assert not unrated(table), "the game ends"
        for person in people:
            person.driver.stop()
        await registry.shutdown()
    games, _ = await store.history(1, 0)
    kept = await store.kept_game(1, games[0].game_id)
    assert kept is not None
    return kept, store
