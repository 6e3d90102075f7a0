"""``replay-check``: ok for logs the engine wrote, a named divergence for an altered one, and one
error line with exit 2 for a file that is not a log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.engine import Match
from game.engine.logs import mjai_dumps, to_mjai, to_tenhou6
from game.engine.profile import load_profile

SEED = 5


def _first_choice_match() -> Match:
    """An East round where every seat takes its first legal action (wins, then lowest discard)."""
    profile = load_profile("riichi")
    match = Match(profile, SEED)
    for _ in range(4000):
        if match.is_over or match.hand_index >= 4:
            break
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[0])
    return match


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    match = _first_choice_match()
    root = tmp_path_factory.mktemp("logs")
    t6 = root / "match.json"
    t6.write_text(json.dumps(to_tenhou6(match), ensure_ascii=False), encoding="utf-8")
    mj = root / "match.mjson"
    mj.write_text(mjai_dumps(to_mjai(match)), encoding="utf-8")
    data = to_tenhou6(match)
    first = data["log"][0]
    result = first[16]
    if len(result) > 1 and isinstance(result[1], list):
        result[1] = [d + (100 if i == 0 else -100 if i == 1 else 0) for i, d in enumerate(result[1])]
    else:  # an abortive first hand: claim a draw with payments instead
        first[16] = ["流局", [1500, -1500, 1500, -1500]]
    bad = root / "altered.json"
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    junk = root / "junk.json"
    junk.write_text('{"log": [[1, 2, 3]]}', encoding="utf-8")
    return {"t6": t6, "mjai": mj, "altered": bad, "junk": junk}


def test_both_formats_are_ok(logs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay-check", str(logs["t6"]), str(logs["mjai"])]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in out] == [f"ok {logs['t6']}", f"ok {logs['mjai']}"]


def test_altered_deltas_diverge(logs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay-check", str(logs["altered"])]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{logs['altered']}: hand 1 (E1-0): first divergence: result:")
    assert len(out.splitlines()) == 1


def test_malformed_and_missing_files_exit_2(logs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    missing = logs["t6"].parent / "missing.json"
    assert main(["replay-check", str(logs["junk"]), str(missing), str(logs["t6"])]) == 2
    captured = capsys.readouterr()
    errors = captured.err.splitlines()
    assert len(errors) == 2 and all(line.startswith("error: ") for line in errors)
    assert "17 entries" in errors[0]
    assert captured.out.startswith(f"ok {logs['t6']}")
