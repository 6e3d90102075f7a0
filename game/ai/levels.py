"""The AI levels the player sits against: ``easy``, ``normal`` and ``hard``, for every profile.

One class plays all three; the level switches what it weighs:

* ``easy`` plays for shanten, sometimes picks a random discard among those that keep it, never
  defends and only calls a value-honour pon.
* ``normal`` plays for acceptance (ukeire), declares riichi whenever it can and folds against a
  riichi with genbutsu, then suji, when its own hand is far.
* ``hard`` weighs every discard as ``win chance × hand value − deal-in chance × threat value``:
  acceptance and the wait after the next draw, dora, red fives and yaku paths (tai in
  Taiwanese), a danger estimate per tile against every threat (genbutsu, suji, kabe, one-chance,
  honour visibility, open hands, flushes and dragons), calls only when they keep a yaku and raise
  that value, and riichi or silence by value and wait.

Every level decides from the :class:`Observation` alone, with its own random stream (see
:func:`game.ai.baseline.seat_rng`), and says why in plain words (:meth:`LevelBot.decide_with_reason`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai import Seat, defence
from game.ai import analysis as an
from game.ai.baseline import seat_rng
from game.ai.explain import about, kinds_word, reason, shanten_words, threat_list, tile_word
from game.engine.actions import Action, ActionKind
from game.engine.meld import Meld, MeldKind
from game.engine.observation import Observation
from game.engine.profile import RuleProfile
from game.engine.rows import Unit
from game.engine.shanten import discard_shanten, shanten, shanten_kokushi
from game.engine.tiles import is_red, kind_of

LEVELS = ("easy", "normal", "hard")
# every name make_seat takes: the levels New game offers and the developers' baseline bots (sim,
# soak, the result previews); each has a level.<name> word in the catalogs, as a seat plate shows it
BASELINES = ("random", "efficiency")
SEAT_KINDS = (*LEVELS, *BASELINES)
# hard calls when the open hand's expected value reaches this share of the closed one: the
# win-chance model undervalues speed (a call also takes a turn from the others)
CALL_MARGIN = 0.8
# look two draws ahead at two shanten, for every discard that keeps the lowest shanten: a lookahead
# for a few finalists only set their real next step against the others' typical one (biased)
TWO_STEP = True
# the share of the noten total a seat gains by being tenpai at the draw rather than noten
NOTEN_SWING = 5.0 / 6.0


@dataclass(frozen=True, slots=True)
class HandState:
    """A hand as the evaluation sees it: the real one, or the one a call would leave."""

    counts: list[int]  # concealed kinds (3n+2 when a discard is due)
    melds: tuple[Meld, ...]
    reds: int
    closed: bool


@dataclass(slots=True)
class Option:
    """One discard weighed: shape, value, risk and the resulting expected value."""

    tile: int  # a tile id (for hypothetical hands: kind * 4 + a copy, only the kind matters)
    kind: int
    shanten: int
    accept: int
    waits: tuple[int, ...]
    value: float
    win: float
    deal_in: float
    loss: float
    ev: float
    has_yaku: bool
    # tenpai for the noten payments: Tenhou counts a wait without a yaku (an open hand's) as tenpai
    formal: bool = False


# the look-ahead's bound (:meth:`LevelBot._weigh` with ``later``): a wait or an acceptance this wide
# puts its step of the win chain at its cap (0.95), and a wider step never lowers the chance
BOUND = 1e9
# what a bound must fall short by (utility points): far above the win chain's float noise (its
# dropped chances of 1e-9 a stage and draw move an ev by hundredths at most)
MARGIN = 1.0


@dataclass(frozen=True, slots=True)
class LookAhead:
    """What finishes an option weighed at the look-ahead's bound (:meth:`LevelBot._look_ahead`)."""

    index: int  # in the options
    step: int  # 1: the wait after the next draw; 2: the acceptance two draws ahead
    counts: list[int]  # the hand after the discard
    kinds: tuple[int, ...]  # its improving kinds
    sets: int
    specials: tuple[bool, bool]
    unseen: list[int]
    step_cache: dict[bytes, int]
    obs: Observation
    can_ron: bool
    calls: float
    threatened: float | None  # what the threats take off the win chance (None: nothing)
    worth: float  # what the win is worth (Stakes.win_near of the option's value)


def _keep_value(kind: int) -> int:
    """How much a lone tile is worth keeping: middle tiles most, honours least."""
    if kind >= 27:
        return 0
    r = kind % 9
    return min(r, 8 - r) + 1


class LevelBot:
    """An AI seat of one level. ``decide`` returns the action; ``decide_with_reason`` also why."""

    # see :meth:`_later` (a tool that records every win chance asked turns it off)
    LOOK_AHEAD_LATER = True

    def __init__(self, level: str, seed: int, seat: int, profile: RuleProfile) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; levels are {', '.join(LEVELS)}")
        self.name = level
        self.level = level
        self.seat = seat
        self.profile = profile
        self._rng = seat_rng(seed, seat, level)
        self._riichi_rules = profile.riichi.enabled
        self._needs_yaku = profile.win.min_han > 0 or profile.fan.min_fan > 0  # a yaku, or Hong Kong's fan
        # what a value honour brings, in the rulebook's words: a yaku, or (Hong Kong) a fan toward its minimum
        self._why_value = "why_fan" if profile.unit is Unit.FAN else "why_yaku"

    # --- the entry points -----------------------------------------------------------------

    def decide(self, obs: Observation) -> Action:
        return self._decide(obs, explain=False)[0]

    def decide_with_reason(self, obs: Observation) -> tuple[Action, str]:
        return self._decide(obs, explain=True)

    def _decide(self, obs: Observation, *, explain: bool) -> tuple[Action, str]:
        """The action and, when ``explain``, why. Without it (simulations, the review's replay)
        hard skips the work that only words need: the same action, sooner (see :meth:`_hard_claim`)."""
        acts = obs.legal_actions
        for a in acts:
            if a.kind is ActionKind.TSUMO:
                return a, reason("tsumo")
            if a.kind is ActionKind.RON:
                if obs.last_discard:
                    return a, reason("ron", tile=tile_word(kind_of(obs.last_discard[1])))
                return a, reason("win")
        if obs.phase != "turn":
            return self._answer_claim(obs, explain)
        return self._take_turn(obs, explain)

    # --- the turn ---------------------------------------------------------------------------

    def _take_turn(self, obs: Observation, explain: bool) -> tuple[Action, str]:
        acts = obs.legal_actions
        discards = [a for a in acts if a.kind is ActionKind.DISCARD]
        riichis = [a for a in acts if a.kind is ActionKind.RIICHI]
        if obs.me.riichi:
            for a in acts:
                if a.kind is ActionKind.ANKAN:
                    return a, reason("riichi_ankan", kan=reason("daiminkan"))
            return discards[0], reason("riichi_tsumogiri")
        kyuushu = next((a for a in acts if a.kind is ActionKind.KYUUSHU), None)
        if kyuushu is not None and self.level != "easy":
            counts = an.hand_counts(obs.hand)
            if shanten_kokushi(counts) >= 3:
                return kyuushu, reason("kyuushu")
        kan = self._kan_choice(obs)
        if kan is not None:
            return kan
        if self.level == "hard":
            return self._hard_turn(obs, discards, riichis, explain)
        return self._simple_turn(obs, discards, riichis)

    def _state(self, obs: Observation) -> HandState:
        melds = obs.me.melds
        return HandState(
            an.hand_counts(obs.hand), tuple(melds), an.red_count(obs.hand), all(not m.kind.is_open for m in melds)
        )

    def _sets(self, state: HandState) -> int:
        return self.profile.win.sets - len(state.melds)

    def _specials(self, state: HandState) -> tuple[bool, bool]:
        if state.melds:
            return False, False
        return self.profile.win.chiitoitsu, self.profile.win.kokushi

    def _kan_choice(self, obs: Observation) -> tuple[Action, str] | None:
        """Kans that keep the shape: concealed always (easy/normal/hard), added when no riichi."""
        if not any(a.kind is ActionKind.ANKAN or a.kind is ActionKind.KAKAN for a in obs.legal_actions):
            return None
        state = self._state(obs)
        sets = self._sets(state)
        specials = self._specials(state)
        best_now = min(
            (self._after_discard_shanten(state.counts, kind_of(a.tile), sets, specials)
             for a in obs.legal_actions if a.kind is ActionKind.DISCARD),
            default=9,
        )
        threatened = any(v.riichi for v in obs.seats if v.seat != obs.seat)
        for a in obs.legal_actions:
            if a.kind is ActionKind.ANKAN:
                k = kind_of(a.tile)
                state.counts[k] -= 4
                sh = shanten(state.counts, sets - 1, False, False)
                state.counts[k] += 4
                # the kan tiles leave the hand; the replacement draw is like a discard-and-draw
                if sh <= best_now and not (self.level == "hard" and threatened and sh > 0):
                    return a, reason("ankan", tile=tile_word(k), kan=reason("daiminkan"))
            if a.kind is ActionKind.KAKAN and not threatened:
                k = kind_of(a.tile)
                state.counts[k] -= 1
                sh = shanten(state.counts, sets, False, False)
                state.counts[k] += 1
                if sh <= best_now:
                    return a, reason("kakan", tile=tile_word(k), pon=reason("pon"), kan=reason("daiminkan"))
        return None

    @staticmethod
    def _after_discard_shanten(counts: list[int], k: int, sets: int, specials: tuple[bool, bool]) -> int:
        counts[k] -= 1
        sh = shanten(counts, sets, *specials)
        counts[k] += 1
        return sh

    # --- easy and normal --------------------------------------------------------------------

    def _simple_turn(self, obs: Observation, discards: list[Action], riichis: list[Action]) -> tuple[Action, str]:
        state = self._state(obs)
        sets = self._sets(state)
        specials = self._specials(state)
        unseen = an.unseen_counts_cached(obs)
        options = riichis or discards
        scored: list[tuple[int, int, int, float, Action, an.Shape]] = []
        for a in options:
            k = kind_of(a.tile)
            state.counts[k] -= 1
            shape = an.shape_of(state.counts, sets, specials, unseen)
            state.counts[k] += 1
            if self._needs_yaku and not state.closed and shape.shanten >= 0:
                yakuhai = an.yakuhai_kinds(obs, obs.seat)
                paths = an.yaku_paths(_minus(state.counts, k), state.melds, yakuhai, self.profile, 1)
                penalty = 0 if paths.any else 1
            else:
                penalty = 0
            scored.append((shape.shanten + penalty, -shape.accept, _keep_value(k), self._rng.random(), a, shape))
        scored.sort(key=lambda s: s[:4])
        best = scored[0]
        if self.level == "normal":
            fold = self._normal_fold(obs, scored, unseen)
            if fold is not None:
                return fold
        if self.level == "easy" and len(scored) > 1 and self._rng.random() < 0.3:
            same = [s for s in scored if s[0] == best[0]]
            best = same[self._rng.randrange(len(same))]
        a, shape = best[4], best[5]
        k = kind_of(a.tile)
        if a.kind is ActionKind.RIICHI:
            return a, reason("riichi_discard", tile=tile_word(k), waits=kinds_word(shape.kinds), count=shape.accept)
        return a, reason("discard", tile=tile_word(k), shanten=shanten_words(shape.shanten), count=shape.accept)

    def _normal_fold(
        self, obs: Observation, scored: Sequence[tuple[int, int, int, float, Action, an.Shape]], unseen: list[int]
    ) -> tuple[Action, str] | None:
        """Against a riichi with a far hand: genbutsu first, then suji, then the least bad tile."""
        riichi = [v.seat for v in obs.seats if v.seat != obs.seat and v.riichi]
        if not riichi:
            return None
        sh = scored[0][0]
        if sh == 0 or (sh == 1 and obs.live_tiles_left > 40):
            return None
        safe_sets = [an.safe_kinds(obs, s) for s in riichi]
        who = threat_list(obs, riichi)

        def grade(kind: int) -> int:
            if all(kind in s for s in safe_sets):
                return 0
            if all(an.is_suji(kind, s) for s in safe_sets):
                return 1
            if kind >= 27 and unseen[kind] <= 1:
                return 1
            return 2

        ranked = sorted(scored, key=lambda s: (grade(kind_of(s[4].tile)), s[:4]))
        a = ranked[0][4]
        if a.kind is ActionKind.RIICHI:
            a = Action(a.seat, ActionKind.DISCARD, a.tiles)
        k = kind_of(a.tile)
        g = grade(k)
        if g == 0:
            return a, reason("fold_safe", tile=tile_word(k), who=who)
        if g == 1 and k >= 27:  # an honour three of which are in sight (seen: "[West] is suji")
            return a, reason("fold_honour", tile=tile_word(k), who=who)
        if g == 1:
            return a, reason("fold_suji", tile=tile_word(k), who=who)
        return a, reason("fold_no_safe", tile=tile_word(k), who=who)

    # --- hard -------------------------------------------------------------------------------

    def threats(self, obs: Observation) -> list[an.Threat]:
        """The opponents who may be tenpai, with a weight and what dealing in to them costs."""
        return defence.read_threats(obs, self.profile, defence.Stakes(obs, self.profile))

    def weigh_discards(self, obs: Observation) -> list[Option]:
        """Every legal discard as hard weighs it now (the review compares the player's with hard's)."""
        state = self._state(obs)
        stakes = defence.Stakes(obs, self.profile)
        threats = defence.read_threats(obs, self.profile, stakes)
        if defence.draws_left(obs) == 0:
            threats = defence.background_threats(obs, self.profile, stakes, threats)
        tiles = [a.tile for a in obs.legal_actions if a.kind is ActionKind.DISCARD]
        return self._weigh(obs, state, tiles, threats, riichi=False, stakes=stakes) if tiles else []

    def _hard_turn(
        self, obs: Observation, discards: list[Action], riichis: list[Action], explain: bool
    ) -> tuple[Action, str]:
        state = self._state(obs)
        stakes = defence.Stakes(obs, self.profile)
        threats = defence.read_threats(obs, self.profile, stakes)
        if defence.draws_left(obs) == 0:
            threats = defence.background_threats(obs, self.profile, stakes, threats)
        ids = {a.tile: a for a in discards}
        pool = not explain and self._shape_decides(obs, threats)
        later = self._later(explain, pool)
        options = self._weigh(obs, state, list(ids), threats, riichi=False, stakes=stakes, best_shapes=pool, later=later)
        choice = (self._choose_later(obs, options, threats, later, pool) if later is not None
                  else self._choose(obs, options, threats))
        best = choice.option
        if riichis and not choice.fold:
            r_opts = self._weigh(obs, state, [a.tile for a in riichis], threats, riichi=True, stakes=stakes,
                                 best_shapes=pool)
            r_best = self._choose(obs, r_opts, threats).option
            reason_text = self._riichi_or_quiet(obs, r_best, options, threats)
            if reason_text is not None and not self._chase_pays(obs, r_best, options, threats):
                reason_text = None
            if reason_text is not None:
                act = next(a for a in riichis if a.tile == r_best.tile)
                return act, reason_text
            dama = max((o for o in options if o.shanten == 0), key=lambda o: o.ev, default=best)
            if dama.ev >= best.ev * 0.9:
                best = dama
        if not explain:
            return ids[best.tile], ""
        return ids[best.tile], self._discard_reason(obs, best, options, threats, fold=choice.fold)

    def _later(self, explain: bool, pool: bool) -> list[LookAhead] | None:
        """A list for :meth:`_weigh` to leave the look-ahead in (see :meth:`_choose_later`), when
        no one asked why (the words read every option). ``pool``: :meth:`_shape_decides`."""
        return [] if self.LOOK_AHEAD_LATER and not explain else None

    @staticmethod
    def _shape_decides(obs: Observation, threats: list[an.Threat]) -> bool:
        """Whether :func:`defence.choose` will pick among the lowest-shanten discards only (no
        push-or-fold question and draws still to come): then the others need not be weighed."""
        return not defence.serious(threats) and defence.draws_left(obs) > 0

    def _choose(self, obs: Observation, options: list[Option], threats: list[an.Threat]) -> defence.Choice[Option]:
        return defence.choose(options, threats, obs, tenpai_bonus=self._tenpai_bonus())

    def _tenpai_bonus(self) -> float:
        """What being tenpai rather than noten is worth at an exhaustive draw: the noten seats
        pay the total to the tenpai ones, so with one or two others tenpai the swing is a half
        plus a third of it (2,500 of 3,000), with none or all three the whole: at least 5/6."""
        return 0.0 if self.profile.unit is Unit.TAI else NOTEN_SWING * self.profile.draws.noten_total

    def _riichi_or_quiet(
        self, obs: Observation, r_best: Option, options: list[Option], threats: list[an.Threat]
    ) -> str | None:
        """The reason to declare riichi, or None to stay quiet (dama)."""
        waits = r_best.waits
        if r_best.accept == 0:
            return None
        dama = max((o for o in options if o.kind == r_best.kind), key=lambda o: o.ev, default=r_best)
        if dama.has_yaku and dama.value >= an.hand_points(4.0, obs, self.profile) * 0.95 and r_best.accept >= 4:
            return None
        # the discard named too (seen: "Declare riichi on [5s][8s]" read as the tiles to discard)
        return reason("riichi", tile=tile_word(r_best.kind), waits=kinds_word(waits), count=r_best.accept,
                      points=about(r_best.value))

    @staticmethod
    def _chase_pays(obs: Observation, r_best: Option, options: list[Option], threats: list[an.Threat]) -> bool:
        """Whether declaring into a threat (a riichi, or an open hand read as tenpai) pays: the
        riichi hand cannot fold, so it risks every discard until the hand ends (its own win, or
        someone else's: :data:`analysis.HAZARD` a draw and one more for each riichi), where a
        quiet hand risks the few discards before it folds (:func:`defence.future_risk`). A strong
        player chases with a good wait or value, and stays quiet (or folds next turn) with a
        cheap bad wait or a dangerous declaration tile."""
        if not defence.serious(threats):
            return True
        left = defence.draws_left(obs)
        unseen = max(1, sum(an.unseen_counts_cached(obs)))
        mine = min(0.5, 2.0 * r_best.accept / unseen)  # tsumo, and ron off three rivers
        ends = an.HAZARD * (1 + sum(1 for th in threats if th.riichi))
        committed = min(float(left), 1.0 / (mine + ends))
        pressure = defence.FUTURE_DANGER * sum(th.level * th.value for th in threats if th.riichi or th.level >= 0.2)
        chase = r_best.ev - committed * pressure
        quiet = max(o.ev - defence.future_risk(o.shanten, threats, left) for o in options)
        return chase >= quiet

    def _weigh(
        self,
        obs: Observation,
        state: HandState,
        tiles: Sequence[int],
        threats: list[an.Threat],
        *,
        riichi: bool,
        stakes: defence.Stakes | None = None,
        best_shapes: bool = False,
        later: list[LookAhead] | None = None,
    ) -> list[Option]:
        """Every discard of ``tiles`` from ``state`` (3n+2 concealed) as an :class:`Option`:
        its expected value is the win chance times what the win is worth to this seat now
        (:class:`defence.Stakes`), less what the discard risks. ``best_shapes`` leaves out the
        discards that cannot reach the lowest shanten (when :meth:`_shape_decides`): an open hand
        that needs a yaku may count a tenpai without one as one-shanten, so one step more is kept
        there. With ``later`` (a list), the look-ahead of the lowest shanten's discards (the wait
        after the next draw, the acceptance two draws ahead) is left for :meth:`_look_ahead`: their
        win chance and ev are weighed at its bound (each only raises the chance) and what finishes
        them goes into ``later``."""
        stakes = stakes or defence.Stakes(obs, self.profile)
        dora = an.dora_values(obs)
        sets = self._sets(state)
        specials = self._specials(state)
        unseen = an.unseen_counts_cached(obs)
        yakuhai = an.yakuhai_kinds(obs, obs.seat)
        estimate = an.han_estimator(state.melds, obs, self.profile)
        # what the threats take off a hand's win chance, and the discard's danger (none without threats)
        threatened = max(0.3, 1.0 - 0.35 * sum(th.level for th in threats)) if threats else 1.0
        counts = state.counts
        out: list[Option] = []
        riichi_possible = self._riichi_rules and state.closed
        shapes: dict[tuple[int, bool], tuple[int, an.Shape]] = {}
        for t in tiles:
            k = kind_of(t)
            key = (k, is_red(t))
            if key not in shapes:
                counts[k] -= 1
                shapes[key] = (t, an.shape_of(counts, sets, specials, unseen))
                counts[k] += 1
        min_sh = min(sh_.shanten for _, sh_ in shapes.values())
        wide = max((sh_.accept for _, sh_ in shapes.values() if sh_.shanten == 1), default=0)
        if best_shapes:
            cutoff = min_sh + 1 if self._needs_yaku and not state.closed else min_sh
            shapes = {key: got for key, got in shapes.items() if got[1].shanten <= cutoff}
        step_cache: dict[bytes, int] = {}
        for key, (t, shape) in shapes.items():
            k = key[0]
            counts[k] -= 1
            sh, accept = shape.shanten, shape.accept
            waits: tuple[int, ...] = ()
            has_yaku = True
            can_ron = True
            if sh == 0:
                waits = tuple(an.playable_waits(counts, sets, specials))
                accept = sum(unseen[w] for w in waits)
            formal = sh == 0
            if self._needs_yaku and not state.closed:
                if sh == 0:
                    good = tuple(w for w in waits if an.wait_has_yaku(counts, w, state.melds, yakuhai, self.profile))
                    if not good:
                        has_yaku = False
                        sh, accept = 1, max(1, accept // 3)
                    else:
                        waits = good
                        accept = sum(unseen[w] for w in good)
                else:
                    has_yaku = an.yaku_paths(counts, state.melds, yakuhai, self.profile, 1 if sh >= 2 else 0).any
            elif self._needs_yaku and state.closed and not riichi_possible:
                has_yaku = an.yaku_paths(counts, state.melds, yakuhai, self.profile, 0).any
                can_ron = has_yaku
            elif self._needs_yaku and state.closed and sh == 0 and not riichi:
                closed_yaku = an.yaku_paths(counts, state.melds, yakuhai, self.profile, 0)
                has_yaku = closed_yaku.yakuhai and any(counts[y] >= 3 for y in yakuhai) or closed_yaku.tanyao or closed_yaku.flush
                can_ron = has_yaku
            han = estimate(counts, state.reds - (1 if is_red(t) else 0), state.closed, riichi_possible)
            value = an.hand_points(han, obs, self.profile) if has_yaku or state.closed else 0.0
            if sh == 0 and waits and an.reads_waits(self.profile):
                tv = an.tenpai_value(
                    counts, waits, state.melds, obs, self.profile, unseen,
                    reds=state.reds - (1 if is_red(t) else 0), closed=state.closed, riichi=riichi,
                )
                value = tv.points
                if state.closed and not riichi:
                    has_yaku = bool(tv.ron_waits)
                    can_ron = True  # the value already counts tsumo-only waits at their share
            wait_after = 5.0
            next_accept: float | None = None
            step = 0  # the look-ahead: 1 the wait after the next draw, 2 the acceptance two draws ahead
            if sh == 1 == min_sh and shape.kinds and shape.accept >= 0.75 * wide:
                step = 1
            elif TWO_STEP and sh == 2 == min_sh and shape.kinds:
                step = 2
            # a discard whose own kind improves what it leaves meets the hand itself two draws
            # ahead, a key of ``step_cache`` that discards share: it is weighed now, in order
            # (the best of the lowest shanten is found first, from a close bound of the acceptance
            # two draws ahead; a push or fold is told from the look-ahead's cap)
            waiting = later is not None and step > 0 and k not in shape.kinds and (step == 2 or not best_shapes)
            if waiting and best_shapes:
                next_accept = an.next_step_accept_bound(counts, shape.kinds, sets, specials, unseen)
            elif waiting:
                wait_after, next_accept = (BOUND, None) if step == 1 else (5.0, BOUND)
            elif step == 1:
                wait_after = self._next_step_wait(counts, shape.kinds, sets, specials, unseen)
            elif step == 2:
                next_accept = an.next_step_accept(counts, shape.kinds, sh, sets, specials, unseen, step_cache)
            calls = 1.6 if not state.closed and has_yaku and self.profile.claims.chi else 1.3 if not state.closed else 1.0
            win = an.win_chance(
                sh, accept, obs, wait_after=wait_after, ron=can_ron, calls=calls, next_accept=next_accept
            )
            if threats:
                if sh >= 1:
                    win *= threatened
                deal_in, loss = defence.tile_loss(k, t, threats, unseen, dora)
            else:
                deal_in, loss = 0.0, 0.0  # what tile_loss gives with no threat
            if waiting and later is not None:
                later.append(LookAhead(
                    len(out), step, list(counts), shape.kinds, sets, specials, unseen, step_cache, obs, can_ron, calls,
                    threatened if threats and sh >= 1 else None, stakes.win_near(value),
                ))
            counts[k] += 1
            ev = win * stakes.win_near(value) - loss
            out.append(Option(t, k, sh, accept, waits, value, win, deal_in, loss, ev, has_yaku, formal))
        return out

    def _look_ahead(self, options: list[Option], later: Sequence[LookAhead]) -> None:
        """Finish the options :meth:`_weigh` left at the look-ahead's bound: the same win chance
        and ev, product by product, as weighed at once."""
        for la in later:
            o = options[la.index]
            wait_after = 5.0
            next_accept: float | None = None
            if la.step == 1:
                wait_after = self._next_step_wait(la.counts, la.kinds, la.sets, la.specials, la.unseen)
            else:
                next_accept = an.next_step_accept(
                    la.counts, la.kinds, o.shanten, la.sets, la.specials, la.unseen, la.step_cache
                )
            win = an.win_chance(
                o.shanten, o.accept, la.obs, wait_after=wait_after, ron=la.can_ron, calls=la.calls,
                next_accept=next_accept,
            )
            if la.threatened is not None:
                win *= la.threatened
            o.win = win
            o.ev = win * la.worth - o.loss

    def _choose_later(
        self, obs: Observation, options: list[Option], threats: list[an.Threat], later: list[LookAhead], pool: bool
    ) -> defence.Choice[Option]:
        """:meth:`_choose` of options weighed with ``later``, the same choice as with every
        option looked ahead. Among the lowest shanten (``pool``: :meth:`_shape_decides`) the best
        ev wins: options are finished best bound first, until every bound left is below the best
        ev found. Otherwise a fold is known from the bounds once the safest tiles are exact
        (:func:`defence.folds_whatever_the_evs`), and only those are looked ahead; anything else
        looks ahead for all first."""
        if later and pool:
            waiting = {la.index for la in later}  # all of the lowest shanten, which alone is chosen from
            low = min(o.shanten for o in options)
            best = max((o.ev for i, o in enumerate(options) if i not in waiting and o.shanten == low), default=-math.inf)
            for la in sorted(later, key=lambda la: options[la.index].ev, reverse=True):
                if options[la.index].ev < best - MARGIN:
                    break  # this bound and every one after it: below the best, with room to spare
                self._look_ahead(options, [la])
                best = max(best, options[la.index].ev)
        elif later:
            safest = min(defence.safety_key(o) for o in options)
            tied = [la for la in later if defence.safety_key(options[la.index]) == safest]
            self._look_ahead(options, tied)
            rest = [la for la in later if defence.safety_key(options[la.index]) != safest]
            if rest and not defence.folds_whatever_the_evs(
                options, threats, obs, tenpai_bonus=self._tenpai_bonus(), margin=MARGIN
            ):
                self._look_ahead(options, rest)
        return self._choose(obs, options, threats)

    @staticmethod
    def _next_step_wait(
        counts: list[int], kinds: Sequence[int], sets: int, specials: tuple[bool, bool], unseen: Sequence[int]
    ) -> float:
        """The average wait (unseen tiles) of the tenpai each improving draw leads to."""
        total = 0.0
        weight = 0
        for j in kinds:
            counts[j] += 1
            w = an.best_wait_after(counts, sets, specials, unseen)
            counts[j] -= 1
            total += w * unseen[j]
            weight += unseen[j]
        return total / weight if weight else 5.0

    def _discard_reason(
        self, obs: Observation, best: Option, options: list[Option], threats: list[an.Threat], *, fold: bool = False
    ) -> str:
        k = best.kind
        if fold:
            return self._fold_reason(obs, best, threats)
        top_shape = min(options, key=lambda o: (o.shanten, -o.accept))
        if threats and best.deal_in > 0.05:
            names = threat_list(obs, [th.seat for th in threats])
            return reason("push", tile=tile_word(k), who=names, shanten=shanten_words(best.shanten),
                          points=about(best.value), risk=best.deal_in)
        if best.shanten == 0 and best.waits:
            return reason("discard_tenpai", tile=tile_word(k), waits=kinds_word(best.waits), count=best.accept)
        if top_shape.accept > best.accept and top_shape.shanten == best.shanten and best.value > top_shape.value:
            return reason("discard_value", tile=tile_word(k), points=about(best.value),
                          more=top_shape.accept - best.accept, count=top_shape.accept - best.accept)
        return reason("discard", tile=tile_word(k), shanten=shanten_words(best.shanten), count=best.accept)

    @staticmethod
    def _fold_reason(obs: Observation, best: Option, threats: list[an.Threat]) -> str:
        """Why this fold tile: safe, suji or least dangerous against the riichi (or open hands)."""
        k = best.kind
        big = [th for th in threats if th.riichi or th.level >= 0.45]
        if not big:
            return reason("fold_last", tile=tile_word(k))
        who = threat_list(obs, [th.seat for th in big])
        riichi = all(th.riichi for th in big)
        if all(k in th.safe for th in big):
            return reason("fold_safe" if riichi else "fold_safe_open", tile=tile_word(k), who=who)
        if riichi and all(an.is_suji(k, th.safe) for th in big):
            return reason("fold_suji", tile=tile_word(k), who=who)
        return reason("fold_least" if riichi else "fold_least_open", tile=tile_word(k), who=who,
                      risk=best.deal_in)

    # --- claims -----------------------------------------------------------------------------

    def _answer_claim(self, obs: Observation, explain: bool) -> tuple[Action, str]:
        acts = obs.legal_actions
        pass_act = next(a for a in acts if a.kind is ActionKind.PASS)
        calls = [a for a in acts if a.kind in (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN)]
        if not calls or obs.last_discard is None:
            return pass_act, reason("pass")
        tile = obs.last_discard[1]
        k = kind_of(tile)
        if self.level == "hard":
            return self._hard_claim(obs, calls, pass_act, tile, explain)
        state = self._state(obs)
        sets = self._sets(state)
        now = shanten(state.counts, sets, *self._specials(state))
        yakuhai = an.yakuhai_kinds(obs, obs.seat)
        for a in calls:
            if a.kind is ActionKind.DAIMINKAN:
                continue
            if a.kind is not ActionKind.PON and not (self.profile.unit is Unit.TAI and self.level == "normal"):
                continue
            if self._needs_yaku and k not in yakuhai and not any(
                m.first_kind in yakuhai and m.kind is not MeldKind.CHI for m in state.melds
            ):
                continue
            if self.level == "normal" and any(v.riichi for v in obs.seats if v.seat != obs.seat) and now >= 2:
                continue
            after = _call_shanten(state.counts, a.tiles, sets - 1)
            if after < now or (self.level == "easy" and k in yakuhai):
                what = reason(self._why_value) if k in yakuhai and self._needs_yaku else reason("why_faster")
                return a, reason("call", call=reason(a.kind.value), tile=tile_word(k), why=what,
                                 shanten=shanten_words(after))
        return pass_act, reason("pass_no_help", tile=tile_word(k))

    def _hard_claim(
        self, obs: Observation, calls: list[Action], pass_act: Action, tile: int, explain: bool
    ) -> tuple[Action, str]:
        """Call when the best discard after the call is worth more than staying closed (and the
        call lowers shanten). Without ``explain``, a claim no call could lower the shanten of is
        passed at once: the weighing below could only pass it too, and only its words differ."""
        say = reason if explain else _no_words
        state = self._state(obs)
        k = kind_of(tile)
        word = tile_word(k) if explain else ""
        sets = self._sets(state)
        specials = self._specials(state)
        unseen = an.unseen_counts_cached(obs)
        shape = an.shape_of(state.counts, sets, specials, unseen)
        if shape.shanten == 0 and state.closed and self._riichi_rules:
            return pass_act, say("pass_closed_tenpai", tile=word, tenpai=shanten_words(0) if explain else "")
        if not explain and all(
            a.kind is ActionKind.DAIMINKAN or _call_shanten(state.counts, a.tiles, sets - 1) >= shape.shanten
            for a in calls
        ):
            return pass_act, ""
        afters = [(a, self._after_call(obs, state, a, tile)) for a in calls if a.kind is not ActionKind.DAIMINKAN]
        if not explain and self._needs_yaku and not self._keishiki_possible(obs, shape) and not any(
            an.may_have_yaku(after.counts, after.melds, an.yakuhai_kinds(obs, obs.seat), self.profile)
            for _, after in afters
        ):
            return pass_act, ""  # the weighing below could only end in "no yaku" (or fold): a pass
        stakes = defence.Stakes(obs, self.profile)
        threats = defence.read_threats(obs, self.profile, stakes)
        han = an.estimate_han(
            state.counts, state.melds, obs, self.profile, reds=state.reds, closed=state.closed,
            riichi=state.closed and self._riichi_rules,
        )
        stay_yaku = True
        if self._needs_yaku and not state.closed:
            stay_yaku = an.yaku_paths(state.counts, state.melds, an.yakuhai_kinds(obs, obs.seat), self.profile, 1).any
        stay_value = stakes.win(an.hand_points(han, obs, self.profile)) if stay_yaku else 0.0
        stay = an.win_chance(shape.shanten, shape.accept, obs) * stay_value
        if threats:
            stay *= max(0.3, 1.0 - 0.35 * sum(th.level for th in threats))
        best: tuple[float, Action, Option] | None = None
        formal: tuple[float, Action, Option] | None = None  # the best call that reaches formal tenpai
        pool = not explain and self._shape_decides(obs, threats)
        for a, after in afters:
            counts = after.counts
            cand = [j * 4 + 1 for j in range(34) if counts[j]]
            later = self._later(explain, pool)
            opts = self._weigh(obs, after, cand, threats, riichi=False, stakes=stakes, best_shapes=pool, later=later)
            picked = (self._choose_later(obs, opts, threats, later, pool) if later is not None
                      else self._choose(obs, opts, threats))
            if picked.fold:
                continue  # a call to fold with is no call: keep the tiles
            top = picked.option
            if best is None or top.ev > best[0]:
                best = (top.ev, a, top)
            if top.formal and (formal is None or top.ev > formal[0]):
                formal = (top.ev, a, top)
        if best is None:
            return pass_act, say("pass_on", tile=word)
        if formal is not None and self._keishiki(obs, shape, stay, formal[0]):
            _, act, top = formal
            return act, say("call_value", call=say(act.kind.value), tile=word, why=say("why_noten"),
                            shanten=shanten_words(0) if explain else "", points=about(top.value))
        ev, act, top = best
        if not top.has_yaku and self._needs_yaku:
            if self.profile.unit is Unit.FAN:
                return pass_act, say("pass_no_fan", tile=word, fan=self.profile.fan.min_fan)
            return pass_act, say("pass_no_yaku", tile=word)
        value_honour = k in an.yakuhai_kinds(obs, obs.seat) and act.kind is ActionKind.PON
        first_yaku = value_honour and (not self._needs_yaku or han < 4.0)
        if top.shanten < shape.shanten and (ev > stay * CALL_MARGIN or (first_yaku and top.shanten <= 3)):
            why = say(self._why_value) if value_honour and self._needs_yaku else say("why_speed")
            return act, say("call_value", call=say(act.kind.value), tile=word, why=why,
                               shanten=shanten_words(top.shanten), points=about(top.value))
        # "worth more closed" only for a closed hand (seen after a pon: "the hand is worth more closed")
        return pass_act, say("pass_closed" if state.closed else "pass_no_help", tile=word)

    @staticmethod
    def _after_call(obs: Observation, state: HandState, a: Action, tile: int) -> HandState:
        """The hand a chi or pon of ``tile`` leaves (3n+2 concealed, the new meld shown)."""
        meld_kind = MeldKind.PON if a.kind is ActionKind.PON else MeldKind.CHI
        meld = Meld(meld_kind, tuple(sorted((*a.tiles, tile))), tile, obs.last_discard[0] if obs.last_discard else None)
        counts = list(state.counts)
        for t in a.tiles:
            counts[kind_of(t)] -= 1
        return HandState(counts, (*state.melds, meld), state.reds - sum(1 for t in a.tiles if is_red(t)), False)

    def _keishiki_possible(self, obs: Observation, shape: an.Shape) -> bool:
        """Whether :meth:`_keishiki` can say yes at all here (whatever the calls are worth)."""
        return not (defence.draws_left(obs) > defence.FORMAL_DRAWS or shape.shanten <= 0 or self._tenpai_bonus() <= 0)

    def _keishiki(self, obs: Observation, shape: an.Shape, stay: float, call_ev: float) -> bool:
        """Whether to call for formal tenpai (keishiki tenpai) in the last draws: the noten
        payments count an open wait without a yaku as tenpai, so a call that reaches one earns
        the tenpai bonus if the hand runs to the draw. Staying keeps its win chance (``stay``)
        and its own chance to reach tenpai by a draw (one-shanten: each draw may bring it)."""
        if not self._keishiki_possible(obs, shape):
            return False
        left = defence.draws_left(obs)
        bonus = self._tenpai_bonus()
        at_draw = bonus * (1.0 - an.HAZARD) ** left
        pool = max(20, sum(an.unseen_counts_cached(obs)))
        reach = 1.0 - (1.0 - min(0.95, shape.accept / pool)) ** left if shape.shanten == 1 else 0.0
        return call_ev + at_draw > stay + reach * at_draw


def _no_words(key: str, **values: object) -> str:
    """:func:`reason` when no one asked why."""
    return ""


def _minus(counts: list[int], k: int) -> list[int]:
    out = list(counts)
    out[k] -= 1
    return out


def _call_shanten(counts: list[int], used: Sequence[int], sets: int) -> int:
    """Shanten after a call and the best discard (the concealed part holds ``3 * sets + 2``)."""
    work = list(counts)
    for t in used:
        work[kind_of(t)] -= 1
    return min((sh for _, sh in discard_shanten(work, sets, False, False)), default=9)


def make_seat(name: str, seed: int, seat: int, profile: RuleProfile) -> Seat:
    """A seat by name: ``random`` and ``efficiency`` (baselines) or a level."""
    from game.ai.baseline import EfficiencyBot, RandomBot

    if name == "random":
        return RandomBot(seed, seat)
    if name == "efficiency":
        return EfficiencyBot(seed, seat, sets=profile.win.sets)
    return LevelBot(name, seed, seat, profile)
