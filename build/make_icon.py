"""Draw the application icon with the game's own tile art: a 中 (red dragon) tile on felt.

Why a script and not a drawn file: the icon should look like the tiles in the game, and stays in
step with them when the tile art changes; re-run this and commit the results. Writes
``assets/icon/icon.png`` (512 px, the window icon and the Linux bundle), ``icon.ico`` (Windows,
16-256 px) and ``icon.icns`` (macOS, up to 1024 px). The .ico and .icns need Pillow, which the
``build`` extra installs. ``hicolor/<N>x<N>.png`` are the Linux menu icons (the freedesktop hicolor
sizes), each drawn at its own size so the small ones stay crisp; build/bundle.py puts them in the
Linux bundle's ``share/icons``.

Usage (from the repository root)::

    .venv/bin/pip install -e '.[build]'
    SDL_VIDEODRIVER=dummy .venv/bin/python build/make_icon.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine.tiles import parse_tile  # noqa: E402
from game.ui.tile_art import TileArt  # noqa: E402

ICON_DIR = ROOT / "assets" / "icon"
FELT = (30, 112, 78)
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = [(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)]


def draw_icon(size: int) -> pygame.Surface:
    """A rounded felt square with one upright 中 tile (with its edge and shadow) in the middle."""
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(canvas, FELT, canvas.get_rect(), border_radius=round(size * 0.2))
    art = TileArt(round(size * 0.5))
    tile = art.lying(parse_tile("7z"))
    shadow = art.shadow()
    x = (size - tile.get_width()) // 2
    y = (size - tile.get_height()) // 2
    offset = max(1, size // 40)
    canvas.blit(shadow, (x - (shadow.get_width() - tile.get_width()) // 2 + offset,
                         y - (shadow.get_height() - tile.get_height()) // 2 + offset))
    canvas.blit(tile, (x, y))
    return canvas


def write_hicolor() -> None:
    folder = ICON_DIR / "hicolor"
    folder.mkdir(parents=True, exist_ok=True)
    for size in HICOLOR_SIZES:
        pygame.image.save(draw_icon(size), str(folder / f"{size}x{size}.png"))


def main() -> int:
    pygame.init()
    write_hicolor()
    from PIL import Image

    ICON_DIR.mkdir(parents=True, exist_ok=True)
    png = ICON_DIR / "icon.png"
    pygame.image.save(draw_icon(512), str(png))
    big = ICON_DIR / "icon-1024.tmp.png"
    pygame.image.save(draw_icon(1024), str(big))
    try:
        with Image.open(big) as image:
            image.load()
            image.save(ICON_DIR / "icon.icns")
            image.save(ICON_DIR / "icon.ico", sizes=ICO_SIZES)
    finally:
        big.unlink()
    pygame.quit()
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"{ICON_DIR / name}: {(ICON_DIR / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
