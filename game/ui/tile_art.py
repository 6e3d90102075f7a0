"""Tile images at one size: faces, backs, turned and edged variants, each rendered once and cached.

Why this shape: the table draws hundreds of tiles per frame, and scaling or rotating a Surface per
frame is both slow and blurry. So a :class:`TileArt` is made for one tile width (chosen from the
window size by :func:`for_window`), paints each image the first time it is asked for, on a canvas
:data:`SUPERSAMPLE` times larger that is shrunk once with ``smoothscale`` (that shrink is the
antialiasing), and hands back the same Surface object ever after. Turning by quarter turns is exact
(no resampling) and is cached too. A window resize asks :func:`for_window` again; art for a width
seen before comes back from a cache, already painted.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import pygame

from game.engine.tiles import FLOWER_KIND_BASE, NUM_FLOWER_KINDS, is_red, kind_of
from game.ui.game_window import converted

from .tile_faces import paint_classic, paint_clear
from .tile_paint import Colour, Pen, shade, tint

SUPERSAMPLE: Final = 3
HEIGHT_RATIO: Final = 1.35
STYLES: Final = ("classic", "clear")

FACE_TOP: Final[Colour] = (253, 250, 241)
FACE_BOTTOM: Final[Colour] = (239, 232, 212)
FACE_RIM: Final[Colour] = (176, 164, 138)
BACK_TOP: Final[Colour] = (44, 138, 98)
BACK_BOTTOM: Final[Colour] = (30, 112, 78)

# A face is named by what is printed on it: the kind, and whether it is a red five.
FaceKey = tuple[int, bool]


def face_key(tile_id: int) -> FaceKey:
    return (kind_of(tile_id), is_red(tile_id))


def all_face_keys() -> list[FaceKey]:
    """Every distinct face: the 34 kinds, the three red fives and the eight flowers."""
    keys = [(kind, False) for kind in range(FLOWER_KIND_BASE + NUM_FLOWER_KINDS)]
    return keys + [(4, True), (13, True), (22, True)]


class TileArt:
    """Every tile image at one width (height about 1.35 times that), painted on first use."""

    def __init__(
        self, tile_width: int, style: str = "classic", back_colour: Colour = BACK_TOP, *, red_fives: bool = True
    ) -> None:
        """``red_fives=False`` draws ids 16, 52 and 88 as plain fives: a rulebook without red fives
        (EMA, Taiwanese) still has those physical tiles, just not red."""
        if style not in STYLES:
            raise ValueError(f"tile style must be one of {STYLES}, not {style!r}")
        if tile_width < 8:
            raise ValueError(f"tiles narrower than 8 pixels cannot be drawn (asked {tile_width})")
        self.style = style
        self.red_fives = red_fives
        self.width = tile_width
        self.height = round(tile_width * HEIGHT_RATIO)
        self.depth = max(2, round(tile_width * 0.11))  # the visible thickness of a tile's side
        self.back_colour = back_colour
        self._faces: dict[FaceKey, pygame.Surface] = {}
        self._turned: dict[tuple[FaceKey | None, int], pygame.Surface] = {}
        self._edged: dict[tuple[str, FaceKey | None], pygame.Surface] = {}
        self._shadows: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    def _key(self, tile_id: int) -> FaceKey:
        kind, red = face_key(tile_id)
        return (kind, red and self.red_fives)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    # --- the images -----------------------------------------------------------------------------

    def face(self, tile_id: int) -> pygame.Surface:
        """The front of a tile, upright; red fives have their own face."""
        return self._face(self._key(tile_id))

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = _finish(self._plate(self.back_colour, shade(self.back_colour, 0.8), shade(self.back_colour, 0.6)),
                                 self.size)
        return self._back

    def rotated(self, tile_id: int | None, quarter_turns: int) -> pygame.Surface:
        """The face (or the back, for ``None``) turned counter-clockwise by quarter turns."""
        key = None if tile_id is None else self._key(tile_id)
        turns = quarter_turns % 4
        cached = self._turned.get((key, turns))
        if cached is None:
            base = self.back() if key is None else self._face(key)
            cached = base if turns == 0 else pygame.transform.rotate(base, 90 * turns)
            self._turned[(key, turns)] = cached
        return cached

    def sideways(self, tile_id: int | None) -> pygame.Surface:
        """A called tile turned toward its giver: a quarter turn counter-clockwise."""
        return self.rotated(tile_id, 1)

    def standing(self, tile_id: int) -> pygame.Surface:
        """A tile in the player's own hand, seen from above: the back's edge shows over the face."""
        return self._with_edge("standing", self._key(tile_id))

    def lying(self, tile_id: int | None) -> pygame.Surface:
        """A tile lying on the table seen from the front: its side shows below (``None`` = face down)."""
        return self._with_edge("lying", None if tile_id is None else self._key(tile_id))

    def shadow(self, quarter_turns: int = 0) -> pygame.Surface:
        """A soft shadow for a tile with its edge (``lying``/``standing`` size), to blit a few pixels
        below and right of it; turned like the tile it falls from."""
        turns = quarter_turns % 2
        cached = self._shadows.get(turns)
        if cached is None:
            blur = max(2, self.width // 8)
            w, h = self.width + 2 * blur, self.height + self.depth + 2 * blur
            hard = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(hard, (0, 0, 0, 90), pygame.Rect(blur, blur, self.width, self.height + self.depth),
                             border_radius=round(self.width * 0.13))
            tiny = pygame.transform.smoothscale(hard, (max(1, w // blur), max(1, h // blur)))
            cached = pygame.transform.smoothscale(tiny, (w, h))
            if turns:
                cached = pygame.transform.rotate(cached, 90)
            cached = self._shadows[turns] = _convert(cached)
        return cached

    def render_all(self) -> None:
        """Paint every face and the back now (e.g. behind a loading screen) rather than on first use."""
        for key in all_face_keys():
            self._face(key)
        self.back()

    # --- painting -------------------------------------------------------------------------------

    def _face(self, key: FaceKey) -> pygame.Surface:
        cached = self._faces.get(key)
        if cached is None:
            canvas = self._plate(FACE_TOP, FACE_BOTTOM, FACE_RIM)
            w, h = canvas.get_size()
            pad_x, pad_y = round(w * 0.12), round(h * 0.09)
            pen = Pen(canvas, pygame.Rect(pad_x, pad_y, w - 2 * pad_x, h - 2 * pad_y))
            painter = paint_classic if self.style == "classic" else paint_clear
            painter(pen, key[0], key[1])
            cached = self._faces[key] = _finish(canvas, self.size)
        return cached

    def _plate(self, top: Colour, bottom: Colour, rim: Colour) -> pygame.Surface:
        """A rounded, bevelled tile plate on a supersampled canvas: lit top-left, shaded bottom-right."""
        s = SUPERSAMPLE
        w, h = self.width * s, self.height * s
        radius = round(w * 0.13)
        canvas = pygame.Surface((w, h), pygame.SRCALPHA)
        full = canvas.get_rect()
        pygame.draw.rect(canvas, rim, full, border_radius=radius)
        edge = max(s, round(w * 0.025))
        pygame.draw.rect(canvas, shade(bottom, 0.9), full.inflate(-2 * s, -2 * s), border_radius=radius - s)
        lit = pygame.Rect(full.x + s, full.y + s, full.w - 2 * s - edge, full.h - 2 * s - edge)
        pygame.draw.rect(canvas, tint(top, 0.6), lit, border_radius=radius - s)
        inner = pygame.Rect(full.x + s + edge, full.y + s + edge, full.w - 2 * (s + edge), full.h - 2 * (s + edge))
        gradient = pygame.Surface(inner.size, pygame.SRCALPHA)
        for y in range(inner.h):
            t = y / max(1, inner.h - 1)
            colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
            pygame.draw.line(gradient, colour, (0, y), (inner.w, y))
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(0, radius - s - edge))
        gradient.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        canvas.blit(gradient, inner)
        return canvas

    def _with_edge(self, pose: str, key: FaceKey | None) -> pygame.Surface:
        """The face (or back) with the tile's side showing below it (lying) or above it (standing)."""
        cached = self._edged.get((pose, key))
        if cached is None:
            top = self.back() if key is None else self._face(key)
            d = self.depth
            out = pygame.Surface((self.width, self.height + d), pygame.SRCALPHA)
            radius = round(self.width * 0.13)
            ivory_side, back_side = shade(FACE_BOTTOM, 0.86), shade(self.back_colour, 0.85)
            if pose == "lying":
                # The side below: the face's layer then the back's layer (the reverse when face down).
                upper, lower = (ivory_side, back_side) if key is not None else (back_side, ivory_side)
                pygame.draw.rect(out, lower, pygame.Rect(0, d, self.width, self.height), border_radius=radius)
                pygame.draw.rect(out, upper, pygame.Rect(0, d // 2, self.width, self.height), border_radius=radius)
                out.blit(top, (0, 0))
            else:
                # The top edge: mostly the back's layer, a sliver of the face's layer under it.
                pygame.draw.rect(out, back_side, pygame.Rect(0, 0, self.width, self.height), border_radius=radius)
                pygame.draw.rect(out, ivory_side, pygame.Rect(0, round(d * 0.7), self.width, self.height),
                                 border_radius=radius)
                out.blit(top, (0, d))
            cached = self._edged[(pose, key)] = _convert(out)
        return cached


def _finish(canvas: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Shrink a supersampled canvas to its final size, once (this is where the antialiasing happens).

    ``smoothscale`` rounds full opacity down to 253 or so; the inside of a tile is made opaque again
    so that tiles never show the felt through.
    """
    small = pygame.transform.smoothscale(canvas, size)
    solid = pygame.mask.from_surface(small, threshold=247).to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
    small.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return _convert(small)


def _convert(surface: pygame.Surface) -> pygame.Surface:
    """Match the display's pixel format when there is one, so blits are fast."""
    return converted(surface)


# --- sizes for a window -----------------------------------------------------------------------

@dataclass(frozen=True)
class TableTiles:
    """The three tile sizes a table needs: the player's hand, discards and melds, the walls."""

    hand: TileArt
    discard: TileArt
    wall: TileArt


NARROWEST: Final = 1150
"""Design pixels (at 720p) across that a table needs with the side seats' plates beside their
columns: a window narrower than 16:9 (4:3) keeps the tiles its height allows down to this width."""
NARROWEST_CORNERS: Final = 980
"""The same with the side seats' plates in the top corners (the tutorial's table, beside its
narration)."""


def table_unit(window: tuple[int, int], *, corners: bool = False) -> float:
    """How much a table is scaled from its 1280x720 design: by the height, unless the window is
    too narrow for the table's width (:data:`NARROWEST`, or :data:`NARROWEST_CORNERS` when the
    side plates sit in the corners)."""
    w, h = window
    return min(h / 720, max(w / 1280, w / (NARROWEST_CORNERS if corners else NARROWEST)))


def tile_widths(window: tuple[int, int], *, corners: bool = False) -> tuple[int, int, int]:
    """Widths for hand, discard and wall tiles: 52, 28 and 22 pixels at 1280x720, scaled by the
    table's unit (:func:`table_unit`), and capped so a 16-tile hand with melds fits across."""
    w, h = window
    unit = table_unit(window, corners=corners)
    hand = min(round(52 * unit), int(w * 0.86 / 18))
    discard = round(28 * unit)
    wall = round(22 * unit)
    return (max(20, hand), max(14, discard), max(10, wall))


def tile_art(width: int, style: str = "classic", red_fives: bool = True) -> TileArt:
    """A shared TileArt for a width and style, so a resize back to a known size re-renders nothing."""
    return _shared_art(width, style, red_fives)


@lru_cache(maxsize=32)
def _shared_art(width: int, style: str, red_fives: bool) -> TileArt:
    return TileArt(width, style, red_fives=red_fives)


def for_window(size: tuple[int, int], style: str = "classic", red_fives: bool = True, *,
               corners: bool = False) -> TableTiles:
    hand, discard, wall = tile_widths(size, corners=corners)
    return TableTiles(
        tile_art(hand, style, red_fives), tile_art(discard, style, red_fives), tile_art(wall, style, red_fives)
    )
