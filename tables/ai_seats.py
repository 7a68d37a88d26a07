"""The seats an AI plays at a table, driven on its clock: AI seats, and people's seats stood in for.

:class:`AiSeats` is what the :class:`~tables.ai.AiDriver` drives: which seats an AI plays now,
what each decides on (the game's :meth:`~tables.game_hooks.GameHooks.ai_inputs`), its choice (the
game's :meth:`~tables.game_hooks.GameHooks.ai_choice`) and the move it makes, under the table's
lock, if the game is still where the AI saw it. A move made for a person is counted for the
game's record. Each seat has its own random stream, fresh in each process: AI choices need not
replay, the moves they made do.
"""

import secrets
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Generic, Protocol, TypeVar

from engine.ai import Level
from engine.contract import AiChoice
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from tables.ai import AiDriver
from tables.clock import Clock
from tables.game_hooks import A
from tables.phases import AI_PHASES, Phase
from tables.seating import Seating
from words.common import Notice

T = TypeVar("T")


class AiTable(Protocol[A]):
    """What the AI seats need of their table."""

    seating: Seating

    async def change(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T: ...

    @property
    def phase(self) -> Phase: ...

    def ai_inputs(self, seat: int) -> Hashable: ...

    def ai_choice(self, seat: int) -> AiChoice[A] | None: ...

    def apply_action(self, action: A) -> list[Notice]: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...


class AiSeats(Generic[A]):
    """One table's AI seats; see the module's note."""

    def __init__(self, table: AiTable[A], clock: Clock) -> None:
        self._table = table
        self._rngs: dict[int, Rng] = {}
        self.driver: AiDriver[A] = AiDriver(self, clock, table.spawn)

    def changed(self) -> None:
        """The table changed: the seats whose inputs changed decide again."""
        self.driver.changed()

    def stop(self) -> None:
        self.driver.stop()

    def ai_seats(self) -> list[int]:
        """The seats an AI plays now, while it may act."""
        table = self._table
        if table.phase not in AI_PHASES:
            return []
        return [number for number in range(len(table.seating.seats)) if table.seating.plays_for(number)]

    def ai_inputs(self, seat: int) -> Hashable:
        return self._table.ai_inputs(seat)

    def ai_decide(self, seat: int) -> tuple[A, float] | None:
        """An AI seat's next action and its delay in seconds, or None to wait."""
        choice = self._table.ai_choice(seat)
        return None if choice is None else (choice.action, choice.delay)

    async def ai_act(self, seat: int, action: A) -> bool:
        """Take an AI seat's action if the game is still where the AI saw it and an AI still
        plays the seat; False if refused. A move made for a person is counted for the record."""
        table = self._table

        def act() -> None:
            if not table.seating.plays_for(seat):
                raise IllegalAction(Reason.STALE, "the seat's person is back")
            table.apply_action(action)
            table.seating.moved_for(seat)

        return await self.apply(act)

    async def apply(self, apply: Callable[[], object]) -> bool:
        """Make an AI seat's move if the game is still where the AI saw it; False if refused."""
        table = self._table

        def checked() -> None:
            if table.phase not in AI_PHASES:
                raise IllegalAction(Reason.STALE, "the AI's moment has passed")
            apply()

        try:
            await table.change(checked, by_ai=True)
        except IllegalAction:
            return False
        return True

    def level(self, seat: int) -> Level:
        """The level the AI of ``seat`` plays at: the AI seat's, or its stand-in's."""
        seating = self._table.seating
        stand_in = seating.stand_ins.get(seat)
        level = seating.seats[seat].ai_level if stand_in is None else stand_in.level
        assert level is not None, "only seats an AI plays have a level"
        return Level(level)

    def rng(self, seat: int) -> Rng:
        """The seat's own random stream, fresh for each process: AI choices need not replay."""
        rng = self._rngs.get(seat)
        if rng is None:
            rng = self._rngs[seat] = Rng.from_seed(secrets.randbits(64))
        return rng
