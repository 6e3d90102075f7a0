"""Golden frames of the table: a deterministic match drawn at fixed steps, compared with stored
PNGs within a tolerance.

The tolerance absorbs antialiasing and font-hinting differences between SDL/freetype builds; a
layout change, a missing tile or a wrong colour moves far more pixels than it allows. To accept
an intended change, delete the PNG and run the test once: it writes the new frame and skips.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.table import TableScreen

GOLDEN = Path(__file__).parent / "golden"
SIZE = (1280, 720)
DT = 1.0 / 60.0


def _frame(profile: str, seed: int, frames: int) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    # the baseline efficiency bot plays all four seats: the frames must not move when the AI levels do
    table = TableScreen(SIZE, profile=profile, seed=seed, autoplay=True, level="efficiency")
    for _ in range(frames):
        table.update(DT)
    table.draw(surface)
    return surface


def _difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """Mean absolute channel difference (0..255) and the share of pixels off by more than 48."""
    raw_a = pygame.image.tobytes(a, "RGB")
    raw_b = pygame.image.tobytes(b, "RGB")
    total = 0
    off = 0
    for i in range(0, len(raw_a), 3 * 7):  # every 7th pixel: enough to see any real change
        d = abs(raw_a[i] - raw_b[i]) + abs(raw_a[i + 1] - raw_b[i + 1]) + abs(raw_a[i + 2] - raw_b[i + 2])
        total += d
        off += d > 48
    n = len(raw_a) // (3 * 7)
    return total / (3 * n), off / n


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    """A display for ``convert`` (left open: other table tests share pygame's one display)."""
    if pygame.display.get_surface() is None:
        pygame.display.init()
        pygame.display.set_mode((1, 1))


@pytest.mark.parametrize(
    ("name", "profile", "seed", "frames"),
    [
        ("table_riichi_break", "riichi", 9, 200),
        ("table_riichi_play", "riichi", 3, 1800),
        ("table_taiwanese_flowers", "taiwanese", 5, 600),
    ],
)
def test_golden_frame(name: str, profile: str, seed: int, frames: int) -> None:
    got = _frame(profile, seed, frames)
    path = GOLDEN / f"{name}.png"
    if not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(got, str(path))
        pytest.skip(f"wrote a new golden frame {path.name}: look at it, then commit it")
    want = pygame.image.load(str(path))
    mean, share = _difference(got, want)
    assert mean < 3.0 and share < 0.01, f"{name}: mean difference {mean:.2f}, {share:.2%} pixels off"
