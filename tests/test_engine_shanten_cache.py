"""The match keeps each seat's shanten and waits between actions, and after an ordinary draw it
skips the count (a tenpai hand's draw reads it off the waits; a hand two or more from tenpai
counts it only when asked). At every step of seeded games the kept figures equal a fresh count.
"""

from __future__ import annotations

import pytest

from game.ai.baseline import EfficiencyBot, RandomBot
from game.engine.match import Match
from game.engine.profile import load_profile
from game.engine.shanten import shanten, waits


@pytest.mark.parametrize("profile_id", ["riichi", "ema"])
@pytest.mark.parametrize("bot", ["random", "efficiency"])
def test_kept_shanten_and_waits_equal_a_fresh_count(profile_id: str, bot: str) -> None:
    profile = load_profile(profile_id)
    match = Match(profile, 3)
    bots = [RandomBot(3, s) if bot == "random" else EfficiencyBot(3, s) for s in range(4)]
    steps = 0
    while not match.is_over and steps < 1200:
        for p in match.players:
            counts = p.counts()
            sets = profile.win.sets - len(p.melds)
            specials = (profile.win.chiitoitsu, profile.win.kokushi) if not p.melds else (False, False)
            fresh = shanten(counts, sets, *specials)
            assert p.shanten_at_most(fresh) and not p.shanten_at_most(fresh - 1)
            assert p.shanten == fresh
            if sum(counts) % 3 == 1:
                assert p.waits == (tuple(waits(counts, sets, *specials)) if fresh == 0 else ())
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
        steps += 1
