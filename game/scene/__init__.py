"""The scene graph: a retained node tree drawn with pygame, and the tweens that move it.

It knows nothing of mahjong: the presenter in ``game.ui`` builds tiles out of these nodes and
turns engine events into actions on a ``Timeline``::

    root = Node()
    river = root.add_child(Node(400, 300, rotation=90))      # a seat turned clockwise
    tile = river.add_child(Sprite(face, 0, 0, hittable=True, tag=57))
    timeline.enqueue(Sequence(                                # one unit per engine event
        Tween(tile, {"x": 120, "y": 40}, duration=0.25, ease="out_cubic"),
        Tween(tile, "stretch_x", 0.0, 0.08),                  # turn the tile over...
        Call(setattr, tile, "image", back),
        Tween(tile, "stretch_x", 1.0, 0.08),                  # ...and back
    ))
    # each frame: timeline.update(clock.tick()); root.draw(screen)
    # AI seats act only when timeline.idle; the "skip" button calls timeline.skip_all()
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
