"""Whole-file writes that a crash cannot tear, and the TOML/JSON helpers built on them.

A write goes to a temporary file in the same folder (so the rename stays on one file system),
is flushed and fsynced, then ``os.replace``d over the target, and the folder is fsynced where the
OS allows it (POSIX; Windows has no directory handles). Whatever fails before the rename leaves
the old file whole and removes the temporary one.

The autosave, written every quarter second while play goes on, is written the other way round
(:func:`write_visible_first`): renamed first, fsynced after. What a crash can lose decides it:

* A crash of the game (kill -9, a bug, the OS ending it at logout) loses nothing the game handed
  the OS: the page cache is the kernel's. With fsync first, the newest autosave waits for the
  disk before it is renamed, and on a busy disk an fsync takes 0.01-1.7 s (measured by
  ``stress kill``'s trace on this machine): a kill meanwhile lost play older than a second.
  Renamed first, it is the one a restarted game reads a few milliseconds after it is made.
* A power loss or an OS crash loses what was not fsynced. Renamed before its data is on the disk,
  the autosave can come back empty or torn on a file system that does not order the two (ext4
  does for a rename over a file; XFS, FAT, NTFS need not). So each version, once fsynced, is also
  kept under a second name (:func:`kept_copy`, a hard link: no copy), and a reader that finds the
  autosave torn takes the kept one: the last version known to be on the disk, as old as it would
  have been with fsync first.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
import time
import tomllib
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import tomli_w

from .bounded import REPLAY_CAP, SAVE_CAP, FileRefused, read_text


class UnreadableFile(Exception):
    """A file that exists but cannot be read or parsed (the message says why; ``reason`` is a
    word for the name it is set aside under: ``corrupt``, ``too-big``, ``not-a-file``)."""

    def __init__(self, message: str, reason: str = "corrupt") -> None:
        super().__init__(message)
        self.reason = reason


def write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically, creating its folder if needed."""
    _rename_over(_temp_beside(path, data, sync=True), path)
    _fsync_folder(path.parent)


def _temp_beside(path: Path, data: bytes, *, sync: bool) -> Path:
    """A temporary file in ``path``'s folder holding ``data`` (fsynced with ``sync``), closed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if sync:
                handle.flush()
                os.fsync(handle.fileno())
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return temp


def _rename_over(temp: Path, path: Path) -> None:
    """``temp`` becomes ``path`` (closed first: Windows renames no open file); on failure it goes."""
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def kept_copy(path: Path) -> Path:
    """Where :func:`write_visible_first` keeps the newest version of ``path`` known to be on the
    disk (a hidden name no listing of saves picks up)."""
    return path.with_name(f".{path.name}.kept")


RENAMES = threading.Lock()  # a rename over a file, and the check-then-link of keep_durable


def write_visible_first(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data``: renamed in place at once (a crash of this process loses
    nothing from then on), then fsynced and kept under :func:`kept_copy` too (what a power loss
    falls back on). See the module docstring for why this order, for the autosave."""
    replace_visible(path, data)
    keep_durable(path)


def replace_visible(path: Path, data: bytes) -> None:
    """The first half of :func:`write_visible_first`: ``data`` renamed over ``path``, unsynced."""
    temp = _temp_beside(path, data, sync=False)
    with RENAMES:
        _rename_over(temp, path)


def keep_durable(path: Path) -> None:
    """The second half: fsync what ``path`` holds now, then keep it under :func:`kept_copy` unless
    a newer version was renamed over it meanwhile (that one's own call keeps it). May run on
    another thread than the renames: a slow fsync then holds up no rename (``stress kill`` saw
    fsyncs of 2-5 s on a busy disk, each one holding every autosave behind it)."""
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return  # removed meanwhile (the match was filed): nothing to keep
    try:
        os.fsync(fd)
        _fsync_folder(path.parent)
        kept = kept_copy(path)
        spare = kept.with_name(f"{kept.name}.tmp")  # a leftover is cleared like any stale temp
        with RENAMES:
            try:
                version = os.fstat(fd).st_ino
                if version != os.stat(path).st_ino:
                    return  # a newer version took its place: it will be kept in its turn
                if kept.exists() and os.stat(kept).st_ino == version:
                    return  # kept already: a rename between two links of one file does nothing
                    # (POSIX), and would leave the spare link behind
                spare.unlink(missing_ok=True)
                os.link(path, spare)
                os.replace(spare, kept)
                return
            except FileNotFoundError:
                return
            except OSError:
                pass  # no hard links here (FAT): a copy, below
        with contextlib.suppress(OSError):  # failing that, the autosave is on the disk, the fallback older
            write_bytes(kept, _read_all(fd))
    finally:
        os.close(fd)


def _read_all(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def clear_stale_temps(folder: Path, older_than: float = 60.0) -> int:
    """Remove temporary files a killed write left behind (``.<name>.*.tmp``); a file written in
    the last ``older_than`` seconds may belong to a write under way and is kept."""
    removed = 0
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    now = time.time()
    for temp in candidates:
        try:
            if now - temp.stat().st_mtime > older_than:
                temp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable; a no-op where folders cannot be opened (Windows)."""
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:
        return
    try:
        fd = os.open(folder, os.O_RDONLY | flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def without_none(value: Any) -> Any:
    """``value`` with every None dropped from tables and lists: TOML has no null, tomli-w
    refuses it, and a missing key reads back as its default anyway."""
    if isinstance(value, Mapping):
        return {str(k): without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [without_none(v) for v in value if v is not None]
    return value


def write_toml(path: Path, data: Mapping[str, Any]) -> None:
    write_bytes(path, tomli_w.dumps(without_none(data)).encode("utf-8"))


def write_json(path: Path, data: Any) -> None:
    write_bytes(path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def read_file_text(path: Path, cap: int) -> str:
    """The text of ``path`` through the bounded door (:mod:`.bounded`): FileNotFoundError when
    absent, UnreadableFile when it is not a regular file, is over ``cap`` or is not UTF-8."""
    try:
        return read_text(path, cap)
    except FileRefused as exc:
        if exc.reason == "missing":
            raise FileNotFoundError(str(path)) from exc
        reason = {"too_big": "too-big", "not_a_file": "not-a-file"}.get(exc.reason, "unreadable")
        raise UnreadableFile(f"{path.name}: {exc.reason.replace('_', ' ')} {exc.detail}".strip(), reason) from exc
    except UnicodeDecodeError as exc:
        raise UnreadableFile(f"{path.name}: not UTF-8 text ({exc.reason})") from exc


def read_toml(path: Path, cap: int = SAVE_CAP) -> dict[str, Any]:
    """The table in ``path``; FileNotFoundError when absent, UnreadableFile when it is not TOML."""
    text = read_file_text(path, cap)
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        raise UnreadableFile(f"{path.name}: {exc}") from exc


def read_json(path: Path, cap: int = REPLAY_CAP) -> Any:
    text = read_file_text(path, cap)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UnreadableFile(f"{path.name}: {exc}") from exc


def stamp(now: datetime | None = None) -> str:
    """A UTC timestamp safe in file names and sortable as text: ``20261130T043336Z``."""
    return (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")


SET_ASIDE_KEPT: Final = 5  # set-aside copies kept per file: enough for a bug report, never a flood


def move_aside(path: Path, why: str = "corrupt") -> Path:
    """Rename a bad file to ``<name>.<why>-<timestamp>`` beside it (kept for a bug report, out of
    the way of the next write) and return the new path; a clash adds a counter. Only the newest
    :data:`SET_ASIDE_KEPT` copies set aside from one name stay (a file broken at every start must
    not fill the folder). OSError when the folder refuses the rename (read-only)."""
    base = path.with_name(f"{path.name}.{why}-{stamp()}")
    target = base
    n = 1
    while target.exists():
        n += 1
        target = base.with_name(f"{base.name}.{n}")
    os.replace(path, target)
    _prune_set_aside(path)
    return target


def _prune_set_aside(path: Path) -> None:
    try:
        olds = sorted((p for p in path.parent.glob(f"{glob_escape(path.name)}.*-*") if p.is_file()),
                      key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in olds[SET_ASIDE_KEPT:]:
            old.unlink()
    except OSError:
        pass


def glob_escape(name: str) -> str:
    """``name`` with the glob pattern characters taken literally."""
    return "".join(f"[{ch}]" if ch in "*?[" else ch for ch in name)
