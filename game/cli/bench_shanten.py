"""Shanten and waits timings for ``python -m game bench`` (the command lives in ``bench.py``).

Each call is timed on its own with ``time.perf_counter_ns`` over random hands built before the
clock starts, so the median and the 99th percentile are per call (timer overhead included).
The ``mahjong`` library's shanten is timed on the same hands in the same run: on a busy machine
every figure grows, and the ratio between them is what stays comparable.

Shanten and the library are timed in ``ROUNDS`` alternating rounds. As ``timeit`` advises, the
headline figure is the fastest round's (on a shared machine other work only ever adds time: the
virtual machine here swings by half between minutes); the median over all rounds is printed
beside it, and the speed ratio is taken round by round, each pair under the same conditions.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.shanten import shanten, waits
from game.engine.tiles import counts_of

_WALL = [kind for kind in range(34) for _ in range(4)]
ROUNDS = 5  # alternating rounds of our shanten and the library's


def random_hands(n: int, seed: int, size: int = 14) -> list[list[int]]:
    """``n`` count vectors of ``size`` tiles drawn from the 136-tile set."""
    rng = random.Random(seed)
    return [counts_of(rng.sample(_WALL, size)) for _ in range(n)]


def _per_call_us(fn: Callable[[Any], object], hands: Sequence[Sequence[int]]) -> list[float]:
    clock = time.perf_counter_ns
    out = []
    for hand in hands:
        start = clock()
        fn(hand)
        out.append((clock() - start) / 1000)
    out.sort()
    return out


def _p99(sorted_us: list[float]) -> float:
    return sorted_us[min(len(sorted_us) - 1, int(len(sorted_us) * 0.99))]


def bench_shanten(n: int, seed: int) -> dict[str, float]:
    """Median and p99 microseconds per call for shanten (uncached and through a full-hand
    cache), waits on 13-tile hands, and the ``mahjong`` library's shanten; and what the timer
    alone adds to each figure (a call that does nothing, timed the same way)."""
    from mahjong.shanten import Shanten

    lists = random_hands(n, seed)
    # our functions get the counts as the engine holds them (``Player.kind_counts``, a
    # bytearray); the library gets the lists its API takes; shanten on lists is timed as well
    hands = [bytearray(h) for h in lists]
    hands13 = [bytearray(h) for h in random_hands(n, seed + 1, 13)]
    lib_hands = lists[: max(1, min(n, 400))]  # the library is slow: a sample is enough
    _per_call_us(shanten, hands[: min(n, 200)])  # warm the interpreter's caches, not ours
    ours: list[list[float]] = []
    from_lists: list[list[float]] = []
    lib: list[list[float]] = []
    for _ in range(ROUNDS):
        ours.append(_per_call_us(shanten, hands))
        from_lists.append(_per_call_us(shanten, lists))
        lib.append(_per_call_us(Shanten.calculate_shanten, lib_hands))
    fastest = min(ours, key=statistics.median)

    memo: dict[bytes, int] = {}

    def cached(hand: bytearray) -> int:
        key = bytes(hand)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = shanten(hand)
        return hit

    for hand in hands:
        cached(hand)
    cached_us = _per_call_us(cached, hands)
    waits_us = _per_call_us(waits, hands13)
    timer_us = _per_call_us(_nothing, hands)
    return {
        "shanten_us_median": statistics.median(fastest),
        "shanten_us_p99": _p99(fastest),
        "shanten_us_median_all_rounds": statistics.median([x for r in ours for x in r]),
        "shanten_from_lists_us_median": min(statistics.median(r) for r in from_lists),
        "shanten_cached_us_median": statistics.median(cached_us),
        "waits_us_median": statistics.median(waits_us),
        "waits_us_p99": _p99(waits_us),
        "mahjong_lib_us_median": min(statistics.median(r) for r in lib),
        "mahjong_lib_us_median_all_rounds": statistics.median([x for r in lib for x in r]),
        "lib_over_shanten": statistics.median(
            statistics.median(b) / statistics.median(a) for a, b in zip(ours, lib, strict=True)
        ),
        "timer_overhead_us_median": statistics.median(timer_us),
    }


def _nothing(hand: bytearray) -> None:
    return None
