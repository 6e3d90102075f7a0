"""Special wins that no discard or draw completes: the eighth flower (Taiwanese, TW-CHH/TW-WAWA).

Knobs: ``tai.eight_flowers_win`` (八仙過海), ``tai.seven_rob_one`` (七搶一); a value of 0 means the
hand is not a win at all. The flower rows themselves are scored by :mod:`..taiwanese`; the other
special shapes (嚦咕嚦咕, four kongs by one seat) are read by :mod:`.wins` and :mod:`.aborts`.

When the eighth flower comes out it wins at once, for its holder (all eight) or for the seat
holding the other seven (it robs the eighth; the drawer pays alone). Automatic: no player turns
down an 8-tai win, and the rows say the hand "wins at once" (TW-CHH). A dead hand wins nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..player import Player
from ..profile import RuleProfile
from ..rows import Unit

FlowerWin = tuple[int, int | None, int]  # (winner, the seat that pays alone or None, the tile)


@dataclass(frozen=True, slots=True)
class SpecialWins:
    eight_flowers: bool
    seven_rob_one: bool

    @classmethod
    def of(cls, p: RuleProfile) -> SpecialWins:
        on = p.unit is Unit.TAI
        return cls(eight_flowers=on and p.tai.eight_flowers_win > 0, seven_rob_one=on and p.tai.seven_rob_one > 0)

    def flower_win(self, players: list[Player], seat: int, tile: int) -> FlowerWin | None:
        """The win ``seat`` setting aside the flower ``tile`` makes, if any."""
        p = players[seat]
        if self.eight_flowers and len(p.flowers) == 8 and not p.dead_hand:
            return (seat, None, tile)
        if self.seven_rob_one and len(p.flowers) == 1:
            found: FlowerWin | None = None
            for q in range(4):
                if q != seat and len(players[q].flowers) == 7 and not players[q].dead_hand:
                    found = (q, seat, tile)
            return found
        return None
