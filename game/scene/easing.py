"""Easing curves: maps of normalised time ``t`` in [0, 1] to progress, pinned at both ends.

Every curve returns exactly 0.0 at ``t <= 0`` and exactly 1.0 at ``t >= 1``, whatever its formula
gives in floating point there, so a tween that ends lands on its target value to the last bit.
Curves that overshoot (``out_back``, ``out_elastic``) leave [0, 1] in between; ``out_bounce``
touches 1 several times, which is what a die landing on felt looks like.

The formulas are the usual Robert Penner ones (as in easings.net, cocos2d and Godot).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

Easing = Callable[[float], float]

_BACK: Final = 1.70158
_ELASTIC: Final = 2.0 * math.pi / 3.0


def _pinned(curve: Easing) -> Easing:
    """Wrap a curve so that its ends are exact (``1 - cos(pi/2)`` is not 1.0 in floats)."""

    def pinned(t: float) -> float:
        if t <= 0.0:
            return 0.0
        if t >= 1.0:
            return 1.0
        return curve(t)

    pinned.__name__ = curve.__name__
    pinned.__doc__ = curve.__doc__
    return pinned


def linear(t: float) -> float:
    """Constant speed."""
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


@_pinned
def in_quad(t: float) -> float:
    return t * t


@_pinned
def out_quad(t: float) -> float:
    return 1.0 - (1.0 - t) * (1.0 - t)


@_pinned
def in_out_quad(t: float) -> float:
    return 2.0 * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 2 / 2.0


@_pinned
def in_cubic(t: float) -> float:
    return t * t * t


@_pinned
def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


@_pinned
def in_out_cubic(t: float) -> float:
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


@_pinned
def in_sine(t: float) -> float:
    return 1.0 - math.cos(t * math.pi / 2.0)


@_pinned
def out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2.0)


@_pinned
def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1.0) / 2.0


@_pinned
def in_back(t: float) -> float:
    """Pulls back a little before going: a tile lifted before it is thrown."""
    return (_BACK + 1.0) * t * t * t - _BACK * t * t


@_pinned
def out_back(t: float) -> float:
    """Overshoots the target by about 10% and settles: a tile snapping into a meld."""
    u = t - 1.0
    return 1.0 + (_BACK + 1.0) * u * u * u + _BACK * u * u


@_pinned
def out_elastic(t: float) -> float:
    """A damped spring."""
    return math.pow(2.0, -10.0 * t) * math.sin((t * 10.0 - 0.75) * _ELASTIC) + 1.0


@_pinned
def out_bounce(t: float) -> float:
    """Falls and bounces three times, each lower: dice landing."""
    n, d = 7.5625, 2.75
    if t < 1.0 / d:
        return n * t * t
    if t < 2.0 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: Final[dict[str, Easing]] = {
    f.__name__: f
    for f in (
        linear,
        in_quad,
        out_quad,
        in_out_quad,
        in_cubic,
        out_cubic,
        in_out_cubic,
        in_sine,
        out_sine,
        in_out_sine,
        in_back,
        out_back,
        out_elastic,
        out_bounce,
    )
}
"""Every curve by name, for settings and level files that name an easing as a string."""

MONOTONIC: Final = frozenset(
    {"linear", "in_quad", "out_quad", "in_out_quad", "in_cubic", "out_cubic", "in_out_cubic",
     "in_sine", "out_sine", "in_out_sine"}
)
"""The curves that never go back: progress only grows with time."""


def easing(curve: Easing | str) -> Easing:
    """A curve given itself or by name (``KeyError`` names the known ones)."""
    if callable(curve):
        return curve
    try:
        return EASINGS[curve]
    except KeyError:
        raise KeyError(f"unknown easing {curve!r}; known: {', '.join(sorted(EASINGS))}") from None
