"""``python -m game sim``: a short tournament per profile runs and prints the promised JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.cli.sim import schedule, simulate
from game.engine.profile import load_profile_file

LEVEL_KEYS = {
    "avg_rank", "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_win_points",
    "decision_ms_median", "decision_ms_p99",
}


def _one_hand(tmp_path: Path, parent: str) -> Path:
    """A profile that ends the match after one hand, so a CI tournament stays short."""
    path = tmp_path / f"{parent}-short.toml"
    path.write_text(
        f'[profile]\nid = "{parent}_short"\nname = "short"\ndescription = "one hand"\nextends = "{parent}"\n'
        '[game]\nlength = "one_hand"\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("parent", ["riichi", "ema", "taiwanese"])
def test_short_tournament_has_every_field(tmp_path: Path, parent: str) -> None:
    profile = load_profile_file(_one_hand(tmp_path, parent))
    out = simulate(profile, 2, 7, ["hard", "normal", "easy", "efficiency"])
    assert out["games"] == 2
    assert out["hands"] >= 2
    assert set(out["wins"]) == {"tsumo", "ron"}
    assert "exhaustive" in out["draws"]
    assert set(profile.draws.abortive) <= set(out["draws"])
    wins = out["wins"]["tsumo"] + out["wins"]["ron"]
    assert wins + sum(out["draws"].values()) >= out["hands"]
    assert [s["seat"] for s in out["per_seat"]] == [0, 1, 2, 3]
    assert out["hands_per_s"] > 0 and out["hanchan_per_s"] > 0
    assert set(out["levels"]) == {"hard", "normal", "easy", "efficiency"}
    for figures in out["levels"].values():
        assert set(figures) >= LEVEL_KEYS
        assert 1 <= figures["avg_rank"] <= 4
        for rate in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate"):
            assert 0 <= figures[rate] <= 1


def test_cli_prints_one_json_object_and_is_deterministic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _one_hand(tmp_path, "riichi")
    runs = []
    for _ in range(2):
        args = ["sim", "--profile", str(path), "--games", "1", "--seed", "3", "--seats", "hard,normal,normal,normal", "--rotate"]
        assert main(args) == 0
        captured = capsys.readouterr()
        out = json.loads(captured.out)
        assert "sim:" in captured.err  # the progress line
        runs.append(out)
    assert runs[0]["games"] == 4  # one seed, four seatings
    assert runs[0]["levels"]["hard"]["games"] == 4  # hard sat in every seat once
    assert runs[0]["levels"]["normal"]["games"] == 12
    stable = ("hands", "wins", "draws", "per_seat")
    assert [runs[0][k] for k in stable] == [runs[1][k] for k in stable]


def test_rotation_puts_every_name_in_every_seat() -> None:
    plan = schedule(2, 10, ["hard", "normal", "easy", "random"], rotate=True)
    assert [seed for seed, _ in plan] == [10, 10, 10, 10, 11, 11, 11, 11]
    for seat in range(4):
        assert {names[seat] for _, names in plan[:4]} == {"hard", "normal", "easy", "random"}


def test_bad_seats_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["sim", "--seats", "hard,normal"])
    assert exc.value.code == 2
    assert "four comma-separated seats" in capsys.readouterr().err
