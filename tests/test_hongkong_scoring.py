"""Hong Kong Old Style hand values (番), hands worked by hand from the rule texts.

Each case cites the rule it checks; the fan were added up from the table in
``profiles/hongkong.toml`` (W-HKSR's rows with RA-HK's values) and the payments worked from the
payment rule, never read back from the engine: a hand of f fan is worth u = 2^f (base 1, doubling,
limit 13); a self-draw is paid 2u by each of the three others; a discard win 2u by the discarder
and u by each other (半銃, W-HKSR's standard modifiers). Flowers never count toward the 3-fan
minimum (W-MJ §Scoring). Seats: dealer 0 (East), winner 1 (South), discarder 2 (West) unless
said; the round is East. Flowers: 1f-4f the seasons 春夏秋冬 (East..North), 5f-8f the flowers.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_taiwanese_scoring import win

from game.engine import load_profile
from game.engine.hongkong import hand_points, score_hongkong
from game.engine.profile import RuleProfile
from game.engine.rows import HONG_KONG_FAN, Unit
from game.engine.values import WinRequest

HK = load_profile("hongkong")
PLAIN = "123m456p789s234s99p"  # four chows and a pair, won on the 2s of 234s (two-sided 3-4s)


def knobs(**fan: Any) -> RuleProfile:
    return dataclasses.replace(HK, fan=dataclasses.replace(HK.fan, **fan))


def ron(u: int, winner: int = 1, discarder: int = 2) -> tuple[int, ...]:
    """半銃: the discarder 2u, each other u."""
    out = [0, 0, 0, 0]
    for s in range(4):
        if s != winner:
            out[s] = -2 * u if s == discarder else -u
    out[winner] = -sum(out)
    return tuple(out)


def tsumo(u: int, winner: int = 1) -> tuple[int, ...]:
    out = [-2 * u] * 4
    out[winner] = 6 * u
    return tuple(out)


# (the rule checked, the win, the profile, its rows {row: fan} or None for no win, the fan, the deltas)
CASES: list[tuple[str, WinRequest, RuleProfile, dict[str, int] | None, int, tuple[int, ...]]] = [
    ("W-MJ §Scoring, S-FAQ17: common hand 1 + concealed 1 (+ no flowers 1, not counted) is below 3",
     win(PLAIN, "2s"), HK, None, 0, ()),
    ("W-HKSR §Winning condition faan: self-draw adds 1: 3 fan, and no flowers 1",
     win(PLAIN, "2s", discarder=None), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1, "no_flowers": 1}, 4, tsumo(16)),
    ("W-MJ §Scoring: a seat flower does not count toward the minimum",
     win(PLAIN, "2s", flowers="2f"), HK, None, 0, ()),
    ("W-HKSR §Flower faan: South's own season 夏 is 1 fan",
     win(PLAIN, "2s", discarder=None, flowers="2f"), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1, "seat_flower": 1}, 4, tsumo(16)),
    ("W-HKSR §Flower faan: another seat's flower is worth nothing (and there is no no-flowers fan)",
     win(PLAIN, "2s", discarder=None, flowers="3f"), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1}, 3, tsumo(8)),
    ("W-HKSR §Flower faan: all four seasons are a set, 2 fan, besides the seat's own",
     win(PLAIN, "2s", discarder=None, flowers="1f2f3f4f"), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1, "seat_flower": 1, "flower_set": 2}, 6, tsumo(64)),
    ("W-HKSR §Flower faan: all eight: two seat flowers and two sets",
     win(PLAIN, "2s", discarder=None, flowers="1f2f3f4f5f6f7f8f"), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1, "seat_flower": 2, "flower_set": 4}, 9, tsumo(512)),
    ("W-HKSR §Flower faan: West's own season 秋 and the set, West winning",
     win(PLAIN, "2s", winner=2, discarder=None, flowers="1f2f3f4f"), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1, "seat_flower": 1, "flower_set": 2}, 6, tsumo(64, 2)),
    ("W-HKSR §Hand faan: all in triplets 3, open (no concealed hand)",
     win("111m999p55s", "5s", "pon:777s", "pon:222p"), HK,
     {"all_in_triplets": 3, "no_flowers": 1}, 4, ron(16)),
    ("W-HKSR §Hand faan: mixed one suit 3; the East pung is the round wind",
     win("456m789m111z55m", "5m", "chi:123m"), HK,
     {"mixed_one_suit": 3, "round_wind": 1, "no_flowers": 1}, 5, ron(32)),
    ("W-HKSR §Hand faan: all one suit 7 with the common hand",
     win("123m345m567m789m99m", "9m"), HK,
     {"all_one_suit": 7, "common_hand": 1, "concealed_hand": 1, "no_flowers": 1}, 10, ron(1024)),
    ("W-HKSR §Hand faan: all one suit, open, with a pung",
     win("345m678m999m55m", "5m", "chi:123m"), HK, {"all_one_suit": 7, "no_flowers": 1}, 8, ron(256)),
    ("W-HKSR §Hand faan, §Wind and dragon faan: small dragons 5 and its two dragon pungs",
     win("555z666z77z123m456p", "7z"), HK,
     {"small_dragons": 5, "dragon_pung": 2, "concealed_hand": 1, "no_flowers": 1}, 9, ron(512)),
    ("RA-HK precedence: great dragons 8 replaces the dragon pungs",
     win("555z666z777z123m99p", "9p"), HK,
     {"great_dragons": 8, "concealed_hand": 1, "no_flowers": 1}, 10, ron(1024)),
    ("W-HKSR §Hand faan: small winds 6, with the seat (S) and round (E) winds and mixed one suit: 13",
     win("111z222z333z44z123m", "4z"), HK,
     {"small_winds": 6, "seat_wind": 1, "round_wind": 1, "mixed_one_suit": 3, "concealed_hand": 1, "no_flowers": 1},
     13, ron(8192)),
    ("W-HKSR §Counting faan: great winds (winds and a 9m pair: mixed orphans too) is a limit hand: 13",
     win("111z222z333z444z99m", "9m"), HK,
     {"great_winds": 13, "four_concealed_pungs": 8, "mixed_one_suit": 3, "mixed_orphans": 4, "concealed_hand": 1,
      "no_flowers": 1},
     13, ron(8192)),
    ("W-HKSR §Hand faan: all honours 10; it replaces the winds, triplets and mixed one suit (RA-HK)",
     win("111z222z555z666z77z", "7z"), HK,
     {"all_honours": 10, "four_concealed_pungs": 8, "small_dragons": 5, "dragon_pung": 2, "concealed_hand": 1,
      "no_flowers": 1}, 13, ron(8192)),
    ("W-HKSR §Hand faan: mixed orphans 4 with all in triplets 3, open",
     win("111m999p111z11s", "1s", "pon:999s"), HK,
     {"mixed_orphans": 4, "all_in_triplets": 3, "round_wind": 1, "no_flowers": 1}, 9, ron(512)),
    ("W-HKSR §Hand faan: orphans, terminals only, a limit hand",
     win("111m999m111p999p11s", "1s"), HK,
     {"orphans": 13, "four_concealed_pungs": 8, "concealed_hand": 1, "no_flowers": 1}, 13, ron(8192)),
    ("W-HKSR §Hand faan: four concealed pungs 8, self-drawn (it replaces all in triplets)",
     win("222m444p666s888s55m", "5m", discarder=None), HK,
     {"four_concealed_pungs": 8, "self_draw": 1, "concealed_hand": 1, "no_flowers": 1}, 11, tsumo(2048)),
    ("RA-HK: a pung completed by a discard is exposed: all in triplets only",
     win("222m444p666s888s55m", "8s"), HK,
     {"all_in_triplets": 3, "concealed_hand": 1, "no_flowers": 1}, 5, ron(32)),
    ("W-HKSR §Hand faan: four kongs, a limit hand",
     win("55m", "5m", "kan:2222m", "kan:4444p", "kan:6666s", "kan:8888s"), HK,
     {"four_kongs": 13, "no_flowers": 1}, 13, ron(8192)),
    ("W-HKSR §Hand faan: nine gates, a limit hand (it replaces all one suit and concealed hand)",
     win("11123455678999m", "5m"), HK, {"nine_gates": 13, "no_flowers": 1}, 13, ron(8192)),
    ("W-HKSR §Hand faan: thirteen orphans, a limit hand",
     win("19m19p19s12345677z", "7z"), HK, {"thirteen_orphans": 13, "concealed_hand": 1}, 13, ron(8192)),
    ("W-HKSR §Winning condition faan: the heavenly hand, the dealer's dealt hand, a limit hand",
     win(PLAIN, "2s", winner=0, discarder=None, tenhou=True), HK,
     {"heavenly_hand": 13, "common_hand": 1, "no_flowers": 1}, 13, tsumo(8192, 0)),
    ("W-HKSR §Winning condition faan: the earthly hand, on a discard before one's first draw",
     win(PLAIN, "2s", discarder=0, renhou=True), HK,
     {"earthly_hand": 13, "common_hand": 1, "no_flowers": 1}, 13, ron(8192, 1, 0)),
    ("W-HKSR §Winning condition faan: self-drawn on the last tile",
     win(PLAIN, "2s", discarder=None, haitei=True), HK,
     {"self_draw": 1, "concealed_hand": 1, "last_tile": 1, "common_hand": 1, "no_flowers": 1}, 5, tsumo(32)),
    ("W-HKSR §Winning condition faan: on the last discard",
     win(PLAIN, "2s", houtei=True), HK,
     {"concealed_hand": 1, "last_tile": 1, "common_hand": 1, "no_flowers": 1}, 4, ron(16)),
    ("W-HKSR §Winning condition faan: on a kong's replacement (a concealed kong keeps the hand concealed)",
     win("123m456m789s22s", "2s", "ankan:9999p", discarder=None, rinshan=True), HK,
     {"self_draw": 1, "concealed_hand": 1, "kong_replacement": 1, "no_flowers": 1}, 4, tsumo(16)),
    ("W-HKSR §Winning condition faan: robbing a kong",
     win(PLAIN, "2s", chankan=True), HK,
     {"concealed_hand": 1, "robbing_kong": 1, "common_hand": 1, "no_flowers": 1}, 4, ron(16)),
    ("W-MJ §Scoring: a dragon pung and a self-draw, open: 2 fan without flowers, no win",
     win("123m456p789s22s", "2s", "pon:555z", discarder=None), HK, None, 0, ()),
    ("W-MJ §Scoring: two dragon pungs, open, on a discard: 2 fan without flowers, no win",
     win("123m456p22s", "2s", "pon:555z", "pon:666z"), HK, None, 0, ()),
    ("W-HKSR §Wind and dragon faan: the dealer's East pung in the East round is seat and round wind",
     win("123m456p789s22s", "2s", "pon:111z", winner=0, discarder=None), HK,
     {"self_draw": 1, "seat_wind": 1, "round_wind": 1, "no_flowers": 1}, 4, tsumo(16, 0)),
    ("W-HKSR §Hand faan: an open all-chow hand is only the common hand: no win",
     win("456p789s234s99p", "2s", "chi:123m"), HK, None, 0, ()),
    ("W-HKSR §Flower faan: a seat flower with mixed one suit on a discard",
     win("456m789m111z55m", "5m", "chi:123m", flowers="2f"), HK,
     {"mixed_one_suit": 3, "round_wind": 1, "seat_flower": 1}, 5, ron(32)),
    ("every reading is tried: 111222333m reads as three chows, which makes the common hand",
     win("111222333m456p99s", "9s", discarder=None), HK,
     {"self_draw": 1, "concealed_hand": 1, "common_hand": 1, "no_flowers": 1}, 4, tsumo(16)),
    ("W-HKSR §Overview of scoring: 全銃, the discarder pays all four shares",
     win("111m999p55s", "5s", "pon:777s", "pon:222p"), knobs(discard_payment="discarder_pays_all"),
     {"all_in_triplets": 3, "no_flowers": 1}, 4, (0, 64, -64, 0)),
    ("RA-HK hk.majs: the half-spicy table, 10 fan worth 128",
     win("123m345m567m789m99m", "9m"), knobs(table="half_spicy"),
     {"all_one_suit": 7, "common_hand": 1, "concealed_hand": 1, "no_flowers": 1}, 10, ron(128)),
    ("fan.min_fan: a table playing a 2-fan minimum lets the plain concealed hand win",
     win(PLAIN, "2s"), knobs(min_fan=2), {"concealed_hand": 1, "common_hand": 1, "no_flowers": 1}, 3, ron(8)),
    ("W-HKSR §Counting faan: a lower ceiling (10) caps the limit hands",
     win("111z222z333z444z99m", "9m"), knobs(limit=10),
     {"great_winds": 13, "four_concealed_pungs": 8, "mixed_one_suit": 3, "mixed_orphans": 4, "concealed_hand": 1,
      "no_flowers": 1},
     10, ron(1024)),
    ("W-HKSR §Counting faan: rows past the limit are capped at 13",
     win("123m345m567m789m99m", "9m", discarder=None, haitei=True, flowers="2f6f"), HK,
     {"all_one_suit": 7, "common_hand": 1, "self_draw": 1, "concealed_hand": 1, "last_tile": 1, "seat_flower": 2},
     13, tsumo(8192)),
    ("W-HKSR §Hand faan: a win on the pair of a four-chow hand of two suits and honours is plain",
     win("123m456m789p123p11z", "1z"), HK, None, 0, ()),
]


@pytest.mark.parametrize(("rule", "req", "profile", "rows", "fan", "deltas"), CASES, ids=[c[0][:60] for c in CASES])
def test_hand_worked_hong_kong_values(
    rule: str, req: WinRequest, profile: RuleProfile, rows: dict[str, int] | None, fan: int, deltas: tuple[int, ...]
) -> None:
    value = score_hongkong(req, profile)
    if rows is None:
        assert value is None, f"{rule}: {value}"
        return
    assert value is not None, rule
    assert dict(value.rows) == rows, rule
    assert (value.value, value.unit) == (fan, Unit.FAN), rule
    assert value.deltas == deltas and sum(value.deltas) == 0, rule
    assert value.points == value.deltas[req.winner]
    assert (value.limit == "limit") == (fan >= profile.fan.limit)


def test_there_are_forty_hand_worked_cases_over_every_row() -> None:
    assert len(CASES) >= 40
    seen = {row for *_, rows, _, _ in CASES if rows for row in rows}
    assert seen == set(HONG_KONG_FAN), sorted(set(HONG_KONG_FAN) - seen)


def test_doubling_and_half_spicy_tables() -> None:
    """W-HKSR §Faan to points (doubling); RA-HK's half-spicy table; both capped at the limit."""
    assert [hand_points(f, HK.fan) for f in (0, 3, 4, 13, 20)] == [1, 8, 16, 8192, 8192]
    half = knobs(table="half_spicy").fan
    assert [hand_points(f, half) for f in (3, 4, 5, 6, 7, 13)] == [8, 16, 24, 32, 48, 384]
