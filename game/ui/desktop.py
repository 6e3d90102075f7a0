"""What a desktop program is expected to do with its window, in one place.

- Before SDL's video starts (:func:`prepare`): the window class / app id ``MahjongAtlas`` (X11
  ``WM_CLASS``, the Wayland app id, the Windows taskbar's AppUserModelID) so a desktop groups the
  window under the game's menu entry and icon; per-monitor DPI awareness on Windows, so the OS does
  not blow up a 96-dpi bitmap of the window and the game draws at the real pixel size.
- :func:`check_display`: with no display, SDL falls back to its offscreen driver and the game would
  run invisibly. Unless that driver (or ``dummy``) was asked for by name (tests, ``--smoke``,
  ``demo``), the player gets one clear line and exit code 2 (:class:`NoDisplay`, an
  :class:`~game.engine.errors.AtlasError`, which the command line prints as one line).
- :func:`is_fullscreen_toggle`: F11 and Alt+Enter everywhere, Ctrl+Cmd+F on macOS as well.

The screens lay themselves out at the display surface's size, which SDL makes at the drawable's
pixel size; the log records both that and the window's size in points (:mod:`game.runlog`).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Final

import pygame

from game.engine.errors import AtlasError

APP_ID: Final = "MahjongAtlas"
HEADLESS_DRIVERS: Final = frozenset({"dummy", "offscreen"})

log = logging.getLogger(__name__)


class NoDisplay(AtlasError):
    """No screen to open a window on (and no headless driver was asked for)."""


def prepare() -> None:
    """Hints SDL reads when its video starts: call before ``pygame.init``/``display.init``."""
    # pygame's import sets WM_CLASS to the script's name (``__main__.py``) when unset: overrule it
    os.environ["SDL_VIDEO_X11_WMCLASS"] = APP_ID
    os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] = APP_ID
    os.environ.setdefault("SDL_APP_NAME", "Mahjong Atlas")
    if sys.platform == "win32":
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        _windows_app_id()


def _windows_app_id() -> None:
    """The taskbar groups the window (and shows its icon) under the game, not under python.exe."""
    try:
        import ctypes

        ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(APP_ID)  # type: ignore[attr-defined]
    except (AttributeError, OSError):  # an old Windows, or no shell32: the default grouping stays
        pass


def headless_requested() -> bool:
    """True when the caller named a headless driver (tests, ``--smoke``, ``demo``)."""
    return os.environ.get("SDL_VIDEODRIVER", "").strip().lower() in HEADLESS_DRIVERS


def no_display_message() -> str:
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return ("no display to open the game window on (DISPLAY and WAYLAND_DISPLAY are not set): start "
                "Mahjong Atlas from a desktop session")
    return "no display to open the game window on: start Mahjong Atlas from a desktop session"


def check_environment() -> None:
    """Before SDL starts: on Linux and the BSDs, no ``DISPLAY``, no ``WAYLAND_DISPLAY`` and no
    driver named means no window can open (SDL would print its own errors first, then fall back
    to the offscreen driver)."""
    if headless_requested() or os.environ.get("SDL_VIDEODRIVER"):
        return
    unix = sys.platform.startswith("linux") or "bsd" in sys.platform
    if unix and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        _refuse()


def _refuse() -> None:
    message = no_display_message()
    log.warning("%s", message)
    raise NoDisplay(message)


def check_display() -> None:
    """Raise :class:`NoDisplay` unless SDL's video runs on a real display or a headless driver was
    asked for by name. Call after ``pygame.display.init`` (or ``pygame.init``)."""
    if headless_requested():
        return
    try:
        driver = pygame.display.get_driver() if pygame.display.get_init() else ""
    except pygame.error:
        driver = ""
    if not driver or driver in HEADLESS_DRIVERS:
        _refuse()


def is_fullscreen_toggle(event: pygame.event.Event) -> bool:
    """F11, Alt+Enter, or (on macOS) Ctrl+Cmd+F: the player wants fullscreen on or off."""
    if event.type != pygame.KEYDOWN:
        return False
    mod = getattr(event, "mod", 0)
    if event.key == pygame.K_F11 and not mod & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT | pygame.KMOD_META):
        return True
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT:
        return True
    return event.key == pygame.K_f and bool(mod & pygame.KMOD_CTRL) and bool(mod & pygame.KMOD_META)

