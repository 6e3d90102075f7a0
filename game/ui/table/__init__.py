"""The table: the human at the bottom against three AI seats, every step of the ceremony animated.

``layout`` says where things sit, ``presenter`` turns engine events into animation units (and can
rebuild the picture from the engine at any moment), ``hud`` holds the panels and words,
``screen`` turns input into legal engine actions and lets the AI seats play, ``bench`` times it.
"""

from __future__ import annotations

from .screen import Intent, TableScreen

__all__ = ["Intent", "TableScreen"]
