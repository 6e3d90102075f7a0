"""Export a filed match as a tenhou.net/6 log, the format common log viewers and review tools read.

The writing itself is :func:`game.engine.logs.to_tenhou6`; this module only replays the record,
picks the file name and writes it atomically under ``<saves folder>/exports``. Only the riichi
family (han and fu scoring) can be shown by those tools, so Taiwanese matches are not offered.
"""

from __future__ import annotations

from pathlib import Path

from game import paths
from game.engine.errors import AtlasError
from game.engine.logs import to_tenhou6
from game.engine.profile import load_profile

from .atomic import write_json
from .names import file_stem
from .notice import Notice
from .saves import SavedMatch, SaveError


def can_export(profile_id: str) -> bool:
    try:
        return load_profile(profile_id).score.model == "han_fu"
    except AtlasError:
        return False


def exports_dir() -> Path:
    return paths.saves_dir() / "exports"


def export_tenhou6(saved: SavedMatch, folder: Path | None = None) -> Path:
    """Write ``saved`` as ``<name>.tenhou6.json`` and return the path (SaveError saying why not)."""
    if not can_export(saved.options.profile_id):
        raise SaveError(Notice("replays.export_unsupported", {"profile": saved.options.profile_id}))
    match = saved.resume()
    try:
        data = to_tenhou6(match)
    except AtlasError as exc:
        raise SaveError(Notice("save.error.record", {"detail": str(exc)})) from exc
    path = (folder if folder is not None else exports_dir()) / f"{file_stem(saved.name)}.tenhou6.json"
    write_json(path, data)
    return path
