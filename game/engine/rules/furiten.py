"""Furiten, and the Taiwanese "missed discard" lock (rules-reference §2.2, §4.2).

Knobs: ``furiten.permanent``, ``furiten.temporary_ends``, ``furiten.riichi``,
``tai.missed_discard_lock``.

* Permanent furiten: a waiting tile among one's own discards (``Player.furiten_permanent``).
* Temporary furiten: a winning tile let pass, ended by ``furiten.temporary_ends`` (Tenhou: the
  seat's next discard; EMA RCR 2016 3.4.5: when it draws or claims a tile).
* Riichi furiten: a winning tile let pass after riichi, for the rest of the hand.
* Missed discard (TW-4W rules04 §4.1, an optional "customary" rule): a seat that lets a winning
  discard pass may not go out on that kind, by discard or self-draw, until it has discarded.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..player import Player
from ..profile import RuleProfile


@dataclass(frozen=True, slots=True)
class Furiten:
    permanent: bool
    temporary: bool  # a winning tile let pass makes temporary furiten
    ends_on_draw: bool  # temporary furiten ends when the seat draws or claims (EMA)
    ends_on_discard: bool  # temporary furiten ends at the seat's next discard (Tenhou)
    riichi: bool
    missed_discard_lock: bool

    @classmethod
    def of(cls, p: RuleProfile) -> Furiten:
        f = p.furiten
        return cls(
            permanent=f.permanent,
            temporary=f.temporary_ends != "none",
            ends_on_draw=f.temporary_ends == "draw_or_claim",
            ends_on_discard=f.temporary_ends == "own_discard",
            riichi=f.riichi,
            missed_discard_lock=p.tai.missed_discard_lock,
        )

    @property
    def noted(self) -> bool:
        """Whether letting a winning tile pass changes anything."""
        return self.temporary or self.riichi or self.missed_discard_lock

    def blocks_ron(self, p: Player, kind: int) -> bool:
        """The seat may not win on a discard of ``kind`` now."""
        return (
            p.furiten_temporary
            or p.furiten_riichi
            or (self.permanent and p.furiten_permanent())
            or kind in p.missed_kinds
        )

    def is_furiten(self, p: Player) -> bool:
        """Furiten of any kind, as the seat's observation shows it."""
        return p.furiten_temporary or p.furiten_riichi or p.furiten_permanent()

    def note_let_pass(self, players: list[Player], discarder: int, tile: int, winners: list[int]) -> None:
        """Every seat that could have won on the tile and did not is furiten from now on (a seat
        not offered ron because its hand had no yaku on that tile included)."""
        if not self.noted:
            return
        k = tile >> 2
        for seat, p in enumerate(players):
            if seat == discarder or seat in winners or k not in p.waits:
                continue
            if self.temporary:
                p.furiten_temporary = True
            if self.riichi and p.riichi:
                p.furiten_riichi = True
            if self.missed_discard_lock:
                p.missed_kinds = p.missed_kinds | {k}
