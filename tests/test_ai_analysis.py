"""AI analysis: acceptance against brute force, and the danger ordering on constructed rivers."""

from __future__ import annotations

import random

import pytest

from game.ai import analysis as an
from game.engine.shanten import shanten, ukeire
from game.engine.tiles import parse_kind


def _random_hand(rng: random.Random, size: int) -> list[int]:
    tiles = rng.sample(range(136), size)
    return an.hand_counts(tiles)


def _brute_accept(counts: list[int], sets: int, specials: tuple[bool, bool], unseen: list[int]) -> tuple[list[int], int]:
    """Every kind tried, one by one: which draws lower shanten, and how many unseen copies."""
    base = shanten(counts, sets, *specials)
    kinds, total = [], 0
    for k in range(34):
        if counts[k] >= 4 or unseen[k] == 0:
            continue
        counts[k] += 1
        if shanten(counts, sets, *specials) < base:
            kinds.append(k)
            total += unseen[k]
        counts[k] -= 1
    return kinds, total


@pytest.mark.parametrize(("size", "sets", "specials"), [(13, 4, (True, True)), (13, 4, (False, False)), (16, 5, (False, False)), (10, 3, (False, False))])
def test_acceptance_matches_brute_force(size: int, sets: int, specials: tuple[bool, bool]) -> None:
    rng = random.Random(f"accept/{size}/{specials}")
    for _ in range(300):
        counts = _random_hand(rng, size)
        seen = _random_hand(rng, 0)
        # some tiles are visible on the table: random discards
        for k in rng.sample(range(34), 8):
            seen[k] = min(4 - counts[k], rng.randint(0, 2))
        unseen = [4 - counts[k] - seen[k] for k in range(34)]
        shape = an.shape_of(counts, sets, specials, unseen)
        kinds, total = _brute_accept(counts, sets, specials, unseen)
        assert shape.shanten == shanten(counts, sets, *specials)
        assert list(shape.kinds) == kinds
        assert shape.accept == total
        # and the engine's ukeire agrees when nothing is visible but the hand
        eng_kinds, _ = ukeire(counts, sets, None, *specials)
        all_unseen = [4 - c for c in counts]
        assert list(an.shape_of(counts, sets, specials, all_unseen).kinds) == [k for k in eng_kinds if all_unseen[k] > 0]


def _k(text: str) -> int:
    return parse_kind(text)


def test_danger_orders_genbutsu_suji_and_middle_tiles() -> None:
    unseen = [3] * 34
    safe = frozenset({_k("4p"), _k("5z")})
    d = {name: an.kind_danger(_k(name), safe, unseen) for name in ("4p", "1p", "7p", "5p", "2p", "9m", "5m", "6z")}
    assert d["4p"] == 0.0  # genbutsu
    assert d["1p"] < d["2p"]  # 1p is suji of 4p
    assert d["7p"] < d["5m"]  # 7p is suji of 4p; 5m is a middle non-suji tile
    assert d["9m"] < d["5m"]  # terminals are safer than middle tiles
    assert d["5p"] == d["5m"]  # 4p says nothing about 5p's two-sided waits (2-5p and 5-8p)
    half = an.kind_danger(_k("5p"), safe | {_k("8p")}, unseen)
    assert 0 < half < d["5p"]  # half-suji: 8p rules out the 6-7p shape only
    assert an.is_suji(_k("1p"), safe) and an.is_suji(_k("7p"), safe)
    assert not an.is_suji(_k("5p"), safe)


def test_kabe_and_one_chance_lower_danger() -> None:
    unseen = [3] * 34
    kind = _k("3s")
    base = an.kind_danger(kind, frozenset(), unseen)
    wall = list(unseen)
    wall[_k("4s")] = 0  # all four 4s visible: no 4-5 shape, no 2-4 kanchan
    assert an.kind_danger(kind, frozenset(), wall) < base
    one = list(unseen)
    one[_k("4s")] = 1
    assert an.kind_danger(kind, frozenset(), wall) < an.kind_danger(kind, frozenset(), one) < base


def test_honour_danger_follows_visibility() -> None:
    east = _k("1z")
    values = []
    for u in (3, 2, 1, 0):
        unseen = [3] * 34
        unseen[east] = u
        values.append(an.kind_danger(east, frozenset(), unseen))
    assert values == sorted(values, reverse=True)
    assert values[-1] == 0.0


def test_points_for_han_grow() -> None:
    pts = [an.points_for_han(h, False) for h in range(1, 14)]
    assert pts == sorted(pts)
    assert an.points_for_han(3, True) == 1.5 * an.points_for_han(3, False)
