"""Read a tenhou.net/6 (or mjai) log file a player brings in, for the replay viewer.

The reading is the engine's (:func:`game.engine.logs.read_log`); this module only gets the text
off the disk safely (the bounded door of :mod:`.bounded`: a regular file of at most
:data:`IMPORT_CAP` bytes, UTF-8 with or without a BOM) and names the rules the log says it was
played under (:func:`game.engine.logs.named_rules`).
Everything that can go wrong ends in a :class:`SaveError` whose notice says what.

The game's import runs it in a child process (:mod:`game.ui.replay.log_job`), which decodes
in C. On a thread beside the window's frames nothing may hold the interpreter long: the C JSON
decoder does, for the whole text (90-158 ms for a 2.5 MB log), so there big texts are decoded
by the standard library's pure-Python scanner (:func:`gentle_loads`), which lets the frame loop
in between.
"""

from __future__ import annotations

import json
import json.scanner
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from game.engine.errors import AtlasError
from game.engine.logs import LoggedMatch, LogRules, named_rules, read_log
from game.engine.profile import RuleProfile

from .bounded import IMPORT_CAP, FileRefused, read_capped
from .names import shown, shown_path
from .notice import Notice
from .saves import SaveError

GENTLE_FROM: Final = 128 * 1024  # texts this long are decoded by the pure-Python scanner
IMPORT_EXTENSIONS: Final = (".json", ".mjson", ".jsonl")

Progress = Callable[[float], None]  # called with 0..1 as the import goes; may raise to cancel


@dataclass(frozen=True)
class ImportedLog:
    path: Path
    logged: LoggedMatch
    profile: RuleProfile  # the rules' profile (:attr:`rules`)
    title: str
    rules: LogRules  # the rules the log names (its hands may fit others: game.engine.logs.fit_rules)


def refusal(exc: FileRefused, name: str) -> Notice:
    """The player's message for a file the bounded door refused."""
    if exc.reason == "missing":
        return Notice("viewer.import_missing", {"file": name})
    if exc.reason == "too_big":
        return Notice("viewer.import_too_big", {"file": name})
    if exc.reason == "not_a_file":
        return Notice("viewer.import_not_file", {"file": name})
    return Notice("viewer.import_error", {"file": name, "detail": shown(exc.detail)})


def read_log_file(path: Path, progress: Progress | None = None, *, gentle: bool = True) -> ImportedLog:
    """The log in ``path`` with the profile to replay it under, or SaveError saying why not.
    ``progress`` hears 0.1 once the bytes are in and 0.3 once they are read as a log.
    ``gentle``: big texts decoded by :func:`gentle_loads` (a thread beside the frames); a child
    process that shares the interpreter with nothing decodes in C, ten times faster."""
    name = shown(path.name or str(path))
    try:
        data = read_capped(path, IMPORT_CAP)
    except FileRefused as exc:
        raise SaveError(refusal(exc, name if exc.reason != "missing" else shown_path(path))) from exc
    if progress is not None:
        progress(0.1)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(Notice("viewer.import_not_text", {"file": name})) from exc
    del data
    decoded: list[object] = []

    def loads(whole: str) -> object:
        value = gentle_loads(whole) if gentle else json.loads(whole)
        decoded.append(value)
        return value

    try:
        logged = read_log(text, loads=loads)
    except AtlasError as exc:
        raise SaveError(Notice("viewer.import_error", {"file": name, "detail": shown(str(exc), 200)})) from exc
    if progress is not None:
        progress(0.3)
    title = _title(decoded[0] if decoded else None)
    rules = named_rules(logged)
    return ImportedLog(path, logged, rules.profile(), title, rules)


def gentle_loads(text: str) -> object:
    """``json.loads``, by the pure-Python scanner for long texts: about ten times slower, but it
    gives the interpreter back every few milliseconds where the C decoder keeps it for the whole
    text, so a thread decoding a big log never stalls the frames."""
    if len(text) < GENTLE_FROM:
        return json.loads(text)
    decoder = json.JSONDecoder()
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder.decode(text)


def _title(whole: object) -> str:
    """The first line of a tenhou.net/6 ``title`` ("" when there is none)."""
    title = whole.get("title") if isinstance(whole, dict) else None
    if isinstance(title, list) and title and isinstance(title[0], str):
        return shown(title[0])
    return shown(title) if isinstance(title, str) else ""
