"""The engine's one door to hand values: dispatch a win to the profile's scoring model.

The profile names its model (``score.model``): ``han_fu`` scores through :mod:`.scoring` (the
``mahjong`` library), ``base_plus_tai`` through the Taiwanese tai counter. The match never asks
which rulebook it plays; it builds one :class:`WinRequest` and reads one :class:`WinValue`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from .meld import Meld
from .profile import RuleProfile
from .scoring import WinContext, exhaustive_draw_payments, nagashi_payments, score_win


@dataclass(frozen=True)
class WinRequest:
    winner: int
    discarder: int | None
    dealer: int
    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    seat_wind: int
    round_wind: int
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    riichi_sticks: int
    pao_seat: int | None
    dealer_streak: int

    def with_payout(self, *, honba: int, riichi_sticks: int) -> WinRequest:
        return dataclasses.replace(self, honba=honba, riichi_sticks=riichi_sticks)


@dataclass(frozen=True)
class WinValue:
    yaku: tuple[tuple[str, int], ...]  # (name, han or tai)
    han: int
    fu: int
    limit: str
    points: int  # the hand's value alone
    deltas: tuple[int, int, int, int]  # per seat, honba and sticks included
    fu_parts: tuple[tuple[str, int], ...] = ()  # (reason id, fu), before rounding up


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
        tuple((y.name, y.han) for y in score.yaku),
        score.han,
        score.fu,
        score.limit,
        score.hand_points,
        score.payments,
        score.fu_parts,
    )


def _base_plus_tai(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    from .taiwanese import score_taiwanese

    return score_taiwanese(req, profile)


SCORING_MODELS: dict[str, Callable[[WinRequest, RuleProfile], WinValue | None]] = {
    "han_fu": _han_fu,
    "base_plus_tai": _base_plus_tai,
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
