"""A match started from an imported log (its hand on a wall stacked from the log) is a match like
any other: it plays on from any point of any hand, under the log's rules at their full length, and
it can be saved, resumed, finished, filed as a replay and played on again from there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from log_helpers import called_match
from user_dirs import point_user_dirs

from game.engine import Match
from game.engine.logs import to_tenhou6
from game.engine.profile import load_profile
from game.match_options import match_profile
from game.persist.replays import ReplayLibrary
from game.persist.saves import SaveStore, options_from_table, options_table, record_from_table, record_table
from game.ui.menus.intents import PlayFromHere
from game.ui.replay.sources import log_tape, saved_tape, viewer_for_log
from game.ui.replay.tape import ReplayTape

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return point_user_dirs(tmp_path, monkeypatch)


def _log_file(tmp_path: Path, profile_id: str = "riichi", seed: int = 3, *, aka: bool = True) -> Path:
    data = to_tenhou6(called_match(load_profile(profile_id), seed))
    if not aka:  # a riichi game without red fives, as Tenhou's 赤なし rooms play it
        data["rule"] = {"disp": "南喰", "aka": 0}
        text = json.dumps(data).replace("51,", "15,").replace("52,", "25,").replace("53,", "35,")
        data = json.loads(text.replace("51]", "15]").replace("52]", "25]").replace("53]", "35]"))
    path = tmp_path / f"{profile_id}-{seed}.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _finish(match: Match, limit: int = 20_000) -> None:
    for _ in range(limit):
        if match.is_over:
            return
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[0])


def _same_table(a: Match, b: Match) -> None:
    assert (a.round_wind, a.hand_number, a.honba, a.scores, a.turn, a.phase) == (
        b.round_wind, b.hand_number, b.honba, b.scores, b.turn, b.phase)
    for seat in range(4):
        assert sorted(a.players[seat].hand) == sorted(b.players[seat].hand)
        assert [str(x) for x in a.legal_actions(seat)] == [str(x) for x in b.legal_actions(seat)]


@pytest.mark.parametrize(("profile_id", "aka"), [("riichi", True), ("riichi", False), ("ema", False)])
def test_an_imported_hand_plays_on_from_any_point_saves_and_resumes(tmp_path: Path, profile_id: str, aka: bool) -> None:
    tape: ReplayTape = log_tape(_log_file(tmp_path, profile_id, aka=aka))
    assert tape.options is not None
    assert (tape.options.profile_id, tape.options.red_fives) == (profile_id, aka and profile_id == "riichi")
    full = match_profile(tape.options)
    assert full.game.length == "hanchan" and tape.profile.tiles == full.tiles
    for hand in (0, len(tape.hands) // 2):
        for step in (0, tape.steps_in(hand) // 2):
            match = tape.branch(hand, step, seed=11)
            assert match.profile.hash == full.hash
            _same_table(match, tape.state_at(hand, step))
    # play on across the hand's end into hands the log never had; save, resume, finish
    match = tape.branch(1, tape.steps_in(1) // 2, seed=12)
    for _ in range(300):
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[0])
    assert match.hand_index >= 1 or match.is_over
    store = SaveStore()
    path = store.write("from a log", tape.options, match.record)
    saved = store.load_path(path)
    resumed = saved.resume()
    assert resumed.state_hash() == match.state_hash()
    _finish(resumed)
    assert resumed.is_over
    # filed as a replay, it replays and plays on again
    library = ReplayLibrary()
    filed = library.load(library.add(tape.options, resumed))
    again = saved_tape(filed)
    assert len(again.hands) >= 2  # the log's hand, then hands dealt from the new seed
    _same_table(again.state_at(0, 3), tape.branch(1, 3, seed=12))  # its first hand is the log's
    assert filed.branch(1).hand_index == 1


def test_the_viewer_plays_an_import_on_from_the_shown_point(tmp_path: Path) -> None:
    viewer = viewer_for_log(SIZE, _log_file(tmp_path))
    assert viewer.root.find("play_here").enabled  # type: ignore[union-attr]
    viewer.goto(2, 4)
    intent = viewer.play_from_here()
    assert isinstance(intent, PlayFromHere)
    assert intent.options.profile_id == "riichi" and intent.options.seed == intent.match.seed
    assert intent.options.human_seat == viewer.tape.human
    _same_table(intent.match, viewer.tape.state_at(2, 4))
    assert match_profile(intent.options).hash == intent.match.profile.hash


def test_a_record_keeps_how_its_match_started(tmp_path: Path) -> None:
    """The save's tables keep the first hand's stacked wall, the scores, the round and the first
    dealer (before, only the seed and actions: a match from a log could not be resumed)."""
    tape = log_tape(_log_file(tmp_path))
    match = tape.branch(1, 5, seed=3)
    record = match.record
    assert record.setups and record.position is not None and record.start is not None
    back = record_from_table(json.loads(json.dumps(record_table(record))))
    assert back == record
    options = tape.options
    assert options is not None
    assert options_from_table(options_table(options)) == options

