"""A filled rounded rectangle with an optional border: panels, bars, highlights, tile blanks."""

from __future__ import annotations

from typing import Any

import pygame

from .sprite import Colour, RenderedNode, rendered


class Panel(RenderedNode):
    """A ``width`` x ``height`` rounded rectangle (anchored at its centre unless told otherwise).

    Changing any attribute re-renders it once; tweening ``width`` re-renders every frame, which
    is fine for one bar but not for hundreds of nodes."""

    __slots__ = ("_width", "_height", "_color", "_radius", "_border_color", "_border_width")

    width = rendered[int]("pixels")
    height = rendered[int]("pixels")
    color = rendered[Colour]("the fill, RGB or RGBA")
    radius = rendered[int]("corner radius in pixels")
    border_color = rendered[Colour | None]("the outline colour, or None")
    border_width = rendered[int]("outline thickness in pixels")

    def __init__(
        self,
        width: int,
        height: int,
        color: Colour,
        x: float = 0.0,
        y: float = 0.0,
        *,
        radius: int = 8,
        border_color: Colour | None = None,
        border_width: int = 0,
        **node: Any,
    ) -> None:
        super().__init__(x, y, **node)
        self.width = width
        self.height = height
        self.color = color
        self.radius = radius
        self.border_color = border_color
        self.border_width = border_width

    def render(self) -> pygame.Surface:
        size = (max(1, round(self.width)), max(1, round(self.height)))
        image = pygame.Surface(size, pygame.SRCALPHA)
        rect = image.get_rect()
        pygame.draw.rect(image, self.color, rect, border_radius=self.radius)
        if self.border_color is not None and self.border_width > 0:
            pygame.draw.rect(image, self.border_color, rect, self.border_width, border_radius=self.radius)
        return image
