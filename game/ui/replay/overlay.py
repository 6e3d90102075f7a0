"""A screen laid over the replay viewer: the table shows through, dimmed."""

from __future__ import annotations

import pygame

from game.ui.menus.widgets import MenuScreen

VEIL = (0, 0, 0, 150)


class Overlay(MenuScreen):
    opaque = False

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(VEIL)
        surface.blit(veil, (0, 0))
        self.root.draw(surface)
