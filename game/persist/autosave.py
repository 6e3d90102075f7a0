"""The autosave of the match being played: how often it is written, and how far it may trail.

The bound: the autosave on disk never trails play by more than the actions of the last second,
at any speed. Two things hold it:

* **Pace.** The match is queued for writing at most every :data:`EVERY` seconds while actions
  come (at instant speed the table applies hundreds a second; each autosave costs the frame the
  engine record, about 10 ms for a long match, and the writer thread 20 ms of TOML and an
  ``fsync``), and at once when play rests (the next frame after the interval).
* **Back-pressure.** When the disk is slow (a loaded machine, a USB stick, a network folder),
  the writer falls behind whatever the pace. Once the oldest action not yet on disk is
  :data:`STALL` seconds old, :meth:`Autosaver.stalled` tells the menus to hold the table: frames
  keep coming, but no new action is applied until the write lands. Play waits for the disk
  rather than running ahead of what a crash would keep.

A write that fails (a full disk, a folder gone) stops the back-pressure: the player is told once
(:meth:`game.ui.menus.flow.MenuFlow.tell_disk_trouble`) and the game goes on.

Anything that reads or removes the autosave goes through :meth:`SaveStore.flush`, which first
queues the match's latest state (on the thread that plays it: another thread could catch the
match half-way through an action), so a read never sees an autosave older than the match.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from game.match_options import MatchOptions

from .saves import SaveStore, summary_of

if TYPE_CHECKING:
    from game.engine import Match

EVERY: Final = 0.25  # seconds between autosaves while actions keep coming
STALL: Final = 0.5  # seconds the oldest unwritten action may wait before play is held


class Autosaver:
    """Follows one match after another for :class:`SaveStore` ``store``."""

    def __init__(self, store: SaveStore, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._owner = threading.current_thread()  # the thread that plays the matches
        self._latest: tuple[MatchOptions, Match, str] | None = None
        store.autosaver = self
        self._lock = threading.Lock()
        self._seen: deque[tuple[int, float]] = deque()  # (actions played, when first seen), oldest first
        self._queued = -1  # actions in the last autosave queued
        self._written = -1  # actions in the newest autosave on disk
        self._failed = False
        self._last_put = -1e9
        self._match: Match | None = None

    def follow(self, options: MatchOptions, match: Match, match_id: str, *, now: float | None = None,
               force: bool = False) -> None:
        """Called every frame the match is on the table: queue an autosave when actions were
        played since the last one and the pace allows (``force``: at once, as at quit)."""
        now = self.clock() if now is None else now
        if match is not self._match:
            self._start(match)
        self._latest = (options, match, match_id)
        played = len(match.actions)
        with self._lock:
            if played > max(self._written, self._seen[-1][0] if self._seen else -1):
                self._seen.append((played, now))
        if played == self._queued or not self.store.autosaving:
            return
        if not force and now - self._last_put < EVERY:
            return
        self._queued, self._last_put = played, now
        self.store.autosave_later(options, match.record, summary_of(match), match_id,
                                  functools.partial(self._wrote, played))

    def queue_latest(self) -> None:
        """Queue the followed match's state now if it is newer than the last autosave (a no-op
        off the playing thread, and once the match was forgotten)."""
        if self._latest is not None and threading.current_thread() is self._owner:
            options, match, match_id = self._latest
            self.follow(options, match, match_id, force=True)

    @property
    def following(self) -> bool:
        """A match is followed (not forgotten since its last :meth:`follow`)."""
        return self._latest is not None

    def forget(self) -> None:
        """Stop following: the match ended and was filed (its autosave is about to go)."""
        self._latest = None

    def _start(self, match: Match) -> None:
        with self._lock:
            self._match = match
            self._seen.clear()
            self._queued = self._written = -1
            self._failed = False
            self._last_put = -1e9

    def _wrote(self, played: int, ok: bool) -> None:
        with self._lock:
            if ok:
                self._written = max(self._written, played)
                self._failed = False
            else:
                self._failed = True

    def behind(self, now: float | None = None) -> float:
        """Seconds since the oldest action that is not on disk yet was played (0: none)."""
        now = self.clock() if now is None else now
        with self._lock:  # an entry (n, t): the actions up to the n-th appeared at t
            while self._seen and self._seen[0][0] <= self._written:
                self._seen.popleft()
            return now - self._seen[0][1] if self._seen else 0.0

    def stalled(self, now: float | None = None) -> bool:
        """Hold play: the disk is :data:`STALL` seconds behind (and still writing, not failing)."""
        if self._failed or not self.store.autosaving or self.store.writer is None:
            return False
        return self.behind(now) > STALL

