"""The post-hand review screen (see :mod:`game.ui.review.screen`; the work is :mod:`game.ai.review`)."""

from __future__ import annotations

from .hands import ReviewHandsScreen
from .screen import ReviewScreen

__all__ = ["ReviewHandsScreen", "ReviewScreen"]
