"""Season boundaries in a league's calendar (issue 45): Monday, the 1st, a quarter's 1st, at
midnight where the league is, summer time included."""

from datetime import UTC, date, datetime

import pytest

from tables.season_calendar import next_boundary, period_of, period_parts, zone, zones_matching

MADRID = zone("Europe/Madrid")


@pytest.mark.parametrize(
    ("moment", "every", "where", "period", "boundary"),
    [
        (
            datetime(2026, 11, 28, 23, 59, tzinfo=UTC),
            "monthly",
            UTC,
            "monthly:2026-11-01",
            datetime(2026, 12, 1, tzinfo=UTC),
        ),
        (
            datetime(2026, 12, 31, 12, tzinfo=UTC),
            "monthly",
            UTC,
            "monthly:2026-12-01",
            datetime(2027, 1, 1, tzinfo=UTC),
        ),
        (
            datetime(2026, 11, 28, 12, tzinfo=UTC),
            "quarterly",
            UTC,
            "quarterly:2026-10-01",
            datetime(2027, 1, 1, tzinfo=UTC),
        ),
        (
            datetime(2027, 2, 1, tzinfo=UTC),
            "quarterly",
            UTC,
            "quarterly:2027-01-01",
            datetime(2027, 4, 1, tzinfo=UTC),
        ),
        # Saturday 28 November 2026: its week began on Monday the 23rd.
        (
            datetime(2026, 11, 28, 12, tzinfo=UTC),
            "weekly",
            UTC,
            "weekly:2026-11-23",
            datetime(2026, 11, 30, tzinfo=UTC),
        ),
        # 23:30 UTC on 30 November is already 1 December in Madrid (UTC+1 in winter).
        (
            datetime(2026, 11, 30, 23, 30, tzinfo=UTC),
            "monthly",
            MADRID,
            "monthly:2026-12-01",
            datetime(2026, 12, 31, 23, tzinfo=UTC),
        ),
        # Madrid's midnight on 1 April is 22:00 UTC the day before (summer time, UTC+2).
        (
            datetime(2027, 3, 15, tzinfo=UTC),
            "quarterly",
            MADRID,
            "quarterly:2027-01-01",
            datetime(2027, 3, 31, 22, tzinfo=UTC),
        ),
    ],
)
def test_a_period_and_its_end(
    moment: datetime, every: str, where: object, period: str, boundary: datetime
) -> None:
    assert period_of(moment, every, where) == period  # type: ignore[arg-type]
    assert next_boundary(moment, every, where) == boundary  # type: ignore[arg-type]
    assert period_of(boundary, every, where) != period, "the boundary begins the next period"  # type: ignore[arg-type]


def test_a_stored_period_reads_back_and_an_unknown_zone_is_refused() -> None:
    assert period_parts("quarterly:2027-01-01") == ("quarterly", date(2027, 1, 1))
    with pytest.raises(ValueError):
        period_parts("daily:2027-01-01")
    with pytest.raises(ValueError, match="no time zone"):
        zone("Mars/Olympus")


def test_a_zone_is_found_as_people_type_it() -> None:
    assert zones_matching("new york") == ["America/New_York"]
    assert "Europe/Madrid" in zones_matching("MADRID")
    assert len(zones_matching("a")) == 25, "a menu of choices holds 25"
