"""Lines of words and pictures, wrapped to a width: rendered once per change, like ``Text``.

Why: a sentence about tiles reads best with the tiles in it ("discard [picture]: 1 away from
ready"), and a sentence that may be long must never be cut off. ``parts`` is a sequence of strings
and surfaces; strings are broken at spaces (a word longer than the width stands on its own line),
surfaces are set whole, centred on the line's middle, and every line is as tall as its tallest
part. ``width`` 0 keeps everything on one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .sprite import Colour, RenderedNode, rendered

Part = str | pygame.Surface


def _measure(font: Any, text: str) -> tuple[int, int]:
    if hasattr(font, "get_rect"):  # pygame.freetype.Font
        rect = font.get_rect(text)
        return rect.width, font.get_sized_height()
    size: tuple[int, int] = font.size(text)
    return size


def _render(font: Any, text: str, colour: Colour) -> pygame.Surface:
    if hasattr(font, "render_to"):
        image: pygame.Surface = font.render(text, colour)[0]
        return image
    surface: pygame.Surface = font.render(text, True, colour)
    return surface


class RichText(RenderedNode):
    """``parts`` (words and pictures) in ``font`` and ``color``, wrapped at ``width`` pixels;
    lines left-aligned (``align`` "left"), centred or right-aligned within the widest line."""

    __slots__ = ("_parts", "_font", "_color", "_width", "_align", "_gap")

    parts = rendered[tuple[Part, ...]]("strings and surfaces, in reading order")
    font = rendered[Any]("a pygame.font.Font-like object or a pygame.freetype.Font")
    color = rendered[Colour]("the words' colour")
    width = rendered[int]("the wrapping width in pixels (0: one line)")
    align = rendered[str]("left, center or right")
    gap = rendered[int]("pixels between a picture and the words beside it")

    def __init__(self, parts: Sequence[Part], font: Any, color: Colour = (255, 255, 255), x: float = 0.0,
                 y: float = 0.0, *, width: int = 0, align: str = "left", gap: int = 3, **node: Any) -> None:
        super().__init__(x, y, **node)
        self.parts = tuple(parts)
        self.font = font
        self.color = color
        self.width = width
        self.align = align
        self.gap = gap

    def _pieces(self) -> list[tuple[pygame.Surface | None, int, int, bool]]:
        """(image or None for a space, width, height, is a picture) in reading order."""
        out: list[tuple[pygame.Surface | None, int, int, bool]] = []
        space_w, line_h = _measure(self.font, " ")
        merged: list[Part] = []  # neighbouring strings are one run of words ("3" "-shanten")
        for part in self.parts:
            if merged and isinstance(part, str) and isinstance(merged[-1], str):
                merged[-1] = merged[-1] + part
            else:
                merged.append(part)
        for part in merged:
            if isinstance(part, pygame.Surface):
                out.append((part, part.get_width(), part.get_height(), True))
                continue
            words = str(part).split(" ")
            for i, word in enumerate(words):
                if i:
                    out.append((None, space_w, line_h, False))
                if word:
                    image = _render(self.font, word, self.color)
                    out.append((image, image.get_width(), max(line_h, image.get_height()), False))
        return out

    def lines(self) -> list[list[tuple[pygame.Surface | None, int, int, bool]]]:
        """The pieces broken into lines no wider than ``width`` (spaces at a break dropped)."""
        lines: list[list[tuple[pygame.Surface | None, int, int, bool]]] = [[]]
        x = 0
        for piece in self._pieces():
            image, w, _, picture = piece
            line = lines[-1]
            if image is None:  # a space: kept unless it starts a line
                if line:
                    line.append(piece)
                    x += w
                continue
            pad = self.gap if line and (picture or line[-1][3]) and line[-1][0] is not None else 0
            if self.width and line and x + pad + w > self.width:
                while line and line[-1][0] is None:
                    line.pop()
                lines.append([piece])
                x = w
                continue
            if pad:
                line.append((None, pad, 0, False))
            line.append(piece)
            x += pad + w
        for line in lines:
            while line and line[-1][0] is None:
                line.pop()
        return [line for line in lines if line] or [[]]

    def render(self) -> pygame.Surface:
        lines = self.lines()
        widths = [sum(w for _, w, _, _ in line) for line in lines]
        heights = [max((h for _, _, h, _ in line), default=_measure(self.font, " ")[1]) for line in lines]
        total_w = max(1, max(widths))
        image = pygame.Surface((total_w, max(1, sum(heights) + 2 * (len(lines) - 1))), pygame.SRCALPHA)
        y = 0
        for line, width, height in zip(lines, widths, heights, strict=True):
            x = 0 if self.align == "left" else (total_w - width) // (2 if self.align == "center" else 1)
            for piece, w, _h, _ in line:
                if piece is not None:
                    image.blit(piece, (x, y + (height - piece.get_height()) // 2))
                x += w
            y += height + 2
        return image
