"""Progress through the tutorial levels, per user: which levels are done and their best stars.

Kept in ``tutorials.toml`` in :func:`game.paths.saves_dir` (the per-user data folder, so each OS
account has its own), written atomically. A missing or unreadable file means no progress yet: the
unreadable one is set aside (the player is told once: :meth:`Progress.take_notice`), never
crashes the game, and is replaced at the next save. Stars that are not 1..3, or level ids that
are not short texts, are dropped one by one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from game import paths
from game.persist.atomic import UnreadableFile, move_aside, read_toml, write_toml
from game.persist.bounded import PROGRESS_CAP
from game.persist.names import shown
from game.persist.notice import Notice

FILE_NAME: Final = "tutorials.toml"
SCHEMA: Final = 1
ID_LIMIT: Final = 100  # characters of a level id

log = logging.getLogger(__name__)


def stars_for(mistakes: int, hints: int) -> int:
    """Three stars with no mistake and no hint; two with one slip (a mistake or a hint); else one."""
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips == 1 else 1


@dataclass
class Progress:
    stars: dict[str, int] = field(default_factory=dict)  # level id -> best stars (a level is done when present)
    path: Path | None = None
    notice: Notice | None = None  # the file could not be read and was set aside: say so once

    def take_notice(self) -> Notice | None:
        notice, self.notice = self.notice, None
        return notice

    def done(self, level_id: str) -> bool:
        return level_id in self.stars

    def record(self, level_id: str, stars: int) -> bool:
        """Keep the best result; True when it improved (and was saved)."""
        if self.stars.get(level_id, 0) >= stars:
            return False
        self.stars[level_id] = stars
        self.save()
        return True

    def save(self) -> None:
        path = self.path or default_path()
        paths.ensure(path.parent)
        write_toml(path, {"schema": SCHEMA, "stars": dict(sorted(self.stars.items()))})


def default_path() -> Path:
    return paths.saves_dir() / FILE_NAME


def load_progress(path: Path | None = None) -> Progress:
    path = path or default_path()
    try:
        data = read_toml(path, PROGRESS_CAP)
    except FileNotFoundError:
        return Progress(path=path)
    except UnreadableFile as exc:
        return Progress(path=path, notice=_set_aside(path, exc.reason, str(exc)))
    raw = data.get("stars", {})
    if not isinstance(raw, dict) or type(data.get("schema", SCHEMA)) is not int:
        return Progress(path=path, notice=_set_aside(path, "invalid", "stars is not a table"))
    stars = {k: v for k, v in raw.items() if type(v) is int and 1 <= v <= 3 and len(k) <= ID_LIMIT}
    return Progress(stars, path)


def _set_aside(path: Path, reason: str, detail: str) -> Notice:
    log.warning("tutorial progress %s cannot be used (%s): %s", path, reason, detail)
    try:
        moved = move_aside(path, reason)
    except OSError as exc:  # a read-only folder: the progress starts afresh in memory
        log.warning("tutorial progress %s could not be set aside: %s", path, exc)
        return Notice("notice.set_aside_failed", {"file": shown(path.name)})
    return Notice("notice.progress_set_aside", {"file": shown(moved.name)})
