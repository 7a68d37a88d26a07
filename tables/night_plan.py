"""What a moderator gives ``/night plan`` (issue 45), read and checked before anything is made:
when the night starts and how it is played.

A start is typed as people say it in their own time zone ("2026-12-04 20:00", or "20:00" for the
next such time), or pasted as a Discord timestamp (``<t:1796500800:F>``, which every reader sees
in their own zone) or a Unix time. A refusal is a :class:`NightPlanError` whose code names the
case for the message catalogue (``night.error.<code>``).
"""

import re
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any, Final, get_args

from engine.ai import Level
from tables.night_seating import Fill
from tables.season_calendar import zone

FURTHEST: Final = timedelta(days=365)
"""How far ahead a night may be planned."""
CHECK_IN_BEFORE: Final = timedelta(minutes=15)
"""How long before its start a night asks those who joined to check in."""
ROUNDS: Final = (1, 10)
"""The fewest and most rounds a night of rounds plays."""
ARENA_MINUTES: Final = (20, 240)
"""The shortest and longest arena, in minutes."""
LEVELS: Final = tuple(level.value for level in Level)
"""The levels an AI filling a seat plays at (the games' AI levels)."""
FILLS: Final = get_args(Fill)
"""What a seat left over in a round becomes: an AI at the night's level, or a bye."""

TIMESTAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>")
DATE_TIME = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})")
TIME_ONLY = re.compile(r"(\d{1,2}):(\d{2})")


class NightPlanError(ValueError):
    """A plan refused: ``code`` names the case (``night.error.<code>``), ``values`` fill it in."""

    def __init__(self, code: str, **values: str | int) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


def parse_start(text: str, zone_name: str | None, now: datetime) -> datetime:
    """The moment ``text`` names, read in time zone ``zone_name`` (UTC if None) unless it is a
    Discord timestamp or a Unix time; it must be after ``now`` and within :data:`FURTHEST`."""
    typed = text.strip()
    where = _zone(zone_name)
    if found := TIMESTAMP.fullmatch(typed):
        moment = datetime.fromtimestamp(int(found[1]), UTC)
    elif typed.isdigit():
        moment = datetime.fromtimestamp(int(typed), UTC)
    elif found := DATE_TIME.fullmatch(typed):
        year, month, day, hour, minute = map(int, found.groups())
        moment = _local(where, year, month, day, hour, minute)
    elif found := TIME_ONLY.fullmatch(typed):
        here = now.astimezone(where)
        moment = _local(where, here.year, here.month, here.day, int(found[1]), int(found[2]))
        if moment <= now:
            moment = _local(where, *_next_day(here), int(found[1]), int(found[2]))
    else:
        raise NightPlanError("bad_start", typed=typed[:40])
    if moment <= now:
        raise NightPlanError("start_past")
    if moment > now + FURTHEST:
        raise NightPlanError("start_far", days=FURTHEST.days)
    return moment


def _zone(name: str | None) -> tzinfo:
    try:
        return zone(name or "UTC")
    except ValueError:
        raise NightPlanError("bad_zone", zone=(name or "")[:40]) from None


def _local(where: tzinfo, year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    try:
        return datetime(year, month, day, hour, minute, tzinfo=where).astimezone(UTC)
    except ValueError:
        raise NightPlanError("bad_start", typed=f"{year}-{month}-{day} {hour}:{minute:02}") from None


def _next_day(moment: datetime) -> tuple[int, int, int]:
    following = (moment + timedelta(days=1)).date()
    return following.year, following.month, following.day


@dataclass(frozen=True, slots=True)
class NightSettings:
    """How a night is played: ``rounds`` of a night of rounds, a seat left over as an AI at
    ``level`` or a bye (``fill``); or an arena of ``minutes``, an AI taking a seat after
    ``ai_after`` seconds of waiting, no new game in its last ``closing`` minutes."""

    rounds: int = 3
    fill: Fill = "ai"
    level: str = "normal"
    minutes: int = 60
    ai_after: int = 60
    closing: int = 5

    def __post_init__(self) -> None:
        if not ROUNDS[0] <= self.rounds <= ROUNDS[1]:
            raise NightPlanError("rounds_range", low=ROUNDS[0], high=ROUNDS[1])
        if not ARENA_MINUTES[0] <= self.minutes <= ARENA_MINUTES[1]:
            raise NightPlanError("minutes_range", low=ARENA_MINUTES[0], high=ARENA_MINUTES[1])
        if self.fill not in FILLS or self.level not in LEVELS:
            raise ValueError(f"fill {self.fill!r} or level {self.level!r} is not one the bot offers")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "NightSettings":
        """Settings as stored; one missing from an older night takes its default."""
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)
