"""Nodes that show a surface: a given one (``Sprite``) or one they render and keep (``RenderedNode``).

The surface is drawn with its ``anchor`` point on the node's origin, turned, scaled and faded as
the node's world placement says. Every transformed copy comes from a ``SurfaceCache``, so a
still scene blits cached surfaces and never rotates or scales anything per frame.

``stretch_x`` / ``stretch_y`` scale this node's own image only (children do not inherit them):
tweening ``stretch_x`` 1 -> 0, swapping ``image``, then 0 -> 1 turns a tile over.
"""

from __future__ import annotations

import math
from typing import Any, Generic, TypeVar, overload

import pygame

from .node import Node, Transform
from .surface_cache import SURFACE_CACHE, SurfaceCache

Colour = tuple[int, int, int] | tuple[int, int, int, int]


class SurfaceNode(Node):
    """A node whose content is ``surface()``; subclasses say where that surface comes from."""

    __slots__ = ("stretch_x", "stretch_y", "cache")

    def __init__(self, x: float = 0.0, y: float = 0.0, *, cache: SurfaceCache | None = None, **node: Any) -> None:
        super().__init__(x, y, **node)
        self.stretch_x = 1.0
        self.stretch_y = 1.0
        self.cache = SURFACE_CACHE if cache is None else cache

    def surface(self) -> pygame.Surface | None:
        """The untransformed image to show (None: nothing)."""
        raise NotImplementedError

    def content_size(self) -> tuple[float, float]:
        image = self.surface()
        if image is None:
            return (0.0, 0.0)
        w, h = image.get_size()
        return (w * self.stretch_x, h * self.stretch_y)

    def paint(self, surface: pygame.Surface, world: Transform) -> None:
        image = self.surface()
        if image is None:
            return
        w, h = image.get_size()
        sx = self.stretch_x
        sy = self.stretch_y
        width = round(w * world.scale * sx)
        height = round(h * world.scale * sy)
        if width <= 0 or height <= 0:
            return
        shown = self.cache.get(image, world.rotation, width, height, world.opacity)
        if shown is None:
            return
        # the centre of the content rectangle, in the world; the turned copy is centred there
        cx, cy = world.apply((0.5 - self.anchor[0]) * w * sx, (0.5 - self.anchor[1]) * h * sy)
        sw, sh = shown.get_size()
        surface.blit(shown, (math.floor(cx - sw / 2 + 0.5), math.floor(cy - sh / 2 + 0.5)))


class Sprite(SurfaceNode):
    """Shows ``image`` (swap it freely: the cache keys on the surface itself)."""

    __slots__ = ("image",)

    def __init__(self, image: pygame.Surface | None, x: float = 0.0, y: float = 0.0, **node: Any) -> None:
        super().__init__(x, y, **node)
        self.image = image

    def surface(self) -> pygame.Surface | None:
        return self.image


T = TypeVar("T")


class rendered(Generic[T]):  # noqa: N801 - used like ``property``
    """An attribute of a ``RenderedNode`` whose change throws its rendered image away."""

    def __init__(self, doc: str = "") -> None:
        self.__doc__ = doc
        self._slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = "_" + name

    @overload
    def __get__(self, obj: None, owner: type) -> rendered[T]: ...

    @overload
    def __get__(self, obj: RenderedNode, owner: type) -> T: ...

    def __get__(self, obj: RenderedNode | None, owner: type) -> rendered[T] | T:
        if obj is None:
            return self
        value: T = getattr(obj, self._slot)
        return value

    def __set__(self, obj: RenderedNode, value: T) -> None:
        old = getattr(obj, self._slot, _UNSET)
        if old is value:
            return
        setattr(obj, self._slot, value)  # an equal value is kept too (the same words, newly made)
        if old != value:
            obj.rerender()


_UNSET = object()


class RenderedNode(SurfaceNode):
    """A surface node that renders its own image once and keeps it until a ``rendered``
    attribute changes."""

    __slots__ = ("_image", "renders")

    def __init__(self, x: float = 0.0, y: float = 0.0, **node: Any) -> None:
        self._image: pygame.Surface | None = None
        # how many times the image was made: a cached picture of this node compares it, not the
        # image's id (a picture made again after the old one was freed often gets its address)
        self.renders = 0
        super().__init__(x, y, **node)

    def render(self) -> pygame.Surface:
        """Draw the image from the node's attributes (called only when they changed)."""
        raise NotImplementedError

    def rerender(self) -> None:
        """Throw the image (and its cached copies) away; the next draw renders afresh."""
        image = getattr(self, "_image", None)
        if image is not None:
            self.cache.invalidate(image)
            self._image = None

    def surface(self) -> pygame.Surface:
        image = self._image
        if image is None:
            image = self._image = self.render()
            self.renders += 1
        return image
