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
        self._bits = self._rng.getrandbits

    def decide(self, obs: Observation) -> Action:
        # ``rng.choice`` inlined, the same draws (bits of the length's size, redrawn until below
        # it): two Python calls fewer on the random loop's every action
        acts = obs.legal_actions
        n = len(acts)
        if not n:
            raise IndexError("no legal action to choose from")
        k = n.bit_length()
        bits = self._bits
        i = bits(k)
        while i >= n:
            i = bits(k)
        return acts[i]


class EfficiencyBot:
    """Greedy tile efficiency: lowest shanten, then most unseen tiles that improve the hand."""

    name = "efficiency"

    def __init__(self, seed: int, seat: int, *, sets: int = 4) -> None:
        self._rng = seat_rng(seed, seat, self.name)
        self._sets = sets
        # the hand this seat kept last turn and its improving draws: after the next draw, discarding
        # the drawn tile keeps that hand again (a finalist whenever the draw did not help)
        self._kept: tuple[bytes, int, bool, list[int]] = (b"", 0, False, [])
        # the rivers counted at the last decision, by kind, and the rivers they counted: a river
        # only grows within a hand, so the next decision counts only the tiles added since
        self._rivers: list[tuple[int, ...]] = [(), (), (), ()]
        self._river_kinds = [0] * 34

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
        """The lowest-shanten discard with the most unseen improving tiles; ties go to the tile
        of least keep value, then to a seeded draw below 256 made for every finalist."""
        counts = bytearray(34)  # what shanten reads fastest (a hand holds no flower)
        for t in obs.hand:
            counts[t >> 2] += 1
        visible = self._river_counts(obs)
        for i, c in enumerate(counts):
            if c:
                visible[i] += c
        for view in obs.seats:
            for m in view.melds:
                for t in m.tiles:
                    visible[t >> 2] += 1
        for t in obs.dora_indicators:
            visible[t >> 2] += 1
        # a called tile shows in its river and its meld: a kind may be seen five times
        unseen = [4 - v if v < 4 else 0 for v in visible]
        melds = obs.seats[obs.seat].melds
        sets = self._sets - len(melds)
        specials = not melds
        after = dict(discard_shanten(counts, sets, specials, specials))  # by kind discarded
        shs = [after[a.tiles[0] >> 2] for a in options]
        best_sh = min(shs)
        finalists = sorted((a for sh, a in zip(shs, options, strict=True) if sh == best_sh), key=_keep_of)
        getrandbits = self._rng.getrandbits
        kept_hand, kept_sets, kept_specials, kept_kinds = self._kept
        best_key = 1 << 30
        choice = finalists[0]
        chosen: tuple[bytes, int, bool, list[int]] = self._kept
        for a in finalists[:_FINALISTS]:
            k = a.tiles[0] >> 2
            counts[k] -= 1
            left = bytes(counts)
            counts[k] += 1
            if left == kept_hand and sets == kept_sets and specials == kept_specials:
                kinds = kept_kinds
            else:
                kinds = improving_draws(left, sets, specials, specials)[1]
            accept = sum(map(unseen.__getitem__, kinds))
            # the tie-break draw exactly as ``randrange(256)`` makes it (9 bits, redrawn above 255)
            r = getrandbits(9)
            while r >= 256:
                r = getrandbits(9)
            key = ((_KEEP_LIMIT - accept) * _KEEP_LIMIT + _KEEP_VALUE[k]) * 256 + r  # (-accept, keep, draw)
            if key < best_key:  # the first of equal keys, as a stable sort would give
                best_key, choice, chosen = key, a, (left, sets, specials, kinds)
        self._kept = chosen
        return choice

    def _river_counts(self, obs: Observation) -> list[int]:
        """A fresh list of the tiles in the four rivers, by kind (a river that does not extend the
        one counted before, as at a new hand, is counted afresh)."""
        kinds = self._river_kinds
        rivers = self._rivers
        for view in obs.seats:
            now = view.discards
            before = rivers[view.seat]
            if now is before:
                continue
            n = len(before)
            if len(now) >= n and now[:n] == before:
                for t in now[n:]:
                    kinds[t >> 2] += 1
            else:
                for t in before:
                    kinds[t >> 2] -= 1
                for t in now:
                    kinds[t >> 2] += 1
            rivers[view.seat] = now
        return list(kinds)


_FINALISTS = 6  # acceptance is counted for the six likeliest discards only: this bot must be fast


def _keep_value(kind: int) -> int:
    """Prefer to discard isolated honours and terminals before middle tiles on a tie."""
    if kind >= 27:
        return 0
    r = kind % 9
    return min(r, 8 - r) + 1


_KEEP_VALUE = tuple(_keep_value(k) for k in range(34))  # read per option: a look-up, not a call
_KEEP_LIMIT = 256  # above any keep value (5) and any acceptance (136 tiles): one key's digits


def _keep_of(a: Action) -> int:
    return _KEEP_VALUE[a.tiles[0] >> 2]
