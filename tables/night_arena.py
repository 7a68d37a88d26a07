"""A game night's arena (issue 45, as Lichess's): for a fixed time, whoever is not playing waits
in a pool and is seated again as soon as enough others wait; an AI takes a seat when nobody
comes; no new game starts in the last minutes. Points by place with a streak bonus are
:mod:`tables.night_points`'.

Pure, as :mod:`tables.night_seating` (whose sizes and search it uses): :func:`pair` is asked
what to start whenever the pool changes and every few seconds, with the time it is, and
answers the tables to start now; the night's cog starts them and takes their people out of
the pool. Its rule, in docs/rules.md's words too:

- The pool makes tables as a round would (:func:`~tables.night_seating.table_sizes`): as near
  the best size as can be, people near each other in the night's standings together, and
  nobody at a table with someone from their last table when another seating avoids it (the
  people who cannot make a table, the newest first, are chosen so it does).
- They start at once if the pool holds at least the best size of people. A smaller pool's
  table, and a table that would seat people from one last table together again, waits until
  someone at it has waited :attr:`ArenaSettings.short_after_s` (20 s): others may come
  meanwhile. Not longer: the first table of four to finish may have nobody to mix with for
  minutes, and a longer wait only makes everyone's longer.
- People who cannot make a table (alone, or one too many for Spit's pairs) get AI seats once
  one of them has waited :attr:`ArenaSettings.ai_after_s` (a minute).
- Nothing starts in the last :attr:`ArenaSettings.closing_s` (5 minutes) (:func:`closed`):
  a game started then would end after the night.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from tables.night_seating import Entrant, Seats, TableSizes, grouped, repeats, standing_order, table_sizes


@dataclass(frozen=True, slots=True)
class ArenaSettings:
    """An arena's sizes and times: when it ends, how long a short table (or a rematch) and an
    AI seat wait for people, and its closing window, all in seconds."""

    sizes: TableSizes
    ends_at: datetime
    short_after_s: float = 20.0
    ai_after_s: float = 60.0
    closing_s: float = 300.0

    def __post_init__(self) -> None:
        if not 0 <= self.short_after_s <= self.ai_after_s or self.closing_s < 0:
            raise ValueError(f"an arena waits 0 <= short_after_s <= ai_after_s and closes >= 0 s, not {self}")


@dataclass(frozen=True, slots=True)
class Waiting:
    """Someone in the pool: who they are (their rating and night points place them), since
    when they wait, and the people of their last table."""

    entrant: Entrant
    since: datetime
    last_table: frozenset[int] = frozenset()


def closed(now: datetime, settings: ArenaSettings) -> bool:
    """Whether the arena starts no more games: it is in its closing window, or over."""
    return now >= settings.ends_at - timedelta(seconds=settings.closing_s)


def pair(pool: Sequence[Waiting], now: datetime, settings: ArenaSettings) -> tuple[Seats, ...]:
    """The tables to start ``now`` from ``pool`` (withdrawn people left out), by the module's
    rule: each in the standings' order, an AI table last."""
    if closed(now, settings):
        return ()
    present = [waiting for waiting in pool if not waiting.entrant.withdrawn]
    waited = {waiting.entrant.user_id: (now - waiting.since).total_seconds() for waiting in present}
    met = {
        frozenset((waiting.entrant.user_id, other)): 1
        for waiting in present
        for other in waiting.last_table
        if other != waiting.entrant.user_id
    }
    order = [person.user_id for person in standing_order(waiting.entrant for waiting in present)]
    shape, left = table_sizes(len(order), settings.sizes)
    newest_first = [
        waiting.entrant.user_id
        for waiting in sorted(present, key=lambda one: (one.since, one.entrant.user_id), reverse=True)
    ]
    tried: list[tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]] = []
    for bench in itertools.combinations(newest_first, left):
        tables = grouped([person for person in order if person not in bench], shape, met)
        tried.append((repeats(tables, met), tables, bench))
        if tried[-1][0] == 0:
            break
    _, tables, bench = min(tried, key=lambda one: one[0])
    started: list[Seats] = [
        table
        for table in tables
        if max(waited[person] for person in table) >= settings.short_after_s
        or (len(order) >= settings.sizes.best and repeats([table], met) == 0)
    ]
    if bench and max(waited[person] for person in bench) >= settings.ai_after_s:
        started.append(settings.sizes.with_ai([person for person in order if person in bench]))
    return tuple(started)
