"""Each river tile's turn number (``SeatView.river_turns``), checked against the event log.

The AI needs to know exactly which tiles were discarded after a riichi; the observation dates
every river tile by its number among all the hand's discards. The ``Discarded`` events of a
hand, in order, are the reference: the n-th of them is river tile ``river_turns == n``.
"""

from __future__ import annotations

import pytest

from game.ai.baseline import RandomBot
from game.engine import Match
from game.engine.events import Discarded, HandStarted
from game.engine.observation import SeatView
from game.engine.profile import load_profile


def _check_views(views: tuple[SeatView, ...], hand_discards: list[Discarded]) -> None:
    for view in views:
        assert len(view.river_turns) == len(view.discards)
        for tile, turn in zip(view.discards, view.river_turns, strict=True):
            ev = hand_discards[turn]
            assert (ev.seat, ev.tile) == (view.seat, tile)
    numbered = sorted(n for view in views for n in view.river_turns)
    assert numbered == list(range(len(hand_discards)))


@pytest.mark.parametrize("profile_id", ["riichi", "taiwanese"])
def test_river_turns_follow_the_discard_order(profile_id: str) -> None:
    profile = load_profile(profile_id)
    for seed in range(2):
        match = Match(profile, seed)
        bots = [RandomBot(seed, s) for s in range(4)]
        hand_discards: list[Discarded] = []
        seen_events = 0
        actions = 0
        while not match.is_over and actions < 1500:
            for ev in match.events[seen_events:]:
                if isinstance(ev, HandStarted):
                    hand_discards = []
                elif isinstance(ev, Discarded):
                    hand_discards.append(ev)
            seen_events = len(match.events)
            seat = match.awaiting()[0]
            obs = match.observe(seat)
            _check_views(obs.seats, hand_discards)
            match.apply(bots[seat].decide(obs))
            actions += 1

