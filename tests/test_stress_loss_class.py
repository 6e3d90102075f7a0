"""stress kill's loss classes: a loss is excused as "not scheduled" only when the OS did not
run the child (no CPU while it sat runnable), never when it slept or ran. Real processes,
sampled from outside through /proc as stress kill does (Linux)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from game.cli.stress import DESIGN, NOT_SCHEDULED, CpuSampler, loss_class

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="samples /proc (Linux)")

SPIN = "import time\nend = time.monotonic() + 30\nwhile time.monotonic() < end: pass\n"


def _sampled(argv: list[str], seconds: float, **popen: object) -> tuple[list[tuple[float, float, bool]], float, float]:
    proc = subprocess.Popen(argv, **popen)  # type: ignore[call-overload]
    try:
        sampler = CpuSampler(proc.pid)
        time.sleep(0.3)
        played = time.monotonic()
        time.sleep(seconds)
        killed = time.monotonic()
        sampler.stop()
    finally:
        proc.kill()
        proc.wait()
    return sampler.samples, played, killed


def test_a_child_that_sleeps_is_not_excused() -> None:
    """No CPU, but not waiting for one either: a game that slept through its write is its own fault."""
    samples, played, killed = _sampled([sys.executable, "-c", "import time; time.sleep(30)"], 1.5)
    why, figures = loss_class(samples, played, killed)
    assert why == DESIGN
    assert figures["no_cpu_stretch_s"] >= 1.0 and figures["runnable_share_in_it"] < 0.2


def test_a_child_that_runs_is_not_excused() -> None:
    samples, played, killed = _sampled([sys.executable, "-c", SPIN], 1.5)
    why, figures = loss_class(samples, played, killed)
    assert why == DESIGN and figures["child_cpu_s"] > 0.05  # some CPU, however loaded the machine


def test_a_child_the_os_does_not_run_is_its_own_class() -> None:
    """The child and a spinning hog share one CPU, the child at nice 19 and the hog at -20: the
    OS gives the child almost nothing while it is runnable all along."""
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("no CPU affinity here")
    cpu = min(os.sched_getaffinity(0))
    hog = subprocess.Popen([sys.executable, "-c", SPIN], preexec_fn=lambda: (os.sched_setaffinity(0, {cpu}), os.nice(-20)))
    try:
        time.sleep(0.3)
        if hog.poll() is not None:
            pytest.skip("may not raise a process's priority here")

        def starve() -> None:
            os.sched_setaffinity(0, {cpu})
            os.nice(19)

        for _ in range(3):
            samples, played, killed = _sampled([sys.executable, "-c", SPIN], 1.5, preexec_fn=starve)
            why, figures = loss_class(samples, played, killed)
            if figures["child_cpu_s"] < 0.1:
                break  # the premise holds: the OS starved the child (as the class below asserts)
        else:
            # seen once in CI (child 1.48 s of CPU in 1.5 s beside the hog) and on a loaded machine
            # (0.64 s, never 0.05 s without CPU): the OS did not starve the child, so there was
            # nothing for the classifier to tell apart
            pytest.skip(f"the OS ran the nice-19 child beside a nice -20 hog on one CPU anyway: {figures}")
    finally:
        hog.kill()
        hog.wait()
    assert why == NOT_SCHEDULED, figures
    assert figures["child_cpu_s"] < 0.1 and figures["runnable_share_in_it"] >= 0.9
