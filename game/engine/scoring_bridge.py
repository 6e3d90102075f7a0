"""The engine's one door to hand values: dispatch a win to the profile's scoring model.

The profile names its model (``score.model``): ``han_fu`` scores through :mod:`.scoring` (the
``mahjong`` library), ``base_plus_tai`` through the Taiwanese tai counter, ``fan_doubling``
through the Hong Kong fan counter (:mod:`.hongkong`). The match never asks
which rulebook it plays; it builds one :class:`WinRequest` and reads one :class:`WinValue`.

Each model is registered with its :class:`.value_estimate.ValueEstimate` (kept in its scoring
module beside its counter): the AI's guess at what a hand in progress is worth, read through
:func:`estimate_for`, so a new scoring model is one row here and the AI names no model.

Knobs: ``score.model``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .hongkong import FAN_ESTIMATE, score_hongkong
from .profile import RuleProfile
from .rows import Unit
from .scoring import HAN_ESTIMATE, WinContext, exhaustive_draw_payments, nagashi_payments, score_win
from .taiwanese import TAI_ESTIMATE, score_taiwanese
from .value_estimate import ValueEstimate
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


@dataclass(frozen=True, slots=True)
class ScoringModel:
    """A scoring model: its counter of complete hands and its estimate of hands in progress."""

    value: Callable[[WinRequest, RuleProfile], WinValue | None]
    estimate: ValueEstimate


SCORING_MODELS: dict[str, ScoringModel] = {
    "han_fu": ScoringModel(_han_fu, HAN_ESTIMATE),
    "base_plus_tai": ScoringModel(_base_plus_tai, TAI_ESTIMATE),
    "fan_doubling": ScoringModel(_fan_doubling, FAN_ESTIMATE),
}


def value_win(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    """The value of a complete hand, or None when the profile does not let it win."""
    return SCORING_MODELS[profile.score.model].value(req, profile)


def estimate_for(profile: RuleProfile) -> ValueEstimate:
    """The profile's scoring model's estimate of hands in progress (for the AI)."""
    return SCORING_MODELS[profile.score.model].estimate


def nagashi_deltas(winners: tuple[int, ...], dealer: int) -> tuple[int, int, int, int]:
    total = [0, 0, 0, 0]
    for w in winners:
        for s, d in enumerate(nagashi_payments(w, dealer)):
            total[s] += d
    return (total[0], total[1], total[2], total[3])


def exhaustive_draw_deltas(tenpai: tuple[bool, ...], noten_total: int) -> tuple[int, int, int, int]:
    a, b, c, d = tenpai
    return exhaustive_draw_payments((a, b, c, d), noten_total)
