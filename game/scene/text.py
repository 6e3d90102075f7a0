"""A line of text, rendered once per change of text, font or colour."""

from __future__ import annotations

from typing import Any

import pygame

from .sprite import Colour, RenderedNode, rendered


class Text(RenderedNode):
    """One line of ``text`` in ``font`` (a ``pygame.font.Font`` or a ``pygame.freetype.Font``)
    and ``color``; anchored at its centre unless told otherwise."""

    __slots__ = ("_text", "_font", "_color", "_antialias")

    text = rendered[str]("the string shown")
    font = rendered[Any]("a pygame.font.Font or pygame.freetype.Font")
    color = rendered[Colour]("the RGB(A) colour of the glyphs")
    antialias = rendered[bool]("smooth glyph edges")

    def __init__(
        self,
        text: str,
        font: Any,
        color: Colour = (255, 255, 255),
        x: float = 0.0,
        y: float = 0.0,
        *,
        antialias: bool = True,
        **node: Any,
    ) -> None:
        super().__init__(x, y, **node)
        self.text = text
        self.font = font
        self.color = color
        self.antialias = antialias

    def render(self) -> pygame.Surface:
        if hasattr(self.font, "render_to"):  # pygame.freetype.Font: render() returns (surface, rect)
            image: pygame.Surface = self.font.render(self.text, self.color)[0]
            return image
        surface: pygame.Surface = self.font.render(self.text, self.antialias, self.color)
        return surface
