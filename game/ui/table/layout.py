"""Where everything sits on the table, computed once per window size.

Why this shape: every seat's walls, river, hand and melds are the same picture turned toward that
seat, so each is laid out once in the seat's own frame ("local" coordinates: origin at the table
centre, +x toward the seat's right hand, +y toward the seat) and turned onto the screen by the seat's
quarter turn. The human sits at the bottom (side 0); the next seat in turn order (counter-clockwise)
is on the right (side 1), then the top (side 2) and the left (side 3).

Ring positions from the engine (``ring = owner * S + i``, ``i`` counting from the owner's left end)
map onto the owner's wall in its frame, so ``ring`` increasing runs along local +x in every wall
and the break, the dead wall and the draws fall where the rules say.

A ``Place`` is a tile's centre on screen and its rotation (clockwise degrees, multiples of 90, so
turned copies come lossless from the surface cache).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

import pygame

from game.engine.meld import Meld, MeldKind
from game.scene.node import cos_sin
from game.ui.tile_art import HEIGHT_RATIO, TileArt, all_face_keys, for_window, table_unit, tile_art

SIDE_ROTATION: Final = (0.0, 270.0, 180.0, 90.0)
"""The screen rotation of each side's frame: bottom, right, top, left."""

READABLE_WIDTH: Final = 21
"""The narrowest tile a player must read (its face is then 28 px high): badges, tiles in words."""

RIVER_ROW: Final = 6
"""Discards lie in rows of six; the third row takes all the rest."""

MELD_SCALE: Final = 0.75
"""The human's melds and flowers beside the hand, as a share of a hand tile's width."""


class Place(NamedTuple):
    x: float
    y: float
    rotation: float


@dataclass(frozen=True)
class MeldTile:
    """One tile of a meld as laid out: where, whether sideways, face down, or stacked (kakan)."""

    tile: int
    place: Place
    sideways: bool
    face_down: bool


@dataclass(frozen=True)
class SeatSlots:
    """The places of one seat's row, as ``TableLayout.seat_slots`` lays it out."""

    hand: list[Place]
    melds: list[list[MeldTile]]
    flowers: list[Place]


def face_tiles() -> list[int]:
    """One tile id for every distinct face (:func:`game.ui.tile_art.all_face_keys`)."""
    tiles = []
    for kind, red in all_face_keys():
        tile = kind * 4 if not red else {4: 16, 13: 52, 22: 88}[kind]
        tiles.append(136 + kind - 34 if tile >= 136 else tile)
    return tiles


class TableLayout:
    """Geometry for one window size and one wall size (17 or 18 stacks a side)."""

    def __init__(
        self, size: tuple[int, int], stacks_per_side: int = 17, style: str = "classic", red_fives: bool = True,
        flowers: int = 0, *, corners: bool = False, dora_panel: bool = True, hand_size: int = 0,
    ) -> None:
        """``flowers``: how many flowers the rulebook deals (0 or 8); they stand in the seat's row,
        beside the melds, so the human's row must hold them too. ``corners``: the side seats'
        name plates go to the top corners (under the dora panel, under the top seat's plate), so a
        narrow table keeps bigger tiles (the tutorial's, beside its narration); ``dora_panel``:
        the rulebook shows dora indicators in the top-left corner; ``hand_size``: the tiles a seat
        is dealt (13, or 16 in Taiwanese; 0: read from the wall, 16 for 18 stacks: a Hong Kong
        wall has 18 stacks and 13-tile hands, so its table passes it)."""
        w, h = size
        self.size = size
        self.stacks = stacks_per_side
        self.flowers = flowers
        self.corners = corners
        u = self.unit = table_unit(size, corners=corners)
        tiles = for_window(size, style, red_fives, corners=corners)
        self.hand_art: TileArt = tiles.hand
        self.river_art: TileArt = tiles.discard
        self.margin = max(4, round(8 * u))
        self.held = hand_size or (13 if stacks_per_side <= 17 else 16)
        # The human's widest row (every tile dealt, the drawn one apart, every flower) must fit the
        # window: where it would not (16 tiles and eight flowers beside the tutorial's narration,
        # or 1280x1024), the hand's tiles are drawn smaller, never under the readable width.
        room = w - 3 * self.margin - flower_room(flowers, self.river_art)
        shrunk = self._widest(flowers) > w - 3 * self.margin
        if shrunk:
            gap = max(1, round(2 * u))
            width = max(READABLE_WIDTH, int(room / (self.held + 1.4)) - gap)
            self.hand_art = tile_art(min(width, self.hand_art.width), style, red_fives)
        self.meld_art: TileArt = self._human_meld_art(shrunk, style, red_fives)
        ha, ra = self.hand_art, self.river_art
        top = self.margin + ra.height + ra.depth
        bottom = h - self.margin - ha.height - ha.depth
        self.cx = w / 2
        self.cy = (top + bottom) / 2
        self.river_pitch = ra.height + ra.depth + max(1, round(u))
        # The walls take what the rivers leave between the hands (three rows each side), up to
        # 16 px a tile at 720p; a stack shows its lower tile's edge below the upper one.
        room = min(self.cy - top, bottom - self.cy) - 3 * self.river_pitch - 8 * u
        fit = int(room / (stacks_per_side / 2 + HEIGHT_RATIO + 0.22 + 0.2))
        self.wall_art: TileArt = tile_art(max(10, min(round(16 * u * 17 / stacks_per_side), fit)), style, red_fives)
        # wind badges and the claimed tile are read: never under 28 px high (21 px wide)
        self.badge_art: TileArt = tile_art(max(READABLE_WIDTH, round(21 * u)), style, red_fives)
        wa = self.wall_art
        self.wall_half = stacks_per_side * wa.width / 2  # half the inner square's side
        self.stack_height = wa.height + 2 * wa.depth
        self.wall_row = self.wall_half + self.stack_height / 2 + 2 * u  # a stack's centre, local y
        self.river_top = self.wall_half + self.stack_height + 4 * u
        river_outer = self.river_top + 3 * self.river_pitch
        self.side_hand_row = river_outer + 14 * u + ra.height / 2
        self.top_hand_row = self.cy - self.margin - (ra.height + ra.depth) / 2
        self.bottom_hand_row = h - self.margin - (ha.height + ha.depth) / 2 - self.cy
        # The human's hand starts right of the left seat's column and, when the widest row (13 or
        # 16 tiles, the drawn one apart, and every flower) would not fit, as far left as it must;
        # the name plate then steps up above the hand's left end.
        widest = self._widest(flowers)
        clear_of_left = -self.side_hand_row + (ra.height + ra.depth) / 2 + 8 * u
        self.human_hand_left = min(clear_of_left, w / 2 - 2 * self.margin - widest)
        self.column_outer = self.cx - self.side_hand_row - (ra.height + ra.depth) / 2  # the left column's left edge
        self.dora_height = round(ra.height + 34 * u) if dora_panel else 0

    def _human_meld_art(self, hand_shrunk: bool, style: str, red_fives: bool) -> TileArt:
        """The human's melds and flowers: the player's own tiles, read at a glance beside the
        hand, so larger than the discards (three quarters of a hand tile). The hand keeps the
        place it has with river-sized flowers (it must not sit at the window's edge for a row of
        eight flowers that rarely comes): a row too full for that closes up toward the right edge
        (:meth:`close_up`). A hand already drawn smaller keeps the river's size."""
        ra = self.river_art
        want = round(self.hand_art.width * MELD_SCALE)
        if hand_shrunk or want <= ra.width:
            return ra
        return tile_art(want, style, red_fives)

    def row_art(self, side: int) -> TileArt:
        """The art of a seat's melds and flowers: the human's own size, the others' at river size."""
        return self.meld_art if side == 0 else self.river_art

    def warm(self) -> None:
        """Paint every tile image the table shows now, so the deal's first frames only blit. The
        human's meld size is painted on first use (a call paints three faces, about 1 ms each),
        except where flowers are set aside during the deal itself."""
        arts = [self.river_art, self.wall_art]
        if self.flowers and self.meld_art is not self.river_art:
            arts.append(self.meld_art)
        for art in (*arts, self.badge_art):
            art.lying(None)
        # the badge size shows faces upright only (the wind badges, a claimed tile): painted when
        # first shown, as before the meld size came (warming them lying painted 41 faces and
        # their edges at every table start, a Continue's first turn included)
        for tile in face_tiles():
            self.hand_art.standing(tile)
            for art in arts:
                art.lying(tile)

    # --- frames ----------------------------------------------------------------------------

    def to_screen(self, side: int, lx: float, ly: float) -> tuple[float, float]:
        """A point of a side's frame on screen."""
        c, s = cos_sin(SIDE_ROTATION[side])
        return self.cx + c * lx - s * ly, self.cy + s * lx + c * ly

    def place(self, side: int, lx: float, ly: float, turn: float = 0.0) -> Place:
        x, y = self.to_screen(side, lx, ly)
        return Place(x, y, (SIDE_ROTATION[side] + turn) % 360.0)

    # --- the wall --------------------------------------------------------------------------

    def wall_place(self, side_of_owner: int, index: int, level: int, opened: float = 0.0) -> Place:
        """The centre of a wall tile: stack ``index`` from the owner's left end, ``level`` 0 upper
        (drawn over the lower, which peeks out toward the owner). ``opened`` slides it along
        the wall (the dead wall set apart from the break)."""
        wa = self.wall_art
        lx = -self.wall_half + (index + 0.5) * wa.width + opened
        ly = self.wall_row - wa.depth / 2 + level * wa.depth
        return self.place(side_of_owner, lx, ly)

    def count_badge(self, side_of_owner: int, index: int) -> tuple[float, float]:
        """Where the number of a counted stack shows: just inside the wall, toward the centre."""
        wa = self.wall_art
        lx = -self.wall_half + (index + 0.5) * wa.width
        return self.to_screen(side_of_owner, lx, self.wall_half - 12 * self.unit)

    # --- the river -------------------------------------------------------------------------

    def river_places(self, side: int, sideways: list[bool]) -> list[Place]:
        """Discards in rows of six (the third row takes the rest); riichi tiles lie sideways. A
        third row longer than the river's area (a long hand's 30th discard, or fewer with tiles
        lying sideways) closes up, each tile overlapping the one before, to the length of twelve
        discards with a riichi tile among them: the pond never leaves its area
        (:meth:`river_area`) nor reaches another seat's tiles."""
        ra = self.river_art
        left = -RIVER_ROW * ra.width / 2
        out: list[Place] = []
        x = left
        widths = [ra.height + ra.depth if turned else ra.width for turned in sideways]
        last = widths[2 * RIVER_ROW:]
        room = (2 * RIVER_ROW - 1) * ra.width + ra.height + ra.depth  # twelve discards, a riichi tile among them
        close_up = (room - last[-1]) / (sum(last) - last[-1]) if last and len(last) > 1 and sum(last) > room else 1.0
        for k, turned in enumerate(sideways):
            row = min(2, k // RIVER_ROW)
            if k < 2 * RIVER_ROW and k % RIVER_ROW == 0 or k == 2 * RIVER_ROW:
                x = left
            width = widths[k]
            row_top = self.river_top + row * self.river_pitch
            if turned:
                ly = row_top + ra.height + ra.depth - ra.width / 2
            else:
                ly = row_top + (ra.height + ra.depth) / 2
            out.append(self.place(side, x + width / 2, ly, 270.0 if turned else 0.0))
            x += width * (close_up if row == 2 else 1.0)
        return out

    def wall_area(self, side: int) -> pygame.Rect:
        """The screen rectangle of one wall, with room for its dead wall set apart."""
        wa = self.wall_art
        first = self.wall_place(side, 0, 0)
        last = self.wall_place(side, self.stacks - 1, 1, opened=wa.width)
        reach = wa.height + 2 * wa.depth + 4
        r = pygame.Rect(0, 0, reach, reach)
        r.center = (round(first.x), round(first.y))
        s = pygame.Rect(0, 0, reach, reach)
        s.center = (round(last.x), round(last.y))
        return r.union(s)

    def river_area(self, side: int) -> pygame.Rect:
        """The screen rectangle a seat's river can cover (24 tiles, any of them sideways)."""
        ra = self.river_art
        reach = ra.height + ra.depth
        rects = []
        for turned in (False, True):
            for p in self.river_places(side, [turned] * 24):
                r = pygame.Rect(0, 0, reach + 4, reach + 4)
                r.center = (round(p.x), round(p.y))
                rects.append(r)
        return rects[0].unionall(rects[1:])

    def hand_area(self, side: int) -> pygame.Rect:
        """The band along a seat's edge where its hand, melds (a kakan's stacked tile included)
        and drawn tile lie."""
        ra = self.river_art
        row = self.hand_row(side)
        near = row - (ra.height + ra.depth) / 2 - ra.width - 6 * self.unit
        far = row + (ra.height + ra.depth) / 2 + 6 * self.unit
        span = max(self.size) * 2
        a = self.to_screen(side, -span, near)
        b = self.to_screen(side, span, far)
        left, top = min(a[0], b[0]), min(a[1], b[1])
        return pygame.Rect(round(left), round(top), round(abs(a[0] - b[0])), round(abs(a[1] - b[1])))

    # --- hands and melds -------------------------------------------------------------------

    def hand_row(self, side: int) -> float:
        if side == 0:
            return self.bottom_hand_row
        if side == 2:
            return self.top_hand_row
        return self.side_hand_row

    def _widest(self, flowers: int) -> float:
        """The human's fullest row as the hand's place allows for it: every tile dealt, the drawn
        one apart, and every flower at river size (larger ones close up, :meth:`close_up`)."""
        return (self.held + 1.4) * self.hand_pitch(0) + flower_room(flowers, self.river_art)

    def hand_pitch(self, side: int) -> float:
        return self.hand_art.width + max(1, round(2 * self.unit)) if side == 0 else self.river_art.width

    def hand_places(self, side: int, count: int, drawn: bool, melds_width: float) -> list[Place]:
        """Concealed tiles left to right, then the drawn tile apart (the last place when ``drawn``)."""
        pitch = self.hand_pitch(side)
        gap = pitch * 0.4
        row = self.hand_row(side)
        total = count * pitch + (gap + pitch if drawn else 0)
        if side == 0:
            left = self.human_hand_left
        else:
            span = total + (melds_width + gap if melds_width else 0)
            left = -span / 2
        k = self.squeeze(side, count, drawn, melds_width)
        out = [self.place(side, k * (left + (i + 0.5) * pitch), row) for i in range(count)]
        if drawn:
            out.append(self.place(side, k * (left + (count + 0.5) * pitch + gap), row))
        return out

    def squeeze(self, side: int, count: int, drawn: bool, melds_width: float) -> float:
        """How much a side seat's row must close up (tiles overlapping a little) to stay between
        the top seat's hand and the human's: 1.0 unless it holds many kans."""
        if side in (0, 2):
            return 1.0
        ha, ra = self.hand_art, self.river_art
        half = min(self.bottom_hand_row - (ha.height + ha.depth) / 2, self.top_hand_row - (ra.height + ra.depth) / 2)
        if self.corners:  # clear of the plates in the top corners
            px, py = self.plate_centre(side)
            half = min(half, self.cy - (py + self.plate_size()[1] / 2) - 4 * self.unit)
        room = 2 * half - ra.width - 8 * self.unit
        gap = self.hand_pitch(side) * 0.4
        span = self.hand_extent(side, count, drawn) + (melds_width + gap if melds_width else 0)
        return min(1.0, room / span) if span > 0 else 1.0

    def flowers_width(self, count: int, side: int) -> float:
        """The room a seat's set-aside flowers take in its row (with a gap on their left)."""
        return flower_room(count, self.row_art(side))

    def close_up(self, count: int, drawn: bool, melds_width: float) -> float:
        """How much the human's melds and flowers close up toward the right edge (tiles
        overlapping a little) to stay clear of the hand: 1.0 unless the row holds several kans
        (a kan takes more room than the three hand tiles it replaces)."""
        if melds_width <= 0:
            return 1.0
        gap = self.hand_pitch(0) * 0.4
        room = self.meld_right(0, count, drawn, melds_width) - self.human_hand_left - self.hand_extent(0, count, drawn) - gap
        return max(0.5, min(1.0, room / melds_width))

    def seat_slots(self, side: int, seat: int, count: int, drawn: bool, melds: list[Meld], flowers: int
                   ) -> SeatSlots:
        """Every place of a seat's row: the concealed tiles left to right (the drawn one apart),
        then the melds, then the flowers at the right end, standing like meld tiles. A side seat's
        whole row closes up about its middle; the human's melds and flowers about the right edge."""
        width = self.melds_width(melds, side) + self.flowers_width(flowers, side)
        hand = self.hand_places(side, count, drawn, width)
        right = self.meld_right(side, count, drawn, width)
        if side == 0:
            k, anchor = self.close_up(count, drawn, width), right
        else:
            k, anchor = self.squeeze(side, count, drawn, width), 0.0
        fa = self.row_art(side)
        y = self._meld_bottom(side) - (fa.height + fa.depth) / 2
        left = right - flowers * fa.width
        flower_places = [self.place(side, anchor + k * (left + (i + 0.5) * fa.width - anchor), y)
                         for i in range(flowers)]
        meld_tiles = self.meld_places(side, seat, melds, right - self.flowers_width(flowers, side), k, anchor)
        return SeatSlots(hand, meld_tiles, flower_places)

    def _meld_bottom(self, side: int) -> float:
        """Local y of the bottom edge of a seat's row: melds and flowers stand on it."""
        ra = self.river_art
        return self.hand_row(side) + (
            (self.hand_art.height + self.hand_art.depth) / 2 if side == 0 else (ra.height + ra.depth) / 2
        )

    def hand_extent(self, side: int, count: int, drawn: bool) -> float:
        pitch = self.hand_pitch(side)
        return count * pitch + (pitch * 1.4 if drawn else 0)

    def meld_right(self, side: int, count: int, drawn: bool, melds_width: float) -> float:
        """Local x of the right end of the meld row."""
        if side == 0:
            return self.size[0] / 2 - self.margin * 2
        gap = self.hand_pitch(side) * 0.4
        span = self.hand_extent(side, count, drawn) + (melds_width + gap if melds_width else 0)
        return span / 2

    def meld_width(self, meld: Meld, side: int) -> float:
        ra = self.row_art(side)
        n = len(meld.tiles) - (1 if meld.kind is MeldKind.KAKAN else 0)
        sideways = 1 if meld.called is not None else 0
        return (n - sideways) * ra.width + sideways * (ra.height + ra.depth) + ra.width * 0.3

    def melds_width(self, melds: list[Meld], side: int) -> float:
        return sum(self.meld_width(m, side) for m in melds)

    def meld_places(self, side: int, seat: int, melds: list[Meld], right: float, squeeze: float = 1.0,
                    anchor: float = 0.0) -> list[list[MeldTile]]:
        """Melds from the right end leftward (the first call rightmost), closed up by ``squeeze``
        about ``anchor`` (a local x).

        The called tile lies sideways at the giver's end: the left for the seat before (chi), the
        middle for the seat opposite, the right for the seat after; a kakan's added tile lies on
        top of it. Of a concealed kan the two outer tiles lie face down."""
        ra = self.row_art(side)
        bottom = self._meld_bottom(side)
        upright_y = bottom - (ra.height + ra.depth) / 2
        sideways_y = bottom - ra.width / 2
        x = right
        out: list[list[MeldTile]] = []
        for meld in melds:
            order = meld_order(meld, seat)
            tiles: list[MeldTile] = []
            x -= self.meld_width(meld, side) - ra.width * 0.3
            cursor = x
            for tile, sideways in order:
                width = ra.height + ra.depth if sideways else ra.width
                lx = anchor + squeeze * (cursor + width / 2 - anchor)
                if sideways:
                    place = self.place(side, lx, sideways_y, 270.0)
                else:
                    place = self.place(side, lx, upright_y)
                down = meld.kind is MeldKind.ANKAN and tile in (meld.tiles[0], meld.tiles[-1])
                tiles.append(MeldTile(tile, place, sideways, down))
                if sideways and meld.added is not None:
                    stacked = self.place(side, lx, sideways_y - ra.width, 270.0)
                    tiles.append(MeldTile(meld.added, stacked, True, False))
                cursor += width
            x -= ra.width * 0.3
            out.append(tiles)
        return out

    # --- name plates and flowers ---------------------------------------------------------------

    def plate_size(self) -> tuple[int, int]:
        return round(196 * self.unit), round(46 * self.unit)

    def plate_centre(self, side: int) -> tuple[float, float]:
        """Name plates: bottom-left for the human (above the hand's left end when the hand reaches
        that corner), the middle of the left and right edges, and the top-right corner (clear of
        the top hand however long it grows)."""
        w, h = self.size
        pw, ph = self.plate_size()
        u = self.unit
        human_y = h - self.margin - ph / 2
        if self.cx + self.human_hand_left < 24 * u + pw + 8 * u:
            human_y = self.cy + self.bottom_hand_row - (self.hand_art.height + self.hand_art.depth) / 2 - 8 * u - ph / 2
        if self.corners:
            left_y = self.margin + (self.dora_height + 10 * u if self.dora_height else 0) + ph / 2
            return ((24 * u + pw / 2, human_y), (w - 24 * u - pw / 2, self.margin + ph * 1.5 + 10 * u),
                    (w - 24 * u - pw / 2, self.margin + ph / 2), (24 * u + pw / 2, left_y))[side]
        return (
            (24 * u + pw / 2, human_y),
            (w - 28 * u - pw / 2, self.cy),
            (w - 24 * u - pw / 2, self.margin + ph / 2),
            (28 * u + pw / 2, self.cy),
        )[side]

    # --- the centre --------------------------------------------------------------------------

    def centre_panel_size(self) -> float:
        return 2 * self.wall_half - 16 * self.unit


def flower_room(count: int, art: TileArt) -> float:
    """The room ``count`` set-aside flowers of ``art``'s size take in a row (a gap on their left)."""
    return count * art.width + (art.width * 0.3 if count else 0.0)


def meld_order(meld: Meld, seat: int) -> list[tuple[int, bool]]:
    """The meld's tiles left to right as its owner sees them, with the called tile flagged."""
    tiles = [t for t in meld.tiles if t != meld.added]
    if meld.called is None or meld.from_seat is None:
        return [(t, False) for t in tiles]
    rest = [t for t in tiles if t != meld.called]
    relative = (meld.from_seat - seat) % 4  # 1: the seat after (right), 2: opposite, 3: before (left)
    at = 0 if relative == 3 else len(rest) if relative == 1 else 1
    rest.insert(at, meld.called)
    return [(t, t == meld.called) for t in rest]


def side_of(seat: int, human: int) -> int:
    """The screen side a seat sits on: 0 bottom (the human), 1 right, 2 top, 3 left."""
    return (seat - human) % 4
