"""Read a tenhou.net/6 (or mjai) log file a player brings in, for the replay viewer.

The reading is the engine's (:func:`game.engine.logs.read_log`); this module only gets the text
off the disk safely (a size bound, UTF-8 with or without a BOM) and picks the rules the log was
played under: the profile its title names (our exports write the profile's name there), else
Riichi. Everything that can go wrong ends in a :class:`SaveError` whose notice says what.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.engine.errors import AtlasError
from game.engine.logs import LoggedMatch, read_log
from game.engine.profile import RuleProfile, load_profile

from .notice import Notice
from .saves import SaveError

MAX_BYTES: Final = 32 * 1024 * 1024  # a hanchan is about 30 kB; anything this big is not a log
LOG_PROFILES: Final = ("riichi", "ema")  # the profiles tenhou.net/6 logs can describe


@dataclass(frozen=True)
class ImportedLog:
    path: Path
    logged: LoggedMatch
    profile: RuleProfile
    title: str


def read_log_file(path: Path) -> ImportedLog:
    """The log in ``path`` with the profile to replay it under, or SaveError saying why not."""
    name = path.name or str(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SaveError(Notice("viewer.import_too_big", {"file": name}))
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise SaveError(Notice("viewer.import_missing", {"file": str(path)})) from exc
    except OSError as exc:  # a folder, no permission, a device that went away
        raise SaveError(Notice("viewer.import_error", {"file": name, "detail": exc.strerror or str(exc)})) from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(Notice("viewer.import_not_text", {"file": name})) from exc
    try:
        logged = read_log(text)
    except AtlasError as exc:
        raise SaveError(Notice("viewer.import_error", {"file": name, "detail": str(exc)})) from exc
    title = _title(text)
    return ImportedLog(path, logged, profile_for(title), title)


def _title(text: str) -> str:
    """The first line of a tenhou.net/6 ``title`` ("" when there is none)."""
    try:
        whole = json.loads(text)
    except (ValueError, RecursionError):
        return ""
    title = whole.get("title") if isinstance(whole, dict) else None
    if isinstance(title, list) and title and isinstance(title[0], str):
        return title[0]
    return title if isinstance(title, str) else ""


def profile_for(title: str) -> RuleProfile:
    """The profile a log's title names (by id or by name), else Riichi."""
    wanted = title.strip().casefold()
    for profile_id in LOG_PROFILES:
        profile = load_profile(profile_id)
        if wanted and wanted in (profile.id.casefold(), profile.profile.name.casefold()):
            return profile
    return load_profile("riichi")
