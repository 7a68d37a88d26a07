"""What the store's SQL runs on: one small interface that SQLite and PostgreSQL both implement.

The queries in :mod:`data.store`, :mod:`data.leagues`, :mod:`data.ratings` and
:mod:`data.standings` are written once, in the SQL both databases speak (``?`` placeholders,
RETURNING, ON CONFLICT, partial indexes), and run through a :class:`Connection`. What truly
differs is kept in the two implementations (:mod:`data.sqlite`, :mod:`data.postgresql`) and named
here: how placeholders are spelled on the wire, how a transaction starts, how writers that must
not interleave are kept apart (:meth:`Connection.serialise`), and which driver errors mean
"the database failed" (re-raised as :class:`data.errors.StoreError`).
"""

from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar


class Row(Protocol):
    """A result row as both drivers give it (``sqlite3.Row``, ``asyncpg.Record``): read by
    position (``row[0]``) or unpacked."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...


T = TypeVar("T")


class Connection(Protocol):
    """The queries of one transaction (or one read), with ``?`` placeholders."""

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row the query returns."""
        ...

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        """The first row the query returns, or None."""
        ...

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        """Run a statement for its effect."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        """Run a statement once per parameter row (none: nothing happens)."""
        ...

    async def serialise(self, key: str) -> None:
        """Until this transaction ends, make every other transaction that serialises on ``key``
        wait, in this process or another: for read-then-write work (ratings, league settings)
        that the data's constraints alone cannot keep from interleaving."""
        ...


Work: TypeAlias = Callable[[Connection], Awaitable[T]]


class Database(Protocol):
    """An open database, its schema up to date: where the store's transactions run."""

    name: str
    """How error messages name it: the SQLite file's path, or the URL without its password."""

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """One query, on its own (it sees one moment of the database)."""
        ...

    async def reading(self, work: Work[T]) -> T:
        """Run several queries that all see the same moment, even while others write."""
        ...

    async def writing(self, work: Work[T]) -> T:
        """Run ``work`` in one write transaction: all of it is stored or none. A caller
        cancelled meanwhile does not cut it short (a table torn down mid-save loses nothing)."""
        ...

    async def close(self) -> None:
        """Close once running work has finished, so none is cut short."""
        ...


def one_line(exc: BaseException) -> str:
    """A driver's error message on one line, as :class:`data.errors.StoreError` carries it."""
    return " ".join(str(exc).split()) or type(exc).__name__
