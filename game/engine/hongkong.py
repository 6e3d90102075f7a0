"""Hong Kong Old Style hand values (番 fan) and what each seat pays.

Sources (cited by section in ``profiles/hongkong.toml``): W-MJ (Wikipedia, *Mahjong*, §Old Hong
Kong mahjong rules: §Scoring), W-HKSR (Wikipedia, *Hong Kong mahjong scoring rules*: §Counting
faan, §Hand faan, §Winning condition faan, §Wind and dragon faan, §Flower faan, §Faan to
points, the standard payment modifiers), S-FAQ17 (Tom Sloper, sloperama.com FAQ 17 "Hong Kong Old
Style Mah-Jongg": the 3-fan minimum), RA-HK (Riichi Advanced, ``priv/static/rulesets/hk.json`` and
``hk.majs``: the fan of each row and which rows a larger one replaces).

A win is four sets and a pair (or thirteen orphans). Its fan are the rows the profile's ``[fan]``
knobs price (a knob of 0: no such row), read over every arrangement of the concealed tiles, the
best one scored (the player chooses the reading, as in every rulebook here). A row worth the
limit or more makes a limit hand, worth the limit and no more (W-HKSR §Counting faan: a limit
hand is scored on the hand and how it was won alone). Below the limit the rows add up to at most
the limit.

The minimum (``fan.min_fan``, S-FAQ17: "the hand does not qualify to go mah-jongg unless [it]
earns a minimum of 3 doubles") does not count the flowers (W-MJ §Scoring: "Bonus tiles and a few
other elements are not included in the minimum faan value"): a hand below it is no win at all.

Rows that necessarily hold a smaller one replace it (RA-HK ``define_yaku_precedence``): great
dragons the dragon pungs, great winds the wind pungs, all honours the wind pungs, all in triplets,
mixed one suit and mixed orphans, four concealed pungs / four kongs / orphans all in triplets,
thirteen orphans mixed orphans, nine gates all one suit and concealed hand, the heavenly and
earthly hands self-draw and concealed hand.

Payment (W-HKSR's standard payment modifiers): a hand of f fan is worth u(f) = ``base_points``
× 2^f (``table = "doubling"``) or the half-spicy table (半辣, RA-HK's points); on a self-draw each
of the three others pays 2u; on a discard win the discarder pays 2u and each other u
(``discard_payment = "half_shooter"``, 半銃), or the discarder pays all 4u (``"discarder_pays_all"``,
全銃). There is no dealer bonus.

Knobs: ``fan.*``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .meld import Meld, MeldKind
from .observation import Observation
from .profile import FanRules, RuleProfile
from .rows import Unit
from .shanten import arrangements
from .tiles import (
    DRAGONS,
    FLOWER_ID_BASE,
    HONOR_BASE,
    TERMINALS_AND_HONORS,
    WINDS,
    counts_of,
    is_flower_kind,
    kind_of,
)
from .value_estimate import (
    HandInProgress,
    WaitReading,
    add_honour_sets,
    add_one_suit,
    honour_melds,
    own_flowers,
)
from .values import WinRequest, WinValue

Row = tuple[str, int]  # (row id, fan): the ids and their Cantonese names are ..rows.HONG_KONG_FAN

FLOWER_ROWS = frozenset({"no_flowers", "seat_flower", "flower_set"})
THIRTEEN = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# a larger row that necessarily holds the smaller ones (RA-HK define_yaku_precedence)
REPLACES: dict[str, frozenset[str]] = {
    "great_dragons": frozenset({"dragon_pung"}),
    "great_winds": frozenset({"seat_wind", "round_wind"}),
    "all_honours": frozenset({"seat_wind", "round_wind", "all_in_triplets", "mixed_one_suit", "mixed_orphans"}),
    "four_concealed_pungs": frozenset({"all_in_triplets"}),
    "four_kongs": frozenset({"all_in_triplets"}),
    "orphans": frozenset({"all_in_triplets", "mixed_orphans"}),
    "thirteen_orphans": frozenset({"mixed_orphans"}),
    "nine_gates": frozenset({"all_one_suit", "concealed_hand"}),
    "heavenly_hand": frozenset({"self_draw", "concealed_hand"}),
    "earthly_hand": frozenset({"concealed_hand"}),
}
# 半辣 half-spicy: the doubling slows to one and a half per fan past four (RA-HK hk.majs)
HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)


@dataclass(frozen=True, slots=True)
class HkSet:
    """One of the four sets: a chow or a pung/kong, whether concealed (held or an ankan, and not
    completed by a discard), whether a kong."""

    chow: bool
    kind: int
    concealed: bool
    kong: bool = False


def score_hongkong(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    """The hand's value and every seat's payment, or None when it is no win (not a winning shape,
    or below the minimum)."""
    r = profile.fan
    sets_left = profile.win.sets - len(req.melds)
    kinds = [kind_of(t) for t in req.concealed]
    if sets_left < 0 or any(is_flower_kind(k) for k in kinds) or len(kinds) != 3 * sets_left + 2:
        return None
    counts = counts_of(kinds)
    win = kind_of(req.win_tile)
    if not counts[win]:
        return None  # the winning tile is among the concealed tiles (a ron adds it there)
    every = kinds + [k for m in req.melds for k in m.kinds]
    candidates = [_rows(r, req, _reading(a.sets, a.pair, req), a.pair, every) for a in arrangements(counts, sets_left)]
    if not req.melds and _thirteen_orphans(counts):
        candidates.append(_keep([("thirteen_orphans", r.thirteen_orphans), *_manner(r, req, concealed=True)]))
    candidates = [c for c in candidates if c]
    if not candidates:
        return None
    rows = max(candidates, key=lambda rs: (_total(rs, r.limit), -len(rs)))  # first of equals: stable
    fan = _total(rows, r.limit)
    if _total([x for x in rows if x[0] not in FLOWER_ROWS], r.limit) < r.min_fan:
        return None
    deltas = settle(req.winner, req.discarder, fan, r)
    limit = "limit" if fan >= r.limit else ""
    return WinValue(tuple(rows), fan, Unit.FAN, 0, limit, deltas[req.winner], deltas)


def hand_points(fan: int, r: FanRules) -> int:
    """What a hand of ``fan`` fan is worth to each payer before the payment modifiers."""
    f = max(0, min(fan, r.limit))
    if r.table == "half_spicy":
        return r.base_points * HALF_SPICY[min(f, len(HALF_SPICY) - 1)]
    return int(r.base_points * 2**f)


def settle(winner: int, discarder: int | None, fan: int, r: FanRules) -> tuple[int, int, int, int]:
    """Per-seat payments: a self-draw 2u from each of the three others; a discard win 2u from
    the discarder and u from each other (半銃), or 4u from the discarder alone (全銃)."""
    u = hand_points(fan, r)
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        if discarder is None:
            pay = 2 * u
        elif r.discard_payment == "discarder_pays_all":
            pay = 4 * u if seat == discarder else 0
        else:
            pay = 2 * u if seat == discarder else u
        deltas[seat] -= pay
        deltas[winner] += pay
    return (deltas[0], deltas[1], deltas[2], deltas[3])


# --- the reading ------------------------------------------------------------------------------


def _reading(concealed_sets: Sequence[tuple[str, int]], pair: int, req: WinRequest) -> tuple[HkSet, ...]:
    """The four sets of one reading, melds included. A concealed pung of the winning tile's kind,
    won on a discard, is exposed unless the reading can put the winning tile in the pair or a chow."""
    win = kind_of(req.win_tile)
    elsewhere = pair == win or any(s == "chi" and k <= win <= k + 2 for s, k in concealed_sets)
    out = [
        HkSet(shape == "chi", k, shape == "chi" or req.discarder is None or k != win or elsewhere)
        for shape, k in concealed_sets
    ]
    for m in req.melds:
        out.append(HkSet(m.kind is MeldKind.CHI, m.first_kind, m.kind is MeldKind.ANKAN, m.is_kan))
    return tuple(out)


def _thirteen_orphans(counts: Sequence[int]) -> bool:
    return all(counts[k] for k in THIRTEEN) and sum(counts[k] for k in THIRTEEN) == 14


def _total(rows: Sequence[Row], limit: int) -> int:
    return min(limit, sum(v for _, v in rows))


def _keep(rows: list[Row]) -> list[Row]:
    """Rows without the ones a larger row present replaces; only rows that score."""
    present = {name for name, v in rows if v}
    hidden = set().union(*(REPLACES.get(name, frozenset()) for name in present))
    return [(name, v) for name, v in rows if v and name not in hidden]


def _rows(r: FanRules, req: WinRequest, sets: Sequence[HkSet], pair: int, every: Sequence[int]) -> list[Row]:
    concealed = all(m.kind is MeldKind.ANKAN for m in req.melds)  # 門前清: a concealed kong keeps it
    rows: list[Row] = [*_manner(r, req, concealed=concealed)]
    pungs = [s.kind for s in sets if not s.chow]
    suits = {k // 9 for k in every if k < HONOR_BASE}
    honours = any(k >= HONOR_BASE for k in every)
    if all(s.chow for s in sets):
        rows.append(("common_hand", r.common_hand))
    if len(pungs) == len(sets):
        rows.append(("all_in_triplets", r.all_in_triplets))
    if not suits:
        rows.append(("all_honours", r.all_honours))
    elif len(suits) == 1:
        rows.append(("mixed_one_suit", r.mixed_one_suit) if honours else ("all_one_suit", r.all_one_suit))
    if all(k in TERMINALS_AND_HONORS for k in every):
        rows.append(("mixed_orphans", r.mixed_orphans) if honours else ("orphans", r.orphans))
    if sum(1 for s in sets if not s.chow and s.concealed) == 4:
        rows.append(("four_concealed_pungs", r.four_concealed_pungs))
    if sum(1 for s in sets if s.kong) == 4:
        rows.append(("four_kongs", r.four_kongs))
    if concealed and len(suits) == 1 and not honours and _nine_gates(every, kind_of(req.win_tile)):
        rows.append(("nine_gates", r.nine_gates))
    dragons = [k for k in pungs if k in DRAGONS]
    winds = [k for k in pungs if k in WINDS]
    if len(dragons) == 3:
        rows.append(("great_dragons", r.great_dragons))
    elif len(dragons) == 2 and pair in DRAGONS:
        rows.append(("small_dragons", r.small_dragons))
    if len(winds) == 4:
        rows.append(("great_winds", r.great_winds))
    elif len(winds) == 3 and pair in WINDS:
        rows.append(("small_winds", r.small_winds))
    if dragons and r.dragon_pung:
        rows.append(("dragon_pung", r.dragon_pung * len(dragons)))
    if WINDS[req.seat_wind] in winds:
        rows.append(("seat_wind", r.seat_wind))
    if WINDS[req.round_wind] in winds:
        rows.append(("round_wind", r.round_wind))
    rows += _flowers(r, req)
    return _keep(rows)


def _manner(r: FanRules, req: WinRequest, *, concealed: bool) -> list[Row]:
    """How the hand was won (W-HKSR §Winning condition faan)."""
    rows: list[Row] = []
    if req.tenhou:
        rows.append(("heavenly_hand", r.heavenly_hand))
    if req.renhou:
        rows.append(("earthly_hand", r.earthly_hand))
    if req.discarder is None:
        rows.append(("self_draw", r.self_draw))
    if concealed:
        rows.append(("concealed_hand", r.concealed_hand))
    if req.haitei or req.houtei:
        rows.append(("last_tile", r.last_tile))
    if req.rinshan:
        rows.append(("kong_replacement", r.kong_replacement))
    if req.chankan:
        rows.append(("robbing_kong", r.robbing_kong))
    return rows


def _flowers(r: FanRules, req: WinRequest) -> list[Row]:
    """無花, 正花 (the seat's own flower and season) and 一台花 (a whole set of four)."""
    held = set(req.flowers)
    if not held:
        return [("no_flowers", r.no_flowers)]
    rows: list[Row] = []
    own = {FLOWER_ID_BASE + req.seat_wind, FLOWER_ID_BASE + 4 + req.seat_wind}
    if held & own:
        rows.append(("seat_flower", r.seat_flower * len(held & own)))
    sets = sum(1 for base in (FLOWER_ID_BASE, FLOWER_ID_BASE + 4) if held >= set(range(base, base + 4)))
    if sets:
        rows.append(("flower_set", r.flower_set * sets))
    return rows


def _nine_gates(every: Sequence[int], win: int) -> bool:
    """九蓮寶燈: 1112345678999 of one suit, and any tile of it (concealed, checked by the caller)."""
    counts = counts_of(every)
    suit = win // 9 * 9
    shape = [counts[suit + i] for i in range(9)]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    extra = [c - n for c, n in zip(shape, need, strict=True)]
    return all(e >= 0 for e in extra) and sum(extra) == 1


# --- the AI's estimate of a hand in progress (game.engine.value_estimate) ---------------------------


class FanEstimate:
    """Hong Kong: the rows a hand in progress is likely to make (concealed hand, self-draw at a
    share, value-honour pungs, the flushes, all in triplets or a common hand, flowers); a tenpai
    hand's waits are scored by :func:`score_hongkong` itself, as the seat would win each."""

    waits = WaitReading.SCORED

    def expected(self, hand: HandInProgress, obs: Observation, profile: RuleProfile) -> float:
        f = profile.fan
        melds = hand.melds
        fan = (f.concealed_hand + 0.4 * f.self_draw) if hand.closed else 0.3 * f.self_draw
        fan = add_honour_sets(fan, hand, f.dragon_pung, f.seat_wind, 0.4)
        fan = add_one_suit(fan, hand, off=2, least=6, mixed=f.mixed_one_suit, pure=f.all_one_suit, near_share=0.4)
        if all(m.kind is not MeldKind.CHI for m in melds) and sum(1 for c in hand.all_counts if c >= 2) >= 4:
            fan += 0.5 * f.all_in_triplets
        elif not any(m.kind is not MeldKind.CHI for m in melds):
            fan += 0.3 * f.common_hand
        fan += f.seat_flower * own_flowers(obs) + (f.no_flowers if not obs.me.flowers else 0)
        return fan

    def points(self, value: float, obs: Observation, profile: RuleProfile) -> float:
        """What the three others pay on average between a discard win and a self-draw."""
        f = profile.fan
        return float(5.0 * f.base_points * 2.0 ** min(max(value, 0.0), float(f.limit)))

    def threat_points(self, melds: Sequence[Meld], flush: bool, dealer: bool, profile: RuleProfile) -> float | None:
        f = profile.fan
        fan = f.min_fan + (f.mixed_one_suit if flush else 0) + f.dragon_pung * honour_melds(melds, DRAGONS)
        return 2.0 * f.base_points * 2.0 ** min(fan, f.limit)  # a discarder pays double (半銃)


FAN_ESTIMATE: Final = FanEstimate()
