"""Write a match as a game log other tools read: tenhou.net/6 JSON (Tenhou's viewer, mjai-reviewer)
or mjai JSON lines (Mortal, RiichiEnv, mjai bots).

The writing itself is the engine's (:func:`game.engine.logs.to_tenhou6`, :func:`to_mjai`); this
module replays a filed match, picks the file name and writes the file atomically, by default under
``<saves folder>/exports``. Only the riichi family (han and fu scoring) fits those formats, so
Taiwanese matches are not offered. The players' names are the caller's to give (the table's
names are the interface's words, which persistence does not know).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

from game import paths
from game.engine.errors import AtlasError
from game.engine.profile import RuleProfile, load_profile
from game.engine.rows import Unit

from .atomic import write_bytes
from .names import file_stem
from .notice import Notice
from .saves import SavedMatch, SaveError

if TYPE_CHECKING:  # the logs and the flow are loaded when a log is written, not with the menus
    from game.engine import Match

LogFormat = Literal["tenhou6", "mjai"]
LOG_FORMATS: Final[dict[str, str]] = {"tenhou6": ".tenhou6.json", "mjai": ".mjson"}  # format -> file suffix


def can_export(profile_id: str) -> bool:
    try:
        return loggable(load_profile(profile_id))
    except AtlasError:
        return False


def loggable(profile: RuleProfile) -> bool:
    """Whether tenhou.net/6 and mjai can tell a match of these rules (han and fu scoring)."""
    return profile.unit is Unit.HAN


def exports_dir() -> Path:
    return paths.saves_dir() / "exports"


def log_text(match: Match, fmt: LogFormat, names: Sequence[str] = ()) -> str:
    """The log of every finished hand of ``match``; ``names`` per seat (default "Seat N")."""
    from game.engine.logs import mjai_dumps, to_mjai, to_tenhou6

    if fmt == "mjai":
        return mjai_dumps(to_mjai(match, names=names))
    return json.dumps(to_tenhou6(match, names=names), ensure_ascii=False)


def write_log(match: Match, path: Path, fmt: LogFormat, names: Sequence[str] = ()) -> Path:
    """Write :func:`log_text` to ``path`` atomically (raises AtlasError when the match cannot be
    written as a log, OSError when the file cannot be)."""
    write_bytes(path, log_text(match, fmt, names).encode("utf-8"))
    return path


def export_log(
    saved: SavedMatch, fmt: LogFormat = "tenhou6", folder: Path | None = None, names: Sequence[str] = ()
) -> Path:
    """Write ``saved`` as ``<name>.tenhou6.json`` or ``<name>.mjson`` and return the path
    (SaveError saying why not)."""
    if not can_export(saved.options.profile_id):
        raise SaveError(Notice("replays.export_unsupported", {"profile": saved.options.profile_id}))
    match = saved.resume()
    path = (folder if folder is not None else exports_dir()) / f"{file_stem(saved.name)}{LOG_FORMATS[fmt]}"
    try:
        return write_log(match, path, fmt, names)
    except AtlasError as exc:
        raise SaveError(Notice("save.error.record", {"detail": str(exc)})) from exc


def export_tenhou6(saved: SavedMatch, folder: Path | None = None, names: Sequence[str] = ()) -> Path:
    return export_log(saved, "tenhou6", folder, names)
