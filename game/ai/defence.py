"""Defence and judgement for ``hard``: who threatens, what a discard risks, what points are worth.

Three ideas a strong player uses and the first hard lacked:

* **Reading open hands** (:func:`read_threats`): shown dora and red fives, value-honour pons (two
  dragon pons announce a big hand), flush and all-pon signs, the dealer's bonus. An open hand
  whose visible value reaches mangan is weighed like a riichi.
* **Push or fold** (:func:`choose`): pushing is worth its win chance times its value, less the
  risk of this discard *and of the dangerous discards still to come* before the hand can win;
  folding risks only this discard. Once folding is right, the discard is the safest tile by the
  fold order (genbutsu against every threat, tiles passed since a riichi, suji and kabe,
  one-chance, honours by visible count; dora and red fives last, as a deal-in with them costs
  more), never a shape tile that "keeps a chance". With no draw left, only safety counts.
* **Placement** (:class:`Stakes`): points are worth what they do to the final result, the
  profile's uma (Tenhou's in riichi, EMA's in ema) over the chance each rival stays above or
  below; the fewer hands are left, the sharper the steps. A top with a lead loses more by a
  deal-in than it gains by a small win; the last place gains little from a win that changes
  nothing. Taiwanese scores plain points (no uma).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeVar

from game.ai import analysis as an
from game.engine.meld import MeldKind
from game.engine.observation import Observation
from game.engine.profile import RuleProfile
from game.engine.rows import Unit
from game.engine.scoring_bridge import estimate_for
from game.engine.tiles import DRAGONS, is_red

MANGAN = 8000.0
# how many more unsafe discards a pushed hand makes before it wins or the hand ends, by shanten
FUTURE_DISCARDS = (1.2, 3.0, 5.0)
FUTURE_DANGER = 0.035  # deal-in chance of one such discard against a tenpai hand (a random tile)
DORA_LOSS = 0.35  # a deal-in with a dora or red five gives the winner a han more: it costs more
# score spread from here to the end of the game, per hand left (one seat's typical swing)
SWING_PER_HAND = 6500.0
LAST_HAND_SPREAD = 1500.0
# own draws left from which a formal tenpai without a yaku counts its noten payments (and hard
# calls for one): the last turns, when a real wait is no longer likely to come
FORMAL_DRAWS = 5


# --- placement ------------------------------------------------------------------------------


def _hands_total(profile: RuleProfile) -> int:
    return {"one_hand": 1, "tonpuu": 4, "one_round": 4, "hanchan": 8, "four_rounds": 16}.get(profile.game.length, 8)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# Every decision builds its Stakes afresh and asks the same few score lines again (the scores
# stay all hand long; a win of each hundred from each rival): kept by value, not recomputed.
# 256 lines hit as often as 4,096 (72 % of the calls in four hard seats' hanchan)
@functools.lru_cache(maxsize=1 << 8)
def _placed_utility(scores: tuple[float, ...], seat: int, spread: float, uma: tuple[float, ...]) -> float:
    """Points plus expected uma (see :class:`Stakes`) of ``seat`` with these ``scores``."""
    me = scores[seat]
    beats = [
        _phi((me - scores[j]) / spread + (0.02 if j > seat else -0.02))
        for j in range(4)
        if j != seat
    ]
    # P(beating exactly k rivals), k = 0..3
    dist = [1.0, 0.0, 0.0, 0.0]
    for p in beats:
        dist = [dist[k] * (1 - p) + (dist[k - 1] * p if k else 0.0) for k in range(4)]
    return me + sum(dist[k] * uma[3 - k] for k in range(4))


class Stakes:
    """What points are worth to this seat now: ``utility = points + expected uma``.

    The uma comes from the chance to finish above each rival, a normal spread around today's
    gap that narrows as the hands run out (:data:`SWING_PER_HAND`); the place distribution is the
    exact Poisson-binomial over the three rivals. In taiwanese (plain points) utility is points.
    """

    def __init__(self, obs: Observation, profile: RuleProfile) -> None:
        self.seat = obs.seat
        self.scores: list[float] = [float(v.score) for v in obs.seats]
        uma = [1000.0 * u for u in profile.game.uma] if profile.unit is not Unit.TAI else [0.0] * 4
        if profile.game.oka_to_first and profile.unit is not Unit.TAI:
            uma[0] += 4.0 * (profile.game.return_points - profile.game.start_points)
        self.uma = uma
        self._uma = tuple(uma)  # the cache's key
        self.flat = all(u == uma[0] for u in uma)
        played = (obs.round_wind % 4) * 4 + obs.hand_number
        left = max(1, _hands_total(profile) - played)
        self.spread = max(LAST_HAND_SPREAD, SWING_PER_HAND * math.sqrt(left - 0.5) * math.sqrt(2.0))
        self._base = self._utility(self.scores)
        self._by_hundred: dict[int, float] = {}

    def _utility(self, scores: Sequence[float]) -> float:
        if self.flat:
            return scores[self.seat]
        return _placed_utility(tuple(scores), self.seat, self.spread, self._uma)

    def win(self, points: float) -> float:
        """Utility gained by winning ``points`` (paid by one rival, on average over them)."""
        if points <= 0:
            return 0.0
        if self.flat:
            return points
        total = 0.0
        for payer in range(4):
            if payer == self.seat:
                continue
            s = list(self.scores)
            s[self.seat] += points
            s[payer] -= points
            total += self._utility(s) - self._base
        return max(0.05 * points, total / 3.0)

    def win_near(self, points: float) -> float:
        """:meth:`win` of ``points`` read at the middle of its hundred (a decision weighs many
        options of nearly the same value: each hundred is computed once per decision)."""
        bucket = int(points) // 100
        got = self._by_hundred.get(bucket)
        if got is None:
            got = self._by_hundred[bucket] = self.win(bucket * 100.0 + 50.0)
        return got

    def deal_in(self, points: float, winner: int) -> float:
        """Utility lost by paying ``points`` to ``winner``."""
        if self.flat:
            return points
        s = list(self.scores)
        s[self.seat] -= points
        s[winner] += points
        return max(0.3 * points, self._base - self._utility(s))


# --- reading the table ----------------------------------------------------------------------


def _visible_han(obs: Observation, seat: int, dora: Sequence[int]) -> tuple[float, bool, bool]:
    """(han shown by an open hand, flush signs, two dragon pons) from its melds alone."""
    melds = obs.seats[seat].melds
    han = 0.0
    han += sum(dora[k] for m in melds for k in m.kinds)
    han += sum(1 for m in melds for t in m.tiles if is_red(t))
    yakuhai = an.yakuhai_kinds(obs, seat)
    pons = [m for m in melds if m.kind is not MeldKind.CHI]
    han += sum(yakuhai.get(m.first_kind, 0) for m in pons)
    dragon_pons = sum(1 for m in pons if m.first_kind in DRAGONS)
    if dragon_pons >= 2:
        han += 2.0  # shousangen, or the third dragon for daisangen
    suits = {3 if k >= 27 else k // 9 for m in melds for k in m.kinds}
    flush = len(melds) >= 2 and len(suits - {3}) <= 1
    if flush:
        han += 2.0 if 3 in suits else 4.0
    if len(pons) >= 3:
        han += 2.0  # toitoi
    if not any(yakuhai.get(m.first_kind, 0) for m in pons) and not flush and len(pons) < 3:
        han += 1.0  # tanyao or a concealed yaku
    return han, flush, dragon_pons >= 2


def read_threats(obs: Observation, profile: RuleProfile, stakes: Stakes) -> list[an.Threat]:
    """The opponents who may be tenpai, each with the chance weight ``level`` and ``value``, the
    utility this seat loses by dealing in to them (placement included)."""
    out: list[an.Threat] = []
    furiten_safe = profile.furiten.permanent
    live = obs.live_tiles_left
    tai = profile.unit is Unit.TAI
    quiet = not profile.riichi.enabled  # no riichi to warn of a tenpai hand (Taiwanese, Hong Kong)
    dora = an.dora_values(obs)
    estimate = estimate_for(profile)
    for v in obs.seats:
        if v.seat == obs.seat:
            continue
        dealer = v.seat == obs.dealer
        open_melds = [m for m in v.melds if m.kind.is_open]
        han, flush, dragons = _visible_han(obs, v.seat, dora)
        suits: frozenset[int] | None = None
        if flush:
            suits = frozenset({3 if k >= 27 else k // 9 for m in v.melds for k in m.kinds} | {3})
        late = max(0.0, 1.0 - live / 70.0)
        if v.riichi:
            level = 1.0
            shown = sum(dora[k] for m in v.melds for k in m.kinds)
            points = (9000.0 if dealer else 6000.0) + 1500.0 * shown
        elif tai:
            level = _tai_level(profile.win.sets - len(v.melds), live)
            points = 0.0  # priced in tai below
        elif open_melds or quiet:
            hidden = profile.win.sets - len(v.melds)
            level = {0: 0.9, 1: 0.65, 2: 0.35, 3: 0.15}.get(hidden, 0.0)
            if quiet:  # no riichi to warn: late in the hand any seat may be waiting
                level = max(level, 0.25 * late)
            level *= 0.55 + 0.45 * late + 0.02 * min(10, len(v.discards))
            level = min(0.95, level)
            points = an.points_for_han(max(1.0, han + 0.6), dealer)
            if points >= MANGAN * (1.5 if dealer else 1.0) * 0.95:
                level = min(0.95, max(level, 0.45 + 0.5 * late) * 1.15)  # weighed like a riichi
        else:
            continue
        priced = estimate.threat_points(v.melds, bool(suits), dealer, profile)  # the scoring model's price
        if priced is not None:
            points = priced
        if level <= 0.01:
            continue
        out.append(
            an.Threat(
                v.seat, level, stakes.deal_in(points, v.seat), v.riichi, an.safe_kinds(obs, v.seat), furiten_safe,
                suits, dragons,
            )
        )
    return out


def _tai_level(hidden: int, live: int) -> float:
    """How likely a Taiwanese hand is waiting, by the sets it still hides and the wall left.

    Without riichi, and with most hands open (hard and normal call in about 80 % of Taiwanese
    hands), a call says far less than in riichi: the levels stay those measured before the
    open-hand reading (0b971ff), with no "weighed like a riichi" step (which read a riichi
    han count, a mangan, in a rulebook scored in tai). Measured: with that step, hard + 3
    normal ranked 2.58 (below normal); see /work/notes/issue-16.md, Session 2."""
    level = {0: 0.85, 1: 0.6, 2: 0.3, 3: 0.12}.get(hidden, 0.0)
    if live < 60:  # no riichi to warn: late in the hand any seat may be waiting
        level = max(level, 0.2 * (1.0 - live / 60.0))
    return level * (0.6 + 0.4 * max(0.0, 1.0 - live / 70.0))


def serious(threats: Sequence[an.Threat]) -> bool:
    """A riichi, or an open hand weighed like one: push or fold is the question."""
    return any(th.riichi or th.level >= 0.45 for th in threats)


def background_threats(obs: Observation, profile: RuleProfile, stakes: Stakes, known: Sequence[an.Threat]) -> list[an.Threat]:
    """Closed hands without riichi may be waiting quietly late in a hand (and every seat may
    in taiwanese): for the last draws, where only safety counts."""
    seen = {th.seat for th in known}
    out = list(known)
    for v in obs.seats:
        if v.seat == obs.seat or v.seat in seen:
            continue
        points = 7000.0 if v.seat == obs.dealer else 4500.0
        out.append(
            an.Threat(v.seat, 0.2, stakes.deal_in(points, v.seat), False, an.safe_kinds(obs, v.seat),
                      profile.furiten.permanent)
        )
    return out


# --- choosing -------------------------------------------------------------------------------


class Weighed(Protocol):
    """What :func:`choose` reads of an option (levels.Option)."""

    tile: int
    kind: int
    shanten: int
    accept: int
    win: float
    value: float
    deal_in: float
    loss: float
    ev: float
    formal: bool  # tenpai for the noten payments (with or without a yaku)


def tile_loss(kind: int, tile: int, threats: Sequence[an.Threat], unseen: Sequence[int], dora: Sequence[int]) -> tuple[float, float]:
    """(deal-in chance, utility lost) of discarding ``tile``; a dora or red five costs more."""
    p, loss = an.tile_danger(kind, threats, unseen)
    extra = dora[kind] + (1 if is_red(tile) else 0)
    return p, loss * (1.0 + DORA_LOSS * extra)


def future_risk(shanten: int, threats: Sequence[an.Threat], draws_left: int) -> float:
    """Utility a pushed hand still risks in the discards it will make before it can win."""
    if shanten < 0:
        return 0.0
    n = min(float(draws_left), FUTURE_DISCARDS[min(shanten, len(FUTURE_DISCARDS) - 1)])
    return n * FUTURE_DANGER * sum(th.level * th.value for th in threats if th.riichi or th.level >= 0.2)


W = TypeVar("W", bound=Weighed)


@dataclass(frozen=True, slots=True)
class Choice(Generic[W]):
    option: W
    fold: bool  # chosen for safety alone


def draws_left(obs: Observation) -> int:
    """Own draws still to come (the live wall is drawn in turn from the seat after ``turn``)."""
    live = max(0, obs.live_tiles_left)
    offset = (obs.seat - obs.turn) % 4 or 4
    return 0 if live < offset else 1 + (live - offset) // 4


def choose(
    options: Sequence[W], threats: Sequence[an.Threat], obs: Observation, *, tenpai_bonus: float = 0.0
) -> Choice[W]:
    """Push with the best option, or fold with the safest tile (see the module's docstring).

    ``tenpai_bonus`` is what staying tenpai earns at the exhaustive draw (the noten payments).
    With no own draw left only safety counts, beside that bonus for a tenpai discard; before,
    a tenpai discard's push value counts the bonus times the chance the hand runs to the draw
    (no one wins in the draws left, :data:`analysis.HAZARD` each). Without it hard broke a
    tenpai against a riichi late in the hand as readily as a far hand, and was tenpai at the
    exhaustive draw less often than normal (28.7 vs 37.6 %).

    Tenpai here is formal tenpai (``formal``), as the noten payments count it: an open hand
    waiting without a yaku cannot win but is paid as tenpai. Its option weighs as one-shanten
    (it must still find a yaku to win), so without the bonus hard broke such a wait for a
    one-shanten hand late in the hand, and paid the noten penalty for it. The bonus counts for
    such a wait in the last :data:`FORMAL_DRAWS` draws only."""
    left = draws_left(obs)
    if left == 0:
        best = max(options, key=lambda o: ((tenpai_bonus if o.formal else 0.0) - o.loss, -o.deal_in, -o.kind))
        return Choice(best, fold=not best.formal or best.loss > 0)
    bonus = _bonus(left, tenpai_bonus)
    keep = an.keep_order(obs)
    if not serious(threats):
        low = min(o.shanten for o in options)
        pool = [o for o in options if o.shanten == low]
        return Choice(max(pool, key=lambda o: (o.ev + bonus(o), o.accept, -keep[o.kind], -o.kind)), fold=False)
    push_value = _push_value(threats, left, bonus)
    push = max(options, key=lambda o: (push_value(o), o.accept, -keep[o.kind], -o.kind))
    fold = _safest(options)
    if push_value(push) > _fold_value(fold, options, threats, left):
        return Choice(push, fold=False)
    return Choice(fold, fold=True)


def folds_whatever_the_evs(
    options: Sequence[W], threats: Sequence[an.Threat], obs: Observation, *, tenpai_bonus: float = 0.0,
    margin: float = 1.0,
) -> bool:
    """Whether :func:`choose` folds, ``margin`` to spare, even though each option's ``ev`` is only
    an upper bound of its own, except the fold tile's and those tied with it on safety
    (:func:`safety_key`), which are exact: the push side at its bounds is still worth less than
    folding. An ev only orders equally safe tiles, so the others need not be known."""
    left = draws_left(obs)
    if left == 0 or not serious(threats):
        return False
    push_value = _push_value(threats, left, _bonus(left, tenpai_bonus))
    fold = _safest(options)
    return max(push_value(o) for o in options) < _fold_value(fold, options, threats, left) - margin


def _bonus(left: int, tenpai_bonus: float) -> Callable[[Weighed], float]:
    """A tenpai kept also earns its share of the noten payments if the hand runs to the draw; a
    wait without a yaku only in the last draws (before, it may still find a yaku, or a real wait)."""
    at_draw = tenpai_bonus * (1.0 - an.HAZARD) ** left
    late = left <= FORMAL_DRAWS

    def bonus(o: Weighed) -> float:
        return at_draw if o.shanten == 0 or (late and o.formal) else 0.0

    return bonus


def _push_value(threats: Sequence[an.Threat], left: int, bonus: Callable[[Weighed], float]) -> Callable[[Weighed], float]:
    """An option's worth to push with: its ev, less what its later discards risk, and its bonus."""

    def push_value(o: Weighed) -> float:
        return o.ev - future_risk(o.shanten, threats, left) + bonus(o)

    return push_value


def _fold_value(fold: Weighed, options: Sequence[Weighed], threats: Sequence[an.Threat], left: int) -> float:
    """What folding with ``fold`` is worth: its loss now and the later discards' (negative)."""
    return -fold.loss - _fold_future(fold, options, threats, left)


def safety_key(o: Weighed) -> tuple[float, float]:
    """The part of :func:`_safest`'s order that no ev enters: equal keys are the ties an ev decides."""
    return round(o.loss, 1), round(o.deal_in, 4)


def _safest(options: Sequence[W]) -> W:
    """The fold tile: least expected loss; among equally safe tiles, the one that keeps the hand."""
    return min(options, key=lambda o: (*safety_key(o), -o.ev, -o.accept, o.kind))


def _fold_future(fold: Weighed, options: Sequence[Weighed], threats: Sequence[an.Threat], left: int) -> float:
    """Folding also has later discards: risky when the hand holds few safe tiles for them."""
    safe = sum(1 for o in options if o.loss <= 1.0 and o is not fold)
    short = max(0, min(left, 5) - safe)
    return short * 0.5 * FUTURE_DANGER * sum(th.level * th.value for th in threats)


def with_value(threats: Sequence[an.Threat], factor: float) -> list[an.Threat]:
    return [replace(th, value=th.value * factor) for th in threats]
