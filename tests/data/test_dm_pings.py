"""Direct-message pings in the store (issue 46, migration 0019), on each driver: off for every
member so far, on when asked, off once a message was refused until asked again."""

from data import Store


async def test_a_member_is_told_by_dm_only_when_asked_and_not_after_a_refusal(store: Store) -> None:
    await store.set_pings(7, True, 60)  # a member's settings from before 0019
    assert not await store.dm_pings(7) and not await store.dm_pings(8)
    await store.set_dm_pings(7, True)
    assert await store.dm_pings(7)
    assert await store.ping_settings(7) == (True, 60), "the other settings kept"
    await store.dm_refused(7)
    assert not await store.dm_pings(7), "refused once: not tried again"
    await store.set_dm_pings(7, True)
    assert await store.dm_pings(7), "asked again: tried again"
    await store.set_dm_pings(7, False)
    assert not await store.dm_pings(7)
