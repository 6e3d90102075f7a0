"""Taiwanese 16-tile hand values (底 + 台): hands scored by hand from rules-reference §4.4-§4.5.

Each case names the tai-table rows it adds up; the expected tai were counted from the table, not
read back from the engine. Default knobs: profiles/taiwanese.toml (底30/台10, dealer 1 + 2n).
Seats: dealer 0 (East), winner 1 (South) unless said; the round is East.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.baseline import EfficiencyBot
from game.engine import Match
from game.engine.events import Win
from game.engine.meld import Meld, MeldKind
from game.engine.profile import RuleProfile, load_profile
from game.engine.scoring_bridge import value_win
from game.engine.taiwanese import score_taiwanese
from game.engine.tiles import kind_of, parse_kinds, parse_tiles
from game.engine.values import WinRequest, WinValue

PROFILE = load_profile("taiwanese")
MELD_KINDS = {
    "chi": MeldKind.CHI,
    "pon": MeldKind.PON,
    "kan": MeldKind.DAIMINKAN,
    "kakan": MeldKind.KAKAN,
    "ankan": MeldKind.ANKAN,
}


def knobs(**tai: Any) -> RuleProfile:
    return dataclasses.replace(PROFILE, tai=dataclasses.replace(PROFILE.tai, **tai))


def win(
    concealed: str,
    tile: str,
    *melds: str,
    winner: int = 1,
    discarder: int | None = 2,
    dealer: int = 0,
    flowers: str = "",
    round_wind: int = 0,
    streak: int = 0,
    **flags: bool,
) -> WinRequest:
    """A win: ``concealed`` holds the winning tile; melds as ``"pon:777z"``; tsumo: discarder=None."""
    meld_specs = [m.split(":") for m in melds]
    ids = parse_tiles(concealed + "".join(t for _, t in meld_specs))
    hand, rest = ids[: len(parse_kinds(concealed))], ids[len(parse_kinds(concealed)) :]
    built: list[Meld] = []
    for kind, text in meld_specs:
        n = len(parse_kinds(text))
        tiles, rest = tuple(sorted(rest[:n])), rest[n:]
        open_ = kind != "ankan"
        built.append(Meld(MELD_KINDS[kind], tiles, tiles[0] if open_ else None, (winner + 3) % 4 if open_ else None))
    win_kind = parse_kinds(tile)[0]
    win_tile = [t for t in hand if kind_of(t) == win_kind][-1]
    base = dict.fromkeys(
        ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"),
        False,
    )
    base.update(flags)
    return WinRequest(
        winner=winner,
        discarder=discarder,
        dealer=dealer,
        concealed=tuple(hand),
        win_tile=win_tile,
        melds=tuple(built),
        flowers=tuple(parse_tiles(flowers)) if flowers else (),
        seat_wind=(winner - dealer) % 4,
        round_wind=round_wind,
        dora_indicators=(),
        ura_indicators=(),
        honba=0,
        riichi_sticks=0,
        pao_seat=None,
        dealer_streak=streak,
        **base,
    )


def value(req: WinRequest, profile: RuleProfile = PROFILE) -> WinValue:
    v = score_taiwanese(req, profile)
    assert v is not None
    return v


# a concealed all-chow hand: 123m 456p 789s 234s 678m + 99p, won on 8m (6-7m waits 5m and 8m)
PLAIN = "123m456p789s234s678m99p"
# the same four chows and pair with a chow claimed: 123m exposed
OPEN = "456p789s234s678m99p"

# (rows as in §4.4, request, profile, expected {row: tai})
CASES: list[tuple[str, WinRequest, RuleProfile, dict[str, int]]] = [
    ("屁胡 0: open, discard, two-sided", win(OPEN, "8m", "pon:111m"), PROFILE, {}),
    ("門清 1 + 平胡 2", win(PLAIN, "8m"), PROFILE, {"concealed_hand": 1, "all_chows": 2}),
    ("門清 1 + 正花 1 (夏; 平胡 lost to the flower)", win(PLAIN, "8m", flowers="2f"), PROFILE,
     {"concealed_hand": 1, "seat_flower": 1}),
    ("門清 1 + 獨聽 1 (中洞 closed wait 6_8m)", win("123m456p789s234s678m99p", "7m"), PROFILE,
     {"concealed_hand": 1, "single_wait": 1}),
    ("門清自摸 3 (平胡 needs a discard)", win(PLAIN, "8m", discarder=None), PROFILE,
     {"concealed_self_draw": 3}),
    ("門清 1 + 獨聽 1 (邊張 edge 89m)", win("123m456p789s234s789m99p", "7m"), PROFILE,
     {"concealed_hand": 1, "single_wait": 1}),
    ("門清 1 + 獨聽 1 (單吊 pair wait)", win(PLAIN, "9p"), PROFILE,
     {"concealed_hand": 1, "single_wait": 1}),
    ("自摸 1 (open)", win(OPEN, "8m", "pon:111m", discarder=None), PROFILE, {"self_draw": 1}),
    ("門風 1 (South pung for South)", win(OPEN, "8m", "pon:222z"), PROFILE, {"seat_wind": 1}),
    ("圈風 1 (East pung in the East round)", win(OPEN, "8m", "pon:111z"), PROFILE, {"round_wind": 1}),
    ("圈風 1 + 門風 1 (dealer's East in East round)", win(OPEN, "8m", "pon:111z", winner=0), PROFILE,
     {"round_wind": 1, "seat_wind": 1}),
    ("圈風 1 (South pung in the South round, for North)",
     win(OPEN, "8m", "pon:222z", winner=3, round_wind=1), PROFILE, {"round_wind": 1}),
    ("三元牌 1", win(OPEN, "8m", "pon:777z"), PROFILE, {"dragon_pung": 1}),
    ("三元牌 1 × 2", win("456p789s678m99p", "8m", "pon:777z", "pon:666z"), PROFILE, {"dragon_pung": 2}),
    ("小三元 4 (三元牌 inside)", win("456p789s678m77z", "8m", "pon:555z", "pon:666z"), PROFILE,
     {"little_three_dragons": 4}),
    ("小三元 4 + 三元牌 2 (dragon_tai_inside_sangen)", win("456p789s678m77z", "8m", "pon:555z", "pon:666z"),
     knobs(dragon_tai_inside_sangen=True), {"little_three_dragons": 4, "dragon_pung": 2}),
    ("大三元 8", win("456p678m99p", "8m", "pon:555z", "pon:666z", "pon:777z"), PROFILE,
     {"big_three_dragons": 8}),
    ("小四喜 8 + 圈風 1 + 門風 1", win("456p678m44z", "8m", "pon:111z", "pon:222z", "pon:333z"), PROFILE,
     {"little_four_winds": 8, "round_wind": 1, "seat_wind": 1}),
    ("小四喜 8 + 圈風 1 (the seat wind is the pair)", win("456p678m22z", "8m", "pon:111z", "pon:333z", "pon:444z"),
     PROFILE, {"little_four_winds": 8, "round_wind": 1}),
    ("大四喜 16 (圈風, 門風 inside)", win("678m99p", "8m", "pon:111z", "pon:222z", "pon:333z", "pon:444z"),
     PROFILE, {"big_four_winds": 16}),
    ("字一色 16 + 小三元 4 + 圈風 1 + 門風 1 + 獨聽 1 (碰碰胡 inside)",
     win("333z666z77z", "7z", "pon:111z", "pon:222z", "pon:555z"), PROFILE,
     {"all_honours": 16, "little_three_dragons": 4, "round_wind": 1,
      "seat_wind": 1, "single_wait": 1}),
    ("碰碰胡 4 + 獨聽 1", win("222m777s33p", "3p", "pon:111m", "pon:999p", "pon:555s"), PROFILE,
     {"all_pungs": 4, "single_wait": 1}),
    ("三暗刻 2 + 獨聽 1 (pair wait keeps the pungs concealed)",
     win("555s777s999m66p", "6p", "pon:111m", "chi:234p"), PROFILE,
     {"three_concealed_pungs": 2, "single_wait": 1}),
    ("0: a pung finished by a discard is not concealed (two 暗刻 only; 雙碰 is no 獨聽)",
     win("555s777s999m66p", "9m", "pon:111m", "chi:234p"), PROFILE, {}),
    ("三暗刻 2 + 自摸 1 (the same pung self-drawn)",
     win("555s777s999m66p", "9m", "pon:111m", "chi:234p", discarder=None), PROFILE,
     {"three_concealed_pungs": 2, "self_draw": 1}),
    ("三暗刻 2 (the discarded 7s may sit in 789s: 777s stays concealed, §1.5 best reading)",
     win("111m555p777s789s99m", "7s", "chi:234p"), PROFILE, {"three_concealed_pungs": 2}),
    ("四暗刻 5 + 獨聽 1 (replaces 三暗刻)", win("555s777s999m111m66p", "6p", "chi:234p"), PROFILE,
     {"four_concealed_pungs": 5, "single_wait": 1}),
    ("門清自摸 3 + 五暗刻 8 + 獨聽 1 (碰碰胡 inside)", win("555s777s999m111m333p66p", "6p", discarder=None),
     PROFILE, {"concealed_self_draw": 3, "five_concealed_pungs": 8, "single_wait": 1}),
    ("門清 1 + 五暗刻 8 + 獨聽 1 (an ankan is concealed)", win("555s777s999m333p66p", "6p", "ankan:1111m"),
     PROFILE, {"concealed_hand": 1, "five_concealed_pungs": 8, "single_wait": 1}),
    ("碰碰胡 4 + 三暗刻 2 (exposed kong, self-drawn pung) + 自摸 1",
     win("555s777s999m33p", "9m", "kan:1111m", "pon:222p", discarder=None), PROFILE,
     {"all_pungs": 4, "three_concealed_pungs": 2, "self_draw": 1}),
    ("混一色 4 + 三元牌 1", win("123m456m789m234m55m", "5m", "pon:777z"), PROFILE,
     {"half_flush": 4, "dragon_pung": 1}),
    ("清一色 8 (2m and 8m complete it too: no 獨聽; the pon stops 平胡)",
     win("123m456m678m234m55m", "5m", "pon:999m"), PROFILE, {"full_flush": 8}),
    ("清一色 8 + 平胡 2 (an exposed chow keeps 平胡)", win("11p234p567p789p678p", "4p", "chi:345p"), PROFILE,
     {"full_flush": 8, "all_chows": 2}),
    ("門清自摸 3 + 海底撈月 1", win(PLAIN, "8m", discarder=None, haitei=True), PROFILE,
     {"concealed_self_draw": 3, "last_tile_self_draw": 1}),
    ("河底撈魚 1", win(OPEN, "8m", "pon:111m", houtei=True), PROFILE, {"last_discard": 1}),
    ("自摸 1 + 槓上開花 1 + 圈風 1 (an East kong)", win(OPEN, "8m", "kan:1111z", discarder=None, rinshan=True), PROFILE,
     {"self_draw": 1, "win_on_a_replacement_tile": 1, "round_wind": 1}),
    ("搶槓 1", win(OPEN, "8m", "pon:111m", chankan=True), PROFILE, {"robbing_a_kong": 1}),
    ("全求人 2 (獨聽 inside)", win("33p", "3p", "pon:111m", "pon:555p", "chi:678s", "pon:999s", "chi:456m"),
     PROFILE, {"all_exposed": 2}),
    ("自摸 1 + 半求人 1", win("33p", "3p", "pon:111m", "pon:555p", "chi:678s", "pon:999s", "chi:456m",
                         discarder=None), PROFILE, {"self_draw": 1, "half_exposed_self_drawn": 1}),
    ("天胡 24 (門清自摸 inside)", win(PLAIN, "8m", winner=0, discarder=None, tenhou=True), PROFILE,
     {"heavenly_hand": 24}),
    ("地胡 16 (門清自摸 inside)", win(PLAIN, "8m", discarder=None, chiihou=True), PROFILE,
     {"earthly_hand": 16}),
    ("人胡 8 + 平胡 2 (門清 inside)", win(PLAIN, "8m", renhou=True), PROFILE,
     {"human_hand": 8, "all_chows": 2}),
    ("見花見台 1 × 3", win(OPEN, "8m", "pon:111m", flowers="137f"), knobs(flower_scoring="each_flower_1"),
     {"flowers": 3}),
    ("0: another seat's flowers (春秋 for South)", win(OPEN, "8m", "pon:111m", flowers="13f"), PROFILE, {}),
    ("花槓 2 + 正花 1 (蘭; 夏 inside the kong)", win(OPEN, "8m", "pon:111m", flowers="12346f"), PROFILE,
     {"flower_kong": 2, "seat_flower": 1}),
    ("花槓 2 + 正花 2 (flower_kong_counts_seat_flowers)", win(OPEN, "8m", "pon:111m", flowers="12346f"),
     knobs(flower_kong_counts_seat_flowers=True), {"flower_kong": 2, "seat_flower": 2}),
    ("0: 自摸 off (knob 0)", win(OPEN, "8m", "pon:111m", discarder=None), knobs(zimo=0), {}),
    ("門清 1 + 自摸 1 (no bundle)", win(PLAIN, "8m", discarder=None), knobs(menqing_zimo_bundle=0),
     {"concealed_hand": 1, "self_draw": 1}),
    ("門清自摸 3 + 平胡 2 (pinghu_no_zimo off)", win(PLAIN, "8m", discarder=None), knobs(pinghu_no_zimo=False),
     {"concealed_self_draw": 3, "all_chows": 2}),
    ("best reading: 三暗刻 2 + 門清 1 + 獨聽 1 beats the chows", win("111m222m333m456p789s99p", "9p"), PROFILE,
     {"three_concealed_pungs": 2, "concealed_hand": 1, "single_wait": 1}),
]


@pytest.mark.parametrize(("rows", "req", "profile", "expected"), CASES, ids=[c[0] for c in CASES])
def test_hand_scored_from_the_tai_table(rows: str, req: WinRequest, profile: RuleProfile, expected: dict[str, int]) -> None:
    v = value(req, profile)
    assert dict(v.rows) == expected
    assert v.value == sum(expected.values())
    assert v.fu == 0 and v.limit == ""


def test_at_least_forty_hands() -> None:
    assert len(CASES) >= 40


def test_golden_derived_example_of_4_5() -> None:
    """§4.5: 底30/台10, dealer on 連2 (5 dealer tai); South self-draws 門清自摸 3 + 三元牌 1 + 正花 1."""
    req = win("123m456m234p678s777z55s", "6m", discarder=None, flowers="2f", streak=2)
    v = value(req)
    assert dict(v.rows) == {"concealed_self_draw": 3, "dragon_pung": 1, "seat_flower": 1}
    assert v.value == 5
    assert v.deltas == (-130, 290, -80, -80)
    assert v.points == 290


def test_zero_tai_is_paid_the_base() -> None:
    """No minimum (§4.2): 屁胡 pays 底 30; a dealer discarder adds his 1 + 2n."""
    assert value(win(OPEN, "8m", "pon:111m")).deltas == (0, 30, -30, 0)
    assert value(win(OPEN, "8m", "pon:111m", discarder=0, streak=1)).deltas == (-60, 60, 0, 0)


def test_heavenly_hand_paid_by_all_three_with_dealer_tai() -> None:
    v = value(win(PLAIN, "8m", winner=0, discarder=None, tenhou=True))
    assert v.deltas == (3 * 280, -280, -280, -280)  # 30 + 10 × (24 + 1)


def test_tai_cap_caps_the_hand_not_the_dealer() -> None:
    req = win("678m99p", "8m", "pon:111z", "pon:222z", "pon:333z", "pon:444z", discarder=0)
    v = value(req, knobs(tai_cap=10))
    assert v.value == 10
    assert v.deltas == (-140, 140, 0, 0)  # 30 + 10 × (10 + 1)


@pytest.mark.parametrize(
    "req",
    [
        win("123m456p789s234s678m9p", "9p"),  # 16 tiles
        win("123m456p789s234s679m99p", "9m"),  # 17 tiles, no reading
        win(OPEN, "8m"),  # 14 concealed tiles and no meld
    ],
)
def test_not_five_sets_and_a_pair(req: WinRequest) -> None:
    assert score_taiwanese(req, PROFILE) is None


def test_ligu_when_on() -> None:
    """嚦咕嚦咕 8 (house rule): seven pairs and a pung, concealed; 門清自摸 3 with it."""
    req = win("1122m3344p5566s77z999s", "9s", discarder=None)
    assert score_taiwanese(req, PROFILE) is None
    assert dict(value(req, knobs(ligu=8)).rows) == {
        "seven_pairs_and_a_pung": 8,
        "concealed_self_draw": 3,
    }


def test_four_kongs_when_on() -> None:
    req = win("678m99p", "8m", "kan:1111m", "kan:2222p", "kan:3333s", "ankan:4444s")
    assert "four_kongs" not in dict(value(req).rows)
    assert dict(value(req, knobs(four_kong_win=8)).rows)["four_kongs"] == 8


def test_the_engine_door_dispatches_here() -> None:
    req = win(PLAIN, "8m")
    assert value_win(req, PROFILE) == score_taiwanese(req, PROFILE)


# --- properties -------------------------------------------------------------------------------

# complete hands of varied shape, to move seats, dealer, streak and flowers around them
HANDS = [c[1] for c in CASES]
seats = st.integers(0, 3)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(HANDS), seats, seats, st.integers(0, 5), st.booleans())
def test_payments_balance_and_dealer_tai_only_touch_the_dealer(
    base: WinRequest, winner: int, dealer: int, streak: int, self_draw: bool
) -> None:
    discarder = None if self_draw else (winner + 1 + streak % 3) % 4
    req = dataclasses.replace(
        base, winner=winner, dealer=dealer, discarder=discarder, dealer_streak=streak,
        seat_wind=(winner - dealer) % 4, tenhou=False, chiihou=False, renhou=False,
    )  # fmt: skip
    v = value(req)
    assert sum(v.deltas) == 0
    assert v.points == v.deltas[winner] == -sum(d for s, d in enumerate(v.deltas) if s != winner)
    rules = PROFILE.tai
    plain = rules.base + rules.tai_value * v.value
    dealer_tai = rules.dealer_base + rules.per_continuation * streak
    for seat, delta in enumerate(v.deltas):
        if seat == winner or (discarder is not None and seat != discarder):
            continue
        involved = dealer in (seat, winner)
        assert -delta == plain + (rules.tai_value * dealer_tai if involved else 0)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(HANDS), st.sampled_from(["1f", "5f", "2f", "6f", "3f", "7f", "4f", "8f"]))
def test_a_seat_flower_adds_exactly_flower_tai(base: WinRequest, flower: str) -> None:
    """Tai add: one more flower changes nothing else (no 花槓 reached: the base holds none)."""
    bare = dataclasses.replace(base, flowers=())
    with_flower = dataclasses.replace(base, flowers=tuple(parse_tiles(flower)))
    seat_flower = (parse_tiles(flower)[0] - 136) % 4 == bare.seat_wind
    before = score_taiwanese(bare, knobs(pinghu_no_flowers=False))
    after = score_taiwanese(with_flower, knobs(pinghu_no_flowers=False))
    assert before is not None and after is not None
    assert after.value - before.value == (PROFILE.tai.flower_tai if seat_flower else 0)


# --- integration: seeded games ------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_games_finish_and_every_win_balances(seed: int) -> None:
    m = Match(load_profile("taiwanese"), seed)
    bots = [EfficiencyBot(seed, s, sets=5) for s in range(4)]
    wins: list[Win] = []
    while not m.is_over:
        s = m.awaiting()[0]
        wins += [e for e in m.apply(bots[s].decide(m.observe(s))) if isinstance(e, Win)]
    assert wins
    for w in wins:
        assert sum(w.deltas) == 0
        assert w.value == sum(y.value for y in w.rows)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(HANDS), st.randoms(use_true_random=False))
def test_tile_order_does_not_matter(base: WinRequest, rng: random.Random) -> None:
    """The best reading is a property of the tiles, not of the order the hand holds them in."""
    tiles = list(base.concealed)
    rng.shuffle(tiles)
    assert score_taiwanese(dataclasses.replace(base, concealed=tuple(tiles)), PROFILE) == value(base)
