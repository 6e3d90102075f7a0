"""The one door every file the game reads goes through: a regular file, read up to a cap.

Why a door of its own: ``Path.read_bytes`` trusts the file. A device (``/dev/zero``) reports a size
of 0 and never ends, so a size check on ``st_size`` lets it fill the memory; a FIFO blocks the
open until a writer comes, forever; ``/dev/watchdog`` or a serial port does something merely by
being opened. :func:`read_capped` looks before it opens (``stat``: only regular files pass), opens
without blocking, checks again on the open handle (the path may have been swapped in between),
and reads at most ``cap + 1`` bytes, so the memory a hostile file can take is bounded by the cap
whatever the file system reports. Every refusal is a :class:`FileRefused` whose ``reason`` the
callers turn into a message for the player (or a line on stderr for the developer tools).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final, Literal

Reason = Literal["missing", "not_a_file", "too_big", "unreadable"]

CHUNK: Final = 1 << 20  # read in 1 MiB pieces: a slow disk returns between them, memory grows only as needed
KIB: Final = 1024
MIB: Final = 1024 * KIB

# The caps per kind of file. A long match is about 30 kB of save or replay; a hanchan's log about
# 30 kB (a log of 3,000 hands, far beyond any real one, is 2.5 MB); a level about 10 kB.
SETTINGS_CAP: Final = 256 * KIB
SAVE_CAP: Final = 4 * MIB
REPLAY_CAP: Final = 8 * MIB
PROGRESS_CAP: Final = 256 * KIB
LEVEL_CAP: Final = 1 * MIB
PROFILE_CAP: Final = 1 * MIB  # a rulebook of the developers' tools (`rules`, `sim`): about 15 kB
LOG_CAP: Final = 16 * MIB  # replay-check's default (its --max-mb raises it)
IMPORT_CAP: Final = 8 * MIB  # a log opened in the game: decoded on the import thread, so kept smaller


read_chunk = os.read  # the one read call (a stress run slows it down to play a dying disk)


class FileRefused(Exception):
    """A file the game will not read: ``reason`` says why in one word, ``detail`` in the OS's."""

    def __init__(self, path: Path, reason: Reason, detail: str = "") -> None:
        super().__init__(f"{path}: {reason}" + (f" ({detail})" if detail else ""))
        self.path = path
        self.reason: Reason = reason
        self.detail = detail


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_capped(path: Path, cap: int) -> bytes:
    """The bytes of the regular file ``path`` if it holds at most ``cap`` of them.

    Raises FileRefused: ``missing`` (no such file), ``not_a_file`` (a folder, device, FIFO,
    socket), ``too_big`` (over ``cap``; at most ``cap + 1`` bytes were read to find out) or
    ``unreadable`` (permissions, an I/O error, a name the OS refuses)."""
    try:
        before = os.stat(path)
    except FileNotFoundError as exc:
        raise FileRefused(path, "missing") from exc
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise FileRefused(path, "unreadable", _why(exc)) from exc
    if not stat.S_ISREG(before.st_mode):
        raise FileRefused(path, "not_a_file", _kind(before.st_mode))
    if before.st_size > cap:
        raise FileRefused(path, "too_big", f"{before.st_size} bytes")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError as exc:
        raise FileRefused(path, "missing") from exc
    except OSError as exc:
        raise FileRefused(path, "unreadable", _why(exc)) from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped for something else between the stat and the open
            raise FileRefused(path, "not_a_file", _kind(mode))
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = read_chunk(fd, min(CHUNK, left))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except BlockingIOError as exc:  # O_NONBLOCK on something that is not a disk file after all
        raise FileRefused(path, "not_a_file", _why(exc)) from exc
    except OSError as exc:
        raise FileRefused(path, "unreadable", _why(exc)) from exc
    finally:
        os.close(fd)
    if left <= 0:
        raise FileRefused(path, "too_big", f"over {cap} bytes")
    return b"".join(chunks)


def read_text(path: Path, cap: int) -> str:
    """:func:`read_capped` decoded as UTF-8, a byte-order mark dropped (editors on Windows write
    one). UnicodeDecodeError when the bytes are not UTF-8 text."""
    return read_capped(path, cap).decode("utf-8-sig")


def _why(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)) or type(exc).__name__
