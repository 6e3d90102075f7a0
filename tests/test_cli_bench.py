"""`python -m game bench engine` runs and reports every rulebook's speed (figures, not judged)."""

from __future__ import annotations

from game.cli.bench import bench_engine


def test_the_engine_bench_reports_each_rulebook() -> None:
    figures = bench_engine("riichi", 1, 200, 1)
    for key in ("shanten_us_median", "apply_us_median", "observe_us_median", "hanchan_per_s_random",
                "hanchan_per_s_efficiency", "hanchan_per_s_efficiency_ema", "hands_per_s_random_ema",
                "hanchan_per_s_efficiency_taiwanese", "hands_per_s_random_taiwanese",
                "hanchan_per_s_efficiency_hongkong", "hands_per_s_random_hongkong"):
        assert figures[key] > 0, key
