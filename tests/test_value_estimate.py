"""The AI's estimate of a hand in progress comes from the scoring model, one place per model.

Every shipped rulebook's scoring model is registered with its estimate (game.engine.scoring_bridge),
and the AI reads it without naming a model: a flush the hand already holds is worth what the
rulebook's own knobs price it at (riichi's chinitsu / honitsu han, Taiwanese 清一色 / 混一色 tai,
Hong Kong's all one suit / mixed one suit fan), the rest of the estimate being equal.
"""

from __future__ import annotations

import pytest

from game.ai import analysis as an
from game.engine import Match
from game.engine.profile import RuleProfile, available_profiles, load_profile
from game.engine.rows import Unit
from game.engine.scoring_bridge import SCORING_MODELS, estimate_for
from game.engine.tiles import WINDS

SETS = ((0, 0, 0), (1, 2, 3), (4, 5, 6), (6, 7, 8), (2, 3, 4))  # in one suit; the 2nd and 3rd are all simples


def test_every_shipped_rulebook_has_an_estimate_beside_its_scorer() -> None:
    for name in available_profiles():
        profile = load_profile(name)
        assert profile.score.model in SCORING_MODELS, name
        assert estimate_for(profile) is SCORING_MODELS[profile.score.model].estimate


def _quiet_table(profile: RuleProfile) -> Match:
    """A seeded table whose dora (if any) is an honour the test hands do not hold."""
    for seed in range(200):
        m = Match(profile, seed)
        if all(t >> 2 >= 27 for t in m.observe(0).dora_indicators):
            return m
    raise AssertionError("no seed with an honour dora indicator")


def _counts(suits: tuple[int, ...], pair: int) -> list[int]:
    counts = [0] * 34
    for s, kinds in zip(suits, SETS, strict=False):
        for k in kinds:
            counts[s * 9 + k] += 1
    counts[pair] += 2
    return counts


def _flush_prices(profile: RuleProfile) -> tuple[float, float]:
    """(pure, mixed) flush value of a closed hand in the rulebook's unit, from its own knobs."""
    if profile.unit is Unit.TAI:
        return profile.tai.qingyise, profile.tai.hunyise
    if profile.unit is Unit.FAN:
        return profile.fan.all_one_suit, profile.fan.mixed_one_suit
    return 6.0, 3.0  # chinitsu and honitsu, closed (riichi family)


@pytest.mark.parametrize("name", available_profiles())
def test_a_flush_in_hand_is_worth_its_rulebook_price(name: str) -> None:
    profile = load_profile(name)
    m = _quiet_table(profile)
    obs = m.observe(0)
    sets = profile.win.sets
    plain = next(w for w in WINDS if w not in (WINDS[obs.me.wind], WINDS[obs.round_wind % 4]))  # no value wind
    pure, mixed = _flush_prices(profile)
    for pair, price in ((8, pure), (plain, mixed)):  # a 9m pair, or a pair of a wind worth nothing
        one_suit = _counts((0,) * sets, pair)
        spread = _counts((0, 1, 2) + (0,) * (sets - 3), pair)  # same terminals and simples, three suits

        def value(counts: list[int]) -> float:
            return an.estimate_han(counts, (), obs, profile, reds=0, closed=True, riichi=False)

        assert value(one_suit) - value(spread) == pytest.approx(price)
