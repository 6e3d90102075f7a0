"""The frame-time bench and the demo run and report what issue 5 asks for (figures in the notes)."""

from __future__ import annotations

from pathlib import Path

from table_helpers import display

from game.ui.table.bench import bench_table
from game.ui.table.demo import run_demo


def test_bench_table_times_the_deal_and_play() -> None:
    display()
    figures = bench_table(frames=20)
    for phase in ("deal", "play"):
        for stat in ("median", "p99"):
            assert figures[f"{phase}_{stat}_ms"] > 0
            assert figures[f"{phase}_cpu_{stat}_ms"] >= 0
        assert figures[f"{phase}_median_ms"] <= figures[f"{phase}_p99_ms"]


def test_the_demo_writes_frames(tmp_path: Path) -> None:
    display()
    written = run_demo("taiwanese", 3, seconds=2.0, screenshots=tmp_path, every=40)
    assert [p.name for p in written] == ["frame_00000.png", "frame_00040.png", "frame_00080.png"]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in written)
