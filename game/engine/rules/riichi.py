"""Riichi: when a seat may declare it, what it locks, and the concealed kan it still allows.

Knobs: ``riichi.enabled``, ``riichi.min_points``, ``riichi.min_live_tiles``, ``riichi.ippatsu``,
``riichi.double_riichi``, ``kan.riichi_ankan``.

Rules-reference §2.1 step 6: a closed tenpai hand, enough points (Tenhou 1,000; EMA none, RCR 2016
3.3.14) and at least four live tiles. After riichi only the drawn tile is discarded, and a
concealed kan is allowed only with the drawn tile and when the waits stay the same (T-KOBA level
2); EMA also asks that the three tiles read as a pung in every arrangement (RCR 2016 3.3.14).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..player import Player
from ..profile import RuleProfile
from ..shanten import arrangements, shanten, waits
from ..tiles import kind_of


@dataclass(frozen=True, slots=True)
class Riichi:
    enabled: bool
    min_points: int  # -1: no condition
    min_live_tiles: int
    ippatsu: bool  # a win by the next own draw, with no call between, is ippatsu
    double_riichi: bool  # riichi in the first uninterrupted go-around is double riichi
    ankan: str  # "wait_unchanged", "wait_unchanged_pung_only" or "never"

    @classmethod
    def of(cls, p: RuleProfile) -> Riichi:
        r = p.riichi
        return cls(r.enabled, r.min_points, r.min_live_tiles, r.ippatsu, r.double_riichi, p.kan.riichi_ankan)

    def may_declare(self, p: Player, score: int, live_remaining: int) -> bool:
        """The conditions besides tenpai (the flow checks that a discard keeps the hand tenpai)."""
        return (
            self.enabled
            and not p.riichi
            and p.is_closed
            and (self.min_points < 0 or score >= self.min_points)
            and live_remaining >= self.min_live_tiles
        )

    def ankan_allowed(self, p: Player, kind: int, drawn: int | None, sets_needed: int) -> bool:
        """A concealed kan of ``kind`` after riichi: only with the drawn tile, and only when the
        waits stay the same (and, for EMA, the three tiles are a pung in every reading)."""
        if self.ankan == "never" or drawn is None or kind_of(drawn) != kind:
            return False
        counts = p.counts()
        counts[kind] -= 4
        sets = sets_needed - 1
        after = tuple(waits(counts, sets, False, False)) if shanten(counts, sets, False, False) == 0 else ()
        if after != p.waits:
            return False
        if self.ankan == "wait_unchanged_pung_only":
            base = p.counts()
            base[kind] -= 1  # the 13 tiles before the draw
            for w in p.waits:
                base[w] += 1
                for arr in arrangements(base, sets_needed):
                    if ("pon", kind) not in arr.sets:
                        base[w] -= 1
                        return False
                base[w] -= 1
        return True
