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


def test_the_engine_bench_ends_where_random_seats_never_win() -> None:
    """Hong Kong's 3-fan minimum: four random seats never win and a draw keeps the deal, so their
    match never ends; the bench stops it at MATCH_HAND_CAP hands and says so."""
    figures = bench_engine("hongkong", 1, 200, 1)
    assert figures["hanchan_per_s_random"] > 0 and figures["random_matches_capped"] == 1.0
