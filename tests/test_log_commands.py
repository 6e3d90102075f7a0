"""Logs from the command line: ``sim --logs DIR`` writes one log per match, ``export`` writes one
from a save or a replay; each replays exactly through ``replay-check``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from user_dirs import point_user_dirs

from game.cli import main
from game.engine import Match
from game.engine.logs import read_log
from game.match_options import MatchOptions, match_profile
from game.persist.replays import Placings, ReplayLibrary
from game.persist.saves import SaveStore


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return point_user_dirs(tmp_path, monkeypatch)


def _one_hand(tmp_path: Path, parent: str) -> Path:
    path = tmp_path / f"{parent}-short.toml"
    path.write_text(
        f'[profile]\nid = "{parent}_short"\nname = "short"\ndescription = "one hand"\nextends = "{parent}"\n'
        '[game]\nlength = "tonpuu"\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(("parent", "fmt"), [("riichi", "tenhou6"), ("riichi", "mjai"), ("ema", "tenhou6")])
def test_sim_writes_one_log_per_match_that_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str], parent: str,
                                                   fmt: str) -> None:
    folder = tmp_path / "logs"
    args = ["sim", "--profile", str(_one_hand(tmp_path, parent)), "--games", "2", "--rotate", "--quiet",
            "--jobs", "1", "--seats", "hard,normal,easy,efficiency", "--logs", str(folder), "--log-format", fmt]
    assert main(args) == 0
    capsys.readouterr()
    files = sorted(folder.iterdir())
    suffix = ".tenhou6.json" if fmt == "tenhou6" else ".mjson"
    assert [f.name for f in files] == [f"{i:05d}-seed{i // 4}{suffix}" for i in range(8)]
    second = read_log(files[1].read_text(encoding="utf-8"))
    assert sorted(second.names) == sorted(["hard", "normal", "easy", "efficiency"])
    assert second.length == "tonpuu" and second.aka is (parent == "riichi")
    assert main(["replay-check", "--rules", parent, *map(str, files)]) == 0
    assert capsys.readouterr().out.count("ok ") == 8


def test_sim_refuses_logs_of_rules_no_format_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--profile", "taiwanese", "--games", "1", "--logs", str(tmp_path / "x"), "--quiet"]) == 2
    assert "taiwanese" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def _finished(seed: int) -> tuple[MatchOptions, Match]:
    options = MatchOptions("riichi", length="one_hand", seed=seed, human_seat=2)
    match = Match(match_profile(options), seed)
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[0])
    return options, match


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_export_a_replay_and_a_save(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    options, match = _finished(4)
    replay = ReplayLibrary().add(options, match)
    save = SaveStore().write("mine", options, match.record)
    for source in (replay, save):
        assert main(["export", str(source), "--format", fmt]) == 0
        written = Path(capsys.readouterr().out.strip())
        assert written.parent == source.parent and written.name.endswith(".mjson" if fmt == "mjai" else ".tenhou6.json")
        logged = read_log(written.read_text(encoding="utf-8"))
        assert len(logged.hands) == match.hand_index
        first = match.first_dealer
        assert logged.names[(2 - first) % 4] == "You"  # the human's seat, named as the table names it
        assert "Seat" not in " ".join(logged.names)
        assert main(["replay-check", str(written)]) == 0
        capsys.readouterr()


def test_export_to_stdout_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    options, match = _finished(5)
    replay = ReplayLibrary().add(options, match)
    assert main(["export", str(replay), "-o", "-"]) == 0
    assert "log" in json.loads(capsys.readouterr().out)
    assert main(["export", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    tw = MatchOptions("taiwanese", length="one_round", seed=1)
    tw_path = ReplayLibrary().add_record(tw, Match(match_profile(tw), 1).record, Placings((1, 2, 3, 4), (0,) * 4, (0,) * 4), 0)
    assert main(["export", str(tw_path)]) == 2
    assert "taiwanese" in capsys.readouterr().err.lower()
