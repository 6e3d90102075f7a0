"""Taiwanese 16-tile hand values (底 + 台), rules-reference §4.4 (tai table) and §4.5 (payment).

A win is five sets and a pair (17 tiles, melds counted). Its tai are the sum of the table's rows
that the profile's ``[tai]`` knobs enable (a knob of 0 turns a row off); there is no minimum, so a
0-tai hand (屁胡) wins and is paid the base. When the concealed tiles read in several ways, the
reading with the most tai is scored (rules-reference §1.5 ``win.score_best_arrangement``).

Overlaps. No primary rulebook exists (§8.4); the tables (TW-CHH, TW-WAWA, TW-NH) list rows, and
TW-EY's 計台準則 says that of two patterns that *necessarily* coexist only the higher one counts.
We apply that rule to the patterns built from the hand's sets and flowers, each marked
``overlap:`` below; the rows for how the hand was won (自摸, 海底撈月, 槓上開花, ...) simply add,
as the tables list them side by side and TW-4W rules00 says "scores for patterns are simply
added up". The 門清 rows stay with 五暗刻 for the same reason (a decision: the strict TW-EY reading
would fold 門清 into it). 平胡 accepts claimed chows: TW-CHH's "全部都是順子…且無花牌" asks only for
chows, and 門清 is its own row.

Dealer tai (莊家 1 + 連莊 2n) are not a row of the hand: they are added only to the payments
between the dealer and the other party (§4.5), so :class:`WinValue` ``han`` leaves them out.

Special wins that are not five sets and a pair: 八仙過海 (all eight flowers) and 七搶一 (seven
flowers rob the eighth) are won at once by the match when the eighth flower comes out, and valued
by :func:`score_flower_win`; 嚦咕嚦咕 (seven pairs + a pung; :func:`ligu_waits` lets the match see
its tenpai) and 四槓牌 are scored here when their knob is on.

Knobs: ``tai.*`` (the flower wins, the lock and the house rules that act in play are read by
:mod:`.rules` as well).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .meld import Meld, MeldKind
from .observation import Observation
from .profile import RuleProfile, TaiRules
from .rows import Unit
from .shanten import Arrangement, arrangements, waits
from .tiles import DRAGONS, FLOWER_ID_BASE, HONOR_BASE, WINDS, counts_of, is_flower_kind, kind_of
from .value_estimate import (
    HandInProgress,
    WaitReading,
    add_honour_sets,
    add_one_suit,
    honour_melds,
    own_flowers,
)
from .values import WinRequest, WinValue

Row = tuple[str, int]  # (row id, tai): the ids and the table's names are ..rows.TAIWANESE_TAI

# the two flower sets: seasons 春夏秋冬 and plants 梅蘭菊竹, as tile ids (one copy each)
FLOWER_SETS: Final = (
    frozenset(range(FLOWER_ID_BASE, FLOWER_ID_BASE + 4)),
    frozenset(range(FLOWER_ID_BASE + 4, FLOWER_ID_BASE + 8)),
)


@dataclass(frozen=True, slots=True)
class TaiSet:
    """One of the five sets as the tai table sees it: a chow or a pung/kong, and whether a pung
    is concealed (暗刻: held in hand or an ankan, and not completed by a discard)."""

    chow: bool
    kind: int
    concealed: bool


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the tai rows need to know besides the reading of the sets."""

    req: WinRequest
    rules: TaiRules
    tiles: tuple[int, ...]  # kinds of all 17 (or 18 with kongs) tiles, melds included
    self_drawn: bool
    concealed_hand: bool  # no chow, pung or open kong (an ankan keeps it concealed)
    all_exposed: bool  # five melds, none an ankan: the 求人 hands
    single_wait: bool


def score_taiwanese(req: WinRequest, profile: RuleProfile) -> WinValue | None:
    """The hand's value and every seat's payment, or None when it is not a winning shape."""
    rules = profile.tai
    sets_left = profile.win.sets - len(req.melds)
    kinds = [kind_of(t) for t in req.concealed]
    if sets_left < 0 or any(is_flower_kind(k) for k in kinds) or len(kinds) != 3 * sets_left + 2:
        return None
    counts = counts_of(kinds)
    if not counts[kind_of(req.win_tile)]:
        return None  # the winning tile must be among the concealed tiles (a ron adds it there)
    facts = _facts(req, rules, counts, sets_left)
    candidates = [_hand_tai(facts, _reading(a, req)) for a in arrangements(counts, sets_left)]
    if rules.ligu and not req.melds and is_ligu(counts):
        candidates.append(_ligu_tai(facts))
    if not candidates:
        return None
    yaku = max(candidates, key=lambda ys: sum(t for _, t in ys))  # first of equals: stable
    tai = sum(t for _, t in yaku)
    if rules.tai_cap:
        tai = min(tai, rules.tai_cap)  # the cap is what is paid, so ``han`` reports it too
    deltas = settle(req.winner, req.discarder, req.dealer, tai, req.dealer_streak, rules)
    involved = req.dealer == req.winner or req.discarder in (None, req.dealer)
    extra = dealer_tai(rules, req.dealer_streak) if involved else 0
    return WinValue(tuple(yaku), tai, Unit.TAI, 0, "", deltas[req.winner], deltas, dealer_tai=extra)


def dealer_tai(rules: TaiRules, streak: int) -> int:
    """The dealer's tai, 1 + 2n after n continuations (莊家 and 連n拉n: TW-CHH, TW-WAWA): added
    only to a payment between the dealer and the other party, so they are not the hand's own tai
    and the result screen names them apart."""
    return rules.dealer_base + rules.per_continuation * streak


def settle(
    winner: int, discarder: int | None, dealer: int, tai: int, streak: int, rules: TaiRules
) -> tuple[int, int, int, int]:
    """Per-seat payments (§4.5): the discarder alone pays a discard win, each of the three pays a
    self-draw; value(t) = base + tai_value × t, and the dealer's 1 + 2n tai are added only to a
    payment between the dealer and the other party (TW-4W 4winpr27; TW-WAWA 莊家 row)."""
    extra = dealer_tai(rules, streak)
    deltas = [0, 0, 0, 0]
    payers = [discarder] if discarder is not None else [s for s in range(4) if s != winner]
    for payer in payers:
        involved = dealer in (winner, payer)
        value = rules.base + rules.tai_value * (tai + (extra if involved else 0))
        deltas[payer] -= value
        deltas[winner] += value
    return (deltas[0], deltas[1], deltas[2], deltas[3])


# --- the facts and the readings ---------------------------------------------------------------


def _facts(req: WinRequest, rules: TaiRules, counts: list[int], sets_left: int) -> _Facts:
    before = list(counts)
    before[kind_of(req.win_tile)] -= 1
    # 獨聽: the structural waits of the hand before the winning tile (rules-reference §4.4: "not
    # if other waits vanished only because the tiles are visible", so visible tiles are ignored)
    single = len(waits(before, sets_left, chiitoitsu=False, kokushi=False)) == 1
    tiles = tuple(kind_of(t) for t in req.concealed) + tuple(k for m in req.melds for k in m.kinds)
    return _Facts(
        req=req,
        rules=rules,
        tiles=tiles,
        self_drawn=req.discarder is None,
        concealed_hand=all(m.kind is MeldKind.ANKAN for m in req.melds),
        all_exposed=sets_left == 0 and all(m.kind is not MeldKind.ANKAN for m in req.melds),
        single_wait=single,
    )


def _reading(a: Arrangement, req: WinRequest) -> tuple[tuple[TaiSet, ...], int]:
    """The five sets of one reading (melds included) and the pair's kind.

    A concealed pung of the winning tile's kind, on a discard win, is 明刻 unless the reading can
    place the winning tile in its pair or a chow instead (the player chooses the favourable
    reading, §1.5)."""
    win = kind_of(req.win_tile)
    elsewhere = a.pair == win or any(s == "chi" and k <= win <= k + 2 for s, k in a.sets)
    out: list[TaiSet] = []
    for shape, k in a.sets:
        if shape == "chi":
            out.append(TaiSet(True, k, False))
        else:
            out.append(TaiSet(False, k, req.discarder is None or k != win or elsewhere))
    for m in req.melds:
        out.append(TaiSet(m.kind is MeldKind.CHI, m.first_kind, m.kind is MeldKind.ANKAN))
    return tuple(out), a.pair


def is_ligu(counts: Sequence[int]) -> bool:
    """嚦咕嚦咕: seven pairs and one pung, 17 concealed tiles (a four of a kind is two pairs)."""
    return list(counts).count(3) == 1 and sum(c // 2 for c in counts if c != 3) == 7 and all(
        c in (0, 2, 3, 4) for c in counts
    )


def ligu_waits(counts: Sequence[int]) -> tuple[int, ...]:
    """The kinds that make 16 concealed tiles a 嚦咕嚦咕 (six pairs, a pung and a single; or
    eight pairs), for the match's tenpai when the house rule is on."""
    if sum(counts[:34]) != 16:
        return ()
    c = list(counts[:34])
    out: list[int] = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if is_ligu(c):
                out.append(k)
            c[k] -= 1
    return tuple(out)


def score_flower_win(winner: int, payer: int | None, dealer: int, streak: int, profile: RuleProfile) -> WinValue:
    """八仙過海 (``payer`` None: all eight flowers, paid as a self-draw by the three others) or
    七搶一 (the seat that drew the eighth flower pays alone, like a discarder), TW-CHH/TW-WAWA. The
    hand is not read: the flower rows are inside these (TW-EY: of two patterns that necessarily
    coexist only the higher counts); dealer tai are added between the dealer and a payer (§4.5)."""
    rules = profile.tai
    robbed = payer is not None
    tai = rules.seven_rob_one if robbed else rules.eight_flowers_win
    name = "seven_flowers_rob_the_eighth" if robbed else "all_eight_flowers"
    if rules.tai_cap:
        tai = min(tai, rules.tai_cap)
    deltas = settle(winner, payer, dealer, tai, streak, rules)
    return WinValue(((name, tai),), tai, Unit.TAI, 0, "", deltas[winner], deltas)


# --- the rows ---------------------------------------------------------------------------------


def _hand_tai(f: _Facts, reading: tuple[tuple[TaiSet, ...], int]) -> list[Row]:
    sets, pair = reading
    r = f.rules
    pungs = [s.kind for s in sets if not s.chow]
    yaku = _manner_tai(f)
    yaku += _honour_set_tai(r, pungs, pair, f.req)
    anke = sum(1 for s in sets if not s.chow and s.concealed)
    # overlap: 五暗刻 ⊃ 四暗刻 ⊃ 三暗刻, only the highest (TW-EY; the table's rows are nested)
    for n, tai, name in ((5, r.wu_anke, "five_concealed_pungs"),
                         (4, r.si_anke, "four_concealed_pungs"),
                         (3, r.san_anke, "three_concealed_pungs")):  # fmt: skip
        if anke >= n and tai:
            yaku.append((name, tai))
            break
    all_pungs = len(pungs) == len(sets)
    honours_only = all(k >= HONOR_BASE for k in f.tiles)
    # overlap: 五暗刻 and 字一色 are necessarily all pungs, so 碰碰胡 is not added to them (TW-EY)
    if all_pungs and r.pengpenghu and not (anke == 5 and r.wu_anke) and not (honours_only and r.ziyise):
        yaku.append(("all_pungs", r.pengpenghu))
    if _all_chows(f, sets) and r.pinghu:
        yaku.append(("all_chows", r.pinghu))
    yaku += _flush_tai(r, f.tiles)
    if r.four_kong_win and sum(1 for m in f.req.melds if m.is_kan) == 4:
        yaku.append(("four_kongs", r.four_kong_win))
    yaku += _flower_tai(r, f.req)
    return yaku


def _ligu_tai(f: _Facts) -> list[Row]:
    """嚦咕嚦咕 (house rule, TW-CHH): no sets to read, so only the manner, flush and flower rows."""
    yaku = [("seven_pairs_and_a_pung", f.rules.ligu)]
    return yaku + _manner_tai(f) + _flush_tai(f.rules, f.tiles) + _flower_tai(f.rules, f.req)


def _manner_tai(f: _Facts) -> list[Row]:
    """How the hand was won: 門清/自摸, 獨聽, the last-tile and replacement rows, 求人, 天地人胡."""
    r, req = f.rules, f.req
    yaku: list[Row] = []
    if req.tenhou and r.tianhu:
        # overlap: the dealt hand is necessarily concealed and self-drawn, and was never waiting:
        # 天胡 replaces 門清自摸 (門清, 自摸) and 獨聽 (TW-EY)
        yaku.append(("heavenly_hand", r.tianhu))
    elif req.chiihou and r.dihu:
        # overlap: a first draw with no claim before it is necessarily concealed and self-drawn
        yaku.append(("earthly_hand", r.dihu))
    elif f.concealed_hand and f.self_drawn and r.menqing_zimo_bundle:
        yaku.append(("concealed_self_draw", r.menqing_zimo_bundle))  # replaces 門清 + 自摸 (§4.4)
    else:
        if req.renhou and r.renhu:
            # overlap: before one's first draw no claim was possible, so 人胡 replaces 門清 (TW-EY)
            yaku.append(("human_hand", r.renhu))
        elif f.concealed_hand and r.menqing:
            yaku.append(("concealed_hand", r.menqing))
        if f.self_drawn and r.zimo:
            yaku.append(("self_draw", r.zimo))
    qiuren = 0
    if f.all_exposed:
        qiuren = r.half_qiuren if f.self_drawn else r.quan_qiuren
        if qiuren:
            name = "half_exposed_self_drawn" if f.self_drawn else "all_exposed"
            yaku.append((name, qiuren))
    # overlap: 半求人/全求人 are a pair wait by definition, so 獨聽 is not added (TW-EY)
    if f.single_wait and r.duting and not qiuren and not req.tenhou:
        yaku.append(("single_wait", r.duting))
    if req.haitei and r.haidi:
        yaku.append(("last_tile_self_draw", r.haidi))
    if req.houtei and r.hedi:
        yaku.append(("last_discard", r.hedi))
    if req.rinshan and r.gangshang:
        yaku.append(("win_on_a_replacement_tile", r.gangshang))
    if req.chankan and r.qianggang:
        yaku.append(("robbing_a_kong", r.qianggang))
    return yaku


def _honour_set_tai(r: TaiRules, pungs: list[int], pair: int, req: WinRequest) -> list[Row]:
    """Winds and dragons: 圈風, 門風, 三元牌, 小/大三元, 小/大四喜."""
    wind_pungs = [k for k in pungs if k in WINDS]
    dragon_pungs = [k for k in pungs if k in DRAGONS]
    yaku = _big_or_little(wind_pungs, pair, WINDS, ("big_four_winds", r.da_sixi),
                          ("little_four_winds", r.xiao_sixi))  # fmt: skip
    # overlap: 大四喜 holds every wind pung, so 圈風 and 門風 are inside it (TW-EY); 小四喜 does not
    # necessarily hold them (the pair may be the round or seat wind), so they still count there
    if not (len(wind_pungs) == 4 and r.da_sixi):
        if WINDS[req.round_wind] in wind_pungs and r.round_wind:
            yaku.append(("round_wind", r.round_wind))
        if WINDS[req.seat_wind] in wind_pungs and r.seat_wind:
            yaku.append(("seat_wind", r.seat_wind))
    sangen = _big_or_little(dragon_pungs, pair, DRAGONS, ("big_three_dragons", r.da_sanyuan),
                            ("little_three_dragons", r.xiao_sanyuan))  # fmt: skip
    # overlap: 三元牌 not counted again inside 小/大三元 unless dragon_tai_inside_sangen (TW-EY)
    if dragon_pungs and r.dragon_pung and (not sangen or r.dragon_tai_inside_sangen):
        sangen.append(("dragon_pung", r.dragon_pung * len(dragon_pungs)))
    return yaku + sangen


def _big_or_little(pungs: list[int], pair: int, group: Sequence[int], big: Row, little: Row) -> list[Row]:
    """大四喜/小四喜 or 大三元/小三元: every kind of the group as a pung, or all but one with the
    last as the pair. The two exclude each other (a fifth copy would be needed)."""
    if len(pungs) == len(group) and big[1]:
        return [big]
    if len(pungs) == len(group) - 1 and pair in group and little[1]:
        return [little]
    return []


def _flush_tai(r: TaiRules, tiles: Sequence[int]) -> list[Row]:
    """混一色 (one suit + honours), 清一色 (one suit), 字一色 (honours only): exclusive by shape."""
    suits = {k // 9 for k in tiles if k < HONOR_BASE}
    honours = any(k >= HONOR_BASE for k in tiles)
    if not suits and r.ziyise:
        return [("all_honours", r.ziyise)]
    if len(suits) == 1 and honours and r.hunyise:
        return [("half_flush", r.hunyise)]
    if len(suits) == 1 and not honours and r.qingyise:
        return [("full_flush", r.qingyise)]
    return []


def _flower_tai(r: TaiRules, req: WinRequest) -> list[Row]:
    """正花 (or 見花見台) and 花槓."""
    yaku: list[Row] = []
    held = set(req.flowers)
    kongs = [fs for fs in FLOWER_SETS if held.issuperset(fs)]
    if kongs and r.flower_kong_tai:
        yaku.append(("flower_kong", r.flower_kong_tai * len(kongs)))
        if not r.flower_kong_counts_seat_flowers:
            # overlap: a 花槓 necessarily holds the seat flower of its set (TW-EY; profile comment)
            held -= {f for fs in kongs for f in fs}
    if r.flower_scoring == "each_flower_1":
        counted, name = len(held), "flowers"
    else:
        seat = {FLOWER_ID_BASE + req.seat_wind, FLOWER_ID_BASE + 4 + req.seat_wind}
        counted, name = len(held & seat), "seat_flower"
    if counted and r.flower_tai:
        yaku.append((name, counted * r.flower_tai))
    return yaku


def _two_sided(sets: Sequence[TaiSet], f: _Facts) -> bool:
    """Whether this reading can place the winning tile at either end of a two-sided chow wait:
    the tile is a concealed chow's low end (not 7-8-9) or its high end (not 1-2-3)."""
    win = kind_of(f.req.win_tile)
    concealed_chows = [k for shape, k in _concealed_shapes(sets, f) if shape]
    return any((win == k and k % 9 != 6) or (win == k + 2 and k % 9 != 0) for k in concealed_chows)


def _concealed_shapes(sets: Sequence[TaiSet], f: _Facts) -> list[tuple[bool, int]]:
    """The sets that came from the concealed tiles (the reading lists them before the melds)."""
    return [(s.chow, s.kind) for s in sets[: len(sets) - len(f.req.melds)]]


def _all_chows(f: _Facts, sets: Sequence[TaiSet]) -> bool:
    """平胡 under the profile's conditions (§4.4: the tables disagree, so each is a knob)."""
    r = f.rules
    if not all(s.chow for s in sets):
        return False
    if r.pinghu_no_honors and any(k >= HONOR_BASE for k in f.tiles):
        return False
    if r.pinghu_no_flowers and f.req.flowers:
        return False
    if r.pinghu_no_zimo and f.self_drawn:
        return False
    return not (r.pinghu_two_sided and not _two_sided(sets, f))


# --- the AI's estimate of a hand in progress (game.engine.value_estimate) ---------------------------

# share of Taiwanese wins that are self-draws (measured in `sim --profile taiwanese`: 25-30 %)
TAI_TSUMO_SHARE = 0.3


class TaiEstimate:
    """Taiwanese: 門清 (and its self-drawn bundle at a share), value-honour pungs, the flushes and
    the seat's own flowers; at tenpai the estimate stands (no reading per wait)."""

    waits = WaitReading.ESTIMATE

    def expected(self, hand: HandInProgress, obs: Observation, profile: RuleProfile) -> float:
        t = profile.tai
        tai = 0.0
        if hand.closed:
            tai += t.menqing + 0.35 * max(0, t.menqing_zimo_bundle - t.menqing)
        else:
            tai += 0.3 * t.zimo
        tai = add_honour_sets(tai, hand, t.dragon_pung, t.seat_wind, 0.4)
        tai = add_one_suit(tai, hand, off=2, least=8, mixed=t.hunyise, pure=t.qingyise, near_share=0.4)
        tai += t.flower_tai * own_flowers(obs)
        return tai

    def points(self, value: float, obs: Observation, profile: RuleProfile) -> float:
        """A self-draw is paid in full by each of the three others (rules-reference §4.5), with
        the 自摸 tai, a discard win by the discarder alone: the win is worth its expected payment,
        near twice the discard price (valued at the discard price alone, every win looked half
        as big as it is beside the deal-in it risks, and hard folded far too often)."""
        t = profile.tai
        extra = t.dealer_base if obs.dealer == obs.seat else 0
        ron = float(t.base + t.tai_value * (value + extra))
        tsumo = 3.0 * (ron + t.tai_value * t.zimo)
        return (1.0 - TAI_TSUMO_SHARE) * ron + TAI_TSUMO_SHARE * tsumo

    def threat_points(self, melds: Sequence[Meld], flush: bool, dealer: bool, profile: RuleProfile) -> float | None:
        t = profile.tai
        big = (t.hunyise if flush else 0) + t.dragon_pung * honour_melds(melds, DRAGONS) + t.seat_wind * honour_melds(melds, WINDS)
        return float(t.base + t.tai_value * (2 + big + (t.dealer_base if dealer else 0)))


TAI_ESTIMATE: Final = TaiEstimate()
