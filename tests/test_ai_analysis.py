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


def test_next_step_accept_matches_brute_force() -> None:
    """Two draws ahead: for each improving draw, every discard tried with brute-force acceptance."""
    rng = random.Random("two-step")
    checked = 0
    while checked < 25:
        counts = _random_hand(rng, 13)
        specials = (False, False)
        sh = shanten(counts, 4, *specials)
        if sh < 1:
            continue
        unseen = [4 - c for c in counts]
        kinds, _ = _brute_accept(counts, 4, specials, unseen)
        expected_total, weight = 0.0, 0
        for j in kinds:
            counts[j] += 1
            unseen[j] -= 1
            best = 0
            for d in range(34):
                if counts[d]:
                    counts[d] -= 1
                    if shanten(counts, 4, *specials) < sh:
                        best = max(best, _brute_accept(counts, 4, specials, unseen)[1])
                    counts[d] += 1
            unseen[j] += 1
            counts[j] -= 1
            expected_total += best * unseen[j]
            weight += unseen[j]
        got = an.next_step_accept(counts, kinds, sh, 4, specials, unseen, {})
        assert got == pytest.approx(expected_total / weight)
        checked += 1


@pytest.mark.parametrize("profile_id", ["riichi", "hongkong"])
def test_may_have_yaku_bounds_every_discard_and_wait(profile_id: str) -> None:
    """hard passes a claim at once when no hand it could weigh after the call has a yaku: the bound
    must hold for every discard (slack 0 and 1) and every completing tile, never a false False."""
    from game.engine.meld import Meld, MeldKind
    from game.engine.profile import load_profile

    profile = load_profile(profile_id)
    rng = random.Random(f"may-have-yaku/{profile_id}")
    refused = 0
    for _ in range(400):
        wall = list(range(136))
        rng.shuffle(wall)
        melds = []
        for _m in range(rng.choice((1, 1, 2))):
            if rng.random() < 0.5:
                first = rng.choice([s * 9 + r for s in range(3) for r in range(7)])
                melds.append(Meld(MeldKind.CHI, (first * 4, first * 4 + 4, first * 4 + 8), first * 4, 0))
            else:
                k = rng.randrange(34)
                melds.append(Meld(MeldKind.PON, (k * 4, k * 4 + 1, k * 4 + 2), k * 4, 0))
        counts = [0] * 34
        for t in wall:
            if sum(counts) == 14 - 3 * len(melds):
                break
            if counts[t >> 2] < 4:
                counts[t >> 2] += 1
        yakuhai = an._yakuhai_by_winds(rng.randrange(4), rng.randrange(2))
        if an.may_have_yaku(counts, melds, yakuhai, profile):
            continue
        refused += 1
        for d in range(34):
            if not counts[d]:
                continue
            counts[d] -= 1
            assert not an.yaku_paths(counts, melds, yakuhai, profile, 0).any
            assert not an.yaku_paths(counts, melds, yakuhai, profile, 1).any
            assert not any(an.wait_has_yaku(counts, w, melds, yakuhai, profile) for w in range(34) if counts[w] < 4)
            counts[d] += 1
    assert refused >= 100


@pytest.mark.parametrize(("size", "sets", "specials"), [(13, 4, (True, True)), (13, 4, (False, False)), (16, 5, (False, False)), (10, 3, (False, False))])
def test_next_step_accept_bound_is_never_below(size: int, sets: int, specials: tuple[bool, bool]) -> None:
    """hard finds the best discard of a two-shanten hand from this bound first: it must never be
    below the acceptance two draws ahead, on its own lemma too (a kind improving a discard that
    keeps the shanten of a ``3n+2`` hand improves that hand)."""
    from game.engine.shanten import improving_draws

    rng = random.Random(f"bound/{size}/{specials}")
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    checked = 0
    while checked < 150:
        counts = _random_hand(rng, size)
        if specials[0] and checked % 3:  # near seven pairs, or near the thirteen orphans
            counts = [0] * 34
            pool = orphans if checked % 3 == 2 else list(range(34))
            while sum(counts) < size:
                k = rng.choice(pool)
                if counts[k] < 4:
                    counts[k] += min(4 - counts[k], rng.choice((1, 2) if pool is not orphans or counts[k] else (1,)),
                                     size - sum(counts))
        sh = shanten(counts, sets, *specials)
        if sh < 1:
            continue
        unseen = [max(0, 4 - c - rng.randint(0, 1)) for c in counts]
        kinds = an.shape_of(counts, sets, specials, unseen).kinds
        assert an.next_step_accept_bound(counts, kinds, sets, specials, unseen) >= an.next_step_accept(
            counts, kinds, sh, sets, specials, unseen, {}
        )
        for j in kinds:
            counts[j] += 1
            whole = set(improving_draws(counts, sets, *specials)[1])
            for e in range(34):
                if counts[e] and e != j:
                    counts[e] -= 1
                    if shanten(counts, sets, *specials) == sh - 1:
                        assert set(improving_draws(counts, sets, *specials)[1]) <= whole
                    counts[e] += 1
            counts[j] -= 1
        checked += 1


def _textbook_chain(
    sh: int, accept: int, draws: int, pool: int, wait_after: float, boost: float, calls: float, next_accept: float | None
) -> float:
    """The win-chance chain as first written: a fresh list of stage chances per draw."""
    qs = [min(0.95, calls * accept / pool)] if sh > 0 else []
    for step in range(sh - 1, 0, -1):
        typical = float((0, 18, 32, 45, 58, 70, 80)[min(step, 6)])
        if step == sh - 1 and next_accept is not None:
            typical = next_accept
        qs.append(min(0.95, calls * typical / pool))
    qs.append(min(0.95, (accept if sh == 0 else wait_after) * boost / pool))
    at = [1.0] + [0.0] * sh
    won = 0.0
    for _ in range(draws):
        nxt = [0.0] * (sh + 1)
        for i, p in enumerate(at):
            if p <= 1e-9:
                continue
            q = qs[i]
            if i == sh:
                won += p * q
                nxt[i] += p * (1 - q) * (1 - an.HAZARD)
            else:
                nxt[i + 1] += p * q * (1 - an.HAZARD)
                nxt[i] += p * (1 - q) * (1 - an.HAZARD)
        at = nxt
    return won


def test_the_win_chain_equals_the_textbook_one_to_the_last_bit() -> None:
    """The in-place chain (hard's inner loop) gives the very same float as the textbook one, so
    no decision turns on a rounding: any tie broken before is broken the same way."""
    rng = random.Random("chain")
    for _ in range(20000):
        args = (
            rng.randrange(7), rng.randrange(60), rng.randrange(20), rng.randrange(20, 130),
            rng.choice([5.0, 0.0, rng.random() * 12]), rng.choice([1.0, 1.8]), rng.choice([1.0, 1.3, 1.6]),
            rng.choice([None, 0.0, rng.random() * 60]),
        )
        assert an._chain.__wrapped__(*args) == _textbook_chain(*args), args


def _counts(text: str) -> list[int]:
    from game.engine.tiles import parse_tiles

    return an.hand_counts(parse_tiles(text))


YAKUHAI = {31: 1, 32: 1, 33: 1, 27: 2, 28: 1}  # dragons, East (seat and round), South


@pytest.mark.parametrize(
    ("hand", "win", "han"),
    [
        ("23m456p678s234s55p", "4m", 2.0),  # pinfu, tanyao
        ("23m456p678s234s55p", "1m", 1.0),  # pinfu only (1m breaks tanyao)
        ("112233m456p78s99p", "9s", 2.0),  # pinfu, iipeikou
        ("123m123p12s789s55z", "3s", 4.0),  # sanshoku, chanta (penchan: no pinfu)
        ("123456789m13p55s", "2p", 2.0),  # ittsu (kanchan)
        ("1133m5577p88s33z4z", "4z", 2.0),  # seven pairs
        ("123m456p789s11z24s", "3s", 0.0),  # no yaku: a quiet hand cannot ron
        ("123456m555z11z23m", "1m", 5.0),  # half flush, white dragon, iipeikou
    ],
)
def test_completed_han_reads_the_yaku(hand: str, win: str, han: float) -> None:
    from game.engine.profile import load_profile

    profile = load_profile("riichi")
    assert an.completed_han(_counts(hand), parse_kind(win), [], YAKUHAI, profile, closed=True) == han


@pytest.mark.parametrize("profile_id", ["riichi", "ema"])
def test_safe_kinds_hold_every_tile_passed_since_a_riichi(profile_id: str) -> None:
    """Read against the event log: after a riichi, every tile another seat discarded is safe
    against it (riichi furiten), and so is everything in its own river."""
    from game.ai.levels import make_seat
    from game.engine import Match
    from game.engine.events import Discarded, HandEnded
    from game.engine.profile import load_profile

    profile = load_profile(profile_id)
    checked = 0
    for seed in (11, 12):
        match = Match(profile, seed)
        bots = [make_seat("hard" if s % 2 else "normal", seed, s, profile) for s in range(4)]
        passed: dict[int, set[int]] = {}  # riichi seat -> kinds others discarded since
        own: dict[int, set[int]] = {s: set() for s in range(4)}
        for _ in range(400):
            if match.is_over:
                break
            seat = match.awaiting()[0]
            obs = match.observe(seat)
            for r, kinds in passed.items():
                assert kinds | own[r] <= an.safe_kinds(obs, r)
                checked += 1
            for ev in match.apply(bots[seat].decide(obs)):
                if isinstance(ev, HandEnded):
                    passed, own = {}, {s: set() for s in range(4)}
                elif isinstance(ev, Discarded):
                    own[ev.seat].add(ev.tile >> 2)
                    for r, kinds in passed.items():
                        if r != ev.seat:
                            kinds.add(ev.tile >> 2)
                    if ev.riichi:
                        passed[ev.seat] = set()
    assert checked > 0
