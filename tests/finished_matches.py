"""Matches played to their end by seeded random seats: what the menus, replays and text tests list."""

from __future__ import annotations

from collections.abc import Callable

from game.ai import Seat
from game.ai.baseline import RandomBot
from game.engine import Match
from game.match_options import MatchOptions, match_profile


def finished_match(seed: int = 2, profile: str = "riichi", length: str = "one_hand",
                   bot: Callable[[int, int], Seat] = RandomBot) -> tuple[MatchOptions, Match]:
    """The options and the match of ``seed`` played to its end by four seats (random by default;
    ``bot(seed, seat)`` makes each)."""
    options = MatchOptions(profile, length=length, seed=seed)
    match = Match(match_profile(options), seed)
    bots = {s: bot(seed, s) for s in range(4)}
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    return options, match
