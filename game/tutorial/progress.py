"""Progress through the tutorial levels, per user: which levels are done and their best stars.

Kept in ``tutorials.toml`` in :func:`game.paths.saves_dir` (the per-user data folder, so each OS
account has its own), written atomically. A missing or unreadable file means no progress yet: the
unreadable one is set aside, never crashes the game, and is replaced at the next save.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from game import paths
from game.persist.atomic import UnreadableFile, move_aside, read_toml, write_toml
from game.persist.bounded import PROGRESS_CAP

FILE_NAME: Final = "tutorials.toml"
SCHEMA: Final = 1


def stars_for(mistakes: int, hints: int) -> int:
    """Three stars with no mistake and no hint; two with one slip (a mistake or a hint); else one."""
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips == 1 else 1


@dataclass
class Progress:
    stars: dict[str, int] = field(default_factory=dict)  # level id -> best stars (a level is done when present)
    path: Path | None = None

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
    except UnreadableFile:
        move_aside(path)
        return Progress(path=path)
    raw = data.get("stars", {})
    stars = {str(k): v for k, v in raw.items() if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 3} \
        if isinstance(raw, dict) else {}
    return Progress(stars, path)
