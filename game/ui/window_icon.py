"""The window's icon: the same 中 tile the bundles use (``assets/icon``, drawn by build/make_icon.py).

Set it before opening the window: some platforms (X11 window managers, the Windows taskbar) read
it only then. The folder is found beside the fonts, so it works from source and when frozen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.fonts import fonts_dir

if TYPE_CHECKING:
    import pygame


ICON_SIZE = 128  # pixels: the largest icon X11 takes in one request (256 px and up are dropped silently)


def icon_path() -> Path:
    return fonts_dir().parent / "icon" / "icon.png"


def window_icon() -> pygame.Surface | None:
    """The game's icon as a picture, or None when the file is missing (pygame's default stays)."""
    import pygame

    path = icon_path()
    if not path.is_file():
        return None
    try:
        picture = pygame.image.load(str(path))
    except (pygame.error, OSError):  # a damaged file: the default icon, never a failed start
        return None
    if max(picture.get_size()) > ICON_SIZE:  # a 512 px icon is too large a request for X11: none shown
        picture = pygame.transform.smoothscale(picture, (ICON_SIZE, ICON_SIZE))
    return picture


def set_window_icon() -> None:
    """Use the game's icon for the next ``pygame.display`` window (the smoke check's)."""
    import pygame

    icon = window_icon()
    if icon is not None:
        pygame.display.set_icon(icon)
