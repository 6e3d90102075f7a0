"""``bench_table``: what a frame of the real table costs (update + draw), during the deal and mid-hand.

Four AI seats play seed 1 under the dummy video driver. The deal is timed from the first frame of
the first ``TilesDealt`` unit; play is timed after the 24th discard has been shown, at speed 1
with a fixed 1/60 s step, so the frames include AI decisions, tweens and every sprite drawn. The
first frames of each window paint tile faces and fill the surface cache; that is the honest cost
of the first look at a hand and it lands in the p99, not the median.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

import pygame

from .screen import TableScreen

DT = 1.0 / 60.0


class Framed(Protocol):
    def update(self, dt: float) -> object: ...

    def draw(self, surface: pygame.Surface) -> None: ...


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextmanager
def frame_surface(size: tuple[int, int]) -> Iterator[pygame.Surface]:
    """A surface to draw benchmark frames on: the window's when one is open, else a dummy-driver
    window of ``size`` opened and closed here."""
    if pygame.display.get_surface() is not None:
        yield pygame.Surface(size).convert()
        return
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    try:
        yield pygame.display.set_mode(size)
    finally:
        pygame.display.quit()


def timed_frames(screen: Framed, surface: pygame.Surface, frames: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per frame (CPU time is what a busy shared machine cannot
    inflate by making us wait for a core)."""
    wall, cpu = [], []
    for _ in range(frames):
        t0, c0 = time.perf_counter(), time.thread_time()
        screen.update(DT)
        screen.draw(surface)
        wall.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.thread_time() - c0) * 1000.0)
    return wall, cpu


def bench_table(frames: int = 240, size: tuple[int, int] = (1280, 720), profile: str = "riichi",
                seed: int = 1) -> dict[str, float]:
    """Median and p99 milliseconds of ``update + draw`` over ``frames`` frames of the deal and of
    mid-hand play, at ``size``."""
    with frame_surface(size) as surface:
        screen = TableScreen(size, profile=profile, seed=seed, autoplay=True)
        units = screen.presenter.units
        for _ in range(20_000):
            if "TilesDealt" in units:
                break
            screen.update(DT)
        deal, deal_cpu = timed_frames(screen, surface, frames)
        screen.timeline.speed = 4.0
        for _ in range(50_000):
            if units.count("Discarded") >= 24 or "Win" in units:
                break
            screen.update(DT)
        screen.timeline.speed = 1.0
        play, play_cpu = timed_frames(screen, surface, frames)
    return {
        "deal_median_ms": statistics.median(deal),
        "deal_p99_ms": percentile(deal, 0.99),
        "play_median_ms": statistics.median(play),
        "play_p99_ms": percentile(play, 0.99),
        "deal_cpu_median_ms": statistics.median(deal_cpu),
        "deal_cpu_p99_ms": percentile(deal_cpu, 0.99),
        "play_cpu_median_ms": statistics.median(play_cpu),
        "play_cpu_p99_ms": percentile(play_cpu, 0.99),
        "frames": float(frames),
    }


def bench_render(frames: int = 240) -> dict[str, float]:
    """The figures issue 5 asks of ``python -m game bench render``: median and p99 frame times
    during the deal and during play, at 1280x720 and 1920x1080 (keys like ``deal_p99_ms_720p``),
    plus the same from CPU time (``..._cpu_...``)."""
    from game.ui.results.bench import bench_results

    out: dict[str, float] = {}
    for size, label in (((1280, 720), "720p"), ((1920, 1080), "1080p")):
        figures = bench_table(frames, size)
        for phase in ("deal", "play"):
            for stat in ("median", "p99"):
                out[f"{phase}_{stat}_ms_{label}"] = figures[f"{phase}_{stat}_ms"]
                out[f"{phase}_cpu_{stat}_ms_{label}"] = figures[f"{phase}_cpu_{stat}_ms"]
        for key, value in bench_results(frames, size).items():  # the result screens (issue 14)
            out[f"{key}_{label}"] = value
    return out


def bench_first_turn(seeds: int = 8, size: tuple[int, int] = (1280, 720)) -> dict[str, float]:
    """From a match started at Normal speed (the default setting) to the first moment the human
    may discard: the seconds of animation the player watches (the first dealer's dice, the walls,
    the break, the dead wall, the deal, and the discards before the human's first turn), the
    table's set-up time, and the CPU time of all those frames. One fixed 1/60 s step per frame, so
    the animation seconds are exact and the CPU figures are the game's own cost."""
    owns_display = pygame.display.get_surface() is None
    if owns_display:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        pygame.display.init()
        surface = pygame.display.set_mode(size)
    else:
        surface = pygame.Surface(size).convert()
    watched, setup, cpu, dealer_first = [], [], [], []
    try:
        for seed in range(1, seeds + 1):
            c0 = time.thread_time()
            t0 = time.perf_counter()
            screen = TableScreen(size, seed=seed, speed=1.0)
            setup.append((time.perf_counter() - t0) * 1000.0)
            frames = 0
            while not screen.can_discard() and frames < 60 * 600:
                screen.update(DT)
                screen.draw(surface)
                frames += 1
            cpu.append(time.thread_time() - c0)
            watched.append(frames * DT)
            if screen.match.dealer == screen.human:
                dealer_first.append(frames * DT)
    finally:
        if owns_display:
            pygame.display.quit()
    return {
        "seconds_to_first_turn_median": statistics.median(watched),
        "seconds_to_first_turn_min": min(watched),
        "seconds_to_first_turn_max": max(watched),
        "seconds_when_dealer_median": statistics.median(dealer_first) if dealer_first else 0.0,
        "table_setup_ms_median": statistics.median(setup),
        "cpu_seconds_to_first_turn_median": statistics.median(cpu),
        "matches": float(seeds),
    }


if __name__ == "__main__":
    import json

    print(json.dumps({k: round(v, 3) for k, v in bench_render().items()}))
