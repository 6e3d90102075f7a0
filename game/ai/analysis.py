"""Hand and table analysis for the AI levels: what is seen, acceptance, danger and value.

Everything here reads an :class:`Observation` (or count vectors built from one) and nothing else,
so a level built on it cannot peek. The numbers are estimates tuned to be *ordered* right (a
middle non-suji tile is more dangerous than a suji terminal, a wider wait wins more often); their
absolute size only matters where push and fold weigh one against the other.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType
from typing import TypeVar

from game.ai.win_calibration import CALIBRATION
from game.engine.meld import Meld, MeldKind
from game.engine.observation import Observation
from game.engine.profile import RuleProfile
from game.engine.scoring import points_for_han as points_for_han  # the AI reads them here too
from game.engine.scoring_bridge import estimate_for, value_win
from game.engine.shanten import (
    Arrangement,
    arrangements,
    discard_shanten,
    improving_draws,
    waits,
)
from game.engine.taiwanese import TAI_TSUMO_SHARE as TAI_TSUMO_SHARE
from game.engine.tiles import DRAGONS, FLOWER_ID_BASE, WINDS, is_red, kind_of
from game.engine.value_estimate import HandInProgress, WaitReading
from game.engine.value_estimate import dora_values as dora_values

NUM_KINDS = 34
T = TypeVar("T")
SIMPLE = tuple(k < 27 and k % 9 not in (0, 8) for k in range(NUM_KINDS))
_TERMINALS_AND_HONOURS = itemgetter(*(k for k in range(NUM_KINDS) if not SIMPLE[k]))


# --- what the seat can see ----------------------------------------------------------------------


def hand_counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        if t < FLOWER_ID_BASE:
            counts[t >> 2] += 1
    return counts


def table_counts(obs: Observation) -> list[int]:
    """Tiles face up on the table: discards (a called one only once, in its meld), melds and
    dora indicators. The seat's own concealed tiles are not included."""
    seen = [0] * NUM_KINDS
    for view in obs.seats:
        for t, called in zip(view.discards, view.discard_called, strict=False):
            if not called:
                seen[t >> 2] += 1
        for m in view.melds:
            for t in m.tiles:
                seen[t >> 2] += 1
    for t in obs.dora_indicators:
        seen[t >> 2] += 1
    return seen


def unseen_counts(obs: Observation) -> list[int]:
    """Copies of each kind this seat has not seen anywhere (in others' hands or the wall)."""
    seen = table_counts(obs)
    mine = hand_counts(obs.hand)
    return [max(0, 4 - seen[k] - mine[k]) for k in range(NUM_KINDS)]


# --- acceptance -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shape:
    """A ``3n+1`` hand's distance from a win and what improves it."""

    shanten: int
    kinds: tuple[int, ...]  # kinds whose draw lowers shanten
    accept: int  # unseen copies of those kinds


def shape_of(counts: list[int], sets: int, specials: tuple[bool, bool], unseen: Sequence[int]) -> Shape:
    """Shanten and acceptance of a ``3n+1`` hand (``counts`` is left as it was).

    The engine's :func:`improving_draws` finds the kinds; hands come back turn after turn and
    discard after discard, so its answers are kept by hand (:func:`_improving`).
    """
    sh, kinds = _improving(bytes(counts), sets, *specials)
    live = tuple([k for k in kinds if unseen[k] > 0])
    return Shape(sh, live, sum(map(unseen.__getitem__, live)))


# The shape caches below are pure (a hand's shape alone), bounded, and sized by what is reused: a
# decision meets the same hands again within itself and the next few decisions, hardly ever later
# (a cache 16 times larger hits no more often in four hard seats' hanchan), so they stay small
# in a long session instead of filling tens of MB (bench memory). Four hard hanchan miss exactly
# as often with this one at 2,048 as at 8,192 (43,947 misses), ``_steps_down`` at 512 as at 4,096
# (20,545) and ``_tenpai_discard_waits`` at 512 as at 2,048 (3,831): some 3 MB less at a table.
@functools.lru_cache(maxsize=1 << 11)
def _improving(key: bytes, sets: int, chiitoitsu: bool, kokushi: bool) -> tuple[int, tuple[int, ...]]:
    sh, kinds = improving_draws(key, sets, chiitoitsu, kokushi)
    return sh, tuple(kinds)


def playable_waits(counts: list[int], sets: int, specials: tuple[bool, bool]) -> list[int]:
    """Waits of a tenpai ``3n+1`` hand, without kinds it holds all four of."""
    return [k for k in waits(counts, sets, *specials) if counts[k] < 4]


def best_wait_after(counts: list[int], sets: int, specials: tuple[bool, bool], unseen: Sequence[int]) -> int:
    """For a tenpai-after-discard ``3n+2`` hand: the widest wait (unseen tiles) over its discards."""
    ug = unseen.__getitem__
    return max((sum(map(ug, w)) for w in _tenpai_discard_waits(bytes(counts), sets, *specials)), default=0)


@functools.lru_cache(maxsize=1 << 9)
def _tenpai_discard_waits(key: bytes, sets: int, chiitoitsu: bool, kokushi: bool) -> tuple[tuple[int, ...], ...]:
    """The playable waits of each discard that leaves a ``3n+2`` hand tenpai: the shape alone, so a
    hand met again in a later decision (its unseen tiles changed) costs no shanten call."""
    counts = list(key)
    specials = (chiitoitsu, kokushi)
    out = []
    for k, sh in discard_shanten(key, sets, chiitoitsu, kokushi):
        if sh == 0:
            counts[k] -= 1
            out.append(tuple(playable_waits(counts, sets, specials)))
            counts[k] += 1
    return tuple(out)


# --- win chance -----------------------------------------------------------------------------------


HAZARD = 0.06  # chance per own draw that the hand ends first (someone else wins)
# typical acceptance of a hand at each shanten, for the steps after the next one
_TYPICAL_ACCEPT = (0, 18, 32, 45, 58, 70, 80)


def win_chance(
    sh: int,
    accept: int,
    obs: Observation,
    *,
    wait_after: float = 5.0,
    ron: bool = True,
    calls: float = 1.0,
    next_accept: float | None = None,
) -> float:
    """A rough chance to win the hand from here: a chain of improving draws, then the wait
    (:func:`raw_chance`). hard weighs its discards with it; :func:`chance` is the same chain
    calibrated on self-play, which hard does not use yet (see :mod:`game.ai.win_calibration`).

    ``accept`` is unseen improving tiles now (the wait itself when ``sh == 0``); later steps
    get a typical acceptance for their shanten (the next one ``next_accept`` when it was
    looked at), and the tenpai waits ``wait_after`` tiles. ``ron`` is False for a hand that
    cannot ron; ``calls`` widens the steps before tenpai of a hand that may still chi and pon
    (an open hand with a yaku).
    """
    if sh < 0:
        return 1.0
    draws = int(max(0.0, obs.live_tiles_left / 4.0) + 0.5)
    return _chain(sh, accept, draws, chain_pool(obs), wait_after, 1.8 if ron else 1.0, calls, next_accept)


@functools.lru_cache(maxsize=1 << 12)
def chance(
    sh: int, accept: int, draws: int, pool: int, wait_after: float, ron: bool, calls: float,
    next_accept: float | None, closed: bool, riichi: bool,
) -> float:
    """The calibrated win chance from the chain's inputs (``closed`` and ``riichi``, a tenpai
    declared, pick the cell): the raw chain through its cell's line, and never below the same hand
    one step further from a win (the lines of two cells may cross in a corner the self-play hardly
    met, as a tenpai on one tile against the one-shanten)."""
    p = calibrated(calibration_cell(sh, closed, riichi), raw_chance(sh, accept, draws, pool, wait_after, ron, calls,
                                                                    next_accept), draws)
    if sh < 3:
        p = max(p, chance(sh + 1, accept, draws, pool, wait_after, ron, calls, None, closed, False))
    return p


def chain_draws_pool(obs: Observation) -> tuple[int, int]:
    """The chain's draws (the live wall over four seats) and its pool of unseen tiles, as
    :func:`win_chance` reads them."""
    draws = int(max(0.0, obs.live_tiles_left / 4.0) + 0.5)
    return draws, chain_pool(obs)


def raw_chance(
    sh: int, accept: int, draws: int, pool: int, wait_after: float, ron: bool, calls: float, next_accept: float | None
) -> float:
    """The uncalibrated chain: each of the ``draws`` left the hand may end first (:data:`HAZARD`),
    so a wider acceptance wins more often at every step; ron roughly doubles the chance per turn of
    a tenpai hand (three other rivers)."""
    return _chain(sh, accept, draws, pool, wait_after, 1.8 if ron else 1.0, calls, next_accept)


def calibration_cell(sh: int, closed: bool, riichi: bool) -> tuple[int, str]:
    """The calibration's cell of a hand: its shanten (three and more together) and open, closed
    or (a tenpai) declaring riichi."""
    return min(sh, 3), "riichi" if riichi and sh == 0 else "closed" if closed else "open"


def calibration_draws(draws: int) -> float:
    """The draws left as the calibration reads them (per ten)."""
    return draws / 10.0


def calibrated(cell: tuple[int, str], raw: float, draws: int) -> float:
    """The raw chain's chance through the fitted line of its cell, ``sigmoid(a + b * logit(raw)
    + c * draws / 10)``: the chain's own hazard leaves it too flat in the draws left (a cell not in
    the table keeps the raw chance)."""
    line = CALIBRATION.get(cell)
    if line is None or raw <= 0.0:
        return raw
    a, b, c = line
    p = min(1 - 1e-4, max(1e-4, raw))
    return 1.0 / (1.0 + math.exp(-(a + b * math.log(p / (1 - p)) + c * calibration_draws(draws))))


@functools.lru_cache(maxsize=1 << 12)
def _chain(
    sh: int, accept: int, draws: int, pool: int, wait_after: float, boost: float, calls: float, next_accept: float | None
) -> float:
    """The draw-by-draw chain of :func:`win_chance` (hands and tables repeat: kept by arguments)."""
    qs = [min(0.95, calls * accept / pool)] if sh > 0 else []
    for step in range(sh - 1, 0, -1):
        typical = float(_TYPICAL_ACCEPT[min(step, 6)])
        if step == sh - 1 and next_accept is not None:
            typical = next_accept
        qs.append(min(0.95, calls * typical / pool))
    qs.append(min(0.95, (accept if sh == 0 else wait_after) * boost / pool))
    # stage i = improvements made so far; the last stage wins with qs[-1]. One draw moves each
    # stage's chance on in place, from the last stage down (a stage's stay is written before the
    # stage below adds its step to it: the sum of the same two products, in either order); a
    # chance of 1e-9 or less is dropped
    keep = 1 - HAZARD
    stay = [1 - q for q in qs]
    if 0 <= sh <= 2:  # nearly every call: the same products in the same order, on locals
        return _chain_near(sh, qs, stay, draws, keep)
    at = [1.0] + [0.0] * sh
    won = 0.0
    last_q, last_stay = qs[sh], stay[sh]
    below = range(sh - 1, -1, -1)
    for _ in range(draws):
        p = at[sh]
        if p > 1e-9:
            won += p * last_q
            at[sh] = p * last_stay * keep
        else:
            at[sh] = 0.0
        for i in below:
            p = at[i]
            if p > 1e-9:
                at[i + 1] += p * qs[i] * keep
                at[i] = p * stay[i] * keep
            else:
                at[i] = 0.0
    return won


def _chain_near(sh: int, qs: list[float], stay: list[float], draws: int, keep: float) -> float:
    """:func:`_chain`'s draws for a hand at most two-shanten, its stages in local variables rather
    than a list (the chain misses its cache for most hands weighed: ``next_accept`` and
    ``wait_after`` are averages). The arithmetic is the general loop's, product by product, so
    the chance is the same to the last bit; once every stage is dropped nothing changes, so the
    loop ends there."""
    won = 0.0
    if sh == 0:
        q0, s0 = qs[0], stay[0]
        a0 = 1.0
        for _ in range(draws):
            if a0 > 1e-9:
                won += a0 * q0
                a0 = a0 * s0 * keep
            else:
                break
        return won
    if sh == 1:
        q0, q1 = qs
        s0, s1 = stay
        a0, a1 = 1.0, 0.0
        for _ in range(draws):
            p = a1
            if p > 1e-9:
                won += p * q1
                a1 = p * s1 * keep
            else:
                a1 = 0.0
            p = a0
            if p > 1e-9:
                a1 += p * q0 * keep
                a0 = p * s0 * keep
            else:
                a0 = 0.0
                if not a1:
                    break
        return won
    q0, q1, q2 = qs
    s0, s1, s2 = stay
    a0, a1, a2 = 1.0, 0.0, 0.0
    for _ in range(draws):
        p = a2
        if p > 1e-9:
            won += p * q2
            a2 = p * s2 * keep
        else:
            a2 = 0.0
        p = a1
        if p > 1e-9:
            a2 += p * q1 * keep
            a1 = p * s1 * keep
        else:
            a1 = 0.0
        p = a0
        if p > 1e-9:
            a1 += p * q0 * keep
            a0 = p * s0 * keep
        else:
            a0 = 0.0
            if not a1 and not a2:
                break
    return won


def per_observation(fn: Callable[[Observation], T]) -> Callable[[Observation], T]:
    """``fn`` computed once per observation: the levels ask the same question many times in a
    decision, and an observation is never changed (only the latest one is kept)."""
    last: list[tuple[Observation, T]] = []

    def cached(obs: Observation) -> T:
        if last and last[0][0] is obs:
            return last[0][1]
        value = fn(obs)
        last[:] = [(obs, value)]
        return value

    cached.__doc__ = fn.__doc__
    return cached


unseen_counts_cached = per_observation(unseen_counts)


def _chain_pool(obs: Observation) -> int:
    """The win chain's pool: the tiles this seat has not seen, at least 20."""
    return max(20, sum(unseen_counts_cached(obs)))


# hard asks the win chance of every discard it weighs: the pool once per observation
chain_pool = per_observation(_chain_pool)


# --- danger ---------------------------------------------------------------------------------------

# Weights of the wait shapes a tile can deal into (per-tile deal-in rate against a riichi comes
# out near the published Tenhou figures: middle non-suji ~13 %, suji terminal ~1 %).
_RYANMEN = 0.055
_PENCHAN = 0.025
_KANCHAN = 0.02
_PAIR = 0.012
_HONOUR = (0.0, 0.015, 0.04, 0.06, 0.065)  # by unseen copies: 1 left = a single wait only


@dataclass(frozen=True, slots=True)
class Threat:
    """An opponent who may be tenpai: ``level`` is the chance weight, ``value`` the points at stake."""

    seat: int
    level: float
    value: float
    riichi: bool
    safe: frozenset[int]  # kinds that cannot (or can hardly) deal into this seat
    furiten_safe: bool  # whether safe kinds are truly safe (furiten exists in the rules)
    suits: frozenset[int] | None = None  # a flush threat's suits (0..2) and 3 = honours
    dragons: bool = False  # holds two dragon sets: the third dragon feeds a big hand


def _availability(unseen: int) -> float:
    """How possible a two-tile shape is given the unseen copies of one of its tiles."""
    return (0.0, 0.35, 0.8, 1.0, 1.0)[max(0, min(4, unseen))]


def kind_danger(kind: int, safe: frozenset[int], unseen: Sequence[int]) -> float:
    """Chance that a kind deals into one tenpai hand with ordinary waits (suji, kabe, one-chance)."""
    if kind in safe:
        return 0.0
    if kind >= 27:
        return _HONOUR[max(0, min(4, unseen[kind]))]
    base = kind - kind % 9
    r = kind % 9
    d = 0.0
    # two-sided waits: shape (r+1, r+2) waits r and r+3; shape (r-2, r-1) waits r-3 and r
    if r + 2 <= 8:
        av = min(_availability(unseen[kind + 1]), _availability(unseen[kind + 2]))
        if r + 3 <= 8:
            if kind + 3 not in safe:
                d += _RYANMEN * av
        else:
            d += _PENCHAN * av
    if r - 2 >= 0:
        av = min(_availability(unseen[kind - 1]), _availability(unseen[kind - 2]))
        if r - 3 >= 0:
            if kind - 3 not in safe:
                d += _RYANMEN * av
        else:
            d += _PENCHAN * av
    if 1 <= r <= 7:
        d += _KANCHAN * min(_availability(unseen[kind - 1]), _availability(unseen[kind + 1]))
    u = unseen[kind]
    d += _PAIR * (1.0 if u >= 2 else 0.5 if u == 1 else 0.0)
    del base
    return d


def is_suji(kind: int, safe: frozenset[int]) -> bool:
    """Both two-sided waits on this suited kind are ruled out by safe tiles three away."""
    if kind >= 27:
        return False
    r = kind % 9
    low = r - 3 < 0 or (kind - 3) in safe
    high = r + 3 > 8 or (kind + 3) in safe
    return low and high


def safe_kinds(obs: Observation, seat: int) -> frozenset[int]:
    """Kinds that cannot win for ``seat``: its own discards (furiten), and, after its riichi,
    every tile the others discarded since (it let them pass), dated by the rivers' turns."""
    view = obs.seats[seat]
    out = {t >> 2 for t in view.discards}
    if view.riichi and view.riichi_index is not None:
        declared = view.river_turns[view.riichi_index]
        for other in obs.seats:
            if other.seat != seat:
                out.update(t >> 2 for t, when in zip(other.discards, other.river_turns, strict=True) if when > declared)
    return frozenset(out)


def tile_danger(kind: int, threats: Sequence[Threat], unseen: Sequence[int]) -> tuple[float, float]:
    """(chance of dealing in, expected points lost) for discarding one kind."""
    p_total = 0.0
    loss = 0.0
    for th in threats:
        d = kind_danger(kind, th.safe, unseen)
        if kind in th.safe and not th.furiten_safe:
            d = 0.25 * kind_danger(kind, frozenset(), unseen)
        mult = 1.0
        if th.suits is not None:
            suit = 3 if kind >= 27 else kind // 9
            mult = 2.2 if suit in th.suits else 0.15
        if th.dragons and kind in DRAGONS:
            mult = max(mult, 4.0)
        p = min(0.6, d * mult) * th.level
        p_total += p
        loss += p * th.value
    return p_total, loss


# --- value ------------------------------------------------------------------------------------------

def yakuhai_kinds(obs: Observation, seat: int) -> Mapping[int, int]:
    """Honour kinds whose set is worth a yaku (or tai) for ``seat``, with how many (read only:
    one mapping per pair of winds, shared by every caller; hard asks for it per discard weighed)."""
    return _yakuhai_by_winds(obs.seats[seat].wind, obs.round_wind % 4)


@functools.lru_cache(maxsize=16)
def _yakuhai_by_winds(seat_wind: int, round_wind: int) -> Mapping[int, int]:
    out = {k: 1 for k in DRAGONS}
    out[WINDS[seat_wind]] = out.get(WINDS[seat_wind], 0) + 1
    out[WINDS[round_wind]] = out.get(WINDS[round_wind], 0) + 1
    return MappingProxyType(out)


def keep_order(obs: Observation) -> tuple[float, ...]:
    """Per kind, how much a tile that adds nothing else (no acceptance, no value now) is worth
    keeping, for choosing among discards that weigh the same. A lone suited tile goes first (a
    terminal first, then toward the middle, which has more shapes to grow into), every honour
    after it: the honours are the later safe tiles (an honour is only ever waited on as a pair
    or a single wait, rarer still once one is seen in a river; a middle tile completes many
    shapes). Throwing the honours first (8a11633) left hard short of safe tiles when a riichi
    came: its deal-in rate against 3 normal rose from 9.03 to 9.89 %. Among the honours a guest
    wind goes first (it pairs into nothing), then a value honour (a pung is a yaku), a double
    wind last. Without an order the lowest kind went first: the seat's own wind (East) before a
    guest wind."""
    return _keep_order(obs.me.wind, obs.round_wind % 4)


@functools.lru_cache(maxsize=16)
def _keep_order(seat_wind: int, round_wind: int) -> tuple[float, ...]:
    yakuhai = _yakuhai_by_winds(seat_wind, round_wind)
    out = []
    for k in range(NUM_KINDS):
        if k >= 27:  # above every suited kind (at most 5.0): guest 6.0, value 6.5, double 7.0
            out.append(6.0 + 0.5 * yakuhai.get(k, 0))
        else:
            r = k % 9
            out.append(float(min(r, 8 - r) + 1))  # terminal 1.0 up to the five 5.0
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Paths:
    """The yaku a hand can still reach (riichi profiles), for call and open-hand decisions."""

    yakuhai: bool
    tanyao: bool
    flush: bool
    toitoi: bool

    @property
    def any(self) -> bool:
        return self.yakuhai or self.tanyao or self.flush or self.toitoi


def yaku_paths(counts: Sequence[int], melds: Sequence[Meld], yakuhai: Mapping[int, int], profile: RuleProfile, slack: int) -> Paths:
    """Which yaku an open hand can still make; ``slack`` off-pattern concealed tiles are allowed
    (tiles the hand will discard on the way)."""
    meld_kinds = [m.first_kind for m in melds]
    pons = [m.first_kind for m in melds if m.kind is not MeldKind.CHI]
    has_yakuhai = any(k in yakuhai for k in pons) or any(counts[k] >= 2 for k in yakuhai)
    tanyao = False
    # the counts are summed in slices and counted by value (C loops): hard asks this per discard
    # weighed, and a loop over the 34 kinds was most of its cost
    if profile.score.open_tanyao:
        meld_ok = all(all(SIMPLE[k] for k in m.kinds) for m in melds)
        outside = sum(_TERMINALS_AND_HONOURS(counts))
        tanyao = meld_ok and outside <= slack
    flush = False
    suited = sum(counts[:27])
    for suit in range(3):
        lo, hi = suit * 9, suit * 9 + 9
        if all(lo <= k < hi or k >= 27 for k in meld_kinds):
            off = suited - sum(counts[lo:hi])
            if off <= slack:
                flush = True
                break
    toitoi = False
    if all(m.kind is not MeldKind.CHI for m in melds):
        groups = NUM_KINDS - counts.count(0) - counts.count(1)  # kinds held twice or more
        need = len(counts) and (sum(counts) // 3)
        toitoi = groups >= need + 1 - max(0, 1 - slack) and groups >= 3
    return Paths(has_yakuhai, tanyao, flush, toitoi)


def may_have_yaku(counts: Sequence[int], melds: Sequence[Meld], yakuhai: Mapping[int, int], profile: RuleProfile) -> bool:
    """Whether some discard from this open ``3n+2`` hand may leave a hand that hard weighs as
    having a yaku: False means none can (a bound, never a false False). A discard ``X - d``
    weighs by :func:`yaku_paths` at slack 0 or 1, or (tenpai) by :func:`wait_has_yaku` on
    ``X - d + w``; each such yaku implies one here: a value pair or pon in ``X`` (copies only
    grow), ``X`` at most 2 tiles off tanyao or a flush (a discard changes one tile), or, with no
    chi, ``X`` holding a pair or more of as many kinds as it makes sets (``sum // 3``: the
    toitoi reading of the discard and of the complete hand both imply it)."""
    paths = yaku_paths(counts, melds, yakuhai, profile, 2)
    if paths.yakuhai or paths.tanyao or paths.flush:
        return True
    if any(m.kind is MeldKind.CHI for m in melds):
        return False
    return NUM_KINDS - counts.count(0) - counts.count(1) >= sum(counts) // 3


def wait_has_yaku(counts: list[int], wait: int, melds: Sequence[Meld], yakuhai: Mapping[int, int], profile: RuleProfile) -> bool:
    """Whether an open hand completed by ``wait`` shows a yaku (yakuhai, tanyao, flush, toitoi)."""
    counts[wait] += 1
    try:
        paths = yaku_paths(counts, melds, yakuhai, profile, 0)
        if paths.tanyao or paths.flush:
            return True
        if any(m.first_kind in yakuhai for m in melds if m.kind is not MeldKind.CHI):
            return True
        if any(counts[k] >= 3 for k in yakuhai):
            return True
        # all triplets and one pair
        return (
            all(m.kind is not MeldKind.CHI for m in melds)
            and all(c in (0, 2, 3) for c in counts)
            and sum(1 for c in counts if c == 2) == 1
        )
    finally:
        counts[wait] -= 1


def red_count(tiles: Sequence[int]) -> int:
    return sum(1 for t in tiles if is_red(t))


def estimate_han(
    counts: Sequence[int],
    melds: Sequence[Meld],
    obs: Observation,
    profile: RuleProfile,
    *,
    reds: int,
    closed: bool,
    riichi: bool,
) -> float:
    """Expected value of a hand in the profile's unit (han, tai, fan), counting likely rows
    softly: the scoring model's own estimate (``game.engine.value_estimate``)."""
    return han_estimator(melds, obs, profile)(counts, reds, closed, riichi)


def han_estimator(
    melds: Sequence[Meld], obs: Observation, profile: RuleProfile
) -> Callable[[Sequence[int], int, bool, bool], float]:
    """:func:`estimate_han` of hands that share ``melds`` and ``obs``, as ``estimate(counts,
    reds, closed, riichi)``: the melds' kinds, the value honours and the scoring model read once
    (hard asks it for every discard it weighs). The same estimate, term by term."""
    meld_kinds = [k for m in melds for k in m.kinds]
    yakuhai = yakuhai_kinds(obs, obs.seat)
    expected = estimate_for(profile).expected

    def estimate(counts: Sequence[int], reds: int, closed: bool, riichi: bool) -> float:
        all_counts = list(counts)
        for k in meld_kinds:
            all_counts[k] += 1
        return expected(HandInProgress(counts, all_counts, melds, yakuhai, reds, closed, riichi), obs, profile)

    return estimate


def hand_points(han: float, obs: Observation, profile: RuleProfile) -> float:
    """Points a win of this estimated value brings (the scoring model's conversion)."""
    return estimate_for(profile).points(han, obs, profile)


def reads_waits(profile: RuleProfile) -> bool:
    """Whether a tenpai hand is valued wait by wait (:func:`tenpai_value`) in this rulebook."""
    return estimate_for(profile).waits is not WaitReading.ESTIMATE


def meld_kind_of(action_kind: str) -> MeldKind:
    return {"chi": MeldKind.CHI, "pon": MeldKind.PON}.get(action_kind, MeldKind.DAIMINKAN)


def tile_kinds(tiles: Sequence[int]) -> list[int]:
    return [kind_of(t) for t in tiles]


# --- the value of a tenpai hand, wait by wait --------------------------------------------------------

_TERMINALISH = tuple(k >= 27 or k % 9 in (0, 8) for k in range(NUM_KINDS))


def _set_has_terminal(kind: str, first: int) -> bool:
    if kind == "chi":
        return first % 9 in (0, 6)
    return _TERMINALISH[first]


def completed_han(
    counts: Sequence[int],
    win: int,
    melds: Sequence[Meld],
    yakuhai: Mapping[int, int],
    profile: RuleProfile,
    *,
    closed: bool,
) -> float:
    """Han from yaku of a ``3n+1`` tenpai hand completed by ``win`` (dora and riichi excluded):
    the best reading's pinfu, tanyao, yakuhai, iipeikou, sanshoku, ittsu, chanta, toitoi, flushes
    and seven pairs. Zero when the win shows no yaku, so a quiet hand cannot ron on it."""
    work = list(counts)
    work[win] += 1
    sets_left = sum(work) // 3
    meld_sets: list[tuple[str, int]] = [("chi" if m.kind is MeldKind.CHI else "pon", m.first_kind) for m in melds]
    best = 0.0
    suits_used = {k // 9 for k in range(27) if work[k]} | {m.first_kind // 9 for m in melds if m.first_kind < 27}
    honours = any(work[k] for k in range(27, NUM_KINDS)) or any(m.first_kind >= 27 for m in melds)
    flush = 0.0
    if len(suits_used) == 1:
        flush = (3.0 if closed else 2.0) if honours else (6.0 if closed else 5.0)
    all_simple = all(SIMPLE[k] for k in range(NUM_KINDS) if work[k]) and all(
        all(SIMPLE[k] for k in m.kinds) for m in melds
    )
    tanyao = 1.0 if all_simple and (closed or profile.score.open_tanyao) else 0.0
    if closed and not melds and sets_left == 4 and all(c in (0, 2) for c in work) and work.count(2) == 7:
        best = 2.0 + tanyao + flush
    for arr in _arrangements_cached(tuple(work), sets_left):
        sets = list(arr.sets) + meld_sets
        han = tanyao + flush
        pons = [k for kind, k in sets if kind == "pon"]
        chis = sorted(k for kind, k in sets if kind == "chi")
        for k in pons:
            han += yakuhai.get(k, 0)
        ryanmen = any((win == a and a % 9 != 6) or (win == a + 2 and a % 9 != 0) for a in chis)
        if closed and not melds and len(chis) == 4 and arr.pair not in yakuhai and ryanmen:
            han += 1.0  # pinfu
        if closed:
            same = sum(1 for i in range(len(chis) - 1) if chis[i] == chis[i + 1])
            han += 3.0 if same >= 2 and len(chis) == 4 and chis[0] == chis[1] and chis[2] == chis[3] else 1.0 if same else 0.0
        low = {c % 9 for c in chis}
        if any(all(r + s * 9 in chis for s in range(3)) for r in low):
            han += 2.0 if closed else 1.0
        if any(all(s * 9 + r in chis for r in (0, 3, 6)) for s in range(3)):
            han += 2.0 if closed else 1.0
        if len(pons) == 4:
            han += 2.0
        if chis and _TERMINALISH[arr.pair] and all(_set_has_terminal(kind, k) for kind, k in sets):
            han += (3.0 if closed else 2.0) if not honours else (2.0 if closed else 1.0)
        best = max(best, han)
    return best


# 4,096 entries hit as often as 16,384 (LRU replay of 100 hard hanchan: 58.27 against 58.28 %), and
# the cache stops growing early: four hard seats' RSS grew 5.8 MB in the second half of 400 hanchan
@functools.lru_cache(maxsize=1 << 12)
def _arrangements_cached(work: tuple[int, ...], sets: int) -> tuple[Arrangement, ...]:
    return tuple(arrangements(work, sets))


@dataclass(frozen=True, slots=True)
class TenpaiValue:
    """What a ``3n+1`` tenpai hand is worth: points per win (averaged over its waits by unseen
    copies) and the waits that can win by ron (a quiet closed hand needs a yaku on the wait)."""

    points: float
    ron_waits: tuple[int, ...]


# expected extra han of a riichi (ura dora, ippatsu, menzen tsumo) and of a quiet closed hand (tsumo)
RIICHI_EXTRA = 1.0 + 0.4 + 0.1 + 0.35
DAMA_EXTRA = 0.35
TSUMO_SHARE = 0.35  # of a tenpai hand's wins, the share by self-draw


def tenpai_value(
    counts: list[int],
    wait_kinds: Sequence[int],
    melds: Sequence[Meld],
    obs: Observation,
    profile: RuleProfile,
    unseen: Sequence[int],
    *,
    reds: int,
    closed: bool,
    riichi: bool,
) -> TenpaiValue:
    if estimate_for(profile).waits is WaitReading.SCORED:
        return _scored_tenpai_value(counts, wait_kinds, melds, obs, profile, unseen)
    yakuhai = yakuhai_kinds(obs, obs.seat)
    dora = dora_values(obs)
    base_dora = reds + sum(counts[k] * dora[k] for k in range(NUM_KINDS) if dora[k])
    base_dora += sum(dora[k] for m in melds for k in m.kinds)
    dealer = obs.dealer == obs.seat
    total = 0.0
    weight = 0.0
    ron: list[int] = []
    for w in wait_kinds:
        u = unseen[w]
        yaku = completed_han(counts, w, melds, yakuhai, profile, closed=closed)
        han = yaku + base_dora + dora[w]
        share = 1.0
        if riichi:
            han += RIICHI_EXTRA
        elif closed and yaku == 0:
            han += 1.0  # menzen tsumo is its only yaku: it wins about a third of the time it could
            share = TSUMO_SHARE
        elif closed:
            han += DAMA_EXTRA
        elif yaku == 0:
            share = 0.0
        if share == 1.0:
            ron.append(w)
        total += points_for_han(han, dealer) * share * max(u, 0.5)
        weight += max(u, 0.5)
    return TenpaiValue(total / weight if weight else 0.0, tuple(ron))


def _scored_tenpai_value(
    counts: list[int],
    wait_kinds: Sequence[int],
    melds: Sequence[Meld],
    obs: Observation,
    profile: RuleProfile,
    unseen: Sequence[int],
) -> TenpaiValue:
    """A tenpai's worth, each wait scored by the rulebook's own counter as the seat would win it
    (its own tiles, melds, flowers and winds: nothing it may not see): a wait whose discard win
    the rulebook refuses (Hong Kong: under the fan minimum) wins only by self-draw (the self-draw
    row may reach it), so it counts at the self-draw share, and one that wins neither way counts
    nothing."""
    from game.engine.values import WinRequest

    seat = obs.seat
    held = [k * 4 + c for k in range(NUM_KINDS) for c in range(counts[k])]
    total = weight = 0.0
    ron: list[int] = []
    for w in wait_kinds:
        concealed = (*held, w * 4 + counts[w])  # a copy the seat does not hold
        values = []
        for discarder in ((seat + 1) % 4, None):
            req = WinRequest(
                winner=seat, discarder=discarder, dealer=obs.dealer, concealed=concealed, win_tile=concealed[-1],
                melds=tuple(melds), flowers=obs.me.flowers, seat_wind=obs.me.wind, round_wind=obs.round_wind,
                riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False,
                chankan=False, tenhou=False, chiihou=False, renhou=False, dora_indicators=(), ura_indicators=(),
                honba=0, riichi_sticks=0, pao_seat=None, dealer_streak=0,
            )
            got = value_win(req, profile)
            values.append(float(got.deltas[seat]) if got is not None else 0.0)
        on_discard, on_draw = values
        if on_discard:
            ron.append(w)
            worth = (1.0 - TSUMO_SHARE) * on_discard + TSUMO_SHARE * on_draw
        else:
            worth = TSUMO_SHARE * on_draw
        total += worth * max(unseen[w], 0.5)
        weight += max(unseen[w], 0.5)
    return TenpaiValue(total / weight if weight else 0.0, tuple(ron))


# --- two steps ahead -----------------------------------------------------------------------------------


def next_step_accept(
    counts: list[int],
    kinds: Sequence[int],
    sh: int,
    sets: int,
    specials: tuple[bool, bool],
    unseen: Sequence[int],
    cache: dict[bytes, int],
) -> float:
    """For a ``3n+1`` hand at ``sh`` shanten improved by ``kinds``: the acceptance it will have
    after the improving draw and its best discard, averaged over the draws by unseen copies.

    Two hands with the same one-step acceptance differ here: one whose every improving draw
    leaves a wide shape next is worth more than one that narrows. ``cache`` holds the best
    acceptance of ``3n+2`` hands already met in this decision (discard orders meet again).
    """
    total = 0.0
    weight = 0
    ug = unseen.__getitem__
    for j in kinds:
        u = unseen[j]
        if u <= 0:
            continue
        counts[j] += 1
        key = bytes(counts)
        counts[j] -= 1
        best = cache.get(key)
        if best is None:
            # the improving draw j is no longer unseen: one copy less where j improves again
            # (a plain loop, not a generator resumed once per hand)
            top: int | None = None
            for nxt in _steps_down(key, sets, sh, *specials):
                got = sum(map(ug, nxt)) - (j in nxt)
                if top is None or got > top:
                    top = got
            best = cache[key] = 0 if top is None else top
        total += best * u
        weight += u
    return total / weight if weight else 0.0


def next_step_accept_bound(
    counts: list[int], kinds: Sequence[int], sets: int, specials: tuple[bool, bool], unseen: Sequence[int]
) -> float:
    """An upper bound of :func:`next_step_accept` (the same arguments), at about a third of its
    cost: for each improving draw ``j``, the unseen copies of the kinds that improve the
    ``3n+2`` hand ``counts + j`` itself (:func:`improving_draws` of it) instead of the best of
    its discards' acceptances. Each of those discards keeps the hand's shanten ``s`` (one below
    ``counts``'s), and a kind that improves one improves the whole: the tables count the
    tiles still to draw with any other tile left over, so more tiles never need more draws; the
    seven-pairs and orphans counts only grow with a tile (at ``s`` in both, they improve by the
    same singles and missing kinds), and a kind held four times is no draw for either."""
    total = 0.0
    weight = 0
    ug = unseen.__getitem__
    chiitoitsu, kokushi = specials
    for j in kinds:
        u = unseen[j]
        if u <= 0:
            continue
        counts[j] += 1
        more = improving_draws(counts, sets, chiitoitsu, kokushi)[1]
        counts[j] -= 1
        total += sum(map(ug, more)) * u
        weight += u
    return total / weight if weight else 0.0


@functools.lru_cache(maxsize=1 << 9)
def _steps_down(key: bytes, sets: int, sh: int, chiitoitsu: bool, kokushi: bool) -> tuple[tuple[int, ...], ...]:
    """For a ``3n+2`` hand: the improving kinds of each discard that leaves it below ``sh``
    shanten. The shape alone (no unseen counts), so it is kept across decisions: a hand's
    next-step hands come back turn after turn."""
    work = bytearray(key)
    out = []
    for d, after in discard_shanten(key, sets, chiitoitsu, kokushi):
        if after < sh:
            work[d] -= 1
            out.append(_improving(bytes(work), sets, chiitoitsu, kokushi)[1])
            work[d] += 1
    return tuple(out)
