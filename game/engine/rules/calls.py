"""Calls and their priority: who may chi, pon, kan or win on a discard, kuikae, several winners.

Knobs: ``claims.chi``, ``claims.kuikae``, ``claims.multi_win``, ``claims.max_winners``,
``claims.window``, ``kan.max_total``, ``kan.chankan_on_ankan_kokushi``, ``score.sticks_multi_ron``, ``score.honba_multi_ron``,
``score.honba_ron``, ``score.honba_tsumo_each``, ``score.pao_yaku``.

Priority is the same in every rulebook read (riichi §2.1 step 3, RCR 2016 3.3.1, Seed-FR, HKOS):
a win beats pung and kong, which beat chow; a pung and a kong on one discard cannot both be
possible (four copies of a kind), so the rulebooks' ``ron>pon=kan>chi`` and ``胡 > 槓 > 碰 > 吃``
are the same order (:func:`winning_call`). Several wins are ordered by turn distance from the
discarder and kept, aborted or cut to the nearest by ``claims.multi_win``.

Robbing a kan (chankan): an added kan's tile may be won by any seat; a concealed kan's only by a
thirteen-orphans hand, where ``kan.chankan_on_ankan_kokushi`` allows it (Mahjong Soul; Tenhou
denies it, rules-reference §8.2).

The claim window (``claims.window``). Every seat that may claim is asked at once and the window
resolves before the next draw. ``until_next_draw`` (Tenhou, Seed-FR "avant que le joueur suivant
... ait réalisé une action de jeu") closes it for every claim there. ``win_until_next_discard``
(EMA RCR 2016 3.3.1, Seed-EMA: "claimed for a win by any player until the next player discards,
except in case of tsumo"): a seat that passed a win on the discard may still declare it after the
next player has drawn, until that player acts; the drawn tile then goes back to the wall ("the
call is still valid and the drawn tile is replaced in the wall").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action, ActionKind
from ..meld import Meld, MeldKind
from ..player import Player
from ..profile import RuleProfile
from ..tiles import DRAGONS, WINDS, kind_of

_NO_KINDS: frozenset[int] = frozenset()
THIRTEEN_ORPHANS: frozenset[str] = frozenset({"kokushi_musou", "kokushi_musou_juusanmen_matchi"})
_PRIORITY = {ActionKind.PON: 2, ActionKind.DAIMINKAN: 2, ActionKind.CHI: 1}
_FALSE_CALLS = (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN)

# enum members as module names (a global is ~10x faster to read than ``ActionKind.RON`` on 3.11)
_A_CHI = ActionKind.CHI
_A_DAIMINKAN = ActionKind.DAIMINKAN
_A_PASS = ActionKind.PASS
_A_PON = ActionKind.PON
_A_RON = ActionKind.RON
_M_CHI = MeldKind.CHI

# (seat, discarder, tile, chankan) -> whether the seat's hand wins on the tile under the rules
WinsOn = Callable[[int, int, int, bool], bool]


@dataclass(frozen=True, slots=True)
class Calls:
    chi: bool  # chi from the previous player only, when allowed
    kuikae: str  # "forbid_same_and_suji", "forbid_same" or "allowed" (swap-calling)
    multi_win: str  # "double", "all" or "head_bump"
    max_winners: int
    sanchahou: bool  # a ron beyond ``max_winners`` aborts the hand (Tenhou's three rons)
    max_kans: int  # kans in one hand, all seats together
    late_win: bool  # ``claims.window = "win_until_next_discard"``: a passed win stays open after the draw
    rob_concealed_kan: bool  # a thirteen-orphans hand may rob a concealed kan
    sticks_to_own_declarer: bool  # ``score.sticks_multi_ron = "own_back_rest_to_first"``
    honba_to_every_winner: bool  # ``score.honba_multi_ron = "every_winner"``
    counters_paid: bool  # a win collects the counters (honba) at all
    pao_dragons: bool  # liability for the third dragon set fed (daisangen)
    pao_winds: bool  # liability for the fourth wind set fed (daisuushii)

    @classmethod
    def of(cls, p: RuleProfile) -> Calls:
        return cls(
            chi=p.claims.chi,
            kuikae=p.claims.kuikae,
            multi_win=p.claims.multi_win,
            max_winners=p.claims.max_winners,
            sanchahou="sanchahou" in p.draws.abortive,
            max_kans=p.kan.max_total,
            late_win=p.claims.window == "win_until_next_discard",
            rob_concealed_kan=p.kan.chankan_on_ankan_kokushi,
            sticks_to_own_declarer=p.score.sticks_multi_ron == "own_back_rest_to_first",
            honba_to_every_winner=p.score.honba_multi_ron == "every_winner",
            counters_paid=p.score.honba_ron > 0 or p.score.honba_tsumo_each > 0,
            pao_dragons="daisangen" in p.score.pao_yaku,
            pao_winds="daisuushii" in p.score.pao_yaku,
        )

    # --- kans ----------------------------------------------------------------------------------

    def kan_allowed(self, live_remaining: int, kans: int) -> bool:
        """No kan on the last tile or the last discard, and none past the hand's limit."""
        return live_remaining > 0 and kans < self.max_kans

    # --- kuikae --------------------------------------------------------------------------------

    def forbidden_after(self, meld: Meld) -> frozenset[int]:
        """Kinds the caller may not discard right after the call (kuikae): the called kind, and
        for a chi the other end of the sequence (rules-reference §2.1.4; RCR 2016 3.3.2)."""
        if meld.called is None:
            return _NO_KINDS
        lo = min(meld.kinds) if meld.kind is _M_CHI else None
        return self._forbidden(kind_of(meld.called), lo)

    def _forbidden(self, k: int, chi_low: int | None) -> frozenset[int]:
        """:meth:`forbidden_after` a call on kind ``k``: a pon (``chi_low`` None) or the chi whose
        lowest kind is ``chi_low``."""
        rule = self.kuikae
        if rule == "allowed":
            return _NO_KINDS
        if rule == "forbid_same_and_suji" and chi_low is not None:
            if k == chi_low and (k % 9) <= 5:
                return frozenset((k, k + 3))
            if k == chi_low + 2 and (k % 9) >= 3:
                return frozenset((k, k - 3))
        return frozenset((k,))

    # --- who may claim -------------------------------------------------------------------------

    def options(
        self,
        p: Player,
        seat: int,
        discarder: int,
        tile: int,
        *,
        chankan: bool,
        last_discard: bool,
        furiten: bool,
        kan_allowed: bool,
        red_ids: frozenset[int],
        wins_on: WinsOn,
        chi_seat: int,
    ) -> list[Action]:
        """Everything ``seat`` may answer to ``tile``; empty when it has nothing to claim.

        ``furiten``: the seat may not win on a discard now; ``wins_on`` values the win;
        ``chi_seat``: the seat whose turn comes next, the only one that may chow."""
        if p.dead_hand:
            return []
        out: list[Action] = []
        if kind_of(tile) in p.waits and not furiten and wins_on(seat, discarder, tile, chankan):
            out.append(Action(seat, _A_RON))
        if not chankan and not last_discard and not p.riichi:
            out.extend(self._call_options(p, seat, tile, kan_allowed, red_ids, seat == chi_seat))
        if out:
            out.append(Action(seat, _A_PASS))
        return out

    def strict_options(self, seat: int, valid: list[Action], *, chankan: bool) -> tuple[list[Action], frozenset[ActionKind]]:
        """What a strict-table seat may answer: its ``valid`` options, and every declaration it
        lacks as a false one (ron, and chi/pon/kan with no tiles), as a player may call anything
        at a real table. Returns the options and the kinds that are false."""
        valid = [a for a in valid if a.kind is not _A_PASS]
        have = {a.kind for a in valid}
        wanted = (_A_RON,) if chankan else (_A_RON, *_FALSE_CALLS)
        false_kinds = frozenset(k for k in wanted if k not in have and (k is not _A_CHI or self.chi))
        out = valid + [Action(seat, k) for k in wanted if k in false_kinds] + [Action(seat, _A_PASS)]
        return out, false_kinds

    def _call_options(
        self, p: Player, seat: int, tile: int, kan_allowed: bool, red_ids: frozenset[int], next_to_play: bool
    ) -> list[Action]:
        k = kind_of(tile)
        kc = p.kind_counts
        chi_possible = self.chi and next_to_play and k < 27 and could_chi(kc, k)
        if kc[k] < 2 and not chi_possible:
            return []
        out: list[Action] = []
        same: list[int] = []
        if kc[k] >= 2:
            same = sorted(t for t in p.hand if t >> 2 == k)
            for pair in _distinct_pairs(same, red_ids):
                if _leaves_discard(p, pair, self._forbidden(k, None)):
                    out.append(Action(seat, _A_PON, pair))
        if len(same) == 3 and kan_allowed:
            out.append(Action(seat, _A_DAIMINKAN, tuple(same)))
        if chi_possible:
            rank = k % 9
            for lo in (k - 2, k - 1, k):
                if lo < k - rank or lo + 2 > k - rank + 8:
                    continue
                need = [x for x in (lo, lo + 1, lo + 2) if x != k]
                if not (kc[need[0]] and kc[need[1]]):
                    continue
                for pair in _chi_pairs(p.hand, need, red_ids):
                    if _leaves_discard(p, pair, self._forbidden(k, lo)):
                        out.append(Action(seat, _A_CHI, pair))
        return out

    # --- several claims ------------------------------------------------------------------------

    def order_winners(self, discarder: int, rons: list[int]) -> list[int] | None:
        """Winners by turn distance from the discarder, under the multiple-win rule.

        ``None`` means the hand aborts (a third ron under Tenhou's rules, sanchahou)."""
        ordered = sorted(rons, key=lambda s: (s - discarder) % 4)
        if self.multi_win == "head_bump":
            return ordered[:1]
        if self.multi_win == "all":
            return ordered
        if len(ordered) > self.max_winners:
            if self.sanchahou:
                return None
            return ordered[: self.max_winners]
        return ordered

    def stick_shares(self, winners: list[int], declared: list[bool], sticks: int) -> list[int]:
        """Riichi sticks each winner collects (the ones on the table, accepted before this
        discard); ``declared[i]``: whether winner i is in riichi."""
        shares = [0] * len(winners)
        if not winners:
            return shares
        total = sticks
        if self.sticks_to_own_declarer and len(winners) > 1:
            for i in range(len(winners)):
                if declared[i] and total > 0:
                    shares[i] += 1
                    total -= 1
        shares[0] += total
        return shares

    def liable_seat(self, p: Player, meld: Meld) -> int | None:
        """Liability (pao) after ``meld``: the seat that fed the third dragon set or the fourth
        wind set, else the seat already liable (None: nobody)."""
        if meld.from_seat is None or meld.kind is _M_CHI:
            return p.pao
        k = meld.first_kind
        sets = [m.first_kind for m in p.melds if m.kind is not _M_CHI]
        pao = p.pao
        if k in DRAGONS and self.pao_dragons and sum(x in DRAGONS for x in sets) == 3:
            pao = meld.from_seat
        if k in WINDS and self.pao_winds and sum(x in WINDS for x in sets) == 4:
            pao = meld.from_seat
        return pao


def winning_call(answers: list[Action]) -> Action | None:
    """The call that takes the tile when nobody wins: pon or kan over chi (the first given of
    equals: two seats cannot both pon one tile)."""
    best: Action | None = None
    for a in answers:
        rank = _PRIORITY.get(a.kind, 0)
        if rank and (best is None or rank > _PRIORITY[best.kind]):
            best = a
    return best


def could_chi(kc: bytearray, k: int) -> bool:
    """Whether a hand with kind counts ``kc`` holds two tiles making a sequence with suit kind
    ``k`` (a cheap look before the full options: most discards interest nobody)."""
    r = k % 9
    return bool(
        (r >= 2 and kc[k - 2] and kc[k - 1]) or (0 < r < 8 and kc[k - 1] and kc[k + 1]) or (
            r <= 6 and kc[k + 1] and kc[k + 2]
        )
    )


def allowed_discards(p: Player, classes: list[int]) -> list[int]:
    """The hand's tile classes that may be discarded now (none of a kuikae kind)."""
    kuikae = p.kuikae
    return [t for t in classes if t >> 2 not in kuikae] if kuikae else classes


def _distinct_pairs(same: list[int], red_ids: frozenset[int]) -> list[tuple[int, int]]:
    """Pairs from copies of one kind, one per distinct red-ness combination."""
    reds = [t for t in same if t in red_ids]
    plain = [t for t in same if t not in red_ids]
    out: list[tuple[int, int]] = []
    if len(plain) >= 2:
        out.append((plain[0], plain[1]))
    if reds and plain:
        out.append((reds[0], plain[0]))
    return out


def _chi_pairs(hand: list[int], need: list[int], red_ids: frozenset[int]) -> list[tuple[int, int]]:
    choices: list[list[int]] = []
    for kind in need:
        tiles = [t for t in hand if t >> 2 == kind]  # a suited kind: never a flower
        if not tiles:
            return []
        by_class: dict[bool, int] = {}
        for t in sorted(tiles):
            by_class.setdefault(t in red_ids, t)
        choices.append(sorted(by_class.values()))
    return [(a, b) for a in choices[0] for b in choices[1]]


def _leaves_discard(p: Player, used: tuple[int, ...], forbidden: frozenset[int]) -> bool:
    """A call is illegal when every tile left would be a forbidden (kuikae) discard (counted from
    the kind counts: the hand's tiles of forbidden kinds, less the ones the call uses)."""
    left = len(p.hand) - len(used)
    if forbidden:
        kc = p.kind_counts
        left -= sum(kc[f] for f in forbidden) - sum(1 for t in used if kind_of(t) in forbidden)
    return left > 0
