"""Walls and the hill: the tile set, the wall's build and break, replacement tiles and dora.

Knobs: ``tiles.flowers``, ``tiles.red_fives``, ``deal.rounds_of``, ``wall.stacks_per_side``, ``wall.dead_wall_size``,
``wall.dead_wall_mode``, ``wall.dora_indicator_stack``, ``wall.max_dora_indicators``,
``kan.kan_dora``, ``kan.dora_ankan``, ``kan.dora_open``, ``riichi.ura_dora``.

* ``replenished`` (riichi, EMA RCR 2016 3.3.5): the dead wall keeps its 14 tiles; a replacement
  is taken from its break end and the last live tile joins it.
* ``replenished_hill`` (the Taiwanese hill 花牌山, Seed-FR): the same, but the hill gives "the
  first tile from the left of its upper row", so its upper row comes out first, then the lower.
* ``none`` (Hong Kong Old Style): no dead wall is set apart; a replacement is the last tile at the
  far end of the live wall, and the whole wall is played out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..events import Event, TailToDeadWall, TileDrawn
from ..profile import RuleProfile
from ..tiles import RED_FIVE_IDS, tile_ids
from ..wall import DiceRoll, Position, Wall, roll, shuffle


@dataclass(frozen=True, slots=True)
class Walls:
    stacks_per_side: int
    dead_size: int  # tiles set apart at the break (0: no dead wall)
    hill: bool  # the hill's upper row is drawn first (``replenished_hill``)
    flowers: int  # flowers in the set (0 or 8)
    red_ids: frozenset[int]  # the red fives among the tiles (a class of their own for actions)
    deal_blocks: tuple[int, ...]  # the blocks each seat takes in the deal, dealer first
    dora_stack: int  # the dora indicator is the upper tile of this stack from the break; 0: no dora
    max_indicators: int  # the first indicator and the kan dora, together
    kan_dora: bool  # a kan turns a new indicator
    ankan_dora_at_once: bool  # a concealed kan's indicator turns at once (else after the discard)
    open_kan_dora_at_once: bool  # an open or added kan's indicator turns at once
    ura_dora: bool  # the tiles under the indicators count for a riichi winner

    @classmethod
    def of(cls, p: RuleProfile) -> Walls:
        return cls(
            stacks_per_side=p.wall.stacks_per_side,
            dead_size=p.wall.dead_wall_size,
            hill=p.wall.dead_wall_mode == "replenished_hill",
            flowers=p.tiles.flowers,
            red_ids=RED_FIVE_IDS if p.tiles.red_fives else frozenset(),
            deal_blocks=p.deal.rounds_of,
            dora_stack=p.wall.dora_indicator_stack,
            max_indicators=p.wall.max_dora_indicators,
            kan_dora=p.kan.kan_dora,
            ankan_dora_at_once=p.kan.dora_ankan == "immediate",
            open_kan_dora_at_once=p.kan.dora_open == "immediate",
            ura_dora=p.riichi.ura_dora,
        )

    def tile_set(self) -> list[int]:
        """Every tile of the set, in id order (shuffled by the hand's generator)."""
        return tile_ids(self.flowers)

    def build(self, rng: random.Random, dealer: int) -> Wall:
        """A shuffled wall, broken by the dealer's roll."""
        tiles = self.tile_set()
        shuffle(rng, tiles)
        dice = roll(rng)
        return Wall.build(
            tiles,
            stacks_per_side=self.stacks_per_side,
            dealer=dealer,
            dice=dice,
            dead_size=self.dead_size,
            upper_row_first=self.hill,
        )

    def stacked(
        self, draw_order: tuple[int, ...], dead: tuple[int, ...], dice: tuple[int, int], dealer: int
    ) -> Wall:
        """A wall stacked for a tutorial or a log replay: ``draw_order`` comes out first, ``dead``
        is the dead wall (or hill) in replacement order, the other tiles fill the rest."""
        named = set(draw_order) | set(dead)
        rest = [t for t in self.tile_set() if t not in named]
        return Wall.stacked(
            list(draw_order),
            list(dead),
            rest,
            stacks_per_side=self.stacks_per_side,
            dealer=dealer,
            dice=DiceRoll(*dice),
            dead_size=self.dead_size,
            upper_row_first=self.hill,
        )

    def replacement(self, wall: Wall, seat: int, out: list[Event]) -> int:
        """A replacement tile for a kan or a flower: from the break end of the dead wall or the
        hill, whose size the last live tile then restores; with no dead wall, the live wall's far
        end."""
        if self.dead_size == 0:
            t, pos = wall.draw_from_tail()
            out.append(TileDrawn(seat, t, pos, replacement=True))
            return t
        t, pos = wall.draw_replacement()
        out.append(TileDrawn(seat, t, pos, replacement=True))
        if wall.live_remaining > 0:
            _, tail_pos = wall.move_tail_to_dead()
            out.append(TailToDeadWall(tail_pos))
        return t

    def indicator(self, wall: Wall, k: int) -> tuple[int, Position]:
        """The k-th dora indicator (0 = the first): the upper tile of the ``dora_stack``-th stack
        from the break, each kan dora on the stack beside the previous one (Seed-RU)."""
        return wall.upper_tile(self.dora_stack - 1 + k)

    def ura_indicator(self, wall: Wall, k: int) -> int:
        """The tile under the k-th indicator (ura dora)."""
        return wall.lower_tile(self.dora_stack - 1 + k)[0]
