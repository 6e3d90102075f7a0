"""One seat's state within a hand: concealed tiles, melds, discards, riichi and furiten."""

from __future__ import annotations

from dataclasses import dataclass, field

from .meld import Meld
from .tiles import kind_of


@dataclass
class Discard:
    tile: int
    tsumogiri: bool
    riichi: bool
    called: bool = False  # taken by another seat's call


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)  # concealed tile ids
    melds: list[Meld] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    discard_kinds: set[int] = field(default_factory=set)  # every kind ever discarded (furiten)

    riichi: bool = False
    riichi_pending: bool = False  # declared; the stick goes down when the tile is not ronned
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temporary: bool = False
    furiten_riichi: bool = False
    nagashi_ok: bool = True  # only terminals and honours discarded, none called away

    waits: tuple[int, ...] = ()  # kinds that complete the 3n+1 hand (cached after each discard)
    shanten: int = 8
    kuikae: frozenset[int] = frozenset()  # kinds this seat may not discard this turn
    pao: int | None = None  # the seat liable for a daisangen/daisuushii fed by a call

    @property
    def is_closed(self) -> bool:
        return all(not m.kind.is_open for m in self.melds)

    @property
    def has_discarded(self) -> bool:
        return bool(self.discards)

    def counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.hand:
            counts[t >> 2] += 1
        return counts

    def remove(self, tile: int) -> None:
        self.hand.remove(tile)

    def furiten_permanent(self) -> bool:
        return any(k in self.discard_kinds for k in self.waits)

    def held_of_kind(self, kind: int) -> int:
        """Copies of ``kind`` in the hand and melds (a wait on a fifth copy is no wait)."""
        n = sum(1 for t in self.hand if kind_of(t) == kind)
        for m in self.melds:
            n += sum(1 for t in m.tiles if kind_of(t) == kind)
        return n
