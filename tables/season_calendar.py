"""Where a league's seasons begin and end when they run by themselves (issue 45): weeks begin
on Monday, months on the 1st, quarters on the 1st of January, April, July and October, each at
midnight in the time zone the league's moderators chose (UTC unless they did).

A season is named by its period (:func:`period_of`, e.g. ``monthly:2026-12-01``), which says
when it began in the league's own calendar; the words people read ("December 2026", "T1 2027")
are made from it in each reader's language where it is shown.
"""

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from data.records import SEASON_EVERY

Every = str
"""How often a league's seasons turn over: one of the store's ``SEASON_EVERY`` (``weekly``,
``monthly``, ``quarterly``)."""


def zone(name: str) -> tzinfo:
    """The IANA time zone called ``name`` (``Europe/Madrid``, ``UTC``); ValueError if there is none."""
    if name == "UTC":
        return UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"no time zone is called {name!r}") from error


def zone_names() -> list[str]:
    """Every IANA time zone's name, sorted: what a moderator may type."""
    return sorted(available_timezones() | {"UTC"})


def zones_matching(typed: str, most: int = 25) -> list[str]:
    """The time zones whose name holds what was typed (``madrid``, ``new york``), the first
    ``most`` (a menu of choices on Discord holds 25)."""
    wanted = typed.strip().casefold().replace(" ", "_")
    return [name for name in zone_names() if wanted in name.casefold()][:most]


def _first_day(day: date, every: Every) -> date:
    """The first day of the period holding ``day``."""
    if every not in SEASON_EVERY:
        raise ValueError(f"seasons turn over {', '.join(SEASON_EVERY)}, not {every!r}")
    if every == "weekly":
        return day - timedelta(days=day.weekday())
    if every == "monthly":
        return day.replace(day=1)
    return day.replace(month=(day.month - 1) // 3 * 3 + 1, day=1)


def _next_first_day(first: date, every: Every) -> date:
    if every == "weekly":
        return first + timedelta(days=7)
    months = 1 if every == "monthly" else 3
    month = first.month - 1 + months
    return date(first.year + month // 12, month % 12 + 1, 1)


def _midnight(day: date, where: tzinfo) -> datetime:
    """Midnight at the start of ``day`` in ``where``, as a UTC moment."""
    return datetime.combine(day, time(0), where).astimezone(UTC)


def period_of(moment: datetime, every: Every, where: tzinfo) -> str:
    """The period holding ``moment`` in ``where``'s calendar, as stored with a season."""
    return f"{every}:{_first_day(moment.astimezone(where).date(), every).isoformat()}"


def next_boundary(moment: datetime, every: Every, where: tzinfo) -> datetime:
    """When the period holding ``moment`` ends (and the next begins), as a UTC moment."""
    first = _first_day(moment.astimezone(where).date(), every)
    return _midnight(_next_first_day(first, every), where)


def period_parts(period: str) -> tuple[Every, date]:
    """A stored period's kind and first day."""
    every, _, first = period.partition(":")
    if every not in SEASON_EVERY:
        raise ValueError(f"not a season's period: {period!r}")
    return every, date.fromisoformat(first)
