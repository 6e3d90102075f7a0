"""Observations are built field by field without their named tuples' constructors (the hot path):
every field is there, in order, and says what the match's state says."""

from __future__ import annotations

import pytest

from game.ai.baseline import RandomBot
from game.engine import Match
from game.engine.observation import Observation, SeatView
from game.engine.profile import load_profile


@pytest.mark.parametrize("profile_id", ["riichi", "taiwanese"])
def test_each_observation_has_every_field_and_matches_the_state(profile_id: str) -> None:
    match = Match(load_profile(profile_id), 5)
    bots = [RandomBot(5, s) for s in range(4)]
    for _ in range(600):
        if match.is_over:
            break
        for seat in range(4):
            obs = match.observe(seat)
            assert len(obs) == len(Observation._fields) and Observation._make(obs) == obs
            h = match.hand
            assert obs.seat == seat and obs.hand == tuple(sorted(h.players[seat].hand))
            assert obs.legal_actions == tuple(match.legal_actions(seat))
            assert obs.live_tiles_left == h.wall.live_remaining and obs.phase == h.phase.value
            for s, view in enumerate(obs.seats):
                assert len(view) == len(SeatView._fields) and SeatView._make(view) == view
                p = h.players[s]
                assert view.seat == s and view.concealed_count == len(p.hand)
                assert view.discards == tuple(d.tile for d in p.discards) and view.melds == tuple(p.melds)
                assert view.score == match.state.scores[s] and view.riichi == p.riichi
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
