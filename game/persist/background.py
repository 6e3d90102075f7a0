"""A writer thread for autosaves: the table's frame never waits for the disk.

An atomic write costs about 10 ms, most of it ``fsync`` (here renamed first and fsynced
after: :func:`.atomic.write_visible_first` says why); autosaving after every action on the main
thread would stutter the animations. The table hands the bytes to :class:`BackgroundWriter`
instead; it keeps only the newest pending content per file (an older autosave is worthless once a
newer one exists) and writes it atomically on its own thread. Anything that reads or removes those
files first calls :meth:`flush`, so a pending write can never resurrect a deleted autosave. A
thread killed at exit mid-write leaves the previous file whole (that is what the atomic write is
for); the app flushes before it quits.

A finished match is filed on the same thread (:meth:`BackgroundWriter.then`: its replay written
and fsynced, then its autosave removed), in turn with the autosaves: after the one holding its
end, before any of the next match's. On the frame's thread that filing cost up to 0.35 s of
frozen window at every match start on a busy disk (``stress kill`` saw a 0.65 s stall there).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .atomic import keep_durable, replace_visible

IDLE: Final = 5.0  # seconds without work before the writer's thread ends
Content = bytes | Callable[[], bytes]  # the bytes, or what makes them on the writer thread
Done = Callable[[bool], None]  # told on the writer thread once the write is in place (renamed)
Task = Callable[[], None]  # work done in turn with the writes (:meth:`BackgroundWriter.then`)


@dataclass
class _Entry:
    """One thing waiting for the thread: a write of ``data`` to ``path``, or a ``task``."""

    path: Path
    data: Content
    done: Done | None
    task: Task | None = None


class BackgroundWriter:
    """Writes each file's newest content on a thread: renamed in place first (what a crash of
    the game keeps), then made durable on a second thread (:func:`.atomic.keep_durable`), so a
    slow fsync holds up no later rename (see :func:`.atomic.write_visible_first` for why)."""

    def __init__(self, write: Callable[[Path, bytes], None] | None = None, name: str = "atlas-autosave", *,
                 idle: float = IDLE) -> None:
        """``idle``: seconds the thread waits for work before it ends (the next put starts another)."""
        self._idle = idle
        self._pending: list[_Entry] = []  # in the order they are done
        self._busy = False
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._write = write or self._visible_then_durable
        self._name = name
        self._syncer: BackgroundWriter | None = None
        self._error: OSError | None = None

    @property
    def error(self) -> OSError | None:
        """The last write that failed (disk full, folder gone), its rename or its fsync."""
        return self._error or (self._syncer.error if self._syncer is not None else None)

    def _visible_then_durable(self, path: Path, data: bytes) -> None:
        replace_visible(path, data)
        if os.name == "nt":  # Windows renames no file another handle holds open: fsync here, in turn
            keep_durable(path)
            return
        if self._syncer is None:
            self._syncer = BackgroundWriter(lambda done, _data: keep_durable(done), "atlas-fsync")
        self._syncer.put(path, b"")  # a newer rename before the fsync starts: only it is synced

    def settle(self, timeout: float = 10.0) -> bool:
        """Wait until what was written is durable too (tests; a quit need not: the OS keeps it)."""
        return self.flush(timeout) and (self._syncer is None or self._syncer.flush(timeout))

    def put(self, path: Path, data: Content, done: Done | None = None) -> None:
        """Write ``data`` to ``path`` soon, replacing any write of ``path`` still waiting (whose
        ``done`` then never hears: a newer content took its place). ``data`` may be a function
        that makes the bytes: it runs on the writer thread, so the frame does not pay for it."""
        self._queue(_Entry(path, data, done))

    def then(self, task: Task, done: Done | None = None) -> None:
        """Run ``task`` on the thread once every write queued before it is in place, and before
        any queued after it (which then never replaces one from before: each keeps its turn).
        An ``OSError`` it raises is kept as :attr:`error`; ``done(ok)`` hears when it ended."""
        self._queue(_Entry(Path(), b"", done, task))

    def _queue(self, entry: _Entry) -> None:
        with self._cv:
            self._place(entry)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def _place(self, entry: _Entry) -> None:
        """A write takes the place of the same file's write still waiting since the last task
        (an older autosave is worthless once a newer one exists); anything else goes last."""
        if entry.task is None:
            for i in range(len(self._pending) - 1, -1, -1):
                waiting = self._pending[i]
                if waiting.task is not None:
                    break  # a task: what comes after it waits its turn
                if waiting.path == entry.path:
                    self._pending[i] = entry
                    return
        self._pending.append(entry)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every pending write is in place; False if that took longer than ``timeout``."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cv:
                # the idle end and a put are both decided under the lock: a put that comes as
                # the wait times out is seen by wait_for's last look, or finds the thread gone
                # (None) and starts another; never a thread that has decided to end
                if not self._cv.wait_for(lambda: bool(self._pending), timeout=self._idle):
                    self._thread = None  # idle: end; the next put starts a new thread
                    return
                entry = self._pending.pop(0)
                self._busy = True
            ok = False
            done = entry.done
            try:
                if entry.task is not None:
                    entry.task()
                else:
                    data = entry.data
                    self._write(entry.path, data if isinstance(data, bytes) else data())
                ok = True
            except (OSError, ValueError) as exc:  # ValueError: a record no file can hold (a huge seed)
                self._error = exc if isinstance(exc, OSError) else OSError(str(exc))
            finally:
                if done is not None:
                    done(ok)
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()
