"""Game nights in the store (issue 45), on each driver: a night planned and changed, its people
joining, checking in and withdrawn, its tables seated, and each table's game counted once
however often it is counted, two missed games withdrawing their person."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from data import Night, NightScore, NightTable, Store
from tests.data.test_leagues import ANA, BEN, CAT, DAN, GAMES, GUILD

T0 = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)
PLAN = Night(0, GUILD, GAMES, "toppo", "rounds", {"rounds": 3, "fill": "ai"}, T0, "es-ES", planned_by=ANA)


async def test_a_night_is_planned_changed_and_listed_while_open(store: Store) -> None:
    night = await store.plan_night(PLAN, now=T0 - timedelta(days=2))
    assert night == replace(PLAN, id=night.id) and night.open
    changed = await store.change_night(night.id, state="running", round=1, event_id=9, card_id=10)
    assert changed is not None and (changed.state, changed.round, changed.event_id, changed.card_id) == (
        "running",
        1,
        9,
        10,
    )
    later = await store.change_night(night.id, starts_at=T0 + timedelta(hours=1), settings={"rounds": 4})
    assert (
        later is not None and later.starts_at == T0 + timedelta(hours=1) and later.settings == {"rounds": 4}
    )
    other = await store.plan_night(replace(PLAN, game="spit", starts_at=T0 - timedelta(hours=1)))
    assert [n.id for n in await store.open_nights()] == [other.id, night.id], "soonest first"
    await store.change_night(other.id, state="cancelled")
    assert [n.id for n in await store.open_nights()] == [night.id]
    with pytest.raises(ValueError, match="cannot change"):
        await store.change_night(night.id, game="spit")
    with pytest.raises(ValueError, match="format"):
        replace(PLAN, format="knockout")


async def test_people_join_check_in_leave_and_are_withdrawn(store: Store) -> None:
    night = await store.plan_night(PLAN)
    await store.join_night(night.id, ANA, "Ana", now=T0)
    await store.join_night(night.id, BEN, "Ben", now=T0 + timedelta(seconds=1))
    await store.join_night(night.id, CAT, "Cat", now=T0 + timedelta(seconds=2), checked_in=True)
    await store.mark_night_person(night.id, ANA, checked_in=True)
    await store.mark_night_person(night.id, BEN, withdrawn=True)
    people = await store.night_people(night.id)
    assert [(p.name, p.checked_in, p.withdrawn) for p in people] == [
        ("Ana", True, False),
        ("Ben", False, True),
        ("Cat", True, False),
    ]
    await store.join_night(night.id, BEN, "Benito", now=T0 + timedelta(hours=1))
    await store.leave_night(night.id, CAT)
    people = await store.night_people(night.id)
    assert [(p.name, p.withdrawn, p.joined_at) for p in people] == [
        ("Ana", False, T0),
        ("Benito", False, T0 + timedelta(seconds=1)),
    ]


async def test_a_tables_game_counts_once_and_two_missed_games_withdraw(store: Store) -> None:
    night = await store.plan_night(PLAN)
    for user, name in ((ANA, "Ana"), (BEN, "Ben"), (CAT, "Cat"), (DAN, "Dan")):
        await store.join_night(night.id, user, name, checked_in=True)
    first = NightTable("t1", 1, (ANA, BEN, None), T0)
    second = NightTable("t2", 1, (CAT, DAN), T0 + timedelta(seconds=1))
    await store.seat_night_table(night.id, first)
    await store.seat_night_table(night.id, second)
    scores = [NightScore(ANA, "t1", 1, 1, 2.0, won=True), NightScore(BEN, "t1", 1, 2, 1.0)]
    assert await store.count_night_table(night.id, "t1", scores, absent=[BEN])
    assert not await store.count_night_table(night.id, "t1", scores, absent=[BEN]), "counted once"
    assert not await store.count_night_table(night.id, "t9", scores), "not the night's table"
    assert await store.night_scores(night.id) == scores
    assert [t.counted for t in await store.night_tables(night.id)] == [True, False]
    third = NightTable("t3", 2, (BEN, CAT), T0 + timedelta(minutes=30))
    await store.seat_night_table(night.id, third)
    await store.count_night_table(night.id, "t3", [NightScore(CAT, "t3", 2, 1, 1.0, won=True)], absent=[BEN])
    ben = next(p for p in await store.night_people(night.id) if p.user_id == BEN)
    assert ben.absences == 2 and ben.withdrawn, "withdrawn after missing two games"
