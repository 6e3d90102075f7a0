"""SIGTERM and SIGINT end the game cleanly, saving first; a game stuck in its frame loop still
ends (the watchdog writes the autosave and exits) instead of needing ``kill -9``.

A child process runs the real menus' loop (``run_menus``) with a match playing itself at instant
speed on the real table, the autosave written on its thread after every action, as in a game.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from user_dirs import point_user_dirs

CHILD = textwrap.dedent("""
    import os, sys, time
    from game.match_options import MatchOptions
    from game.ui.menus.flow import MenuFlow
    from game.ui.menus.intents import StartMatch
    from game.ui.menus.run import run_menus
    from game.ui.table import TableScreen

    def table(options, match, settings):
        return TableScreen((1280, 720), match=match, human=0, autoplay=True, speed=0.0)

    flow = MenuFlow(open_table=table)
    flow.act(StartMatch(MatchOptions(seed=7)))
    match = flow.playing[1]
    if sys.argv[1] == "stuck":
        real = flow.update
        def update(dt):
            if len(match.actions) > 30 and flow.autosaver._queued > 0:
                print(f"stuck {flow.autosaver._queued}", flush=True)
                time.sleep(1000)  # a frame that never ends
            return real(dt)
        flow.update = update
    print("ready", flush=True)
    status = run_menus(flow=flow)
    print(f"done {status} {len(match.actions)} {int(match.is_over)}", flush=True)
""")


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    import os

    point_user_dirs(tmp_path, monkeypatch)
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


@pytest.fixture
def spawn() -> Iterator[Callable[[str, dict[str, str]], subprocess.Popen[str]]]:
    """Start the child game; whatever happens in the test, it does not outlive it."""
    children: list[subprocess.Popen[str]] = []

    def start(mode: str, env: dict[str, str]) -> subprocess.Popen[str]:
        child = subprocess.Popen([sys.executable, "-c", CHILD, mode], env=env, stdout=subprocess.PIPE, text=True)
        children.append(child)
        return child

    yield start
    for child in children:
        if child.poll() is None:
            child.kill()
            child.wait()


def autosave_actions(tmp_path: Path) -> int:
    path = tmp_path / "data" / "MahjongAtlas" / "saves" / "autosave.toml"
    return len(tomllib.loads(path.read_text())["record"]["actions"])


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_quit_signal_ends_the_game_after_saving(tmp_path: Path, env: dict[str, str], signum: int,
                                                 spawn: Callable[[str, dict[str, str]], subprocess.Popen[str]]) -> None:
    child = spawn("normal", env)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(2.0)
    sent = time.monotonic()
    child.send_signal(signum)
    out, _ = child.communicate(timeout=30)
    took = time.monotonic() - sent
    assert child.returncode == 0, out
    word, status, actions, over = out.split()
    assert (word, status) == ("done", "0")
    assert took < 10.0  # a loaded machine; the watchdog would end it at 5 s with code 143
    if over == "0":  # a match still on the table: the autosave holds every action applied
        assert autosave_actions(tmp_path) == int(actions)


def test_a_game_stuck_in_a_frame_still_ends_on_sigterm_with_its_autosave(
        tmp_path: Path, env: dict[str, str], spawn: Callable[[str, dict[str, str]], subprocess.Popen[str]]) -> None:
    """The watchdog writes the autosave the loop last queued (a thread that is not the loop's
    must not read the match: it could be caught half-way through an action)."""
    child = spawn("stuck", env)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    word, queued = child.stdout.readline().split()
    assert word == "stuck" and int(queued) > 0
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGTERM)
    child.communicate(timeout=30)
    took = time.monotonic() - sent
    assert child.returncode == 128 + signal.SIGTERM
    assert took > 4.0  # the watchdog waited its grace (then ended it: the code says so)
    assert autosave_actions(tmp_path) == int(queued)
