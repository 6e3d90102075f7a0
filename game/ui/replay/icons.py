"""The transport buttons' pictures, drawn as shapes (the UI font has no media-control glyphs)."""

from __future__ import annotations

from functools import lru_cache

import pygame

ICONS = ("hand_back", "step_back", "play", "pause", "step_forward", "hand_forward")


@lru_cache(maxsize=64)
def icon(name: str, size: int, colour: tuple[int, int, int] = (240, 232, 210)) -> pygame.Surface:
    """``name`` (one of :data:`ICONS`) in a ``size`` x ``size`` square: one triangle and a bar for
    a step, two and a bar for a hand, a triangle to play, two bars to pause."""
    if name not in ICONS:
        raise ValueError(f"no icon {name!r}")
    s = max(8, size)
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    top, bottom, mid = s * 0.22, s * 0.78, s / 2
    bar = max(2, round(s * 0.11))
    if name == "pause":
        for x in (s * 0.3, s * 0.58):
            pygame.draw.rect(surface, colour, pygame.Rect(round(x), round(top), bar + 1, round(bottom - top)))
        return surface
    if name == "play":
        pygame.draw.polygon(surface, colour, [(s * 0.3, top), (s * 0.3, bottom), (s * 0.76, mid)])
        return surface
    # forward pictures; the backward ones are their mirror images
    double = name.startswith("hand")
    width = s * (0.24 if double else 0.34)
    count = 2 if double else 1
    left = (s - count * width - bar - s * 0.04) / 2
    for k in range(count):
        a = left + k * width
        pygame.draw.polygon(surface, colour, [(a, top), (a, bottom), (a + width, mid)])
    edge = left + count * width + s * 0.04
    pygame.draw.rect(surface, colour, pygame.Rect(round(edge), round(top), bar, round(bottom - top)))
    return surface if name.endswith("forward") else pygame.transform.flip(surface, True, False)
