"""Shanten, waits, complete hands and readings, checked against majiang-core's 40,000 hands, the
``mahjong`` library, and brute-force searches written here without the engine's tables."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import oracle_path
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from game.engine.shanten import (
    Arrangement,
    arrangements,
    discard_shanten,
    improving_draws,
    is_complete,
    playable_waits,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_normal,
    ukeire,
    waits,
)
from game.engine.tiles import counts_of, parse_kinds

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hand(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


# --- brute force, independent of the engine's tables -----------------------------------------


def brute_complete(counts: list[int], sets: int, pair: bool = True) -> bool:
    """Whether ``counts`` reads as ``sets`` sets plus (if ``pair``) one pair: plain backtracking
    on the lowest kind held, any number of copies allowed."""
    k = next((i for i, c in enumerate(counts) if c), None)
    if k is None:
        return sets == 0 and not pair
    found = False
    if pair and counts[k] >= 2:
        counts[k] -= 2
        found = brute_complete(counts, sets, False)
        counts[k] += 2
    if not found and sets and counts[k] >= 3:
        counts[k] -= 3
        found = brute_complete(counts, sets - 1, pair)
        counts[k] += 3
    if not found and sets and k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        found = brute_complete(counts, sets - 1, pair)
        for j in (k, k + 1, k + 2):
            counts[j] += 1
    return found


def brute_readings(counts: list[int], sets: int) -> set[tuple[int, tuple[tuple[str, int], ...]]]:
    """Every (pair, sorted sets) reading, by trying every pair kind and then every set order."""
    out: set[tuple[int, tuple[tuple[str, int], ...]]] = set()

    def sets_only(c: list[int], left: int, acc: list[tuple[str, int]], pair: int) -> None:
        k = next((i for i, x in enumerate(c) if x), None)
        if k is None:
            if left == 0:
                out.add((pair, tuple(sorted(acc))))
            return
        if c[k] >= 3:
            c[k] -= 3
            sets_only(c, left - 1, [*acc, ("pon", k)], pair)
            c[k] += 3
        if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
            for j in (k, k + 1, k + 2):
                c[j] -= 1
            sets_only(c, left - 1, [*acc, ("chi", k)], pair)
            for j in (k, k + 1, k + 2):
                c[j] += 1

    for p in range(34):
        if counts[p] >= 2:
            rest = list(counts)
            rest[p] -= 2
            sets_only(rest, sets, [], p)
    return out


def brute_shanten_at_most(counts: list[int], sets: int, limit: int, draws: range | list[int] = range(34)) -> bool:
    """Whether a ``3 * sets + 1`` hand is within ``limit`` shanten by the definition itself:
    ``limit`` rounds of (draw a kind with a copy left, discard) and then a winning draw, the
    draws taken from ``draws``."""
    for k in draws:
        if counts[k] >= 4:
            continue
        counts[k] += 1
        try:
            if limit == 0:
                if brute_complete(list(counts), sets):
                    return True
                continue
            for d in range(34):
                if counts[d]:
                    counts[d] -= 1
                    ok = brute_shanten_at_most(counts, sets, limit - 1, draws)
                    counts[d] += 1
                    if ok:
                        return True
        finally:
            counts[k] -= 1
    return False


# --- hands for the property tests -------------------------------------------------------------


def tiles_hand(size: int, kinds: int = 34) -> st.SearchStrategy[list[int]]:
    """``size`` distinct tile ids (so never a fifth copy) from the first ``kinds`` kinds."""
    return st.lists(st.integers(0, 4 * kinds - 1), min_size=size, max_size=size, unique=True).map(
        lambda ids: counts_of(t // 4 for t in ids)
    )


def crowded_hand(size: int) -> st.SearchStrategy[list[int]]:
    """Hands from only a few kinds, so that triplets and four of a kind are common."""

    @st.composite
    def build(draw: st.DrawFn) -> list[int]:
        kinds = draw(st.lists(st.integers(0, 33), min_size=(size + 3) // 4 + 1, max_size=8, unique=True))
        ids = [4 * k + c for k in kinds for c in range(4)]
        chosen = draw(st.lists(st.sampled_from(ids), min_size=size, max_size=size, unique=True))
        return counts_of(t // 4 for t in chosen)

    return build()


def any_hand(size: int) -> st.SearchStrategy[list[int]]:
    return st.one_of(tiles_hand(size), crowded_hand(size), tiles_hand(size, kinds=9))


@st.composite
def complete_hand(draw: st.DrawFn, sets: int, flush: bool = False) -> list[int]:
    """``sets`` random sets and a pair, within four copies of every kind."""
    top = 9 if flush else 34
    counts = [0] * 34
    for _ in range(100):
        if sum(counts) == 3 * sets:
            break
        shape = draw(st.sampled_from(["pon", "chi"]))
        k = draw(st.integers(0, top - 1))
        need = [k] * 3 if shape == "pon" else [k, k + 1, k + 2]
        if shape == "chi" and (k >= 27 or k % 9 > 6):
            continue
        if any(counts[j] + need.count(j) > 4 for j in need):
            continue
        for j in need:
            counts[j] += 1
    assume(sum(counts) == 3 * sets)
    pair = draw(st.sampled_from([k for k in range(top) if counts[k] <= 2]))
    counts[pair] += 2
    return counts


# --- the oracles ------------------------------------------------------------------------------


def _oracle_counts(tiles: list[str]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        rank = int(t[1]) or 5  # 0 is the red five
        counts["mpsz".index(t[0]) * 9 + rank - 1] += 1
    return counts


@pytest.mark.parametrize("part", [1, 2, 3, 4])
def test_majiang_core_xiangting(part: int) -> None:
    """All 10,000 hands of each file. ``x`` is [normal, kokushi, chiitoitsu] as the oracle README
    says (the rules reference's order is wrong): the first hand of xiangting_1 has five
    terminal/honour kinds and no such pair (kokushi 8) and one pair (chiitoitsu 5), x = [4, 8, 5]."""
    data = json.loads(oracle_path("majiang-core", f"xiangting_{part}.json").read_text(encoding="utf-8"))
    assert len(data) == 10_000
    wrong = []
    for entry in data:
        counts = _oracle_counts(entry["q"])
        got = [shanten_normal(counts), shanten_kokushi(counts), shanten_chiitoitsu(counts)]
        if got != entry["x"] or shanten(counts) != min(entry["x"]):
            wrong.append((entry, got))
    assert not wrong, f"{len(wrong)} hands differ, first: {wrong[:3]}"


@SETTINGS
@given(st.sampled_from([13, 14]).flatmap(any_hand))
def test_shanten_matches_the_mahjong_library(counts: list[int]) -> None:
    assert shanten_normal(counts) == Shanten.calculate_shanten_for_regular_hand(counts)
    assert shanten_chiitoitsu(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
    assert shanten_kokushi(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts)
    assert shanten(counts) == Shanten.calculate_shanten(counts)
    assert shanten(counts, chiitoitsu=False, kokushi=False) == Shanten.calculate_shanten(counts, False, False)


@SETTINGS
@given(st.sampled_from([1, 2, 4, 5, 7, 8, 10, 11]).flatmap(any_hand))
def test_shanten_with_melds_matches_the_mahjong_library(counts: list[int]) -> None:
    """Fewer concealed tiles: the library assumes the missing sets are melds."""
    assert shanten(counts, sum(counts) // 3) == Shanten.calculate_shanten_for_regular_hand(counts)


def test_four_copies_are_respected() -> None:
    # four sets and a lone East whose other three copies are in the hand: no fifth East to wait on
    assert shanten(hand("123m456m789m1111z")) == 1
    assert waits(hand("123m456m789m1111z")) == [27]
    assert playable_waits(hand("123m456m789m1111z")) == []
    assert shanten(hand("123m456m789m111z2z")) == 0
    # seven pairs needs distinct pairs
    assert shanten_chiitoitsu(hand("1111m22m33m44m55m66m")) == 1


# --- waits and complete hands -----------------------------------------------------------------


def _tenpai_candidates(sets: int, flush: bool = False) -> st.SearchStrategy[list[int]]:
    """A complete hand minus one tile: usually tenpai, sometimes on a kind held four times."""

    @st.composite
    def build(draw: st.DrawFn) -> list[int]:
        counts = draw(complete_hand(sets, flush))
        k = draw(st.sampled_from([i for i in range(34) if counts[i]]))
        counts[k] -= 1
        return counts

    return build()


@SETTINGS
@given(st.one_of(_tenpai_candidates(4), tiles_hand(13), crowded_hand(13)))
def test_waits_are_exactly_the_completing_kinds(counts: list[int]) -> None:
    got = waits(counts)
    for k in range(34):
        counts[k] += 1
        if counts[k] <= 4:
            assert is_complete(counts) == (k in got), k
            assert (Shanten.calculate_shanten(counts) == -1) == (k in got), k
        else:  # the library refuses a fifth copy: ask the brute force (normal form only)
            assert brute_complete(list(counts), 4) == (k in got), k
        counts[k] -= 1
    assert (shanten(counts) == 0) == bool(playable_waits(counts))


@SETTINGS
@given(
    st.integers(1, 5).flatmap(
        lambda n: st.tuples(st.just(n), st.one_of(_tenpai_candidates(n), _tenpai_candidates(n, flush=True)))
    ),
    st.booleans(),
)
@example((4, hand("1122m3344p5566s7z")), True)  # seven pairs
@example((4, hand("19m19p19s1234567z")), True)  # thirteen orphans, thirteen waits
@example((4, hand("1111m2m456p789s55z")), False)  # an edge wait beside four of a kind
def test_a_draw_completes_a_tenpai_hand_on_a_wait_and_else_keeps_it_tenpai(
    case: tuple[int, list[int]], specials: bool
) -> None:
    """The engine skips the shanten of a tenpai hand's draw on this: with the tile, shanten is
    -1 exactly for the waits and 0 for any other tile (discarding it is tenpai again)."""
    sets, counts = case
    specials = specials and sets == 4
    assume(shanten(counts, sets, specials, specials) == 0)
    got = waits(counts, sets, specials, specials)
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            assert shanten(counts, sets, specials, specials) == (-1 if k in got else 0), k
            counts[k] -= 1


@SETTINGS
@given(st.one_of(_tenpai_candidates(5), _tenpai_candidates(5, flush=True), tiles_hand(16), crowded_hand(16)))
def test_sixteen_tile_waits_agree_with_brute_force(counts: list[int]) -> None:
    got = waits(counts, 5, False, False)
    expected = [k for k in range(34) if brute_complete([c + (i == k) for i, c in enumerate(counts)], 5)]
    assert got == expected
    assert (shanten(counts, 5, False, False) == 0) == any(counts[k] < 4 for k in expected)


@SETTINGS
@given(st.integers(0, 5).flatmap(lambda n: st.tuples(st.just(n), complete_hand(n))))
def test_complete_hands_of_any_size(case: tuple[int, list[int]]) -> None:
    sets, counts = case
    assert is_complete(counts, sets, False, False)
    assert shanten(counts, sets, False, False) == -1
    assert brute_complete(list(counts), sets)


@SETTINGS
@given(
    st.one_of(complete_hand(5), complete_hand(5, flush=True)),
    st.integers(0, 33),
    st.integers(0, 33),
)
def test_seventeen_tile_hands_agree_with_brute_force(counts: list[int], out: int, into: int) -> None:
    """A complete 17-tile hand with one tile swapped for another: complete or not, as the
    brute force says; and tenpai-or-better exactly when the definition says so."""
    if counts[out] and counts[into] < 4:
        counts[out] -= 1
        counts[into] += 1
    assert is_complete(counts, 5, False, False) == brute_complete(list(counts), 5)
    sh = shanten(counts, 5, False, False)
    assert sh >= -1
    if sh == -1:
        return
    # a 17-tile hand is tenpai-or-better iff some discard leaves a hand one draw from winning
    one_away = False
    for d in range(34):
        if counts[d]:
            counts[d] -= 1
            one_away = one_away or brute_shanten_at_most(counts, 5, 0)
            counts[d] += 1
    assert (sh == 0) == one_away


@settings(max_examples=25, deadline=None)
@given(_tenpai_candidates(5, flush=True), st.integers(0, 8), st.integers(0, 8))
def test_one_shanten_flush_hands_by_definition(counts: list[int], out: int, into: int) -> None:
    """16-tile one-suit hands one swap away from tenpai: shanten <= 1 exactly when one round of
    draw and discard can reach tenpai (each kind's four copies respected)."""
    if counts[out] and counts[into] < 4:
        counts[out] -= 1
        counts[into] += 1
    sh = shanten(counts, 5, False, False)
    # only manzu are held, so any two unheld kinds outside manzu are alike and within two draws
    # can only make a pair: 1m..9m and East stand for every draw
    draws = [*range(9), 27]
    assert (sh <= 0) == brute_shanten_at_most(counts, 5, 0, draws)
    assert (sh <= 1) == brute_shanten_at_most(counts, 5, 1, draws)


def test_special_waits() -> None:
    assert waits(hand("19m19p19s1234567z")) == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert waits(hand("19m19p19s1234566z")) == [33]
    assert waits(hand("19m19p19s1234566z"), kokushi=False) == []
    assert waits(hand("1122m3344p5566s7z")) == [33]
    assert waits(hand("1122m3344p5566s7z"), chiitoitsu=False) == []
    assert waits(hand("1112345678999m")) == list(range(9))
    assert waits(hand("113355779m1234z")) == []
    assert is_complete(hand("1122m3344p5566s77z"))
    assert not is_complete(hand("1122m3344p5566s77z"), chiitoitsu=False)
    assert not is_complete(hand("1111m2233p4455s66z"))  # four of a kind is not two pairs


def test_sizes_are_checked() -> None:
    with pytest.raises(ValueError):
        waits(hand("123m456m789m11222z"))
    with pytest.raises(ValueError):
        is_complete(hand("123m456m789m112z"))
    with pytest.raises(ValueError):
        shanten([5] + [0] * 33)


# --- readings ---------------------------------------------------------------------------------


def test_arrangements_of_three_consecutive_pungs() -> None:
    found = arrangements(hand("111222333m456p77z"))
    assert found == [
        Arrangement(33, (("chi", 0), ("chi", 0), ("chi", 0), ("chi", 12))),
        Arrangement(33, (("chi", 12), ("pon", 0), ("pon", 1), ("pon", 2))),
    ]
    assert arrangements(hand("1122m3344p5566s77z")) == []


@SETTINGS
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(st.just(n), complete_hand(n, flush=n >= 4))))
def test_arrangements_match_brute_force(case: tuple[int, list[int]]) -> None:
    sets, counts = case
    found = arrangements(counts, sets)
    assert {(a.pair, a.sets) for a in found} == brute_readings(counts, sets)
    for a in found:
        rebuilt = Counter({a.pair: 2})
        for shape, k in a.sets:
            rebuilt.update([k] * 3 if shape == "pon" else [k, k + 1, k + 2])
        assert [rebuilt[k] for k in range(34)] == counts


# --- ukeire -----------------------------------------------------------------------------------


def test_ukeire_of_nine_gates() -> None:
    counts = hand("1112345678999m")
    kinds, unseen = ukeire(counts)
    assert kinds == list(range(9))
    assert unseen == 36 - 13
    visible = [0] * 34
    visible[4] = 3  # every other 5m is on the table
    assert ukeire(counts, visible=visible) == (list(range(9)), 36 - 13 - 3)


@SETTINGS
@given(
    st.integers(0, 5).flatmap(lambda n: st.tuples(st.just(n), any_hand(3 * n + 2))),
    st.booleans(),
)
@example((4, hand("1122m3344p5566s77z")), True)  # seven pairs, complete
@example((4, hand("19m19p19s1234567z1m")), True)  # thirteen orphans, complete
def test_a_hands_shanten_is_the_least_over_its_discards_and_a_draw_gains_one_at_most(
    case: tuple[int, list[int]], specials: bool
) -> None:
    """The bounds the engine defers far hands' counts on (``Player.defer_shanten``): a discard
    never lowers shanten (a 3n+2 hand's is the least over its discards), and a draw lowers it
    by one at most (no discard leaves the hand more than one worse than it was with the tile)."""
    sets, counts = case
    specials = specials and sets == 4
    whole = shanten(counts, sets, specials, specials)
    after = []
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            after.append(shanten(counts, sets, specials, specials))
            counts[k] += 1
    assert min(after) == max(whole, 0)  # a complete hand (-1) is tenpai after any discard
    assert max(after) <= whole + 1


@SETTINGS
@given(st.integers(1, 20).flatmap(any_hand), st.integers(0, 5), st.booleans(), st.booleans())
@example(
    [0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 2, 1, 0, 0, 1, 0, 0, 2, 1, 0, 1, 0, 0, 0, 2, 1, 1, 0, 0, 1, 1, 2, 0],
    4, True, True,
)  # 20 tiles: seven pairs (2) beats the normal form (3)
def test_shanten_is_the_least_of_its_forms_for_any_hand(
    counts: list[int], sets: int, chiitoitsu: bool, kokushi: bool
) -> None:
    """Whatever the tile count, shanten is the least of the normal form and the special forms
    its flags allow (the special forms count when sets == 4), each computed on its own."""
    expected = shanten_normal(counts, sets)
    if sets == 4 and expected >= 0:
        if chiitoitsu:
            expected = min(expected, shanten_chiitoitsu(counts))
        if kokushi:
            expected = min(expected, shanten_kokushi(counts))
    assert shanten(counts, sets, chiitoitsu, kokushi) == expected


@SETTINGS
@given(st.integers(1, 20).flatmap(any_hand), st.integers(0, 5), st.booleans(), st.booleans())
def test_shanten_reads_every_kind_of_count_vector_alike(
    counts: list[int], sets: int, chiitoitsu: bool, kokushi: bool
) -> None:
    """The engine's bytearray and bytes are cut by ``struct`` with no copy, the AI's lists and
    any other sequence by way of ``bytes()``: each gives the same shanten, and a count of 5
    raises ``ValueError`` from each."""
    expected = shanten(counts, sets, chiitoitsu, kokushi)
    for vector in (bytearray(counts), bytes(counts), tuple(counts)):
        assert shanten(vector, sets, chiitoitsu, kokushi) == expected
    bad = [*counts]
    bad[counts.index(max(counts))] = 5
    for vector in (bad, bytearray(bad), bytes(bad), tuple(bad)):
        with pytest.raises(ValueError):
            shanten(vector, sets, chiitoitsu, kokushi)


def test_the_whole_key_tables_agree_with_the_prefix_and_suffix_tables() -> None:
    """The whole-key tables are filled on first use; each key's vector id is the one the
    generated prefix and suffix tables give, so a count before they are filled (the slow path)
    and after agree."""
    from game.engine import shanten as module

    suits, honours = module.whole_key_tables()
    assert len(suits) == 74_396 and len(honours) == 9_130
    assert all(module._SUIT_PRE[k[:5]][module._SUIT_SUF[k[5:]]] == v[0] for k, v in suits.items())
    assert all(module._HONOR_PRE[k[:4]][module._HONOR_SUF[k[4:]]] == v[0] for k, v in honours.items())
    assert module.whole_key_tables()[0] is suits  # filled once, in place


def test_counts_learn_the_groups_they_meet_and_agree_with_the_whole_tables() -> None:
    """The first count fills the whole-key tables with the small groups only (up to FIRST_FILL
    tiles), and play adds the bigger groups it meets (a fresh process: no other test filled
    them): each entry is the one the whole domain holds, a count agrees before and after its
    groups are learned, and a group too big for the domain is not kept."""
    import subprocess
    import sys

    code = """
import itertools, random
from game.engine import shanten as m
from game.engine.tiles import counts_of, parse_tiles
hands = ["123m456p789s1122z", "19m19p19s1234567z", "1112345678999m1p", "13579m2468p135s7z", "11112222333345m"]
rng = random.Random(5)
wall = [k for k in range(34) for _ in range(4)]
counts = [counts_of(parse_tiles(h)) for h in hands]
for _ in range(300):
    c = [0] * 34
    for k in rng.sample(wall, 14):
        c[k] += 1
    counts.append(c)
assert not m._SUITS and not m._HONORS
first = [m.shanten(c) for c in counts]
learned = dict(m._SUITS), dict(m._HONORS)
small = {bytes(p) for p in itertools.product(range(5), repeat=9) if sum(p) <= m.FIRST_FILL}
met = {bytes(c[i:i + 9]) for c in counts for i in (0, 9, 18)}
assert small <= set(learned[0]) <= small | met
assert {g for g in met if 6 < sum(g) <= 10} <= set(learned[0]) and len(learned[0]) < 74396
assert bytes([4, 4, 4, 1, 1, 0, 0, 0, 0]) not in learned[0]  # 14 tiles in a suit: beyond the domain
again = [m.shanten(c) for c in counts]
suits, honours = m.whole_key_tables()
assert len(suits) == 74396 and len(honours) == 9130
assert all(suits[k] == v for k, v in learned[0].items()) and all(honours[k] == v for k, v in learned[1].items())
print(first == again == [m.shanten(c) for c in counts], first[:5])
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("True")


def test_the_special_forms_table_never_carries() -> None:
    """Each group's code packs four counts as digits; a hand's four codes are added, so each
    digit's largest sum over the tables' groups must stay below its radix."""
    from game.engine import shanten as module

    def digits(code: int) -> tuple[int, int, int, int]:
        code, orphan_pairs = divmod(code, module._RADIX_ORPHAN_PAIRS)
        code, orphans = divmod(code, module._RADIX_ORPHANS)
        kinds, pairs = divmod(code, module._RADIX_PAIRS)
        return kinds, pairs, orphans, orphan_pairs

    suits, honours = module.whole_key_tables()
    suit = [max(d) for d in zip(*(digits(c) for _, c in suits.values()), strict=True)]
    honour = [max(d) for d in zip(*(digits(c) for _, c in honours.values()), strict=True)]
    radices = (module._RADIX_KINDS, module._RADIX_PAIRS, module._RADIX_ORPHANS, module._RADIX_ORPHAN_PAIRS)
    for s_max, h_max, radix in zip(suit, honour, radices, strict=True):
        assert 3 * s_max + h_max < radix
    for key, (_, code) in suits.items():  # each code is its group's own counts
        assert digits(code) == (
            9 - key.count(0), sum(c >= 2 for c in key), (key[0] > 0) + (key[8] > 0), (key[0] >= 2) + (key[8] >= 2)
        )


@SETTINGS
@given(tiles_hand(13))
def test_ukeire_lowers_shanten(counts: list[int]) -> None:
    kinds, unseen = ukeire(counts)
    base = Shanten.calculate_shanten(counts)
    expected = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if Shanten.calculate_shanten(counts) < base:
                expected.append(k)
            counts[k] -= 1
    assert kinds == expected
    assert unseen == sum(4 - counts[k] for k in expected)


# --- the generated tables ---------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.lists(st.integers(0, 4), min_size=7, max_size=7))
def test_shipped_tables_match_the_builder(suit: list[int], honors: list[int]) -> None:
    """Regenerating ``_shanten_tables.py`` takes a minute; instead run the builder's dynamic
    programme on random groups and compare with what the shipped tables say."""
    from game.engine import _shanten_build as build
    from game.engine import shanten as mod

    for pattern, runs in ((suit, True), (honors, False)):
        state = build._START
        for pos, c in enumerate(pattern):
            state = build._step(state, c, runs and pos <= len(pattern) - 3)
        expected = dict(state)[(0, 0)]
        vectors = mod._SUIT_VEC if runs else mod._HONOR_VEC
        assert vectors[mod._group_id(bytes(pattern))] == expected


@st.composite
def _open_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A 3n+1 concealed hand (no fifth copies) and its sets: 13 tiles down to 1, or 16, often
    crowded into one suit or the honours (where bumped groups leave the whole-pattern tables)."""
    sets = draw(st.sampled_from([4, 3, 2, 1, 0, 5]))
    pool = draw(st.sampled_from([range(136), range(36), range(108, 136)]))
    size = min(3 * sets + 1, len(pool))
    sets = (size - 1) // 3
    tiles = draw(st.lists(st.sampled_from(pool), min_size=3 * sets + 1, max_size=3 * sets + 1, unique=True))
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return counts, sets


@given(_open_hands(), st.booleans(), st.booleans())
@settings(max_examples=400, deadline=None)
def test_improving_draws_equal_brute_force(hand: tuple[list[int], int], chiitoitsu: bool, kokushi: bool) -> None:
    """The AI's fast acceptance agrees with drawing every kind and asking shanten."""
    counts, sets = hand
    base = shanten(counts, sets, chiitoitsu, kokushi)
    expected = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if shanten(counts, sets, chiitoitsu, kokushi) < base:
                expected.append(k)
            counts[k] -= 1
    assert improving_draws(counts, sets, chiitoitsu, kokushi) == (base, expected)


def test_the_suit_tables_combine_in_any_order() -> None:
    """``improving_draws`` and ``discard_shanten`` combine a changed suit last (the two others
    first): that needs the combined id of three suits not to depend on their order, checked here
    for every triple of suit ids."""
    from game.engine import shanten as module

    two, three = module._TWO, module._THREE
    n = len(two)
    for i in range(n):
        assert all(two[i][j] == two[j][i] for j in range(n))
        for j in range(i, n):
            ij, row = three[two[i][j]], two[j]
            assert all(ij[k] == three[row[k]][i] for k in range(n)), (i, j)


@st.composite
def _discard_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """A 3n+2 concealed hand (no fifth copies) and its sets, often crowded into one suit."""
    sets = draw(st.sampled_from([4, 3, 2, 1, 0, 5]))
    pool = draw(st.sampled_from([range(136), range(36), range(108, 136)]))
    size = min(3 * sets + 2, len(pool))
    sets = (size - 2) // 3
    tiles = draw(st.lists(st.sampled_from(pool), min_size=3 * sets + 2, max_size=3 * sets + 2, unique=True))
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return counts, sets


@given(_discard_hands(), st.booleans(), st.booleans())
@settings(max_examples=400, deadline=None)
def test_discard_shanten_equals_shanten_after_each_discard(
    hand: tuple[list[int], int], chiitoitsu: bool, kokushi: bool
) -> None:
    """The AI's look-ahead asks the shanten after every discard at once: the same as discarding
    each held kind and asking :func:`shanten`."""
    counts, sets = hand
    expected = []
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            expected.append((k, shanten(counts, sets, chiitoitsu, kokushi)))
            counts[k] += 1
    assert discard_shanten(counts, sets, chiitoitsu, kokushi) == expected


def test_the_groups_bump_and_drop_dicts_stay_within_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """improving_draws and discard_shanten keep each group's bumps and drops in a plain dict per
    group (no lru_cache, so tests/test_bounded_caches.py cannot see them), emptied when it reaches its bound:
    with small bounds, thousands of random hands never grow a dict past its bound, and every
    answer equals the one computed before, with the dicts at their usual bound."""
    import random

    from game.engine import shanten as m

    rng = random.Random(23)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(1500):
        c = [0] * 34
        for k in rng.sample(wall, 14):
            c[k] += 1
        hands.append(c)
    drawn = [m.discard_shanten(c) for c in hands]
    less = []
    for c in hands:
        k = next(k for k in range(34) if c[k])
        c[k] -= 1
        less.append(list(c))
        c[k] += 1
    improving = [m.improving_draws(c) for c in less]
    bound = (40, 40, 40, 12)
    monkeypatch.setattr(m, "_GROUP_CACHE_MAX", bound)
    for table in (*m._BUMPS, *m._DROPS):
        table.clear()
    for c, c13, want_drops, want_improving in zip(hands, less, drawn, improving, strict=True):
        assert m.discard_shanten(c) == want_drops and m.improving_draws(c13) == want_improving
        assert all(len(t) <= b for t, b in zip(m._BUMPS, bound, strict=True))
        assert all(len(t) <= b for t, b in zip(m._DROPS, bound, strict=True))
    assert all(len(t) > 0 for t in (*m._BUMPS[:3], *m._DROPS[:3]))
