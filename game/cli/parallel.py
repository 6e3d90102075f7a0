"""Matches split over worker processes, their results read back in plan order.

``sim`` and ``soak`` play independent matches, each deterministic from its seed: a match played in
a worker gives the same figures as one played at home, and the results are merged in the order of
the plan, so ``--jobs N`` prints the same JSON as ``--jobs 1`` (only the timings differ). Workers
are processes (the engine is pure Python: threads would share one interpreter lock).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

PROGRESS_SECONDS = 10.0


def default_jobs() -> int:
    """The CPUs this process may run on (the ``--jobs`` default)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def jobs_argument(text: str) -> int:
    """``--jobs`` as argparse reads it: a whole number of at least 1."""
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: --jobs takes a whole number of processes") from None
    if n < 1:
        raise argparse.ArgumentTypeError("--jobs must be at least 1")
    return n


def run_ordered(
    work: Callable[[Task], Result],
    tasks: Sequence[Task],
    jobs: int,
    *,
    label: str = "",
    progress: Callable[[int, int, float], str] | None = None,
) -> Iterator[Result]:
    """``work(task)`` for every task, yielded in the order of ``tasks``.

    With ``jobs > 1`` the tasks run in a pool of that many processes (never more than there are
    tasks); ``work`` must be a module-level function and tasks and results picklable. When
    ``progress`` is given, a line goes to stderr at most every :data:`PROGRESS_SECONDS` and at the
    end: ``label``, the tasks done, the rate and the time left, and what ``progress(done, total,
    elapsed)`` adds."""
    total = len(tasks)
    start = time.perf_counter()
    last = start

    def report(done: int) -> None:
        nonlocal last
        now = time.perf_counter()
        if progress is None or (now - last < PROGRESS_SECONDS and done != total):
            return
        last = now
        elapsed = now - start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        extra = progress(done, total, elapsed)
        print(
            f"{label}: {done}/{total} matches, {rate * 60:.1f}/min, {elapsed:.0f} s, ETA {eta:.0f} s"
            + (f", {extra}" if extra else ""),
            file=sys.stderr,
            flush=True,
        )

    jobs = max(1, min(jobs, total))
    if jobs == 1:
        for i, task in enumerate(tasks, 1):
            yield work(task)
            report(i)
        return
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(_start_method())) as pool:
        for i, result in enumerate(pool.map(work, tasks), 1):
            yield result
            report(i)


def _start_method() -> str:
    """forkserver where the platform has it, else spawn; never a bare fork.

    A fork copies the caller's threads' locks in whatever state they are (a test run, the game's
    background savers and sound threads): a worker could wait forever on a lock nobody will
    release, and ``multiprocessing.Pool`` then hangs at its exit. The executor also notices a
    worker that dies (``BrokenProcessPool``) instead of waiting for it."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
