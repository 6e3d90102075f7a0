"""External bots at the table: the mjai protocol from a seat's chair, refusals, and no orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import mjai_python

from game.ai.external import BotProcess, ExternalSeat, Notice, speaks_mjai
from game.ai.levels import make_seat
from game.ai.mjai_protocol import MjaiView, action_from_reply, mjai_tile
from game.cli import main
from game.engine import Match
from game.engine.actions import ActionKind
from game.engine.events import Discarded
from game.engine.profile import RuleProfile, load_profile, load_profile_file

BOTS = Path(__file__).parent / "mjai_bots"
TSUMOGIRI = [sys.executable, str(BOTS / "tsumogiri.py")]
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SERVER = SHARED / "tools" / "mjai_bot_server.py"


def _short(tmp_path: Path, hands: str = "one_hand") -> RuleProfile:
    path = tmp_path / "short.toml"
    path.write_text(
        '[profile]\nid = "riichi_short"\nname = "short"\ndescription = "short"\nextends = "riichi"\n'
        f'[game]\nlength = "{hands}"\n',
        encoding="utf-8",
    )
    return load_profile_file(path)


def _play(profile: RuleProfile, seed: int, externals: dict[int, ExternalSeat]) -> Match:
    """A match with the given external seats and hard everywhere else, fed as the table feeds it."""
    match = Match(profile, seed)
    seats = [externals.get(s) or make_seat("hard", seed, s, profile) for s in range(4)]
    try:
        for x in externals.values():
            x.see(match.events)
        while not match.is_over:
            seat = match.awaiting()[0]
            events = match.apply(seats[seat].decide(match.observe(seat)))
            for x in externals.values():
                x.see(events)
    finally:
        for x in externals.values():
            x.close()
    return match


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    # a zombie still answers kill(0): ask /proc where it exists
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z"


# --- the event stream -----------------------------------------------------------------------------


def test_each_seat_sees_its_own_tiles_only() -> None:
    profile = load_profile("riichi")
    match = Match(profile, 11)
    seats = [make_seat("hard", 11, s, profile) for s in range(4)]
    while not match.is_over and match.hand_index < 3:
        seat = match.awaiting()[0]
        match.apply(seats[seat].decide(match.observe(seat)))
    for seat in range(4):
        view = MjaiView(seat)
        stream = view.feed(match.events)
        assert stream[0] == {"type": "start_game", "id": (seat - match.first_dealer) % 4, "names": ["", "", "", ""]}
        kyoku = [e for e in stream if e["type"] == "start_kyoku"]
        assert len(kyoku) >= 3
        for e in kyoku:
            for mjai_seat, tehai in enumerate(e["tehais"]):
                assert len(tehai) == 13
                assert (mjai_seat == view.me) == ("?" not in tehai)
            assert e["dora_marker"] != "?"
        for i, e in enumerate(stream):
            if e["type"] == "tsumo":
                assert (e["pai"] == "?") == (e["actor"] != view.me)
            if e["type"] == "start_kyoku":
                assert stream[i + 1] == {"type": "tsumo", "actor": e["oya"], "pai": stream[i + 1]["pai"]}
            if e["type"] == "dahai":
                assert e["pai"] != "?"


def test_tiles_are_written_as_mjai_writes_them() -> None:
    assert [mjai_tile(t) for t in (0, 16, 17, 52, 88, 108, 124, 132)] == ["1m", "5mr", "5m", "5pr", "5sr", "E", "P", "C"]


def test_a_reply_is_only_ever_one_of_the_legal_actions() -> None:
    profile = load_profile("riichi")
    match = Match(profile, 3)
    obs = match.observe(match.awaiting()[0])
    drawn = mjai_tile(obs.drawn) if obs.drawn is not None else ""
    me = 0
    ok = action_from_reply({"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}, obs, me, reach_declared=False)
    assert ok.action is not None and ok.action.kind is ActionKind.DISCARD and ok.action.tile == obs.drawn
    for bad in ({"type": "pon", "consumed": ["1m", "1m"]}, {"type": "none"}, {"type": "dahai"}, {"type": "fly"}, [1], "x"):
        with pytest.raises(Exception) as exc:
            action_from_reply(bad, obs, me, reach_declared=False)
        assert getattr(exc.value, "key", "") in ("illegal", "malformed")


# --- playing with a program ---------------------------------------------------------------------


def test_a_tsumogiri_program_plays_its_seats(tmp_path: Path) -> None:
    profile = _short(tmp_path, "tonpuu")
    externals = {s: ExternalSeat(TSUMOGIRI, 5, s, profile) for s in (1, 2, 3)}
    match = _play(profile, 5, externals)
    assert match.is_over
    for x in externals.values():
        assert x.refusals == 0 and x.notices == [] and x.decisions > 20
    ext_discards = [e for e in match.events if isinstance(e, Discarded) and e.seat in externals]
    assert ext_discards and all(e.tsumogiri for e in ext_discards)


@pytest.mark.parametrize(
    ("mode", "key"), [("garbage", "malformed"), ("illegal", "illegal"), ("sleep", "late"), ("exit", "exited")]
)
def test_a_failing_program_hands_the_seat_to_hard(tmp_path: Path, mode: str, key: str) -> None:
    profile = _short(tmp_path, "tonpuu")
    seat = ExternalSeat([*TSUMOGIRI, mode, "1.5"], 8, 2, profile, time_limit=0.5)
    match = _play(profile, 8, {2: seat})
    assert match.is_over  # the match is never lost
    assert seat.notices == [Notice(2, key, seat.notices[0].detail)]  # told once, whatever the count
    hands = match.hand_index
    if key == "exited":
        assert seat.refusals == 1  # the rest of the match is hard's
    else:
        assert 1 <= seat.refusals <= hands  # at most once a hand: hard plays the rest of it
    # hard played the hands it stood in: some of seat 2's discards are not tsumogiri
    own = [e for e in match.events if isinstance(e, Discarded) and e.seat == 2]
    assert any(not e.tsumogiri for e in own)


def test_a_late_answer_is_dropped_and_the_program_plays_on(tmp_path: Path) -> None:
    profile = _short(tmp_path, "tonpuu")
    seat = ExternalSeat([*TSUMOGIRI, "sleep", "0.6"], 8, 2, profile, time_limit=0.3)
    _play(profile, 8, {2: seat})
    assert seat.notices[0].key == "late"
    assert seat.decisions > seat.refusals  # later requests were answered in time


def test_a_program_that_cannot_start_is_refused_plainly(tmp_path: Path) -> None:
    seat = ExternalSeat(["/nonexistent/bot"], 1, 0, _short(tmp_path))
    match = _play(_short(tmp_path), 1, {0: seat})
    assert match.is_over
    assert [n.key for n in seat.notices] == ["start"]


def test_mjai_seats_play_riichi_only() -> None:
    assert speaks_mjai(load_profile("riichi"))
    for other in ("ema", "taiwanese"):
        seat = ExternalSeat(TSUMOGIRI, 1, 0, load_profile(other))
        assert not speaks_mjai(load_profile(other))
        assert seat.process is None and [n.key for n in seat.notices] == ["profile"]


# --- no orphans -----------------------------------------------------------------------------------


def test_closing_ends_the_program_and_what_it_started(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    proc = BotProcess([*TSUMOGIRI, "spawn", str(pids)])
    deadline = time.monotonic() + 20
    while not pids.exists() or not pids.read_text().strip():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    bot, child = (int(x) for x in pids.read_text().split())
    proc.close()
    time.sleep(0.2)
    assert _gone(bot) and _gone(child)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_the_program_ends_when_the_game_is_killed(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    code = (
        "import sys, time; from game.ai.external import BotProcess; "
        f"BotProcess({[*TSUMOGIRI, 'spawn', str(pids)]!r}); time.sleep(60)"
    )
    game = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 20
    while not pids.exists() or not pids.read_text().strip():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    bot, _child = (int(x) for x in pids.read_text().split())
    game.send_signal(signal.SIGKILL)  # no atexit, no cleanup: a crash
    game.wait()
    deadline = time.monotonic() + 10
    while not _gone(bot):
        assert time.monotonic() < deadline, "the bot outlived the game"
        time.sleep(0.05)


# --- the sim command ------------------------------------------------------------------------------


def test_sim_plays_mjai_seats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.toml"
    _short(tmp_path)
    command = " ".join(f'"{a}"' for a in TSUMOGIRI)
    args = ["sim", "--profile", str(path), "--games", "1", "--rotate", "--seats", "hard,mjai,mjai,mjai", "--quiet"]
    assert main([*args, "--mjai-command", command, "--jobs", "2"]) == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["levels"]["mjai"]["games"] == 12 and out["levels"]["mjai"]["refusals"] == 0
    assert out["levels"]["mjai"]["win_rate"] == 0  # a tsumogiri bot never wins


def test_sim_refuses_mjai_seats_without_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--seats", "hard,mjai,mjai,mjai", "--games", "1"]) == 2
    assert "--mjai-command" in capsys.readouterr().err


# --- a third-party bot (optional) -------------------------------------------------------------------


def test_rulebase_bot_accepts_every_event_of_a_match(tmp_path: Path) -> None:
    python = mjai_python()
    if python is None or not SERVER.exists():
        pytest.skip(
            "the mjai package's RulebaseBot needs its own venv (../shared/tools/README.md: "
            "/tmp/mjai-venv, or MJAI_PYTHON) and ../shared/tools/mjai_bot_server.py"
        )
    profile = load_profile("riichi")
    externals = {s: ExternalSeat([str(python), str(SERVER), "rulebase"], 21, s, profile) for s in (0, 1, 3)}
    match = _play(profile, 21, externals)
    assert match.is_over
    for x in externals.values():
        assert x.errors == []  # its own rules engine (libriichi) rejected none of our events
        assert all(n.key == "illegal" for n in x.notices)  # at most its known kuikae habit
        assert x.refusals <= 2
