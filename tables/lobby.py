"""The lobby: who sits at a table before its game starts.

Every game's table begins as a lobby in its channel: people join and leave, the host (who opened
it, and sits down first) adds AI seats at a level, chooses the game's own options (if it has
any), and starts the game once enough seats are taken. Seats keep their order, which becomes the
game's seat numbers. The lobby is plain data; the table around it holds the lock, saves it and
closes it when it has been idle too long.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.ai import Level
from engine.errors import IllegalAction, Reason
from tables.errors import Refusal, Refused

LEVELS: Final = tuple(level.value for level in Level)
"""The AI levels a lobby offers, easiest first."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A human (``user_id`` and the name they had when they sat down) or an AI at ``ai_level``."""

    user_id: int | None
    name: str
    ai_level: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    def to_json(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "ai_level": self.ai_level}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Seat":
        """A saved seat; an AI level this version does not know (saved before a downgrade, say)
        raises ValueError here, when the table loads, rather than when the AI first acts."""
        level = data["ai_level"]
        return cls(data["user_id"], data["name"], None if level is None else Level(level).value)


def seat_of(seats: Sequence[Seat], user_id: int) -> int | None:
    """The seat number of a user, or None if they are not seated."""
    return next((number for number, seat in enumerate(seats) if seat.user_id == user_id), None)


class Lobby:
    """Seats being filled; ``host_id`` manages the AI seats, chooses the options and starts the
    game."""

    def __init__(
        self,
        host_id: int,
        min_seats: int,
        max_seats: int,
        seats: Sequence[Seat] = (),
        options: Mapping[str, str] | None = None,
    ) -> None:
        self.host_id = host_id
        self.min_seats = min_seats
        self.max_seats = max_seats
        self.seats = list(seats)
        self.options: dict[str, str] = dict(options or {})
        """The game's options the host chose, by name; an option not chosen has its default."""

    def join(self, user_id: int, name: str) -> None:
        if seat_of(self.seats, user_id) is not None:
            raise Refused(Refusal.ALREADY_SEATED)
        self._check_room()
        self.seats.append(Seat(user_id, name))

    def leave(self, user_id: int) -> None:
        """Free the user's seat. A host who leaves stays the host (and may still start a table of
        AI seats to watch): the lobby is theirs since they opened it."""
        number = seat_of(self.seats, user_id)
        if number is None:
            raise IllegalAction(Reason.NOT_SEATED)
        del self.seats[number]

    def add_ai(self, user_id: int, level: str) -> None:
        """An AI seat at ``level`` (one of :data:`LEVELS`), added by the host."""
        if level not in LEVELS:
            raise IllegalAction(Reason.BAD_OPTION, f"no AI level {level!r}")
        self.check_host(user_id)
        self._check_room()
        self.seats.append(Seat(None, "", level))

    def remove_ai(self, user_id: int) -> None:
        """Free the last AI seat."""
        self.check_host(user_id)
        ai = [number for number, seat in enumerate(self.seats) if seat.is_ai]
        if not ai:
            raise Refused(Refusal.NO_AI)
        del self.seats[ai[-1]]

    def choose(self, user_id: int, name: str, value: str, choices: Mapping[str, Sequence[str]]) -> None:
        """Set option ``name`` to ``value``; ``choices`` are the game's options, each with the
        values it may take (the default first)."""
        self.check_host(user_id)
        if value not in choices.get(name, ()):
            raise IllegalAction(Reason.BAD_OPTION, f"no option {name}={value}")
        self.options[name] = value

    def option(self, name: str, choices: Mapping[str, Sequence[str]]) -> str:
        """The value of option ``name``: the one chosen, else its default."""
        return self.options.get(name, choices[name][0])

    def check_start(self, user_id: int) -> None:
        self.check_host(user_id)
        if len(self.seats) < self.min_seats:
            raise Refused(Refusal.TOO_FEW)

    def check_host(self, user_id: int) -> None:
        """``Refused(HOST_ONLY)`` unless ``user_id`` is the host (who sets the lobby's options)."""
        if user_id != self.host_id:
            raise Refused(Refusal.HOST_ONLY)

    def _check_room(self) -> None:
        if len(self.seats) >= self.max_seats:
            raise Refused(Refusal.TABLE_FULL)

    def to_json(self) -> dict[str, Any]:
        return {
            "host_id": self.host_id,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "seats": [seat.to_json() for seat in self.seats],
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Lobby":
        return cls(
            data["host_id"],
            data["min_seats"],
            data["max_seats"],
            [Seat.from_json(seat) for seat in data["seats"]],
            data.get("options", {}),  # tables saved before lobbies had options
        )
