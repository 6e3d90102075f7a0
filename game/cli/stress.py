"""``python -m game stress kill|instances|doors``: attack the game from outside and print figures.

These are stress runs, not tests: they take minutes, depend on the machine's load, and print one
JSON summary (progress on stderr). Run them under ``nice -n 19`` on a shared machine.

``kill``
    A child process plays matches by itself on the real menus and table (every seat an AI, the
    animation speed of the settings, the autosave written as in a game) in one user folder; the
    parent kills it with SIGKILL at a random moment (four in five within 2.5 s after the child has
    applied an action, so slow speeds are killed in play, not only in the opening ceremony; the
    rest within 2.5 s of its start), checks the folder, and starts the next child,
    which continues the match (Continue) or starts the next one. Figures: corrupt files (an
    autosave, replay or settings file that does not load, or a record that does not replay to its
    hash), actions lost beyond the last second of play (the autosave's action count against what
    the child reported it had played one second before the kill), the age of the oldest action
    not on disk at each kill, and duplicate replays (two files of one match). Each loss is in
    one class, both counted (the figure stays every loss): ``lost_not_scheduled``, the OS did
    not run the child (no CPU for it while a thread of it was runnable, sampled from outside:
    :class:`CpuSampler`, :func:`loss_class`), or ``lost_design``, the game's own.
``instances``
    Two or three games started a few seconds apart on one user folder, each playing its own
    match: the first keeps the autosave; the others are told so and play without it (the choice a
    player makes on the second window's screen). The autosave is watched the whole time; then the
    first is killed with SIGKILL and a new game must take the stale lock over and continue its
    match. Figures: autosaves written by a game that did not hold the lock, finished matches not
    filed, duplicate replays, whether the stale lock was recovered and the match continued.
``doors``
    Every import door with hostile inputs (``/dev/zero``, ``/dev/urandom``, a FIFO, a folder, a
    sparse file over the cap, 8 MB of nesting, a 3,000-hand log, a read slowed to 60 kB/s) while
    the menus (then the viewer they open, its first two seconds), then the table, draw at 60 fps:
    the longest gap between frames and how long the door took to answer; ``replay-check`` and
    ``levels list`` on the same inputs (seconds, exit code).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Final

SPEEDS = ("slow", "normal", "fast", "instant")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=("kill", "instances", "doors", "child"),
                        help="kill: SIGKILL during autosaving; instances: 2-3 games on one folder; "
                             "doors: hostile imports while frames are timed")
    parser.add_argument("--kills", type=int, default=500, help="kill: how many children to kill")
    parser.add_argument("--speeds", default=",".join(SPEEDS), help="kill: animation speeds, in turn")
    parser.add_argument("--count", type=int, default=3, help="instances: how many games (2 or 3)")
    parser.add_argument("--stagger", type=float, default=5.0, help="instances: seconds between starts")
    parser.add_argument("--seconds", type=float, default=40.0, help="instances: seconds each game plays")
    parser.add_argument("--no-lock", action="store_true",
                        help="instances: run the games without the single-instance lock (what happened before it)")
    parser.add_argument("--folder", type=Path, default=None, help="the user folder to attack (default: a new temp one)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None, help="doors: a big log to import (default: one is made)")
    parser.add_argument("--only", default="", help="doors: only the inputs whose names contain one of these words (comma-separated)")
    # the child's own options
    parser.add_argument("--speed", default="instant", help=argparse.SUPPRESS)
    parser.add_argument("--length", default="one_hand", help=argparse.SUPPRESS)
    parser.add_argument("--lock", action="store_true", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    if args.what == "child":
        return child(args)
    folder = args.folder or Path(tempfile.mkdtemp(prefix=f"atlas-stress-{args.what}-"))
    folder.mkdir(parents=True, exist_ok=True)
    if args.what == "kill":
        summary = kill_run(folder, args.kills, args.speeds.split(","), args.seed)
    elif args.what == "instances":
        summary = instances_run(folder, args.count, args.stagger, args.seconds, args.seed, lock=not args.no_lock)
    else:
        summary = doors_run(folder, args.log, [w for w in args.only.split(",") if w])
    summary["folder"] = str(folder)
    print(json.dumps(summary, indent=1))
    return 0


def user_env(folder: Path) -> dict[str, str]:
    """The environment of a game whose user folders all live in ``folder``."""
    env = dict(os.environ)
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CACHE_HOME", "cache")):
        env[var] = str(folder / sub)
    env["HOME"] = str(folder / "home")
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONUNBUFFERED="1")
    return env


def _point_here(folder: Path) -> None:
    os.environ.update(user_env(folder))


# --- the child: a game that plays by itself ---------------------------------------------------------


def child(args: argparse.Namespace) -> int:
    """Play matches on the real menus and table until killed (or ``--seconds`` of play), printing
    one line a frame: ``<monotonic time> <actions played> <match id>``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game import paths
    from game.match_options import MatchOptions
    from game.persist.instance import InstanceLock
    from game.persist.settings import Settings, SettingsStore
    from game.ui.menus.flow import MenuFlow
    from game.ui.menus.intents import ContinueMatch, Open, PlayWithoutAutosave, StartMatch
    from game.ui.menus.title import TitleScreen
    from game.ui.results.match_end import ResultsScreen
    from game.ui.table import TableScreen

    pygame.init()
    size = (1280, 720)
    surface = pygame.display.set_mode(size)
    store = SettingsStore()
    store.save(Settings(language="en", animation_speed=args.speed))

    def table(options: MatchOptions, match: Any, settings: Settings) -> Any:
        return TableScreen(size, match=match, human=options.human_seat, levels=options.ai_seats(), autoplay=True,
                           speed=settings.animation_factor, style=settings.tile_style)

    lock = InstanceLock(paths.saves_dir()) if args.lock else None
    other = lock.acquire() if lock is not None else None
    flow = MenuFlow(size, open_table=table, instance=lock, other=other)
    if other is not None:
        flow.act(PlayWithoutAutosave())  # what the player chooses on the second window's screen
        print(f"second {other.pid}", flush=True)
    rng = random.Random(args.seed * 7919 + os.getpid())

    def start() -> None:
        title = flow.top
        if isinstance(title, TitleScreen) and title.continue_detail is not None:
            flow.act(ContinueMatch())
        else:
            flow.act(StartMatch(MatchOptions(seed=rng.randrange(2**31), length=args.length)))

    out = sys.stdout
    _trace_writes(out)
    start()
    print("ready", flush=True)
    clock = pygame.time.Clock()
    began = time.monotonic()
    while args.seconds <= 0 or time.monotonic() - began < args.seconds:
        for _event in pygame.event.get():
            pass
        flow.update(clock.get_time() / 1000.0)
        flow.draw(surface)
        pygame.display.flip()
        if flow.playing is not None:
            match = flow.playing[1]
            out.write(f"{time.monotonic():.4f} {len(match.actions)} {flow.match_id}\n")
            _trace_writer_thread(out, flow.saves.writer)
            out.flush()
        elif isinstance(flow.top, ResultsScreen):
            out.write(f"over {flow.match_id}\n")
            flow.act(Open("title"))
            start()
        clock.tick(60)
    flow.flush_autosave()
    if lock is not None:
        lock.release()
    print("done", flush=True)
    return 0


def _trace_writer_thread(out: Any, writer: Any) -> None:
    """``w <t> <tid> <ran ms> <waited ms>``: how long the writer's thread has run on a CPU and
    waited runnable for one (Linux schedstat), each frame: a write queued and never picked up
    is then either a thread the machine did not run (waited grows, ran does not) or one that
    slept through its wake-up (neither grows: a bug)."""
    thread = getattr(writer, "_thread", None)
    tid = getattr(thread, "native_id", None)
    if tid is None:
        return
    try:
        with open(f"/proc/self/task/{tid}/schedstat", encoding="ascii") as handle:
            ran, waited = (int(v) for v in handle.read().split()[:2])
    except (OSError, ValueError):
        return
    out.write(f"w {time.monotonic():.4f} {tid} {ran / 1e6:.1f} {waited / 1e6:.1f}\n")


def _trace_writes(out: Any) -> None:
    """Print one line per step of every autosave, so a kill that lost actions can be explained:
    ``q <t> <n>`` queued with ``n`` actions (frame thread), ``p <t> <n>`` picked up by the
    writer thread (it starts making the TOML), ``m <t> <n> <bytes>`` made, ``s <t> <seconds>``
    an fsync done (file, then folder), ``r <t> <n>`` renamed over the autosave, ``d <t> <n> <ok>``
    told done. Times are ``time.monotonic()``, the clock of the frame lines."""
    from game.persist.saves import SaveStore

    lock = threading.Lock()

    def say(line: str) -> None:
        with lock:
            out.write(line + "\n")
            out.flush()

    real_fsync, real_replace = os.fsync, os.replace
    current = threading.local()

    def fsync(fd: Any) -> None:
        began = time.monotonic()
        real_fsync(fd)
        say(f"s {time.monotonic():.4f} {time.monotonic() - began:.4f}")

    def replace(src: Any, dst: Any, **dirs: Any) -> None:
        real_replace(src, dst, **dirs)
        say(f"r {time.monotonic():.4f} {getattr(current, 'n', -1)}")

    os.fsync, os.replace = fsync, replace  # the child only: game.persist.atomic calls them through os
    real_later, real_content = SaveStore.autosave_later, SaveStore._content

    def autosave_later(self: Any, options: Any, record: Any, summary: Any, match_id: str, done: Any = None) -> None:
        n = len(record.actions)
        say(f"q {time.monotonic():.4f} {n}")

        def told(ok: bool) -> None:
            say(f"d {time.monotonic():.4f} {n} {int(ok)}")
            if done is not None:
                done(ok)

        real_later(self, options, record, summary, match_id, told)

    def content(self: Any, name: str, options: Any, record: Any, *rest: Any, **named: Any) -> bytes:
        current.n = n = len(record.actions)
        say(f"p {time.monotonic():.4f} {n}")
        data: bytes = real_content(self, name, options, record, *rest, **named)
        say(f"m {time.monotonic():.4f} {n} {len(data)}")
        return data

    SaveStore._content = content  # type: ignore[method-assign]
    SaveStore.autosave_later = autosave_later  # type: ignore[method-assign]


class Reader:
    """The child's lines, read on a thread as they come."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self.thread.start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("ready"):
                self.ready.set()
        self.ready.set()

    def writes(self) -> list[tuple[str, float, int]]:
        """The autosave steps the child traced (see :func:`_trace_writes`): (step, time, actions)."""
        out = []
        for line in self.lines:
            parts = line.split()
            if len(parts) >= 3 and parts[0] in ("q", "p", "m", "r", "d"):
                out.append((parts[0], float(parts[1]), int(parts[2])))
            elif len(parts) == 3 and parts[0] == "s":
                out.append(("s", float(parts[1]), round(float(parts[2]) * 1000)))  # milliseconds
        return out

    def writer_thread(self) -> list[tuple[float, int, float, float]]:
        """The writer thread's schedstat lines (see :func:`_trace_writer_thread`): (time, tid,
        ran ms, waited ms)."""
        out = []
        for line in self.lines:
            parts = line.split()
            if len(parts) == 5 and parts[0] == "w":
                out.append((float(parts[1]), int(parts[2]), float(parts[3]), float(parts[4])))
        return out

    def frames(self) -> list[tuple[float, int, str]]:
        out = []
        for line in self.lines:
            parts = line.split()
            if len(parts) == 3 and parts[0][0].isdigit():
                out.append((float(parts[0]), int(parts[1]), parts[2]))
        return out


def spawn_child(folder: Path, *extra: str) -> tuple[subprocess.Popen[str], Reader]:
    proc = subprocess.Popen([sys.executable, "-m", "game", "stress", "child", *extra], env=user_env(folder),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    return proc, Reader(proc)


# --- kill -9 during autosaving ------------------------------------------------------------------------


class CpuSampler:
    """The child's CPU from outside, every 20 ms while it lives (Linux ``/proc``): its CPU time
    (``stat`` utime + stime, exited threads included) and whether any of its threads was
    runnable (state R). A loss then says whether the OS ran the child at all meanwhile: a
    process that got no CPU while it was runnable could not write anything (the machine's
    fault, not the design's). (Not schedstat's wait: the kernel adds a thread's wait for a CPU
    only when it gets one, so a thread starved until the kill never shows it.)"""

    PERIOD: Final = 0.02

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.samples: list[tuple[float, float, bool]] = []  # (monotonic time, CPU s, a thread runnable)
        self._stop = threading.Event()
        self._tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.thread.join(1)

    def _run(self) -> None:
        while not self._stop.is_set():
            sample = self._sample()
            if sample is None:
                return  # gone (or no /proc here)
            self.samples.append(sample)
            self._stop.wait(self.PERIOD)

    def _sample(self) -> tuple[float, float, bool] | None:
        now = time.monotonic()
        try:
            with open(f"/proc/{self.pid}/stat", encoding="ascii") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / self._tick  # utime, stime (fields 14, 15)
            runnable = False
            for tid in os.listdir(f"/proc/{self.pid}/task"):
                with contextlib.suppress(OSError, IndexError), \
                        open(f"/proc/{self.pid}/task/{tid}/stat", encoding="ascii") as handle:
                    runnable = runnable or handle.read().rsplit(")", 1)[1].split()[0] == "R"
        except (OSError, ValueError, IndexError):
            return None
        return now, cpu, runnable


def _no_cpu_stretch(samples: list[tuple[float, float, bool]], start: float, end: float) -> tuple[float, float]:
    """The longest stretch of ``[start, end]`` over which the child's CPU time did not grow, and
    the share of its samples that saw a thread runnable. Counted short: between the samples
    that saw the same CPU time (it grew somewhere after the last of them), clipped to the window."""
    points = [s for s in samples if s[0] < start][-1:] + [s for s in samples if start <= s[0] <= end]
    best, runnable = 0.0, 0.0
    i = 0
    while i < len(points):
        j = i
        while j + 1 < len(points) and points[j + 1][1] <= points[i][1]:
            j += 1
        length = min(points[j][0], end) - max(points[i][0], start)
        if length > best:
            best, runnable = length, sum(p[2] for p in points[i : j + 1]) / (j + 1 - i)
        i = j + 1
    return round(best, 3), round(runnable, 2)


NOT_SCHEDULED: Final = "not scheduled: no CPU for the child while it waited runnable"
DESIGN: Final = "the game's own (the child was run)"


def loss_class(samples: list[tuple[float, float, bool]], played: float, killed_at: float) -> tuple[str, dict[str, float]]:
    """Why the oldest action not on disk was still not there a second after it was played:
    :data:`NOT_SCHEDULED` when a stretch with no CPU for the child explains it (take the
    stretch away and the action had its second) and a thread of it was runnable in at least
    half of the stretch's samples (not asleep, not blocked on the disk: waiting for the OS to
    run it), else :data:`DESIGN` (the child ran, or slept, and did not save in time: the game's
    fault). Without samples (no ``/proc``) nothing is excused."""
    stretch, runnable = _no_cpu_stretch(samples, played, killed_at)
    inside = [s for s in samples if played <= s[0] <= killed_at]
    figures = {"no_cpu_stretch_s": stretch, "runnable_share_in_it": runnable,
               "child_cpu_s": round(inside[-1][1] - inside[0][1], 3) if len(inside) > 1 else 0.0,
               "window_s": round(killed_at - played, 3)}
    late = killed_at - played - 1.0
    if stretch > 0 and stretch >= late and runnable >= 0.5:
        return NOT_SCHEDULED, figures
    return DESIGN, figures


def _wait_for_play(reader: Reader, proc: subprocess.Popen[str], limit: float) -> bool:
    """Wait until the child applies an action (its count moves, or a new match starts)."""
    began = time.monotonic()
    while time.monotonic() - began < limit and proc.poll() is None:
        seen = {(n, m) for _, n, m in reader.frames()}
        if len(seen) > 1:
            return True
        time.sleep(0.05)
    return False


def _next_action_story(frames: list[tuple[float, int]], writes: list[tuple[str, float, int]], on_disk: int,
                       killed_at: float) -> dict[str, float | None]:
    """Seconds before the kill at which the first action not on disk was played, queued,
    picked up by the writer, renamed over the autosave (None: never), and when the child's
    first frame came: where the second went."""
    def first(times: list[float]) -> float | None:
        return round(killed_at - min(times), 3) if times else None

    story = {"played": first([t for t, n in frames if n > on_disk]),
             "child_first_frame": first([t for t, _ in frames])}
    for step, name in (("q", "queued"), ("p", "picked_up"), ("m", "made"), ("r", "renamed")):
        story[name] = first([t for s, t, n in writes if s == step and n > on_disk])
    return story


def _why_lost(frames: list[tuple[float, int]], writes: list[tuple[str, float, int]], killed_at: float,
              writer: list[tuple[float, int, float, float]] | None = None, on_disk: int = -1) -> str:
    """Where the second went, from the child's trace: the process was not run (no frame in the
    last second), its writer was inside a write (picked up, not done), or the write was queued
    and the writer thread was not run: then ``writer`` (its schedstat lines) says whether it sat
    runnable without a CPU (the machine) or slept through its wake-up (a bug)."""
    if not frames or killed_at - frames[-1][0] > 1.0:
        return "no frame in the last second: the machine did not run the child"
    picked = [t for step, t, _ in writes if step == "p"]
    done = [t for step, t, _ in writes if step == "d"]
    if picked and (not done or max(picked) > max(done)):
        return "the writer was inside a write (making, renaming or fsyncing)"
    queued = [t for step, t, n in writes if step == "q" and n > on_disk]
    after = [w for w in writer or [] if queued and w[0] >= min(queued)]
    if not after:
        return "queued, and the writer thread did not run (no schedstat of it after the queue)"
    tid = after[-1][1]
    mine = [w for w in after if w[1] == tid]
    ran, waited = mine[-1][2] - mine[0][2], mine[-1][3] - mine[0][3]
    span = mine[-1][0] - mine[0][0]
    if waited > ran:
        return (f"queued; over {span:.2f} s the writer thread waited {waited:.0f} ms runnable for a CPU and ran "
                f"{ran:.1f} ms: the machine did not run it")
    return f"queued; over {span:.2f} s the writer thread ran {ran:.1f} ms and waited {waited:.0f} ms: it slept through"



def kill_run(folder: Path, kills: int, speeds: list[str], seed: int) -> dict[str, Any]:
    _point_here(folder)
    from game.persist.replays import ReplayLibrary
    from game.persist.saves import AUTOSAVE, SaveError, SaveStore

    rng = random.Random(seed)
    per: dict[str, dict[str, Any]] = {s: {"kills": 0, "kills_in_play": 0, "corrupt": 0, "lost_beyond_1s": 0, "lost_not_scheduled": 0,
                                           "lost_design": 0, "ages": [], "no_autosave": 0,
                                           "actions_seen": 0, "behind": []} for s in speeds}
    unreadable: list[str] = []
    lost_cases: list[dict[str, Any]] = []
    for i in range(kills):
        if i and i % 25 == 0:  # the counts so far too: a run cut short still says what it found
            so_far = {k: sum(r[k] for r in per.values()) for k in ("corrupt", "lost_beyond_1s", "lost_not_scheduled",
                                                                   "lost_design", "no_autosave")}
            print(f"stress kill: {i}/{kills} {json.dumps(so_far)}", file=sys.stderr, flush=True)
        speed = speeds[i % len(speeds)]
        proc, reader = spawn_child(folder, "--speed", speed, "--length", "one_hand", "--seed", str(seed + i),
                                   "--seconds", "0")
        sampler = CpuSampler(proc.pid)
        if not reader.ready.wait(120):
            proc.kill()
            proc.wait()
            raise SystemExit(f"kill {i}: the child did not start")
        # most kills land while actions are being applied (the ceremony before the first discard
        # takes about 18 s at slow speed: a kill within 2.5 s of the start would never meet play);
        # one in five lands anywhere in the first seconds (start-up, ceremony, Continue)
        in_play = rng.random() < 0.8 and _wait_for_play(reader, proc, 120.0)
        time.sleep(rng.uniform(0.05, 2.5))
        killed_at = time.monotonic()
        proc.kill()
        sampler.stop()
        proc.wait()
        reader.thread.join(5)
        traces = folder / "traces"  # every child's frames and autosave steps, for a closer look
        traces.mkdir(exist_ok=True)
        (traces / f"kill-{i:04d}-{speed}.txt").write_text("\n".join([*reader.lines, f"killed {killed_at:.4f}", ""]))
        row = per[speed]
        row["kills"] += 1
        row["kills_in_play"] += in_play
        store = SaveStore(folder / "data" / "MahjongAtlas" / "saves")
        path = store.path_for(AUTOSAVE)
        frames = reader.frames()
        if not path.exists():
            row["no_autosave"] += 1  # between matches (filed), or killed before the first action
            continue
        try:
            saved = store.load_path(path)
            saved.resume()
        except SaveError as exc:
            row["corrupt"] += 1
            unreadable.append(f"kill {i} ({speed}): {exc.notice.values}")
            path.unlink()
            continue
        on_disk = len(saved.record.actions)
        mine = [(t, n) for t, n, match_id in frames if match_id == saved.match_id]
        second_before = [n for t, n in mine if t <= killed_at - 1.0]
        if second_before and max(second_before) > on_disk:
            row["lost_beyond_1s"] += 1
            # was the child running then? its longest wait between two frames in the 2 s before
            # the kill (a process the machine does not run cannot write its autosave either)
            # (the last frame before that window counts too: a child that drew nothing in the
            # last 2 s has a gap of at least 2 s, not none)
            times = [t for t, _ in mine if t < killed_at - 2.0][-1:] + [t for t, _ in mine if t >= killed_at - 2.0]
            times.append(killed_at)
            stall = max((b - a for a, b in zip(times, times[1:], strict=False)), default=0.0)
            played = min(t for t, n in mine if n > on_disk)
            why, cpu = loss_class(sampler.samples, played, killed_at)
            row["lost_not_scheduled" if why == NOT_SCHEDULED else "lost_design"] += 1
            lost_cases.append({"kill": i, "speed": speed, "class": why, "child_cpu": cpu, "on_disk": on_disk,
                               "played_1s_before": max(second_before),
                               "child_longest_frame_gap_s": round(stall, 3),
                               "why": _why_lost(mine, reader.writes(), killed_at, reader.writer_thread(), on_disk),
                               "next_action": _next_action_story(mine, reader.writes(), on_disk, killed_at),
                               "writes_before_kill": [f"{t - killed_at:+.3f} {step} {n}" for step, t, n in reader.writes()
                                                      if t >= killed_at - 3.0]})
        unsaved = [t for t, n in mine if n > on_disk]
        row["ages"].append(killed_at - unsaved[0] if unsaved else 0.0)
        row["actions_seen"] += len({n for _, n in mine})
        row["behind"].append(max((n for _, n in mine), default=on_disk) - on_disk)

    library = ReplayLibrary(folder / "data" / "MahjongAtlas" / "replays", keep=10**6)
    ids: Counter[str] = Counter()
    records: Counter[tuple[str, ...]] = Counter()
    bad_replays = 0
    for replay in library.paths():
        try:
            loaded = library.load(replay)
        except SaveError:
            bad_replays += 1
            continue
        ids[loaded.match_id] += 1
        records[(loaded.record.profile_hash, str(loaded.record.seed), *loaded.record.actions)] += 1
    set_aside = [p.name for p in (folder / "data").rglob("*") if "-2" in p.name and "." in p.suffix and
                 any(w in p.name for w in (".corrupt-", ".invalid-", ".unplayable-", ".too-big-"))]
    summary: dict[str, Any] = {"kills": kills, "speeds": {}}
    for speed, row in per.items():
        ages = row.pop("ages")
        behind = row.pop("behind")
        row["actions_behind_median"] = statistics.median(behind) if behind else None
        row["actions_behind_max"] = max(behind) if behind else None
        row["age_median_s"] = round(statistics.median(ages), 3) if ages else None
        row["age_max_s"] = round(max(ages), 3) if ages else None
        summary["speeds"][speed] = row
    summary.update(
        corrupt=sum(r["corrupt"] for r in per.values()) + bad_replays,
        lost_beyond_1s=sum(r["lost_beyond_1s"] for r in per.values()),
        # each loss in one class: the OS did not run the child (see loss_class), or the game's own
        lost_not_scheduled=sum(r["lost_not_scheduled"] for r in per.values()),
        lost_design=sum(r["lost_design"] for r in per.values()),
        replays=sum(ids.values()),
        duplicate_replays=sum(n - 1 for n in ids.values() if n > 1) + sum(n - 1 for n in records.values() if n > 1),
        files_set_aside=set_aside,
        unreadable=unreadable[:10],
        lost_cases=lost_cases,
    )
    return summary


# --- two and three games on one folder --------------------------------------------------------------


def instances_run(folder: Path, count: int, stagger: float, seconds: float, seed: int, *,
                  lock: bool = True) -> dict[str, Any]:
    _point_here(folder)
    from game.persist.replays import ReplayLibrary
    from game.persist.saves import AUTOSAVE, SaveError, SaveStore

    store = SaveStore(folder / "data" / "MahjongAtlas" / "saves")
    autosave = store.path_for(AUTOSAVE)
    games: list[tuple[subprocess.Popen[str], Reader]] = []
    written_by: Counter[str] = Counter()  # match ids seen in the autosave
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            with contextlib.suppress(SaveError):
                written_by[store.load_path(autosave).match_id] += 1
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    locking = ["--lock"] if lock else []
    for i in range(count):
        games.append(spawn_child(folder, *locking, "--speed", "instant", "--length", "tonpuu",
                                 "--seed", str(seed + i), "--seconds", str(seconds)))
        games[-1][1].ready.wait(120)
        if i + 1 < count:
            time.sleep(stagger)
    first, first_reader = games[0]
    time.sleep(max(1.0, seconds / 2 - stagger * (count - 1)))
    first.kill()  # the holder dies mid-match: its lock is stale now
    first.wait()
    for proc, _reader in games[1:]:
        proc.wait(timeout=seconds * 4)
    stop.set()
    watcher.join(2)
    first_ids = {m for _, _, m in first_reader.frames()}
    others_ids = {m for _, r in games[1:] for _, _, m in r.frames()}
    second_flags = [any(line.startswith("second") for line in r.lines) for _, r in games]
    last_of_first = first_reader.frames()[-1][2] if first_reader.frames() else ""
    try:
        left_in_autosave = store.load_path(autosave).match_id  # what Continue would bring back now
    except SaveError:
        left_in_autosave = ""
    # a new game on the same folder: the stale lock is taken over and the first's match continues
    successor, successor_reader = spawn_child(folder, *locking, "--speed", "instant", "--length", "tonpuu",
                                              "--seed", str(seed + 99), "--seconds", "3")
    successor.wait(timeout=180)
    successor_ids = [m for _, _, m in successor_reader.frames()]
    library = ReplayLibrary(folder / "data" / "MahjongAtlas" / "replays", keep=10**6)
    filed: Counter[str] = Counter()
    for path in library.paths():
        try:
            filed[library.load(path).match_id] += 1
        except SaveError:
            filed["(unreadable)"] += 1
    finished = [line.split()[1] for _, r in [*games, (successor, successor_reader)] for line in r.lines
                if line.startswith("over ")]
    first_kept = last_of_first == left_in_autosave or last_of_first in filed
    return {
        "games": count,
        "lock": lock,
        "told_second_window": second_flags,
        "autosave_written_by_non_holder": sum(n for m, n in written_by.items() if m in others_ids and m not in first_ids),
        "finished_matches": len(finished),
        "finished_not_filed": sum(1 for m in finished if m not in filed),
        "duplicate_replays": sum(n - 1 for n in filed.values() if n > 1),
        "first_match_kept": first_kept,
        "stale_lock_recovered": not any(line.startswith("second") for line in successor_reader.lines),
        "successor_continued_first_match": bool(successor_ids) and successor_ids[0] == last_of_first,
        "matches_lost": (0 if first_kept else 1) + sum(1 for m in finished if m not in filed),
    }


# --- import doors while frames are timed -------------------------------------------------------------


def _hostile_inputs(folder: Path, big_log: Path) -> dict[str, Path]:
    from game.persist.bounded import IMPORT_CAP

    inputs: dict[str, Path] = {}
    for device in ("/dev/zero", "/dev/urandom"):
        if Path(device).exists():
            inputs[device] = Path(device)
    if hasattr(os, "mkfifo"):
        fifo = folder / "pipe.json"
        if not fifo.exists():
            os.mkfifo(fifo)
        inputs["fifo"] = fifo
    inputs["folder"] = folder
    huge = folder / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(IMPORT_CAP + 1)  # sparse
    inputs["over the cap (sparse)"] = huge
    deep = folder / "deep.json"
    depth = (IMPORT_CAP - 16) // 2
    deep.write_bytes(b"[" * depth + b"]" * depth)
    inputs["8 MB of nesting"] = deep
    junk = folder / "junk.json"
    junk.write_text(json.dumps({"log": [[i % 50] * 20 for i in range(IMPORT_CAP // 80)]})[: IMPORT_CAP - 1])
    inputs["8 MB of numbers"] = junk
    inputs["3000-hand log"] = big_log
    inputs["slow read (60 kB/s)"] = big_log  # the same log, read slowly (see _slowly)
    return inputs


def make_big_log(folder: Path, hands: int = 3000) -> Path:
    """A tenhou.net/6 log of ``hands`` hands stitched from efficiency-bot matches (kept in ``folder``)."""
    from game.ai.baseline import EfficiencyBot
    from game.engine import Match
    from game.engine.logs import to_tenhou6
    from game.engine.profile import load_profile

    path = folder / f"log-{hands}.json"
    if path.exists():
        return path
    profile = load_profile("riichi")
    doc: dict[str, Any] | None = None
    logged: list[Any] = []
    seed = 1
    while len(logged) < hands:
        match = Match(profile, seed)
        bots = [EfficiencyBot(seed, s) for s in range(4)]
        while not match.is_over:
            seat = match.awaiting()[0]
            match.apply(bots[seat].decide(match.observe(seat)))
        data = to_tenhou6(match)
        doc = doc or data
        logged += data["log"]
        seed += 1
    assert doc is not None
    doc["log"] = logged[:hands]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


SLOW_BYTES_PER_S: Final = 60_000


def _slow_chunks() -> None:
    """Make the bounded door of this process read about 60 kB/s."""
    from game.persist import bounded

    real = bounded.read_chunk

    def slow_read(fd: int, n: int) -> bytes:
        data = real(fd, min(n, 16 * 1024))
        time.sleep(len(data) / SLOW_BYTES_PER_S)
        return data

    bounded.read_chunk = slow_read


def _slow_read_in_child(send: Any, path: str, rules: Any, chosen: bool) -> Any:
    """The import's child work, its file read slowly (the import reads in a child process)."""
    from game.ui.replay.log_job import read_in_child

    _slow_chunks()
    return read_in_child(send, path, rules, chosen)


class _slowly:
    """Reads through the bounded door at about 60 kB/s (a dying USB stick, a far network share):
    in the import's child process, where the reading is done."""

    def __enter__(self) -> None:
        from game.persist.jobs import ProcessJob
        from game.ui.replay import import_screen
        from game.ui.replay.log_job import assemble, refused

        self.module = import_screen
        self.real = import_screen.start_import

        def start_slowly(path: Path) -> Any:
            return ProcessJob(_slow_read_in_child, (str(path), None, False), assemble, refused=refused,
                              name="atlas-import").start()

        import_screen.start_import = start_slowly

    def __exit__(self, *exc: object) -> None:
        self.module.start_import = self.real


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _door(path: Path, surface: Any) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]:
    """One input through the import door: frames on the import screen (menus) until it opens
    the viewer, then the viewer's first two seconds (None: nothing opened), then a table playing
    by itself while the same import runs."""
    from game.ui.replay import import_screen
    from game.ui.replay.import_screen import ImportScreen

    screen = ImportScreen((1280, 720), path=str(path))
    opened: list[Any] = []

    def update(dt: float) -> None:
        intent = screen.update(dt)
        if intent is not None:
            opened.append(intent.screen)

    menus = _frames_while(lambda: screen.job is not None, update, screen.draw, surface, start=screen.open)
    viewer = None
    if opened:
        until = time.monotonic() + 2.0
        viewer = _frames_while(lambda: time.monotonic() < until, opened[0].update, opened[0].draw, surface,
                               start=lambda: None)
    table = _table()
    jobs: list[Any] = []
    on_table = _frames_while(lambda: not jobs[0].done, table.update, table.draw, surface,
                             start=lambda: jobs.append(import_screen.start_import(path)))
    return menus, on_table, viewer


def doors_run(folder: Path, big_log: Path | None, only: list[str] | None = None) -> dict[str, Any]:
    _point_here(folder)
    import pygame

    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    log = big_log or make_big_log(folder)
    inputs = {n: p for n, p in _hostile_inputs(folder, log).items() if not only or any(w in n for w in only)}
    results: dict[str, Any] = {"menus": {}, "table": {}, "replay_check": {}, "levels_list": {}}
    # the same frames with no import at all, before and after the doors: what the machine's load
    # alone does to the gaps (a niced run on a busy machine waits for the CPU, import or not)
    results["menus"]["(no import, before)"], results["table"]["(no import, before)"] = _idle(surface)
    for name, path in inputs.items():
        with _slowly() if name.startswith("slow") else _nothing():
            results["menus"][name], results["table"][name], viewer = _door(path, surface)
            if viewer is not None:
                results["menus"][f"{name}: the viewer's first 2 s"] = viewer
        print(f"stress doors: {name}", file=sys.stderr)
    results["menus"]["(no import, after)"], results["table"]["(no import, after)"] = _idle(surface)
    levels = folder / "levels"
    levels.mkdir(exist_ok=True)
    for name, path in inputs.items():
        if name.startswith("slow"):
            continue
        results["replay_check"][name] = _timed_command(["replay-check", str(path), "--max-mb", "8"], folder)
        if name == "folder":
            continue
        target = levels / f"{''.join(ch if ch.isalnum() else '-' for ch in name)}.toml"
        if target.exists() or target.is_symlink():
            target.unlink()
        target.symlink_to(path)
    results["levels_list"]["all inputs as levels"] = _timed_command(["levels", "list", "--dir", str(levels)], folder)
    doors = [r for kind in ("menus", "table") for name, r in results[kind].items() if not name.startswith("(")]
    idle = [r for kind in ("menus", "table") for name, r in results[kind].items() if name.startswith("(")]
    results["max_gap_ms_overall"] = max(r["max_gap_ms"] for r in doors)
    results["max_gap_ms_no_import"] = max(r["max_gap_ms"] for r in idle)
    results["max_cpu_gap_ms_overall"] = max(r["max_cpu_gap_ms"] for r in doors)
    results["max_cpu_gap_ms_no_import"] = max(r["max_cpu_gap_ms"] for r in idle)
    results["max_gap_less_queue_ms_overall"] = max((r["max_gap_less_queue_ms"] or 0.0) for r in doors)
    results["max_gap_less_queue_ms_no_import"] = max((r["max_gap_less_queue_ms"] or 0.0) for r in idle)
    results["process_cpu_s"] = round(time.process_time(), 1)
    return results


def _idle(surface: Any, seconds: float = 6.0) -> tuple[dict[str, Any], dict[str, Any]]:
    from game.ui.replay.import_screen import ImportScreen

    screen = ImportScreen((1280, 720), path="")
    table = _table()
    out = []
    for update, draw in ((screen.update, screen.draw), (table.update, table.draw)):
        until = time.monotonic() + seconds
        out.append(_frames_while(lambda until=until: time.monotonic() < until, update, draw, surface, start=lambda: None))
    return out[0], out[1]


def _table() -> Any:
    from game.ui.table import TableScreen

    return TableScreen((1280, 720), seed=5, autoplay=True, speed=1.0)


def _frames_while(running: Any, update: Any, draw: Any, surface: Any, *, start: Any, limit: float = 300.0) -> dict[str, Any]:
    """Frames at 60 fps from ``start()`` until ``running()`` is false: the gaps between them."""
    import pygame

    clock = pygame.time.Clock()
    began = time.monotonic()
    start()
    last, last_cpu, last_queued = time.monotonic(), time.process_time(), _queued()
    gaps: list[float] = []
    cpu_gaps: list[float] = []
    own_gaps: list[float] = []
    while running() and time.monotonic() - began < limit:
        pygame.event.pump()
        update(1 / 60)
        draw(surface)
        pygame.display.flip()
        clock.tick(60)
        now, cpu, queued = time.monotonic(), time.process_time(), _queued()
        gaps.append(now - last)
        cpu_gaps.append(cpu - last_cpu)
        if queued is not None and last_queued is not None:
            own_gaps.append(now - last - (queued - last_queued))
        last, last_cpu, last_queued = now, cpu, queued
    took = time.monotonic() - began
    return {
        "answered_in_s": round(took, 2),
        "frames": len(gaps),
        "max_gap_ms": round(1000 * max(gaps), 1) if gaps else 0.0,
        "p99_gap_ms": round(1000 * sorted(gaps)[int(0.99 * (len(gaps) - 1))], 1) if gaps else 0.0,
        "median_gap_ms": round(1000 * statistics.median(gaps), 1) if gaps else 0.0,
        "gaps_over_100ms": sum(1 for g in gaps if g > 0.1),
        # the CPU both threads of this process used between two frames (the import thread's
        # CPU while the frame loop waited, for the lock or for a core the machine did not give)
        "max_cpu_gap_ms": round(1000 * max(cpu_gaps), 1) if cpu_gaps else 0.0,
        "p99_cpu_gap_ms": round(1000 * sorted(cpu_gaps)[int(0.99 * (len(cpu_gaps) - 1))], 1) if cpu_gaps else 0.0,
        # the gap less the time the frame loop's thread sat runnable in the machine's queue
        # (Linux schedstat): what is left is its own work, its sleep to the next frame and its
        # waits for the interpreter lock (those include the import thread queued with the lock
        # held, so this is an upper bound of the gap with a core free)
        "max_gap_less_queue_ms": round(1000 * max(own_gaps), 1) if own_gaps else None,
        "p99_gap_less_queue_ms": round(1000 * sorted(own_gaps)[int(0.99 * (len(own_gaps) - 1))], 1) if own_gaps else None,
    }


def _queued() -> float | None:
    """Seconds this thread has waited runnable for a CPU since it started (Linux), or None."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as handle:
            return int(handle.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def _timed_command(argv: list[str], folder: Path) -> dict[str, Any]:
    began = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "game", *argv], env=user_env(folder), capture_output=True,
                              text=True, timeout=300)
        code: int | str = done.returncode
        err = done.stderr.strip().splitlines()[-1:] if done.stderr.strip() else done.stdout.strip().splitlines()[-1:]
    except subprocess.TimeoutExpired:
        code, err = "timeout", []
    return {"seconds": round(time.monotonic() - began, 2), "exit": code, "said": err[0][:160] if err else ""}

