"""``python -m game bench memory``: what the game holds in memory, and whether it keeps growing.

Two figures, each from a fresh process so one cannot inflate the other:

* **table**: the peak resident set (RSS) of a real table (the table screen drawn every frame on
  the dummy video driver at 1280x720, four AI seats at hard, the human's seat played by the AI),
  over a few hands; sampled every frame, and the process's own high-water mark.
* **seats**: four hard seats playing hanchan after hanchan with no screen (what a long session
  of simulations or a night of soak keeps): the RSS after each hanchan, with its growth over the
  first and the second half. Caches that are bounded fill in the first hanchan and then stay;
  growth in the second half is a leak.

RSS is read from ``/proc/self/statm`` (Linux); elsewhere only the high-water mark
(``resource.getrusage``) is known, and where neither is (Windows) the figures are 0.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

MB = 1024.0 * 1024.0


def rss_mb() -> float:
    """The resident set now, in MB (0 where the system does not say)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / MB
    except (OSError, ValueError, IndexError, AttributeError):
        return peak_mb()


def peak_mb() -> float:
    """The process's high-water resident set, in MB (0 where the system does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / MB if sys.platform == "darwin" else peak / 1024.0  # bytes on macOS, kB elsewhere


def table_figures(hands: int, seed: int) -> dict[str, float]:
    """A real table's memory over ``hands`` hands (run in this process: call it in a fresh one).

    A match that ends first is followed by the next (seed + 1, a new table screen, as a player
    starting another match would), so a long run shows whether the table levels off. The RSS as
    each hand starts is kept: the growth per hand over the second half of the hands is the leak
    figure (bounded caches fill in the first hands and then stay)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.table.bench import DT, frame_surface
    from game.ui.table.screen import TableScreen

    started = rss_mb()
    peak = started
    frames = 0
    played = 0
    at_hand: list[float] = []
    c0 = time.process_time()
    with frame_surface((1280, 720)) as surface:
        screen = TableScreen((1280, 720), seed=seed, level="hard", autoplay=True, speed=4.0)
        after_start = rss_mb()
        matches = 1
        while frames < 2_000_000 and played < hands:
            if screen.match.is_over:
                del screen
                screen = TableScreen((1280, 720), seed=seed + matches, level="hard", autoplay=True, speed=4.0)
                matches += 1
            before = screen.match.hand_index
            screen.update(DT)
            screen.draw(surface)
            frames += 1
            if frames % 10 == 0:
                peak = max(peak, rss_mb())
            if screen.match.hand_index != before or screen.match.is_over:
                played += 1
                at_hand.append(rss_mb())
    half = len(at_hand) // 2
    late = (at_hand[-1] - at_hand[half - 1]) / (len(at_hand) - half) if half else 0.0
    return {
        "table_peak_rss_mb": max(peak, peak_mb()),
        "table_rss_at_import_mb": started,
        "table_rss_after_setup_mb": after_start,
        "table_rss_end_mb": rss_mb(),
        "table_hands": float(played),
        "table_matches": float(matches),
        "table_growth_per_hand_last_half_mb": late,
        "table_frames": float(frames),
        "table_cpu_s": time.process_time() - c0,
    }


def seats_figures(games: int, seed: int, profile_id: str) -> dict[str, float]:
    """Four hard seats over ``games`` hanchan, RSS after each (run in a fresh process)."""
    from game.ai.levels import make_seat
    from game.engine import Match
    from game.engine.profile import load_profile

    profile = load_profile(profile_id)
    samples: list[float] = []
    c0 = time.process_time()
    for g in range(games):
        s = seed * 1000 + g
        match = Match(profile, s)
        seats = [make_seat("hard", s, seat, profile) for seat in range(4)]
        while not match.is_over and match.hand_index < 40:
            seat = match.awaiting()[0]
            match.apply(seats[seat].decide(match.observe(seat)))
        samples.append(rss_mb())
        if g % 10 == 9:
            print(f"memory: {g + 1}/{games} hanchan, RSS {samples[-1]:.1f} MB", file=sys.stderr, flush=True)
    half = len(samples) // 2
    return {
        "seats_hanchan": float(games),
        "seats_rss_first_mb": samples[0],
        "seats_rss_half_mb": samples[half - 1] if half else samples[0],
        "seats_rss_end_mb": samples[-1],
        "seats_rss_max_mb": max(samples),
        "seats_growth_first_half_mb": (samples[half - 1] - samples[0]) if half else 0.0,
        "seats_growth_last_half_mb": samples[-1] - (samples[half - 1] if half else samples[0]),
        "seats_peak_rss_mb": peak_mb(),
        "seats_cpu_s": time.process_time() - c0,
    }


def bench_memory(hands: int, games: int, seed: int, profile_id: str) -> dict[str, float]:
    """Both figures, each measured in a child process of this Python."""
    out: dict[str, float] = {}
    for part, args in (("table", [str(hands), str(seed)]), ("seats", [str(games), str(seed), profile_id])):
        done = subprocess.run(
            [sys.executable, "-m", "game.cli.bench_memory", part, *args],
            stdout=subprocess.PIPE, text=True, check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"bench memory: the {part} run failed (exit {done.returncode})")
        out.update(json.loads(done.stdout.strip().splitlines()[-1]))
    return out


def _child(argv: list[str]) -> int:
    if argv[0] == "table":
        figures = table_figures(int(argv[1]), int(argv[2]))
    else:
        figures = seats_figures(int(argv[1]), int(argv[2]), argv[3])
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(_child(sys.argv[1:]))
