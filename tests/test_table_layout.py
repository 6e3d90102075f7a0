"""Table geometry: nothing of one seat lies on another's, at every window size we support.

Rectangles come from the layout's places and the tile art sizes (turned by the place's rotation),
so this checks the arithmetic without drawing a pixel. The fullest table is assumed for every seat
at once: a river of 24 discards with a riichi tile sideways, and each count of melds (kans
included) with the concealed tiles that count leaves, the drawn tile apart.
"""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from table_helpers import display

from game.engine.meld import Meld, MeldKind
from game.ui.table.layout import Place, TableLayout, meld_order

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (3840, 2160), (1280, 1024)]


def rect(place: Place, size: tuple[int, int]) -> pygame.Rect:
    w, h = size if place.rotation % 180 == 0 else (size[1], size[0])
    r = pygame.Rect(0, 0, w, h)
    r.center = (round(place.x), round(place.y))
    return r


def melds_of(seat: int, count: int, kans: bool) -> list[Meld]:
    """``count`` pons (or open kans) called from the seat opposite, ids 4 apart so none clash."""
    if kans:
        return [Meld(MeldKind.DAIMINKAN, tuple(range(4 * k, 4 * k + 4)), 4 * k, (seat + 2) % 4) for k in range(count)]
    return [Meld(MeldKind.PON, tuple(range(4 * k, 4 * k + 3)), 4 * k, (seat + 2) % 4) for k in range(count)]


def seat_rects(lay: TableLayout, side: int, melds: int, tiles: int, kans: bool = False, flowers: int = 0
               ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """The river's rectangles, and the hand's plus melds' and flowers' (the row as the table lays
    it out). In the human's row the hand's own tiles never touch a meld or a flower: the melds
    close up toward the edge instead."""
    ra, ha, fa = lay.river_art, lay.hand_art, lay.row_art(side)
    lying = (ra.width, ra.height + ra.depth)
    river = [rect(p, lying) for p in lay.river_places(side, [k == 7 for k in range(24)])]
    group = melds_of(side, melds, kans)
    concealed = tiles - 3 * melds
    tile_size = (ha.width, ha.height + ha.depth) if side == 0 else lying
    slots = lay.seat_slots(side, side, concealed, True, group, flowers)
    hand = [rect(p, tile_size) for p in slots.hand]
    row = [rect(t.place, (fa.width, fa.height + fa.depth)) for tiles_of in slots.melds for t in tiles_of]
    row += [rect(p, (fa.width, fa.height + fa.depth)) for p in slots.flowers]
    if side == 0:
        for r in hand:
            assert r.collidelist(row) == -1, ("the human's hand runs into its melds", r)
    return river, hand + row


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("stacks", "tiles", "flowers"), [(17, 13, 0), (18, 16, 8), (18, 13, 8)])
@pytest.mark.parametrize("melds", [0, 2, 4, -1])
def test_no_seat_overlaps_another(size: tuple[int, int], stacks: int, tiles: int, flowers: int, melds: int) -> None:
    """Every seat with ``melds`` pons (and, where the rulebook deals flowers, all eight set aside);
    -1: one seat (each in turn) with four kans, the others one pon."""
    display()
    lay = TableLayout(size, stacks, flowers=flowers, hand_size=tiles)
    if melds >= 0:
        check_table(lay, size, stacks, [seat_rects(lay, side, melds, tiles, flowers=flowers) for side in range(4)])
        return
    for kan_side in range(4):
        areas = [seat_rects(lay, side, 4 if side == kan_side else 1, tiles, kans=side == kan_side, flowers=flowers)
                 for side in range(4)]
        check_table(lay, size, stacks, areas)


def check_table(lay: TableLayout, size: tuple[int, int], stacks: int,
                areas: list[tuple[list[pygame.Rect], list[pygame.Rect]]]) -> None:
    screen = pygame.Rect(0, 0, *size)
    wall = [rect(lay.wall_place(side, i, level), (lay.wall_art.width, lay.wall_art.height + lay.wall_art.depth))
            for side in range(4) for i in range(stacks) for level in (0, 1)]
    for side, (river, hand) in enumerate(areas):
        for r in river + hand:
            assert screen.contains(r), (side, r)
            assert r.collidelist(wall) == -1, (side, r)
        for other in range(4):
            if other == side:
                continue
            o_river, o_hand = areas[other]
            for r in river + hand:  # (a squeezed row overlaps itself, never another seat)
                assert r.collidelist(o_river + o_hand) == -1, (side, other, r)
        for r in river:
            assert r.collidelist(hand) == -1, (side, r)


def test_the_called_tile_points_at_its_giver() -> None:
    """Left for the seat before (chi), middle for the seat opposite, right for the seat after."""
    before = Meld(MeldKind.CHI, (0, 4, 8), 4, 3)
    assert [sideways for _, sideways in meld_order(before, 0)] == [True, False, False]
    opposite = Meld(MeldKind.PON, (0, 1, 2), 1, 2)
    assert [sideways for _, sideways in meld_order(opposite, 0)] == [False, True, False]
    after = Meld(MeldKind.DAIMINKAN, (0, 1, 2, 3), 3, 1)
    assert [sideways for _, sideways in meld_order(after, 0)] == [False, False, False, True]
    concealed = Meld(MeldKind.ANKAN, (0, 1, 2, 3))
    assert [sideways for _, sideways in meld_order(concealed, 0)] == [False] * 4


def test_ring_positions_run_along_each_wall() -> None:
    """Ring index increases along every wall and past a corner into the next seat's wall, so
    the dead wall set apart from the break and the draws walk the square the right way."""
    lay = TableLayout((1280, 720), 17)
    corner_gap = []
    for side in range(4):
        a = lay.wall_place(side, 16, 0)
        b = lay.wall_place((side + 1) % 4, 0, 0)
        corner_gap.append(abs(a.x - b.x) + abs(a.y - b.y))
    pitch = lay.wall_art.width
    assert all(gap < 3 * pitch for gap in corner_gap)  # the end of one wall meets the next's start


def test_a_kakan_tile_lies_on_the_called_one_and_an_ankan_shows_two_backs() -> None:
    display()
    lay = TableLayout((1280, 720), 17)
    kakan = Meld(MeldKind.KAKAN, (0, 1, 2, 3), 1, 2, added=3)
    ankan = Meld(MeldKind.ANKAN, (4, 5, 6, 7))
    right = lay.meld_right(0, 7, False, lay.melds_width([kakan, ankan], 0))
    first, second = lay.meld_places(0, 0, [kakan, ankan], right)
    called = next(t for t in first if t.tile == 1)
    added = next(t for t in first if t.tile == 3)
    assert called.sideways and added.sideways
    assert added.place.x == called.place.x and added.place.y < called.place.y  # stacked toward the centre
    assert [t.face_down for t in second] == [True, False, False, True]
    assert max(t.place.x for t in second) < min(t.place.x for t in first)  # the later meld further left


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tutorial", [False, True])
@pytest.mark.parametrize("profile_id", ["riichi", "taiwanese", "hongkong"])
def test_the_human_hand_is_whole_on_screen_in_every_rulebook(size: tuple[int, int], tutorial: bool,
                                                             profile_id: str) -> None:
    """Laid out as the table lays it out (its wall, flowers and hand size), the human's dealt hand
    and drawn tile are wholly on screen, on the table and on the tutorial's narrower one. A Hong
    Kong wall has 18 stacks like a Taiwanese one but 13-tile hands: read as 16, its hand started
    left of the tutorial's window; a Taiwanese row of 16 with eight flowers did not fit the tutorial's
    table nor 1280x1024 at all, so its tiles are drawn smaller there (never under the readable width)."""
    from game.engine import load_profile
    from game.ui.tutorial.screen import table_size

    display()
    rules = load_profile(profile_id)
    area = table_size(size) if tutorial else size
    lay = TableLayout(area, rules.wall.stacks_per_side, flowers=rules.tiles.flowers, corners=tutorial,
                      hand_size=rules.deal.hand_size)
    ha = lay.hand_art
    screen = pygame.Rect(0, 0, *area)
    for p in lay.hand_places(0, rules.deal.hand_size, True, lay.flowers_width(rules.tiles.flowers, 0)):
        assert screen.contains(rect(p, (ha.width, ha.height + ha.depth))), (profile_id, area, p)


# every rulebook's table: (stacks per wall side, concealed tiles, flowers set aside)
TABLES = {"riichi": (17, 13, 0), "ema": (17, 13, 0), "taiwanese": (18, 16, 8), "hongkong": (18, 13, 8)}


@given(table=st.sampled_from(sorted(TABLES)), size=st.sampled_from([(1280, 720), (1920, 1080)]),
       discards=st.lists(st.integers(0, 40), min_size=4, max_size=4),
       sideways=st.lists(st.lists(st.integers(0, 40), max_size=2), min_size=4, max_size=4),
       melds=st.integers(0, 4))
def test_every_pond_stays_in_its_area(table: str, size: tuple[int, int], discards: list[int],
                                      sideways: list[list[int]], melds: int) -> None:
    """Ponds of any length (up to 40 discards, a riichi tile or two lying sideways anywhere, in
    the third row too) stay inside their river's area and off the walls, the other ponds and
    every hand and meld, in every rulebook's table at 720p and 1080p."""
    display()
    stacks, tiles, flowers = TABLES[table]
    lay = TableLayout(size, stacks, flowers=flowers, hand_size=tiles)
    lying = (lay.river_art.width, lay.river_art.height + lay.river_art.depth)
    wall = [rect(lay.wall_place(side, i, level), (lay.wall_art.width, lay.wall_art.height + lay.wall_art.depth))
            for side in range(4) for i in range(stacks) for level in (0, 1)]
    ponds = [[rect(p, lying) for p in lay.river_places(side, [k in sideways[side] for k in range(discards[side])])]
             for side in range(4)]
    hands = [seat_rects(lay, side, melds, tiles, flowers=flowers)[1] for side in range(4)]
    screen = pygame.Rect(0, 0, *size)
    for side, pond in enumerate(ponds):
        area = lay.river_area(side)
        for r in pond:
            assert area.contains(r) and screen.contains(r), (side, r, area)
            assert r.collidelist(wall) == -1, (side, r)
            assert all(r.collidelist(ponds[o]) == -1 for o in range(4) if o != side), (side, r)
            assert all(r.collidelist(hand) == -1 for hand in hands), (side, r)


def test_the_warm_up_paints_no_badge_face_lying() -> None:
    """The table's warm-up paints what its first frames lay down (hand, river, wall: and the
    human's meld size where flowers are set aside in the deal); the badge size shows its faces
    upright only (wind badges, a claimed tile), painted when first shown. Warming them lying
    painted 42 more faces and their edges at every table start (a Continue's first turn too)."""
    from game.ui import tile_art

    display()
    tile_art._shared_art.cache_clear()
    layout = TableLayout((1280, 720), 17, "classic", True)
    assert layout.badge_art not in (layout.river_art, layout.wall_art)
    layout.warm()
    lying_faces = [key for pose, key in layout.badge_art._edged if pose == "lying" and key is not None]
    assert lying_faces == []
