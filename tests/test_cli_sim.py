"""``python -m game sim``: a short tournament per profile runs and prints the promised JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.cli.sim import schedule, simulate
from game.cli.sim_compare import compare
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


def test_ranks_give_every_match_and_agree_with_the_tallies(tmp_path: Path) -> None:
    profile = load_profile_file(_one_hand(tmp_path, "riichi"))
    names = ["hard", "normal", "easy", "normal"]
    out = simulate(profile, 3, 40, names, rotate=True, ranks=True)
    matches = out["matches"]
    assert [(m["seed"], m["seats"]) for m in matches] == [(s, n) for s, n in schedule(3, 40, names, rotate=True)]
    for m in matches:
        assert sorted(m["ranks"]) == [1, 2, 3, 4]
        order = sorted(range(4), key=lambda s: m["ranks"][s])
        assert [m["points"][s] for s in order] == sorted(m["points"], reverse=True)
    for name, figures in out["levels"].items():
        ranks = [m["ranks"][s] for m in matches for s in range(4) if m["seats"][s] == name]
        assert len(ranks) == figures["games"]
        assert sum(ranks) / len(ranks) == pytest.approx(figures["avg_rank"], abs=1e-4)
    assert "matches" not in simulate(profile, 1, 40, names)  # only when asked


def test_per_seat_stats_add_up(tmp_path: Path) -> None:
    """Deal-ins are the ron wins; tenpai at the draw and fold rates are shares; a seat that never
    saw a riichi declared by another seat has no fold rate."""
    profile = load_profile_file(_one_hand(tmp_path, "riichi"))
    out = simulate(profile, 6, 50, ["hard", "normal", "easy", "random"], rotate=True)
    levels = out["levels"]
    assert sum(round(f["deal_in_rate"] * f["hands"]) for f in levels.values()) == out["wins"]["ron"]
    for f in levels.values():
        assert 0 <= f["tenpai_at_draw"] <= 1 and 0 <= f["fold_rate"] <= 1
        if f["deal_in_rate"] > 0:
            assert f["avg_deal_in_points"] >= 1000
    riichi_by_others = sum(f["riichi_rate"] for name, f in levels.items() if name != "random")
    if riichi_by_others > 0:  # random discards at random: after a riichi it breaks its shape nearly always
        assert levels["random"]["fold_rate"] >= 0.5


def _run(seeds: dict[int, list[int]], name: str = "hard") -> dict[str, object]:
    """A stand-in for sim --ranks: per seed, the ranks of ``name`` in its four rotated matches."""
    matches = []
    for seed, ranks in seeds.items():
        for r, rank in enumerate(ranks):
            seats = ["normal"] * 4
            seats[r] = name
            others = iter(x for x in (1, 2, 3, 4) if x != rank)
            row = [rank if s == r else next(others) for s in range(4)]
            matches.append({"seed": seed, "seats": seats, "ranks": row, "points": [10.0 * (2.5 - x) for x in row]})
    return {"seats": [name, "normal", "normal", "normal"], "matches": matches}


def test_compare_pairs_seed_by_seed() -> None:
    a = _run({1: [1, 2, 3, 4], 2: [4, 4, 4, 4], 3: [2, 2, 2, 2]})
    b = _run({1: [1, 1, 3, 3], 2: [3, 4, 4, 4], 3: [2, 2, 1, 2], 9: [1, 1, 1, 1]}, name="hard~x")
    got = compare(a, b, "hard", "hard~x")
    rank = got["rank"]
    assert rank["seeds"] == 3  # seed 9 is in one run only
    assert rank["a"] == pytest.approx((2.5 + 4 + 2) / 3, abs=1e-4)
    diffs = [-0.5, -0.25, -0.25]
    assert rank["diff"] == pytest.approx(sum(diffs) / 3, abs=1e-4)
    mean = sum(diffs) / 3
    sd = (sum((d - mean) ** 2 for d in diffs) / 2) ** 0.5
    assert rank["ci95"] == pytest.approx(1.96 * sd / 3**0.5, abs=1e-4)
    assert got["points"]["diff"] == pytest.approx(-10 * rank["diff"], abs=1e-3)
    same = compare(a, a)["rank"]
    assert same["diff"] == 0 and same["ci95"] == 0


def test_compare_refuses_runs_without_matches_or_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError, match="sim --ranks"):
        compare({"seats": ["hard"]}, _run({1: [1, 2, 3, 4]}))
    with pytest.raises(ValueError, match="no seat is named"):
        compare(_run({1: [1, 2, 3, 4]}), _run({1: [1, 2, 3, 4]}), "easy")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_run({1: [1, 2, 3, 4], 2: [2, 2, 2, 2]})), encoding="utf-8")
    b.write_text(json.dumps(_run({1: [2, 2, 3, 4], 2: [2, 2, 2, 3]})), encoding="utf-8")
    assert main(["sim-compare", str(a), str(b)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rank"]["diff"] == pytest.approx(0.25) and out["name_b"] == "hard"
    assert main(["sim-compare", str(a), str(b), "--name", "easy"]) == 2
    assert "no seat is named" in capsys.readouterr().err
