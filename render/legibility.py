"""What a game declares so that its pictures are checked for a phone: each one at its busiest.

bench/bench_legibility.py (and tests/render/test_legibility.py with it) measures the smallest
text and mark of every picture the bot sends, scaled to a phone's width. Self-play seldom reaches
a picture's worst case (every line full, the widest numbers, every hint at once), so each game
chooses those positions by hand, in its own render module (``render/<game>.py``, or ``render``
in a game's ``home``): it ends with ``LEGIBILITY``, a :class:`Scene` for each picture it draws
(its table, its panel, its results; a variant recorded on its own, as Speed is Spit's, under its
own name). The bench finds them through the registry, so a new game brings its positions in its
own files; a registered game that declares none fails the bench.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P")
L = TypeVar("L")

Render = Callable[[], bytes]
"""One picture, ready to draw."""


@dataclass(frozen=True, slots=True)
class Scene(Generic[P, L]):
    """One picture at its busiest positions.

    ``positions`` makes them (``P``: the views to draw, whatever the picture needs); the bench
    makes them once a run and hands them to every scene that shares the function, because some
    are played by the game's AI (seconds) and the bench empties every ``render`` cache before
    each picture it measures. ``renders`` draws them in one language's words (``L``: the labels
    the game's words module gives, ``labels_for``) with ``names`` in the seats (more names than
    any game seats, each as long as Discord allows: a scene takes the first ones it needs).
    """

    name: str
    """``<game>.<picture>``, the game as its results are recorded: ``toppo.table``, ``speed.panel``."""
    positions: Callable[[], P]
    renders: Callable[[P, L, Sequence[str]], list[Render]]
