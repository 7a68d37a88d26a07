"""The schedule as stored (migration 0016), on each driver: entries kept one per kind and key,
read back soonest first with their payload, and an entry done deleted only if nothing took its
place meanwhile."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from data import Scheduled, Store

T0 = datetime(2026, 11, 30, 23, 0, tzinfo=UTC)
SEASON = Scheduled("season", "7", guild_id=1 << 40, due=T0 + timedelta(hours=1), payload={"every": "monthly"})
MOVE = Scheduled("move", "t1:0", guild_id=2 << 40, due=T0, players_clock=True)


async def test_entries_are_kept_one_per_kind_and_key_soonest_first(store: Store) -> None:
    await store.schedule(SEASON, MOVE)
    assert await store.scheduled() == [MOVE, SEASON]
    later = replace(MOVE, due=T0 + timedelta(days=1), payload={"bank": 3600})
    await store.schedule(later)
    assert await store.scheduled() == [SEASON, later], "the same kind and key is replaced"
    await store.unschedule("move", "t1:0")
    await store.unschedule("move", "t1:0")
    assert await store.scheduled() == [SEASON]


async def test_an_entry_done_is_forgotten_unless_its_next_took_its_place(store: Store) -> None:
    await store.schedule(SEASON)
    following = replace(SEASON, due=SEASON.due + timedelta(days=31))
    await store.schedule(following)
    await store.schedule_done(SEASON)
    assert await store.scheduled() == [following]
    await store.schedule_done(following)
    assert await store.scheduled() == []


def test_a_scheduled_time_is_a_moment() -> None:
    with pytest.raises(ValueError, match="time zone"):
        Scheduled("season", "7", guild_id=1, due=datetime(2026, 12, 1))
