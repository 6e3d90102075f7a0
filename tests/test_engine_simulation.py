"""Whole matches between the baseline bots finish without error, under every rulebook.

The run is a smoke test of everything at once: deals, claims, kans, wins, draws, game end and
settlement. Each match must end (a bound on actions catches a loop), the final scores must carry
every point (leftover sticks paid), and its record must reach the same state on replay.

Budget (measured on the shared 2-core machine, CPU time): a riichi hanchan between random bots
costs about 0.13 s, an EMA one 0.08 s, a hanchan with efficiency bots about 0.2 s; a Taiwanese
four-round game between efficiency bots 0.6 s. Random bots never finish a Taiwanese game (they
almost never win, and a drawn hand keeps the dealer), so that profile plays efficiency bots only.
After this session's engine speed-ups the run is the 500 seeded hanchan the engine issue asks for
(random bots, riichi and EMA), plus 40 with efficiency bots in two seats and 3 Taiwanese games:
about 43 s of CPU.
"""

from __future__ import annotations

import pytest

from game.ai.baseline import EfficiencyBot, RandomBot
from game.engine import Match, replay
from game.engine.profile import load_profile

PROFILES = {name: load_profile(name) for name in ("riichi", "ema", "taiwanese")}
MAX_ACTIONS = 20_000


def _play(profile_id: str, seed: int, efficiency_seats: tuple[int, ...]) -> Match:
    prof = PROFILES[profile_id]
    bots = [
        EfficiencyBot(seed, s, sets=prof.win.sets) if s in efficiency_seats else RandomBot(seed, s) for s in range(4)
    ]
    m = Match(prof, seed)
    for _ in range(MAX_ACTIONS):
        if m.is_over:
            break
        seat = m.awaiting()[0]
        m.apply(bots[seat].decide(m.observe(seat)))
    assert m.is_over, f"{profile_id} seed {seed}: not over after {MAX_ACTIONS} actions"
    assert m.final is not None
    assert sum(m.scores) == 4 * prof.game.start_points
    if prof.game.tie_break == "seat":
        assert sorted(m.final.ranks) == [1, 2, 3, 4]
    return m


@pytest.mark.slow
def test_many_seeded_matches_finish() -> None:
    """500 seeded random-bot hanchan (riichi and EMA), 40 with efficiency seats, 3 Taiwanese."""
    for seed in range(500):
        _play("riichi" if seed % 2 else "ema", seed, ())
    for seed in range(1000, 1040):
        m = _play("riichi" if seed % 2 else "ema", seed, (seed % 4, (seed + 2) % 4))
        if seed % 20 == 0:
            assert replay(m.record, m.profile).state_hash() == m.state_hash()
    for seed in range(3):
        _play("taiwanese", seed, (0, 1, 2, 3))
