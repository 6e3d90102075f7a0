"""The autosave's pace and its bound: queued at most every EVERY seconds while actions come, at
once when read or when play rests, and play held once the disk trails by STALL seconds.

A slow disk is a write that sleeps (the writer thread's ``replace_visible``); a failing one raises.
"""

from __future__ import annotations

import errno
import os
import threading
import time
from pathlib import Path

import pytest
from user_dirs import point_user_dirs

from game.ai.baseline import RandomBot
from game.engine import Match
from game.match_options import MatchOptions, match_profile
from game.persist import background
from game.persist.atomic import kept_copy
from game.persist.autosave import EVERY, STALL, Autosaver
from game.persist.saves import AUTOSAVE, SaveStore

OPTIONS = MatchOptions(seed=4)


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return point_user_dirs(tmp_path, monkeypatch)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def step(match: Match, bots: list[RandomBot]) -> None:
    seat = match.awaiting()[0]
    match.apply(bots[seat].decide(match.observe(seat)))


def test_actions_at_instant_speed_are_queued_every_quarter_second(monkeypatch: pytest.MonkeyPatch) -> None:
    store = SaveStore(background=True)
    puts: list[int] = []
    real = store.autosave_later
    monkeypatch.setattr(store, "autosave_later", lambda o, r, s, i, d=None: (puts.append(len(r.actions)), real(o, r, s, i, d)))
    clock = Clock()
    saver = Autosaver(store, clock)
    match = Match(match_profile(OPTIONS), 4)
    bots = [RandomBot(4, s) for s in range(4)]
    for _frame in range(60):  # one second at 60 fps, eight actions a frame
        for _ in range(8):
            step(match, bots)
        saver.follow(OPTIONS, match, "c" * 32)
        clock.now += 1 / 60
    assert 4 <= len(puts) <= 5  # every EVERY seconds, not every frame
    assert store.load(AUTOSAVE).record == match.record  # a read queues the latest first


def test_play_that_rests_is_saved_on_the_next_frame() -> None:
    store = SaveStore(background=True)
    clock = Clock()
    saver = Autosaver(store, clock)
    match = Match(match_profile(OPTIONS), 4)
    bots = [RandomBot(4, s) for s in range(4)]
    saver.follow(OPTIONS, match, "")
    step(match, bots)
    clock.now += EVERY / 10
    saver.follow(OPTIONS, match, "")  # too soon after the first
    clock.now += EVERY
    saver.follow(OPTIONS, match, "")
    store.writer.flush()  # type: ignore[union-attr]
    assert len(store.load_path(store.path_for(AUTOSAVE)).record.actions) == 1
    assert saver.behind() == 0.0


def test_a_slow_disk_holds_play_and_lets_it_go_once_written(monkeypatch: pytest.MonkeyPatch) -> None:
    real = background.replace_visible

    def slow(path: Path, data: bytes) -> None:
        time.sleep(1.0)
        real(path, data)

    monkeypatch.setattr(background, "replace_visible", slow)
    store = SaveStore(background=True)
    saver = Autosaver(store)
    match = Match(match_profile(OPTIONS), 4)
    bots = [RandomBot(4, s) for s in range(4)]
    start = time.monotonic()
    held_at = None
    while time.monotonic() - start < 10:
        if saver.stalled():
            held_at = held_at or time.monotonic() - start
            saver.follow(OPTIONS, match, "")
            time.sleep(0.01)
            continue
        if held_at is not None:
            break  # the write landed: play goes on
        step(match, bots)
        saver.follow(OPTIONS, match, "")
        time.sleep(0.005)
    assert held_at is not None and STALL <= held_at < STALL + 1.0
    assert saver.behind() <= STALL


def test_a_failing_disk_never_holds_play(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: Path, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(background, "replace_visible", full)
    store = SaveStore(background=True)
    clock = Clock()
    saver = Autosaver(store, clock)
    match = Match(match_profile(OPTIONS), 4)
    bots = [RandomBot(4, s) for s in range(4)]
    for _ in range(10):
        step(match, bots)
        saver.follow(OPTIONS, match, "")
        store.writer.flush()  # type: ignore[union-attr]
        clock.now += 1.0
    assert not saver.stalled()
    assert store.writer is not None and store.writer.error is not None


def test_the_autosave_never_comes_back_after_the_match_is_filed() -> None:
    store = SaveStore(background=True)
    saver = Autosaver(store)
    match = Match(match_profile(OPTIONS), 4)
    bots = [RandomBot(4, s) for s in range(4)]
    for _ in range(5):
        step(match, bots)
        saver.follow(OPTIONS, match, "")
    store.clear_autosave()
    step(match, bots)
    store.flush()
    assert not store.has_autosave()


def test_a_slow_fsync_holds_up_no_later_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by stress kill's trace: one fsync of 2-5 s on a busy disk held every autosave behind
    it, so a kill lost play older than a second. The rename comes first, the fsync after on a
    thread of its own; the version it made durable is then kept for a power loss."""
    real = background.keep_durable
    synced: list[int] = []

    def slow(path: Path) -> None:
        if path != SaveStore().path_for(AUTOSAVE):
            return real(path)  # an earlier test's writer, finishing late
        time.sleep(1.0)
        real(path)
        synced.append(len(SaveStore().load_path(kept_copy(path)).record.actions))
        return None

    monkeypatch.setattr(background, "keep_durable", slow)
    store = SaveStore(background=True)
    match = Match(match_profile(OPTIONS), 4)
    bots = [RandomBot(4, s) for s in range(4)]
    path = store.path_for(AUTOSAVE)
    began = time.monotonic()
    for _ in range(3):
        step(match, bots)
        store.autosave(OPTIONS, match)
        assert store.writer is not None and store.writer.flush()
        assert len(store.load_path(path).record.actions) == len(match.actions)  # in place at once
    assert time.monotonic() - began < 1.0  # no rename waited for the 1 s fsyncs
    assert store.writer.settle()
    assert synced and synced[-1] == len(match.actions)  # the newest is durable and kept
    if hasattr(os, "link"):
        assert kept_copy(path).stat().st_ino == path.stat().st_ino


def test_a_put_as_the_writer_ends_for_want_of_work_is_still_written() -> None:
    """stress kill saw autosaves queued right as the writer's thread ended after its idle wait
    and not written (kill 26, fast). With no idle wait at all, every put meets the thread deciding
    to end, or ended, or starting again: each one must still reach the disk, at once."""
    written: list[bytes] = []
    writer = background.BackgroundWriter(lambda path, data: written.append(data), idle=0.0)
    for i in range(2000):
        done = threading.Event()
        writer.put(Path("autosave.toml"), str(i).encode(), lambda ok, done=done: done.set())  # type: ignore[misc]
        assert done.wait(2.0), f"put {i} was not written"
        if i % 3 == 0:
            time.sleep(0.0005)  # also after the thread ended, not only while it ends
    assert len(written) == 2000


def test_a_task_keeps_its_turn_among_the_writes() -> None:
    """A finished match is filed on the writer thread (BackgroundWriter.then): after the
    autosave queued before it, before the next match's; a write queued after the task never
    takes the place of one queued before it (only of its own file's since the task)."""
    done: list[str] = []
    busy, gate = threading.Event(), threading.Event()

    def write(path: Path, data: bytes) -> None:
        busy.set()
        gate.wait(5)
        done.append(data.decode())

    writer = background.BackgroundWriter(write)
    path = Path("autosave.toml")
    writer.put(path, b"old 1")  # the thread takes this one and waits at the gate
    assert busy.wait(5)
    writer.put(path, b"old 2")
    writer.put(path, b"old end")  # takes old 2's place
    writer.then(lambda: done.append("filed"))
    writer.put(path, b"new 1")  # after the task: old end keeps its place
    writer.put(path, b"new 2")  # takes new 1's place
    gate.set()
    assert writer.flush()
    assert done == ["old 1", "old end", "filed", "new 2"]
