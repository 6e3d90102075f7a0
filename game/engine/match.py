"""The match: the hand state machine and the match around it.

The public API, in the spirit of python-chess::

    match = Match(load_profile("riichi"), seed=7)
    actions = match.legal_actions(seat)     # what a seat may do now
    events = match.apply(actions[0])        # do it; the events say what happened
    view = match.observe(seat)              # only what that seat may see
    match.record                            # replays to the same state hash

Draws, the deal, flower replacements and the next hand happen inside ``apply``: a seat is only
asked when it has a choice. After a discard every seat that may claim is asked at once (a claim
window); the answers are resolved by the profile's priority, turn distance and multiple-win rule.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from . import claims, furiten, penalties
from .actions import (
    DISCARD_ACTIONS,
    RIICHI_ACTIONS,
    TILES_PER_ACTION,
    Action,
    ActionKind,
    format_action,
    parse_action_text,
)
from .errors import IllegalActionError, NotationError, RecordError
from .events import (
    AbortiveDraw,
    Claimed,
    DeadWallSet,
    DiceRolled,
    Discarded,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    FirstDealerRolled,
    FlowerSetAside,
    FuPart,
    HandEnded,
    HandStarted,
    KanDeclared,
    MatchEnded,
    RiichiAccepted,
    TailToDeadWall,
    TileDrawn,
    TilesDealt,
    WallBuilt,
    Win,
    Yaku,
)
from .meld import Meld, MeldKind
from .observation import Observation, SeatView
from .observation import observe as observe_seat
from .player import Player
from .profile import RuleProfile
from .scoring_bridge import WinRequest, exhaustive_draw_deltas, nagashi_deltas, value_win
from .settlement import final_standings
from .shanten import shanten, waits
from .taiwanese import is_ligu, ligu_waits, score_flower_win
from .tiles import (
    FLOWER_ID_BASE,
    NUM_FLOWER_KINDS,
    RED_FIVE_IDS,
    TERMINALS_AND_HONORS,
    WINDS,
    kind_of,
    tile_ids,
)
from .wall import DiceRoll, Wall, roll, roll_first_dealer


class Phase(Enum):
    TURN = "turn"  # the seat in turn chooses: discard, riichi, tsumo, kan, kyuushu
    CLAIM = "claim"  # seats answer a discard: ron, pon, kan, chi, pass
    CHANKAN = "chankan"  # seats may rob an added kan
    OVER = "over"  # the match has ended


@dataclass(frozen=True)
class HandSetup:
    """A stacked hand (tutorials, log replays): the live tiles in draw order, the dead wall from
    the break, and the dice. Tiles not named fill the rest of the wall."""

    draw_order: tuple[int, ...]
    dead: tuple[int, ...] = ()
    dice: tuple[int, int] = (3, 4)


@dataclass(frozen=True)
class HandPosition:
    """Where a match starts when it does not start at East 1 (seat 0 of the first dealer's
    rotation deals ``hand_number`` hands later)."""

    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    riichi_sticks: int = 0


@dataclass(frozen=True)
class Record:
    """Everything needed to replay a match: rules, seed, decisions, and the state they reach."""

    profile_id: str
    profile_hash: str
    seed: int
    actions: tuple[str, ...]
    state_hash: str = ""
    # how the match was started when not from a plain seed (tutorials, log replays, branches)
    first_dealer: int | None = None
    start: tuple[int, int, int, int] | None = None
    position: HandPosition | None = None
    setups: tuple[tuple[int, HandSetup], ...] = ()
    strict_seats: tuple[int, ...] = ()  # seats that played at a strict table (false declarations)


_SEAT_STEP = (1, 2, 3)
_LAST_ROUND = {"one_hand": 0, "tonpuu": 0, "hanchan": 1, "one_round": 0, "four_rounds": 3}


class Match:
    """A match of one rule profile, deterministic from its seed."""

    def __init__(
        self,
        profile: RuleProfile,
        seed: int,
        *,
        setups: dict[int, HandSetup] | None = None,
        first_dealer: int | None = None,
        start: tuple[int, int, int, int] | None = None,
        position: HandPosition | None = None,
        strict_seats: Iterable[int] = (),
    ) -> None:
        """``setups`` stacks the wall of chosen hands (by hand index); ``first_dealer`` skips the
        first-dealer roll; ``start`` sets the scores and ``position`` the round, dealer, honba and
        sticks of the first hand (log replays and tutorials start mid-match). ``strict_seats`` play
        at a strict table: they may declare wins and calls their hand cannot make, and pay the
        profile's penalty (:mod:`game.engine.penalties`)."""
        self.profile = profile
        self.strict_seats = frozenset(s for s in strict_seats if 0 <= s < 4)
        self.penalty_points = [0, 0, 0, 0]  # taken from the final score after uma (EMA chombo)
        self.hand_riichi: list[int] = []  # seats whose riichi stick went down this hand
        self.seed = seed
        self._setups = dict(setups or {})
        self._given = (first_dealer, start, position)  # kept for the record
        self._rng = random.Random(f"atlas/{seed}/match")
        self.actions: list[Action] = []
        self.events: list[Event] = []
        points = profile.game.start_points
        self.scores: list[int] = list(start) if start else [points] * 4
        self.round_wind = 0
        self.hand_number = 0
        self.honba = 0
        self.sticks = 0
        self.hand_index = 0  # hands played in this match, aborts and draws included
        self.dealer_streak = 0  # consecutive continuations of the current dealer (Taiwanese 連莊)
        self.phase = Phase.TURN
        self.turn = 0
        self.players: list[Player] = [Player() for _ in range(4)]
        self.wall: Wall
        self.indicators: list[int] = []
        self.pending_dora = 0
        self.drawn: int | None = None
        self.rinshan = False
        self.calls_made = False
        self.kans: list[int] = []  # seat of each kan this hand
        self.suukaikan_pending = False
        self.flower_win: tuple[int, int | None, int] | None = None  # (winner, payer, tile) pending
        self.first_discards: list[int] = []
        self.discards_made = 0  # discards of all seats this hand (each river tile's turn number)
        self.claim: claims.ClaimWindow | None = None
        self.final: MatchEnded | None = None
        self._turn_cache: tuple[Action, ...] | None = None
        self.red_ids: frozenset[int] = RED_FIVE_IDS if profile.tiles.red_fives else frozenset()
        self.tile_classes = class_table(self.red_ids)
        self._kyuushu_on = "kyuushu_kyuuhai" in profile.draws.abortive
        self._suufon_renda_on = "suufon_renda" in profile.draws.abortive
        self._ligu_on = bool(profile.tai.enabled and profile.tai.ligu)  # 嚦咕嚦咕 house rule
        # when temporary furiten ends (read on every draw and discard)
        self._furiten_ends_on_draw = profile.furiten.temporary_ends == "draw_or_claim"
        self._furiten_ends_on_discard = profile.furiten.temporary_ends == "own_discard"
        self.view_cache: list[SeatView | None] = [None] * 4
        out: list[Event] = []
        if first_dealer is None:
            first_dealer, rounds = roll_first_dealer(self._rng)
            out.append(FirstDealerRolled(tuple(tuple(r) for r in rounds), first_dealer))
        self.first_dealer = first_dealer
        self.dealer = first_dealer
        if position is not None:
            self.round_wind = position.round_wind
            self.hand_number = position.hand_number
            self.honba = position.honba
            self.sticks = position.riichi_sticks
            self.dealer = (first_dealer + position.hand_number) % 4
        self._start_hand(out)
        self.events.extend(out)

    # --- the public API ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def seat_wind(self, seat: int) -> int:
        return (seat - self.dealer) % 4

    def awaiting(self) -> list[int]:
        """Seats that must act before the match can go on."""
        if self.phase is Phase.TURN:
            return [self.turn]
        if self.claim is not None:
            return self.claim.waiting()
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """A fresh list of what ``seat`` may do now (cached until the next ``apply``)."""
        return list(self.legal_view(seat))

    def legal_view(self, seat: int) -> Sequence[Action]:
        """What ``seat`` may do now, as the match's own cached sequence: read it, never change it
        (``observe`` and ``apply`` use it to skip the copy ``legal_actions`` makes)."""
        if self.phase is Phase.TURN:
            if seat != self.turn:
                return ()
            cached = self._turn_cache
            if cached is None:
                cached = self._turn_cache = self._turn_actions(seat)
            return cached
        if self.claim is not None:
            return self.claim.options_for(seat)
        return ()

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's action and return what happened. Illegal actions change nothing."""
        legal = self.legal_view(action.seat) if 0 <= action.seat < 4 else ()
        if action not in legal:
            action = self.canonical(action)
            if action not in legal:
                raise IllegalActionError(*self._refusal(action))
        self._turn_cache = None
        self.actions.append(action)
        out: list[Event] = []
        if self.phase is Phase.TURN:
            self._apply_turn(action, out)
        else:
            assert self.claim is not None
            self.claim.answer(action)
            if not self.claim.waiting():
                self._resolve_claims(out)
        self.events.extend(out)
        return out

    def parse_action(self, text: str) -> Action:
        """Read action notation, resolving tiles against the seat's hand (red fives stay red)."""
        seat, kind, tiles = parse_action_text(text)
        if not tiles:
            return Action(seat, kind, ())
        prefer = self.drawn if seat == self.turn else None
        resolved = _resolve_tiles(self.players[seat].sorted_hand, tiles, prefer, self.tile_classes)
        if resolved is None:
            raise NotationError(f"{text!r}: seat {seat} does not hold those tiles")
        return Action(seat, kind, tuple(sorted(resolved)))  # as canonical would make it

    def is_false(self, action: Action) -> bool:
        """Whether a legal declaration of a strict-table seat is a false one (a win its hand
        does not make, a call it cannot make): what the profile's penalty is for."""
        if action.seat not in self.strict_seats:
            return False
        if self.phase is Phase.TURN:
            if action.kind is not ActionKind.TSUMO or action.seat != self.turn:
                return False
            p = self.players[action.seat]
            drawn = self.drawn if self.drawn is not None else -1
            return not p.shanten_at_most(-1) or self._win_value(action.seat, None, drawn) is None
        return self.claim is not None and self.claim.is_false(action)

    def observe(self, seat: int) -> Observation:
        return observe_seat(self, seat)

    def why_illegal(self, action: Action) -> IllegalActionError | None:
        """Why ``action`` would be refused now, or None when ``apply`` would accept it (with any
        copy of the same tiles: see :meth:`canonical`). The error's ``rule`` is a stable id
        (``furiten``, ``kuikae``, ``chi-from-left-only``...) that the interface translates."""
        legal = self.legal_view(action.seat) if 0 <= action.seat < 4 else ()
        if action in legal:
            return None
        action = self.canonical(action)
        if action in legal:
            return None
        return IllegalActionError(*self._refusal(action))

    def copy(self) -> Match:
        """An independent copy to try moves on: its own table and history, the same profile.

        Made through a pickle of the match's own state (about four times faster than a deep
        copy); what never changes in place (the profile) is shared, and the past events and
        actions (immutable items) are copied as lists, so a copy late in a long match costs about
        what an early one does."""
        kept = self.profile, self.events, self.actions, self.view_cache
        self.events, self.actions, self.view_cache = [], [], [None] * 4
        del self.profile
        try:
            trial: Match = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        finally:
            self.profile, self.events, self.actions, self.view_cache = kept
        trial.profile = self.profile
        trial.events = list(self.events)
        trial.actions = list(self.actions)
        return trial

    @property
    def record(self) -> Record:
        first_dealer, start, position = self._given
        return Record(
            self.profile.id,
            self.profile.hash,
            self.seed,
            tuple(format_action(a, red_fives=bool(self.red_ids)) for a in self.actions),
            self.state_hash(),
            first_dealer,
            start,
            position,
            tuple(sorted(self._setups.items())),
            tuple(sorted(self.strict_seats)),
        )

    def state_hash(self) -> str:
        parts: list[object] = [
            self.scores,
            self.round_wind,
            self.hand_number,
            self.honba,
            self.sticks,
            self.dealer,
            self.phase.value,
            self.turn,
            self.hand_index,
            self.indicators,
            self.drawn,
            self.pending_dora,
            self.rinshan,
            self.calls_made,
            self.kans,
            self.first_discards,
            self.suukaikan_pending,
            self.dealer_streak,
            self.sticks,
            sorted(self.strict_seats),
            self.penalty_points,
            self.hand_riichi,
        ]
        if hasattr(self, "wall"):
            parts += [self.wall.live[self.wall.head : self.wall.tail], self.wall.dead, self.wall.rinshan_taken]
        for p in self.players:
            parts += [
                sorted(p.hand),
                [(m.kind.value, m.tiles, m.called, m.from_seat) for m in p.melds],
                [(d.tile, d.tsumogiri, d.riichi, d.called) for d in p.discards],
                p.flowers,
                p.riichi,
                p.riichi_pending,
                p.double_riichi,
                p.ippatsu,
                p.furiten_temporary,
                p.furiten_riichi,
                sorted(p.kuikae),
                p.nagashi_ok,
                p.pao,
                p.dead_hand,
            ]
        if self.claim is not None:
            parts.append(self.claim.fingerprint())
        return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]

    # --- a hand's start ---------------------------------------------------------------------

    def _start_hand(self, out: list[Event]) -> None:
        prof = self.profile
        rng = random.Random(f"atlas/{self.seed}/hand/{self.hand_index}")
        self.players = [Player() for _ in range(4)]
        self.indicators = []
        self.pending_dora = 0
        self.drawn = None
        self.rinshan = False
        self.calls_made = False
        self.kans = []
        self.suukaikan_pending = False
        self.first_discards = []
        self.discards_made = 0
        self.claim = None
        self.hand_riichi = []
        self.flower_win = None
        out.append(
            HandStarted(self.round_wind, self.hand_number, self.honba, self.sticks, self.dealer, _four(self.scores))
        )
        s = prof.wall.stacks_per_side
        tiles = tile_ids(prof.tiles.flowers)
        setup = self._setups.get(self.hand_index)
        hill = prof.wall.dead_wall_mode == "replenished_hill"
        if setup is None:
            rng.shuffle(tiles)
            dice = roll(rng)
            self.wall = Wall.build(
                tiles,
                stacks_per_side=s,
                dealer=self.dealer,
                dice=dice,
                dead_size=prof.wall.dead_wall_size,
                upper_row_first=hill,
            )
        else:
            named = set(setup.draw_order) | set(setup.dead)
            rest = [t for t in tiles if t not in named]
            self.wall = Wall.stacked(
                list(setup.draw_order),
                list(setup.dead),
                rest,
                stacks_per_side=s,
                dealer=self.dealer,
                dice=DiceRoll(*setup.dice),
                dead_size=prof.wall.dead_wall_size,
                upper_row_first=hill,
            )
        out.append(WallBuilt(s))
        w = self.wall
        out.append(DiceRolled(self.dealer, w.dice, w.owner, w.break_stack))
        out.append(DeadWallSet(tuple(w.dead_pos)))
        if prof.wall.max_dora_indicators > 0:
            self._reveal_dora(out)
        self._deal(out)
        if prof.tiles.flowers:
            self._replace_dealt_flowers(out)
        self.turn = self.dealer
        self.phase = Phase.TURN
        dealer = self.players[self.dealer]
        self.drawn = dealer.hand[-1]
        self._refresh_after_draw(self.dealer)
        for seat in range(4):
            if seat != self.dealer:
                self._refresh_waits(seat)
        if self.flower_win is not None:
            self._settle_flower_win(out)

    def _deal(self, out: list[Event]) -> None:
        deal = self.profile.deal
        order = [(self.dealer + k) % 4 for k in range(4)]
        for block in deal.rounds_of:
            for seat in order:
                tiles, positions = self.wall.take(block)
                p = self.players[seat]
                for t in tiles:
                    p.add(t)
                out.append(TilesDealt(seat, tuple(tiles), tuple(positions)))
        for _ in range(deal.dealer_extra):
            t, pos = self.wall.draw()
            self.players[self.dealer].add(t)
            out.append(TilesDealt(self.dealer, (t,), (pos,)))

    def _replace_dealt_flowers(self, out: list[Event]) -> None:
        """Dealer first, then South, West, North, until no flower is left (TW-4W rules03)."""
        order = [(self.dealer + k) % 4 for k in range(4)]
        found = True
        while found:
            found = False
            for seat in order:
                p = self.players[seat]
                for t in sorted(t for t in p.hand if t >= FLOWER_ID_BASE):
                    found = True
                    p.remove(t)
                    p.flowers.append(t)
                    out.append(FlowerSetAside(seat, t))
                    self._note_flower(seat, t)
                    r = self._replacement(seat, out)
                    p.add(r)

    def _replacement(self, seat: int, out: list[Event]) -> int:
        t, pos = self.wall.draw_replacement()
        out.append(TileDrawn(seat, t, pos, replacement=True))
        if self.wall.live_remaining > 0:
            _, tail_pos = self.wall.move_tail_to_dead()
            out.append(TailToDeadWall(tail_pos))
        return t

    def _reveal_pending_dora(self, out: list[Event]) -> None:
        for _ in range(self.pending_dora):
            self._reveal_dora(out)
        self.pending_dora = 0

    def _reveal_dora(self, out: list[Event]) -> None:
        k = len(self.indicators)
        if k >= self.profile.wall.max_dora_indicators:
            return
        t, pos = self.wall.indicator(k)
        self.indicators.append(t)
        out.append(DoraRevealed(t, pos))

    # --- the turn -----------------------------------------------------------------------------

    def _draw(self, seat: int, out: list[Event], *, replacement: bool = False) -> None:
        p = self.players[seat]
        if self._furiten_ends_on_draw:
            p.furiten_temporary = False
        if replacement:
            t = self._replacement(seat, out)
        else:
            t, pos = self.wall.draw()
            out.append(TileDrawn(seat, t, pos))
        while t >= FLOWER_ID_BASE:
            p.flowers.append(t)
            out.append(FlowerSetAside(seat, t))
            self._note_flower(seat, t)
            t = self._replacement(seat, out)
            replacement = True
        p.add(t)
        self.drawn = t
        self.rinshan = replacement
        self.turn = seat
        self.phase = Phase.TURN
        self._refresh_after_draw(seat, after_own_discard=not replacement)
        if self.flower_win is not None:
            self._settle_flower_win(out)

    def _note_flower(self, seat: int, tile: int) -> None:
        """八仙過海 / 七搶一 (Taiwanese rows, on when their knob has tai): the eighth flower to come
        out wins at once, for its holder or for the seat holding the other seven. Automatic, as no
        player turns down an 8-tai win and the rows say the hand "wins at once" (TW-CHH)."""
        rules = self.profile.tai
        if self.flower_win is not None or not rules.enabled:
            return
        p = self.players[seat]
        if rules.eight_flowers_win and len(p.flowers) == 8 and not p.dead_hand:
            self.flower_win = (seat, None, tile)
        elif rules.seven_rob_one and len(p.flowers) == 1:
            for q in range(4):
                if q != seat and len(self.players[q].flowers) == 7 and not self.players[q].dead_hand:
                    self.flower_win = (q, seat, tile)

    def _settle_flower_win(self, out: list[Event]) -> None:
        assert self.flower_win is not None
        winner, payer, tile = self.flower_win
        self.flower_win = None
        value = score_flower_win(winner, payer, self.dealer, self.dealer_streak, self.profile)
        for s in range(4):
            self.scores[s] += value.deltas[s]
        p = self.players[winner]
        out.append(
            Win(winner, payer, tile, tuple(sorted(p.hand)), tuple(p.melds), tuple(Yaku(n, h) for n, h in value.yaku),
                value.han, 0, "", value.points, _four(value.deltas), (), None)
        )
        renchan = winner == self.dealer and self.profile.game.renchan != "never"
        self._end_hand(out, renchan=renchan, abortive=False, won=True)

    def _refresh_after_draw(self, seat: int, *, after_own_discard: bool = False) -> None:
        """Shanten of the hand with its new tile. ``after_own_discard``: an ordinary draw, so the
        seat's shanten and waits are still those of its 13 tiles before it."""
        p = self.players[seat]
        if after_own_discard and not self._ligu_on:
            if p.keep_deferred_after_draw():
                return
            if not p.shanten_deferred:
                before = p.shanten
                if before == 0:
                    # tenpai before the draw: the tile completes the hand exactly when it is a
                    # wait, and otherwise discarding it is tenpai again (no shanten needed)
                    assert self.drawn is not None
                    p.shanten = -1 if self.drawn >> 2 in p.waits else 0
                    return
                if before >= 2:
                    p.defer_shanten(self._sets_needed(p), *self._specials(p), at_least=before - 1)
                    return
        p.shanten = shanten(p.counts(), self._sets_needed(p), *self._specials(p))
        if self._ligu_on and not p.melds and p.shanten >= 0 and is_ligu(p.counts()):
            p.shanten = -1

    def _refresh_after_discard(self, seat: int) -> None:
        """Shanten and waits of the 13 tiles left. A discard never lowers shanten (a 14-tile
        hand's shanten is the least over its discards): a hand one or more from tenpai before
        it still is, has no waits, and its count can wait until someone reads it."""
        p = self.players[seat]
        if not self._ligu_on:  # 嚦咕嚦咕 waits come from no shanten: always count
            if p.shanten_deferred:
                p.waits = ()
                return
            before = p.shanten
            if before >= 1:
                p.waits = ()
                p.defer_shanten(self._sets_needed(p), *self._specials(p), at_least=before)
                return
        self._refresh_waits(seat)

    def _refresh_waits(self, seat: int) -> None:
        p = self.players[seat]
        counts = p.counts()
        sets = self._sets_needed(p)
        chiitoitsu, kokushi = self._specials(p)
        p.shanten = shanten(counts, sets, chiitoitsu, kokushi)
        p.waits = tuple(waits(counts, sets, chiitoitsu, kokushi)) if p.shanten == 0 else ()
        if self._ligu_on and not p.melds:
            extra = ligu_waits(counts)
            if extra:
                p.shanten = 0
                p.waits = tuple(sorted(set(p.waits) | set(extra)))

    def _sets_needed(self, p: Player) -> int:
        return self.profile.win.sets - len(p.melds)

    def _specials(self, p: Player) -> tuple[bool, bool]:
        if p.melds:
            return False, False
        return self.profile.win.chiitoitsu, self.profile.win.kokushi

    def _first_uninterrupted(self, seat: int) -> bool:
        return not self.calls_made and not self.players[seat].has_discarded

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        p = self.players[seat]
        if p.dead_hand:
            return tuple(penalties.dead_hand_discards(self, seat))
        acts: list[Action] = []
        drawn = self.drawn
        if drawn is not None:
            if seat in self.strict_seats:
                acts.append(Action(seat, ActionKind.TSUMO))  # declared, valid or not
            elif p.shanten_at_most(-1) and self._win_value(seat, None, drawn) is not None:
                acts.append(Action(seat, ActionKind.TSUMO))
            if (
                self._kyuushu_on
                and self._first_uninterrupted(seat)
                and sum(1 for k in TERMINAL_HONOR_KINDS if p.kind_counts[k]) >= 9
            ):
                acts.append(Action(seat, ActionKind.KYUUSHU))
        classes = None if p.riichi else _classes(p.sorted_hand, drawn, self.tile_classes)
        if drawn is not None and (4 in p.kind_counts or p.melds):  # no kan without four of a kind or a pon
            acts.extend(self._kan_actions(seat, classes))
        discards = DISCARD_ACTIONS[seat]
        if classes is None:  # riichi: the drawn tile goes
            assert drawn is not None
            acts.append(discards[drawn])
            return tuple(acts)
        kuikae = p.kuikae
        if kuikae:
            acts.extend([discards[t] for t in classes if t >> 2 not in kuikae])
        else:
            acts.extend([discards[t] for t in classes])
        if drawn is not None and p.shanten_at_most(0) and self._may_riichi(seat):
            sets = self._sets_needed(p)
            chi_ok, kok_ok = self._specials(p)
            counts = p.counts()
            for t in classes:
                k = t >> 2
                counts[k] -= 1
                if shanten(counts, sets, chi_ok, kok_ok) == 0:
                    acts.append(RIICHI_ACTIONS[seat][t])
                counts[k] += 1
        return tuple(acts)

    def _may_riichi(self, seat: int) -> bool:
        r = self.profile.riichi
        p = self.players[seat]
        return (
            r.enabled
            and not p.riichi
            and p.is_closed
            and (r.min_points < 0 or self.scores[seat] >= r.min_points)
            and self.wall.live_remaining >= r.min_live_tiles
        )

    def _kan_actions(self, seat: int, classes: list[int] | None) -> list[Action]:
        """Concealed kans, and added kans onto a pon (``classes``: the hand's, None in riichi)."""
        p = self.players[seat]
        if not self._kan_allowed():
            return []
        acts: list[Action] = []
        counts = p.kind_counts
        for k in (range(34) if 4 in counts else ()):
            if counts[k] == 4:
                if p.riichi and not self._riichi_ankan_ok(p, k):
                    continue
                tiles = tuple(sorted(t for t in p.hand if kind_of(t) == k))
                acts.append(Action(seat, ActionKind.ANKAN, tiles))
        if classes is not None:
            pons = {m.first_kind for m in p.melds if m.kind is MeldKind.PON and counts[m.first_kind]}
            if pons:
                for t in classes:
                    if t >> 2 in pons:
                        acts.append(Action(seat, ActionKind.KAKAN, (t,)))
        return acts

    def _kan_allowed(self) -> bool:
        return self.wall.live_remaining > 0 and len(self.kans) < self.profile.kan.max_total

    def _riichi_ankan_ok(self, p: Player, kind: int) -> bool:
        """Riichi ankan: only with the drawn tile, and only when the waits stay the same."""
        rule = self.profile.kan.riichi_ankan
        if rule == "never" or self.drawn is None or kind_of(self.drawn) != kind:
            return False
        counts = p.counts()
        counts[kind] -= 4
        sets = self._sets_needed(p) - 1
        after = tuple(waits(counts, sets, False, False)) if shanten(counts, sets, False, False) == 0 else ()
        if after != p.waits:
            return False
        if rule == "wait_unchanged_pung_only":
            from .shanten import arrangements

            base = p.counts()
            base[kind] -= 1  # the 13 tiles before the draw
            for w in p.waits:
                base[w] += 1
                for arr in arrangements(base, self._sets_needed(p)):
                    if ("pon", kind) not in arr.sets:
                        base[w] -= 1
                        return False
                base[w] -= 1
        return True

    def _apply_turn(self, action: Action, out: list[Event]) -> None:
        seat = action.seat
        kind = action.kind
        if kind is ActionKind.TSUMO and self.is_false(action):
            penalties.false_declaration(self, action, out)
        elif kind is ActionKind.TSUMO:
            self._settle_wins([seat], None, self.drawn if self.drawn is not None else -1, out)
        elif kind is ActionKind.KYUUSHU:
            out.append(AbortiveDraw("kyuushu_kyuuhai", seat, tuple(sorted(self.players[seat].hand))))
            self._end_hand(out, renchan=True, abortive=True)
        elif kind is ActionKind.ANKAN:
            self._ankan(action, out)
        elif kind is ActionKind.KAKAN:
            self._open_chankan(action, out)
        else:
            self._discard(seat, action.tile, kind is ActionKind.RIICHI, out)

    def _discard(self, seat: int, tile: int, riichi: bool, out: list[Event]) -> None:
        p = self.players[seat]
        tsumogiri = tile == self.drawn
        p.remove(tile)
        p.ippatsu = False
        p.kuikae = _NO_KINDS
        if self._furiten_ends_on_discard:
            p.furiten_temporary = False
        if riichi:
            p.riichi_pending = True
            p.double_riichi = self._first_uninterrupted(seat) and self.profile.riichi.double_riichi
        k = tile >> 2  # a discard is never a flower
        p.add_discard(tile, tsumogiri, riichi, self.discards_made)
        self.discards_made += 1
        if p.nagashi_ok and k not in TERMINALS_AND_HONORS:
            p.nagashi_ok = False
        if not self.calls_made and len(self.first_discards) < 4:
            self.first_discards.append(k)
        self.drawn = None
        self.rinshan = False
        out.append(Discarded(seat, tile, tsumogiri, riichi))
        self._refresh_after_discard(seat)
        if self.pending_dora:
            self._reveal_pending_dora(out)
        self._open_claims(seat, tile, out, chankan=False)

    # --- kans ---------------------------------------------------------------------------------

    def _ankan(self, action: Action, out: list[Event]) -> None:
        seat = action.seat
        p = self.players[seat]
        for t in action.tiles:
            p.remove(t)
        meld = Meld(MeldKind.ANKAN, tuple(sorted(action.tiles)))
        p.melds.append(meld)
        out.append(KanDeclared(seat, meld))
        self._after_kan(seat, immediate=self.profile.kan.dora_ankan == "immediate", out=out)

    def _open_chankan(self, action: Action, out: list[Event]) -> None:
        """A kakan shows its tile first: any seat that wins on it may rob the kan."""
        seat = action.seat
        tile = action.tile
        p = self.players[seat]
        p.remove(tile)
        self._reveal_pending_dora(out)  # a kan dora still pending flips at the next kan's call
        for i, m in enumerate(p.melds):
            if m.kind is MeldKind.PON and m.first_kind == kind_of(tile):
                p.melds[i] = Meld(MeldKind.KAKAN, tuple(sorted((*m.tiles, tile))), m.called, m.from_seat, tile)
                out.append(KanDeclared(seat, p.melds[i]))
                break
        self._open_claims(seat, tile, out, chankan=True)

    def _after_kan(self, seat: int, *, immediate: bool, out: list[Event]) -> None:
        self.kans.append(seat)
        self.calls_made = True
        for q in self.players:
            q.ippatsu = False
        self._reveal_pending_dora(out)
        if self.profile.kan.kan_dora:
            if immediate:
                self._reveal_dora(out)
            else:
                self.pending_dora += 1
        if len(self.kans) == 4 and len(set(self.kans)) > 1 and (
            (self.profile.kan.four_kan_abort and "suukaikan" in self.profile.draws.abortive)
            or (self.profile.tai.enabled and self.profile.tai.four_kong_win)  # 四槓: by several, a draw (TW-CHH)
        ):
            self.suukaikan_pending = True
        self._draw(seat, out, replacement=True)

    # --- claims -------------------------------------------------------------------------------

    def _open_claims(self, discarder: int, tile: int, out: list[Event], *, chankan: bool) -> None:
        interested = claims.anyone_interested(self, discarder, tile)
        if not interested and not chankan:
            # nobody may answer (only a dead hand may let a winning tile pass): no window at all
            self.claim = None
            if self.strict_seats:  # dead hands come only from a strict table's false declarations
                furiten.note_let_pass(self, discarder, tile, [])
            self._discard_stays(discarder, tile, None, out)
            return
        window = claims.ClaimWindow(discarder, tile, chankan=chankan)
        self.claim = window
        if interested:
            last = self.wall.live_remaining == 0
            for step in _SEAT_STEP:
                seat = (discarder + step) % 4
                if seat in self.strict_seats:
                    opts, false_kinds = claims.strict_options(
                        self, seat, discarder, tile, chankan=chankan, last_discard=last
                    )
                    if opts:
                        window.offer(seat, opts, false_kinds)
                    continue
                opts = claims.options(self, seat, discarder, tile, chankan=chankan, last_discard=last)
                if opts:
                    window.offer(seat, opts)
            if window.waiting():
                self.phase = Phase.CHANKAN if chankan else Phase.CLAIM
                return
        self._resolve_claims(out)

    def _resolve_claims(self, out: list[Event]) -> None:
        window = self.claim
        assert window is not None
        self.claim = None
        discarder, tile = window.discarder, window.tile
        rons = window.rons()
        if window.false_answers() and penalties.judge_false_answers(self, window, out):
            return  # a chombo: the hand is re-dealt
        furiten.note_passed(self, window, winners=rons)
        if rons:
            winners = claims.order_winners(self.profile, discarder, rons)
            if winners is None:
                out.append(AbortiveDraw("sanchahou", None))
                self._end_hand(out, renchan=True, abortive=True)
                return
            self._settle_wins(winners, discarder, tile, out, chankan=window.chankan)
            return
        if window.chankan:
            self._after_kan(discarder, immediate=self.profile.kan.dora_open == "immediate", out=out)
            return
        self._discard_stays(discarder, tile, window.winning_call(), out)

    def _discard_stays(self, discarder: int, tile: int, call: Action | None, out: list[Event]) -> None:
        """Nobody won on the discard: a riichi declared with it stands, the abortive draws are
        checked, then the call takes the tile or the next seat draws."""
        d = self.players[discarder]
        if d.riichi_pending:
            d.riichi_pending = False
            d.riichi = True
            d.ippatsu = self.profile.riichi.ippatsu
            self.scores[discarder] -= 1000
            self.sticks += 1
            self.hand_riichi.append(discarder)
            d.seen_changed = True
            out.append(RiichiAccepted(discarder))
            if "suucha_riichi" in self.profile.draws.abortive and all(q.riichi for q in self.players):
                out.append(AbortiveDraw("suucha_riichi", None))
                self._end_hand(out, renchan=True, abortive=True)
                return
        if (
            self._suufon_renda_on
            and len(self.first_discards) == 4
            and not self.calls_made
            and sum(len(q.discards) for q in self.players) == 4
            and self.first_discards[0] in WINDS
            and len(set(self.first_discards)) == 1
        ):
            out.append(AbortiveDraw("suufon_renda", None))
            self._end_hand(out, renchan=True, abortive=True)
            return
        if self.suukaikan_pending:
            out.append(AbortiveDraw("suukaikan", None))
            self._end_hand(out, renchan=True, abortive=True)
            return
        if call is not None:
            self._make_call(call, discarder, tile, out)
            return
        if self.wall.live_remaining == 0:
            self._exhaustive_draw(out)
            return
        self._draw((discarder + 1) % 4, out)

    def _make_call(self, action: Action, discarder: int, tile: int, out: list[Event]) -> None:
        seat = action.seat
        p = self.players[seat]
        d = self.players[discarder]
        d.last_discard_called()
        for t in action.tiles:
            p.remove(t)
        kind = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON}.get(action.kind, MeldKind.DAIMINKAN)
        meld = Meld(kind, tuple(sorted((*action.tiles, tile))), tile, discarder)
        p.melds.append(meld)
        self.calls_made = True
        for q in self.players:
            q.ippatsu = False
        if self._furiten_ends_on_draw:
            p.furiten_temporary = False
        claims.note_pao(self, seat, meld)
        out.append(Claimed(seat, meld))
        self.turn = seat
        if kind is MeldKind.DAIMINKAN:
            self._after_kan(seat, immediate=self.profile.kan.dora_open == "immediate", out=out)
            return
        p.kuikae = claims.kuikae_kinds(self.profile, meld)
        self.drawn = None
        self.rinshan = False
        self.phase = Phase.TURN
        p.shanten = shanten(p.counts(), self._sets_needed(p), False, False)

    # --- wins and draws -----------------------------------------------------------------------

    def _win_request(self, seat: int, discarder: int | None, tile: int, *, chankan: bool = False) -> WinRequest:
        p = self.players[seat]
        hand = tuple(p.hand) if discarder is None else (*p.hand, tile)
        first = self._first_uninterrupted(seat)
        last = self.wall.live_remaining == 0
        return WinRequest(
            winner=seat,
            discarder=discarder,
            dealer=self.dealer,
            concealed=hand,
            win_tile=tile,
            melds=tuple(p.melds),
            flowers=tuple(p.flowers),
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
            riichi=p.riichi,
            double_riichi=p.riichi and p.double_riichi,
            ippatsu=p.riichi and p.ippatsu,
            haitei=discarder is None and last and not self.rinshan,
            houtei=discarder is not None and last and not chankan,
            rinshan=discarder is None and self.rinshan,
            chankan=chankan,
            tenhou=discarder is None and first and seat == self.dealer,
            chiihou=discarder is None and first and seat != self.dealer,
            renhou=discarder is not None and first,
            dora_indicators=tuple(self.indicators),
            ura_indicators=tuple(
                self.wall.ura_indicator(k)[0] for k in range(len(self.indicators))
            )
            if p.riichi and self.profile.riichi.ura_dora
            else (),
            honba=self.honba,
            riichi_sticks=0,
            pao_seat=p.pao,
            dealer_streak=self.dealer_streak,
        )

    def _win_value(self, seat: int, discarder: int | None, tile: int, *, chankan: bool = False) -> object | None:
        return value_win(self._win_request(seat, discarder, tile, chankan=chankan), self.profile)

    def _settle_wins(
        self, winners: list[int], discarder: int | None, tile: int, out: list[Event], *, chankan: bool = False
    ) -> None:
        prof = self.profile
        if discarder is not None:
            d = self.players[discarder]
            d.riichi_pending = False  # a ronned declaration tile: no stick (declaration void)
        # riichi sticks and honba, per the profile's multiple-win rule
        stick_share = claims.stick_shares(self, winners, discarder)
        renchan = self.dealer in winners
        for i, seat in enumerate(winners):
            req = self._win_request(seat, discarder, tile, chankan=chankan)
            honba = self.honba if (i == 0 or prof.score.honba_multi_ron == "every_winner") else 0
            req = req.with_payout(honba=honba, riichi_sticks=stick_share[i])
            result = value_win(req, prof)
            assert result is not None, "a legal win must score"
            deltas = penalties.with_dead_hand_payments(self, req, result.deltas)
            for s in range(4):
                self.scores[s] += deltas[s]
            hand = req.concealed
            out.append(
                Win(
                    seat,
                    discarder,
                    tile,
                    tuple(sorted(hand)),
                    tuple(self.players[seat].melds),
                    tuple(Yaku(n, h) for n, h in result.yaku),
                    result.han,
                    result.fu,
                    result.limit,
                    result.points,
                    _four(deltas),
                    req.ura_indicators,
                    req.pao_seat,
                    dora_indicators=req.dora_indicators,
                    fu_parts=tuple(FuPart(reason, fu) for reason, fu in result.fu_parts),
                    honba=honba,
                    riichi_sticks=stick_share[i],
                )
            )
        self.sticks = 0
        self._end_hand(out, renchan=renchan if prof.game.renchan != "never" else False, abortive=False, won=True)

    def _exhaustive_draw(self, out: list[Event]) -> None:
        prof = self.profile
        t0, t1, t2, t3 = (furiten.formal_tenpai(self, s) for s in range(4))
        tenpai = (t0, t1, t2, t3)
        nagashi = tuple(s for s in range(4) if prof.draws.nagashi_mangan and self.players[s].nagashi_ok)
        if nagashi:
            deltas = nagashi_deltas(nagashi, self.dealer)
        else:
            deltas = exhaustive_draw_deltas(tenpai, prof.draws.noten_total)
        for s in range(4):
            self.scores[s] += deltas[s]
        hands = tuple(tuple(sorted(self.players[s].hand)) if tenpai[s] else None for s in range(4))
        out.append(ExhaustiveDraw(tenpai, hands, nagashi, _four(deltas)))
        rule = prof.game.renchan
        if rule == "win_or_draw":
            renchan = True
        elif rule == "never":
            renchan = False
        else:
            renchan = tenpai[self.dealer]
        self._end_hand(out, renchan=renchan, abortive=False, exhaustive=True)

    def _end_hand(
        self,
        out: list[Event],
        *,
        renchan: bool,
        abortive: bool,
        won: bool = False,
        exhaustive: bool = False,
    ) -> None:
        self.claim = None
        for q in self.players:
            q.seen_changed = True
        out.append(HandEnded(_four(self.scores), renchan))
        self.hand_index += 1
        if won and not renchan:
            self.honba = 0
        else:
            self.honba += 1
        ended = self._match_over(renchan=renchan, abortive=abortive)
        if ended:
            self._finish(out)
            return
        if renchan:
            self.dealer_streak += 1
        else:
            self.dealer_streak = 0
            self.dealer = (self.dealer + 1) % 4
            self.hand_number += 1
            if self.hand_number == 4:
                self.hand_number = 0
                self.round_wind += 1
        self._start_hand(out)

    def redeal(self, out: list[Event]) -> None:
        """Annul the hand after a chombo: the same dealer deals again from a fresh wall, no counter
        is added (RCR 2016 3.4.6). A reverse mangan may still bust a player where busting ends."""
        self.claim = None
        for q in self.players:
            q.seen_changed = True
        out.append(HandEnded(_four(self.scores), True))
        self.hand_index += 1
        if self.profile.game.tobi and any(s < 0 for s in self.scores):
            self._finish(out)
            return
        self._start_hand(out)

    def _match_over(self, *, renchan: bool, abortive: bool) -> bool:
        """Game end (rules-reference §2.7): bust, agari-yame in all-last, the last deal passing,
        and the West round's sudden death."""
        g = self.profile.game
        if g.tobi and any(s < 0 for s in self.scores):
            return True
        if g.length == "one_hand":
            return True
        last_round = _LAST_ROUND[g.length]
        if (self.round_wind, self.hand_number) < (last_round, 3):
            return False
        target = g.extension_target
        if self.round_wind > last_round and max(self.scores) >= target:
            return True  # the West round's sudden death ends after any hand, renchan or not
        if renchan:
            if abortive or not g.agari_yame:
                return False
            return self.scores[self.dealer] >= target and self._is_top(self.dealer)
        if not g.west_extension or max(self.scores) >= target:
            return True
        return (self.round_wind, self.hand_number) >= (last_round + 1, 3)

    def _is_top(self, seat: int) -> bool:
        order = self._ranking()
        return order[0] == seat

    def _ranking(self) -> list[int]:
        return sorted(range(4), key=lambda s: (-self.scores[s], (s - self.first_dealer) % 4))

    def _finish(self, out: list[Event]) -> None:
        standings = final_standings(
            self.profile, self.scores, self.sticks, self.first_dealer, penalties=self.penalty_points
        )
        self.scores = list(standings.scores)
        self.sticks = 0
        self.final = MatchEnded(_four(self.scores), standings.ranks, standings.points)
        out.append(self.final)
        self.phase = Phase.OVER
        self.claim = None

    # --- action checking ----------------------------------------------------------------------

    def canonical(self, action: Action) -> Action:
        """``action`` with its tile ids replaced by the lowest id of the same kind and red-ness in the seat's
        hand (the drawn tile first), so two copies of a plain 5m are one action."""
        if not action.tiles or not 0 <= action.seat < 4:
            return action
        prefer = self.drawn if action.seat == self.turn else None
        resolved = _resolve_tiles(self.players[action.seat].sorted_hand, action.tiles, prefer, self.tile_classes)
        if resolved is None:
            return action
        return Action(action.seat, action.kind, tuple(sorted(resolved)))

    def _refusal(self, action: Action) -> tuple[str, str]:
        """The rule id and message refusing an action that is not legal now."""
        seat = action.seat
        if self.phase is Phase.OVER:
            return "match-over", "the match has ended"
        if not 0 <= seat < 4:
            return "no-such-seat", f"seat {seat} does not exist"
        if seat not in self.awaiting():
            return "not-your-turn", f"seat {seat} is not asked to act now"
        kind = action.kind
        p = self.players[seat]
        expected = TILES_PER_ACTION.get(kind, 0)
        if len(action.tiles) != expected:
            return "malformed-action", f"{kind.value} names {expected} tile(s), not {len(action.tiles)}"
        if any(not isinstance(t, int) or not 0 <= t < self.profile.total_tiles for t in action.tiles):
            return "no-such-tile", f"tile ids run 0..{self.profile.total_tiles - 1}, not {list(action.tiles)}"
        if self.phase is Phase.TURN:
            if kind.is_claim:
                return "no-claim-window", f"{kind.value} is only possible on another seat's discard"
            if any(t not in p.hand for t in action.tiles):
                return "tile-not-in-hand", f"seat {seat} does not hold {action}"
            if kind is ActionKind.DISCARD:
                if p.riichi:
                    return "riichi-locked", "after riichi only the drawn tile may be discarded"
                if kind_of(action.tile) in p.kuikae:
                    return "kuikae", "swap-calling: this tile may not be discarded right after the call"
            if kind is ActionKind.RIICHI:
                return "riichi-conditions", "riichi needs a closed tenpai hand, enough points and wall"
            if kind is ActionKind.TSUMO:
                return "no-win", "the hand is not complete with a yaku"
            if kind in (ActionKind.ANKAN, ActionKind.KAKAN):
                return "kan-not-allowed", "this kan is not allowed now"
            if kind is ActionKind.KYUUSHU:
                return "kyuushu-conditions", "nine kinds need nine terminals/honours on the first uninterrupted draw"
            return "illegal", f"{action} is not allowed now"
        if not kind.is_claim:
            return "claim-window", "only ron, pon, kan, chi or pass answer a discard"
        if self.claim is not None and self.claim.has_answered(seat):
            return "already-answered", f"seat {seat} has already answered this discard"
        if kind is ActionKind.RON:
            if p.furiten_permanent() or p.furiten_temporary or p.furiten_riichi:
                return "furiten", "a furiten hand cannot win on a discard"
            return "no-win", "the hand does not win on this tile with a yaku"
        if kind is ActionKind.CHI and seat != (self.claim.discarder + 1) % 4 if self.claim else False:
            return "chi-from-left-only", "chi takes only the previous player's discard"
        if self.wall.live_remaining == 0:
            return "last-discard", "the last discard may only be claimed for a win"
        return "illegal-claim", f"{action} is not a legal claim on this tile"


def _four(values: Iterable[int]) -> tuple[int, int, int, int]:
    a, b, c, d = values
    return (a, b, c, d)


TERMINAL_HONOR_KINDS = tuple(sorted(TERMINALS_AND_HONORS))
_NO_KINDS: frozenset[int] = frozenset()


@functools.lru_cache(maxsize=4)
def class_table(reds: frozenset[int]) -> tuple[int, ...]:
    """Every tile id's class as a number that sorts like the class's lowest id: a red five
    (the lowest id of its kind) just before its kind's plain fives, flowers after all tiles."""
    plain = tuple(2 * (t >> 2) + (t not in reds) for t in range(136))
    return plain + tuple(range(1000, 1000 + NUM_FLOWER_KINDS))


def _classes(ordered: Sequence[int], prefer: int | None, class_of: Sequence[int]) -> list[int]:
    """One tile id per class of a hand given in id order, sorted: the preferred tile (the one just
    drawn, so a tsumogiri stays one) for its class, else the lowest id. ``class_of`` is
    :func:`class_table`."""
    ids: list[int] = []
    last = -1
    for t in ordered:  # a class's lowest id comes first, and classes come in order
        c = class_of[t]
        if c != last:
            ids.append(t)
            last = c
    if prefer is not None:
        c = class_of[prefer]
        for i, t in enumerate(ids):
            if class_of[t] == c:
                ids[i] = prefer
                break
    return ids


def _preferred_order(ordered: Sequence[int], prefer: int | None) -> list[int]:
    pool = list(ordered)
    if prefer is not None and prefer in pool:
        pool.remove(prefer)
        pool.insert(0, prefer)
    return pool


def _resolve_tiles(
    ordered: Sequence[int], tiles: Sequence[int], prefer: int | None, class_of: Sequence[int]
) -> list[int] | None:
    """Map each tile to an unused tile of the hand (given in id order) of the same class (the
    preferred one first, then the lowest id), or None if one is missing (or is no tile id at
    all). ``class_of``: :func:`class_table`."""
    pool = _preferred_order(ordered, prefer)
    classes = [class_of[h] for h in pool]
    out: list[int] = []
    top = len(class_of)
    for t in tiles:
        if not (isinstance(t, int) and 0 <= t < top):
            return None
        try:
            i = classes.index(class_of[t])
        except ValueError:
            return None
        out.append(pool[i])
        del pool[i], classes[i]
    return out


def replay(record: Record, profile: RuleProfile, *, setups: dict[int, HandSetup] | None = None) -> Match:
    """Replay a record to the same state. Raises RecordError on a profile mismatch, an action the
    engine refuses, or a final state that differs (a record cut short or tampered with)."""
    if record.profile_id != profile.id or record.profile_hash != profile.hash:
        raise RecordError(
            f"the record was made under profile {record.profile_id} ({record.profile_hash}), "
            f"not {profile.id} ({profile.hash})"
        )
    match = Match(
        profile,
        record.seed,
        setups=setups if setups is not None else dict(record.setups),
        first_dealer=record.first_dealer,
        start=record.start,
        position=record.position,
        strict_seats=record.strict_seats,
    )
    for i, text in enumerate(record.actions):
        try:
            match.apply(match.parse_action(text))
        except (IllegalActionError, NotationError) as exc:
            raise RecordError(f"action {i} ({text!r}) cannot be replayed: {exc}") from exc
    if record.state_hash and match.state_hash() != record.state_hash:
        raise RecordError(
            f"the replayed state differs from the recorded one after {len(record.actions)} actions "
            "(the record is cut short or altered)"
        )
    return match
