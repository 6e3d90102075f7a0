"""The frame-time bench runs and reports what issue 5 asks for (the figures go in the notes)."""

from __future__ import annotations

from table_helpers import display

from game.ui.table.bench import bench_table


def test_bench_table_times_the_deal_and_play() -> None:
    display()
    figures = bench_table(frames=20)
    for phase in ("deal", "play"):
        for stat in ("median", "p99"):
            assert figures[f"{phase}_{stat}_ms"] > 0
            assert figures[f"{phase}_cpu_{stat}_ms"] >= 0
        assert figures[f"{phase}_median_ms"] <= figures[f"{phase}_p99_ms"]
