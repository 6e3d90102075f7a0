"""Game logs: tenhou.net/6 and mjai written from bot matches replay exactly; the notation follows
Tenhou's (as mjai-reviewer's convlog reads it); malformed logs raise only the documented errors."""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache

import pytest
from engine_helpers import play, stacked_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from log_helpers import STACKED, WAITS, called_match

from game.ai.baseline import EfficiencyBot, RandomBot
from game.engine import Match
from game.engine.errors import NotationError, RecordError
from game.engine.events import MatchEnded, Win
from game.engine.logs import from_tenhou6, mjai_dumps, read_log, replay_match, to_mjai, to_tenhou6
from game.engine.logs.mjai import write_mjai
from game.engine.logs.model import Step, parse_mjai_tile, parse_tenhou_code, tenhou_code
from game.engine.logs.tenhou6 import call_string, parse_call
from game.engine.profile import RuleProfile, load_profile

PROFILE = load_profile("riichi")
SEEDS = (3, 11)


@cache
def bot_match(seed: int) -> Match:
    """A hanchan between two efficiency bots and two random bots."""
    match = Match(PROFILE, seed)
    bots = [EfficiencyBot(seed, s) if s % 2 == 0 else RandomBot(seed, s) for s in range(4)]
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    return match


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_exported_match_replays_exactly(seed: int, fmt: str) -> None:
    match = bot_match(seed)
    text = json.dumps(to_tenhou6(match)) if fmt == "tenhou6" else mjai_dumps(to_mjai(match))
    reports = replay_match(read_log(text), PROFILE)
    hands = sum(1 for e in match.events if type(e).__name__ == "HandEnded")
    assert len(reports) == hands
    assert [r.divergence for r in reports if not r.ok] == []


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_a_match_without_red_fives_logs_plain_fives_and_replays(fmt: str) -> None:
    """EMA plays copies 16/52/88 as plain fives: its log writes them plain (no 51-53 codes, no
    "5mr"), says aka 0, and replays exactly under the EMA rules; a red code in such a log (old
    exports wrote them) reads as a plain five."""
    ema = load_profile("ema")
    match = Match(ema, 7)
    bots = [EfficiencyBot(7, s) for s in range(4)]
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    if fmt == "tenhou6":
        data = to_tenhou6(match)
        text = json.dumps(data)
        assert data["rule"]["aka"] == 0
        assert not any(f" {code}," in text.replace("[", " ").replace("]", ",") for code in (51, 52, 53))
        old_style = json.loads(text.replace("15,", "51,", 1))  # a five written red, as old exports did
        assert [r.divergence for r in replay_match(from_tenhou6(old_style), ema) if not r.ok] == []
    else:
        text = mjai_dumps(to_mjai(match))
        assert '5mr"' not in text and '5pr"' not in text and '5sr"' not in text
    reports = replay_match(read_log(text), ema)
    assert reports and [r.divergence for r in reports if not r.ok] == []


def test_tenhou6_shape_and_seats() -> None:
    match = bot_match(SEEDS[0])
    data = to_tenhou6(match)
    assert set(data) == {"title", "name", "rule", "log", "sc"}
    assert data["rule"]["aka"] == 1
    assert data["rule"]["disp"] == "南喰赤"  # a hanchan with open tanyao and red fives, as Tenhou names it
    end = next(e for e in match.events if isinstance(e, MatchEnded))
    order = [(match.first_dealer + i) % 4 for i in range(4)]
    assert data["sc"][0::2] == [end.scores[s] for s in order]
    assert data["sc"][1::2] == pytest.approx([end.final_points[s] for s in order], abs=0.05)
    first = data["log"][0]
    assert len(first) == 17
    assert first[0] == [0, 0, 0]  # East 1, no honba, no sticks
    assert first[1] == [25000] * 4
    # seat 0 of the log is the first dealer: he alone has 14 tiles after his first take
    assert len(first[4]) == 13 and isinstance(first[5][0], int)
    dealer_14th = first[5][0]
    assert dealer_14th in range(11, 54)
    wins = [e for e in match.events if isinstance(e, Win)]
    w = wins[0]
    hand_with_win = next(h for h in data["log"] if h[16][0] == "和了")
    who, frm = hand_with_win[16][2][:2]
    assert who == (w.winner - match.first_dealer) % 4
    assert frm == (w.winner if w.discarder is None else w.discarder) - match.first_dealer & 3


def test_mjai_events_frame_each_hand() -> None:
    events = to_mjai(bot_match(SEEDS[0]))
    assert events[0]["type"] == "start_game" and events[-1]["type"] == "end_game"
    starts = [e for e in events if e["type"] == "start_kyoku"]
    ends = [e for e in events if e["type"] == "end_kyoku"]
    assert len(starts) == len(ends) > 0
    assert starts[0]["oya"] == 0 and starts[0]["bakaze"] == "E" and starts[0]["kyoku"] == 1
    assert all(len(t) == 13 for t in starts[0]["tehais"])
    for e in events:
        if e["type"] == "dahai":
            assert isinstance(e["tsumogiri"], bool)
            parse_mjai_tile(e["pai"])


# --- notation -------------------------------------------------------------------------------------


def test_tile_codes_cover_every_face() -> None:
    faces = [(k, False) for k in range(34)] + [(4, True), (13, True), (22, True)]
    codes = [tenhou_code(f) for f in faces]
    assert codes[:9] == list(range(11, 20)) and codes[27:34] == list(range(41, 48))
    assert codes[34:] == [51, 52, 53]
    assert [parse_tenhou_code(c) for c in codes] == faces
    for bad in (0, 10, 20, 48, 50, 54, 60, -1, True, "11"):
        with pytest.raises(RecordError):
            parse_tenhou_code(bad)


# Examples from Equim-chan/mjai-reviewer convlog (how tenhou.net/6 logs read): seat 0 calls.
@pytest.mark.parametrize(
    ("text", "kind", "called", "target"),
    [
        ("c275226", "chi", 27, 3),
        ("p252525", "pon", 25, 3),
        ("12p1212", "pon", 12, 2),
        ("3737p37", "pon", 37, 1),
        ("m39393939", "daiminkan", 39, 3),
        ("26m262626", "daiminkan", 26, 2),
        ("131313m13", "daiminkan", 13, 1),
        ("k16161616", "kakan", 16, 3),
        ("41k414141", "kakan", 41, 2),
        ("4646k4646", "kakan", 46, 1),
        ("424242a42", "ankan", None, None),
    ],
)
def test_call_strings_read_and_write_back(text: str, kind: str, called: int | None, target: int | None) -> None:
    step = parse_call(text, 0)
    assert step.kind == kind
    assert (tenhou_code(step.tile) if step.tile else None) == called
    if kind != "kakan":
        assert step.target == target
    digits = "".join(c for c in text if c.isdigit())
    written = sorted(parse_tenhou_code(int(digits[i : i + 2])) for i in range(0, len(digits), 2))
    assert sorted(step.consumed + ((step.tile,) if step.tile else ())) == written
    if kind != "kakan":
        assert call_string(step) == text
    else:
        assert call_string(Step("kakan", 0, step.tile, step.consumed, target)) == text


def test_red_five_chi_keeps_its_tiles() -> None:
    step = parse_call("c275226", 2)
    assert step.target == 1 and step.tile == (15, False)
    assert sorted(step.consumed) == [(13, True), (14, False)]


def test_hand_written_kyuushu_hand() -> None:
    """A dealer abort on the first draw, written by hand: the dealer's 14th tile is his first take."""
    hand = [
        [0, 0, 0],
        [25000] * 4,
        [18],
        [],
        [11, 19, 21, 29, 31, 39, 41, 42, 43, 12, 13, 14, 22],
        [44],
        [],
        [12, 12, 15, 51, 19, 19, 22, 22, 23, 24, 33, 36, 36],
        [],
        [],
        [11, 11, 14, 17, 22, 35, 35, 35, 36, 37, 16, 16, 47],
        [],
        [],
        [13, 13, 25, 27, 28, 31, 36, 38, 38, 23, 24, 45, 46],
        [],
        [],
        ["九種九牌"],
    ]
    logged = from_tenhou6({"name": ["a", "b", "c", "d"], "rule": {"aka": 1}, "log": [hand]})
    [report] = replay_match(logged, PROFILE)
    assert report.ok, report.divergence
    hand[16] = ["流局", [0, 0, 0, 0]]
    [report] = replay_match(from_tenhou6({"rule": {"aka": 1}, "log": [hand]}), PROFILE)
    assert not report.ok and "result" not in (report.divergence or "")  # the engine waits for a discard


def test_changed_deltas_are_a_divergence() -> None:
    data = to_tenhou6(bot_match(SEEDS[0]))
    k, hand = next((k, h) for k, h in enumerate(data["log"]) if h[16][0] == "和了")
    hand[16][1] = [d + 100 * (i == 0) - 100 * (i == 1) for i, d in enumerate(hand[16][1])]
    reports = replay_match(from_tenhou6(data), PROFILE)
    assert [r.index for r in reports if not r.ok] == [k + 1]
    assert "deltas" in (reports[k].divergence or "")


# --- malformed logs -------------------------------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.sampled_from(["", "r60", "p121212", "和了", "x"]),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=8,
)


def _mutate(value: object, rng: random.Random, replacement: object) -> object:
    """Replace one randomly chosen node of a JSON tree (lists and dicts) by ``replacement``."""
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        if rng.random() < 0.15:
            return value[:i] + value[i + 1 :]
        return value[:i] + [_mutate(value[i], rng, replacement)] + value[i + 1 :]
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value))
        return {**value, key: _mutate(value[key], rng, replacement)}
    return replacement


def _check_quietly(text: str) -> None:
    with contextlib.suppress(RecordError, NotationError):
        replay_match(read_log(text), PROFILE)


@cache
def _small_logs() -> tuple[dict[str, object], list[dict[str, object]]]:
    match = bot_match(SEEDS[0])
    t6 = to_tenhou6(match)
    t6["log"] = t6["log"][:3]
    mj = to_mjai(match)
    cut = [i for i, e in enumerate(mj) if e["type"] == "end_kyoku"][2]
    return t6, mj[: cut + 1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), replacement=_JSON)
def test_mutated_tenhou6_raises_only_record_errors(seed: int, replacement: object) -> None:
    t6, _ = _small_logs()
    _check_quietly(json.dumps(_mutate(t6, random.Random(seed), replacement)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), replacement=_JSON)
def test_mutated_mjai_raises_only_record_errors(seed: int, replacement: object) -> None:
    _, mj = _small_logs()
    mutated = _mutate(mj, random.Random(seed), replacement)
    lines = mutated if isinstance(mutated, list) else [mutated]
    _check_quietly("".join(json.dumps(e) + "\n" for e in lines))


@settings(max_examples=40, deadline=None)
@given(cut=st.floats(0, 1), fmt=st.sampled_from(["tenhou6", "mjai"]))
def test_truncated_logs_raise_only_record_errors(cut: float, fmt: str) -> None:
    t6, mj = _small_logs()
    text = json.dumps(t6) if fmt == "tenhou6" else mjai_dumps(mj)
    _check_quietly(text[: int(len(text) * cut)])


@given(text=st.text(max_size=60))
@settings(max_examples=60, deadline=None)
def test_arbitrary_text_raises_only_record_errors(text: str) -> None:
    _check_quietly(text)


def test_a_tenhou6_export_reads_back_into_the_same_mjai_log() -> None:
    """Reading a tenhou.net/6 log rebuilds what the format leaves implicit, in the order the match
    made it: riichi accepted at the next take, each kan's indicator when it turns (a closed kan's
    at once, an open or added kan's at the next discard or kan)."""
    matches = [called_match(PROFILE, seed) for seed in (9, 21)] + [make(PROFILE) for make in STACKED.values()]
    for match in matches:
        direct = to_mjai(match)
        assert write_mjai(from_tenhou6(json.loads(json.dumps(to_tenhou6(match))))) == direct


@pytest.mark.parametrize("profile_id", ["riichi", "ema"])
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_a_chombo_is_written_with_its_payments_and_replays(profile_id: str, fmt: str) -> None:
    """Neither format holds a false declaration: the hand is written with its payments
    (``["チョンボ", deltas]``, an mjai ryukyoku with reason chombo) and replayed with the offender
    at a strict table declaring where the log ends."""
    from log_helpers import chombo

    profile = load_profile(profile_id)
    match = chombo(profile)
    data = to_tenhou6(match)
    assert data["log"][0][16][0] == "チョンボ"
    # Tenhou's rules pay a reverse mangan at once; EMA takes 20,000 after the uma (no hand payments)
    assert data["log"][0][16][1:] == ([[4000, -8000, 2000, 2000]] if profile_id == "riichi" else [])
    text = json.dumps(data) if fmt == "tenhou6" else mjai_dumps(to_mjai(match))
    reports = replay_match(read_log(text), profile)
    assert reports and [r.divergence for r in reports if not r.ok] == []
    altered = json.loads(json.dumps(data))
    if profile_id == "riichi":
        altered["log"][0][16][1] = [2000, -8000, 4000, 2000]
        assert replay_match(from_tenhou6(altered), profile)[0].kind == "result"


def riichi_three_rons(profile: RuleProfile) -> Match:
    """Three seats ron the tile the dealer declares riichi with (the stitched 3,000-hand log of
    ``stress doors`` held one on a fourth riichi: the replay counted the stick, suucha riichi)."""
    m = stacked_match(profile.id, {0: "3p111m999m111s999s1z", **WAITS}, profile=profile)
    play(m, "0:riichi 3p", "3:ron", "2:ron", "1:ron")
    return m


ENDINGS = {**STACKED, "sanchahou on a riichi": riichi_three_rons}


@pytest.mark.parametrize("ending", sorted(ENDINGS))
@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_every_ending_replays_from_either_format(ending: str, fmt: str) -> None:
    """Each way a hand ends, written by our exporters, replays to the same ending: the formats
    write some endings without the declarations (a triple ron is only its abortive draw)."""
    match = ENDINGS[ending](PROFILE)
    ended = [type(e).__name__ for e in match.events if type(e).__name__ in ("AbortiveDraw", "Win", "ExhaustiveDraw", "Penalty")]
    assert ended, f"{ending}: the stacked hand did not end"
    text = json.dumps(to_tenhou6(match)) if fmt == "tenhou6" else mjai_dumps(to_mjai(match))
    assert [r.divergence for r in replay_match(read_log(text), PROFILE) if not r.ok] == []
