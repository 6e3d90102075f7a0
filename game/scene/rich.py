"""Lines of words and pictures, wrapped to a width: rendered once per change, like ``Text``.

Why: a sentence about tiles reads best with the tiles in it ("discard [picture]: 1 away from
ready"), and a sentence that may be long must never be cut off. ``parts`` is a sequence of strings
and surfaces; strings are broken at spaces and, in Chinese and Japanese, between characters (the
rules of :mod:`game.scene.linebreak`; a word longer than the width stands on its own line),
surfaces are set whole, centred on the line's middle, and every line is as tall as its tallest
part. ``width`` 0 keeps everything on one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from .linebreak import NO_END, break_kinds, emergency_breaks, is_cjk, japanese_font
from .sprite import Colour, RenderedNode, rendered

Part = str | pygame.Surface
Piece = tuple[pygame.Surface | None, int, int, bool, bool]  # image (None: a space or a gap), w, h, picture, may break


def _segments(word: str, kinds: list[int], at: int) -> list[str]:
    """A word without spaces (``word`` = text[at:at + len(word)], ``kinds`` the text's
    :func:`~game.scene.linebreak.break_kinds`) cut where a Chinese or Japanese line may break
    (Latin words stay whole)."""
    cuts = [i for i in range(1, len(word))
            if kinds[at + i] == 1 and (is_cjk(word[i]) or is_cjk(word[i - 1]))]
    return [word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True) if b > a]


def _cut(segment: str) -> list[str]:
    """A run too wide for its line, cut where the kinsoku rules allow (:func:`emergency_breaks`)."""
    cuts = emergency_breaks(segment)
    return [segment[a:b] for a, b in zip([0, *cuts], [*cuts, len(segment)], strict=True) if b > a]


def _last_break(line: list[Piece], piece: Piece) -> int:
    """Where in ``line`` (``len(line)``: before ``piece``) the last break allowed falls; 0 for none."""
    if piece[4] or (line and line[-1][0] is None and line[-1][4]):
        return len(line)
    for j in range(len(line) - 1, 0, -1):
        if line[j][0] is not None and (line[j][4] or (line[j - 1][0] is None and line[j - 1][4])):
            return j
    return 0


def _drop_spaces(line: list[Piece]) -> None:
    while line and line[-1][0] is None:
        line.pop()


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

    def _pieces(self) -> list[Piece]:
        """(image or None for a space, width, height, is a picture, a line may break before it)
        in reading order. Strings break at spaces and, in Chinese and Japanese, between characters
        as :mod:`game.scene.linebreak` allows; words written against a picture ("[tile]を切る",
        "[tile]:") stay with it, and so do pictures side by side (one group of tiles)."""
        out: list[Piece] = []
        space_w, line_h = _measure(self.font, " ")
        merged: list[Part] = []  # neighbouring strings are one run of words ("3" "-shanten")
        for part in self.parts:
            if merged and isinstance(part, str) and isinstance(merged[-1], str):
                merged[-1] = merged[-1] + part
            else:
                merged.append(part)
        for n, part in enumerate(merged):
            if isinstance(part, pygame.Surface):
                before = merged[n - 1] if n else ""
                # held to an opening mark before it, and to the picture before it (the tiles of one
                # group, "[4-6m]", stay on one line)
                glued = (isinstance(before, str) and bool(before) and before[-1] in NO_END) or isinstance(
                    before, pygame.Surface)
                out.append((part, part.get_width(), part.get_height(), True, not glued))
                continue
            text = str(part)
            kinds = break_kinds(text, japanese_font(self.font))
            at = 0
            for i, word in enumerate(text.split(" ")):
                if i:  # a space; not a place to break before a closing mark (French " :") nor
                    # between a number and its counter ("36 張")
                    out.append((None, space_w, line_h, False, not word or kinds[at] == 2))
                for k, segment in enumerate(_segments(word, kinds, at)):
                    image = _render(self.font, segment, self.color)
                    if self.width and image.get_width() > self.width and len(_cut(segment)) > 1:
                        runs = [(_render(self.font, bit, self.color), True) for bit in _cut(segment)]
                        runs[0] = (runs[0][0], k > 0)
                    else:
                        runs = [(image, k > 0)]
                    for picture, may in runs:
                        out.append((picture, picture.get_width(), max(line_h, picture.get_height()), False, may))
                at += len(word) + 1
        return out

    def lines(self) -> list[list[Piece]]:
        """The pieces broken into lines no wider than ``width`` (spaces at a break dropped), at the
        last place a line may break; a run with no such place stands on its own line."""
        lines: list[list[Piece]] = [[]]
        x = 0
        for piece in self._pieces():
            image, w, _, picture, _ = piece
            line = lines[-1]
            if image is None:  # a space: kept unless it starts a line
                if line:
                    line.append(piece)
                    x += w
                continue
            pad = self._pad(line, picture)
            if self.width and line and x + pad + w > self.width:
                at = _last_break(line, piece)
                if at == len(line):
                    _drop_spaces(line)
                    lines.append([piece])
                    x = w
                    continue
                if at > 0:
                    carried = line[at:]
                    del line[at:]
                    _drop_spaces(line)
                    lines.append(carried)
                    line = carried
                    x = sum(p[1] for p in line)
                    pad = self._pad(line, picture)
            if pad:
                line.append((None, pad, 0, False, False))
            line.append(piece)
            x += pad + w
        for line in lines:
            _drop_spaces(line)
        return [line for line in lines if line] or [[]]

    def _pad(self, line: list[Piece], picture: bool) -> int:
        """The gap between a picture and what stands beside it on the line."""
        return self.gap if line and (picture or line[-1][3]) and line[-1][0] is not None else 0

    def render(self) -> pygame.Surface:
        lines = self.lines()
        widths = [sum(p[1] for p in line) for line in lines]
        heights = [max((p[2] for p in line), default=_measure(self.font, " ")[1]) for line in lines]
        total_w = max(1, max(widths))
        image = pygame.Surface((total_w, max(1, sum(heights) + 2 * (len(lines) - 1))), pygame.SRCALPHA)
        y = 0
        for line, width, height in zip(lines, widths, heights, strict=True):
            x = 0 if self.align == "left" else (total_w - width) // (2 if self.align == "center" else 1)
            for piece, w, _h, _, _ in line:
                if piece is not None:
                    image.blit(piece, (x, y + (height - piece.get_height()) // 2))
                x += w
            y += height + 2
        return image
