"""Seeded matches whose state hashes pin the engine's behaviour across refactors.

A behaviour-preserving change to the engine must leave every seeded match in the same state. This
module plays such matches with its own small bot (not ``game.ai``: the AI changes on its own
schedule, and the hashes must move only when the engine does). The bot is greedy enough to reach
wins, riichi, calls, kans and exhaustive draws, and at a strict seat it now and then makes a false
declaration, so penalties and dead hands are covered too.

``tests/record_state_hashes.py`` writes the hashes to ``tests/data/state_hashes.json``;
``tests/test_engine_state_hashes.py`` replays the seeds and compares. The recorded file says which
commit it was made from.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import Match
from game.engine.actions import Action, ActionKind
from game.engine.profile import load_profile
from game.engine.shanten import shanten

HANDS_PER_MATCH = 2  # each seed plays its first hands (a hash after each): the hands are the variety
MAX_ACTIONS = 4000


def strict_seats_for(seed: int) -> tuple[int, ...]:
    """One seed in seven plays one seat at a strict table (false declarations and their penalty)."""
    return (seed % 4,) if seed % 7 == 3 else ()


@dataclass(frozen=True)
class SeededRun:
    profile_id: str
    seed: int
    strict_seats: tuple[int, ...]
    hand_hashes: tuple[str, ...]  # the state hash after each hand ended (the next one dealt)
    actions: int


class HashBot:
    """Wins when it can, riichis, calls now and then, discards toward the lowest shanten.

    Decisions depend only on the seat's legal actions, its own concealed tiles and melds (what the
    seat may see), and the bot's own seeded generator."""

    def __init__(self, seed: int, seat: int, sets: int, strict: bool) -> None:
        self.rng = random.Random(f"atlas/state-hash/{seed}/{seat}")
        self.seat = seat
        self.sets = sets
        self.strict = strict

    def decide(self, match: Match) -> Action:
        seat = self.seat
        legal = match.legal_actions(seat)
        rng = self.rng
        genuine = [a for a in legal if not match.is_false(a)]
        false = [a for a in legal if match.is_false(a)]
        if false and rng.random() < 0.03:
            return rng.choice(false)
        by_kind: dict[ActionKind, list[Action]] = {}
        for a in genuine:
            by_kind.setdefault(a.kind, []).append(a)
        for win in (ActionKind.TSUMO, ActionKind.RON):
            if win in by_kind and rng.random() < 0.92:
                return by_kind[win][0]
        if ActionKind.KYUUSHU in by_kind and rng.random() < 0.5:
            return by_kind[ActionKind.KYUUSHU][0]
        if ActionKind.PASS in by_kind:  # a claim window
            calls = [a for k in (ActionKind.DAIMINKAN, ActionKind.PON, ActionKind.CHI) for a in by_kind.get(k, [])]
            if calls and rng.random() < 0.3:
                return rng.choice(calls)
            return by_kind[ActionKind.PASS][0]
        kans = by_kind.get(ActionKind.ANKAN, []) + by_kind.get(ActionKind.KAKAN, [])
        if kans and rng.random() < 0.6:
            return rng.choice(kans)
        if ActionKind.RIICHI in by_kind and rng.random() < 0.8:
            return self._best_discard(match, by_kind[ActionKind.RIICHI])
        discards = by_kind.get(ActionKind.DISCARD, [])
        if discards:
            return self._best_discard(match, discards)
        return genuine[0] if genuine else legal[0]

    def _best_discard(self, match: Match, options: list[Action]) -> Action:
        obs = match.observe(self.seat)
        counts = [0] * 34
        for t in obs.hand:
            if t < 136:
                counts[t >> 2] += 1
        melds = obs.me.melds
        sets = self.sets - len(melds)
        specials = not melds
        scored: list[tuple[int, float, Action]] = []
        for a in options:
            k = a.tiles[0] >> 2
            counts[k] -= 1
            scored.append((shanten(counts, sets, specials, specials), self.rng.random(), a))
            counts[k] += 1
        return min(scored, key=lambda x: (x[0], x[1]))[2]


def play(profile_id: str, seed: int, hands: int = HANDS_PER_MATCH) -> SeededRun:
    profile = load_profile(profile_id)
    strict = strict_seats_for(seed)
    match = Match(profile, seed, strict_seats=strict)
    bots = [HashBot(seed, s, profile.win.sets, s in strict) for s in range(4)]
    hashes: list[str] = []
    done = 0
    for _ in range(MAX_ACTIONS):
        if match.is_over or match.hand_index >= hands:
            break
        seat = match.awaiting()[0]
        before = match.hand_index
        match.apply(bots[seat].decide(match))
        done += 1
        if match.hand_index != before:
            hashes.append(match.state_hash())
    if match.is_over and (not hashes or hashes[-1] != match.state_hash()):
        hashes.append(match.state_hash())
    return SeededRun(profile_id, seed, strict, tuple(hashes), done)
