"""hard's win chance: monotone where it must be, and calibrated on self-play it was not fitted on.

The held-out rows (tests/data/win_chance_holdout.csv.gz) are hard's turns in 200 seat-rotated
hard + 3 normal hanchan on seeds 6000-6049 (``python -m game win-chance record --seed 6000
--games 50``); the calibration (game/ai/win_calibration.py) was fitted on seeds 5000-5099.
"""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest

from game.ai import analysis as an
from game.cli import win_chance as wc

HOLDOUT = Path(__file__).resolve().parent / "data" / "win_chance_holdout.csv.gz"
# a bin of the model's chance (200 turns or more) may miss the share won by this much (absolute)
TOLERANCE = 0.04
KINDS = ("closed", "open")


def _chance(sh: int, accept: int, draws: int, kind: str, pool: int = 100) -> float:
    return an.chance(sh, accept, draws, pool, 5.0, True, 1.0 if kind != "open" else 1.3, None, kind != "open",
                     kind == "riichi")


@pytest.mark.parametrize("kind", KINDS)
def test_more_draws_more_acceptance_and_lower_shanten_never_lower_the_chance(kind: str) -> None:
    for sh, accept, draws, pool in itertools.product(range(5), range(1, 60, 2), range(19), (60, 100, 130)):
        p = _chance(sh, accept, draws, kind, pool)
        assert 0.0 <= p <= 1.0
        assert _chance(sh, accept + 1, draws, kind, pool) >= p - 1e-12, (sh, accept, draws, pool)
        assert _chance(sh, accept, draws + 1, kind, pool) >= p - 1e-12, (sh, accept, draws, pool)
        if sh > 0:
            # one step nearer with the same acceptance: never a lower chance
            assert _chance(sh - 1, accept, draws, kind, pool) >= p - 1e-12, (sh, accept, draws, pool)


def test_the_riichi_tenpai_is_monotone_too() -> None:
    for accept in range(1, 20):
        for draws in range(0, 18):
            p = _chance(0, accept, draws, "riichi")
            assert _chance(0, accept + 1, draws, "riichi") >= p - 1e-12
            assert _chance(0, accept, draws + 1, "riichi") >= p - 1e-12


def test_the_chance_is_calibrated_on_held_out_self_play() -> None:
    rows = [r for r in wc.read_rows(HOLDOUT) if r.threat == 0 and not r.fold]
    assert len(rows) > 10_000
    bins = wc.reliability(rows)
    checked = 0
    for b in bins:
        if b["n"] < 200:
            continue
        checked += 1
        assert abs(b["predicted"] - b["won"]) <= TOLERANCE, b
    assert checked >= 5
    mean_predicted = sum(r.model() for r in rows) / len(rows)
    share_won = sum(r.won for r in rows) / len(rows)
    assert abs(mean_predicted - share_won) <= 0.015


def test_the_raw_chain_was_not_calibrated() -> None:
    """The chain alone (the chance before the calibration) is too flat in the draws left: early
    hands won more than it says (by more than the tolerance), late ones a fifth less or more."""
    rows = [r for r in wc.read_rows(HOLDOUT) if r.threat == 0 and not r.fold]
    early = [r for r in rows if r.sh in (1, 2) and r.closed and r.draws >= 12]
    late = [r for r in rows if r.sh in (1, 2) and r.closed and r.draws <= 7]
    shares = []
    for group in (early, late):
        raw = sum(r.raw() for r in group) / len(group)
        model = sum(r.model() for r in group) / len(group)
        won = sum(r.won for r in group) / len(group)
        assert abs(won - model) <= TOLERANCE, (len(group), model, won)
        shares.append((raw, won))
    (early_raw, early_won), (late_raw, late_won) = shares
    assert early_won - early_raw > TOLERANCE
    assert late_raw > 1.2 * late_won


def test_the_fitter_finds_a_known_line() -> None:
    rng = random.Random("win-chance/fit")
    truth = (-0.8, 1.3, 0.9)
    xs, ys = [], []
    for _ in range(6000):
        x = (1.0, rng.uniform(-4.0, 1.0), rng.uniform(0.0, 1.8))
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        xs.append(x)
        ys.append(rng.random() < p)
    got = wc.fit_line(xs, ys)
    for g, t in zip(got, truth, strict=True):
        assert abs(g - t) < 0.2, (got, truth)


def test_record_labels_every_turn_of_a_hand_alike(tmp_path: Path) -> None:
    """One seed, four seatings: every turn of a hand carries that hand's outcome, and a seat
    that won a hand did not deal in that hand."""
    import argparse

    path = tmp_path / "rows.csv.gz"
    assert wc.run(argparse.Namespace(action="record", file=path, games=1, seed=4999, jobs=1)) == 0
    rows = wc.read_rows(path)
    assert len(rows) > 200
    by_hand: dict[str, set[tuple[bool, bool]]] = {}
    for r in rows:
        by_hand.setdefault(r.hand, set()).add((r.won, r.dealt))
    assert all(len(v) == 1 for v in by_hand.values())
    assert not any(won and dealt for v in by_hand.values() for won, dealt in v)
    assert any(won for v in by_hand.values() for won, _ in v)
    assert any(r.riichi for r in rows) and any(not r.closed for r in rows)
