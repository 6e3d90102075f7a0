"""What is printed on each tile, in the two styles (drawn here, copied from nowhere).

* **classic**: the traditional faces. Characters show a dark numeral over a red 萬; circles are
  concentric coins and bamboos segmented sticks, both in the customary layouts; the 1 of bamboo is
  a bird on a stalk; honours are glyphs (winds dark, 中 red, 發 green, 白 a blue frame).
* **clear**, for colour-blind players and beginners: each suit has its own shape *and* colour
  (characters vermilion diamonds, circles blue discs, bamboos green bars), the rank is printed big
  in the top-left corner with the suit letter beside it, honours carry their notation letter
  (E S W N, P F C) above the glyph, red fives wear a red badge.

A painter receives a :class:`~game.ui.tile_paint.Pen` over the content box and draws one face.
"""

from __future__ import annotations

import math
from typing import Final

import pygame.freetype

from game.engine.tiles import HONOR_BASE, rank_of, suit_of

from .fonts import glyph_font, sans_font
from .tile_paint import INK, IVORY, Colour, Pen, shade

RED: Final[Colour] = (200, 30, 40)
GREEN: Final[Colour] = (18, 122, 74)
BLUE: Final[Colour] = (26, 66, 160)
ORANGE: Final[Colour] = (232, 150, 30)

NUMERALS: Final = "一二三四五六七八九"
WIND_GLYPHS: Final = "東南西北"
FLOWER_GLYPHS: Final = "春夏秋冬梅蘭菊竹"
HONOR_LETTERS: Final = "ESWNPFC"
SUIT_LETTERS: Final = {"m": "m", "p": "p", "s": "s"}

# Classic circles: (u, v, radius, colour) per rank; positions in content-box fractions.
_PIN: Final[dict[int, list[tuple[float, float, float, Colour]]]] = {
    2: [(0.5, 0.26, 0.27, GREEN), (0.5, 0.74, 0.27, BLUE)],
    3: [(0.23, 0.16, 0.21, BLUE), (0.5, 0.5, 0.21, RED), (0.77, 0.84, 0.21, GREEN)],
    4: [(0.27, 0.25, 0.22, BLUE), (0.73, 0.25, 0.22, GREEN), (0.27, 0.75, 0.22, GREEN), (0.73, 0.75, 0.22, BLUE)],
    5: [(0.24, 0.19, 0.19, BLUE), (0.76, 0.19, 0.19, GREEN), (0.5, 0.5, 0.19, RED),
        (0.24, 0.81, 0.19, GREEN), (0.76, 0.81, 0.19, BLUE)],
    6: [(0.27, 0.16, 0.18, GREEN), (0.73, 0.16, 0.18, GREEN), (0.27, 0.56, 0.18, RED), (0.73, 0.56, 0.18, RED),
        (0.27, 0.85, 0.18, RED), (0.73, 0.85, 0.18, RED)],
    7: [(0.2, 0.11, 0.155, GREEN), (0.5, 0.21, 0.155, GREEN), (0.8, 0.31, 0.155, GREEN),
        (0.28, 0.61, 0.155, RED), (0.72, 0.61, 0.155, RED), (0.28, 0.88, 0.155, RED), (0.72, 0.88, 0.155, RED)],
    8: [(u, v, 0.165, BLUE) for v in (0.12, 0.375, 0.625, 0.88) for u in (0.28, 0.72)],
    9: [(u, v, 0.15, c) for v, c in ((0.15, BLUE), (0.5, RED), (0.85, GREEN)) for u in (0.18, 0.5, 0.82)],
}

# Classic bamboos: (u, v, length in box heights, colour, tilt in degrees) per rank.
_SOU: Final[dict[int, list[tuple[float, float, float, Colour, float]]]] = {
    2: [(0.5, 0.26, 0.4, BLUE, 0), (0.5, 0.74, 0.4, GREEN, 0)],
    3: [(0.5, 0.26, 0.4, GREEN, 0), (0.28, 0.74, 0.4, BLUE, 0), (0.72, 0.74, 0.4, BLUE, 0)],
    4: [(0.27, 0.26, 0.4, GREEN, 0), (0.73, 0.26, 0.4, BLUE, 0), (0.27, 0.74, 0.4, BLUE, 0),
        (0.73, 0.74, 0.4, GREEN, 0)],
    5: [(0.2, 0.26, 0.4, GREEN, 0), (0.8, 0.26, 0.4, BLUE, 0), (0.5, 0.5, 0.4, RED, 0),
        (0.2, 0.74, 0.4, BLUE, 0), (0.8, 0.74, 0.4, GREEN, 0)],
    6: [(u, v, 0.4, c, 0) for v, c in ((0.26, GREEN), (0.74, BLUE)) for u in (0.2, 0.5, 0.8)],
    7: [(0.5, 0.16, 0.28, RED, 0.0)]
    + [(u, v, 0.28, GREEN, 0.0) for v in (0.5, 0.84) for u in (0.2, 0.5, 0.8)],
    # The 8: an M over a W (outer sticks upright, inner pairs leaning together).
    8: [(0.1, 0.26, 0.4, GREEN, 0), (0.37, 0.26, 0.4, GREEN, 16), (0.63, 0.26, 0.4, GREEN, -16),
        (0.9, 0.26, 0.4, GREEN, 0), (0.1, 0.74, 0.4, BLUE, 0), (0.37, 0.74, 0.4, BLUE, -16),
        (0.63, 0.74, 0.4, BLUE, 16), (0.9, 0.74, 0.4, BLUE, 0)],
    9: [(u, v, 0.28, c, 0) for v in (0.16, 0.5, 0.84) for u, c in ((0.2, GREEN), (0.5, RED), (0.8, GREEN))],
}


def paint_classic(pen: Pen, kind: int, red: bool) -> None:
    suit = suit_of(kind)
    rank = rank_of(kind)
    if suit == "m":
        pen.text(glyph_font(), NUMERALS[rank - 1], 0.5, 0.2, 0.68, RED if red else INK)
        pen.text(glyph_font(), "萬", 0.5, 0.72, 0.86, RED)
    elif suit == "p":
        _classic_pin(pen, rank, red)
    elif suit == "s":
        _classic_sou(pen, rank, red)
    elif suit == "z":
        _classic_honor(pen, kind)
    else:
        _flower(pen, rank, sans_font(True), corner_size=0.42, glyph_v=0.6, glyph_size=0.86)


def _classic_pin(pen: Pen, rank: int, red: bool) -> None:
    if rank == 1:
        _big_coin(pen)
        return
    for u, v, r, colour in _PIN[rank]:
        pen.coin(u, v, r, RED if red else colour)


def _big_coin(pen: Pen) -> None:
    """The 1 of circles: one large ornamented coin."""
    u, v = 0.5, 0.5
    pen.disc(u, v, 0.48, GREEN)
    pen.disc(u, v, 0.43, IVORY)
    pen.disc(u, v, 0.39, BLUE)
    for i in range(12):
        a = i * math.pi / 6
        pen.disc(u + 0.315 * math.cos(a), v + 0.315 * math.sin(a) * pen.box.w / pen.box.h, 0.038, IVORY)
    pen.disc(u, v, 0.25, IVORY)
    pen.disc(u, v, 0.21, RED)
    pen.disc(u, v, 0.13, IVORY)
    pen.disc(u, v, 0.08, GREEN)


def _classic_sou(pen: Pen, rank: int, red: bool) -> None:
    if rank == 1:
        _bird(pen)
        return
    width = 0.2 if rank in (2, 3, 4) else 0.16
    for u, v, length, colour, tilt in _SOU[rank]:
        pen.stick(u, v, width, length, RED if red else colour, tilt)


def _bird(pen: Pen) -> None:
    """The 1 of bamboo: a small bird perched on a bamboo stalk (our own drawing)."""
    pen.stick(0.5, 0.88, 0.13, 0.62, GREEN, 90)
    for i, colour in enumerate((BLUE, GREEN, BLUE, GREEN)):
        angle = 58 - i * 22
        pen.ellipse(0.7 + 0.03 * i, 0.34 + 0.07 * i, 0.25, 0.075, colour, angle)
    for i in range(4):
        pen.disc(0.86 + 0.03 * i, 0.13 + 0.115 * i, 0.035, RED)
    pen.ellipse(0.45, 0.55, 0.27, 0.18, GREEN, 20)
    pen.ellipse(0.53, 0.52, 0.17, 0.09, shade(GREEN, 0.65), 25)
    pen.ellipse(0.34, 0.6, 0.12, 0.11, RED, 0)
    pen.disc(0.27, 0.33, 0.12, RED)
    pen.polygon([(0.17, 0.3), (0.04, 0.37), (0.18, 0.38)], ORANGE)
    pen.disc(0.25, 0.31, 0.045, IVORY)
    pen.disc(0.24, 0.31, 0.022, INK)
    for x in (0.42, 0.52):
        pen.polygon([(x, 0.68), (x + 0.03, 0.68), (x + 0.01, 0.84), (x - 0.02, 0.84)], ORANGE)


def _classic_honor(pen: Pen, kind: int) -> None:
    index = kind - HONOR_BASE
    if index < 4:
        pen.text(glyph_font(), WIND_GLYPHS[index], 0.5, 0.5, 0.98, INK)
    elif index == 4:
        _white_dragon(pen, 0.06, 0.06, 0.94, 0.94)
    elif index == 5:
        pen.text(glyph_font(), "發", 0.5, 0.5, 1.0, GREEN)
    else:
        pen.text(glyph_font(), "中", 0.5, 0.5, 1.04, RED)


def _white_dragon(pen: Pen, u0: float, v0: float, u1: float, v1: float) -> None:
    pen.frame(u0, v0, u1, v1, BLUE, 0.085)
    du, dv = (u1 - u0) * 0.2, (v1 - v0) * 0.14
    pen.frame(u0 + du, v0 + dv, u1 - du, v1 - dv, BLUE, 0.035)


# --- flowers (both styles) --------------------------------------------------------------------

SEASON_COLOUR: Final[Colour] = (36, 92, 170)
PLANT_COLOUR: Final[Colour] = (176, 62, 28)


def _flower(pen: Pen, rank: int, digits: pygame.freetype.Font, corner_size: float, glyph_v: float,
            glyph_size: float) -> None:
    """A flower: its glyph, its number (1..4, the seat it belongs to) and its set's colour."""
    colour = SEASON_COLOUR if rank <= 4 else PLANT_COLOUR
    number = str((rank - 1) % 4 + 1)
    pen.frame(0.0, 0.0, 1.0, 1.0, colour, 0.04)
    pen.text_corner(digits, number, 0.1, 0.05, corner_size, colour)
    pen.text(glyph_font(), FLOWER_GLYPHS[rank - 1], 0.5, glyph_v, glyph_size, shade(colour, 0.8))


# --- the clear style ---------------------------------------------------------------------------

CLEAR_SUIT: Final[dict[str, Colour]] = {"m": (213, 84, 0), "p": (0, 108, 178), "s": (0, 136, 96)}
CLEAR_RED: Final[Colour] = (205, 18, 50)
CLEAR_HONOR: Final[tuple[Colour, ...]] = (INK, INK, INK, INK, (0, 108, 178), (0, 136, 96), (205, 18, 50))
_ROWS: Final = {1: [1], 2: [2], 3: [3], 4: [2, 2], 5: [2, 1, 2], 6: [3, 3], 7: [2, 3, 2], 8: [3, 2, 3], 9: [3, 3, 3]}
_PIP_TOP: Final = 0.36


def paint_clear(pen: Pen, kind: int, red: bool) -> None:
    suit = suit_of(kind)
    rank = rank_of(kind)
    bold = sans_font(True)
    if suit in "mps":
        colour = CLEAR_RED if red else CLEAR_SUIT[suit]
        pen.text_corner(bold, str(rank), 0.0, 0.0, 0.66, colour)
        if red:
            pen.disc(0.8, 0.14, 0.17, CLEAR_RED)
            pen.text(bold, suit, 0.8, 0.13, 0.36, IVORY)
        else:
            pen.text(bold, suit, 0.8, 0.13, 0.38, shade(colour, 0.8))
        _pips(pen, suit, rank, colour)
    elif suit == "z":
        index = kind - HONOR_BASE
        colour = CLEAR_HONOR[index]
        pen.text_corner(bold, HONOR_LETTERS[index], 0.0, 0.0, 0.6, colour)
        if index == 4:
            _white_dragon(pen, 0.14, 0.42, 0.86, 1.0)
        else:
            pen.text(glyph_font(), "東南西北白發中"[index], 0.5, 0.7, 0.78, colour)
    else:
        _flower(pen, rank, bold, corner_size=0.6, glyph_v=0.68, glyph_size=0.72)


def _pips(pen: Pen, suit: str, rank: int, colour: Colour) -> None:
    """``rank`` marks in a dice-like grid below the corner, in the suit's own shape."""
    rows = _ROWS[rank]
    aspect = pen.box.w / pen.box.h
    r = {1: 0.28, 2: 0.21, 3: 0.16}[rank] if len(rows) == 1 else (0.17 if len(rows) == 2 else 0.14)
    span = 1.0 - _PIP_TOP
    for row_index, count in enumerate(rows):
        v = _PIP_TOP + span * (row_index + 0.5) / len(rows)
        for i in range(count):
            u = 0.5 + (i - (count - 1) / 2) * (0.37 if len(rows) > 1 else 0.35 * r / 0.15)
            if suit == "m":
                pen.diamond(u, v, r * 0.95, colour)
            elif suit == "p":
                pen.disc(u, v, r, colour)
                pen.disc(u, v, r * 0.3, IVORY)
            else:
                pen.bar(u, v, r * 0.95, r * {1: 2.8, 2: 2.3, 3: 1.95}[len(rows)] * aspect, colour)
