"""Which servers a process of a sharded bot owns (tables/shards.py)."""

import itertools

import pytest

from tables.shards import Shards, shard_of

GUILDS = [1575094951040122882 + n * 4_194_304 for n in range(12)]
"""Server ids one shard-step apart: ``id >> 22`` counts up by one."""


def test_a_server_belongs_to_the_shard_discord_sends_its_events_to() -> None:
    shards = [shard_of(guild, 4) for guild in GUILDS]
    assert all(after == (before + 1) % 4 for before, after in itertools.pairwise(shards))
    assert {shard_of(guild, 4) for guild in GUILDS} == {0, 1, 2, 3}
    assert shard_of(GUILDS[0], 1) == 0


def test_two_processes_own_every_server_once() -> None:
    first, second = Shards.of(4, [0, 1]), Shards.of(4, [3, 2])
    assert all(first.owns(guild) != second.owns(guild) for guild in GUILDS)
    assert sum(first.owns(guild) for guild in GUILDS) == 6
    assert first.syncs_commands and not second.syncs_commands
    assert (first.label, second.label) == ("0,1/4", "2,3/4"), "each marks its own time alive"


def test_one_process_owns_everything_and_syncs() -> None:
    alone = Shards()
    assert all(alone.owns(guild) for guild in GUILDS) and alone.syncs_commands
    assert alone.label == Shards.of(4, None).label == "all"
    assert Shards.of(4, None).owns(GUILDS[3])


@pytest.mark.parametrize(("count", "ids"), [(None, [0]), (4, []), (4, [4]), (0, None), (2, [-1])])
def test_impossible_shards_are_refused(count: int | None, ids: list[int] | None) -> None:
    with pytest.raises(ValueError, match="shard"):
        Shards.of(count, ids)
