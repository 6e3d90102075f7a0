"""Scoring of riichi-family wins: golden cases from rules-reference §2.6, §2.10-§2.11 and §3,
pao, the EMA caps, and properties of the payments over random complete hands."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants
from mahjong.hand_calculating.scores import ScoresCalculator

from game.engine.meld import Meld, MeldKind
from game.engine.profile import RuleProfile, load_profile
from game.engine.scoring import (
    WinContext,
    basic_points,
    ceil100,
    exhaustive_draw_payments,
    has_yaku,
    library_options,
    nagashi_payments,
    score_win,
)
from game.engine.tiles import parse_kinds, parse_tiles

RIICHI = load_profile("riichi")
EMA = load_profile("ema")


def with_score(profile: RuleProfile, **knobs: object) -> RuleProfile:
    return dataclasses.replace(profile, score=dataclasses.replace(profile.score, **knobs))


def make_ctx(
    hand: str,
    win: str,
    *,
    melds: tuple[tuple[MeldKind, str, int | None], ...] = (),
    dora: str = "",
    winner: int = 1,
    dealer: int = 0,
    discarder: int | None = None,
    round_wind: int = 0,
    **kw: object,
) -> WinContext:
    """A win from engine notation: ``hand`` = concealed tiles without the winning tile ``win``;
    each meld is (kind, tiles, giver seat). Ids are distinct across everything (``0`` = red)."""
    texts = [hand, win, *(m[1] for m in melds)]
    ids = parse_tiles("".join(texts))
    cut: list[list[int]] = []
    pos = 0
    for text in texts:
        n = len(parse_kinds(text))
        cut.append(ids[pos : pos + n])
        pos += n
    concealed, (win_tile,) = cut[0], cut[1]
    built = tuple(
        Meld(kind, tuple(sorted(tiles)), None if kind is MeldKind.ANKAN else tiles[0], giver)
        for (kind, _text, giver), tiles in zip(melds, cut[2:], strict=True)
    )
    return WinContext(
        winner=winner,
        discarder=discarder,
        dealer=dealer,
        concealed=(*concealed, win_tile),
        win_tile=win_tile,
        melds=built,
        seat_wind=(winner - dealer) % 4,
        round_wind=round_wind,
        dora_indicators=tuple(parse_tiles(dora)) if dora else (),
        **kw,  # type: ignore[arg-type]
    )


# --- golden cases ------------------------------------------------------------------------------


def test_dealer_riichi_red_dora_40_fu_2_han_ron_takes_the_stick() -> None:
    # rules-reference §2.11 (T-KOBA hule.json case 6): m406p1168s123678 + p7-, East seat, South
    # round, dora indicator East, one stick: [+4900, 0, 0, -3900].
    ctx = make_ctx("406m1168p123678s", "7p", winner=0, dealer=0, discarder=3, round_wind=1,
                   dora="1z", riichi=True, riichi_sticks=1)
    score = score_win(ctx, RIICHI)
    assert score is not None
    assert {y.id: y.han for y in score.yaku} == {"riichi": 1, "aka_dora": 1}
    assert (score.han, score.fu, score.hand_points) == (2, 40, 3900)
    assert score.payments == (4900, 0, 0, -3900)


def test_kiriage_off_4_han_30_fu_is_7700_and_on_it_is_mangan() -> None:
    # riichi + pinfu + tanyao + iipeikou, closed ron on a two-sided wait: 4 han 30 fu.
    ctx = make_ctx("234234m567p67s55s", "8s", discarder=2, riichi=True)
    plain = score_win(ctx, RIICHI)
    assert plain is not None and (plain.han, plain.fu) == (4, 30)
    assert (plain.hand_points, plain.limit) == (7700, "")
    rounded = score_win(ctx, with_score(RIICHI, kiriage=True))
    assert rounded is not None and (rounded.hand_points, rounded.limit) == (8000, "mangan")


def test_honba_and_sticks_on_a_non_dealer_tsumo() -> None:
    ctx = make_ctx("234234m567p67s55s", "8s", riichi=True, honba=2, riichi_sticks=1)
    score = score_win(ctx, RIICHI)
    assert score is not None  # 5 han with menzen tsumo: mangan 2000/4000, pinfu tsumo
    assert score.limit == "mangan" and score.hand_points == 8000
    assert score.payments == (-4200, 8000 + 600 + 1000, -2200, -2200)


def test_thirteen_han_is_kazoe_yakuman_in_riichi_and_sanbaiman_in_ema() -> None:
    # riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu = 13 han; two dora on top.
    ctx = make_ctx("2233445566778p", "8p", dora="1p", riichi=True)
    riichi = score_win(ctx, RIICHI)
    ema = score_win(ctx, EMA)
    assert riichi is not None and ema is not None
    assert riichi.han >= 13 and riichi.yakuman == 0
    assert (riichi.limit, riichi.base_points, riichi.hand_points) == ("kazoe yakuman", 8000, 32000)
    assert (ema.limit, ema.base_points, ema.hand_points) == ("sanbaiman", 6000, 24000)


def test_two_yakuman_stack_in_riichi_and_make_one_in_ema() -> None:
    # daisangen + tsuuiisou, ron by seat 3 (the dragons were fed by no one in particular).
    melds = ((MeldKind.PON, "555z", 0), (MeldKind.PON, "666z", 2), (MeldKind.PON, "777z", 3))
    ctx = make_ctx("1112z", "2z", melds=melds, discarder=3)
    riichi = score_win(ctx, RIICHI)
    ema = score_win(ctx, EMA)
    assert riichi is not None and ema is not None
    assert {y.id for y in riichi.yaku} == {"daisangen", "tsuu_iisou"}
    assert (riichi.yakuman, riichi.hand_points) == (2, 64000)
    assert (ema.yakuman, ema.hand_points, ema.limit) == (1, 32000, "yakuman")


def test_double_yakuman_patterns_follow_the_knob() -> None:
    # suuankou tanki: single in the riichi profile (Tenhou), double with double_yakuman on.
    ctx = make_ctx("111m222p333s4445z", "5z")
    single = score_win(ctx, RIICHI)
    double = score_win(ctx, with_score(RIICHI, double_yakuman=True))
    assert single is not None and double is not None
    assert (single.yakuman, double.yakuman) == (1, 2)
    assert (single.hand_points, double.hand_points) == (32000, 64000)


def test_double_wind_pair_fu_knob() -> None:
    # dealer in the East round, pair of East, closed terminal pung (8), riichi ron: 30+8+4 = 42 → 50;
    # with a double-wind pair worth 2 fu: 40 → 40.
    ctx = make_ctx("111m56p789s234s11z", "4p", winner=0, dealer=0, discarder=1, riichi=True)
    four = score_win(ctx, RIICHI)
    two = score_win(ctx, with_score(RIICHI, double_wind_pair_fu=2))
    assert four is not None and two is not None
    assert (four.fu, four.hand_points) == (50, 2400)
    assert (two.fu, two.hand_points) == (40, 2000)


def test_ema_renhou_is_a_mangan_without_other_yaku_or_dora() -> None:
    # tanyao + dora 2 on a ron before the first draw: EMA pays renhou mangan and nothing else.
    ctx = make_ctx("234m456p67s22678s", "8s", dora="1m", discarder=3, renhou=True)
    ema = score_win(ctx, EMA)
    assert ema is not None
    assert [y.id for y in ema.yaku] == ["renhou"]
    assert (ema.limit, ema.hand_points) == ("mangan", 8000)
    riichi = score_win(ctx, RIICHI)  # Tenhou has no renhou: the hand scores as it is
    assert riichi is not None and "renhou" not in {y.id for y in riichi.yaku}
    assert riichi.hand_points < 8000


def test_ema_renhou_gives_way_to_a_hand_worth_more() -> None:
    ctx = make_ctx("1112345678999m", "5m", discarder=3, renhou=True)  # chinitsu, ittsu...: above mangan
    ema = score_win(ctx, EMA)
    assert ema is not None and "renhou" not in {y.id for y in ema.yaku}
    assert ema.base_points > 2000


def test_renhou_as_yakuman() -> None:
    ctx = make_ctx("234m456p67s22678s", "8s", discarder=3, renhou=True)
    score = score_win(ctx, with_score(RIICHI, renhou="yakuman"))
    assert score is not None and score.yakuman == 1 and score.hand_points == 32000


def test_red_fives_count_only_when_the_profile_has_them() -> None:
    ctx = make_ctx("234m406p67s22678s", "8s", discarder=3)
    riichi = score_win(ctx, RIICHI)
    ema = score_win(ctx, EMA)
    assert riichi is not None and ema is not None
    assert "aka_dora" in {y.id for y in riichi.yaku}
    assert "aka_dora" not in {y.id for y in ema.yaku}


def test_library_options_follow_the_profiles() -> None:
    riichi, ema = library_options(RIICHI), library_options(EMA)
    assert (riichi.has_aka_dora, ema.has_aka_dora) == (True, False)
    assert riichi.has_open_tanyao and ema.has_open_tanyao
    assert (riichi.kazoe_limit, ema.kazoe_limit) == (HandConstants.KAZOE_LIMITED, HandConstants.KAZOE_SANBAIMAN)
    assert not riichi.has_double_yakuman and not riichi.kiriage and not riichi.renhou_as_yakuman


def test_no_yaku_and_dora_alone_is_no_win() -> None:
    melds = ((MeldKind.CHI, "123m", 0),)
    ctx = make_ctx("456p789s11s23p", "4p", melds=melds, dora="3p", discarder=0)  # open, no yaku
    assert score_win(ctx, RIICHI) is None
    assert not has_yaku(ctx, RIICHI)


def test_incomplete_hand_is_no_win() -> None:
    ctx = make_ctx("123m456p789s1357z", "2z", discarder=0)
    assert score_win(ctx, RIICHI) is None


def test_rinshan_on_the_last_tile_is_not_haitei() -> None:
    melds = ((MeldKind.ANKAN, "9999s", None),)
    ctx = make_ctx("234m456p22p23s", "4s", melds=melds, rinshan=True, haitei=True)
    score = score_win(ctx, RIICHI)
    assert score is not None
    names = {y.id for y in score.yaku}
    assert "rinshan_kaihou" in names and "haitei_raoyue" not in names


def test_a_self_contradicting_context_is_an_error() -> None:
    melds = ((MeldKind.CHI, "234m", 0),)
    ctx = make_ctx("456p678s22s34p", "5p", melds=melds, discarder=0, riichi=True)
    with pytest.raises(ValueError, match="riichi"):
        score_win(ctx, RIICHI)


def test_open_tanyao_knob() -> None:
    melds = ((MeldKind.CHI, "234m", 0),)
    ctx = make_ctx("456p678s22s34p", "5p", melds=melds, discarder=0)
    assert score_win(ctx, RIICHI) is not None
    assert score_win(ctx, with_score(RIICHI, open_tanyao=False)) is None


# --- pao (rules-reference §2.6, §1.8) --------------------------------------------------------------

DAISANGEN = ((MeldKind.PON, "555z", 0), (MeldKind.PON, "666z", 3), (MeldKind.PON, "777z", 2))


def daisangen(**kw: object) -> WinContext:
    """Seat 1 (non-dealer) holds daisangen; seat 2 fed the third dragon and is liable."""
    return make_ctx("123m4p", "4p", melds=DAISANGEN, pao_seat=2, **kw)


def test_pao_tsumo_pao_pays_all() -> None:
    score = score_win(daisangen(), RIICHI)
    assert score is not None and score.payments == (0, 32000, -32000, 0)


def test_pao_dealer_tsumo_pao_pays_48000() -> None:
    score = score_win(daisangen(winner=1, dealer=1), RIICHI)
    assert score is not None and score.payments == (0, 48000, -48000, 0)


def test_pao_tsumo_with_honba_pao_pays_the_honba_too() -> None:
    score = score_win(daisangen(honba=1, riichi_sticks=1), RIICHI)
    assert score is not None and score.payments == (0, 32300 + 1000, -32300, 0)


def test_pao_ron_by_a_third_player_splits_half_each() -> None:
    score = score_win(daisangen(discarder=3), RIICHI)
    assert score is not None and score.payments == (0, 32000, -16000, -16000)


def test_pao_ron_honba_go_to_the_pao_player_in_riichi_and_the_discarder_in_ema() -> None:
    # T-TLOG 役満パオ: 1 honba, pao pays 16,300 and the discarder 16,000; EMA RCR 3.3.9: only the
    # discarder pays counters.
    riichi = score_win(daisangen(discarder=3, honba=1), RIICHI)
    ema = score_win(daisangen(discarder=3, honba=1), EMA)
    assert riichi is not None and riichi.payments == (0, 32300, -16300, -16000)
    assert ema is not None and ema.payments == (0, 32300, -16000, -16300)


def test_pao_ron_by_the_pao_player_pays_all() -> None:
    score = score_win(daisangen(discarder=2, honba=1), RIICHI)
    assert score is not None and score.payments == (0, 32300, -32300, 0)


def test_pao_composite_yakuman_splits_the_whole_value_in_riichi() -> None:
    ctx = make_ctx("1112z", "2z", melds=DAISANGEN, discarder=3, pao_seat=2)
    score = score_win(ctx, RIICHI)
    assert score is not None and score.yakuman == 2
    assert score.payments == (0, 64000, -32000, -32000)


def test_pao_only_for_the_profiles_pao_yaku() -> None:
    score = score_win(daisangen(), with_score(RIICHI, pao_yaku=()))
    assert score is not None and score.payments == (-16000, 32000, -8000, -8000)


# --- payments that are not wins -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winner", "dealer", "expected"),
    [(0, 0, (12000, -4000, -4000, -4000)), (2, 0, (-4000, -2000, 8000, -2000)), (3, 1, (-2000, -4000, -2000, 8000))],
)
def test_nagashi_is_a_mangan_tsumo(winner: int, dealer: int, expected: tuple[int, ...]) -> None:
    assert nagashi_payments(winner, dealer) == expected


@pytest.mark.parametrize(
    ("tenpai", "expected"),
    [
        ((True, False, False, False), (3000, -1000, -1000, -1000)),
        ((True, False, True, False), (1500, -1500, 1500, -1500)),
        ((False, True, True, True), (-3000, 1000, 1000, 1000)),
        ((False, False, False, False), (0, 0, 0, 0)),
        ((True, True, True, True), (0, 0, 0, 0)),
    ],
)
def test_exhaustive_draw_payments(tenpai: tuple[bool, bool, bool, bool], expected: tuple[int, ...]) -> None:
    assert exhaustive_draw_payments(tenpai, 3000) == expected


@given(st.tuples(*[st.booleans()] * 4), st.integers(0, 12000))
def test_exhaustive_draw_payments_sum_to_zero(tenpai: tuple[bool, bool, bool, bool], total: int) -> None:
    assert sum(exhaustive_draw_payments(tenpai, total)) == 0


# --- properties over random complete hands ----------------------------------------------------------


@st.composite
def complete_wins(draw: st.DrawFn) -> WinContext:
    """A random complete four-sets-and-a-pair hand with random melds, seats and situation."""
    counts = [0] * 34
    groups: list[tuple[str, list[int]]] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
            kinds = [suit * 9 + start + i for i in range(3)]
            shape = draw(st.sampled_from(["concealed", "chi"]))
        else:
            kinds = [draw(st.integers(0, 33))] * 3
            shape = draw(st.sampled_from(["concealed", "pon", "daiminkan", "kakan", "ankan"]))
            if shape.endswith("kan"):
                kinds = kinds + kinds[:1]
        groups.append((shape, kinds))
        for k in kinds:
            counts[k] += 1
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    assume(max(counts) <= 4)
    copies = [0] * 34

    def take(kind: int) -> int:
        copies[kind] += 1
        return kind * 4 + copies[kind] - 1

    winner, dealer = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    others = [s for s in range(4) if s != winner]
    concealed = [take(pair), take(pair)]
    melds: list[Meld] = []
    for shape, kinds in groups:
        tiles = [take(k) for k in kinds]
        if shape == "concealed":
            concealed.extend(tiles)
        elif shape == "ankan":
            melds.append(Meld(MeldKind.ANKAN, tuple(tiles)))
        else:
            kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.DAIMINKAN,
                    "kakan": MeldKind.KAKAN}[shape]
            giver = (winner + 3) % 4 if kind is MeldKind.CHI else draw(st.sampled_from(others))
            melds.append(Meld(kind, tuple(tiles), tiles[0], giver, tiles[3] if kind is MeldKind.KAKAN else None))
    closed = all(m.kind is MeldKind.ANKAN for m in melds)
    tsumo = draw(st.booleans())
    return WinContext(
        winner=winner,
        discarder=None if tsumo else draw(st.sampled_from(others)),
        dealer=dealer,
        concealed=tuple(concealed),
        win_tile=draw(st.sampled_from(concealed)),
        melds=tuple(melds),
        seat_wind=(winner - dealer) % 4,
        round_wind=draw(st.integers(0, 1)),
        riichi=closed and draw(st.booleans()),
        dora_indicators=(draw(st.integers(0, 135)),),
        honba=draw(st.integers(0, 5)),
        riichi_sticks=draw(st.integers(0, 3)),
        pao_seat=draw(st.none() | st.sampled_from(others)),
    )


PAO_NAMES = {"daisangen", "dai_suushii"}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(complete_wins(), st.sampled_from([RIICHI, EMA]))
def test_payment_properties(ctx: WinContext, profile: RuleProfile) -> None:
    score = score_win(ctx, profile)
    assume(score is not None)
    assert score is not None
    assert sum(score.payments) == 1000 * ctx.riichi_sticks
    assert score.payments[ctx.winner] > 0
    dealer_won = ctx.winner == ctx.dealer
    liable = ctx.pao_seat is not None and any(y.id in PAO_NAMES for y in score.yaku)
    if ctx.discarder is None:
        if not liable:
            assert all(score.payments[s] < 0 for s in range(4) if s != ctx.winner)
            assert score.hand_points == (3 * ceil100(2 * score.base_points) if dealer_won
                                         else ceil100(2 * score.base_points) + 2 * ceil100(score.base_points))
    else:
        assert score.hand_points == ceil100((6 if dealer_won else 4) * score.base_points)
        assert score.payments[ctx.discarder] < 0
        if not liable:
            assert all(score.payments[s] == 0 for s in range(4) if s not in (ctx.winner, ctx.discarder))
    assert basic_points(score.han, score.fu, score.yakuman, profile.score)[0] == score.base_points


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(complete_wins())
def test_payments_agree_with_the_librarys_score_table(ctx: WinContext) -> None:
    """Our basic points and payments against the library's own ScoresCalculator (riichi rules)."""
    score = score_win(ctx, RIICHI)
    assume(score is not None)
    assert score is not None
    liable = ctx.pao_seat is not None and any(y.id in PAO_NAMES for y in score.yaku)
    assume(not liable)
    config = HandConfig(is_tsumo=ctx.discarder is None, player_wind=27 + ctx.seat_wind,
                        tsumi_number=ctx.honba, kyoutaku_number=ctx.riichi_sticks, options=library_options(RIICHI))
    han = 13 * score.yakuman if score.yakuman else score.han
    cost = ScoresCalculator.calculate_scores(han, score.fu, config, score.yakuman > 0)
    assert cost["total"] == score.payments[ctx.winner]
    if ctx.discarder is not None:
        assert cost["main"] + cost["main_bonus"] == -score.payments[ctx.discarder]
