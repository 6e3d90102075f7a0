"""Where the game writes: the per-user folders of each OS, never the program's own folder.

A bundled game may live in a read-only place (``C:\\Program Files``, a signed ``.app``, a mounted
image), and a player who deletes the program folder should not lose their saves by surprise; so
everything the game writes goes through this module, which asks ``platformdirs`` for the usual
per-user folders under one app name. The README's player section lists the same paths.

==========  ==========================================  ==========================================
folder      Linux (XDG)                                 Windows / macOS
==========  ==========================================  ==========================================
settings    ``~/.config/MahjongAtlas``                  ``%LOCALAPPDATA%\\MahjongAtlas`` /
                                                        ``~/Library/Application Support/MahjongAtlas``
saves       ``~/.local/share/MahjongAtlas``             same as settings
logs        ``~/.local/state/MahjongAtlas/log``         ``%LOCALAPPDATA%\\MahjongAtlas\\Logs`` /
                                                        ``~/Library/Logs/MahjongAtlas``
cache       ``~/.cache/MahjongAtlas``                   ``%LOCALAPPDATA%\\MahjongAtlas\\Cache`` /
                                                        ``~/Library/Caches/MahjongAtlas``
==========  ==========================================  ==========================================

The functions only name the folders; :func:`ensure` creates one when something is about to be
written, so merely starting the game leaves no empty folders behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import platformdirs

APP_NAME: Final = "MahjongAtlas"


def _dirs() -> platformdirs.PlatformDirs:
    # appauthor=False: no extra "Author" level on Windows; roaming=False: saves stay on this machine.
    return platformdirs.PlatformDirs(APP_NAME, appauthor=False, roaming=False)


def settings_dir() -> Path:
    """Player settings (``settings.toml``): rules, tile style, sound, window size."""
    return _dirs().user_config_path


def saves_dir() -> Path:
    """Saved matches, records and progress through the tutorial levels."""
    return _dirs().user_data_path


def logs_dir() -> Path:
    """Logs a player can attach to a bug report (start-up figures, errors)."""
    return _dirs().user_log_path


def cache_dir() -> Path:
    """Anything the game can rebuild (pre-rendered art); safe to delete."""
    return _dirs().user_cache_path


def all_dirs() -> dict[str, Path]:
    return {"settings": settings_dir(), "saves": saves_dir(), "logs": logs_dir(), "cache": cache_dir()}


def ensure(folder: Path) -> Path:
    """Create ``folder`` (and its parents) if needed, and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder
