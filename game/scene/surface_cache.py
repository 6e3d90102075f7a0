"""A bounded cache of turned, scaled and faded copies of surfaces, so no frame transforms twice.

Rotating or smooth-scaling a surface costs far more than blitting it, and a table shows the same
few dozen tile faces turned the same few ways for minutes. Sprites therefore ask this cache for
"this surface at this angle, this pixel size and this opacity" and blit what it returns:

* the key is ``(id(source), whole degrees, width px, height px, opacity level)``; the cache holds
  its source only weakly: when the source is freed (a label rendered anew, a panel thrown away),
  its copies go with it before the next look-up, so its id cannot find another surface's copies
  and pictures nobody can show again never wait for the LRU (they did: a running table's cache
  kept the sources of 105 of its 236 copies alive, 5.3 MB after 10 hands and growing);
* opacity is bucketed into ``ALPHA_LEVELS`` steps and served by a copy with ``set_alpha`` made
  from the (also cached) opaque transformed copy, so a fade never re-renders anything;
* the untouched case (no turn, same size, opaque) returns the source itself and counts nothing;
* entries are evicted least-recently-used beyond ``capacity``; faded copies apart from the
  opaque ones, beyond ``fade_capacity``: a fade shows each level for a frame or two and then
  never again, so among the opaque copies its 31 levels pushed out what the table shows for
  minutes and held megabytes of pictures nobody would see again (a running table's cache
  reached 4.6 MB in 8 hands, half of it faded copies).

A source surface that is drawn on after it was first shown must be ``invalidate``-d.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict, deque
from typing import Final

import pygame

ALPHA_LEVELS: Final = 32
"""Opacity buckets: 1/32 steps are invisible in a fade and bound the copies of a surface to 32."""

_Key = tuple[int, int, int, int, int]


def alpha_level(opacity: float) -> int:
    """The opacity bucket 0..ALPHA_LEVELS (0 = nothing to draw)."""
    level = round(opacity * ALPHA_LEVELS)
    return 0 if level <= 0 else ALPHA_LEVELS if level >= ALPHA_LEVELS else level


def transformed(source: pygame.Surface, degrees: int, width: int, height: int) -> pygame.Surface:
    """``source`` stretched to ``width`` x ``height`` then turned clockwise by ``degrees``.

    Quarter turns use the lossless ``rotate``; other angles the anti-aliased ``rotozoom``."""
    image = source
    if image.get_size() != (width, height):
        if image.get_bitsize() in (24, 32):
            image = pygame.transform.smoothscale(image, (width, height))
        else:
            image = pygame.transform.scale(image, (width, height))
    if degrees % 90 == 0:
        return pygame.transform.rotate(image, -degrees) if degrees else image
    return pygame.transform.rotozoom(image, -degrees, 1.0)


class SurfaceCache:
    """LRU map from (surface, angle, size, opacity level) to a ready-to-blit surface."""

    def __init__(self, capacity: int = 1024, fade_capacity: int = 128) -> None:
        if capacity < 1 or fade_capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = capacity
        self.fade_capacity = fade_capacity
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[_Key, pygame.Surface] = OrderedDict()
        self._faded: OrderedDict[_Key, pygame.Surface] = OrderedDict()
        # one weak reference per source with copies; its callback only notes the id (it may run
        # inside any allocation, even mid-iteration), and the next look-up forgets the copies
        self._sources: dict[int, weakref.ref[pygame.Surface]] = {}
        self._freed: deque[int] = deque()

    def __len__(self) -> int:
        if self._freed:
            self._forget_freed()
        return len(self._entries) + len(self._faded)

    def _forget_freed(self) -> None:
        freed = set()
        while self._freed:
            freed.add(self._freed.popleft())
        for ident in freed:
            self._sources.pop(ident, None)
        for entries in (self._entries, self._faded):
            for key in [key for key in entries if key[0] in freed]:
                del entries[key]

    def _watch(self, source: pygame.Surface) -> None:
        ident = id(source)
        if ident not in self._sources:
            note = self._freed.append
            self._sources[ident] = weakref.ref(source, lambda _ref: note(ident))

    def get(
        self, source: pygame.Surface, rotation: float, width: int, height: int, opacity: float
    ) -> pygame.Surface | None:
        """The surface to blit, or None when ``opacity`` rounds to nothing."""
        level = alpha_level(opacity)
        if level == 0:
            return None
        degrees = round(rotation) % 360
        if degrees == 0 and level == ALPHA_LEVELS and (width, height) == source.get_size():
            return source
        if self._freed:  # before the look-up: a freed source's id may be a new surface's now
            self._forget_freed()
        key = (id(source), degrees, width, height, level)
        entries = self._entries if level == ALPHA_LEVELS else self._faded
        entry = entries.get(key)
        if entry is not None:
            entries.move_to_end(key)
            self.hits += 1
            return entry
        self.misses += 1
        if level == ALPHA_LEVELS:
            image = transformed(source, degrees, width, height)
        else:
            opaque = self.get(source, degrees, width, height, 1.0)
            assert opaque is not None
            image = opaque.copy()
            image.set_alpha(min(255, level * 256 // ALPHA_LEVELS))
        self._watch(source)
        entries[key] = image
        if len(entries) > (self.capacity if level == ALPHA_LEVELS else self.fade_capacity):
            entries.popitem(last=False)
        return image

    def invalidate(self, source: pygame.Surface) -> None:
        """Forget every copy of ``source`` (after drawing on it, or when it is thrown away)."""
        ident = id(source)
        for entries in (self._entries, self._faded):
            for key in [key for key in entries if key[0] == ident]:
                del entries[key]

    def clear(self) -> None:
        self._entries.clear()
        self._faded.clear()
        self._sources.clear()
        self._freed.clear()
        self.hits = 0
        self.misses = 0


SURFACE_CACHE: Final = SurfaceCache()
"""The cache sprites share unless given their own."""
