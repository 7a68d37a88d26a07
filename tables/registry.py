"""The running tables of the whole bot, one per channel.

The registry is what ``bot.py`` builds once and hands to the cogs: a command asks it for the
channel's table, ``/about`` counts them, and a shutdown saves every one so nothing is lost on a
restart. Each game's table class (built by the game issues) satisfies :class:`Table`.
"""

from typing import Protocol

from data import SavedTable, Store


class Table(Protocol):
    """What the registry needs of a running table: where it is and how to save it."""

    @property
    def channel_id(self) -> int: ...

    def snapshot(self) -> SavedTable:
        """The table as it must be saved to resume after a restart."""
        ...


class ChannelTaken(Exception):
    """A channel already has a table: one table per channel keeps every button unambiguous."""


class TableRegistry:
    """Tables by channel id, saved through the store."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._tables: dict[int, Table] = {}

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, channel_id: int) -> Table | None:
        return self._tables.get(channel_id)

    def add(self, table: Table) -> None:
        if table.channel_id in self._tables:
            raise ChannelTaken(table.channel_id)
        self._tables[table.channel_id] = table

    def remove(self, channel_id: int) -> None:
        self._tables.pop(channel_id, None)

    async def save_all(self) -> None:
        """Save every running table, as the last step before the bot stops."""
        for table in self._tables.values():
            await self._store.save_table(table.snapshot())
