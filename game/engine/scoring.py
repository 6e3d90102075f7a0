"""Scoring of riichi-family wins (profiles ``riichi`` and ``ema``) through the ``mahjong`` library.

The library finds the yaku, han and fu of a complete hand: that is the hard part and it is
checked against 5,000 majiang-core hands (``score-check``). Everything the library does not know
is done here from the profile's knobs, so one place says how a knob changes a score:

* the option mapping (:func:`library_options`): red fives, open tanyao, kiriage, kazoe, double
  yakuman, renhou as yakuman;
* what the library cannot express: yakuman that do not stack (EMA), renhou as a mangan that is not
  cumulative with other yaku and dora (EMA), a double-wind pair worth 2 fu;
* the payments: basic points → who pays what, honba and riichi sticks, and pao (liability for
  daisangen and daisuushii), which the library does not have at all.

Seats are absolute (0..3) throughout; a payment tuple is indexed by absolute seat.

Knobs: ``tiles.red_fives``, ``win.min_han``, ``riichi.ura_dora``, ``riichi.ippatsu``,
``riichi.double_riichi``, ``score.open_tanyao``, ``score.kiriage``, ``score.kazoe``,
``score.double_yakuman``, ``score.yakuman_stack``, ``score.double_wind_pair_fu``, ``score.renhou``,
``score.honba_ron``, ``score.honba_tsumo_each``, ``score.pao_yaku``, ``score.pao_honba_payer``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Final

from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld as LibraryMeld

from .meld import Meld, MeldKind
from .observation import Observation
from .profile import RuleProfile, ScoreRules
from .rows import DORA_ROWS
from .value_estimate import HandInProgress, WaitReading, add_honour_sets, add_one_suit, dora_count

EAST_INDEX = 27  # the library names winds by their 34-kind, East = 27

_LIBRARY_MELD_TYPE = {
    MeldKind.CHI: LibraryMeld.CHI,
    MeldKind.PON: LibraryMeld.PON,
    MeldKind.DAIMINKAN: LibraryMeld.KAN,
    MeldKind.KAKAN: LibraryMeld.SHOUMINKAN,
    MeldKind.ANKAN: LibraryMeld.KAN,
}

# Han → (basic points, limit name) for limit hands below kazoe.
_LIMITS = ((11, 6000, "sanbaiman"), (8, 4000, "baiman"), (6, 3000, "haneman"), (5, 2000, "mangan"))
MANGAN_BASE = 2000
YAKUMAN_BASE = 8000
YAKUMAN_HAN = 13


@dataclass(frozen=True)
class WinContext:
    """Everything about a win that its score depends on; the engine fills it in."""

    winner: int  # absolute seat 0..3
    discarder: int | None  # None = tsumo
    dealer: int  # absolute seat of the dealer
    concealed: tuple[int, ...]  # concealed tile ids INCLUDING the winning tile
    win_tile: int  # tile id
    melds: tuple[Meld, ...]
    seat_wind: int  # 0..3 (E S W N) of the winner
    round_wind: int  # 0..3
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[int, ...] = ()  # tile ids
    ura_indicators: tuple[int, ...] = ()  # tile ids (only used when riichi)
    honba: int = 0  # honba this winner is paid for (0 for a second ron winner under first_winner)
    riichi_sticks: int = 0  # sticks (1000 each) this winner collects
    pao_seat: int | None = None  # seat liable for daisangen/daisuushii, if any

    @property
    def is_tsumo(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True)
class Yaku:
    id: str  # the stable id (:data:`..rows.RIICHI_YAKU`: ``riichi``, ``yakuhai_haku``, ``dora``...)
    han: int  # for yakuman: 13 per yakuman multiple
    is_yakuman: bool


# The mahjong library's English yaku names and the engine's ids for them.
LIBRARY_IDS: Final[dict[str, str]] = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan_kaihou",
    "Haitei Raoyue": "haitei_raoyue",
    "Houtei Raoyui": "houtei_raoyui",
    "Renhou": "renhou",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeiko",
    "Yakuhai (haku)": "yakuhai_haku",
    "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun",
    "Yakuhai (seat wind east)": "yakuhai_seat_wind_east",
    "Yakuhai (seat wind south)": "yakuhai_seat_wind_south",
    "Yakuhai (seat wind west)": "yakuhai_seat_wind_west",
    "Yakuhai (seat wind north)": "yakuhai_seat_wind_north",
    "Yakuhai (round wind east)": "yakuhai_round_wind_east",
    "Yakuhai (round wind south)": "yakuhai_round_wind_south",
    "Yakuhai (round wind west)": "yakuhai_round_wind_west",
    "Yakuhai (round wind north)": "yakuhai_round_wind_north",
    "Sanshoku Doujun": "sanshoku_doujun",
    "Ittsu": "ittsu",
    "Chantai": "chantai",
    "Honroutou": "honroutou",
    "Toitoi": "toitoi",
    "San Ankou": "san_ankou",
    "San Kantsu": "san_kantsu",
    "Sanshoku Doukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shou Sangen": "shou_sangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi_musou",
    "Kokushi Musou Juusanmen Matchi": "kokushi_musou_juusanmen_matchi",
    "Chuuren Poutou": "chuuren_poutou",
    "Daburu Chuuren Poutou": "daburu_chuuren_poutou",
    "Suu Ankou": "suu_ankou",
    "Suu Ankou Tanki": "suu_ankou_tanki",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "dai_suushii",
    "Ryuuiisou": "ryuuiisou",
    "Suu Kantsu": "suu_kantsu",
    "Tsuu Iisou": "tsuu_iisou",
    "Chinroutou": "chinroutou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Renhou (yakuman)": "renhou_yakuman",
    "Dora": "dora",
    "Aka Dora": "aka_dora",
    "Ura Dora": "ura_dora",
    "Open Riichi": "open_riichi",
    "Double Open Riichi": "double_open_riichi",
    "Daisharin": "daisharin",
    "Daichisei": "daichisei",
    "Paarenchan": "paarenchan",
    "Sashikomi": "sashikomi",
    "Nagashi Mangan": "nagashi_mangan",
}

# The yaku a profile's ``score.pao_yaku`` knob names, by id.
PAO_YAKU: Final[dict[str, str]] = {"daisangen": "daisangen", "daisuushii": "dai_suushii"}


def yaku_id(library_name: str) -> str:
    """The engine's id of a yaku the library names (a newer library's unknown yaku: its name
    written as an id, so a win still scores and shows)."""
    return LIBRARY_IDS.get(library_name) or "_".join(re.findall(r"[a-z0-9]+", library_name.lower()))


@dataclass(frozen=True)
class HandScore:
    yaku: tuple[Yaku, ...]  # yaku first, then the dora rows (``dora``, ``aka_dora``, ``ura_dora``)
    han: int  # the listed han added up (yakuman 13 each, before the EMA cap)
    fu: int
    yakuman: int  # multiples paid (0 if none; at most 1 when yakuman do not stack)
    limit: str  # "", "mangan", ..., "sanbaiman", "yakuman", "kazoe yakuman", "2x yakuman"...
    base_points: int  # basic points (2000 for mangan), before x4/x6
    hand_points: int  # what the winner gains from the hand alone (no honba, no sticks)
    payments: tuple[int, int, int, int]  # per absolute seat, with honba and sticks
    fu_parts: tuple[tuple[str, int], ...] = ()  # (the library's reason id, fu) adding up to ``fu``


# --- the option mapping ----------------------------------------------------------------------


@cache
def _options(red_fives: bool, rules: ScoreRules) -> OptionalRules:
    kazoe = HandConstants.KAZOE_LIMITED if rules.kazoe == "yakuman" else HandConstants.KAZOE_SANBAIMAN
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=red_fives,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=kazoe,  # kazoe "none" also stops at sanbaiman: 13 han is still a limit hand
        kiriage=rules.kiriage,
        fu_for_open_pinfu=True,  # an open hand never scores 20 fu (rules-reference §2.9)
        fu_for_pinfu_tsumo=False,  # pinfu tsumo is 20 fu
        renhou_as_yakuman=rules.renhou == "yakuman",
    )


def library_options(profile: RuleProfile) -> OptionalRules:
    """The library's optional rules for a profile: the one place a knob meets the library."""
    return _options(profile.tiles.red_fives > 0, profile.score)


def _library_meld(meld: Meld) -> LibraryMeld:
    return LibraryMeld(
        meld_type=_LIBRARY_MELD_TYPE[meld.kind],
        tiles=list(meld.tiles),
        opened=meld.kind.is_open,
        called_tile=meld.called,
    )


# The library's last answers, by everything they depend on: a win is valued when it is offered
# (is it legal: a yaku?) and again when it is settled with its honba and sticks, which the
# library never reads; the second asking is then a look-up. A few entries: the offers of one
# discard or draw and their settlement (four hard seats' review thread may ask too: each
# entry is written whole, and a response is only read).
_RECENT: dict[tuple[object, ...], tuple[RuleProfile, HandResponse]] = {}
_RECENT_SIZE: Final = 16


def _evaluate(ctx: WinContext, profile: RuleProfile, *, renhou: bool) -> HandResponse:
    key = (
        id(profile), renhou, ctx.winner, ctx.discarder, ctx.dealer, ctx.concealed, ctx.win_tile, ctx.melds,
        ctx.seat_wind, ctx.round_wind, ctx.riichi, ctx.double_riichi, ctx.ippatsu, ctx.haitei, ctx.houtei,
        ctx.rinshan, ctx.chankan, ctx.tenhou, ctx.chiihou, ctx.dora_indicators, ctx.ura_indicators,
    )  # fmt: skip
    known = _RECENT.get(key)
    if known is not None and known[0] is profile:
        return known[1]
    response = _ask_library(ctx, profile, renhou=renhou)
    if len(_RECENT) >= _RECENT_SIZE:
        _RECENT.clear()
    _RECENT[key] = (profile, response)
    return response


def _ask_library(ctx: WinContext, profile: RuleProfile, *, renhou: bool) -> HandResponse:
    riichi_rules = profile.riichi
    riichi = ctx.riichi or ctx.double_riichi
    config = HandConfig(
        is_tsumo=ctx.is_tsumo,
        is_riichi=riichi,
        is_ippatsu=ctx.ippatsu and riichi and riichi_rules.ippatsu,
        is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan,
        # a replacement tile is never the last tile (T-KOBA "最終牌で嶺上開花"), and a robbed kan
        # is not the last discard: the library refuses both pairs, so the rarer yaku gives way
        is_haitei=ctx.haitei and not ctx.rinshan,
        is_houtei=ctx.houtei and not ctx.chankan,
        is_daburu_riichi=ctx.double_riichi and riichi_rules.double_riichi,
        is_tenhou=ctx.tenhou,
        is_chiihou=ctx.chiihou,
        is_renhou=renhou,
        player_wind=EAST_INDEX + ctx.seat_wind,
        round_wind=EAST_INDEX + ctx.round_wind,
        options=library_options(profile),
    )
    tiles = list(ctx.concealed)
    for meld in ctx.melds:
        tiles.extend(meld.tiles)
    ura = list(ctx.ura_indicators) if riichi_rules.ura_dora else []
    return HandCalculator.estimate_hand_value(
        tiles,
        ctx.win_tile,
        melds=[_library_meld(m) for m in ctx.melds],
        dora_indicators=list(ctx.dora_indicators),
        config=config,
        ura_dora_indicators=ura,
    )


# --- points ----------------------------------------------------------------------------------


def ceil100(points: int) -> int:
    return -(-points // 100) * 100


def basic_points(han: int, fu: int, yakuman: int, rules: ScoreRules) -> tuple[int, str]:
    """Basic points and the limit's name (rules-reference §2.10)."""
    if yakuman:
        return YAKUMAN_BASE * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    if han >= YAKUMAN_HAN:
        if rules.kazoe == "yakuman":
            return YAKUMAN_BASE, "kazoe yakuman"
        return 6000, "sanbaiman"
    for min_han, base, name in _LIMITS:
        if han >= min_han:
            return base, name
    base = fu * 2 ** (han + 2)
    if base > MANGAN_BASE or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return MANGAN_BASE, "mangan"
    return base, ""


def _pays_pao(ctx: WinContext, yaku: tuple[Yaku, ...], rules: ScoreRules) -> bool:
    if ctx.pao_seat is None or ctx.pao_seat == ctx.winner:
        return False
    liable = {PAO_YAKU[y] for y in rules.pao_yaku if y in PAO_YAKU}
    return any(y.id in liable for y in yaku)


def settle(ctx: WinContext, base: int, rules: ScoreRules, *, pao: bool = False) -> tuple[int, list[int]]:
    """(hand points, payments per seat) for a win worth ``base`` basic points.

    Ron: the discarder pays 4b (6b for the dealer) plus ``honba_ron`` per honba. Tsumo: the dealer
    pays 2b and the others b (2b each when the dealer wins), each plus ``honba_tsumo_each`` per
    honba. Pao: on tsumo the liable seat pays everything; on a ron by a third player the discarder
    and the liable seat pay half the hand each, and the honba go to ``pao_honba_payer``.
    """
    winner = ctx.winner
    dealer_won = winner == ctx.dealer
    pay = [0, 0, 0, 0]
    if ctx.discarder is not None:
        hand = ceil100(base * (6 if dealer_won else 4))
        honba = rules.honba_ron * ctx.honba
        if pao and ctx.pao_seat != ctx.discarder:
            assert ctx.pao_seat is not None
            half = hand // 2
            pay[ctx.pao_seat] -= half
            pay[ctx.discarder] -= hand - half
            honba_payer = ctx.pao_seat if rules.pao_honba_payer == "pao" else ctx.discarder
            pay[honba_payer] -= honba
        else:
            pay[ctx.discarder] -= hand + honba
        pay[winner] += hand + honba
    else:
        hand = 0
        for seat in range(4):
            if seat == winner:
                continue
            share = ceil100(base * 2) if dealer_won or seat == ctx.dealer else ceil100(base)
            hand += share
            owed = share + rules.honba_tsumo_each * ctx.honba
            pay[ctx.pao_seat if pao and ctx.pao_seat is not None else seat] -= owed
            pay[winner] += owed
    pay[winner] += 1000 * ctx.riichi_sticks
    return hand, pay


# --- the hand --------------------------------------------------------------------------------


def _yaku_of(response: HandResponse) -> tuple[Yaku, ...]:
    out: list[Yaku] = []
    for item in response.yaku or ():
        han = item.han_open if response.is_open_hand and item.han_open else item.han_closed
        out.append(Yaku(yaku_id(str(item.name)), int(han), bool(item.is_yakuman)))
    return tuple(out)


def _fu(response: HandResponse, rules: ScoreRules) -> int:
    """The library's fu, with a double-wind pair worth ``double_wind_pair_fu`` (it gives 4)."""
    fu = int(response.fu or 0)
    details = response.fu_details or []
    if rules.double_wind_pair_fu != 4 and any(d["reason"] == FuCalculator.DOUBLE_VALUED_PAIR for d in details):
        raw = sum(int(d["fu"]) for d in details) - 4 + rules.double_wind_pair_fu
        fu = -(-raw // 10) * 10
    return fu


def _fu_parts(response: HandResponse, rules: ScoreRules) -> tuple[tuple[str, int], ...]:
    """The fu line by line as the library counted them (a double-wind pair at the profile's
    value), for the result screen's breakdown; they add up to ``_fu`` before rounding."""
    parts = []
    for detail in response.fu_details or []:
        reason, fu = str(detail["reason"]), int(detail["fu"])
        if reason == FuCalculator.DOUBLE_VALUED_PAIR:
            fu = rules.double_wind_pair_fu
        parts.append((reason, fu))
    return tuple(parts)


_REJECTIONS = (HandCalculator.ERR_HAND_NOT_WINNING, HandCalculator.ERR_NO_YAKU)


def _checked(response: HandResponse) -> HandResponse | None:
    if response.error is None:
        return response
    if response.error in _REJECTIONS:
        return None
    raise ValueError(f"inconsistent win context: {response.error}")


def _score(ctx: WinContext, profile: RuleProfile, response: HandResponse) -> HandScore | None:
    rules = profile.score
    yaku = _yaku_of(response)
    multiples = [y.han // YAKUMAN_HAN for y in yaku if y.is_yakuman]
    if not multiples and sum(y.han for y in yaku if y.id not in DORA_ROWS) < profile.win.min_han:
        return None  # win.min_han: dora never count toward the minimum
    yakuman = (sum(multiples) if rules.yakuman_stack else max(multiples)) if multiples else 0
    han = sum(y.han for y in yaku)
    fu = _fu(response, rules)
    base, limit = basic_points(han, fu, yakuman, rules)
    hand, pay = settle(ctx, base, rules, pao=yakuman > 0 and _pays_pao(ctx, yaku, rules))
    return HandScore(yaku, han, fu, yakuman, limit, base, hand, (pay[0], pay[1], pay[2], pay[3]),
                     _fu_parts(response, rules))


def score_win(ctx: WinContext, profile: RuleProfile) -> HandScore | None:
    """The score of a win, or None when the hand is not a legal win under the profile (not
    complete, or no yaku: dora alone never wins).

    Raises ValueError when the context contradicts itself (riichi with an open meld, tenhou for a
    non-dealer, renhou on a tsumo...): that is an engine bug, not a hand without value.
    """
    rules = profile.score
    if not (ctx.renhou and rules.renhou == "mangan"):
        response = _checked(_evaluate(ctx, profile, renhou=ctx.renhou and rules.renhou == "yakuman"))
        return None if response is None else _score(ctx, profile, response)
    # EMA renhou: a mangan "not cumulative with other yaku and dora"; the hand scores the better
    # of that mangan and its own value without renhou.
    plain = _checked(_evaluate(ctx, profile, renhou=False))
    if plain is not None:
        score = _score(ctx, profile, plain)
        if score is not None and score.base_points > MANGAN_BASE:
            return score
    with_renhou = _checked(_evaluate(ctx, profile, renhou=True))
    if with_renhou is None:
        return None
    renhou = Yaku("renhou", 5, False)
    hand, pay = settle(ctx, MANGAN_BASE, rules)
    return HandScore((renhou,), 5, _fu(with_renhou, rules), 0, "mangan", MANGAN_BASE, hand, (pay[0], pay[1], pay[2], pay[3]))


def has_yaku(ctx: WinContext, profile: RuleProfile) -> bool:
    """Whether the complete hand may be declared a win (it has a yaku, dora aside)."""
    return score_win(ctx, profile) is not None


# --- payments that are not wins -----------------------------------------------------------------


def nagashi_payments(winner: int, dealer: int) -> tuple[int, int, int, int]:
    """Nagashi mangan: paid as a mangan tsumo, no honba, no sticks (rules-reference §2.5)."""
    pay = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        share = 2 * MANGAN_BASE if winner == dealer or seat == dealer else MANGAN_BASE
        pay[seat] -= share
        pay[winner] += share
    return (pay[0], pay[1], pay[2], pay[3])


def exhaustive_draw_payments(tenpai: tuple[bool, bool, bool, bool], noten_total: int) -> tuple[int, int, int, int]:
    """Noten payments at an exhaustive draw: the noten players pay ``noten_total`` between them
    to the tenpai players (3000: 1000/3000, 1500/1500, 3000/1000); none with 0 or 4 tenpai.
    Always sums to zero (a total that does not split evenly is rounded down)."""
    n = sum(tenpai)
    if n in (0, 4):
        return (0, 0, 0, 0)
    unit = noten_total // (n * (4 - n))
    gain, loss = unit * (4 - n), unit * n
    out = [gain if t else -loss for t in tenpai]
    return (out[0], out[1], out[2], out[3])


# --- the AI's estimate of a hand in progress (game.engine.value_estimate) ---------------------------

_POINTS_BY_HAN = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)
# the terminals and honours (what tanyao may not hold), read in one C call
_OUTSIDE = itemgetter(*(k for k in range(34) if k >= 27 or k % 9 in (0, 8)))


def points_for_han(han: float, dealer: bool) -> float:
    """Typical ron points for a (fractional) han count, 30 fu below mangan."""
    han = max(0.0, min(13.0, han))
    lo = int(han)
    hi = min(13, lo + 1)
    frac = han - lo
    pts = _POINTS_BY_HAN[lo] * (1 - frac) + _POINTS_BY_HAN[hi] * frac
    return pts * (1.5 if dealer else 1.0)


class HanEstimate:
    """The riichi family's estimate: dora and red fives, value honours, tanyao, flushes, and the
    closed hand's menzen tsumo / pinfu / ura chances (a riichi a han more); a tenpai hand's waits
    are read yaku by yaku by the AI (fast, no fu)."""

    waits = WaitReading.YAKU

    def expected(self, hand: HandInProgress, obs: Observation, profile: RuleProfile) -> float:
        all_counts, closed = hand.all_counts, hand.closed
        han = float(dora_count(all_counts, obs)) + hand.reds
        han = add_honour_sets(han, hand, 1.0, 1.0, 0.3)
        outside = sum(_OUTSIDE(all_counts))
        if closed or profile.score.open_tanyao:
            han += 1.0 if outside == 0 else 0.25 if outside == 1 and closed else 0.0
        han = add_one_suit(han, hand, off=1, least=8, mixed=3 if closed else 2, pure=6 if closed else 5, near_share=0.3)
        if closed:
            han += 0.5  # menzen tsumo, pinfu, ura and ippatsu chances
            if hand.riichi:
                han += 1.0
        return han

    def points(self, value: float, obs: Observation, profile: RuleProfile) -> float:
        return points_for_han(max(1.0, value), obs.dealer == obs.seat)

    def threat_points(self, melds: Sequence[Meld], flush: bool, dealer: bool, profile: RuleProfile) -> float | None:
        return None  # the AI's reading of the shown han is this model's own


HAN_ESTIMATE: Final = HanEstimate()
