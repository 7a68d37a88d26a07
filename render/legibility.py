"""What a game declares so that its pictures are checked for a phone: each one at its busiest,
and how big a phone shows it.

bench/bench_legibility.py (and tests/render/test_legibility.py with it) measures the smallest
text and mark of every picture the bot sends, scaled to the size a phone shows it at
(:class:`Shown`; docs/architecture.md, "Pictures on a phone", says where the sizes come from).
Self-play seldom reaches a picture's worst case (every line full, the widest numbers, every hint
at once), so each game chooses those positions by hand, in its own render module
(``render/<game>.py``, or ``render`` in a game's ``home``): it ends with ``LEGIBILITY``, a
:class:`Scene` for each picture it draws (its table, its panel, its results; a variant recorded
on its own, as Speed is Spit's, under its own name). The bench finds them through the registry,
so a new game brings its positions in its own files; a registered game that declares none fails
the bench. A picture read :data:`OPENED` says so in its scene, and the render module names the
pictures the bench samples from whole games that are read so too, as ``SAMPLED_SHOWN``
(``{"table": OPENED, "replay": OPENED}``: its table picture and the replay's animation of it).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Literal, TypeVar

P = TypeVar("P")
L = TypeVar("L")

Render = Callable[[], bytes]
"""One picture, ready to draw."""


@dataclass(frozen=True, slots=True)
class Shown:
    """The box a phone shows a picture in, in the bench's pixels (the width of the message's
    column is 450 of them): a wider picture is shown narrower, a taller one shorter, never
    enlarged."""

    width: int
    height: int

    def scale(self, size: tuple[int, int]) -> float:
        """The factor a picture of ``size`` is shown at."""
        return min(1.0, self.width / size[0], self.height / size[1])


INLINE: Final = Shown(450, 536)
"""In a message, as every picture is first seen. Discord's Android client lays a media gallery's
picture out at the column's width and at most 400 dp high, the column being 336 dp on the
widest common phones (412 dp, less the message's 76 dp of margins): a picture is shown shorter
once it is 1.19 times as high as wide, 536 of the bench's pixels."""
OPENED: Final = Shown(450, 921)
"""Opened with a tap, full screen: no wider than in the message (taken so, though the screen is
wider), as high as a 412 x 915 dp screen less Android's status and navigation bars (24 and 48
dp), 2.05 times the width. Only for a picture that cannot fit :data:`INLINE` and whose reason
docs/architecture.md gives."""

SampledPicture = Literal["table", "panel", "results", "replay"]
"""The pictures the bench samples from whole games (bench/legibility_sampled.py)."""


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
    shown: Shown = INLINE
    """How a player reads it: :data:`INLINE`, or :data:`OPENED` for a picture too tall for that."""
