"""Which servers this bot process serves, when the bot runs as several processes.

Discord splits a bot's servers into shards, one gateway connection each, and sends a server's
events (its button presses and commands among them) to shard ``(server id >> 22) % shard
count`` only. A process that runs some of the shards therefore hears only their servers: it owns
their tables, resumes them after a restart, and leaves every other saved table to the process
that runs its shard. One of the processes, the one running shard 0, syncs the commands, which
belong to the application, not to a shard.
"""

from collections.abc import Sequence
from dataclasses import dataclass


def shard_of(guild_id: int, count: int) -> int:
    """The shard Discord sends ``guild_id``'s events to, out of ``count``."""
    return (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards this process runs: ``ids`` out of ``count``; both None when it runs all of
    them (one process, however many shards Discord recommends)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.ids is not None and (self.count is None or not self.ids):
            raise ValueError("shard ids need a shard count, and at least one id")
        if self.count is not None and self.count < 1:
            raise ValueError("the shard count is at least 1")
        if self.count is not None and any(not 0 <= shard < self.count for shard in self.ids or ()):
            raise ValueError(f"shard ids run from 0 to {self.count - 1}")

    @classmethod
    def of(cls, count: int | None, ids: Sequence[int] | None) -> "Shards":
        return cls(count, None if ids is None else tuple(sorted(set(ids))))

    def owns(self, guild_id: int) -> bool:
        """Whether this process hears ``guild_id``'s events, and so keeps its tables."""
        if self.count is None or self.ids is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    @property
    def label(self) -> str:
        """Which shards, as text: ``all``, or ``0,2/4`` (shards 0 and 2 of 4)."""
        if self.count is None or self.ids is None:
            return "all"
        return f"{','.join(map(str, self.ids))}/{self.count}"

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the application's commands (the one running shard 0)."""
        return self.ids is None or 0 in self.ids


ALL_SHARDS = Shards()
"""One process running every shard: the default."""
