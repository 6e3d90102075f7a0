"""The two doors into the viewer: a match from the replay library, and a log file brought in.

Both end in a :class:`~game.persist.saves.SaveError` whose notice the screen shows when the file
cannot be shown (never an exception the player sees as a crash).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.engine.errors import AtlasError
from game.engine.logs import LogRules, fit_rules
from game.match_options import match_profile
from game.persist.log_import import read_log_file
from game.persist.names import shown
from game.persist.notice import Notice
from game.persist.saves import SavedMatch, SaveError
from game.ui.seats import seat_names
from game.ui.table.words import DEFAULT_TERMINOLOGY

from .tape import ReplayTape, tape_from_fit, tape_from_record
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
    """The tape of a log file under ``rules`` if every hand fits them, else under the rules the
    log's hands replay under (default: those the log names, :func:`game.engine.logs.fit_rules`).
    ``progress(fraction)`` hears how far it got (the import thread's bar; it may raise to stop):
    the file read and parsed to 0.3, the hands replayed to 0.8, cut into steps to 1."""
    tick = progress or (lambda fraction: None)
    imported = read_log_file(path, tick)
    try:
        fit = fit_rules(imported.logged, rules, on_hand=lambda done, total: tick(0.3 + 0.5 * done / total))
        return tape_from_fit(imported.logged, fit, title=imported.title,
                             on_hand=lambda done, total: tick(0.8 + 0.2 * done / total))
    except AtlasError as exc:
        raise SaveError(Notice("viewer.import_error", {"file": shown(path.name),
                                                       "detail": shown(str(exc), 200)})) from exc


def viewer_for_saved(size: tuple[int, int], saved: SavedMatch, style: str = "classic",
                     terminology: str = DEFAULT_TERMINOLOGY) -> ReplayViewer:
    return ReplayViewer(size, saved_tape(saved), options=saved.options, style=style, terminology=terminology)


def viewer_for_log(size: tuple[int, int], path: Path, style: str = "classic") -> ReplayViewer:
    return ReplayViewer(size, log_tape(path), style=style)
