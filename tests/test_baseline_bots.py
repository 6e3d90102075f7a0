"""The baseline bots are yardsticks: a speed-up of theirs must play the same games.

Each fast bot is played beside a plain reference written the obvious way (the library's
``randrange``/``choice``, :func:`improving_draws` for every finalist, visible tiles counted afresh
every decision) on seeded matches of every rulebook, and must choose the same action at every
state. The wall's shuffle and the turn's one-tile-per-class list are checked against their plain
forms the same way.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.baseline import _FINALISTS, _KEEP_VALUE, EfficiencyBot, RandomBot, seat_rng
from game.engine import Match
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.engine.profile import available_profiles, load_profile
from game.engine.shanten import discard_shanten, improving_draws
from game.engine.tile_classes import class_table, one_per_class
from game.engine.wall import shuffle


class PlainEfficiencyBot:
    """The efficiency bot's rule, written plainly: lowest shanten, then most unseen improving
    tiles among the six discards of least keep value, then least keep value, then a seeded draw
    below 256 made for each of those six."""

    def __init__(self, seed: int, seat: int, sets: int) -> None:
        self.rng = seat_rng(seed, seat, "efficiency")
        self.sets = sets

    def decide(self, obs: Observation) -> Action:
        acts = obs.legal_actions
        for a in acts:
            if a.kind in (ActionKind.TSUMO, ActionKind.RON):
                return a
        if obs.phase != "turn":
            return next(a for a in acts if a.kind is ActionKind.PASS)
        riichi = [a for a in acts if a.kind is ActionKind.RIICHI]
        discards = [a for a in acts if a.kind is ActionKind.DISCARD]
        if riichi:
            return self.best(obs, riichi)
        if len(discards) == 1:
            return discards[0]
        return self.best(obs, discards)

    def best(self, obs: Observation, options: list[Action]) -> Action:
        counts = [0] * 34
        for t in obs.hand:
            counts[t >> 2] += 1
        visible = list(counts)
        for view in obs.seats:
            for t in view.discards:
                visible[t >> 2] += 1
            for m in view.melds:
                for t in m.tiles:
                    visible[t >> 2] += 1
        for t in obs.dora_indicators:
            visible[t >> 2] += 1
        sets = self.sets - len(obs.me.melds)
        specials = not obs.me.melds
        after = dict(discard_shanten(counts, sets, specials, specials))
        best_sh = min(after[a.tiles[0] >> 2] for a in options)
        finalists = sorted(
            (a for a in options if after[a.tiles[0] >> 2] == best_sh), key=lambda a: _KEEP_VALUE[a.tiles[0] >> 2]
        )
        scored = []
        for a in finalists[:_FINALISTS]:
            k = a.tiles[0] >> 2
            counts[k] -= 1
            _sh, kinds = improving_draws(counts, sets, specials, specials)
            counts[k] += 1
            accept = sum(max(0, 4 - visible[j]) for j in kinds)
            scored.append((-accept, _KEEP_VALUE[k], self.rng.randrange(256), a))
        scored.sort(key=lambda x: x[:3])
        return scored[0][3]


class PlainRandomBot:
    def __init__(self, seed: int, seat: int) -> None:
        self.rng = seat_rng(seed, seat, "random")

    def decide(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions)


def _same_games(profile_id: str, seed: int, kind: str, hands: int) -> int:
    """Play a match with the fast bots, ask the plain ones at every state; the states checked."""
    profile = load_profile(profile_id)
    match = Match(profile, seed)
    sets = profile.win.sets
    if kind == "efficiency":
        fast: list[EfficiencyBot | RandomBot] = [EfficiencyBot(seed, s, sets=sets) for s in range(4)]
        plain: list[PlainEfficiencyBot | PlainRandomBot] = [PlainEfficiencyBot(seed, s, sets) for s in range(4)]
    else:
        fast = [RandomBot(seed, s) for s in range(4)]
        plain = [PlainRandomBot(seed, s) for s in range(4)]
    states = 0
    while not match.is_over and match.hand_index < hands:
        seat = match.awaiting()[0]
        obs = match.observe(seat)
        chosen = fast[seat].decide(obs)
        assert chosen == plain[seat].decide(obs), (profile_id, seed, states)
        match.apply(chosen)
        states += 1
    return states


@pytest.mark.parametrize("profile_id", available_profiles())
@pytest.mark.parametrize("kind", ["efficiency", "random"])
def test_fast_bots_choose_as_the_plain_ones(profile_id: str, kind: str) -> None:
    states = sum(_same_games(profile_id, seed, kind, hands=4) for seed in (3, 11))
    assert states > 300


def test_the_wall_shuffle_is_the_library_shuffle() -> None:
    for seed in range(200):
        tiles = list(range(136 + 8 * (seed % 2)))
        mine, theirs = list(tiles), list(tiles)
        a, b = random.Random(f"s/{seed}"), random.Random(f"s/{seed}")
        shuffle(a, mine)
        b.shuffle(theirs)
        assert mine == theirs
        assert a.random() == b.random()  # the same bits drawn


def _plain_one_per_class(ordered: list[int], prefer: int | None, class_of: tuple[int, ...]) -> list[int]:
    by_class: dict[int, int] = {}
    for t in ordered:
        by_class.setdefault(class_of[t], t)
    if prefer is not None and class_of[prefer] in by_class:
        by_class[class_of[prefer]] = prefer
    return sorted(by_class.values())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 135), min_size=1, max_size=18, unique=True), st.integers(-1, 135), st.booleans())
def test_one_per_class_keeps_the_preferred_tile(hand: list[int], prefer: int, reds: bool) -> None:
    class_of = class_table(frozenset({16, 52, 88}) if reds else frozenset())
    chosen = prefer if prefer >= 0 else None
    ordered = sorted(hand)
    assert one_per_class(ordered, chosen, class_of) == _plain_one_per_class(ordered, chosen, class_of)
