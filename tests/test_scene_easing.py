"""Easing curves: exact ends, monotonic where they must be, overshoot where they should."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.scene.easing import EASINGS, MONOTONIC, easing, in_back, linear, out_back, out_bounce, out_elastic

unit = st.floats(0.0, 1.0, allow_nan=False)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_ends_are_exact_and_clamped(name: str) -> None:
    curve = EASINGS[name]
    assert curve(0.0) == 0.0
    assert curve(1.0) == 1.0
    assert curve(-0.5) == 0.0
    assert curve(1.5) == 1.0


@pytest.mark.parametrize("name", sorted(MONOTONIC))
@given(a=unit, b=unit)
def test_monotonic_curves_never_go_back(name: str, a: float, b: float) -> None:
    lo, hi = min(a, b), max(a, b)
    curve = EASINGS[name]
    assert curve(lo) <= curve(hi) + 1e-12
    assert -1e-12 <= curve(lo) <= 1.0 + 1e-12


@pytest.mark.parametrize("name", sorted(MONOTONIC))
def test_symmetric_in_out_curves_are_half_way_at_half_time(name: str) -> None:
    if name.startswith("in_out") or name == "linear":
        assert EASINGS[name](0.5) == pytest.approx(0.5)


@given(unit)
def test_bounce_stays_within_range_and_lands_several_times(t: float) -> None:
    assert 0.0 <= out_bounce(t) <= 1.0 + 1e-12


def test_overshooting_curves_overshoot() -> None:
    samples = [i / 100 for i in range(101)]
    assert max(out_back(t) for t in samples) > 1.05
    assert min(in_back(t) for t in samples) < -0.05
    assert max(out_elastic(t) for t in samples) > 1.0
    landings = [t for t in samples if out_bounce(t) >= 0.97]
    assert landings[0] < 0.4  # first touch-down well before the end


def test_curves_by_name() -> None:
    assert easing("linear") is linear
    assert easing(out_back) is out_back
    with pytest.raises(KeyError, match="known"):
        easing("wobble")
