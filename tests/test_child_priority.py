"""The import's child process runs below the window's priority on every OS: nice 10 on POSIX,
BELOW_NORMAL on Windows (which has no nice: the child ran at the window's priority there). The
Windows call is checked through a stand-in for kernel32; the POSIX one on a real child."""

from __future__ import annotations

import os

import pytest

from game.persist.jobs import BELOW_NORMAL_PRIORITY_CLASS, CHILD_NICE, ProcessJob, lower_priority


class Kernel32:
    """Records the calls as ``ctypes.windll.kernel32`` would take them."""

    def __init__(self, answer: int = 1) -> None:
        self.calls: list[tuple[object, int]] = []
        self.answer = answer

    def GetCurrentProcess(self) -> int:  # noqa: N802 - the Windows name
        return -1  # the pseudo-handle Windows gives

    def SetPriorityClass(self, handle: object, priority: int) -> int:  # noqa: N802 - the Windows name
        self.calls.append((handle, priority))
        return self.answer


def test_windows_asks_for_below_normal_and_never_nices() -> None:
    kernel32 = Kernel32()
    niced: list[int] = []
    assert lower_priority("nt", niced.append, kernel32) == "below-normal"
    assert kernel32.calls == [(-1, BELOW_NORMAL_PRIORITY_CLASS)] and niced == []


def test_a_refused_or_missing_call_is_said_not_raised() -> None:
    assert lower_priority("nt", None, Kernel32(answer=0)) == "none"  # SetPriorityClass failed
    assert lower_priority("nt", None, object()) == "none"  # no such function
    assert lower_priority("posix", None) == "none"  # no nice here

    def refuse(_n: int) -> int:
        raise PermissionError("not allowed")

    assert lower_priority("posix", refuse) == "none"


def test_posix_nices_by_child_nice() -> None:
    niced: list[int] = []
    assert lower_priority("posix", niced.append, Kernel32()) == "nice" and niced == [CHILD_NICE]


def _niceness(send):  # type: ignore[no-untyped-def]  # runs in a ProcessJob's child
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="POSIX niceness")
def test_the_import_child_runs_niced_below_the_window() -> None:
    job = ProcessJob(_niceness, (), lambda pieces, last: last).start()
    assert job.wait(120)
    assert job.result() == min(19, os.nice(0) + CHILD_NICE)
