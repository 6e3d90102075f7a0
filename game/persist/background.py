"""A writer thread for autosaves: the table's frame never waits for the disk.

An atomic write costs about 10 ms, most of it ``fsync`` (here renamed first and fsynced
after: :func:`.atomic.write_visible_first` says why); autosaving after every action on the main
thread would stutter the animations. The table hands the bytes to :class:`BackgroundWriter`
instead; it keeps only the newest pending content per file (an older autosave is worthless once a
newer one exists) and writes it atomically on its own thread. Anything that reads or removes those
files first calls :meth:`flush`, so a pending write can never resurrect a deleted autosave. A
thread killed at exit mid-write leaves the previous file whole (that is what the atomic write is
for); the app flushes before it quits.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from .atomic import write_visible_first

Content = bytes | Callable[[], bytes]  # the bytes, or what makes them on the writer thread
Done = Callable[[bool], None]  # told on the writer thread whether the write reached the disk


class BackgroundWriter:
    def __init__(self) -> None:
        self._pending: dict[Path, tuple[Content, Done | None]] = {}
        self._busy = False
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self.error: OSError | None = None  # the last write that failed (disk full, folder gone)

    def put(self, path: Path, data: Content, done: Done | None = None) -> None:
        """Write ``data`` to ``path`` soon, replacing any write of ``path`` still waiting (whose
        ``done`` then never hears: a newer content took its place). ``data`` may be a function
        that makes the bytes: it runs on the writer thread, so the frame does not pay for it."""
        with self._cv:
            self._pending[path] = (data, done)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="atlas-autosave", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every pending write is on disk; False if that took longer than ``timeout``."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cv:
                if not self._cv.wait_for(lambda: bool(self._pending), timeout=5.0):
                    self._thread = None  # idle: end; the next put starts a new thread
                    return
                path, (data, done) = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy = True
            ok = False
            try:
                write_visible_first(path, data if isinstance(data, bytes) else data())
                ok = True
            except (OSError, ValueError) as exc:  # ValueError: a record no file can hold (a huge seed)
                self.error = exc if isinstance(exc, OSError) else OSError(str(exc))
            finally:
                if done is not None:
                    done(ok)
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()
