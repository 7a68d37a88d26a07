"""How far apart two colours look, to everyone and under the common colour-vision deficiencies:
Machado, Oliveira and Fernandes (2009)'s simulations of protanopia, deuteranopia and tritanopia
(severity 1, in linear RGB), and the CIE76 distance in CIELAB (D65)."""

import colorsys
import math
from collections.abc import Sequence

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

SIMULATIONS: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(linear: Sequence[float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, value)) for value in linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: RGB, simulation: str | None = None) -> tuple[float, float, float]:
    """``colour`` in CIELAB, as a viewer with ``simulation``'s deficiency (None: none) sees it."""
    linear = [_linear(channel) for channel in colour]
    if simulation is not None:
        matrix = SIMULATIONS[simulation]
        linear = [sum(row[index] * linear[index] for index in range(3)) for row in matrix]
    return _lab(linear)


def distance(a: RGB, b: RGB, simulation: str | None = None) -> float:
    """The CIE76 distance between ``a`` and ``b`` as ``simulation``'s viewer sees them."""
    return math.dist(seen(a, simulation), seen(b, simulation))


def closest(colours: Sequence[RGB]) -> float:
    """The smallest distance between any two of ``colours``, to anyone and under every
    simulation."""
    return min(
        distance(a, b, simulation)
        for simulation in (None, *SIMULATIONS)
        for index, a in enumerate(colours)
        for b in colours[index + 1 :]
    )


def hue(colour: RGB) -> float:
    """``colour``'s hue in degrees (0 red, 30 orange, 60 yellow, 120 green, 240 blue)."""
    return 360 * colorsys.rgb_to_hls(*(channel / 255 for channel in colour))[0]
