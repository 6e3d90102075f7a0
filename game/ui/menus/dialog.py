"""Menus laid over the table: the match goes quiet and dim behind them, still in view.

The pause menu and the Save as screen are dialogs, not places: the player is still at the table,
so it shows through (``opaque = False``: the screen stack draws the table first) under a dark veil
and one panel in the middle. The panel itself is opaque, as the result screens are: tiles showing
through the words of a menu make it harder to read and look unfinished.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import pygame

from game.i18n import t
from game.scene import Panel
from game.ui.fitting import Box

from .intents import Back
from .widgets import CREAM, GOLD, Button, MenuScreen, label, text_block

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


class ConfirmScreen(DialogScreen):
    """A question before a step that cannot be undone ("your match in progress ends"): the safe
    answer (go back) has the focus, so Enter or Esc never loses anything by accident."""

    WIDTH = 680

    def __init__(self, size: tuple[int, int], title: str, text: str, yes: str,
                 on_yes: Callable[[], Any], no: str = "") -> None:
        self.title, self.text, self.yes, self.no = title, text, yes, no
        self.on_yes = on_yes
        super().__init__(size)

    def build(self) -> None:
        width, height = min(self.WIDTH, self.size[0] - 40), 300
        left, top = self.card(width, height, self.title)
        self.root.add_child(text_block(self.text, Box(width - 72, 18, lines=4, floor=15, name="question"), CREAM,
                                       left + 36, top + 140, name="question"))
        button_w = (width - 72 - 16) // 2
        self.add(Button(self.no or t("common.back"), left + 36, top + height - 84, button_w, 56, center=True,
                        primary=True, on_activate=Back, name="no"))
        self.add(Button(self.yes, left + 36 + button_w + 16, top + height - 84, button_w, 56, center=True,
                        on_activate=self.on_yes, name="yes"))
