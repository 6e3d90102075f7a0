"""The two doors into the viewer: a match from the replay library, and a log file brought in.

Both end in a :class:`~game.persist.saves.SaveError` whose notice the screen shows when the file
cannot be shown (never an exception the player sees as a crash).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.engine.errors import AtlasError
from game.engine.logs import LogRules
from game.match_options import match_profile
from game.persist.notice import Notice
from game.persist.saves import SavedMatch, SaveError
from game.ui.seats import seat_names
from game.ui.table.words import DEFAULT_TERMINOLOGY

from .log_job import read_tape
from .tape import ReplayTape, tape_from_record
from .viewer import ReplayViewer


def library_names(human: int) -> list[str]:
    """The names the table gives the seats: the player, and the AI opponents by their seat."""
    return seat_names(human)


def saved_tape(saved: SavedMatch) -> ReplayTape:
    human = saved.options.human_seat
    try:
        return tape_from_record(saved.record, match_profile(saved.options), library_names(human), human)
    except (AtlasError, ValueError) as exc:
        raise SaveError(Notice("save.error.record", {"detail": str(exc)})) from exc


def log_tape(path: Path, rules: LogRules | None = None,
             progress: Callable[[float], None] | None = None) -> ReplayTape:
    """The tape of a log file, read in this process (:func:`.log_job.read_tape`; the game's
    import reads it in a child: :func:`.log_job.start_log_import`)."""
    return read_tape(path, rules, progress)


def viewer_for_saved(size: tuple[int, int], saved: SavedMatch, style: str = "classic",
                     terminology: str = DEFAULT_TERMINOLOGY) -> ReplayViewer:
    return ReplayViewer(size, saved_tape(saved), options=saved.options, style=style, terminology=terminology)


def viewer_for_log(size: tuple[int, int], path: Path, style: str = "classic") -> ReplayViewer:
    return ReplayViewer(size, log_tape(path), style=style)
