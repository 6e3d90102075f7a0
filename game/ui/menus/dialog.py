"""Menus laid over the table: the match goes quiet and dim behind them, still in view.

The pause menu and the Save as screen are dialogs, not places: the player is still at the table,
so it shows through (``opaque = False``: the screen stack draws the table first) under a dark veil
and one panel in the middle. The panel itself is opaque, as the result screens are: tiles showing
through the words of a menu make it harder to read and look unfinished.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.scene import Panel

from .widgets import GOLD, MenuScreen, label

VEIL = (6, 14, 12, 168)


@lru_cache(maxsize=4)
def veil(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(VEIL)
    return surface


class DialogScreen(MenuScreen):
    opaque = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(veil(surface.get_size()), (0, 0))
        self.root.draw(surface)

    def card(self, width: int, height: int, title: str) -> tuple[float, float]:
        """The dialog's panel, centred, with its title; returns the panel's top-left corner."""
        w, h = self.size
        left, top = (w - width) / 2, (h - height) / 2
        self.root.add_child(Panel(width, height, (16, 34, 31, 255), w / 2, h / 2, radius=16, border_color=GOLD,
                                  border_width=1))
        self.root.add_child(label(title, 30, (240, 232, 210), left + 36, top + 44, bold=True))
        self.root.add_child(Panel(width - 72, 2, (232, 184, 84, 90), w / 2, top + 76, radius=1))
        return left, top
