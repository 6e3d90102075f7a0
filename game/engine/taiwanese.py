"""Taiwanese 16-tile hand values (底 + 台), rules-reference §4.4-§4.5.

A minimal counter until the full tai table lands with the profiles issue: it pays the base and
the tai it can already count (self-draw, concealed, dealer with continuations, flowers), so that
Taiwanese hands play end to end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .profile import RuleProfile
from .tiles import FLOWER_ID_BASE

if TYPE_CHECKING:
    from .scoring_bridge import WinRequest, WinValue


def score_taiwanese(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    from .scoring_bridge import WinValue

    tai_rules = profile.tai
    yaku: list[tuple[str, int]] = []
    concealed = all(not m.kind.is_open for m in req.melds)
    tsumo = req.discarder is None
    if concealed and tsumo and tai_rules.menqing_zimo_bundle:
        yaku.append(("Concealed self-draw", tai_rules.menqing_zimo_bundle))
    else:
        if concealed and tai_rules.menqing:
            yaku.append(("Concealed hand", tai_rules.menqing))
        if tsumo and tai_rules.zimo:
            yaku.append(("Self-draw", tai_rules.zimo))
    if tai_rules.flower_scoring == "each_flower_1":
        n_flowers = len(req.flowers)
    else:
        seat_flowers = {FLOWER_ID_BASE + req.seat_wind, FLOWER_ID_BASE + 4 + req.seat_wind}
        n_flowers = sum(1 for f in req.flowers if f in seat_flowers)
    if n_flowers and tai_rules.flower_tai:
        yaku.append(("Flowers", n_flowers * tai_rules.flower_tai))
    tai = sum(t for _, t in yaku)
    dealer_tai = tai_rules.dealer_base + tai_rules.per_continuation * req.dealer_streak
    deltas = [0, 0, 0, 0]
    payers = [req.discarder] if req.discarder is not None else [s for s in range(4) if s != req.winner]
    for payer in payers:
        involved = req.winner == req.dealer or payer == req.dealer
        value = tai_rules.base + tai_rules.tai_value * (tai + (dealer_tai if involved else 0))
        deltas[payer] -= value
        deltas[req.winner] += value
    return WinValue(tuple(yaku), tai, 0, "", deltas[req.winner], (deltas[0], deltas[1], deltas[2], deltas[3]))
