"""tenhou.net/6 results in Tenhou's own words: its yaku names, ``(役満)`` for a yakuman, and a
score text that says what each seat pays (``300-500点``, ``1000点∀``), checked against the
payments the engine made."""

from __future__ import annotations

import re
from functools import cache

import pytest
from log_helpers import called_match
from mahjong.hand_calculating.yaku_config import YakuConfig

from game.engine import Match
from game.engine.events import HandStarted, Win
from game.engine.logs import to_tenhou6
from game.engine.logs.capture import score_text
from game.engine.profile import load_profile
from game.engine.rows import DORA_ROWS
from game.engine.scoring import library_options, yaku_id
from game.engine.yaku_names import TENHOU_ID, TENHOU_YAKU, TENHOU_YAKUMAN, tenhou_yaku

RIICHI = load_profile("riichi")
# Library yaku no shipped profile can score: the engine never sets their options or flags
# (open riichi, nagashi counted as a yaku, the local yakuman), checked below.
NEVER_REPORTED = {"open_riichi", "double_open_riichi", "nagashi_mangan", "daisharin", "daichisei", "sashikomi",
                  "paarenchan"}
LIBRARY_YAKU = {yaku_id(str(y.name)) for y in vars(YakuConfig()).values()}  # as the engine reports them


def test_every_yaku_the_engine_reports_has_tenhous_name() -> None:
    reported = LIBRARY_YAKU - NEVER_REPORTED
    assert reported <= set(TENHOU_ID), f"no Tenhou number for {sorted(reported - set(TENHOU_ID))}"
    assert sorted(set(TENHOU_ID.values())) == list(range(55))  # every Tenhou yaku is reachable
    for name in reported:
        written = tenhou_yaku(name, 1)
        yaku, value = re.fullmatch(r"(.+)\((役満|1飜)\)", written).groups()  # type: ignore[union-attr]
        assert yaku == TENHOU_YAKU[TENHOU_ID[name]]
        assert (value == "役満") == (TENHOU_ID[name] in TENHOU_YAKUMAN)


def test_the_yaku_the_engine_never_scores_stay_off() -> None:
    for profile_id in ("riichi", "ema"):
        options = library_options(load_profile(profile_id))
        assert not (options.has_daisharin or options.has_daichisei or options.has_sashikomi_yakuman)


@pytest.mark.parametrize(
    ("name", "han", "written"),
    [
        ("yakuhai_haku", 1, "役牌 白(1飜)"),
        ("yakuhai_hatsu", 1, "役牌 發(1飜)"),
        ("yakuhai_chun", 1, "役牌 中(1飜)"),
        ("yakuhai_seat_wind_south", 1, "自風 南(1飜)"),
        ("double_riichi", 2, "両立直(2飜)"),
        ("kokushi_musou_juusanmen_matchi", 26, "国士無双１３面(役満)"),
        ("suu_ankou", 13, "四暗刻(役満)"),
        ("chinitsu", 5, "清一色(5飜)"),
        ("aka_dora", 2, "赤ドラ(2飜)"),
    ],
)
def test_tenhou_spellings(name: str, han: int, written: str) -> None:
    assert tenhou_yaku(name, han) == written


@cache
def wins() -> list[tuple[Win, HandStarted]]:
    out = []
    for seed in range(6):
        match = called_match(RIICHI, seed)
        start: HandStarted | None = None
        for ev in match.events:
            if isinstance(ev, HandStarted):
                start = ev
            elif isinstance(ev, Win):
                assert start is not None
                out.append((ev, start))
    return out


_TEXT = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)")
_LIMIT = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}


def test_score_texts_say_what_each_seat_paid() -> None:
    """Parsed as Tenhou's grammar (mjlog2json's ``parse_exact_ranked_score``), each text agrees
    with the win: its rank, and the hand's payments, which the deltas carry with the honba."""
    kinds = set()
    for win, start in wins():
        text = score_text(win, start.dealer)
        m = _TEXT.fullmatch(text)
        assert m, text
        fu, han, limit, first, second, each = m.groups()
        if "yakuman" in win.limit:
            assert limit == "役満"
        elif win.limit:
            assert limit == _LIMIT[win.limit]
        else:
            assert (int(fu), int(han)) == (win.fu, win.value)
        honba = 100 * start.honba
        paid = {s: -d for s, d in enumerate(win.deltas) if s != win.winner and d}
        if win.discarder is not None:
            kinds.add("ron")
            assert second is None and not each and int(first) == win.points
        elif win.winner == start.dealer:
            kinds.add("dealer tsumo")
            assert second is None and each == "∀"
            assert win.pao is not None or set(paid.values()) == {int(first) + honba}
        else:
            kinds.add("tsumo")
            assert second is not None and not each
            if win.pao is None:
                assert paid[start.dealer] == int(second) + honba
                assert {d for s, d in paid.items() if s != start.dealer} == {int(first) + honba}
    assert kinds == {"ron", "tsumo", "dealer tsumo"}


def test_exported_results_use_only_tenhous_yaku() -> None:
    written = re.compile(r"(.+)\((役満|\d+飜)\)")
    for seed in range(3):
        for hand in to_tenhou6(called_match(RIICHI, seed))["log"]:
            result = hand[16]
            if result[0] != "和了":
                continue
            for detail in result[2::2]:
                assert _TEXT.fullmatch(detail[3]), detail[3]
                names = [written.fullmatch(y) for y in detail[4:]]
                assert all(names) and detail[4:], detail
                ids = [TENHOU_YAKU.index(n.group(1)) for n in names if n]
                assert ids == sorted(ids)  # Tenhou's order, the dora last
                assert not any(n.group(2) == "0飜" for n in names if n)


def test_dora_without_han_are_not_listed() -> None:
    match: Match = called_match(RIICHI, 1)
    text = str(to_tenhou6(match)["log"])
    assert "(0飜)" not in text
    assert all(name in TENHOU_ID for name in DORA_ROWS)
