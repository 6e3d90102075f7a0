"""Counterfactual rollouts: a decision judged by playing the rest of its hand both ways.

hard weighs its choices with estimates (win chance, danger, value); whether a choice was better
than another is what the rest of the hand does with it. From a match state, :func:`paired_deltas`
plays the hand out after each of two actions, once per re-deal: the same seat kinds (fresh and
seeded, as in a sim) play every later decision, and the live wall's remaining tiles are shuffled
alike for both actions (common random numbers: the two arms meet the same draws, so their
difference varies far less than either). The others' concealed hands and the dead wall stay as
they are: the seat could not see them, and the true table is a fair draw of what it faced.

Only a copy is changed (:meth:`Match.copy`); the engine is not touched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai import Seat
from game.ai.levels import make_seat
from game.engine import Match
from game.engine.actions import Action
from game.engine.events import HandEnded
from game.engine.profile import RuleProfile


def redealt(match: Match, seed: int) -> Match:
    """A copy of ``match`` whose live wall still to be drawn is shuffled by ``seed`` (the same
    tiles in another order: what the seats cannot see is dealt again)."""
    trial = match.copy()
    wall = trial.wall
    rest = wall.live[wall.head:wall.tail]
    random.Random(seed).shuffle(rest)
    wall.live[wall.head:wall.tail] = rest
    return trial


def play_out(match: Match, seats: Sequence[Seat], first: Action) -> tuple[int, ...]:
    """Apply ``first``, then let ``seats`` play until the hand ends: every seat's score change
    from before ``first`` (riichi sticks put down count as paid; the pot goes to the winner)."""
    before = list(match.scores)
    events = match.apply(first)
    while not match.is_over and not any(isinstance(e, HandEnded) for e in events):
        s = match.awaiting()[0]
        events = match.apply(seats[s].decide(match.observe(s)))
    return tuple(after - was for after, was in zip(match.scores, before, strict=True))


def paired_deltas(
    match: Match,
    seat: int,
    first: Action,
    second: Action,
    names: Sequence[str],
    seeds: Sequence[int],
    profile: RuleProfile,
) -> list[tuple[int, int]]:
    """``seat``'s score change to the hand's end after ``first`` and after ``second``, once per
    re-deal seed (the same shuffle and the same fresh seats for both actions)."""
    out = []
    for seed in seeds:
        got = []
        for action in (first, second):
            seats = [make_seat(n, seed + s, s, profile) for s, n in enumerate(names)]
            got.append(play_out(redealt(match, seed), seats, action)[seat])
        out.append((got[0], got[1]))
    return out
