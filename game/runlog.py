"""The log of a run: one file per start of the game in the logs folder, a few kept.

Why one file per run: a player attaching "the log" to a bug report should send the run that went
wrong, not a mix. At each start the last run's file rotates to ``.1`` (``.1`` to ``.2`` ...), and
:data:`KEPT` old runs stay; a run that writes more than :data:`MAX_BYTES` rotates too, so a
runaway loop cannot fill the disk. The first lines are the facts a bug report needs (version, OS,
Python, pygame and SDL, then the display once the window is open); warnings (``warnings``
module included) and errors follow. Crash reports (:mod:`game.ui.crash`) go beside it.

Logging never stops the game: a logs folder that cannot be written leaves the log on stderr only.
"""

from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
from pathlib import Path
from typing import Final

from game import __version__, paths

LOG_NAME: Final = "mahjong-atlas.log"
KEPT: Final = 5
MAX_BYTES: Final = 2_000_000
FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("game")


def start(command: str = "play") -> Path | None:
    """Open this run's log file (rotating the last run's away) and write the start-up facts.
    Returns the file's path, or None when the logs folder cannot be written."""
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)
    path: Path | None = None
    for handler in list(root.handlers):
        if getattr(handler, "atlas_run_log", False):
            root.removeHandler(handler)
            handler.close()
    try:
        folder = paths.ensure(paths.logs_dir())
        path = folder / LOG_NAME
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=KEPT,
                                                       encoding="utf-8")
        if path.stat().st_size > 0:
            handler.doRollover()  # the last run's file becomes .1: one file per run
    except OSError as exc:
        print(f"mahjong-atlas: cannot write the log ({exc}); logging to the terminal only", file=sys.stderr)
        path = None
    else:
        handler.setFormatter(logging.Formatter(FORMAT))
        handler.atlas_run_log = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    if path is None:  # no file: warnings and errors at least reach the terminal
        terminal = logging.StreamHandler()
        terminal.setLevel(logging.WARNING)
        terminal.setFormatter(logging.Formatter("mahjong-atlas: %(levelname)s: %(message)s"))
        root.addHandler(terminal)
    for line in startup_facts(command):
        log.info(line)
    return path


def startup_facts(command: str) -> list[str]:
    frozen = bool(getattr(sys, "frozen", False))
    facts = [
        f"Mahjong Atlas {__version__} ({'bundle' if frozen else 'from source'}), command {command!r}",
        f"OS {platform.platform()} ({platform.machine()}), Python {platform.python_version()}",
        f"folders: {', '.join(f'{k} {v}' for k, v in paths.all_dirs().items())}",
    ]
    try:
        import pygame

        facts.append(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}")
    except ImportError:  # the engine's tools run without pygame
        pass
    return facts


def display_facts(window: tuple[int, int], drawable: tuple[int, int]) -> None:
    """The display, once the window is open: driver, desktop sizes, the window's size in points
    and the drawable's in pixels (they differ on a high-DPI screen)."""
    import pygame

    try:
        desktops = pygame.display.get_desktop_sizes()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        log.warning("display facts unavailable: %s", exc)
        return
    log.info("display: driver %s, desktops %s, window %s points, drawing at %s pixels", driver,
             "; ".join(f"{w}x{h}" for w, h in desktops), f"{window[0]}x{window[1]}",
             f"{drawable[0]}x{drawable[1]}")
