"""``run_demo``: four AI seats on the real table, fully animated, with PNG frames saved.

What issue 5 §6 asks of ``python -m game demo --profile P --seed S --seconds T --screenshots DIR
[--every K]``: the CLI only has to parse its options and call this. It runs under whatever video
driver is set (the dummy one headless), at a fixed 1/60 s step, so the frames of a seed are the
same on every run.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from .screen import TableScreen

DT = 1.0 / 60.0


def run_demo(profile: str, seed: int, seconds: float, screenshots: Path, every: int = 30,
             size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """Play ``seconds`` of animated AI play and save every ``every``-th frame as
    ``DIR/frame_NNNNN.png``; returns the files written."""
    screenshots.mkdir(parents=True, exist_ok=True)
    owns_display = pygame.display.get_surface() is None
    if owns_display:
        pygame.display.init()
        surface = pygame.display.set_mode(size)
    else:
        surface = pygame.Surface(size).convert()
    written: list[Path] = []
    try:
        table = TableScreen(size, profile=profile, seed=seed, autoplay=True)
        for frame in range(max(1, round(seconds / DT))):
            table.update(DT)
            if frame % max(1, every) == 0:
                table.draw(surface)
                path = screenshots / f"frame_{frame:05d}.png"
                pygame.image.save(surface, str(path))
                written.append(path)
    finally:
        if owns_display:
            pygame.display.quit()
    return written
