"""The table's other things, painted once and cached: felt, dice, point sticks, and sized fonts.

Like the tile art, each image is drawn on first use for a size and handed back ever after, so a
frame only blits. Dice come pre-tilted at a few angles (painted once) so a tumble swaps images
instead of rotating anything per frame.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import pygame

from game.ui.felt import radial
from game.ui.fonts import glyph_font_path
from game.ui.game_window import converted
from game.ui.typeset import UIFont, ui_font

FELT_CENTRE: Final = (38, 112, 96)
FELT_EDGE: Final = (14, 52, 46)
IVORY: Final = (246, 240, 222)
INK: Final = (236, 230, 212)
DIM: Final = (170, 196, 186)
GOLD: Final = (240, 190, 80)
RED: Final = (214, 72, 60)
LIFT: Final = 10.0  # pixels at 720p: a hovered or focused tile rises this much
HINT_LIFT: Final = 6.0  # the hint's suggested tile, when nothing else raises it
AMBER: Final = (242, 150, 70)  # a warning that is not a fault: waits that cannot win as they stand
PANEL: Final = (16, 34, 34, 232)
PANEL_EDGE: Final = (70, 100, 92)
DIE_TILTS: Final = (-24, -12, 0, 12, 24)


def _convert(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    return converted(surface, alpha=alpha)


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """A calm radial felt: lighter under the centre of the table, darker at the edges."""
    return _convert(radial(size, (64, 36), FELT_CENTRE, FELT_EDGE, (31.5, 19), (40, 26), 1.4), alpha=False)


def font(size: int, bold: bool = False) -> UIFont:
    """The UI font at a pixel size: Atlas Sans, and the interface language's CJK face for the
    characters it lacks (``碰 Pèng``, a Taiwanese row ``Que des pungs (碰碰胡)``, a Japanese
    caption); one object per size and language, reused by every label (:mod:`game.ui.typeset`
    keeps them)."""
    return ui_font(max(6, size), bold)


@lru_cache(maxsize=48)
def glyphs(size: int) -> pygame.font.Font:
    """The shipped CJK glyph font at a pixel size."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(glyph_font_path()), max(6, size))


_PIPS: Final = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
    6: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)],
}


@lru_cache(maxsize=128)
def die(value: int, size: int, tilt: int = 0) -> pygame.Surface:
    """A die showing ``value``, ``size`` pixels across, turned ``tilt`` degrees (painted once)."""
    s = 3
    big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
    rect = big.get_rect()
    pygame.draw.rect(big, (150, 140, 120), rect, border_radius=size * s // 5)
    pygame.draw.rect(big, (252, 249, 240), rect.inflate(-2 * s, -2 * s).move(-s, -s), border_radius=size * s // 5)
    colour = (200, 40, 40) if value in (1, 4) else (30, 34, 52)
    radius = size * s * (0.13 if value == 1 else 0.085)
    for px, py in _PIPS[value]:
        pygame.draw.circle(big, colour, (px * size * s, py * size * s), radius)
    image = pygame.transform.smoothscale(big, (size, size))
    if tilt:
        image = pygame.transform.rotozoom(image, -tilt, 1.0)
    return _convert(image)


@lru_cache(maxsize=8)
def stick(length: int, thousand: bool = True) -> pygame.Surface:
    """A point stick lying across: white with one red dot (1,000, the riichi stick) or a row of
    small black dots (100, the honba counter)."""
    h = max(4, length // 9)
    image = pygame.Surface((length, h), pygame.SRCALPHA)
    pygame.draw.rect(image, (120, 120, 110), image.get_rect(), border_radius=h // 2)
    pygame.draw.rect(image, (250, 248, 240), image.get_rect().inflate(-2, -2), border_radius=h // 2)
    if thousand:
        pygame.draw.circle(image, (210, 40, 40), (length / 2, h / 2), h * 0.34)
    else:
        for k in range(8):
            pygame.draw.circle(image, (30, 30, 30), (length * (0.2 + 0.6 * (k % 4) / 3), h * (0.32 + 0.36 * (k // 4))), 1)
    return _convert(image)


@lru_cache(maxsize=8)
def glow(width: int, height: int, colour: tuple[int, int, int] = GOLD) -> pygame.Surface:
    """A soft outline to light a counted stack or the tile under the cursor."""
    image = pygame.Surface((width + 6, height + 6), pygame.SRCALPHA)
    pygame.draw.rect(image, (*colour, 90), image.get_rect(), border_radius=5)
    pygame.draw.rect(image, (*colour, 255), image.get_rect(), 2, border_radius=5)
    return _convert(image)


@lru_cache(maxsize=8)
def outline(width: int, height: int) -> pygame.Surface:
    """A gold ring around a tile (the last discard), with a soft halo outside and nothing inside."""
    pad = 4
    image = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
    for k, alpha in ((0, 60), (1, 110)):
        pygame.draw.rect(image, (*GOLD, alpha), image.get_rect().inflate(-2 * k, -2 * k), 2, border_radius=6)
    pygame.draw.rect(image, (*GOLD, 255), image.get_rect().inflate(-2 * (pad - 1), -2 * (pad - 1)), 2, border_radius=5)
    return _convert(image)
