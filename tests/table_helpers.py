"""Shared by the table tests: a headless display of the default window size."""

from __future__ import annotations

import os
from functools import cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

SIZE = (1280, 720)


@cache
def display() -> pygame.Surface:
    """The dummy-driver display, opened once (so tile art is converted to its pixel format, as in
    the game)."""
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(SIZE)
