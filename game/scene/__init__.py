"""The scene graph: a retained node tree drawn with pygame, and the tweens that move it.

It knows nothing of mahjong: the presenter in ``game.ui`` builds tiles out of these nodes and
turns engine events into actions on a ``Timeline``.
"""

from __future__ import annotations

from . import easing
from .actions import Action, Call, Delay, Interval, Parallel, Repeat, Sequence, Tween
from .clock import Clock, FixedClock, RealClock
from .easing import EASINGS, Easing
from .node import IDENTITY, Node, Transform
from .panel import Panel
from .sprite import RenderedNode, Sprite, SurfaceNode
from .surface_cache import SURFACE_CACHE, SurfaceCache
from .text import Text
from .timeline import Timeline

__all__ = [
    "EASINGS",
    "IDENTITY",
    "SURFACE_CACHE",
    "Action",
    "Call",
    "Clock",
    "Delay",
    "Easing",
    "FixedClock",
    "Interval",
    "Node",
    "Panel",
    "Parallel",
    "RealClock",
    "RenderedNode",
    "Repeat",
    "Sequence",
    "Sprite",
    "SurfaceCache",
    "SurfaceNode",
    "Text",
    "Timeline",
    "Transform",
    "Tween",
    "easing",
]
