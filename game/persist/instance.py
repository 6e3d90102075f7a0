"""One game per user folder: the lock that keeps a second window off the first one's match.

Two windows on one user folder would both write the autosave: the second overwrites the first's
match, and when it ends it deletes the file the first relies on. So the first window takes
``instance.lock`` in the saves folder and holds it while it runs; a second window finds it held
and asks the player what to do (:mod:`game.ui.menus.instance_screen`): bring the first window to
the front, or play here without autosave.

How the lock is held: an OS lock on the open file (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), which the kernel releases when the process ends however it ends (``kill -9``, a power
cut), so a crashed game never leaves a lock that blocks the next start. The file also says who
holds it, as JSON: the process id, when that process started (so a reused pid is not taken for
the holder) and when the lock was taken (shown to the player). Where the file system has no
locks (some network shares), those facts decide alone: the holder must be a live process with
that id and that start time, else the lock is stale and is taken over.

Bringing the first window to the front: the second window writes ``instance.raise`` beside the
lock; the holder looks for it about once a second (:meth:`InstanceLock.raise_requested`) and
raises its window where the OS allows it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from .bounded import KIB, FileRefused, read_capped

LOCK_NAME: Final = "instance.lock"
RAISE_NAME: Final = "instance.raise"
_WINDOWS_LOCK_OFFSET: Final = 1 << 20  # Windows locks bytes: lock one far past the facts, which stay readable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Holder:
    """The running game that holds the lock, as its lock file describes it."""

    pid: int
    started: float  # the holder process's start, seconds since the epoch (0: unknown)
    locked_at: float  # when it took the lock (seconds since the epoch)


def process_start(pid: int) -> float | None:
    """When process ``pid`` started (seconds since the epoch), or None where the OS does not say
    (or there is no such process). Linux reads ``/proc``; elsewhere only the own process is known."""
    if pid == os.getpid():
        return _own_start()
    stat = Path(f"/proc/{pid}/stat")
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # starttime: field 22 of stat, the 20th after the command name
        return _boot_time() + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


_OWN_START: float | None = None


def _own_start() -> float:
    global _OWN_START
    if _OWN_START is None:
        stat = Path(f"/proc/{os.getpid()}/stat")
        try:
            ticks = int(stat.read_text().rsplit(")", 1)[1].split()[19])
            _OWN_START = _boot_time() + ticks / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            _OWN_START = time.time()  # first asked early at start-up: close enough to tell apart
    return _OWN_START


def _boot_time() -> float:
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("btime "):
            return float(line.split()[1])
    raise ValueError("no btime in /proc/stat")


def alive(holder: Holder) -> bool:
    """Whether the holder process still runs (and is the same process: its start time matches
    when both are known, so a pid reused by another program does not count)."""
    if holder.pid <= 0:
        return False
    if holder.pid == os.getpid():
        return True
    started = process_start(holder.pid)
    if started is not None:
        return holder.started <= 0 or abs(started - holder.started) < 2.0
    if sys.platform == "win32":
        return True  # cannot tell without the OS lock; be safe: assume it runs
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, owned by someone else
    except OSError:
        return True
    return True


class InstanceLock:
    """The single-instance lock of the user folder ``folder`` (the saves folder by default)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self.raise_path = folder / RAISE_NAME
        self._handle: IO[bytes] | None = None
        self._raise_seen = 0.0
        self._made: list[Path] = []  # folders made for the lock: removed again at release when empty

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> Holder | None:
        """Take the lock: None when this process holds it now, else the game that holds it.
        A folder that cannot hold a lock file at all (read-only) counts as taken: the game
        then runs, and nothing it could not write is lost."""
        if self._handle is not None:
            return None
        for _ in range(5):  # a holder that quits between our open and our lock unlinks the file: again
            try:
                self._made = [p for p in (self.folder, *self.folder.parents) if not p.exists()]
                self.folder.mkdir(parents=True, exist_ok=True)
                handle = open(self.path, "a+b")  # noqa: SIM115 - held open for the life of the game
            except OSError as exc:
                log.warning("no instance lock in %s: %s", self.folder, exc)
                return None
            done, holder = self._take(handle)
            if done:
                return holder
        return None

    def _take(self, handle: IO[bytes]) -> tuple[bool, Holder | None]:
        """Lock the open file: (True, None) taken, (True, holder) held by another game, (False,
        None) the file was replaced under us: try again."""
        locked = _os_lock(handle)
        if locked is False:
            holder = self.holder()
            handle.close()
            return True, holder or Holder(0, 0.0, 0.0)
        if locked is None:  # no OS locks here: the facts in the file decide
            holder = self.holder()
            if holder is not None and holder.pid != os.getpid() and alive(holder):
                handle.close()
                return True, holder
        if locked and not _same_file(handle, self.path):
            handle.close()  # locked a file its holder had just removed on quitting
            return False, None
        self._handle = handle
        self._write_facts()
        self._raise_seen = _mtime(self.raise_path)
        return True, None

    def _write_facts(self) -> None:
        assert self._handle is not None
        facts = {"pid": os.getpid(), "started": _own_start(), "locked_at": time.time()}
        try:
            self._handle.seek(0)
            self._handle.truncate()
            self._handle.write(json.dumps(facts).encode("ascii"))
            self._handle.flush()
        except OSError as exc:
            log.warning("instance lock %s: the facts could not be written: %s", self.path, exc)

    def holder(self) -> Holder | None:
        """Who the lock file says holds it (None: nobody, or a file that says nothing usable)."""
        try:
            facts = json.loads(read_capped(self.path, 4 * KIB).decode("ascii"))
            pid, started, locked_at = facts["pid"], facts.get("started", 0.0), facts.get("locked_at", 0.0)
        except (FileRefused, ValueError, KeyError, TypeError, AttributeError):
            return None
        if type(pid) is not int or not all(type(v) in (int, float) for v in (started, locked_at)):
            return None
        return Holder(pid, float(started), float(locked_at))

    def release(self) -> None:
        """Let go (at quit; the OS does it anyway when the process ends): the lock file is
        removed while still locked, and the folders made for it when they stayed empty, so a
        start that saved nothing leaves nothing behind."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            self.raise_path.unlink()
        with contextlib.suppress(OSError):
            handle.close()
        for folder in self._made:
            try:
                folder.rmdir()
            except OSError:
                break  # not empty (the game saved something): it stays, and so do its parents

    def ask_to_raise(self) -> bool:
        """Ask the holder to bring its window to the front (it looks about once a second)."""
        try:
            self.raise_path.write_text(str(os.getpid()), encoding="ascii")
        except OSError:
            return False
        return True

    def raise_requested(self) -> bool:
        """True once for each request a second window made since the last look."""
        if self._handle is None:
            return False
        seen = _mtime(self.raise_path)
        if seen <= self._raise_seen:
            return False
        self._raise_seen = seen
        return True


def _same_file(handle: IO[bytes], path: Path) -> bool:
    try:
        held, named = os.fstat(handle.fileno()), os.stat(path)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _os_lock(handle: IO[bytes]) -> bool | None:
    """Lock the open file without waiting: True (ours), False (another process has it), None
    (this file system has no locks)."""
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(_WINDOWS_LOCK_OFFSET)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            handle.seek(0)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except (BlockingIOError, PermissionError):
        return False
    except OSError as exc:
        if getattr(exc, "errno", None) in (13, 11, 35, 36):  # EACCES, EAGAIN, EWOULDBLOCK (BSD), EDEADLK (Win)
            return False
        return None  # ENOLCK, EOPNOTSUPP: no locks on this file system
    return True
