"""Work the window must not wait for: reading a big log (seconds for thousands of hands), listing
a slow folder. A :class:`Job` runs one function on its own thread; the screen that started it
polls :attr:`Job.progress` and :attr:`Job.done` each frame, draws a progress bar, and may
:meth:`Job.cancel` it.

The function receives a ``progress(fraction)`` callback and calls it now and then; once the job
is cancelled that call raises :class:`Cancelled`, so the work stops at its next step instead of
running on unseen. A cancelled job's result is never delivered.

The thread gets a roomy stack (:data:`STACK`): a hostile file's deep nesting recurses, and some
systems give secondary threads very little (512 kB on macOS).

While a job runs, the garbage collector makes no full collection (:class:`FullCollections`): a
3,000-hand log builds millions of objects, and a full collection walks every object the game
holds with the interpreter lock held, in whichever thread allocates: 270-830 ms of CPU each,
15 of them per import, every one a frozen frame (measured with ``gc.callbacks``; ``stress
doors`` showed gaps of 0.7-2.4 s of CPU between two frames). Young objects are still collected
as usual. When the last job ends, what is alive then is frozen (``gc.freeze``): the game's own
long-lived heap and the tape the player is about to watch are never walked again, so the pause
does not just come later; freed objects are still released by their reference counts (only
cyclic garbage that grew old during the job is kept).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Final, Generic, TypeVar

T = TypeVar("T")
STACK: Final = 16 * 1024 * 1024


class Cancelled(Exception):
    """The job was cancelled (raised inside the work, at its next progress call)."""


class FullCollections:
    """Holds the collector's full collections while any job runs (see the module docstring)."""

    enabled = True  # ``stress doors`` turns it off to measure the difference in one run
    _lock = threading.Lock()
    _running = 0
    _threshold: tuple[int, int, int] = (0, 0, 0)

    @classmethod
    def hold(cls) -> None:
        if not cls.enabled:
            return
        with cls._lock:
            cls._running += 1
            if cls._running == 1:
                cls._threshold = gc.get_threshold()
                gc.freeze()  # the game's heap as it is: never walked again
                young, middle, _ = cls._threshold
                gc.set_threshold(young, middle, 2**30)

    @classmethod
    def release(cls) -> None:
        with cls._lock:
            if cls._running == 0:
                return
            cls._running -= 1
            if cls._running == 0:
                gc.freeze()  # what the job built and kept (the tape): long-lived, never walked
                gc.set_threshold(*cls._threshold)


class Job(Generic[T]):
    def __init__(self, work: Callable[[Callable[[float], None]], T], *, name: str = "atlas-job") -> None:
        self._work = work
        self.name = name
        self.progress = 0.0
        self.cancelled = False
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> Job[T]:
        previous: int | None = threading.stack_size()
        try:
            threading.stack_size(STACK)
        except (ValueError, RuntimeError):  # a platform that will not: the default then
            previous = None
        try:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        finally:
            if previous is not None:
                threading.stack_size(previous)
        return self

    def _tick(self, fraction: float) -> None:
        if self.cancelled:
            raise Cancelled
        self.progress = min(1.0, max(self.progress, fraction))

    def _run(self) -> None:
        FullCollections.hold()
        try:
            self._result = self._work(self._tick)
            self.progress = 1.0
        except Cancelled:
            pass
        except BaseException as exc:  # noqa: BLE001 - handed to the screen, which decides what to say
            self._error = exc
        finally:
            FullCollections.release()
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        """Stop at the work's next progress call; nothing will be delivered."""
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> T:
        """The work's value; its exception re-raised; Cancelled when cancelled. Only once done."""
        if not self.done:
            raise RuntimeError("the job is still running")
        if self.cancelled:
            raise Cancelled
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result
