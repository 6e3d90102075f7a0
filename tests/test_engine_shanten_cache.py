"""The match keeps each seat's shanten and waits between actions, and after an ordinary draw it
skips the count (a tenpai hand's draw reads it off the waits; a hand one or more from tenpai
counts it only when asked, keeping a lower bound through its discards and draws). At every step
of seeded games the kept figures equal a fresh count.
"""

from __future__ import annotations

import copy

import pytest

from game.ai.baseline import EfficiencyBot, RandomBot
from game.engine import Match
from game.engine.player import Player
from game.engine.profile import RuleProfile, load_profile
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


def _fresh(profile: RuleProfile, p: Player) -> tuple[int, tuple[int, ...]]:
    """A seat's shanten and (for 3n+1 tiles) waits, counted afresh."""
    counts = p.counts()
    sets = profile.win.sets - len(p.melds)
    specials = (profile.win.chiitoitsu, profile.win.kokushi) if not p.melds else (False, False)
    fresh = shanten(counts, sets, *specials)
    fresh_waits = tuple(waits(counts, sets, *specials)) if fresh == 0 and sum(counts) % 3 == 1 else ()
    return fresh, fresh_waits


@pytest.mark.parametrize("profile_id", ["riichi", "ema", "taiwanese"])
def test_a_deferred_count_kept_over_several_turns_is_right_when_read(profile_id: str) -> None:
    """The test above reads every seat's shanten at every step, which makes every deferred count
    at once. Here the match's own players are never read: a copy of each is, so a bound kept
    over several draws and discards (and one started at a discard after a call) is checked as
    the match carries it."""
    profile = load_profile(profile_id)
    deferred_steps = 0
    for seed in (5, 6):
        match = Match(profile, seed)
        bots = [EfficiencyBot(seed, s, sets=profile.win.sets) if s % 2 else RandomBot(seed, s) for s in range(4)]
        steps = 0
        while not match.is_over and steps < 900:
            for p in match.players:
                deferred_steps += p.shanten_deferred
                probe = copy.deepcopy(p)
                fresh, fresh_waits = _fresh(profile, probe)
                assert probe.shanten_at_most(fresh) and not probe.shanten_at_most(fresh - 1)
                assert probe.shanten == fresh
                if len(p.hand) % 3 == 1 and not profile.tai.ligu:
                    assert probe.waits == fresh_waits
            seat = match.awaiting()[0]
            match.apply(bots[seat].decide(match.observe(seat)))
            steps += 1
    assert deferred_steps > 100  # the path under test was taken
