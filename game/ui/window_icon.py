"""The window's icon: the same 中 tile the bundles use (``assets/icon``, drawn by build/make_icon.py).

Set it before opening the window: some platforms (X11 window managers, the Windows taskbar) read
it only then. The folder is found beside the fonts, so it works from source and when frozen.
"""

from __future__ import annotations

from pathlib import Path

from game.ui.fonts import fonts_dir


def icon_path() -> Path:
    return fonts_dir().parent / "icon" / "icon.png"


def set_window_icon() -> None:
    """Use the game's icon for the next window; a missing file keeps pygame's default."""
    import pygame

    path = icon_path()
    if path.is_file():
        pygame.display.set_icon(pygame.image.load(str(path)))
