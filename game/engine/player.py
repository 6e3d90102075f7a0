"""One seat's state within a hand: concealed tiles, melds, discards, riichi and furiten."""

from __future__ import annotations

from dataclasses import dataclass, field

from .meld import Meld
from .shanten import shanten as shanten_of
from .tiles import FLOWER_ID_BASE, NUM_FLOWER_KINDS, kind_of

# every tile id's kind, flowers' too: an index is cheaper than a call on the hot path
_KIND_OF = tuple(kind_of(t) for t in range(FLOWER_ID_BASE + NUM_FLOWER_KINDS))


@dataclass(slots=True)  # one per discard: slots make it half as dear to build
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
    called_count: int = 0  # discards of this seat taken by calls
    # the river as tuples, kept in step with ``discards`` so observations cost nothing to build
    river_tiles: tuple[int, ...] = ()
    river_tsumogiri: tuple[bool, ...] = ()
    river_called: tuple[bool, ...] = ()
    river_turns: tuple[int, ...] = ()  # each discard's number among all the hand's discards (0 first)
    riichi_index: int | None = None

    waits: tuple[int, ...] = ()  # kinds that complete the 3n+1 hand (cached after each discard)
    # the shanten, or while a count is deferred (``_shanten_args`` set) a lower bound of it
    _shanten: int = 8
    _shanten_args: tuple[int, bool, bool] | None = None  # (sets, chiitoitsu, kokushi) of a deferred count
    kuikae: frozenset[int] = frozenset()  # kinds this seat may not discard this turn
    missed_kinds: frozenset[int] = frozenset()  # kinds it may not win on until it discards (TW-4W lock)
    pao: int | None = None  # the seat liable for a daisangen/daisuushii fed by a call
    dead_hand: bool = False  # a false call (or a Taiwanese false win): no more wins or calls

    @property
    def shanten(self) -> int:
        """Shanten of the concealed hand (a deferred count is made on the first read)."""
        args = self._shanten_args
        if args is not None:
            self._shanten = shanten_of(self.kind_counts[:34], *args)
            self._shanten_args = None
        return self._shanten

    @shanten.setter
    def shanten(self, value: int) -> None:
        self._shanten = value
        self._shanten_args = None

    def defer_shanten(self, sets: int, chiitoitsu: bool, kokushi: bool, at_least: int) -> None:
        """Skip counting a hand known to be ``at_least`` (>= 1) from tenpai: nothing this turn
        needs the exact figure (no tsumo, riichi or wait can come of it); count on the first read.

        The bounds that make this safe: a draw lowers shanten by at most one, and a discard never
        lowers it (a 14-tile hand's shanten is the least over its discards)."""
        self._shanten = at_least
        self._shanten_args = (sets, chiitoitsu, kokushi)

    @property
    def shanten_deferred(self) -> bool:
        return self._shanten_args is not None

    def keep_deferred_after_draw(self) -> bool:
        """A deferred hand drew a tile: lower the bound by one (a draw's most) and keep the
        count deferred while that still proves the hand one or more from tenpai."""
        if self._shanten_args is None or self._shanten <= 1:
            return False
        self._shanten -= 1
        return True

    def shanten_at_most(self, n: int) -> bool:
        """``shanten <= n``, without making a deferred count that cannot come out that low."""
        if self._shanten_args is not None and self._shanten > n:
            return False
        return self.shanten <= n

    @property
    def is_closed(self) -> bool:
        return all(not m.kind.is_open for m in self.melds)

    @property
    def has_discarded(self) -> bool:
        return bool(self.discards)

    # hand tiles per kind (flowers' kinds too): bytes, so shanten reads it with no conversion
    kind_counts: bytearray = field(default_factory=lambda: bytearray(42))

    def counts(self) -> bytearray:
        """A fresh 34-entry count vector of the concealed hand (flowers left out)."""
        return self.kind_counts[:34]

    seen_changed: bool = True  # something public changed since the last observation was built

    # the hand sorted, made on demand and cleared by add and remove
    _sorted: tuple[int, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def sorted_hand(self) -> tuple[int, ...]:
        """The concealed tiles in id order (observations and the turn's discards both read it)."""
        ordered = self._sorted
        if ordered is None:
            ordered = self._sorted = tuple(sorted(self.hand))
        return ordered

    def add(self, tile: int) -> None:
        self.hand.append(tile)
        self.kind_counts[_KIND_OF[tile]] += 1
        self.seen_changed = True
        self._sorted = None

    def add_all(self, tiles: list[int]) -> None:
        """``add`` for each tile (a block of the deal)."""
        self.hand.extend(tiles)
        counts = self.kind_counts
        for t in tiles:
            counts[_KIND_OF[t]] += 1
        self.seen_changed = True
        self._sorted = None

    def remove(self, tile: int) -> None:
        self.hand.remove(tile)
        self.kind_counts[_KIND_OF[tile]] -= 1
        self.seen_changed = True
        self._sorted = None

    def add_discard(self, tile: int, tsumogiri: bool, riichi: bool, turn: int = -1) -> None:
        """``turn``: the discard's number among all the hand's discards (the match counts)."""
        if riichi:
            self.riichi_index = len(self.discards)
        self.discards.append(Discard(tile, tsumogiri, riichi))
        self.river_tiles += (tile,)
        self.river_tsumogiri += (tsumogiri,)
        self.river_called += (False,)
        self.river_turns += (turn,)
        self.discard_kinds.add(_KIND_OF[tile])

    def last_discard_called(self) -> None:
        self.discards[-1].called = True
        self.river_called = (*self.river_called[:-1], True)
        self.called_count += 1
        self.nagashi_ok = False
        self.seen_changed = True

    def furiten_permanent(self) -> bool:
        return not self.discard_kinds.isdisjoint(self.waits)

    def held_of_kind(self, kind: int) -> int:
        """Copies of ``kind`` in the hand and melds (a wait on a fifth copy is no wait)."""
        n = sum(1 for t in self.hand if kind_of(t) == kind)
        for m in self.melds:
            n += sum(1 for t in m.tiles if kind_of(t) == kind)
        return n
