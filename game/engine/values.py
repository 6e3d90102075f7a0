"""A win put to the scoring models, and what they answer: the facts of a win and its value.

:class:`WinRequest` is everything about a win that its value depends on (the flow fills it in,
:mod:`.rules.wins`); :class:`WinValue` is what a scoring model (:mod:`.scoring_bridge`) answers:
the rows (yaku, tai or fan) by stable id, the total in the model's unit, and every seat's payment.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .meld import Meld
from .rows import Unit


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
    rows: tuple[tuple[str, int], ...]  # (row id, its value): yaku, tai or fan rows (:mod:`.rows`)
    value: int  # the rows added up, in ``unit`` (han, tai or fan)
    unit: Unit
    fu: int
    limit: str
    points: int  # the hand's value alone
    deltas: tuple[int, int, int, int]  # per seat, honba and sticks included
    fu_parts: tuple[tuple[str, int], ...] = ()  # (reason id, fu), before rounding up
    dealer_tai: int = 0  # tai added to each payment between the dealer and another seat (Taiwanese 莊家, 連n拉n)
