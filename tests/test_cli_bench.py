"""`python -m game bench engine` runs and reports every rulebook's speed (figures, not judged)."""

from __future__ import annotations

import pytest

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


def test_the_peer_comparison_runs_each_loop_and_names_what_it_skipped() -> None:
    """`bench engine --vs PYTHON` with this interpreter as the peers' (it has RiichiEnv, a test
    dependency, and not jansou or mjx): our loops and RiichiEnv's give rates and a ratio, and
    each peer that does not import is named with the reason, not a traceback."""
    import importlib.util
    import sys

    from game.cli.bench_peers import CONTESTANTS, bench_vs

    figures = bench_vs(sys.executable, "riichi", 1, 1, 1)
    skipped = figures["skipped"]
    assert isinstance(skipped, dict)
    for c in CONTESTANTS:
        importable = c.peer == "atlas" or importlib.util.find_spec(c.peer) is not None
        rate = figures.get(f"hanchan_per_cpu_s_{c.name}")
        if importable:
            assert isinstance(rate, float) and rate > 0, (c.name, skipped.get(c.name))
        else:
            assert rate is None and "does not import" in skipped[c.name]
    if importlib.util.find_spec("riichienv") is not None:
        ratio = figures["ratio_atlas_random_over_riichienv_random"]
        assert isinstance(ratio, float) and ratio > 0


def test_the_peer_comparison_refuses_a_missing_interpreter_in_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from game.cli import bench

    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    assert bench.run(parser.parse_args(["engine", "--vs", "/no/such/python"])) == 2
    err = capsys.readouterr().err
    assert "no such interpreter" in err and "Traceback" not in err


def test_the_memory_bench_measures_a_table_and_hard_seats_in_their_own_processes() -> None:
    """`bench memory`: a real table's peak RSS over its hands and four hard seats' RSS hanchan by
    hanchan, each from a fresh process (figures, not judgements: the issue's limits are read by a
    person from a long run)."""
    from game.cli.bench_memory import bench_memory

    figures = bench_memory(hands=1, games=2, seed=1, profile_id="riichi")
    assert figures["table_hands"] == 1.0 and figures["table_frames"] > 0 and figures["table_matches"] == 1.0
    assert "table_growth_per_hand_last_half_mb" in figures
    assert figures["table_peak_rss_mb"] >= figures["table_rss_after_setup_mb"] > 0
    assert figures["seats_hanchan"] == 2.0
    assert figures["seats_rss_end_mb"] > 0 and figures["seats_peak_rss_mb"] >= figures["seats_rss_first_mb"] * 0.9


def test_the_ai_bench_reports_hard_hanchan_per_cpu_second() -> None:
    from game.cli.bench import bench_ai

    figures = bench_ai("riichi", 2, 1, hard_games=2)
    assert figures["hard_hanchan_per_cpu_s"] > 0 and figures["hard_decision_ms_p99"] > 0
    # the rate says how many hanchan it read, on seeds the decision timing (seeds 1000-1001) did not play
    assert figures["hard_hanchan_games"] == 2.0 and figures["hard_hanchan_first_seed"] == 1500.0
    assert figures["hard_hanchan_per_cpu_s_slowest_part"] <= figures["hard_hanchan_per_cpu_s"]
    assert figures["hard_hanchan_per_cpu_s"] <= figures["hard_hanchan_per_cpu_s_fastest_part"]
