"""One game per user folder: the lock, stale locks after a crash, and the second window's choice.

The holder is a real second process (the lock is an OS lock: one process cannot contend with
itself), killed with SIGKILL to leave the stale lock a crash leaves.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest
from user_dirs import point_user_dirs

from game.persist import instance
from game.persist.instance import Holder, InstanceLock, alive, process_start
from game.persist.saves import AUTOSAVE, SaveStore
from game.ui.menus.flow import MenuFlow
from game.ui.menus.instance_screen import InstanceScreen
from game.ui.menus.intents import PlayWithoutAutosave, Quit, RaiseOther
from game.ui.menus.match_menu import MatchMenuScreen
from game.ui.menus.title import TitleScreen

HOLD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from game.persist.instance import InstanceLock
    lock = InstanceLock(Path(sys.argv[1]))
    print("held" if lock.acquire() is None else "refused", flush=True)
    while True:
        time.sleep(0.05)
        if lock.raise_requested():
            print("raise", flush=True)
""")


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    pygame.init()


def holder_process(folder: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_second_process_finds_the_lock_held_and_who_holds_it(tmp_path: Path) -> None:
    proc = holder_process(tmp_path)
    try:
        holder = InstanceLock(tmp_path).acquire()
        assert holder is not None and holder.pid == proc.pid
        assert holder.locked_at > time.time() - 60
        assert alive(holder)
    finally:
        proc.kill()
        proc.wait()


def test_a_lock_left_by_a_killed_game_is_taken_over(tmp_path: Path) -> None:
    proc = holder_process(tmp_path)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    lock = InstanceLock(tmp_path)
    assert lock.acquire() is None  # the kernel let go of the dead process's lock
    assert lock.holder() is not None and lock.holder().pid == os.getpid()  # type: ignore[union-attr]
    lock.release()


def test_a_second_window_can_ask_the_first_to_come_to_the_front(tmp_path: Path) -> None:
    proc = holder_process(tmp_path)
    try:
        assert InstanceLock(tmp_path).ask_to_raise()
        assert proc.stdout is not None and proc.stdout.readline().strip() == "raise"
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="process start times come from Linux /proc")
def test_without_os_locks_the_pid_and_start_time_decide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system with no locks (a network share): a live holder with the recorded start time
    keeps the lock; a dead pid, or a live pid whose start time differs (reused), is stale."""
    monkeypatch.setattr(instance, "_os_lock", lambda handle: None)
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        time.sleep(0.2)
        started = process_start(proc.pid)
        assert started is not None and abs(started - time.time()) < 30
        path = tmp_path / instance.LOCK_NAME
        path.write_text(f'{{"pid": {proc.pid}, "started": {started}, "locked_at": 1}}')
        assert InstanceLock(tmp_path).acquire() == Holder(proc.pid, started, 1.0)
        path.write_text(f'{{"pid": {proc.pid}, "started": {started - 3600}, "locked_at": 1}}')  # a reused pid
        lock = InstanceLock(tmp_path)
        assert lock.acquire() is None
        lock.release()
    finally:
        proc.kill()
        proc.wait()
    path.write_text(f'{{"pid": {proc.pid}, "started": {started}, "locked_at": 1}}')  # now dead
    lock = InstanceLock(tmp_path)
    assert lock.acquire() is None
    lock.release()
    path.write_text("{not json")  # a damaged lock file is no holder
    assert InstanceLock(tmp_path).acquire() is None


def test_the_second_window_chooses_and_never_touches_the_first_ones_autosave(tmp_path: Path) -> None:
    from game.ai.baseline import RandomBot
    from game.engine.match import Match
    from game.match_options import MatchOptions, match_profile

    store = SaveStore()
    options = MatchOptions(seed=3)
    match = Match(match_profile(options), 3)
    for _ in range(20):
        seat = match.awaiting()[0]
        match.apply(RandomBot(3, seat).decide(match.observe(seat)))
    store.write(AUTOSAVE, options, match.record)
    first = store.path_for(AUTOSAVE).read_bytes()

    flow = MenuFlow(other=Holder(12345, 0.0, time.time()))
    screen = flow.top
    assert isinstance(screen, InstanceScreen)
    surface = pygame.Surface((1280, 720))
    flow.draw(surface)
    assert flow.act(RaiseOther()) == Quit()
    flow.act(PlayWithoutAutosave())
    title = flow.top
    assert isinstance(title, TitleScreen) and title.continue_detail is None and "another" in title.notice
    assert not flow.saves.has_autosave()
    other = Match(match_profile(options), 9)
    flow.autosave(options, other)
    flow.saves.clear_autosave()
    flow.saves.flush()
    assert store.path_for(AUTOSAVE).read_bytes() == first
    menu = MatchMenuScreen(autosaving=False)
    texts = [n.text for n in menu.root.walk() if isinstance(getattr(n, "text", None), str)]
    assert any("does not keep" in text for text in texts), texts
