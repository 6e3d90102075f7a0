"""Drawing primitives for tile faces: a pen over the face's content box, coins, sticks, glyphs.

Faces are painted once per size on a supersampled canvas and shrunk with ``smoothscale`` when they
are cached (see :mod:`game.ui.tile_art`), so these primitives use plain ``pygame.draw`` calls and
get their antialiasing from that single shrink. Positions are fractions of the content box, so one
layout serves every tile size.
"""

from __future__ import annotations

import math

import pygame
import pygame.freetype

Colour = tuple[int, int, int]

IVORY: Colour = (250, 246, 234)
INK: Colour = (24, 28, 40)


class Pen:
    """Maps fractions of a tile's content box to pixels of a (supersampled) surface."""

    def __init__(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        self.surface = surface
        self.box = box

    def at(self, u: float, v: float) -> tuple[float, float]:
        return (self.box.x + u * self.box.w, self.box.y + v * self.box.h)

    def w(self, fraction: float) -> float:
        """A length as a fraction of the content box's width."""
        return fraction * self.box.w

    # --- shapes ---------------------------------------------------------------------------------

    def disc(self, u: float, v: float, r: float, colour: Colour) -> None:
        pygame.draw.circle(self.surface, colour, self.at(u, v), self.w(r))

    def coin(self, u: float, v: float, r: float, colour: Colour) -> None:
        """A pin circle: concentric rings of the suit colour on ivory, a dot in the middle."""
        for scale, c in ((1.0, colour), (0.8, IVORY), (0.64, colour), (0.4, IVORY), (0.24, colour)):
            self.disc(u, v, r * scale, c)

    def diamond(self, u: float, v: float, r: float, colour: Colour) -> None:
        x, y = self.at(u, v)
        d = self.w(r)
        pygame.draw.polygon(self.surface, colour, [(x, y - d * 1.25), (x + d, y), (x, y + d * 1.25), (x - d, y)])

    def bar(self, u: float, v: float, width: float, length: float, colour: Colour) -> None:
        """A plain rounded bar (the clear style's bamboo); width in box widths, length in heights."""
        w, h = self.w(width), length * self.box.h
        x, y = self.at(u, v)
        rect = pygame.Rect(round(x - w / 2), round(y - h / 2), round(w), round(h))
        pygame.draw.rect(self.surface, colour, rect, border_radius=round(w / 2))

    def stick(self, u: float, v: float, width: float, length: float, colour: Colour, angle: float = 0.0) -> None:
        """A bamboo stick: two segments between three knuckles, a pale pith line down each.

        Tilted sticks (the 8 of bamboo) are drawn upright on their own layer and turned once.
        """
        w, h = self.w(width), length * self.box.h
        knuckle_h = max(2.0, w * 0.42)
        layer = pygame.Surface((math.ceil(w * 1.3) + 2, math.ceil(h) + 2), pygame.SRCALPHA)
        lw, _ = layer.get_size()
        cx = lw / 2
        dark = shade(colour, 0.62)
        seg_w = w * 0.86
        mid = h / 2
        for top, bottom in ((knuckle_h / 2, mid), (mid, h - knuckle_h / 2)):
            seg = pygame.Rect(round(cx - seg_w / 2), round(top), round(seg_w), round(bottom - top))
            pygame.draw.rect(layer, colour, seg, border_radius=round(seg_w * 0.3))
            pith = pygame.Rect(round(cx - seg_w * 0.09), round(top + knuckle_h * 0.7),
                               max(1, round(seg_w * 0.18)), max(1, round(bottom - top - knuckle_h * 1.4)))
            pygame.draw.rect(layer, tint(colour, 0.55), pith, border_radius=round(seg_w * 0.09))
        for y in (knuckle_h / 2, mid, h - knuckle_h / 2):
            knuckle = pygame.Rect(0, 0, round(w * 1.18), round(knuckle_h))
            knuckle.center = (round(cx), round(y))
            pygame.draw.ellipse(layer, dark, knuckle)
        if angle:
            layer = pygame.transform.rotate(layer, angle)
        x, y = self.at(u, v)
        self.surface.blit(layer, layer.get_rect(center=(round(x), round(y))))

    def frame(self, u0: float, v0: float, u1: float, v1: float, colour: Colour, thick: float) -> None:
        """A rounded rectangular frame (the white dragon, flower borders)."""
        (x0, y0), (x1, y1) = self.at(u0, v0), self.at(u1, v1)
        rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        t = max(1, round(self.w(thick)))
        pygame.draw.rect(self.surface, colour, rect, width=t, border_radius=t * 2)

    def polygon(self, points: list[tuple[float, float]], colour: Colour) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(u, v) for u, v in points])

    def ellipse(self, u: float, v: float, ru: float, rv: float, colour: Colour, angle: float = 0.0) -> None:
        """An ellipse with radii in box widths, turned by ``angle`` degrees about its centre."""
        a, b = self.w(ru), self.w(rv)
        layer = pygame.Surface((math.ceil(a * 2) + 2, math.ceil(b * 2) + 2), pygame.SRCALPHA)
        pygame.draw.ellipse(layer, colour, layer.get_rect().inflate(-2, -2))
        if angle:
            layer = pygame.transform.rotate(layer, angle)
        x, y = self.at(u, v)
        self.surface.blit(layer, layer.get_rect(center=(round(x), round(y))))

    # --- text -----------------------------------------------------------------------------------

    def text(self, font: pygame.freetype.Font, text: str, u: float, v: float, size: float, colour: Colour) -> None:
        """Text whose inked box is centred on (u, v); ``size`` is the em size in box widths."""
        surf, _ = font.render(text, fgcolor=colour, size=max(1.0, self.w(size)))
        x, y = self.at(u, v)
        self.surface.blit(surf, surf.get_rect(center=(round(x), round(y))))

    def text_corner(self, font: pygame.freetype.Font, text: str, u: float, v: float, size: float,
                    colour: Colour) -> pygame.Rect:
        """Text whose inked box starts at (u, v) (its top-left); returns where it landed."""
        surf, _ = font.render(text, fgcolor=colour, size=max(1.0, self.w(size)))
        x, y = self.at(u, v)
        return self.surface.blit(surf, (round(x), round(y)))


def shade(colour: Colour, factor: float) -> Colour:
    r, g, b = colour
    return (round(r * factor), round(g * factor), round(b * factor))


def tint(colour: Colour, amount: float) -> Colour:
    r, g, b = colour
    return (round(r + (255 - r) * amount), round(g + (255 - g) * amount), round(b + (255 - b) * amount))

