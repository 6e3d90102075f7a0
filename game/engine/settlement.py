"""The end of a match: leftover sticks, ranks with tie rules, uma and oka.

Knobs: ``game.start_points``, ``game.return_points``, ``game.uma``, ``game.oka_to_first``,
``game.tie_break``, ``game.final_rounding``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .profile import RuleProfile


@dataclass(frozen=True)
class Standings:
    scores: tuple[int, int, int, int]  # final raw points, leftover sticks paid
    ranks: tuple[int, int, int, int]  # 1..4 per seat (tied seats share a rank under "split")
    points: tuple[float, float, float, float]  # (score - return) / 1000 + uma (+ oka), per seat
    place_points: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # the uma (+ oka) in it, in thousands


def final_standings(
    profile: RuleProfile, scores: list[int], sticks: int, first_dealer: int, *, penalties: Sequence[int] = (0, 0, 0, 0)
) -> Standings:
    """Placings and final points. ``penalties`` are points taken after uma (EMA chombo, RCR 2016
    3.4.6): they change a player's final points, not the placings."""
    g = profile.game
    final = list(scores)
    by_seat_order = sorted(range(4), key=lambda s: (-final[s], (s - first_dealer) % 4))
    top = [s for s in range(4) if final[s] == final[by_seat_order[0]]]
    if sticks:
        if g.tie_break == "split" and len(top) > 1:
            share, rest = divmod(sticks * 1000, len(top))
            for i, s in enumerate(sorted(top, key=lambda s: (s - first_dealer) % 4)):
                final[s] += share + (100 * (rest // 100) if i == 0 else 0)
        else:
            final[by_seat_order[0]] += sticks * 1000
    order = sorted(range(4), key=lambda s: (-final[s], (s - first_dealer) % 4))
    uma = [u * 1000 for u in g.uma]
    oka = (g.return_points - g.start_points) * 4 if g.oka_to_first else 0
    place_value = [uma[i] + (oka if i == 0 else 0) for i in range(4)]
    ranks = [0] * 4
    value = [0.0] * 4
    i = 0
    while i < 4:
        j = i
        if g.tie_break == "split":
            while j + 1 < 4 and final[order[j + 1]] == final[order[i]]:
                j += 1
        shared = sum(place_value[i : j + 1]) / (j - i + 1)
        for k in range(i, j + 1):
            s = order[k]
            ranks[s] = i + 1
            value[s] = shared
        i = j + 1
    points = [(final[s] - g.return_points + value[s] - penalties[s]) / 1000 for s in range(4)]
    if g.final_rounding == "whole_top_balance":
        points = _whole_points(points, order[0])
    return Standings(
        (final[0], final[1], final[2], final[3]),
        (ranks[0], ranks[1], ranks[2], ranks[3]),
        (points[0], points[1], points[2], points[3]),
        (value[0] / 1000, value[1] / 1000, value[2] / 1000, value[3] / 1000),
    )


def _whole_points(points: list[float], top: int) -> list[float]:
    """Whole points, halves rounded up, the top player taking what rounding left over so the
    total is kept (T-KOBA script.json; Tenhou shows whole points)."""
    total = round(sum(points))
    out = [float(math.floor(p + 0.5)) for p in points]
    out[top] = float(total - sum(out[s] for s in range(4) if s != top))
    return out


STICK_VALUES = (10000, 5000, 1000, 100)
_STICK_LIMITS = {5000: 2, 1000: 4, 100: 10}


def point_sticks(points: int) -> dict[int, int]:
    """How a score is laid out in point sticks, the way the table starts (Seed-RU: 25,000 =
    1 x 10,000 + 2 x 5,000 + 4 x 1,000 + 10 x 100): small sticks first, up to the usual count of
    each, the rest in larger ones. A negative score shows no sticks (the debt is shown apart)."""
    rest = max(points, 0)
    out: dict[int, int] = {}
    for small, big in ((100, 1000), (1000, 5000), (5000, 10000)):
        n = (rest % big) // small
        step = big // small
        while (n + step) * small <= rest and n + step <= _STICK_LIMITS[small]:
            n += step
        out[small] = n
        rest -= n * small
    out[10000] = rest // 10000
    return {v: out[v] for v in STICK_VALUES}
