"""Our logs as other tools read them.

convlog (mjai-reviewer's tenhou.net/6 to mjai converter, on PyPI as ``convlog-rs``) converts
every tenhou.net/6 log we export of a seeded set that holds every kind of call and kan, riichi,
tsumo, ron, a double ron and every way a hand can end; what it writes must equal our own mjai
log of the same match, event for event. Two things we write that convlog cannot: the key
``ryukyoku.reason`` (RiichiEnv's name of the draw; a tenhou.net/6 result names it too, convlog
drops it), and the fourth riichi's ``reach_accepted`` before a four-riichi abort (the stick is
down, the scores of the next hand say so; convlog only accepts a riichi at the next take, and
after the fourth there is none). EMA turns a kan's indicator at once (RCR 2016), which a tenhou.net/6 log cannot say:
convlog places it as Tenhou would, so there the indicators are compared as a list.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import pytest
from log_helpers import STACKED, called_match, kinds_in

from game.engine import Match
from game.engine.logs import to_mjai, to_tenhou6
from game.engine.profile import load_profile

convlog = pytest.importorskip("convlog_rs", reason="convlog-rs (PyPI) is not installed: pip install convlog-rs")

RIICHI = load_profile("riichi")
EMA = load_profile("ema")
# seeds whose matches hold, between them, nine kinds, four kans and a double ron (with calls,
# kans of every kind, riichi, tsumo, ron and exhaustive draws in all of them)
SEEDS = (9, 21, 72, 3)
KINDS = {
    "chi", "pon", "daiminkan", "kakan", "ankan", "riichi", "tsumo", "ron", "double_ron", "exhaustive",
    "nagashi", "kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou", "chombo",
}


@cache
def riichi_set() -> tuple[Match, ...]:
    return tuple(called_match(RIICHI, s) for s in SEEDS) + tuple(make(RIICHI) for make in STACKED.values())


def converted(match: Match) -> list[dict[str, Any]]:
    return [json.loads(line) for line in convlog.tenhou_to_mjai(json.dumps(to_tenhou6(match), ensure_ascii=False))]


def ours(match: Match) -> list[dict[str, Any]]:
    """Our mjai log without what convlog cannot know (module docstring)."""
    events = to_mjai(match)
    out: list[dict[str, Any]] = []
    for ev in events:
        reason = ev.pop("reason", None) if ev["type"] == "ryukyoku" else None
        if reason == "suucha_riichi" and out[-1]["type"] == "reach_accepted":
            out.pop()
        out.append(ev)
    return out


def first_difference(theirs: list[dict[str, Any]], mine: list[dict[str, Any]]) -> str:
    for i, (a, b) in enumerate(zip(theirs, mine, strict=False)):
        if a != b:
            return f"event {i}: convlog {a} / ours {b}"
    return f"convlog wrote {len(theirs)} events, we {len(mine)}"


def test_the_seeded_set_holds_every_kind_of_action_and_ending() -> None:
    held = set().union(*(kinds_in(m) for m in riichi_set()))
    assert held >= KINDS, f"missing from the seeded set: {sorted(KINDS - held)}"


def test_convlog_converts_every_riichi_export_into_our_mjai_log() -> None:
    for match in riichi_set():
        theirs, mine = converted(match), ours(match)
        assert theirs == mine, first_difference(theirs, mine)


def test_an_east_only_game_converts_as_one() -> None:
    """convlog reads the length from ``rule.disp`` (東): an East-only game is not a hanchan."""
    tonpuu = dataclasses.replace(RIICHI, game=dataclasses.replace(RIICHI.game, length="tonpuu"))
    match = called_match(tonpuu, 5)
    assert to_tenhou6(match)["rule"]["disp"] == "東喰赤"
    theirs, mine = converted(match), ours(match)
    assert theirs[0]["kyoku_first"] == mine[0]["kyoku_first"] == 4
    assert theirs == mine, first_difference(theirs, mine)
    assert ours(called_match(RIICHI, 3))[0]["kyoku_first"] == 0


def _without_dora(events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    return [e for e in events if e["type"] != "dora"], [e["dora_marker"] for e in events if e["type"] == "dora"]


@pytest.mark.parametrize("seed", [3, 7])
def test_convlog_converts_ema_exports_into_our_mjai_log_but_the_kan_dora_moment(seed: int) -> None:
    match = called_match(EMA, seed)
    theirs, their_dora = _without_dora(converted(match))
    mine, my_dora = _without_dora(ours(match))
    assert theirs == mine, first_difference(theirs, mine)
    assert their_dora == my_dora
    assert mine[0]["aka_flag"] is False
