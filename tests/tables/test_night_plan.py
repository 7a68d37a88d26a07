"""What ``/night plan`` reads (issue 45): a start typed in the moderator's time zone, pasted as
a Discord timestamp or a Unix time, refused when past, too far or unreadable; and a night's
settings checked and stored."""

from datetime import UTC, datetime

import pytest

from tables.night_plan import NightPlanError, NightSettings, parse_start

NOW = datetime(2026, 11, 28, 21, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("typed", "zone", "start"),
    [
        ("2026-12-04 20:00", "Europe/Madrid", datetime(2026, 12, 4, 19, 0, tzinfo=UTC)),
        ("2026-12-04T20:00", None, datetime(2026, 12, 4, 20, 0, tzinfo=UTC)),
        ("23:00", "UTC", datetime(2026, 11, 28, 23, 0, tzinfo=UTC)),
        ("21:00", "UTC", datetime(2026, 11, 29, 21, 0, tzinfo=UTC)),  # passed today: tomorrow
        ("20:00", "America/New_York", datetime(2026, 11, 29, 1, 0, tzinfo=UTC)),  # 16:30 there now
        ("<t:1796500800:F>", "Asia/Tokyo", datetime.fromtimestamp(1796500800, UTC)),
        ("1796500800", None, datetime.fromtimestamp(1796500800, UTC)),
    ],
)
def test_a_start_as_people_type_it(typed: str, zone: str | None, start: datetime) -> None:
    assert parse_start(typed, zone, NOW) == start


@pytest.mark.parametrize(
    ("typed", "zone", "code"),
    [
        ("tomorrow at eight", None, "bad_start"),
        ("2026-02-30 20:00", None, "bad_start"),
        ("2026-11-28 20:00", None, "start_past"),
        ("2028-01-01 20:00", None, "start_far"),
        ("20:00", "Mars/Olympus", "bad_zone"),
    ],
)
def test_a_start_that_cannot_be_is_refused(typed: str, zone: str | None, code: str) -> None:
    with pytest.raises(NightPlanError) as refused:
        parse_start(typed, zone, NOW)
    assert refused.value.code == code


def test_settings_are_checked_and_read_back_with_defaults_for_what_is_missing() -> None:
    settings = NightSettings(rounds=4, fill="bye", level="hard")
    assert NightSettings.from_json(settings.to_json()) == settings
    assert NightSettings.from_json({"rounds": 5}) == NightSettings(rounds=5)
    with pytest.raises(NightPlanError) as refused:
        NightSettings(rounds=11)
    assert refused.value.code == "rounds_range"
    with pytest.raises(NightPlanError):
        NightSettings(minutes=5)
