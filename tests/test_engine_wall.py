"""The physical wall against Seed-RU (riichi-mechanics.ru.txt) and the 16-tile hill (Seed-FR).

Positions use the wall module's ring: stack ``owner * S + i`` with ``i`` counted from the owner's
left end, the ring running counter-clockwise (past an owner's right end lies the wall of his
right-hand neighbour, the next seat counter-clockwise). Level 0 is the upper tile.
"""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import expected_tiles, stack, tile_ledger

from game.engine import HandSetup, Match
from game.engine.events import (
    DeadWallSet,
    DiceRolled,
    DoraRevealed,
    FlowerSetAside,
    TailToDeadWall,
    TileDrawn,
    TilesDealt,
)
from game.engine.profile import load_profile
from game.engine.tiles import FLOWER_ID_BASE

RIICHI = load_profile("riichi")
TAIWANESE = load_profile("taiwanese")

# Seed-RU: "6 is the wall on the dealer's right (South), 5 and 9 the dealer's own"; counting goes
# counter-clockwise from the dealer's wall, the dealer's wall being 1.
OWNER_STEP = {1: 0, 5: 0, 9: 0, 2: 1, 6: 1, 10: 1, 3: 2, 7: 2, 11: 2, 4: 3, 8: 3, 12: 3}


def _dice(total: int) -> tuple[int, int]:
    d1 = max(1, total - 6)
    return d1, total - d1


def _match(profile_id: str, dealer: int, total: int) -> Match:
    prof = load_profile(profile_id)
    return Match(prof, 5, setups={0: HandSetup((), (), _dice(total))}, first_dealer=dealer)


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("total", range(2, 13))
def test_break_dead_wall_dora_and_deal_follow_seed_ru(dealer: int, total: int) -> None:
    m = _match("riichi", dealer, total)
    s = RIICHI.wall.stacks_per_side
    n = 4 * s
    rolled = next(e for e in m.events if isinstance(e, DiceRolled))
    owner = (dealer + OWNER_STEP[total]) % 4
    assert rolled.seat == dealer
    assert rolled.dice.total == total
    assert rolled.wall_owner == owner
    # the owner counts `total` stacks from his right end; the break is left of the last one counted
    counted = [owner * s + (s - 1 - k) for k in range(total)]
    first_right_of_break = min(counted)
    assert rolled.break_stack == first_right_of_break
    # the 7 stacks right of the break (into the next wall counter-clockwise when needed)
    dead_stacks = [(first_right_of_break + k) % n for k in range(7)]
    dead = next(e for e in m.events if isinstance(e, DeadWallSet))
    assert sorted(dead.positions) == sorted((p, lv) for p in dead_stacks for lv in (0, 1))
    if total < 7:
        assert any(p // s == (owner + 1) % 4 for p in dead_stacks)
    # the dora indicator: the upper tile of the third stack right of the break
    dora = [e for e in m.events if isinstance(e, DoraRevealed)]
    assert len(dora) == 1
    assert dora[0].position == (dead_stacks[2], 0)
    assert m.wall.ring_tiles[dead_stacks[2]][0] == dora[0].indicator
    # the deal: left of the break, clockwise (down the ring), stack by stack, upper tile first
    dealt = [e for e in m.events if isinstance(e, TilesDealt)]
    order = [(dealer + k) % 4 for k in range(4)]
    assert [(e.seat, len(e.tiles)) for e in dealt] == (
        [(seat, 4) for seat in order] * 3 + [(seat, 1) for seat in order] + [(dealer, 1)]
    )
    positions = [p for e in dealt for p in e.positions]
    assert positions == [((first_right_of_break - 1 - k // 2) % n, k % 2) for k in range(len(positions))]
    for e in dealt:
        for tile, (p, lv) in zip(e.tiles, e.positions, strict=True):
            assert m.wall.ring_tiles[p][lv] == tile
    assert len(m.players[dealer].hand) == 14
    assert all(len(m.players[x].hand) == 13 for x in range(4) if x != dealer)


@pytest.mark.parametrize("total", range(2, 13))
def test_every_tile_has_exactly_one_place(total: int) -> None:
    m = _match("riichi", total % 4, total)
    w = m.wall
    places = w.live_pos + w.dead_pos
    assert len(places) == 136 and len(set(places)) == 136
    assert sorted(t for pair in w.ring_tiles for t in pair) == list(range(136))
    assert tile_ledger(m) == expected_tiles(RIICHI)


@pytest.mark.parametrize("seed", range(12))
def test_shuffled_walls_break_where_their_dice_say(seed: int) -> None:
    """The random path (no stacked setup): the same geometry, whatever the dice."""
    m = Match(RIICHI, seed)
    rolled = next(e for e in m.events if isinstance(e, DiceRolled))
    s = RIICHI.wall.stacks_per_side
    assert rolled.wall_owner == (m.dealer + OWNER_STEP[rolled.dice.total]) % 4
    assert rolled.break_stack == rolled.wall_owner * s + s - rolled.dice.total
    first = next(e for e in m.events if isinstance(e, TilesDealt))
    assert first.seat == m.dealer
    assert first.positions[0] == ((rolled.break_stack - 1) % (4 * s), 0)
    assert tile_ledger(m) == expected_tiles(RIICHI)


def test_first_draw_continues_where_the_deal_stopped() -> None:
    m = _match("riichi", 0, 7)
    dealt = [p for e in m.events if isinstance(e, TilesDealt) for p in e.positions]
    tile = m.players[0].hand[0]
    events = m.apply(m.parse_action(f"0:discard {_name(tile)}"))
    while m.phase.value != "turn":
        events += m.apply(m.parse_action(f"{m.awaiting()[0]}:pass"))
    draw = next(e for e in events if isinstance(e, TileDrawn))
    assert draw.seat == 1
    assert draw.position == m.wall.live_pos[len(dealt)]
    last_stack, last_level = dealt[-1]
    assert draw.position == ((last_stack - 1) % 68, 0) if last_level == 1 else (last_stack, 1)


def _name(tile: int) -> str:
    from game.engine.tiles import tile_name

    return tile_name(tile)


# --- the 16-tile game: 18 stacks, the hill, flowers -------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
@pytest.mark.parametrize("total", [2, 5, 8, 12])
def test_taiwanese_wall_hill_and_deal(dealer: int, total: int) -> None:
    m = Match(TAIWANESE, 3, setups={0: HandSetup((), (), _dice(total))}, first_dealer=dealer)
    s = 18
    rolled = next(e for e in m.events if isinstance(e, DiceRolled))
    owner = (dealer + OWNER_STEP[total]) % 4
    assert rolled.wall_owner == owner
    b = owner * s + s - total
    assert rolled.break_stack == b
    hill = next(e for e in m.events if isinstance(e, DeadWallSet))
    assert sorted(hill.positions) == sorted(((b + k) % (4 * s), lv) for k in range(8) for lv in (0, 1))
    assert not any(isinstance(e, DoraRevealed) for e in m.events)
    dealt = [e for e in m.events if isinstance(e, TilesDealt)]
    order = [(dealer + k) % 4 for k in range(4)]
    assert [(e.seat, len(e.tiles)) for e in dealt] == [(seat, 4) for seat in order] * 4 + [(dealer, 1)]
    assert sum(len(p.hand) for p in m.players) == 16 * 4 + 1
    assert all(t < FLOWER_ID_BASE for p in m.players for t in p.hand)
    assert tile_ledger(m) == expected_tiles(TAIWANESE)
    assert sorted(t for pair in m.wall.ring_tiles for t in pair) == list(range(144))


def test_taiwanese_dealt_flowers_are_replaced_dealer_first_and_the_hill_refilled() -> None:
    """Seat 2 and the dealer are dealt flowers; the dealer's first replacement is a flower too.
    Replacements come from the hill in order; after each one the last live tile joins the hill."""
    hands = {
        0: "1f2f111222333m444556p",  # 17: dealer, two flowers
        1: "111222333p4445556s",
        2: "3f111222333z777789s",  # 16 with one flower
    }
    setup = stack(TAIWANESE, hands, dead="4f1z2z3z4z5z")
    m = Match(TAIWANESE, 9, setups={0: setup}, first_dealer=0)
    evs = m.events
    start = next(i for i, e in enumerate(evs) if isinstance(e, FlowerSetAside))
    tail = evs[start:]
    asides = [(e.seat, e.tile) for e in tail if isinstance(e, FlowerSetAside)]
    f = FLOWER_ID_BASE
    # the dealer's two (sorted), seat 2's, then the dealer's replacement flower on the next pass
    assert asides == [(0, f + 0), (0, f + 1), (2, f + 2), (0, f + 3)]
    repl = [e for e in tail if isinstance(e, TileDrawn)]
    assert all(e.replacement for e in repl)
    assert [e.tile for e in repl] == list(setup.dead[: len(repl)])
    assert [e.position for e in repl] == m.wall.dead_pos[: len(repl)]
    moved = [e.position for e in tail if isinstance(e, TailToDeadWall)]
    live_pos = m.wall.live_pos
    assert moved == [live_pos[len(live_pos) - 1 - k] for k in range(len(repl))]
    # each replacement is followed by its tail move
    kinds = [type(e).__name__ for e in tail if isinstance(e, (TileDrawn, TailToDeadWall))]
    assert kinds == ["TileDrawn", "TailToDeadWall"] * len(repl)
    assert m.wall.live_remaining == 144 - 16 - 65 - len(repl)
    assert len(m.wall.dead) - m.wall.rinshan_taken == 16
    assert sorted(m.players[0].flowers) == [f, f + 1, f + 3]
    assert m.players[2].flowers == [f + 2]
    assert len(m.players[0].hand) == 17 and len(m.players[2].hand) == 16
    assert tile_ledger(m) == expected_tiles(TAIWANESE)
    assert Counter(tile_ledger(m).values()) == Counter({1: 144})


def test_the_hill_gives_its_upper_row_first_from_the_left() -> None:
    """Seed-FR: a replacement is "la première tuile de la colline en partant de la gauche et de la
    rangée supérieure": the hill's upper tiles go first, left to right from the break."""
    from game.engine import Match
    from game.engine.events import TileDrawn
    from game.engine.profile import load_profile

    profile = load_profile("taiwanese")
    for seed in range(20):
        m = Match(profile, seed, first_dealer=0)
        taken = [e.position for e in m.events if isinstance(e, TileDrawn) and e.replacement]
        if len(taken) < 2:
            continue
        b, n = m.wall.break_stack, m.wall.ring_size
        expected = [((b + k) % n, 0) for k in range(8)] + [((b + k) % n, 1) for k in range(8)]
        assert taken == expected[: len(taken)]
        return
    raise AssertionError("no seed drew two flowers in the deal")
