"""``python -m game bench startup``: the CPU a player's start costs, in fresh processes.

Each run starts ``python -m game`` afresh (the real entry point, the menus, the sounds) in user
folders of its own, and reads the milestones of :mod:`game.startup`: the CPU time from process
start to the **first frame** (the title), and, for a Continue, to the **first turn** (the first
frame where the table waits for the player, after Enter on the title's Continue over an autosave
made in the middle of a hanchan). A start with the user's cache already filled by an earlier start
(the usual one) and a first start with an empty cache folder are timed apiece, interleaved run by
run, so a drift of the shared machine's speed touches them alike; medians are reported. A first
start makes its sounds in a child process (:mod:`game.ui.audio.making`), whose CPU is not the
game's own: after its milestone such a run waits for them and reports when they could first be
heard (``sounds_heard_wall_s``, wall seconds from the start) and what the child spent making them
(``sounds_made_cpu_s_elsewhere``).

The children run under the dummy video and audio drivers unless the caller set others; the dummy
audio driver opens a mixer like a real device, so the sounds are made (or read from the cache) as
on a player's machine. ``PYTHONDONTWRITEBYTECODE`` is dropped for them and one untimed start runs
first: a player's bundle always has its compiled bytecode. The user folders are chosen through
``HOME`` and the XDG variables, which is how Linux and macOS find them (not Windows).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final

from game import startup

CHILD: Final = r"""
import os, sys, time
from game import startup
goal, hear = sys.argv[1], sys.argv[2] == "hear"

def on_mark(name, cpu, wall):
    print(f"MARK {name} {cpu:.6f} {wall:.6f}", flush=True)
    if name == goal:
        from game.ui import audio
        if hear:  # a first start: when the sounds come, and what making them cost in a child
            import resource
            audio.current().wait_ready(600)
            kids = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(f"MARK sounds_ready {time.process_time():.6f} "
                  f"{time.perf_counter() - startup._WALL_ZERO:.6f} {kids.ru_utime + kids.ru_stime:.6f}", flush=True)
        audio.current().close()  # ends a first start's sound child: it would fill the next empty cache
        os._exit(0)
    if name == startup.FIRST_TURN:  # the warm-up start: wait until the sounds are kept in the cache
        from game.ui import audio
        audio.current().wait_ready(600)
        os._exit(0)
    if name == startup.FIRST_FRAME:  # Continue is the title's first button: Enter presses it
        import pygame
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))

startup.on_mark = on_mark
from game.__main__ import main
main(["play"])
print("ENDED", flush=True)
"""

PREPARE: Final = r"""
import sys
from game.cli.bench_startup import write_autosave
write_autosave(int(sys.argv[1]))
"""

SOUNDS_READY: Final = "sounds_ready"  # printed by CHILD: every buffer made, after the goal
TIMEOUT: Final = 120.0  # seconds for one child on a loaded machine
FOLDERS: Final = {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_STATE_HOME": "state",
                  "XDG_CACHE_HOME": "cache"}


def write_autosave(hand: int, seed: int = 7) -> None:
    """An autosave of a riichi match played by Normal seats to the start of the player's turn in
    hand ``hand`` (0-based): what Continue resumes (run in the child's user folders)."""
    from game.ai.levels import make_seat
    from game.engine import Match, Phase
    from game.match_options import MatchOptions, match_profile
    from game.persist.saves import SaveStore

    options = MatchOptions(seed=seed)
    match = Match(match_profile(options), seed)
    seats = [make_seat("normal", seed, seat, match.profile) for seat in range(4)]
    while not match.is_over:
        awaited = match.awaiting()
        if match.hand_index >= hand and awaited == [options.human_seat] and match.phase is Phase.TURN:
            break
        seat = awaited[0]
        match.apply(seats[seat].decide(match.observe(seat)))
    SaveStore().autosave(options, match)


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["HOME"] = str(home)
    for name, folder in FOLDERS.items():
        env[name] = str(home / folder)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def _start(home: Path, goal: str, last: str | None = None, *, hear: bool = False) -> dict[str, tuple[float, ...]]:
    """One fresh process up to ``goal`` (or ``last``, where a warm-up ends): each milestone's
    (CPU s, wall s); with ``hear``, also :data:`SOUNDS_READY` after ``goal``: (CPU s, wall s,
    CPU s of the children that made them)."""
    done = subprocess.run([sys.executable, "-c", CHILD, goal, "hear" if hear else "-"], env=_env(home),
                          capture_output=True, text=True, timeout=TIMEOUT, check=False)
    marks: dict[str, tuple[float, ...]] = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) in (4, 5) and parts[0] == "MARK":
            marks[parts[1]] = tuple(map(float, parts[2:]))
    if (last or goal) not in marks:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-12:])
        raise RuntimeError(f"the game did not reach {last or goal} (exit {done.returncode}):\n{tail}")
    return marks


def bench_startup(runs: int = 5, hand: int = 6) -> dict[str, float]:
    """Medians over ``runs`` fresh starts of each kind (see the module docstring), in seconds."""
    if sys.platform == "win32":
        raise SystemExit("bench startup chooses the user folders through HOME and XDG (Linux, macOS)")
    root = Path(tempfile.mkdtemp(prefix="atlas-startup-"))
    try:
        homes = {"warm": root / "warm", "empty": root / "empty"}
        subprocess.run([sys.executable, "-c", PREPARE, str(hand)], env=_env(homes["warm"]), check=True,
                       timeout=TIMEOUT)
        shutil.copytree(homes["warm"], homes["empty"])
        _start(homes["warm"], "warm-up", startup.FIRST_TURN)  # untimed: bytecode compiled, the cache filled
        samples: dict[str, list[float]] = {}
        for _ in range(runs):
            for kind, goal in (("title", startup.FIRST_FRAME), ("continue", startup.FIRST_TURN)):
                for cache, home in homes.items():
                    if cache == "empty":  # a first start: nothing kept yet
                        shutil.rmtree(home / FOLDERS["XDG_CACHE_HOME"], ignore_errors=True)
                    marks = _start(home, goal, hear=cache == "empty")
                    cpu, wall = marks[goal]
                    samples.setdefault(f"{kind}_cpu_s_{cache}_cache", []).append(cpu)
                    samples.setdefault(f"{kind}_wall_s_{cache}_cache", []).append(wall)
                    if cache == "empty" and SOUNDS_READY in marks:
                        _, heard, made = marks[SOUNDS_READY]
                        samples.setdefault("sounds_heard_wall_s_empty_cache", []).append(heard)
                        samples.setdefault("sounds_made_cpu_s_elsewhere", []).append(made)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    out = {f"{key}_median": statistics.median(values) for key, values in sorted(samples.items())}
    out.update({f"{key}_max": max(values) for key, values in sorted(samples.items()) if "_cpu_" in key})
    out["runs"] = float(runs)
    out["autosave_hand"] = float(hand)
    if hasattr(os, "getloadavg"):
        out["load_average_1min"] = os.getloadavg()[0]
    return out
