"""The physical wall: four walls of stacks, the dice, the break, the dead wall or hill, the draws.

Everything here follows ``riichi-mechanics.ru.txt`` (Seed-RU) and, for the 16-tile game, the hill of
``taiwanese-16-tile.fr.txt`` (Seed-FR):

* Each seat builds a wall of ``S`` stacks of two in front of itself (S = 17, or 18 with flowers).
* The dealer rolls two dice; the total counts walls counter-clockwise from the dealer (1, 5, 9: the
  dealer's own; 2, 6, 10: the right-hand neighbour's; ...). That wall's owner counts that many stacks
  from the **right** end of his wall: the break lies left of the last stack counted.
* The stacks right of the break (7 in riichi, 8 for the hill) are set apart as the dead wall; the
  upper tile of the third one is the dora indicator, kan dora indicators flip beside it.
* The deal and the draws start left of the break and run clockwise around the square.

Positions. Stacks are numbered on one ring of ``4 * S`` places that runs **counter-clockwise**:
``ring = owner_seat * S + i`` where ``i`` counts from the owner's *left* end (0) to his right end
(S - 1); past the right end the ring continues into the wall of the owner's right-hand neighbour
(the next seat counter-clockwise). A tile position is ``(ring, level)`` with level 0 the upper tile
and 1 the lower one. Draws therefore walk the ring downwards from the break.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from .errors import AtlasError

Position = tuple[int, int]  # (ring stack index, level: 0 upper / 1 lower)


@dataclass(frozen=True, slots=True)
class DiceRoll:
    d1: int
    d2: int

    @property
    def total(self) -> int:
        return self.d1 + self.d2


def shuffle(rng: random.Random, tiles: list[int]) -> None:
    """``rng.shuffle(tiles)`` with its draws inlined: the same swaps from the same bits (a draw
    below ``n`` is ``n.bit_length()`` bits, redrawn until below ``n``), without two Python calls
    per tile (136 or 144 of them at every hand's start)."""
    bits = rng.getrandbits
    for i in range(len(tiles) - 1, 0, -1):
        n = i + 1
        k = _BIT_LENGTH[n]
        j = bits(k)
        while j >= n:
            j = bits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]


_BIT_LENGTH = tuple(n.bit_length() for n in range(257))  # a wall holds at most 144 tiles


def roll(rng: random.Random) -> DiceRoll:
    return DiceRoll(rng.randint(1, 6), rng.randint(1, 6))


def roll_first_dealer(rng: random.Random) -> tuple[int, list[list[tuple[int, DiceRoll]]]]:
    """Every player rolls; the highest total deals first and ties among the highest roll again.

    Returns the first dealer's seat and every round of rolls as ``[(seat, roll), ...]``.
    """
    contenders = [0, 1, 2, 3]
    rounds: list[list[tuple[int, DiceRoll]]] = []
    while True:
        this_round = [(seat, roll(rng)) for seat in contenders]
        rounds.append(this_round)
        best = max(r.total for _, r in this_round)
        contenders = [seat for seat, r in this_round if r.total == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def wall_owner(dealer: int, dice_total: int) -> int:
    """Whose wall breaks: count the total counter-clockwise from the dealer (dealer = 1)."""
    return (dealer + dice_total - 1) % 4


@dataclass
class Wall:
    """One hand's wall. ``ring_tiles[p]`` holds the two tile ids of ring stack ``p`` (upper, lower).

    The live wall is ``live`` (tile ids in draw order) consumed from ``head``; its end shrinks from the
    back when a kan or a flower takes a replacement (the tail tile joins the dead wall or hill). The
    dead wall ``dead`` lists its tiles stack by stack from the break (upper, lower, ...), with tail
    tiles appended as they join; replacements are taken from the front (``rinshan_taken``).
    """

    stacks_per_side: int
    dealer: int
    dice: DiceRoll
    ring_tiles: list[tuple[int, int]]
    dead_stacks: int
    live: list[int] = field(default_factory=list)
    live_pos: list[Position] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    dead_pos: list[Position] = field(default_factory=list)
    head: int = 0
    tail: int = 0  # live tiles are live[head:tail]
    rinshan_taken: int = 0
    # the hill of the 16-tile game gives "the first tile from the left of its upper row" (Seed-FR):
    # its upper row comes first, left to right, then the lower row; riichi takes stack by stack
    upper_row_first: bool = False

    @property
    def ring_size(self) -> int:
        return 4 * self.stacks_per_side

    @property
    def owner(self) -> int:
        return wall_owner(self.dealer, self.dice.total)

    @property
    def break_stack(self) -> int:
        """The ring index of the first stack right of the break (the dead wall's first stack)."""
        s = self.stacks_per_side
        return self.owner * s + s - self.dice.total

    @classmethod
    def build(
        cls,
        tiles: list[int],
        *,
        stacks_per_side: int,
        dealer: int,
        dice: DiceRoll,
        dead_size: int,
        upper_row_first: bool = False,
    ) -> Wall:
        """Lay ``tiles`` (already shuffled) two by two on the ring, then break it by the dice."""
        s = stacks_per_side
        if len(tiles) != 8 * s:
            raise AtlasError(f"a wall of {s} stacks a side holds {8 * s} tiles, not {len(tiles)}")
        ring = [(tiles[2 * p], tiles[2 * p + 1]) for p in range(4 * s)]
        wall = cls(s, dealer, dice, ring, dead_size // 2, upper_row_first=upper_row_first)
        wall._split()
        return wall

    @classmethod
    def stacked(
        cls,
        draw_order: list[int],
        dead: list[int],
        rest: list[int],
        *,
        stacks_per_side: int,
        dealer: int,
        dice: DiceRoll,
        dead_size: int,
        upper_row_first: bool = False,
    ) -> Wall:
        """A wall whose live tiles come out in ``draw_order`` and whose dead wall starts with ``dead``
        (in the order replacements take them).

        Used by tutorials (a stacked wall) and by log replays, which know the dealt and drawn tiles.
        ``rest`` fills every place left over, so all tiles are on the table.
        """
        s = stacks_per_side
        probe = cls(s, dealer, dice, [(-1, -1)] * (4 * s), dead_size // 2, upper_row_first=upper_row_first)
        live_pos, dead_pos = probe._positions()
        slots: dict[Position, int] = {}
        pool = list(rest)
        for pos, tile in zip(live_pos, draw_order, strict=False):
            slots[pos] = tile
        for pos, tile in zip(dead_pos, dead, strict=False):
            slots[pos] = tile
        for pos in live_pos[len(draw_order) :] + dead_pos[len(dead) :]:
            if not pool:
                raise AtlasError("a stacked wall needs every tile of the set")
            slots[pos] = pool.pop()
        if pool:
            raise AtlasError(f"a stacked wall was given {len(pool)} tiles too many")
        ring = [(slots[(p, 0)], slots[(p, 1)]) for p in range(4 * s)]
        wall = cls(s, dealer, dice, ring, dead_size // 2, upper_row_first=upper_row_first)
        wall._split()
        return wall

    def _positions(self) -> tuple[list[Position], list[Position]]:
        live, dead = _ring_positions(self.ring_size, self.break_stack, self.dead_stacks, self.upper_row_first)
        return list(live), list(dead)

    def _split(self) -> None:
        self.live_pos, self.dead_pos = self._positions()
        ring = self.ring_tiles
        self.live = [ring[p][lv] for p, lv in self.live_pos]
        self.dead = [ring[p][lv] for p, lv in self.dead_pos]
        self.head = 0
        self.tail = len(self.live)

    # --- play ---------------------------------------------------------------------------------

    @property
    def live_remaining(self) -> int:
        return self.tail - self.head

    def draw(self) -> tuple[int, Position]:
        if self.head >= self.tail:
            raise AtlasError("the live wall is empty")
        i = self.head
        self.head += 1
        return self.live[i], self.live_pos[i]

    def undraw(self) -> tuple[int, Position]:
        """Put the last drawn tile back at the head of the live wall (a win claimed after it)."""
        if self.head == 0:
            raise AtlasError("no tile has been drawn")
        self.head -= 1
        return self.live[self.head], self.live_pos[self.head]

    def take(self, n: int) -> tuple[list[int], list[Position]]:
        """``n`` draws at once (a block of the deal)."""
        i = self.head
        if i + n > self.tail:
            raise AtlasError("the live wall is empty")
        self.head = i + n
        return self.live[i : i + n], self.live_pos[i : i + n]

    def draw_replacement(self) -> tuple[int, Position]:
        """A kan or flower replacement from the break end of the dead wall (or hill)."""
        i = self.rinshan_taken
        self.rinshan_taken += 1
        return self.dead[i], self.dead_pos[i]

    def move_tail_to_dead(self) -> tuple[int, Position]:
        """The last live tile joins the dead wall, so the dead wall keeps its size."""
        if self.tail <= self.head:
            raise AtlasError("no live tile is left to join the dead wall")
        self.tail -= 1
        tile, pos = self.live[self.tail], self.live_pos[self.tail]
        self.dead.append(tile)
        self.dead_pos.append(pos)
        return tile, pos

    def draw_from_tail(self) -> tuple[int, Position]:
        """The last live tile, from the far end of the wall (a replacement where no dead wall is
        set apart)."""
        if self.tail <= self.head:
            raise AtlasError("the live wall is empty")
        self.tail -= 1
        return self.live[self.tail], self.live_pos[self.tail]

    def upper_tile(self, stack: int) -> tuple[int, Position]:
        """The upper tile of the dead wall's ``stack``-th stack from the break (0 = the first)."""
        i = stack if self.upper_row_first else 2 * stack
        return self.dead[i], self.dead_pos[i]

    def lower_tile(self, stack: int) -> tuple[int, Position]:
        """The lower tile of the dead wall's ``stack``-th stack from the break."""
        i = self.dead_stacks + stack if self.upper_row_first else 2 * stack + 1
        return self.dead[i], self.dead_pos[i]


@functools.lru_cache(maxsize=256)
def _ring_positions(
    n: int, break_stack: int, dead_stacks: int, upper_row_first: bool
) -> tuple[tuple[Position, ...], tuple[Position, ...]]:
    """Live places in drawing order and dead-wall places in replacement order: the same for
    every hand with the same break, so made once."""
    b = break_stack
    if upper_row_first:
        dead = tuple(((b + k) % n, level) for level in (0, 1) for k in range(dead_stacks))
    else:
        dead = tuple(((b + k) % n, level) for k in range(dead_stacks) for level in (0, 1))
    live = tuple(((b - 1 - k) % n, level) for k in range(n - dead_stacks) for level in (0, 1))
    return live, dead
