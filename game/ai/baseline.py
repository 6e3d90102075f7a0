"""Baseline seats for simulations and benchmarks: a random-legal bot and a fast efficiency bot.

They are yardsticks, not opponents: the real levels live beside them. The efficiency bot plays the
discard that keeps the lowest shanten with the widest acceptance, wins whenever it can, declares
riichi when it can, and never calls (calls need yaku awareness the real levels bring).
"""

from __future__ import annotations

import random

from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation
from game.engine.shanten import discard_shanten, improving_draws

# read per legal action as globals (``ActionKind.RON`` is ~10x slower to read on Python 3.11)
_TSUMO, _RON, _PASS = ActionKind.TSUMO, ActionKind.RON, ActionKind.PASS
_RIICHI, _DISCARD = ActionKind.RIICHI, ActionKind.DISCARD


def seat_rng(seed: int, seat: int, name: str) -> random.Random:
    return random.Random(f"atlas/{seed}/ai/{seat}/{name}")


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self._rng = seat_rng(seed, seat, self.name)

    def decide(self, obs: Observation) -> Action:
        return self._rng.choice(obs.legal_actions)


class EfficiencyBot:
    """Greedy tile efficiency: lowest shanten, then most unseen tiles that improve the hand."""

    name = "efficiency"

    def __init__(self, seed: int, seat: int, *, sets: int = 4) -> None:
        self._rng = seat_rng(seed, seat, self.name)
        self._sets = sets

    def decide(self, obs: Observation) -> Action:
        acts = obs.legal_actions
        for a in acts:
            if a.kind is _TSUMO or a.kind is _RON:
                return a
        if obs.phase != "turn":
            return next(a for a in acts if a.kind is _PASS)
        riichi = [a for a in acts if a.kind is _RIICHI]
        discards = [a for a in acts if a.kind is _DISCARD]
        if riichi:
            return self._best(obs, riichi)
        if len(discards) == 1:
            return discards[0]
        return self._best(obs, discards)

    def _best(self, obs: Observation, options: list[Action]) -> Action:
        counts = bytearray(34)  # what shanten reads fastest (a hand holds no flower)
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
        sets = self._sets - len(obs.me.melds)
        specials = not obs.me.melds
        scored: list[tuple[int, int, int, Action]] = []
        best_sh = 99
        shs: list[tuple[int, Action]] = []
        after = dict(discard_shanten(counts, sets, specials, specials))  # by kind discarded
        for a in options:
            sh = after[a.tiles[0] >> 2]
            shs.append((sh, a))
            if sh < best_sh:
                best_sh = sh
        finalists = sorted((a for sh, a in shs if sh == best_sh), key=lambda a: _KEEP_VALUE[a.tiles[0] >> 2])
        for a in finalists[:_FINALISTS]:
            k = a.tiles[0] >> 2
            counts[k] -= 1
            _sh, kinds = improving_draws(counts, sets, specials, specials)
            counts[k] += 1
            accept = sum(4 - visible[j] for j in kinds if visible[j] < 4)
            scored.append((accept, _KEEP_VALUE[k], self._rng.randrange(256), a))
        scored.sort(key=lambda x: (-x[0], x[1], x[2]))
        return scored[0][3]


_FINALISTS = 6  # acceptance is counted for the six likeliest discards only: this bot must be fast


def _keep_value(kind: int) -> int:
    """Prefer to discard isolated honours and terminals before middle tiles on a tie."""
    if kind >= 27:
        return 0
    r = kind % 9
    return min(r, 8 - r) + 1


_KEEP_VALUE = tuple(_keep_value(k) for k in range(34))  # read per option: a look-up, not a call
