"""The node tree: placement relative to a parent, drawing order, lookup and hit testing.

A node's attributes are plain, so a tween can set them every frame at no cost; only ``z`` is a
property, because changing it reorders the parent's children. World placement is composed while
drawing (one walk per frame, no dirty flags to get wrong), and on demand by ``world_transform``.

Conventions:

* ``x, y`` place the node's origin in its parent's space (pixels, y down).
* ``rotation`` is in degrees, clockwise on screen, about the origin; multiples of 90 compose
  exactly (their cosines come from a table, not from ``math.cos``).
* ``scale`` is uniform and inherited; ``opacity`` (0..1) multiplies down the tree.
* Children draw after (over) their parent, sorted by ``z`` and then by the order they were added.
* ``size`` and ``anchor`` give a plain node a hit area: the rectangle of ``size`` whose point
  ``anchor`` (fractions of the size, (0.5, 0.5) = centre) sits on the origin.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

if TYPE_CHECKING:
    import pygame

_QUARTER_TURNS: Final = ((1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0))


def cos_sin(degrees: float) -> tuple[float, float]:
    """Cosine and sine of an angle, exact for multiples of 90 (tiles turned sideways)."""
    quarter, rest = divmod(degrees, 90.0)
    if rest == 0.0:
        return _QUARTER_TURNS[int(quarter) % 4]
    radians = math.radians(degrees)
    return math.cos(radians), math.sin(radians)


class Transform(NamedTuple):
    """Where a node's local space sits in the world: origin, rotation, scale, and its opacity."""

    x: float = 0.0
    y: float = 0.0
    rotation: float = 0.0
    scale: float = 1.0
    opacity: float = 1.0

    def apply(self, lx: float, ly: float) -> tuple[float, float]:
        """A local point in world coordinates."""
        k = self.scale
        if self.rotation == 0.0:
            return self.x + k * lx, self.y + k * ly
        c, s = cos_sin(self.rotation)
        return self.x + k * (c * lx - s * ly), self.y + k * (s * lx + c * ly)

    def invert(self, wx: float, wy: float) -> tuple[float, float] | None:
        """A world point in local coordinates (None when the scale is 0: nothing is there)."""
        if self.scale == 0.0:
            return None
        c, s = cos_sin(self.rotation)
        dx = (wx - self.x) / self.scale
        dy = (wy - self.y) / self.scale
        return c * dx + s * dy, c * dy - s * dx

    def then(self, node: Node) -> Transform:
        """The world transform of ``node`` when this is its parent's."""
        x, y = self.apply(node.x, node.y)
        return Transform(
            x, y, (self.rotation + node.rotation) % 360.0, self.scale * node.scale, self.opacity * node.opacity
        )


IDENTITY: Final = Transform()

N = TypeVar("N", bound="Node")
_by_z = attrgetter("_z")


class Node:
    """A placed, drawable group; subclasses paint something at their origin (see ``paint``)."""

    __slots__ = (
        "x",
        "y",
        "rotation",
        "scale",
        "opacity",
        "visible",
        "hittable",
        "name",
        "tag",
        "size",
        "anchor",
        "_z",
        "_parent",
        "_children",
        "_draw_order",
        "__weakref__",
    )

    def __init__(
        self,
        x: float = 0.0,
        y: float = 0.0,
        *,
        z: float = 0,
        rotation: float = 0.0,
        scale: float = 1.0,
        opacity: float = 1.0,
        visible: bool = True,
        hittable: bool = False,
        name: str = "",
        tag: Hashable | None = None,
        size: tuple[float, float] = (0.0, 0.0),
        anchor: tuple[float, float] = (0.5, 0.5),
    ) -> None:
        self.x = x
        self.y = y
        self.rotation = rotation
        self.scale = scale
        self.opacity = opacity
        self.visible = visible
        self.hittable = hittable
        self.name = name
        self.tag = tag
        self.size = size
        self.anchor = anchor
        self._z = z
        self._parent: Node | None = None
        self._children: list[Node] = []
        self._draw_order: list[Node] | None = None

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"<{type(self).__name__}{label} at ({self.x:g}, {self.y:g}) z={self._z:g}>"

    # -- the tree ---------------------------------------------------------------------------

    @property
    def z(self) -> float:
        """Drawing order among siblings: higher draws later (on top); ties keep insertion order."""
        return self._z

    @z.setter
    def z(self, value: float) -> None:
        if value != self._z:
            self._z = value
            if self._parent is not None:
                self._parent._draw_order = None

    @property
    def parent(self) -> Node | None:
        return self._parent

    @property
    def children(self) -> tuple[Node, ...]:
        """The children in the order they were added (drawing order also sorts by ``z``)."""
        return tuple(self._children)

    def add_child(self, child: N, *, z: float | None = None) -> N:
        """Adopt ``child`` (taking it from any former parent) and return it; it goes last among
        equal ``z``."""
        ancestor: Node | None = self
        while ancestor is not None:
            if ancestor is child:
                raise ValueError("a node cannot be added below itself")
            ancestor = ancestor._parent
        if child._parent is not None:
            child._parent.remove_child(child)
        if z is not None:
            child._z = z
        child._parent = self
        self._children.append(child)
        self._draw_order = None
        return child

    def remove_child(self, child: Node, *, moving: bool = False) -> None:
        """Detach ``child``; ``moving``: it goes under another parent at once (:meth:`move_to`),
        so it keeps what it holds."""
        self._children.remove(child)
        child._parent = None
        self._draw_order = None
        if not moving:
            child.detached()

    def remove(self) -> None:
        """Detach this node from its parent (no-op for a root)."""
        if self._parent is not None:
            self._parent.remove_child(self)

    def move_to(self, parent: Node) -> None:
        """Go under ``parent`` keeping the pictures this subtree holds: it stays in view. Why:
        ``add_child`` treats a node taken from a former parent as dropped and lets them go (see
        :meth:`detached`), so a result panel staged out of sight and then shown drew its whole
        still picture again, and encoded it again, in the frame it first showed (3-6 ms at 1080p)."""
        if self._parent is not None:
            self._parent.remove_child(self, moving=True)
        parent.add_child(self)

    def clear(self) -> None:
        """Detach every child."""
        for child in self._children:
            child._parent = None
            child.detached()
        self._children.clear()
        self._draw_order = None

    def detached(self) -> None:
        """Called when this node leaves its parent: a node holding a big picture of its own lets it
        go here. Why: a detached subtree is a reference cycle (children point back at their
        parent), so it waits for the collector's rare full collection, and every table hand
        dropped a dozen such pictures (walls, rivers, hands: ~3 MB) that stayed until then."""

    def draw_order(self) -> list[Node]:
        """The children sorted by ``z``, stable (cached until a child is added, removed or re-z'd)."""
        order = self._draw_order
        if order is None:
            order = self._draw_order = sorted(self._children, key=_by_z)
        return order

    def walk(self) -> Iterator[Node]:
        """This node and all below it, depth first, in insertion order."""
        yield self
        for child in self._children:
            yield from child.walk()

    def find(self, name: str) -> Node | None:
        """The first node named ``name`` in this subtree (depth first), or None."""
        return next((node for node in self.walk() if node.name == name), None)

    def find_all(self, tag: Hashable) -> list[Node]:
        """Every node in this subtree whose ``tag`` equals ``tag``."""
        return [node for node in self.walk() if node.tag == tag]

    # -- placement --------------------------------------------------------------------------

    def world_transform(self) -> Transform:
        """Where this node sits in the world, composed from the root down."""
        chain: list[Node] = []
        node: Node | None = self
        while node is not None:
            chain.append(node)
            node = node._parent
        world = IDENTITY
        for ancestor in reversed(chain):
            world = world.then(ancestor)
        return world

    def _parent_world(self) -> Transform:
        return IDENTITY if self._parent is None else self._parent.world_transform()

    def to_world(self, lx: float, ly: float) -> tuple[float, float]:
        return self.world_transform().apply(lx, ly)

    def to_local(self, wx: float, wy: float) -> tuple[float, float] | None:
        return self.world_transform().invert(wx, wy)

    def content_size(self) -> tuple[float, float]:
        """The unscaled size of what this node shows (its hit area); plain nodes use ``size``."""
        return self.size

    def contains_local(self, lx: float, ly: float) -> bool:
        """Whether a local point falls on this node's content rectangle."""
        w, h = self.content_size()
        left = -self.anchor[0] * w
        top = -self.anchor[1] * h
        return left <= lx < left + w and top <= ly < top + h

    # -- drawing and hit testing ------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Draw this subtree where it sits in the world (for a root: at its own placement)."""
        self.draw_in(surface, self._parent_world())

    def draw_in(self, surface: pygame.Surface, parent_world: Transform) -> None:
        """Draw this subtree under a parent placed at ``parent_world`` (the per-frame walk)."""
        if not self.visible:
            return
        world = parent_world.then(self)
        if world.opacity <= 0.0:
            return
        self.paint(surface, world)
        if self._children:
            for child in self._draw_order or self.draw_order():
                child.draw_in(surface, world)

    def paint(self, surface: pygame.Surface, world: Transform) -> None:
        """Draw this node's own content; plain nodes show nothing."""

    def node_at(self, point: tuple[float, float]) -> Node | None:
        """The top-most visible, hittable node of this subtree under a screen pixel, or None.

        The pixel's centre is tested, so what is hit is what was drawn there whatever the
        rotation (an edge pixel of a turned tile is hit exactly when it shows the tile)."""
        return self._hit(point[0] + 0.5, point[1] + 0.5, self._parent_world())

    def _hit(self, wx: float, wy: float, parent_world: Transform) -> Node | None:
        if not self.visible:
            return None
        world = parent_world.then(self)
        if self._children:
            for child in reversed(self._draw_order or self.draw_order()):
                found = child._hit(wx, wy, world)
                if found is not None:
                    return found
        if self.hittable:
            local = world.invert(wx, wy)
            if local is not None and self.contains_local(*local):
                return self
        return None
