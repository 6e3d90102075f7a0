"""The felt under the menus and the table: a radial gradient painted small and scaled smooth.

Why small: the gradient is soft, so a few thousand pixels hold all of it and ``smoothscale``
(C) spreads it over the window. The small picture is computed a row at a time with ``map`` over
C functions and written as bytes, rather than pixel by pixel through ``set_at`` (which cost some
20-50 ms of every start); the callers keep the result per window size.
"""

from __future__ import annotations

import math
import operator
from itertools import repeat

import pygame

from game.ui.game_window import converted


def radial(size: tuple[int, int], small: tuple[int, int], centre: tuple[int, int, int],
           edge: tuple[int, int, int], middle: tuple[float, float], reach: tuple[float, float],
           power: float) -> pygame.Surface:
    """A ``size`` surface shading from ``centre`` to ``edge`` over a ``small`` grid: at grid
    point (x, y) the weight is ``min(1, hypot((x - mx) / rx, (y - my) / ry)) ** power`` and each
    channel ``round(centre + (edge - centre) * weight)``."""
    w, h = small
    (mx, my), (rx, ry) = middle, reach
    across = [((x - mx) / rx) ** 2 for x in range(w)]
    weights: list[float] = []
    for y in range(h):
        down = ((y - my) / ry) ** 2
        reached = map(min, repeat(1.0), map(math.sqrt, map(operator.add, across, repeat(down))))
        weights.extend(map(pow, reached, repeat(power)))
    data = bytearray(3 * len(weights))
    for channel, (c, e) in enumerate(zip(centre, edge, strict=True)):
        data[channel::3] = bytes(map(round, map(operator.add, repeat(float(c)),
                                                map(operator.mul, repeat(float(e - c)), weights))))
    picture = pygame.image.frombytes(bytes(data), small, "RGB")
    picture = converted(picture, alpha=False)  # the display's format: scaled quicker, and blitted every frame
    return pygame.transform.smoothscale(picture, size)
