"""The games the bot plays: one registration line each.

Everything that lists the games reads this tuple instead of naming them: the store's check of a
record's game, league and stats choices, turn timers, ``/about``, ``/rules``, the cogs loaded at
start-up and the self-play runner. A game registered here is found by convention in the modules
named for it (``engine/<name>/selfplay.py``, ``cogs/<name>.py``, ``locales/<lang>/<name>.toml``),
as docs/architecture.md's checklist for a fifth game says.
"""

from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True, slots=True)
class Measure:
    """What a league's standings add up per player, and which end is best."""

    column: Literal["score", "won"]
    lowest_first: bool = False


@dataclass(frozen=True, slots=True)
class Registered:
    """One game as the bot offers it.

    ``name`` is its slash command, catalogue section and module name; ``recorded_as`` lists every
    name its results are stored under (a variant with its own standings, as Speed is Spit's),
    all measured by ``measure`` as RULES.md scores the game. A ``turn_based`` game has turn timers,
    so a league may set its turn time.
    """

    name: str
    measure: Measure
    turn_based: bool = False
    variants: tuple[str, ...] = ()

    @property
    def recorded_as(self) -> tuple[str, ...]:
        return (self.name, *self.variants)


GAMES: Final = (
    Registered("toppo", Measure("score", lowest_first=True)),  # penalty points
    Registered("assets", Measure("score"), turn_based=True),  # money
    Registered("spit", Measure("won"), variants=("speed",)),  # matches won
    Registered("topoum", Measure("score"), turn_based=True),  # badges
)
"""The registry, in the order the bot lists the games."""

NAMES: Final[tuple[str, ...]] = tuple(game.name for game in GAMES)
"""Each game's command name."""

RECORDED: Final[tuple[str, ...]] = tuple(name for game in GAMES for name in game.recorded_as)
"""Every name a result, a league or a saved table may carry."""

MEASURES: Final[dict[str, Measure]] = {name: game.measure for game in GAMES for name in game.recorded_as}

TURN_BASED: Final[frozenset[str]] = frozenset(
    name for game in GAMES if game.turn_based for name in game.recorded_as
)
