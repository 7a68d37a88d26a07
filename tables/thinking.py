"""AI seats that think off the event loop, for a game whose AI is slow.

An engine's AI that searches (a step of pure Python for up to half a second or so) would hold
the bot's event loop while it thinks: every other table, press and drawing would wait. So such
a seat's AI thinks in the registry's thinker process (:meth:`TableRegistry.think`) about a copy
of the game, while the table goes on; the driver asks the seat again once its thought is ready.

A thought is for one *moment* of the game (how far it has gone, e.g. how many steps it has
taken): if the game moved on while the seat thought, the thought is not used and the seat
thinks again about the game as it is. A seat thinks one thought at a time, however often the
driver asks. The AI's plan and random generator move on as it thinks; in a worker process the
AI that thought is a copy, so the copy that comes back replaces it.

An AI seat acts one step at a time, at least a pause apart (the time it spent thinking counted
in it), so people can follow its steps on the board; the engine's AI may ask for more.
"""

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.ai import Level
from engine.contract import AiChoice
from engine.rng import Rng
from tables.registry import TableRegistry

A = TypeVar("A")
S = TypeVar("S")
M = TypeVar("M")


class _AiSeats(Protocol):
    """What a thinker needs of its table's AI seats (:class:`~tables.ai_seats.AiSeats`)."""

    def changed(self) -> None: ...

    def level(self, seat: int) -> Level: ...

    def rng(self, seat: int) -> Rng: ...


class ThinkingTable(Protocol):
    """What a thinker needs of its table (a :class:`~tables.seated.SeatedTable` has it all)."""

    @property
    def registry(self) -> TableRegistry: ...

    @property
    def ai(self) -> _AiSeats: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...


@dataclass(frozen=True, slots=True)
class Thought(Generic[A]):
    """An AI seat's decision for the game as it was at ``moment``: do ``action`` after ``delay``
    seconds (the pause, less the time spent thinking)."""

    moment: int
    action: A
    delay: float


class Thinker(Generic[A, S, M]):
    """The AI seats of one table, thinking off the event loop: ``A`` the game's actions, ``S`` its
    state, ``M`` its AI (one per seat, kept between steps for its plan and generator)."""

    def __init__(
        self,
        table: ThinkingTable,
        think: Callable[[M, S, int], tuple[AiChoice[A] | None, M]],
        new_ai: Callable[[Level, Rng], M],
        *,
        clone: Callable[[S], S],
        moment: Callable[[S], int],
        pause: float,
    ) -> None:
        """``think(ai, world, seat)`` is the engine's step, run in the thinker's process (it and
        its arguments must pickle): the AI's choice and the AI that made it. ``new_ai(level, rng)``
        makes a seat's AI; ``clone`` copies the world for it to think about; ``moment(world)``
        tells one moment of the game from the next; ``pause`` is the least time in seconds
        between an AI seat's steps."""
        self._table = table
        self._think_step = think
        self._new_ai = new_ai
        self._clone = clone
        self._moment = moment
        self._pause = pause
        self._ais: dict[int, M] = {}
        self._thoughts: dict[int, Thought[A]] = {}
        self._thinking: set[int] = set()

    def inputs(self, seat: int, world: S) -> tuple[int, bool]:
        """What the seat's decision depends on: the moment, and whether its thought is ready."""
        thought = self._thoughts.get(seat)
        moment = self._moment(world)
        return moment, thought is not None and thought.moment == moment

    def choice(self, seat: int, world: S) -> Thought[A] | None:
        """The seat's thought about ``world``'s moment once it has one; until then, start thinking
        (off the event loop) and wait: the table's driver is woken when the thought is ready.
        Ask only for a seat that is to act in ``world``."""
        moment = self._moment(world)
        thought = self._thoughts.get(seat)
        if thought is not None and thought.moment == moment:
            return thought
        if seat not in self._thinking:
            self._thinking.add(seat)
            self._table.spawn(self._think(seat, self._clone(world)))
        return None

    def forget(self) -> None:
        """A new game: no AI and no thought about the last game's moments carries over."""
        self._ais.clear()
        self._thoughts.clear()

    async def _think(self, seat: int, world: S) -> None:
        table = self._table
        clock = table.registry.clock
        began = clock.now()
        ai = self._ais.get(seat)
        if ai is None:
            ai = self._ais[seat] = self._new_ai(table.ai.level(seat), table.ai.rng(seat))
        try:
            choice, thought = await table.registry.think(self._think_step, ai, world, seat)
        finally:
            self._thinking.discard(seat)
        if self._ais.get(seat) is ai:  # in a worker process the AI that thought is a copy
            self._ais[seat] = thought
        if choice is None:
            return
        spent = clock.now() - began
        delay = max(self._pause, choice.delay) - spent
        self._thoughts[seat] = Thought(self._moment(world), choice.action, delay)
        table.ai.changed()
