"""The games the bot plays: one registration line each.

Everything that lists the games reads this registry instead of naming them: the store's check
of a record's game, league and stats choices, turn timers, ``/about``, ``/rules``, the cogs
installed at start-up, the self-play runner, the tests and the benches. A game registered here is
found by convention in the modules named for it (``engine/<name>/``, ``tables/<name>.py``,
``cogs/<name>.py``, ``locales/<lang>/<name>.toml``), as docs/architecture.md's checklist says.

The registry is read through functions, never copied into constants at import, because the
tests add a game of their own (``tests/fixture_game/``) with :func:`register` before the bot's
modules are imported: a game nobody tuned the shared pieces for. Nothing in the bot calls it.
"""

from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True, slots=True)
class Measure:
    """What a league's standings add up per player, which end is best, and whether it is an
    amount of money (written as money in standings and statistics)."""

    column: Literal["score", "won"]
    lowest_first: bool = False
    money: bool = False


@dataclass(frozen=True, slots=True)
class Registered:
    """One game as the bot offers it.

    ``name`` is its slash command, catalogue section and module name; ``recorded_as`` lists every
    name its results are stored under (a variant with its own standings, as Speed is Spit's),
    all measured by ``measure`` as docs/rules.md scores the game. A ``turn_based`` game has turn
    timers, so a league may set its turn time. ``home`` is the package of a game kept outside the
    project's layers (the tests' fixture game), holding ``engine``, ``cogs`` and ``locales``.
    """

    name: str
    measure: Measure
    turn_based: bool = False
    variants: tuple[str, ...] = ()
    home: str | None = None

    @property
    def recorded_as(self) -> tuple[str, ...]:
        return (self.name, *self.variants)

    def module(self, layer: Literal["engine", "words", "render", "tables", "cogs"]) -> str:
        """The game's module in ``layer``: ``cogs.toppo``, or ``<home>.cogs`` for a game kept
        outside the project's layers."""
        return f"{layer}.{self.name}" if self.home is None else f"{self.home}.{layer}"


GAMES: Final = (
    Registered("toppo", Measure("score", lowest_first=True)),  # penalty points
    Registered("assets", Measure("score", money=True), turn_based=True),
    Registered("spit", Measure("won"), variants=("speed",)),  # matches won
    Registered("topoum", Measure("score"), turn_based=True),  # badges
)
"""The bot's games, in the order it lists them."""

_registered: list[Registered] = list(GAMES)


def register(game: Registered) -> None:
    """Offer ``game`` beside :data:`GAMES` in this process: for the tests' fixture game only,
    before the bot's modules are imported (they read the registry when imported)."""
    if any(set(game.recorded_as) & set(known.recorded_as) for known in _registered):
        raise ValueError(f"a game named {game.name!r} (or one of its variants) is registered already")
    _registered.append(game)


def registered() -> tuple[Registered, ...]:
    """Every game this process plays, in the order the bot lists them."""
    return tuple(_registered)


def names() -> tuple[str, ...]:
    """Each game's command name."""
    return tuple(game.name for game in _registered)


def recorded() -> tuple[str, ...]:
    """Every name a result, a league or a saved table may carry."""
    return tuple(name for game in _registered for name in game.recorded_as)


def game_of(name: str) -> Registered:
    """The game a result name belongs to (``speed`` is Spit's); ``KeyError`` if none does."""
    for game in _registered:
        if name in game.recorded_as:
            return game
    raise KeyError(name)


def measure(name: str) -> Measure:
    """How a result name's standings are measured."""
    return game_of(name).measure


def turn_based(name: str) -> bool:
    """Whether a result name's game is played turn by turn (so it has turn timers)."""
    return game_of(name).turn_based
