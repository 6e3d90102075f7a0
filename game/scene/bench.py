"""``bench_scene``: the cost of one frame (timeline update + tree draw) for N moving sprites.

The scene imitates a busy table: tile-sized sprites, a quarter of them turned sideways, each
sliding back and forth on an endless eased tween, a few fading, drawn on a 1280x720 surface.
"""

from __future__ import annotations

import os
import time

import pygame

from .actions import Repeat, Sequence, Tween
from .node import Node
from .panel import Panel
from .sprite import Sprite
from .surface_cache import SurfaceCache
from .timeline import Timeline

SCREEN = (1280, 720)
TILE = (40, 54)


def _tile_faces(count: int) -> list[pygame.Surface]:
    """Plain ivory blanks with a coloured mark, standing in for tile art."""
    faces = []
    for i in range(count):
        face = Panel(*TILE, (238, 232, 214), radius=5, border_color=(120, 110, 90), border_width=1).render()
        pygame.draw.circle(face, ((i * 70) % 256, (i * 130) % 256, 90), (TILE[0] // 2, TILE[1] // 2), 9)
        faces.append(face)
    return faces


def build_scene(nodes: int, timeline: Timeline, cache: SurfaceCache) -> Node:
    root = Node()
    faces = [face.convert_alpha() for face in _tile_faces(34)] if pygame.display.get_surface() else _tile_faces(34)
    columns = 25
    for i in range(nodes):
        row, col = divmod(i, columns)
        sprite = root.add_child(
            Sprite(faces[i % len(faces)], 30 + col * 48, 40 + (row % 11) * 62, cache=cache, hittable=True)
        )
        if i % 4 == 0:
            sprite.rotation = 90.0
        there = Tween(sprite, "y", 12.0, 0.6 + (i % 7) * 0.05, "in_out_sine", relative=True)
        back = Tween(sprite, "y", -12.0, 0.6 + (i % 7) * 0.05, "in_out_sine", relative=True)
        timeline.run(Repeat(Sequence(there, back)))
        if i % 10 == 0:
            timeline.run(Repeat(Sequence(Tween(sprite, "opacity", 0.4, 0.5), Tween(sprite, "opacity", 1.0, 0.5))))
    return root


WARM_UP_FRAMES = 60
"""One second: every fade has passed through all its opacity levels once."""


def bench_scene(nodes: int = 300, frames: int = 300) -> dict[str, float]:
    """Build ``nodes`` tweened sprites and time ``frames`` frames at a fixed 1/60 s step.

    Returns milliseconds per frame for the update, the draw and both, plus the surface cache's
    misses after a one-second warm-up (0: no timed frame transformed any surface). Draws on a
    dummy-driver 1280x720 display, or off screen when a display is already open."""
    owns_display = pygame.display.get_surface() is None
    if owns_display:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
        screen = pygame.display.set_mode(SCREEN)
    else:
        screen = pygame.Surface(SCREEN).convert()
    try:
        return _time_frames(screen, nodes, frames)
    finally:
        if owns_display:
            pygame.display.quit()


def _time_frames(screen: pygame.Surface, nodes: int, frames: int) -> dict[str, float]:
    timeline = Timeline()
    cache = SurfaceCache()
    root = build_scene(nodes, timeline, cache)
    dt = 1.0 / 60.0
    for _ in range(WARM_UP_FRAMES):
        timeline.update(dt)
        root.draw(screen)
    warm_misses = cache.misses
    update_s = draw_s = 0.0
    for _ in range(frames):
        t0 = time.perf_counter()
        timeline.update(dt)
        t1 = time.perf_counter()
        screen.fill((22, 78, 58))
        root.draw(screen)
        t2 = time.perf_counter()
        update_s += t1 - t0
        draw_s += t2 - t1
    per = 1000.0 / max(1, frames)
    return {
        "nodes": float(nodes),
        "frames": float(frames),
        "update_ms": update_s * per,
        "draw_ms": draw_s * per,
        "frame_ms": (update_s + draw_s) * per,
        "cache_misses_after_warm_up": float(cache.misses - warm_misses),
        "cache_entries": float(len(cache)),
    }


if __name__ == "__main__":
    for key, value in bench_scene().items():
        print(f"{key}: {value:.3f}")
