"""What a frame of the result screens costs: ``python -m game bench render`` reports it beside the
table's deal and play (issue 20: CPU p99 at most 5 ms at 720p and 8 ms at 1080p).

Each ending (a tsumo with ura dora, an exhaustive draw with tenpai hands shown) is timed from the
frame its last action's events reach the table: the reveal, the panel being built (its first
frame), the points counting up and the sticks sliding, then the panel held still; every frame is
``update`` + ``draw`` at a fixed 1/60 s step, CPU time and wall time, as the table's bench does.
"""

from __future__ import annotations

import statistics

from game.ui.table.bench import frame_surface, percentile, timed_frames

from .preview import find_endings, table_before

ENDINGS = ("tsumo_ura", "exhaustive")


def bench_results(frames: int = 240, size: tuple[int, int] = (1280, 720)) -> dict[str, float]:
    """Median and p99 milliseconds (wall and CPU) of result-screen frames at ``size``, over
    ``frames`` frames of each ending in :data:`ENDINGS`."""
    wall: list[float] = []
    cpu: list[float] = []
    shown = 0
    with frame_surface(size) as surface:
        for ending in find_endings("riichi", ENDINGS).values():
            match = ending.match()
            table = table_before(size, match)
            table.draw(surface)
            match.apply(ending.action)
            ms, cpu_ms = timed_frames(table, surface, frames)
            wall += ms
            cpu += cpu_ms
            shown += table.presenter.result is not None
    return {
        "result_median_ms": statistics.median(wall),
        "result_p99_ms": percentile(wall, 0.99),
        "result_cpu_median_ms": statistics.median(cpu),
        "result_cpu_p99_ms": percentile(cpu, 0.99),
        "result_panels_shown": float(shown),
    }
