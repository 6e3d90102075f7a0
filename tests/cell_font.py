"""A stand-in font for line-breaking tests: every character 10 px wide (what ``wrap_lines`` and
``RichText`` ask of a font), remembering what each rendered surface says."""

from __future__ import annotations

import pygame


class CellFont:
    def __init__(self) -> None:
        self.said: dict[int, str] = {}

    def advances(self, text: str) -> list[int]:
        return [10] * len(text)

    def size(self, text: str) -> tuple[int, int]:
        return 10 * len(text), 20

    def render(self, text: str, antialias: bool, colour: object) -> pygame.Surface:
        surface = pygame.Surface((max(1, 10 * len(text)), 20))
        self.said[id(surface)] = text
        return surface
