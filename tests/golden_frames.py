"""Golden frames: a drawn frame compared with a stored PNG someone has looked at.

The comparison is tolerant to tiny differences and strict about real ones. The absolute
difference of the two frames is averaged over cells of 16 x 16 pixels at 720p (24 at 1080p): a
font hinted or antialiased a little differently moves a few edge pixels by a few levels, which
averages to a cell mean of 1 to 5; a tile that moved three pixels, a word that changed or a panel
that grew gives a cell mean far above ``CELL_LIMIT``. So one changed cell fails the test, and so
does a frame that is slightly off everywhere (the overall mean).

To accept an intended change: delete the PNG (or run with ``GOLDEN_UPDATE=1``) and run the test
once; it writes the new frame and skips, saying so. Look at the frame, then commit it. A failing
comparison writes what it drew and an amplified difference beside each other under
``$TMPDIR/golden-failures/`` and names the worst cell.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

GOLDEN = Path(__file__).parent / "golden"
CELL_LIMIT = 20.0  # mean absolute channel difference in one cell (0..255)
MEAN_LIMIT = 1.5  # over the whole frame


def difference(got: pygame.Surface, want: pygame.Surface, cell: int) -> tuple[float, float, tuple[int, int]]:
    """(overall mean, worst cell mean, worst cell's top-left pixel) of |got - want|, per channel."""
    a = got.convert(24) if got.get_bitsize() != 24 else got
    b = want.convert(24) if want.get_bitsize() != 24 else want
    over = a.copy()
    over.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    under = b.copy()
    under.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    over.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|
    w, h = over.get_size()
    cells = pygame.transform.smoothscale(over, (max(1, w // cell), max(1, h // cell)))  # area means
    raw = pygame.image.tobytes(cells, "RGB")
    means = [max(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]
    worst = max(range(len(means)), key=means.__getitem__)
    cw = cells.get_width()
    whole = pygame.image.tobytes(pygame.transform.smoothscale(over, (1, 1)), "RGB")
    return sum(whole) / 3, float(means[worst]), ((worst % cw) * cell, (worst // cw) * cell)


def check(got: pygame.Surface, name: str) -> None:
    """Compare ``got`` with ``tests/golden/<name>.png`` (writing it, and skipping, when absent)."""
    path = GOLDEN / f"{name}.png"
    if not path.exists() or os.environ.get("GOLDEN_UPDATE"):
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(got, str(path))
        pytest.skip(f"wrote a new golden frame {path.name}: look at it, then commit it")
    want = pygame.image.load(str(path))
    assert want.get_size() == got.get_size(), f"{name}: the frame is {got.get_size()}, the golden {want.get_size()}"
    cell = max(8, round(16 * got.get_height() / 720))
    mean, worst, at = difference(got, want, cell)
    if mean < MEAN_LIMIT and worst < CELL_LIMIT:
        return
    out = Path(tempfile.gettempdir()) / "golden-failures"
    out.mkdir(exist_ok=True)
    flat = name.replace("/", "_")
    pygame.image.save(got, str(out / f"{flat}.got.png"))
    diff = got.convert(24) if got.get_bitsize() != 24 else got.copy()
    diff.blit(want, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    for _ in range(3):  # x8, so a small change shows
        diff.blit(diff, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    pygame.image.save(diff, str(out / f"{flat}.diff.png"))
    pytest.fail(f"{name}: the frame changed (mean {mean:.2f}, worst {cell}px cell {worst:.0f} at {at}); "
                f"what was drawn and the difference are in {out}. If the change is meant, delete "
                f"{path} and run again, look at the new frame, commit it.")
