"""The end of a match: leftover sticks, ranks with tie rules, uma and oka."""

from __future__ import annotations

from dataclasses import dataclass

from .profile import RuleProfile


@dataclass(frozen=True)
class Standings:
    scores: tuple[int, int, int, int]  # final raw points, leftover sticks paid
    ranks: tuple[int, int, int, int]  # 1..4 per seat (tied seats share a rank under "split")
    points: tuple[float, float, float, float]  # (score - return) / 1000 + uma (+ oka), per seat


def final_standings(profile: RuleProfile, scores: list[int], sticks: int, first_dealer: int) -> Standings:
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
    points = [(final[s] - g.return_points + value[s]) / 1000 for s in range(4)]
    return Standings(
        (final[0], final[1], final[2], final[3]),
        (ranks[0], ranks[1], ranks[2], ranks[3]),
        (points[0], points[1], points[2], points[3]),
    )
