"""Work the window must not wait for: reading a big log (seconds for thousands of hands), listing
a slow folder. A :class:`Job` runs one function on its own thread, a :class:`ProcessJob` in a
child process (work of seconds of CPU: a thread shares the interpreter lock with the frames, see
there); the screen that started it polls :attr:`Outcome.progress` and :attr:`Outcome.done` each
frame, draws a progress bar, and may cancel it.

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

import contextlib
import gc
import multiprocessing
import multiprocessing.process
import os
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
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


class Outcome(Generic[T]):
    """What a screen polls of a job, wherever it runs: its progress, whether it is done, and
    its result (or error) once it is."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.progress = 0.0
        self.cancelled = False
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

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


class Job(Outcome[T]):
    def __init__(self, work: Callable[[Callable[[float], None]], T], *, name: str = "atlas-job") -> None:
        super().__init__(name)
        self._work = work
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

    def cancel(self) -> None:
        """Stop at the work's next progress call; nothing will be delivered."""
        self.cancelled = True


Send = Callable[[str, object], None]  # the child's side: ("progress", 0..1) or ("piece", value)


class ProcessJob(Outcome[T]):
    """A :class:`Job` whose work runs in a child process (``multiprocessing`` spawn): for work
    that would hold the interpreter for seconds (reading a 3,000-hand log: 20 s of CPU).

    A thread shares the interpreter lock with the frames: each time the frame thread gives it up
    (a sleep, a blit) it waits for the job's thread to hand it back, and a thread the OS takes
    off its CPU while holding the lock (a busy machine) or one inside a long C call (decoding
    JSON, freeing a million objects at once) holds every frame for as long (``stress doors``:
    gaps of 0.3-0.95 s). A child process holds none of it: the window only competes for a core,
    and the child runs at a lower priority.

    ``target(send, *args)`` runs in the child and returns the result's last part; ``send`` hands
    back progress (``send("progress", fraction)``) and parts of the result as they are made
    (``send("piece", value)``), each pickled on its own, so the window's side unpickles small
    pieces (a few ms at most) on a thread of its own, never one result of 60 MB in one call.
    ``assemble(pieces, last)`` builds the result from them there. An error the child raises
    comes back as ``refused(value)`` of the :class:`Refused` it raised (default: that
    :class:`Refused`), any other as a RuntimeError naming it;
    a child that dies (killed, out of memory) is a RuntimeError too. :meth:`cancel` ends the
    child at once. The target and its arguments must be picklable by reference (a module's
    function), and the frozen bundle calls ``multiprocessing.freeze_support()`` first."""

    def __init__(self, target: Callable[..., object], args: tuple[object, ...],
                 assemble: Callable[[list[object], object], T], *,
                 refused: Callable[[object], BaseException] | None = None, name: str = "atlas-job") -> None:
        super().__init__(name)
        self._target = target
        self._refused = refused or Refused
        self._args = args
        self._assemble = assemble
        self._process: multiprocessing.process.BaseProcess | None = None
        self._lock = threading.Lock()

    def start(self) -> ProcessJob[T]:
        # the process starts on the receiving thread: spawning it takes the frame tens of ms
        threading.Thread(target=self._receive, name=self.name, daemon=True).start()
        return self

    def _receive(self) -> None:
        pieces: list[object] = []
        FullCollections.hold()  # the pieces are many small objects: no full collection meanwhile
        try:
            context = multiprocessing.get_context("spawn")
            mine, theirs = context.Pipe(duplex=False)
            with self._lock:
                if self.cancelled:
                    return
                process = context.Process(target=_child, args=(theirs, self._target, self._args),
                                          name=self.name, daemon=True)
                process.start()
                self._process = process
            theirs.close()
            while True:
                try:
                    kind, value = mine.recv()
                except (EOFError, OSError):
                    break
                if kind == "progress":
                    self.progress = min(1.0, max(self.progress, float(value)))
                elif kind == "piece":
                    pieces.append(value)
                elif kind == "done":
                    self._result = self._assemble(pieces, value)
                    self.progress = 1.0
                    break
                elif kind == "refused":
                    self._error = self._refused(value)
                    break
                else:
                    self._error = RuntimeError(str(value))
                    break
            mine.close()
            if self._result is None and self._error is None and not self.cancelled:
                process.join(5)
                self._error = RuntimeError(f"the reading stopped (exit code {process.exitcode})")
        except Exception as exc:  # noqa: BLE001 - no process could be started: said, never a crash
            self._error = exc
        finally:
            FullCollections.release()
            if self._process is not None:
                self._process.join(5)  # done means the child is gone too (a cancelled one: killed)
            self._done.set()

    def cancel(self) -> None:
        """End the child now; nothing will be delivered."""
        with self._lock:
            self.cancelled = True
            if self._process is not None and self._process.is_alive():
                self._process.kill()


class Refused(Exception):
    """What the child's work refused, as it said it (``value``: picklable, e.g. a notice)."""

    def __init__(self, value: object) -> None:
        super().__init__(value)
        self.value = value


CHILD_NICE: Final = 10  # the child yields the CPU to the window's frames
BELOW_NORMAL_PRIORITY_CLASS: Final = 0x00004000  # Windows' nearest to nice 10 (SetPriorityClass)
_NICE: Final = getattr(os, "nice", None)  # POSIX only


def lower_priority(os_name: str = os.name, nice: Callable[[int], object] | None = _NICE,
                   kernel32: object = None) -> str:
    """Lower this process's priority below the window's, with the call the OS has: ``nice`` on
    POSIX, ``SetPriorityClass(BELOW_NORMAL)`` on Windows (which has no nice: the child ran
    there at the window's own priority, competing with its frames). Says what it did:
    ``nice``, ``below-normal`` or ``none`` (refused or not there: the child still works).
    ``kernel32`` stands for ``ctypes.windll.kernel32`` (tests)."""
    if os_name == "nt":
        try:
            if kernel32 is None:
                import ctypes

                kernel32 = getattr(ctypes, "windll").kernel32  # noqa: B009 - Windows only (mypy elsewhere)
            done = kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            return "none"
        return "below-normal" if done else "none"
    if nice is None:
        return "none"
    try:
        nice(CHILD_NICE)
    except OSError:
        return "none"
    return "nice"


def _child(conn: Connection, target: Callable[..., object], args: tuple[object, ...]) -> None:
    """The child process: run ``target`` and send what it says, then its end."""
    lower_priority()

    def send(kind: str, value: object) -> None:
        conn.send((kind, value))

    try:
        last = target(send, *args)
        conn.send(("done", last))
    except Refused as exc:
        conn.send(("refused", exc.value))
    except BaseException as exc:  # noqa: BLE001 - said to the window, which tells the player
        with contextlib.suppress(Exception):
            conn.send(("failed", f"{type(exc).__name__}: {exc}"[:500]))
    finally:
        conn.close()
