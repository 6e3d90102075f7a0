"""The engine's one door to hand values: dispatch a win to the profile's scoring model.

The profile names its model (``score.model``): ``han_fu`` scores through :mod:`.scoring` (the
``mahjong`` library), ``base_plus_tai`` through the Taiwanese tai counter, ``fan_doubling``
through the Hong Kong fan counter (:mod:`.hongkong`). The match never asks
which rulebook it plays; it builds one :class:`WinRequest` and reads one :class:`WinValue`.

Knobs: ``score.model``.
"""

from __future__ import annotations

from collections.abc import Callable

from .hongkong import score_hongkong
from .profile import RuleProfile
from .rows import Unit
from .scoring import WinContext, exhaustive_draw_payments, nagashi_payments, score_win
from .taiwanese import score_taiwanese
from .values import WinRequest, WinValue


def _han_fu(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    ctx = WinContext(
        winner=req.winner,
        discarder=req.discarder,
        dealer=req.dealer,
        concealed=req.concealed,
        win_tile=req.win_tile,
        melds=req.melds,
        seat_wind=req.seat_wind,
        round_wind=req.round_wind,
        riichi=req.riichi,
        double_riichi=req.double_riichi,
        ippatsu=req.ippatsu,
        haitei=req.haitei,
        houtei=req.houtei,
        rinshan=req.rinshan,
        chankan=req.chankan,
        tenhou=req.tenhou,
        chiihou=req.chiihou,
        renhou=req.renhou and profile.score.renhou != "none",
        dora_indicators=req.dora_indicators,
        ura_indicators=req.ura_indicators,
        honba=req.honba,
        riichi_sticks=req.riichi_sticks,
        pao_seat=req.pao_seat,
    )
    score = score_win(ctx, profile)
    if score is None:
        return None
    return WinValue(
        tuple((y.id, y.han) for y in score.yaku),
        score.han,
        Unit.HAN,
        score.fu,
        score.limit,
        score.hand_points,
        score.payments,
        score.fu_parts,
    )


def _base_plus_tai(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    return score_taiwanese(req, profile)


def _fan_doubling(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    return score_hongkong(req, profile)


SCORING_MODELS: dict[str, Callable[[WinRequest, RuleProfile], WinValue | None]] = {
    "han_fu": _han_fu,
    "base_plus_tai": _base_plus_tai,
    "fan_doubling": _fan_doubling,
}


def value_win(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    """The value of a complete hand, or None when the profile does not let it win."""
    return SCORING_MODELS[profile.score.model](req, profile)


def nagashi_deltas(winners: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    total = [0, 0, 0, 0]
    for w in winners:
        for s, d in enumerate(nagashi_payments(w, dealer)):
            total[s] += d
    return (total[0], total[1], total[2], total[3])


def exhaustive_draw_deltas(tenpai: tuple[bool, ...], noten_total: int) -> tuple[int, int, int, int]:
    a, b, c, d = tenpai
    return exhaustive_draw_payments((a, b, c, d), noten_total)
