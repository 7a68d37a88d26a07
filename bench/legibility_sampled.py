"""Pictures of positions sampled from seeded self-play, for bench/bench_legibility.py: the whole
course of real games, not only the busiest positions chosen by hand.

For each registered game, and Speed (Spit's variant), :data:`SEEDS` games of two scripted people
and AI seats up to four (tests/tables/scripted.py), the second person leaving :data:`LEAVES_AT`
virtual seconds in (their seat then plays as "AI for <name>"), kept as the bot keeps them. Each
is rebuilt through its replay (tables/replays.py) in the language asked and with the long names
put in the seats, and at :data:`SAMPLES` steps spread over the game gives: the table message's
picture, each person's panel picture, and at the end the results card's picture and the
replay's shared animation (every frame halved).

The pictures are taken as the cogs make them (the game's ``GameKind``: its table picture, its
panel drawing, its results drawing), with the painter's drawing captured, not run in a worker,
so the bench can draw them again while it records what is drawn.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any
from unittest import mock

from cogs.kinds import GameKind
from cogs.message_parts import names_of
from cogs.painter import PAINTER
from cogs.panels import panel_request
from cogs.table_messages import results_draft
from data import KeptGame, Store
from engine.games import game_of
from engine.games import names as game_names
from locales import Catalog
from render.animation import animate, frame
from render.legibility import INLINE, SampledPicture, Shown
from tables.registry import TableRegistry
from tables.replays import Replay
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import finished_game, kind_of
from words.replays import spread

SEEDS = (5, 6)
SAMPLES = 10
"""Steps drawn per game (spread from the first to the last)."""
LEAVES_AT = 150.0
"""When the second person leaves, in virtual seconds: most games are under way by then."""
PEOPLE = 2
"""The seats of people (the first ones): the others are AI seats."""
LOCALES = {"en": "en-US", "es": "es-ES"}

VARIANTS: dict[str, tuple[str, dict[str, str]]] = {
    **{game: (game, {}) for game in game_names()},
    "speed": ("spit", {"variant": "speed", "target": "20"}),
}
"""Each picture family sampled: the registered game it is played as, and the lobby's options."""

PICTURES: tuple[SampledPicture, ...] = ("table", "panel", "results", "replay")
"""What is sampled of each family: ``<family>.sampled.<picture>``."""

PANEL_TABLE_ID = "0" * 10
"""A replay's table named as a live table is, so that its panel's buttons can be made."""

Render = Callable[[], bytes]


@dataclass(frozen=True, slots=True)
class Halved:
    """A picture shown at half the size it is drawn (a replay's animation)."""

    render: Render


@dataclass(frozen=True, slots=True)
class Played:
    """The kept games of one picture family."""

    family: str
    kind: GameKind[Any]
    games: tuple[tuple[KeptGame, Store], ...]


def shown(name: str) -> Shown:
    """How a phone shows the sampled picture ``<family>.sampled.<picture>``: as its game's render
    module declares (``SAMPLED_SHOWN``, render/legibility.py), or :data:`~render.legibility.INLINE`."""
    family, _, picture = name.split(".")
    module = import_module(game_of(VARIANTS[family][0]).module("render"))
    declared: dict[str, Shown] = getattr(module, "SAMPLED_SHOWN", {})
    return declared.get(picture, INLINE)


async def played(folder: Path, seeds: Sequence[int], families: Sequence[str]) -> list[Played]:
    """The games of ``seeds`` of each of ``families``, kept in temporary stores (left open:
    :func:`close`)."""
    result = []
    for family in families:
        game, options = VARIANTS[family]
        kept = [await finished_game(game, seed, folder, LEAVES_AT, options) for seed in seeds]
        result.append(Played(family, kind_of(game), tuple(kept)))
    return result


async def close(games: Sequence[Played]) -> None:
    for family in games:
        for _, store in family.games:
            await store.close()


def _named(kept: KeptGame, names: Sequence[str]) -> KeptGame:
    """``kept`` with its seats named ``names`` (in seat order)."""
    state = dict(kept.log.state)
    lobby = dict(state["lobby"])
    lobby["seats"] = [{**seat, "name": names[index]} for index, seat in enumerate(lobby["seats"])]
    state["lobby"] = lobby
    return replace(kept, log=replace(kept.log, state=state))


@contextmanager
def captured() -> Iterator[list[Render]]:
    """The pictures the cogs send to the painter while inside, as renders to draw again (each is
    also drawn at once, in this process, as the caller waits for it)."""
    drawings: list[Render] = []

    async def draw(picture: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        drawings.append(partial(picture, *args, **kwargs))
        return picture(*args, **kwargs)

    with mock.patch.object(PAINTER, "draw", draw):
        yield drawings


async def _drawn(make: Awaitable[Any]) -> list[Render]:
    with captured() as drawings:
        await make
    return drawings


Sample = tuple[tuple[str, ...], Sequence[Render | Halved]]
"""Pictures, and the seats' names as they show them (names are shortened to fit by design)."""


async def pictures(
    family: Played, messages: Catalog, language: str, names: Sequence[str]
) -> dict[str, list[Sample]]:
    """The sampled pictures of one family in ``language`` with ``names``, by picture:
    ``<family>.sampled.table``, ``.panel``, ``.results`` and ``.replay``."""
    kind, locale = family.kind, LOCALES[language]
    found: dict[str, list[Sample]] = {f"{family.family}.sampled.{picture}": [] for picture in PICTURES}
    shown: set[str] = set()

    def add(picture: str, renders: Sequence[Render | Halved]) -> None:
        found[f"{family.family}.sampled.{picture}"].append((tuple(shown), renders))

    for kept, store in family.games:
        replay = Replay(
            TableRegistry(store, ManualClock()), kind.table_class, _named(kept, names), "—", locale
        )
        steps = spread(len(replay), SAMPLES)
        frames = []
        for step, table in zip(steps, replay.tables(steps), strict=True):
            table.table_id = PANEL_TABLE_ID
            shown.update(names_of(messages, table, locale))
            picture = kind.picture(messages, table)
            add("table", [partial(picture.render, *picture.args)])
            frames.append(frame(picture.render, picture.args))
            if step == steps[-1]:
                add("results", await _drawn(results_draft(messages, kind, table, kind.controls(table))))
                continue
            for seat in range(PEOPLE):
                request = panel_request(messages, kind, table, seat, locale)
                add("panel", await _drawn(kind.panel.draw(request)))
        add("replay", [Halved(partial(animate, tuple(frames)))])
    return found


def sampled(
    messages: Catalog,
    languages: Sequence[str],
    name_sets: Sequence[Sequence[str]],
    seeds: Sequence[int] = SEEDS,
    families: Sequence[str] = tuple(VARIANTS),
) -> dict[str, dict[str, list[Sample]]]:
    """The sampled pictures of ``families`` from games of ``seeds``, by picture name, then by
    language (with every set of names)."""

    async def everything() -> dict[str, dict[str, list[Sample]]]:
        result: dict[str, dict[str, list[Sample]]] = {}
        with tempfile.TemporaryDirectory() as folder:
            games = await played(Path(folder), seeds, families)
            try:
                for family in games:
                    for language in languages:
                        for names in name_sets:
                            found = await pictures(family, messages, language, names)
                            for name, renders in found.items():
                                result.setdefault(name, {}).setdefault(language, []).extend(renders)
            finally:
                await close(games)
        return result

    return asyncio.run(everything())
