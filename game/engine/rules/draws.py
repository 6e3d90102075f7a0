"""The exhaustive draw: who is tenpai, the noten payments, nagashi mangan (rules-reference §2.5).

Knobs: ``draws.noten_total``, ``draws.nagashi_mangan``.

Formal tenpai (RCR 2016 3.3.13): waiting on at least one tile the seat does not hold all four of;
no yaku is needed, and waits that are all visible elsewhere still count; a dead hand is never
tenpai (RCR 2016 3.4.7). Noten payments: the noten seats pay ``noten_total`` between them to the
tenpai seats. Nagashi mangan replaces them: a seat whose discards are all terminals and honours,
none called, is paid a mangan tsumo (no counters; several seats may each have it, T-MORTAL).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..player import Player
from ..profile import RuleProfile
from ..scoring_bridge import exhaustive_draw_deltas, nagashi_deltas


@dataclass(frozen=True, slots=True)
class Draws:
    noten_total: int
    nagashi_mangan: bool

    @classmethod
    def of(cls, p: RuleProfile) -> Draws:
        return cls(p.draws.noten_total, p.draws.nagashi_mangan)

    @staticmethod
    def formal_tenpai(p: Player) -> bool:
        if p.dead_hand:
            return False
        return any(p.held_of_kind(k) < 4 for k in p.waits)

    def nagashi(self, players: list[Player]) -> tuple[int, ...]:
        """The seats with a nagashi mangan (none when the rulebook has no such hand)."""
        if not self.nagashi_mangan:
            return ()
        return tuple(s for s in range(4) if players[s].nagashi_ok)

    def deltas(self, tenpai: tuple[bool, ...], nagashi: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
        if nagashi:
            return nagashi_deltas(nagashi, dealer)
        return exhaustive_draw_deltas(tenpai, self.noten_total)
