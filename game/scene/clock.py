"""Frame clocks: a fixed step for tests and replays, the real one for the game loop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def tick(self) -> float:
        """Seconds since the previous frame."""
        ...


class FixedClock:
    """Every frame lasts exactly ``dt``; ``time`` is ``frames * dt`` (a product, not a drifting sum)."""

    def __init__(self, dt: float = 1.0 / 60.0) -> None:
        if dt <= 0.0:
            raise ValueError("dt must be positive")
        self.dt = dt
        self.frames = 0

    @property
    def time(self) -> float:
        return self.frames * self.dt

    def tick(self) -> float:
        self.frames += 1
        return self.dt

    def run(self, update: Callable[[float], object], frames: int) -> None:
        """Call ``update(dt)`` for ``frames`` frames."""
        for _ in range(frames):
            update(self.tick())

    def run_until(self, update: Callable[[float], object], done: Callable[[], bool], limit: int = 100_000) -> int:
        """Step until ``done()``; return how many frames that took (``RuntimeError`` past ``limit``)."""
        for frame in range(limit + 1):
            if done():
                return frame
            update(self.tick())
        raise RuntimeError(f"not done after {limit} frames")


class RealClock:
    """``pygame.time.Clock`` capped at ``fps``, with ``dt`` clamped to ``max_dt`` so a stall
    (a dragged window, a breakpoint) never jumps animations."""

    def __init__(self, fps: int = 60, max_dt: float = 0.1) -> None:
        import pygame

        self.fps = fps
        self.max_dt = max_dt
        self._clock = pygame.time.Clock()

    def tick(self) -> float:
        return min(self._clock.tick(self.fps) / 1000.0, self.max_dt)

    def measured_fps(self) -> float:
        return float(self._clock.get_fps())
