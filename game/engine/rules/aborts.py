"""Abortive draws: the hands that end with no winner before the wall runs out (rules-reference §2.4).

Knobs: ``draws.abortive``, ``kan.four_kan_abort`` (four kans abort only with both). After each the dealer
stays, a counter is added and the riichi sticks stay on the table (T-MORTAL game.rs).

| kind | when |
|---|---|
| ``kyuushu_kyuuhai`` 九種九牌 | declared on one's first uninterrupted draw with nine kinds of terminals and honours |
| ``suufon_renda`` 四風連打 | the four first discards are the same wind, no call |
| ``suucha_riichi`` 四家立直 | the fourth riichi is accepted |
| ``suukaikan`` 四開槓 | four kans by two or more seats, once the fourth kan's discard passes |
| ``sanchahou`` 三家和 | a third ron on one discard (read by :mod:`.calls`) |
"""

from __future__ import annotations

from dataclasses import dataclass

from ..player import Player
from ..profile import RuleProfile
from ..rows import Unit
from ..tiles import TERMINALS_AND_HONORS, WINDS

TERMINAL_HONOR_KINDS = tuple(sorted(TERMINALS_AND_HONORS))


@dataclass(frozen=True, slots=True)
class Aborts:
    kyuushu: bool
    four_winds: bool
    four_riichi: bool
    four_kans: bool  # four kans by several seats abort the hand

    def four_kans_by_several(self, kans: list[int]) -> bool:
        """The fourth kan of the hand, not all by one seat: the hand aborts after its discard."""
        return self.four_kans and len(kans) == 4 and len(set(kans)) > 1

    @classmethod
    def of(cls, p: RuleProfile) -> Aborts:
        kinds = p.draws.abortive
        return cls(
            kyuushu="kyuushu_kyuuhai" in kinds,
            four_winds="suufon_renda" in kinds,
            four_riichi="suucha_riichi" in kinds,
            # the Taiwanese 四槓 house rule (TW-CHH): four kongs by one seat win (scored as a row),
            # by several they draw the hand like Tenhou's 四開槓
            four_kans=(p.kan.four_kan_abort and "suukaikan" in kinds) or bool(p.unit is Unit.TAI and p.tai.four_kong_win),
        )

    def nine_kinds(self, p: Player, first_uninterrupted: bool) -> bool:
        """Whether the seat may declare nine kinds (九種九牌) now."""
        return (
            self.kyuushu
            and first_uninterrupted
            and sum(1 for k in TERMINAL_HONOR_KINDS if p.kind_counts[k]) >= 9
        )

    def four_winds_discarded(self, first_discards: list[int], calls_made: bool, players: list[Player]) -> bool:
        """四風連打: the hand's first four discards, none called, all the same wind."""
        return (
            self.four_winds
            and len(first_discards) == 4
            and not calls_made
            and sum(len(q.discards) for q in players) == 4
            and first_discards[0] in WINDS
            and len(set(first_discards)) == 1
        )

    def four_riichi_declared(self, players: list[Player]) -> bool:
        return self.four_riichi and all(q.riichi for q in players)
