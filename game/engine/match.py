"""The match: the flow of a hand (deal, turn, claim window, end of hand) and of the match around it.

The public API, in the spirit of python-chess::

    match = Match(load_profile("riichi"), seed=7)
    actions = match.legal_actions(seat)     # what a seat may do now
    events = match.apply(actions[0])        # do it; the events say what happened
    view = match.observe(seat)              # only what that seat may see
    match.record                            # replays to the same state hash

Draws, the deal, flower replacements and the next hand happen inside ``apply``: a seat is only
asked when it has a choice. After a discard every seat that may claim is asked at once (a claim
window). What the state is lives in :mod:`.state`; what the rulebook says lives in :mod:`.rules`
(``self.rules``, built once from the profile): this module only sequences them, and never reads a
profile knob or asks which rulebook it plays.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Sequence
from operator import itemgetter

from .actions import (
    DISCARD_ACTIONS,
    RIICHI_ACTIONS,
    TILES_PER_ACTION,
    Action,
    ActionKind,
    format_action,
    parse_action_text,
)
from .claim_window import ClaimWindow
from .errors import IllegalActionError, NotationError, RecordError
from .events import (
    AbortiveDraw,
    Claimed,
    DeadWallSet,
    DiceRolled,
    Discarded,
    DoraRevealed,
    DrawReturned,
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
    TileDrawn,
    TilesDealt,
    ValueRow,
    WallBuilt,
    Win,
)
from .meld import Meld, MeldKind
from .observation import Observation, SeatView
from .observation import observe as observe_seat
from .player import Player
from .profile import RuleProfile, accepted_hashes
from .record import HandPosition, HandSetup, Record
from .rules import Rules, rules_for
from .rules.calls import THIRTEEN_ORPHANS, allowed_discards, could_chi, winning_call
from .settlement import final_standings
from .shanten import shanten, waits
from .state import HandState, MatchState, Phase, fingerprint
from .tenpai import Tenpai, read_tenpai
from .tile_classes import class_table, one_per_class, resolve_tiles
from .tiles import FLOWER_ID_BASE, TERMINALS_AND_HONORS, kind_of
from .values import WinRequest, WinValue
from .wall import Position, Wall, roll_first_dealer

__all__ = ["HandPosition", "HandSetup", "Match", "Phase", "Record", "replay"]

# Enum members as module names: on Python 3.11 reading ``ActionKind.TSUMO`` costs about 100 ns
# (the enum metaclass has a ``__getattr__`` hook, so the class lookup takes the slow road), a
# module global about 10; a discard's apply and the next turn read a dozen of them.
_A_ANKAN = ActionKind.ANKAN
_A_CHI = ActionKind.CHI
_A_DISCARD = ActionKind.DISCARD
_A_KAKAN = ActionKind.KAKAN
_A_KYUUSHU = ActionKind.KYUUSHU
_A_PASS = ActionKind.PASS
_A_PON = ActionKind.PON
_A_RIICHI = ActionKind.RIICHI
_A_RON = ActionKind.RON
_A_TSUMO = ActionKind.TSUMO
_M_ANKAN = MeldKind.ANKAN
_M_CHI = MeldKind.CHI
_M_DAIMINKAN = MeldKind.DAIMINKAN
_M_KAKAN = MeldKind.KAKAN
_M_PON = MeldKind.PON
_P_CHANKAN = Phase.CHANKAN
_P_CLAIM = Phase.CLAIM
_P_OVER = Phase.OVER
_P_TURN = Phase.TURN
_SEAT_STEP = (1, 2, 3)
_OTHERS = tuple(tuple((s + step) % 4 for step in _SEAT_STEP) for s in range(4))  # in turn order after s
_RON = tuple((Action(s, _A_RON),) for s in range(4))
_NO_KINDS: frozenset[int] = frozenset()


class Match:
    """A match of one rule profile, deterministic from its seed.

    ``state`` is where the match stands (:class:`~.state.MatchState`), ``hand`` the hand in play
    (:class:`~.state.HandState`), ``rules`` the profile's rules by concern. The properties below
    read the state for callers; the flow changes it only through ``apply``.
    """

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
        profile's penalty (:mod:`game.engine.rules.penalties`)."""
        self.profile = profile
        self.rules: Rules = rules_for(profile)
        self.seed = seed
        self.strict_seats = frozenset(s for s in strict_seats if 0 <= s < 4)
        self._setups = dict(setups or {})
        self._given = (first_dealer, start, position)  # kept for the record
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.red_ids = self.rules.walls.red_ids
        self.tile_classes = class_table(self.red_ids)
        self.view_cache: list[SeatView | None] = [None] * 4
        self._turn_cache: tuple[Action, ...] | None = None
        out: list[Event] = []
        if first_dealer is None:
            first_dealer, rounds = roll_first_dealer(random.Random(f"atlas/{seed}/match"))
            out.append(FirstDealerRolled(tuple(tuple(r) for r in rounds), first_dealer))
        points = self.rules.renchan.start_points
        self.state = MatchState(list(start) if start else [points] * 4, first_dealer, first_dealer)
        if position is not None:
            m = self.state
            m.round_wind = position.round_wind
            m.hand_number = position.hand_number
            m.honba = position.honba
            m.sticks = position.riichi_sticks
            m.dealer = (first_dealer + position.hand_number) % 4
        self.hand: HandState
        self._start_hand(out)
        self.events.extend(out)

    # --- the state, read ------------------------------------------------------------------------

    @property
    def players(self) -> list[Player]:
        return self.hand.players

    @property
    def wall(self) -> Wall:
        return self.hand.wall

    @property
    def phase(self) -> Phase:
        return self.hand.phase

    @property
    def turn(self) -> int:
        return self.hand.turn

    @property
    def drawn(self) -> int | None:
        return self.hand.drawn

    @property
    def indicators(self) -> list[int]:
        return self.hand.indicators

    @property
    def claim(self) -> ClaimWindow | None:
        return self.hand.claim

    @property
    def hand_riichi(self) -> list[int]:
        return self.hand.hand_riichi

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def sticks(self) -> int:
        return self.state.sticks

    @property
    def honba(self) -> int:
        return self.state.honba

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def first_dealer(self) -> int:
        return self.state.first_dealer

    @property
    def round_wind(self) -> int:
        return self.state.round_wind

    @property
    def hand_number(self) -> int:
        return self.state.hand_number

    @property
    def hand_index(self) -> int:
        return self.state.hand_index

    @property
    def penalty_points(self) -> list[int]:
        return self.state.penalty_points

    @property
    def final(self) -> MatchEnded | None:
        return self.state.final

    # --- the public API ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.hand.phase is _P_OVER

    def indicator_position(self, k: int) -> Position:
        """Where the k-th dora indicator lies on the table (0: the first; kan dora after it)."""
        return self.rules.walls.indicator(self.hand.wall, k)[1]

    def seat_wind(self, seat: int) -> int:
        return (seat - self.state.dealer) % 4

    def awaiting(self) -> list[int]:
        """Seats that must act before the match can go on."""
        h = self.hand
        if h.phase is _P_TURN:
            return [h.turn]
        if h.claim is not None:
            return h.claim.waiting()
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """A fresh list of what ``seat`` may do now (cached until the next ``apply``)."""
        return list(self.legal_view(seat))

    def legal_view(self, seat: int) -> Sequence[Action]:
        """What ``seat`` may do now, as the match's own cached sequence: read it, never change it
        (``observe`` and ``apply`` use it to skip the copy ``legal_actions`` makes)."""
        h = self.hand
        if h.phase is _P_TURN:
            if seat != h.turn:
                late = h.late_win  # a passed win still open after the draw (claims.window)
                return _RON[seat] if late is not None and seat in late[2] else ()
            cached = self._turn_cache
            if cached is None:
                cached = self._turn_cache = self._turn_actions(seat)
            return cached
        if h.claim is not None:
            return h.claim.options_for(seat)
        return ()

    def apply(self, action: Action) -> list[Event]:
        """Apply one seat's action and return what happened. Illegal actions change nothing."""
        h = self.hand
        cached = self._turn_cache  # the turn's actions, when observe or legal_actions made them
        legal: Sequence[Action]
        if cached is not None and action.seat == h.turn and h.phase is _P_TURN:
            legal = cached
        else:
            legal = self.legal_view(action.seat) if 0 <= action.seat < 4 else ()
        if action not in legal:
            action = self.canonical(action)
            if action not in legal:
                raise IllegalActionError(*self._refusal(action))
        self._turn_cache = None
        self.actions.append(action)
        out: list[Event] = []
        if h.phase is _P_TURN:
            if action.seat != h.turn:
                self._late_win(action.seat, out)
            else:
                h.late_win = None  # the drawing seat acts: the last discard can no longer be won
                self._apply_turn(action, out)
        else:
            assert h.claim is not None
            h.claim.answer(action)
            if not h.claim.waiting():
                self._resolve_claims(out)
        self.events.extend(out)
        return out

    def parse_action(self, text: str) -> Action:
        """Read action notation, resolving tiles against the seat's hand (red fives stay red)."""
        seat, kind, tiles = parse_action_text(text)
        if not tiles:
            return Action(seat, kind, ())
        h = self.hand
        prefer = h.drawn if seat == h.turn else None
        resolved = resolve_tiles(h.players[seat].sorted_hand, tiles, prefer, self.tile_classes)
        if resolved is None:
            raise NotationError(f"{text!r}: seat {seat} does not hold those tiles")
        return Action(seat, kind, tuple(sorted(resolved)))  # as canonical would make it

    def is_false(self, action: Action) -> bool:
        """Whether a legal declaration of a strict-table seat is a false one (a win its hand
        does not make, a call it cannot make): what the profile's penalty is for."""
        if action.seat not in self.strict_seats:
            return False
        h = self.hand
        if h.phase is _P_TURN:
            if action.kind is not _A_TSUMO or action.seat != h.turn:
                return False
            p = h.players[action.seat]
            drawn = h.drawn if h.drawn is not None else -1
            return not p.shanten_at_most(-1) or self._win_value(action.seat, None, drawn) is None
        return h.claim is not None and h.claim.is_false(action)

    def observe(self, seat: int) -> Observation:
        h = self.hand
        furiten = self.rules.furiten.is_furiten(h.players[seat])
        return observe_seat(self.profile.id, self.state, h, seat, self.legal_view(seat), furiten, self.view_cache)

    def tenpai(self, seat: int) -> Tenpai | None:
        """``seat``'s waits, each with whether it would win as things stand (a discard, an own draw,
        a discard after riichi): what the table shows beside the waits. None: not waiting."""
        return read_tenpai(self.rules, self.state, self.hand, seat)

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

    def canonical(self, action: Action) -> Action:
        """``action`` with its tile ids replaced by the lowest id of the same kind and red-ness in
        the seat's hand (the drawn tile first), so two copies of a plain 5m are one action."""
        if not action.tiles or not 0 <= action.seat < 4:
            return action
        h = self.hand
        prefer = h.drawn if action.seat == h.turn else None
        resolved = resolve_tiles(h.players[action.seat].sorted_hand, action.tiles, prefer, self.tile_classes)
        if resolved is None:
            return action
        return Action(action.seat, action.kind, tuple(sorted(resolved)))

    def copy(self) -> Match:
        """An independent copy to try moves on: its own table and history, the same profile.

        Made through a pickle of the match's own state (about four times faster than a deep
        copy); what never changes in place (the profile and its rules) is shared, and the past
        events and actions (immutable items) are copied as lists, so a copy late in a long match
        costs about what an early one does."""
        kept = self.profile, self.rules, self.events, self.actions, self.view_cache
        self.events, self.actions, self.view_cache = [], [], [None] * 4
        del self.profile, self.rules
        try:
            trial: Match = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        finally:
            self.profile, self.rules, self.events, self.actions, self.view_cache = kept
        trial.profile, trial.rules = self.profile, self.rules
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
        return fingerprint(self.state, self.hand, self.strict_seats)

    # --- a hand's start ---------------------------------------------------------------------

    def _start_hand(self, out: list[Event]) -> None:
        m = self.state
        walls = self.rules.walls
        out.append(HandStarted(m.round_wind, m.hand_number, m.honba, m.sticks, m.dealer, _four(m.scores)))
        setup = self._setups.get(m.hand_index)
        if setup is None:
            wall = walls.build(random.Random(f"atlas/{self.seed}/hand/{m.hand_index}"), m.dealer)
        else:
            wall = walls.stacked(setup.draw_order, setup.dead, setup.dice, m.dealer)
        h = self.hand = HandState(wall, [Player() for _ in range(4)])
        out.append(WallBuilt(walls.stacks_per_side))
        out.append(DiceRolled(m.dealer, wall.dice, wall.owner, wall.break_stack))
        out.append(DeadWallSet(tuple(wall.dead_pos)))
        if walls.max_indicators > 0:
            self._reveal_dora(out)
        self._deal(out)
        if walls.flowers:
            self._replace_dealt_flowers(out)
        h.turn = m.dealer
        h.drawn = h.players[m.dealer].hand[-1]
        self._refresh_after_draw(m.dealer)
        for seat in range(4):
            if seat != m.dealer:
                self._refresh_waits(seat)
        if h.flower_win is not None:
            self._settle_flower_win(out)

    def _deal(self, out: list[Event]) -> None:
        h = self.hand
        dealer = self.state.dealer
        order = [(dealer + k) % 4 for k in range(4)]
        for block in self.rules.walls.deal_blocks:
            for seat in order:
                tiles, positions = h.wall.take(block)
                h.players[seat].add_all(tiles)
                out.append(TilesDealt(seat, tuple(tiles), tuple(positions)))
        t, pos = h.wall.draw()  # the dealer's extra tile: he discards first, without a draw
        h.players[dealer].add(t)
        out.append(TilesDealt(dealer, (t,), (pos,)))

    def _replace_dealt_flowers(self, out: list[Event]) -> None:
        """Dealer first, then South, West, North, until no flower is left (TW-4W rules03)."""
        h = self.hand
        order = [(self.state.dealer + k) % 4 for k in range(4)]
        found = True
        while found:
            found = False
            for seat in order:
                p = h.players[seat]
                for t in sorted(t for t in p.hand if t >= FLOWER_ID_BASE):
                    found = True
                    p.remove(t)
                    p.flowers.append(t)
                    out.append(FlowerSetAside(seat, t))
                    self._note_flower(seat, t)
                    p.add(self.rules.walls.replacement(h.wall, seat, out))

    def _reveal_pending_dora(self, out: list[Event]) -> None:
        h = self.hand
        for _ in range(h.pending_dora):
            self._reveal_dora(out)
        h.pending_dora = 0

    def _reveal_dora(self, out: list[Event]) -> None:
        h = self.hand
        walls = self.rules.walls
        k = len(h.indicators)
        if k >= walls.max_indicators:
            return
        t, pos = walls.indicator(h.wall, k)
        h.indicators.append(t)
        out.append(DoraRevealed(t, pos))

    # --- the turn -----------------------------------------------------------------------------

    def _draw(self, seat: int, out: list[Event], *, replacement: bool = False) -> None:
        h = self.hand
        p = h.players[seat]
        walls = self.rules.walls
        if self.rules.furiten.ends_on_draw:
            p.furiten_temporary = False
        if replacement:
            t = walls.replacement(h.wall, seat, out)
        else:
            t, pos = h.wall.draw()
            out.append(TileDrawn(seat, t, pos))
        while t >= FLOWER_ID_BASE:
            p.flowers.append(t)
            out.append(FlowerSetAside(seat, t))
            self._note_flower(seat, t)
            t = walls.replacement(h.wall, seat, out)
            replacement = True
        p.add(t)
        h.drawn = t
        h.rinshan = replacement
        h.turn = seat
        h.phase = _P_TURN
        self._refresh_after_draw(seat, after_own_discard=not replacement)
        if h.flower_win is not None:
            self._settle_flower_win(out)

    def _note_flower(self, seat: int, tile: int) -> None:
        h = self.hand
        if h.flower_win is None:
            h.flower_win = self.rules.special_wins.flower_win(h.players, seat, tile)

    def _settle_flower_win(self, out: list[Event]) -> None:
        h = self.hand
        m = self.state
        assert h.flower_win is not None
        winner, payer, tile = h.flower_win
        h.flower_win = None
        value = self.rules.wins.flower_value(winner, payer, m.dealer, m.dealer_streak)
        for s in range(4):
            m.scores[s] += value.deltas[s]
        p = h.players[winner]
        out.append(
            Win(winner, payer, tile, tuple(sorted(p.hand)), tuple(p.melds), _rows(value), value.value, value.unit,
                0, "", value.points, _four(value.deltas), (), None)
        )  # fmt: skip
        self._end_hand(out, renchan=self.rules.renchan.after_win(winner == m.dealer), abortive=False, won=True)

    def _refresh_after_draw(self, seat: int, *, after_own_discard: bool = False) -> None:
        """Shanten of the hand with its new tile. ``after_own_discard``: an ordinary draw, so the
        seat's shanten and waits are still those of its 13 tiles before it."""
        h = self.hand
        p = h.players[seat]
        wins = self.rules.wins
        if after_own_discard and not wins.ligu:
            if p.keep_deferred_after_draw():
                return
            if not p.shanten_deferred:
                before = p.shanten
                if before == 0:
                    # tenpai before the draw: the tile completes the hand exactly when it is a
                    # wait, and otherwise discarding it is tenpai again (no shanten needed)
                    assert h.drawn is not None
                    p.shanten = -1 if h.drawn >> 2 in p.waits else 0
                    return
                if before >= 2:
                    p.defer_shanten(*wins.shanten_args(p), before - 1)
                    return
        p.shanten = shanten(p.counts(), *wins.shanten_args(p))
        if p.shanten >= 0 and wins.ligu_complete(p):
            p.shanten = -1

    def _refresh_after_discard(self, seat: int) -> None:
        """Shanten and waits of the 13 tiles left. A discard never lowers shanten (a 14-tile
        hand's shanten is the least over its discards): a hand one or more from tenpai before
        it still is, has no waits, and its count can wait until someone reads it."""
        p = self.hand.players[seat]
        wins = self.rules.wins
        if not wins.ligu:  # 嚦咕嚦咕 waits come from no shanten: always count
            if p.shanten_deferred:
                p.waits = ()
                return
            before = p.shanten
            if before >= 1:
                p.waits = ()
                p.defer_shanten(*wins.shanten_args(p), before)
                return
        self._refresh_waits(seat)

    def _refresh_waits(self, seat: int) -> None:
        p = self.hand.players[seat]
        wins = self.rules.wins
        counts = p.counts()
        sets, chiitoitsu, kokushi = wins.shanten_args(p)
        p.shanten = shanten(counts, sets, chiitoitsu, kokushi)
        p.waits = tuple(waits(counts, sets, chiitoitsu, kokushi)) if p.shanten == 0 else ()
        extra = wins.ligu_waits(p)
        if extra:
            p.shanten = 0
            p.waits = tuple(sorted(set(p.waits) | set(extra)))

    def _first_uninterrupted(self, seat: int) -> bool:
        h = self.hand
        return not h.calls_made and not h.players[seat].has_discarded

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        h = self.hand
        p = h.players[seat]
        drawn = h.drawn
        if p.dead_hand:
            return self._dead_hand_discards(seat, p, drawn)
        rules = self.rules
        acts: list[Action] = []
        if drawn is not None:
            if seat in self.strict_seats:
                acts.append(Action(seat, _A_TSUMO))  # declared, valid or not
            elif p.shanten_at_most(-1) and self._may_win_on(p, drawn) and self._win_value(seat, None, drawn) is not None:
                acts.append(Action(seat, _A_TSUMO))
            if not p.discards and rules.aborts.nine_kinds(p, self._first_uninterrupted(seat)):  # a first turn
                acts.append(Action(seat, _A_KYUUSHU))
        classes = None if p.riichi else one_per_class(p.sorted_hand, drawn, self.tile_classes)
        if drawn is not None and (4 in p.kind_counts or p.melds):  # no kan without four of a kind or a pon
            acts.extend(self._kan_actions(seat, classes))
        discards = DISCARD_ACTIONS[seat]
        if classes is None:  # riichi: the drawn tile goes
            assert drawn is not None
            acts.append(discards[drawn])
            return tuple(acts)
        allowed = allowed_discards(p, classes) if p.kuikae else classes
        if len(allowed) > 1:  # one C call for the dozen shared discard actions (a comprehension: twice that)
            acts.extend(itemgetter(*allowed)(discards))
        else:
            acts.extend([discards[t] for t in allowed])
        if drawn is not None and p.shanten_at_most(0) and rules.riichi.may_declare(p, self.state.scores[seat], h.wall.live_remaining):
            wins = rules.wins
            sets, chi_ok, kok_ok = wins.shanten_args(p)
            counts = p.counts()
            for t in classes:
                k = t >> 2
                counts[k] -= 1
                if shanten(counts, sets, chi_ok, kok_ok) == 0:
                    acts.append(RIICHI_ACTIONS[seat][t])
                counts[k] += 1
        return tuple(acts)

    def _may_win_on(self, p: Player, tile: int) -> bool:
        """No missed-discard lock on the tile's kind (TW-4W's optional rule)."""
        return not p.missed_kinds or tile >> 2 not in p.missed_kinds

    def _dead_hand_discards(self, seat: int, p: Player, drawn: int | None) -> tuple[Action, ...]:
        """A dead hand's turn: discards only (after riichi, the drawn tile)."""
        if p.riichi and drawn is not None:
            return (Action(seat, _A_DISCARD, (drawn,)),)
        classes = allowed_discards(p, one_per_class(p.sorted_hand, drawn, self.tile_classes))
        return tuple(Action(seat, _A_DISCARD, (t,)) for t in classes)

    def _kan_actions(self, seat: int, classes: list[int] | None) -> list[Action]:
        """Concealed kans, and added kans onto a pon (``classes``: the hand's, None in riichi)."""
        h = self.hand
        p = h.players[seat]
        counts = p.kind_counts
        four = 4 in counts
        # the pons the hand holds the fourth tile of (most open hands hold none: no kan to ask about)
        pons = None
        if classes is not None and p.melds:
            pons = {m.first_kind for m in p.melds if m.kind is _M_PON and counts[m.first_kind]}
        if (not four and not pons) or not self._kan_allowed():
            return []
        acts: list[Action] = []
        for k in (range(34) if four else ()):
            if counts[k] == 4:
                if p.riichi and not self.rules.riichi.ankan_allowed(p, k, h.drawn, self.rules.wins.sets_needed(p)):
                    continue
                tiles = tuple(sorted(t for t in p.hand if kind_of(t) == k))
                acts.append(Action(seat, _A_ANKAN, tiles))
        if pons:
            acts.extend([Action(seat, _A_KAKAN, (t,)) for t in classes or () if t >> 2 in pons])
        return acts

    def _kan_allowed(self) -> bool:
        h = self.hand
        return self.rules.calls.kan_allowed(h.wall.live_remaining, len(h.kans))

    def _apply_turn(self, action: Action, out: list[Event]) -> None:
        seat = action.seat
        kind = action.kind
        if kind is _A_DISCARD:  # most turns: asked first
            self._discard(seat, action.tiles[0], False, out)
            return
        h = self.hand
        if kind is _A_TSUMO and self.is_false(action):
            penalties = self.rules.penalties
            if penalties.false_tsumo(self.state, h, seat, out):
                self.redeal(out)
            elif penalties.dead_hands_skipped:  # it no longer plays: the turn passes it by
                self._pass_turn(seat, out)
        elif kind is _A_TSUMO:
            self._settle_wins([seat], None, h.drawn if h.drawn is not None else -1, out)
        elif kind is _A_KYUUSHU:
            out.append(AbortiveDraw("kyuushu_kyuuhai", seat, tuple(sorted(h.players[seat].hand))))
            self._end_hand(out, renchan=True, abortive=True)
        elif kind is _A_ANKAN:
            self._ankan(action, out)
        elif kind is _A_KAKAN:
            self._open_chankan(action, out)
        else:
            self._discard(seat, action.tiles[0], kind is _A_RIICHI, out)

    def _discard(self, seat: int, tile: int, riichi: bool, out: list[Event]) -> None:
        h = self.hand
        p = h.players[seat]
        tsumogiri = tile == h.drawn
        p.remove(tile)
        p.ippatsu = False
        p.kuikae = _NO_KINDS
        if p.missed_kinds:
            p.missed_kinds = _NO_KINDS  # the missed-discard lock lasts until the seat discards
        if self.rules.furiten.ends_on_discard:
            p.furiten_temporary = False
        if riichi:
            p.riichi_pending = True
            p.double_riichi = self._first_uninterrupted(seat) and self.rules.riichi.double_riichi
        k = tile >> 2  # a discard is never a flower
        p.add_discard(tile, tsumogiri, riichi, h.discards_made)
        h.discards_made += 1
        if p.nagashi_ok and k not in TERMINALS_AND_HONORS:
            p.nagashi_ok = False
        if not h.calls_made and len(h.first_discards) < 4:
            h.first_discards.append(k)
        h.drawn = None
        h.rinshan = False
        out.append(Discarded(seat, tile, tsumogiri, riichi))
        self._refresh_after_discard(seat)
        if h.pending_dora:
            self._reveal_pending_dora(out)
        self._open_claims(seat, tile, out, chankan=False)

    # --- kans ---------------------------------------------------------------------------------

    def _ankan(self, action: Action, out: list[Event]) -> None:
        seat = action.seat
        p = self.hand.players[seat]
        for t in action.tiles:
            p.remove(t)
        meld = Meld(_M_ANKAN, tuple(sorted(action.tiles)))
        p.melds.append(meld)
        out.append(KanDeclared(seat, meld))
        if self.rules.calls.rob_concealed_kan and self._open_concealed_kan_robbing(seat, action.tiles[0]):
            return
        self._after_kan(seat, immediate=self.rules.walls.ankan_dora_at_once, out=out)

    def _open_concealed_kan_robbing(self, seat: int, tile: int) -> bool:
        """Ask the seats whose thirteen orphans the concealed kan's tile completes whether they
        rob it (``kan.chankan_on_ankan_kokushi``); False when nobody can."""
        h = self.hand
        window = ClaimWindow(seat, tile, chankan=True, concealed_kan=True)
        for step in _SEAT_STEP:
            q = (seat + step) % 4
            p = h.players[q]
            if p.dead_hand or tile >> 2 not in p.waits or self.rules.furiten.blocks_ron(p, tile >> 2):
                continue
            value = self._win_value(q, seat, tile, chankan=True)
            if value is not None and any(row in THIRTEEN_ORPHANS for row, _ in value.rows):
                window.offer(q, [Action(q, _A_RON), Action(q, _A_PASS)])
        if not window.waiting():
            return False
        h.claim = window
        h.phase = _P_CHANKAN
        return True

    def _open_chankan(self, action: Action, out: list[Event]) -> None:
        """A kakan shows its tile first: any seat that wins on it may rob the kan."""
        seat = action.seat
        tile = action.tile
        p = self.hand.players[seat]
        p.remove(tile)
        self._reveal_pending_dora(out)  # a kan dora still pending flips at the next kan's call
        for i, m in enumerate(p.melds):
            if m.kind is _M_PON and m.first_kind == kind_of(tile):
                p.melds[i] = Meld(_M_KAKAN, tuple(sorted((*m.tiles, tile))), m.called, m.from_seat, tile)
                out.append(KanDeclared(seat, p.melds[i]))
                break
        self._open_claims(seat, tile, out, chankan=True)

    def _after_kan(self, seat: int, *, immediate: bool, out: list[Event]) -> None:
        h = self.hand
        h.kans.append(seat)
        h.calls_made = True
        for q in h.players:
            q.ippatsu = False
        self._reveal_pending_dora(out)
        if self.rules.walls.kan_dora:
            if immediate:
                self._reveal_dora(out)
            else:
                h.pending_dora += 1
        if self.rules.aborts.four_kans_by_several(h.kans):
            h.suukaikan_pending = True
        self._draw(seat, out, replacement=True)

    # --- claims -------------------------------------------------------------------------------

    def _interested_seats(self, discarder: int, tile: int) -> list[int]:
        """The seats that could answer this tile at all, in turn order from the discarder: a
        cheap look (could it win on, pon or chi it?) that spares the full options of the others
        (most discards interest nobody, and most of the rest only one seat). A strict-table
        seat is asked about every discard."""
        k = tile >> 2
        players = self.hand.players
        strict = self.strict_seats
        chi_seat = self.rules.penalties.next_to_play(players, discarder)
        seats: list[int] = []
        for seat in _OTHERS[discarder]:
            p = players[seat]
            if p.dead_hand:
                continue
            if (
                (strict and seat in strict)
                or k in p.waits
                or p.kind_counts[k] >= 2
                or (seat == chi_seat and k < 27 and could_chi(p.kind_counts, k))
            ):
                seats.append(seat)
        return seats

    def _claim_options(self, seat: int, discarder: int, tile: int, *, chankan: bool, last_discard: bool) -> list[Action]:
        p = self.hand.players[seat]
        rules = self.rules
        return rules.calls.options(
            p,
            seat,
            discarder,
            tile,
            chankan=chankan,
            last_discard=last_discard,
            furiten=rules.furiten.blocks_ron(p, tile >> 2),
            kan_allowed=self._kan_allowed(),
            red_ids=self.red_ids,
            wins_on=self._wins_on,
            chi_seat=rules.penalties.next_to_play(self.hand.players, discarder),
        )

    def _wins_on(self, seat: int, discarder: int, tile: int, chankan: bool) -> bool:
        return self._win_value(seat, discarder, tile, chankan=chankan) is not None

    def _open_claims(self, discarder: int, tile: int, out: list[Event], *, chankan: bool) -> None:
        h = self.hand
        interested = self._interested_seats(discarder, tile)
        if not interested and not chankan:
            # nobody may answer (only a dead hand may let a winning tile pass): no window at all
            h.claim = None
            if self.strict_seats:  # dead hands come only from a strict table's false declarations
                self.rules.furiten.note_let_pass(h.players, discarder, tile, [])
            self._discard_stays(discarder, tile, None, out)
            return
        window = ClaimWindow(discarder, tile, chankan=chankan)
        h.claim = window
        if interested:
            last = h.wall.live_remaining == 0
            for seat in interested:  # a seat left out would have been offered nothing
                if seat in self.strict_seats:
                    valid = self._claim_options(seat, discarder, tile, chankan=chankan, last_discard=last)
                    opts, false_kinds = self.rules.calls.strict_options(seat, valid, chankan=chankan)
                    window.offer(seat, opts, false_kinds)
                    continue
                opts = self._claim_options(seat, discarder, tile, chankan=chankan, last_discard=last)
                if opts:
                    window.offer(seat, opts)
            if window.waiting():
                h.phase = _P_CHANKAN if chankan else _P_CLAIM
                return
        self._resolve_claims(out)

    def _resolve_claims(self, out: list[Event]) -> None:
        h = self.hand
        rules = self.rules
        window = h.claim
        assert window is not None
        h.claim = None
        discarder, tile = window.discarder, window.tile
        rons = window.rons()
        false = window.false_answers()
        if false and rules.penalties.judge_false_answers(self.state, h, false, rons, out):
            self.redeal(out)  # a chombo: the hand is re-dealt
            return
        rules.furiten.note_let_pass(h.players, discarder, tile, rons)
        if rons:
            winners = rules.calls.order_winners(discarder, rons)
            if winners is None:
                out.append(AbortiveDraw("sanchahou", None))
                self._end_hand(out, renchan=True, abortive=True)
                return
            self._settle_wins(winners, discarder, tile, out, chankan=window.chankan)
            return
        if window.chankan:
            at_once = rules.walls.ankan_dora_at_once if window.concealed_kan else rules.walls.open_kan_dora_at_once
            self._after_kan(discarder, immediate=at_once, out=out)
            return
        drawer = rules.penalties.next_to_play(h.players, discarder)
        late = tuple(s for s in window.passed_wins() if s != drawer) if rules.calls.late_win else ()
        self._discard_stays(discarder, tile, winning_call(window.valid_answers()), out, late=late)

    def _discard_stays(
        self, discarder: int, tile: int, call: Action | None, out: list[Event], *, late: tuple[int, ...] = ()
    ) -> None:
        """Nobody won on the discard: a riichi declared with it stands, the abortive draws are
        checked, then the call takes the tile or the next seat draws. ``late``: the seats that
        passed a win on it and may still claim it after that draw (``claims.window``)."""
        h = self.hand
        m = self.state
        aborts = self.rules.aborts
        d = h.players[discarder]
        if d.riichi_pending:
            d.riichi_pending = False
            d.riichi = True
            d.ippatsu = self.rules.riichi.ippatsu
            m.scores[discarder] -= 1000
            m.sticks += 1
            h.hand_riichi.append(discarder)
            d.seen_changed = True
            out.append(RiichiAccepted(discarder))
            if aborts.four_riichi_declared(h.players):
                out.append(AbortiveDraw("suucha_riichi", None))
                self._end_hand(out, renchan=True, abortive=True)
                return
        if h.discards_made == 4 and aborts.four_winds_discarded(h.first_discards, h.calls_made, h.players):
            out.append(AbortiveDraw("suufon_renda", None))
            self._end_hand(out, renchan=True, abortive=True)
            return
        if h.suukaikan_pending:
            out.append(AbortiveDraw("suukaikan", None))
            self._end_hand(out, renchan=True, abortive=True)
            return
        if call is not None:
            self._make_call(call, discarder, tile, out)
            return
        if h.wall.live_remaining == 0:
            self._exhaustive_draw(out)
            return
        drawer = self.rules.penalties.next_to_play(h.players, discarder)
        self._draw(drawer, out)
        if late and self.hand is h and h.phase is _P_TURN and h.turn == drawer and not h.rinshan:
            h.late_win = (discarder, tile, late)

    def _pass_turn(self, seat: int, out: list[Event]) -> None:
        """``seat`` will not discard (a dead hand that sits out): the next seat to play draws, or
        the hand is drawn when the wall is empty."""
        h = self.hand
        h.drawn = None
        h.rinshan = False
        if h.wall.live_remaining == 0:
            self._exhaustive_draw(out)
            return
        self._draw(self.rules.penalties.next_to_play(h.players, seat), out)

    def _late_win(self, seat: int, out: list[Event]) -> None:
        """A win claimed on the last discard after the next seat drew (EMA RCR 2016 3.3.1): "the
        call is still valid and the drawn tile is replaced in the wall"."""
        h = self.hand
        m = self.state
        assert h.late_win is not None and h.drawn is not None
        discarder, tile, _ = h.late_win
        h.late_win = None
        drawer = h.turn
        h.players[drawer].remove(h.drawn)
        back, pos = h.wall.undraw()
        out.append(DrawReturned(drawer, back, pos))
        h.drawn = None
        d = h.players[discarder]
        if d.riichi and d.riichi_index == len(d.discards) - 1:  # a riichi declared with the tile won on
            d.riichi = d.double_riichi = d.ippatsu = False  # is void: its stick goes back
            m.scores[discarder] += 1000
            m.sticks -= 1
            h.hand_riichi.remove(discarder)
            d.seen_changed = True
        self._settle_wins([seat], discarder, tile, out)

    def _make_call(self, action: Action, discarder: int, tile: int, out: list[Event]) -> None:
        seat = action.seat
        h = self.hand
        rules = self.rules
        p = h.players[seat]
        d = h.players[discarder]
        d.last_discard_called()
        for t in action.tiles:
            p.remove(t)
        kind = {_A_CHI: _M_CHI, _A_PON: _M_PON}.get(action.kind, _M_DAIMINKAN)
        meld = Meld(kind, tuple(sorted((*action.tiles, tile))), tile, discarder)
        p.melds.append(meld)
        h.calls_made = True
        for q in h.players:
            q.ippatsu = False
        if rules.furiten.ends_on_draw:
            p.furiten_temporary = False
        p.pao = rules.calls.liable_seat(p, meld)
        out.append(Claimed(seat, meld))
        h.turn = seat
        if kind is _M_DAIMINKAN:
            self._after_kan(seat, immediate=rules.walls.open_kan_dora_at_once, out=out)
            return
        p.kuikae = rules.calls.forbidden_after(meld)
        h.drawn = None
        h.rinshan = False
        h.phase = _P_TURN
        p.shanten = shanten(p.counts(), rules.wins.sets_needed(p), False, False)

    # --- wins and draws -----------------------------------------------------------------------

    def _win_request(self, seat: int, discarder: int | None, tile: int, *, chankan: bool = False) -> WinRequest:
        h = self.hand
        walls = self.rules.walls
        ura: tuple[int, ...] = ()
        if h.players[seat].riichi and walls.ura_dora:
            ura = tuple(walls.ura_indicator(h.wall, k) for k in range(len(h.indicators)))
        return self.rules.wins.request(self.state, h, seat, discarder, tile, chankan=chankan, ura=ura)

    def _win_value(self, seat: int, discarder: int | None, tile: int, *, chankan: bool = False) -> WinValue | None:
        return self.rules.wins.value(self._win_request(seat, discarder, tile, chankan=chankan))

    def _settle_wins(
        self, winners: list[int], discarder: int | None, tile: int, out: list[Event], *, chankan: bool = False
    ) -> None:
        h = self.hand
        m = self.state
        rules = self.rules
        if discarder is not None:
            h.players[discarder].riichi_pending = False  # a ronned declaration tile: no stick (declaration void)
        # riichi sticks and honba, per the profile's multiple-win rule
        stick_share = rules.calls.stick_shares(winners, [h.players[w].riichi for w in winners], m.sticks)
        for i, seat in enumerate(winners):
            req = self._win_request(seat, discarder, tile, chankan=chankan)
            honba = m.honba if (i == 0 or rules.calls.honba_to_every_winner) and rules.calls.counters_paid else 0
            req = req.with_payout(honba=honba, riichi_sticks=stick_share[i])
            result = rules.wins.value(req)
            assert result is not None, "a legal win must score"
            deltas = rules.penalties.with_dead_hand_payments(h.players, req, result.deltas, rules.wins.value)
            for s in range(4):
                m.scores[s] += deltas[s]
            out.append(
                Win(
                    seat,
                    discarder,
                    tile,
                    tuple(sorted(req.concealed)),
                    tuple(h.players[seat].melds),
                    _rows(result),
                    result.value,
                    result.unit,
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
                    dealer_tai=result.dealer_tai,
                )
            )
        m.sticks = 0
        self._end_hand(out, renchan=rules.renchan.after_win(m.dealer in winners), abortive=False, won=True)

    def _exhaustive_draw(self, out: list[Event]) -> None:
        h = self.hand
        m = self.state
        draws = self.rules.draws
        t0, t1, t2, t3 = (draws.formal_tenpai(p) for p in h.players)
        tenpai = (t0, t1, t2, t3)
        nagashi = draws.nagashi(h.players)
        deltas = draws.deltas(tenpai, nagashi, m.dealer)
        for s in range(4):
            m.scores[s] += deltas[s]
        hands = tuple(tuple(sorted(h.players[s].hand)) if tenpai[s] else None for s in range(4))
        out.append(ExhaustiveDraw(tenpai, hands, nagashi, _four(deltas)))
        renchan = self.rules.renchan.after_draw(tenpai[m.dealer], m.dealer in nagashi, bool(nagashi))
        self._end_hand(out, renchan=renchan, abortive=False)

    def _end_hand(self, out: list[Event], *, renchan: bool, abortive: bool, won: bool = False) -> None:
        h = self.hand
        m = self.state
        rotation = self.rules.renchan
        h.claim = None
        for q in h.players:
            q.seen_changed = True
        out.append(HandEnded(_four(m.scores), renchan))
        rotation.count_hand(m, renchan=renchan, won=won)
        if rotation.match_over(m, renchan=renchan, abortive=abortive):
            self._finish(out)
            return
        rotation.next_hand(m, renchan=renchan, won=won, drawn=not won)
        self._start_hand(out)

    def redeal(self, out: list[Event]) -> None:
        """Annul the hand after a chombo: the same dealer deals again from a fresh wall, no counter
        is added (RCR 2016 3.4.6). A reverse mangan may still bust a player where busting ends."""
        h = self.hand
        m = self.state
        h.claim = None
        for q in h.players:
            q.seen_changed = True
        out.append(HandEnded(_four(m.scores), True))
        m.hand_index += 1
        if self.rules.renchan.busted(m):
            self._finish(out)
            return
        self._start_hand(out)

    def _finish(self, out: list[Event]) -> None:
        m = self.state
        standings = final_standings(self.profile, m.scores, m.sticks, m.first_dealer, penalties=m.penalty_points)
        m.scores = list(standings.scores)
        m.sticks = 0
        m.final = MatchEnded(_four(m.scores), standings.ranks, standings.points, standings.place_points,
                             self.profile.game.return_points)
        out.append(m.final)
        self.hand.phase = _P_OVER
        self.hand.claim = None

    # --- action checking ----------------------------------------------------------------------

    def _refusal(self, action: Action) -> tuple[str, str]:
        """The rule id and message refusing an action that is not legal now."""
        seat = action.seat
        h = self.hand
        if h.phase is _P_OVER:
            return "match-over", "the match has ended"
        if not 0 <= seat < 4:
            return "no-such-seat", f"seat {seat} does not exist"
        if seat not in self.awaiting():
            return "not-your-turn", f"seat {seat} is not asked to act now"
        kind = action.kind
        p = h.players[seat]
        expected = TILES_PER_ACTION.get(kind, 0)
        if len(action.tiles) != expected:
            return "malformed-action", f"{kind.value} names {expected} tile(s), not {len(action.tiles)}"
        if any(not isinstance(t, int) or not 0 <= t < self.profile.total_tiles for t in action.tiles):
            return "no-such-tile", f"tile ids run 0..{self.profile.total_tiles - 1}, not {list(action.tiles)}"
        if h.phase is _P_TURN:
            if kind.is_claim:
                return "no-claim-window", f"{kind.value} is only possible on another seat's discard"
            if any(t not in p.hand for t in action.tiles):
                return "tile-not-in-hand", f"seat {seat} does not hold {action}"
            if kind is _A_DISCARD:
                if p.riichi:
                    return "riichi-locked", "after riichi only the drawn tile may be discarded"
                if kind_of(action.tile) in p.kuikae:
                    return "kuikae", "swap-calling: this tile may not be discarded right after the call"
            if kind is _A_RIICHI:
                return "riichi-conditions", "riichi needs a closed tenpai hand, enough points and wall"
            if kind is _A_TSUMO:
                return "no-win", "the hand is not complete, or lacks the yaku or value its rulebook asks"
            if kind in (_A_ANKAN, _A_KAKAN):
                return "kan-not-allowed", "this kan is not allowed now"
            if kind is _A_KYUUSHU:
                return "kyuushu-conditions", "nine kinds need nine terminals/honours on the first uninterrupted draw"
            return "illegal", f"{action} is not allowed now"
        if not kind.is_claim:
            return "claim-window", "only ron, pon, kan, chi or pass answer a discard"
        if h.claim is not None and h.claim.has_answered(seat):
            return "already-answered", f"seat {seat} has already answered this discard"
        if kind is _A_RON:
            if p.furiten_permanent() or p.furiten_temporary or p.furiten_riichi:
                return "furiten", "a furiten hand cannot win on a discard"
            return "no-win", "the hand does not win on this tile (incomplete, or without the yaku or value its rulebook asks)"
        if kind is _A_CHI and seat != self.rules.penalties.next_to_play(h.players, h.claim.discarder) if h.claim else False:
            return "chi-from-left-only", "chi takes only the previous player's discard"
        if h.wall.live_remaining == 0:
            return "last-discard", "the last discard may only be claimed for a win"
        return "illegal-claim", f"{action} is not a legal claim on this tile"


def _rows(value: WinValue) -> tuple[ValueRow, ...]:
    return tuple(ValueRow(row, v) for row, v in value.rows)


def _four(values: Iterable[int]) -> tuple[int, int, int, int]:
    a, b, c, d = values
    return (a, b, c, d)


def replay(record: Record, profile: RuleProfile, *, setups: dict[int, HandSetup] | None = None) -> Match:
    """Replay a record to the same state. Raises RecordError on a profile mismatch, an action the
    engine refuses, or a final state that differs (a record cut short or tampered with)."""
    if record.profile_id != profile.id or record.profile_hash not in accepted_hashes(profile):
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
