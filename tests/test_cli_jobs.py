"""``--jobs``: sim and soak split their matches over processes and print the figures of one job."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.cli.parallel import run_ordered
from game.cli.sim import simulate
from game.cli.soak import soak
from game.engine.profile import load_profile, load_profile_file

TIMINGS = {"seconds", "hands_per_s", "hanchan_per_s", "cpu_seconds", "matches_per_second", "actions_per_second"}


def _untimed(figures: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in figures.items() if k not in TIMINGS}
    if "levels" in out:
        out["levels"] = {
            name: {k: v for k, v in tally.items() if not k.startswith("decision_ms")}
            for name, tally in out["levels"].items()
        }
    return out


def _short(tmp_path: Path) -> Path:
    path = tmp_path / "short.toml"
    path.write_text(
        '[profile]\nid = "riichi_short"\nname = "short"\ndescription = "one hand"\nextends = "riichi"\n'
        '[game]\nlength = "one_hand"\n',
        encoding="utf-8",
    )
    return path


def _square(n: int) -> int:
    return n * n


def test_results_come_back_in_plan_order() -> None:
    tasks = list(range(12))
    assert list(run_ordered(_square, tasks, 3)) == [n * n for n in tasks]
    assert list(run_ordered(_square, tasks, 1)) == [n * n for n in tasks]


def test_sim_figures_do_not_depend_on_jobs(tmp_path: Path) -> None:
    profile = load_profile_file(_short(tmp_path))
    seats = ["hard", "normal", "easy", "efficiency"]
    one = simulate(profile, 2, 5, seats, rotate=True, jobs=1)
    two = simulate(profile, 2, 5, seats, rotate=True, jobs=2)
    assert one["games"] == 8
    assert _untimed(one) == _untimed(two)


def test_soak_figures_do_not_depend_on_jobs() -> None:
    profile = load_profile("riichi")
    one = soak(profile, 4, 30, max_hands=2, jobs=1)
    two = soak(profile, 4, 30, max_hands=2, jobs=2)
    assert one["games"] == 4 and one["actions"] > 0
    assert _untimed(one) == _untimed(two)


def test_cli_takes_jobs_and_reports_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--profile", str(_short(tmp_path)), "--games", "1", "--seats", "hard,normal,normal,normal"]
    assert main([*args, "--rotate", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 4
    assert "4/4 matches" in captured.err and "ETA" in captured.err


@pytest.mark.parametrize("bad", ["0", "two"])
def test_bad_jobs_are_refused(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--jobs", bad])
    assert "--jobs" in capsys.readouterr().err
