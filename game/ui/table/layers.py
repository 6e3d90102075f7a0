"""A node group drawn from one cached picture while nothing in it changes.

Why: most of a table frame is still. The walls are 136 to 144 sprites that move a few times a hand,
a river changes once a turn, the panels under the tiles when a score or the tile count does.
Walking and blitting them one by one costs far more than blitting one picture of them. So a
``CachedLayer`` keeps a picture of its subtree over a screen rectangle and redraws it only when
told or when it notices a change; it blits only the part of the picture that holds something.

Two ways to know about changes:

* *explicit* (tile layers): adding or removing a child marks the picture stale, the presenter calls
  ``touch()`` when it changes a resting child, and while ``live`` (a unit animating children in
  place: walls sliding, a tile turning over) the children are drawn directly;
* *watched* (panels and labels): a cheap signature of every node (image, place, turn, opacity,
  visibility) is compared each frame.

Hit testing walks the real nodes, so nothing else needs to know. The layer must sit at the world
origin, unturned and unscaled (the table's layers do).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, TypeVar

import pygame

from game.scene import Node, Sprite, SurfaceNode
from game.scene.node import IDENTITY, Transform
from game.ui.game_window import blank

N = TypeVar("N", bound=Node)


class CachedLayer(Node):
    """Children drawn into a cached picture of ``area`` (screen pixels), redrawn on change."""

    __slots__ = ("area", "watched", "live", "dirty", "redraws", "_picture", "_bounds", "_signature")

    def __init__(self, area: pygame.Rect, *, watched: bool = False, **node: Any) -> None:
        super().__init__(**node)
        self.area = pygame.Rect(area)
        self.watched = watched
        self.live = 0  # units animating children in place: draw them directly meanwhile
        self.dirty = True
        self.redraws = 0
        self._picture: pygame.Surface | None = None
        self._bounds = pygame.Rect(0, 0, 0, 0)
        self._signature: Hashable = None

    # --- knowing about changes ---------------------------------------------------------------

    def add_child(self, child: N, *, z: float | None = None) -> N:
        self.dirty = True
        return super().add_child(child, z=z)

    def remove_child(self, child: Node, *, moving: bool = False) -> None:
        self.dirty = True
        super().remove_child(child, moving=moving)

    def clear(self) -> None:
        self.dirty = True
        super().clear()

    def detached(self) -> None:
        """Out of the tree: free the picture now rather than at the collector's next full pass
        (see :meth:`Node.detached`); drawn again if the layer is ever shown again."""
        self._picture = None
        self._signature = None
        self.dirty = True

    def prepare(self) -> None:
        """Draw the cached picture now (ahead of the frame that first shows it)."""
        if self.dirty or self._picture is None:
            self._redraw()

    def touch(self) -> None:
        """A resting child changed (an image swapped in place): redraw on the next frame."""
        self.dirty = True

    def signature(self) -> Hashable:
        parts: list[object] = []
        append = parts.append
        stack = list(self._children)
        while stack:
            node = stack.pop()
            image = node.image if isinstance(node, Sprite) else getattr(node, "_image", None)
            # the render count too: an id alone is reused by a picture made after the old was freed
            append((id(image), getattr(node, "renders", 0), node.x, node.y, node.rotation, node.opacity,
                    node.visible, node.z, getattr(node, "stretch_x", 1.0)))
            if node.visible and node._children:
                stack.extend(node._children)
        return tuple(parts)

    # --- drawing -----------------------------------------------------------------------------

    def draw_in(self, surface: pygame.Surface, parent_world: Transform) -> None:
        if not self.visible or not self._children:
            return
        if self.live > 0:
            self.dirty = True
            super().draw_in(surface, parent_world)
            return
        if self.watched:
            signature = self.signature()
            if signature != self._signature:
                self._signature = signature
                self.dirty = True
        if self.dirty or self._picture is None:
            self._redraw()
        assert self._picture is not None
        if self._bounds.w and self._bounds.h:
            surface.blit(self._picture, (self.area.x + self._bounds.x, self.area.y + self._bounds.y), self._bounds)

    def _content_bounds(self) -> pygame.Rect:
        """Where the children drew, in the picture: from their places and image sizes when they
        are plain centred sprites (scanning the pixels costs a millisecond), else everything."""
        whole = pygame.Rect(0, 0, *self.area.size)
        rects = []
        for child in self._children:
            if child._children or not isinstance(child, SurfaceNode) or child.anchor != (0.5, 0.5):
                return whole
            image = child.surface()
            if image is None or not child.visible:
                continue
            w, h = image.get_size()
            if round(child.rotation) % 180:
                w, h = h, w
            r = pygame.Rect(0, 0, w + 2, h + 2)
            # a raised tile draws above its place (TileSprite.lift): where it draws is what counts
            r.center = (round(child.x - self.area.x), round(child.y - getattr(child, "lift", 0.0) - self.area.y))
            rects.append(r)
        return rects[0].unionall(rects[1:]).clip(whole) if rects else pygame.Rect(0, 0, 0, 0)

    def _blank(self, size: tuple[int, int]) -> pygame.Surface:
        """A new, empty picture of ``size`` for the children to be drawn into."""
        return blank(size)

    def allocate(self) -> None:
        """Make the (empty) picture now, a frame ahead of drawing it (a large one costs
        milliseconds to make)."""
        if self._picture is None or self._picture.get_size() != self.area.size:
            self._bounds = pygame.Rect(0, 0, 0, 0)
            self._picture = self._blank(self.area.size)  # made empty: nothing to clear

    def _redraw(self) -> None:
        self.allocate()
        picture = self._picture
        assert picture is not None
        if self._bounds.w and self._bounds.h:
            picture.fill((0, 0, 0, 0), self._bounds)  # only what was drawn last time
        shift = IDENTITY._replace(x=-self.area.x, y=-self.area.y)
        for child in self._draw_order or self.draw_order():
            child.draw_in(picture, shift)
        self._bounds = self._content_bounds()
        self.dirty = False
        self.redraws += 1
