"""Claims on a discard: who may call what, the claim window, and who gets the tile.

One window opens after each discard (and after an added kan, for robbing it). Every seat that may
claim is asked at once; its answer stays hidden until all have answered. Resolution follows the
profile: ron beats pon and kan, which beat chi; several rons are ordered by turn distance from the
discarder and then kept, aborted or cut to the nearest one by ``claims.multi_win``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .meld import Meld, MeldKind
from .profile import RuleProfile
from .tiles import DRAGONS, WINDS, kind_of

if TYPE_CHECKING:
    from .match import Match
    from .player import Player

_PRIORITY = {ActionKind.PON: 2, ActionKind.DAIMINKAN: 2, ActionKind.CHI: 1}


class ClaimWindow:
    """The seats asked about one discard (or added-kan tile) and their hidden answers."""

    def __init__(self, discarder: int, tile: int, *, chankan: bool) -> None:
        self.discarder = discarder
        self.tile = tile
        self.chankan = chankan
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        # kinds offered to a strict-table seat although it cannot make them (false declarations)
        self._false: dict[int, frozenset[ActionKind]] = {}

    def offer(self, seat: int, options: list[Action], false_kinds: frozenset[ActionKind] = frozenset()) -> None:
        self._options[seat] = options
        if false_kinds:
            self._false[seat] = false_kinds

    def is_false(self, action: Action) -> bool:
        """A declaration the seat may make at a strict table but that is not valid."""
        return action.kind in self._false.get(action.seat, ())

    def false_answers(self) -> list[Action]:
        """The false declarations given, nearest the discarder in turn first."""
        out = [a for a in self._answers.values() if self.is_false(a)]
        return sorted(out, key=lambda a: (a.seat - self.discarder) % 4)

    def offered(self) -> dict[int, list[Action]]:
        return self._options

    def waiting(self) -> list[int]:
        return [s for s in self._options if s not in self._answers]

    def has_answered(self, seat: int) -> bool:
        return seat in self._answers

    def options_for(self, seat: int) -> list[Action]:
        if seat in self._answers:
            return []
        return self._options.get(seat, [])

    def answer(self, action: Action) -> None:
        self._answers[action.seat] = action

    def can_ron(self, seat: int) -> bool:
        return ActionKind.RON not in self._false.get(seat, ()) and any(
            a.kind is ActionKind.RON for a in self._options.get(seat, ())
        )

    def rons(self) -> list[int]:
        """Seats that declared a valid ron."""
        return [s for s, a in self._answers.items() if a.kind is ActionKind.RON and not self.is_false(a)]

    def winning_call(self) -> Action | None:
        """The call that takes the tile when nobody wins: pon/kan over chi."""
        best: Action | None = None
        for a in self._answers.values():
            rank = _PRIORITY.get(a.kind, 0)
            if rank and not self.is_false(a) and (best is None or rank > _PRIORITY[best.kind]):
                best = a
        return best

    def fingerprint(self) -> tuple[object, ...]:
        return (
            self.discarder,
            self.tile,
            self.chankan,
            tuple(sorted((s, tuple(str(a) for a in o)) for s, o in self._options.items())),
            tuple(sorted((s, str(a)) for s, a in self._answers.items())),
            tuple(sorted((s, tuple(sorted(k.value for k in f))) for s, f in self._false.items())),
        )


def anyone_interested(match: Match, discarder: int, tile: int) -> bool:
    """A cheap look before the full options: could any other seat win on, pon or chi this tile?

    Most discards interest nobody; this keeps the claim window off the hot path for them.
    """
    k = tile >> 2
    for step in (1, 2, 3):
        seat = (discarder + step) % 4
        p = match.players[seat]
        if p.dead_hand:
            continue
        if seat in match.strict_seats:
            return True  # a strict-table seat is asked about every discard
        if k in p.waits or p.kind_counts[k] >= 2:
            return True
        if step == 1 and k < 27:
            kc = p.kind_counts
            r = k % 9
            if (r >= 2 and kc[k - 2] and kc[k - 1]) or (0 < r < 8 and kc[k - 1] and kc[k + 1]) or (
                r <= 6 and kc[k + 1] and kc[k + 2]
            ):
                return True
    return False


def options(match: Match, seat: int, discarder: int, tile: int, *, chankan: bool, last_discard: bool) -> list[Action]:
    """Everything ``seat`` may answer to ``tile``; empty when it has nothing to claim."""
    p = match.players[seat]
    if p.dead_hand:
        return []
    k = kind_of(tile)
    out: list[Action] = []
    if k in p.waits and not (p.furiten_temporary or p.furiten_riichi or (
        match.profile.furiten.permanent and p.furiten_permanent()
    )) and match._win_value(seat, discarder, tile, chankan=chankan) is not None:
        out.append(Action(seat, ActionKind.RON))
    if not chankan and not last_discard and not p.riichi:
        out.extend(_call_options(match, seat, discarder, tile))
    if out:
        out.append(Action(seat, ActionKind.PASS))
    return out


_FALSE_CALLS = (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN)


def strict_options(
    match: Match, seat: int, discarder: int, tile: int, *, chankan: bool, last_discard: bool
) -> tuple[list[Action], frozenset[ActionKind]]:
    """What a strict-table seat may answer: its valid options, and every declaration it lacks as
    a false one (ron, and chi/pon/kan with no tiles), as a player may call anything at a real
    table. Returns the options and the kinds that are false. A dead hand is asked nothing."""
    if match.players[seat].dead_hand:
        return [], frozenset()
    valid = [a for a in options(match, seat, discarder, tile, chankan=chankan, last_discard=last_discard)
             if a.kind is not ActionKind.PASS]
    have = {a.kind for a in valid}
    wanted = (ActionKind.RON,) if chankan else (ActionKind.RON, *_FALSE_CALLS)
    false_kinds = frozenset(k for k in wanted if k not in have and (k is not ActionKind.CHI or match.profile.claims.chi))
    out = valid + [Action(seat, k) for k in wanted if k in false_kinds] + [Action(seat, ActionKind.PASS)]
    return out, false_kinds


def _call_options(match: Match, seat: int, discarder: int, tile: int) -> list[Action]:
    p = match.players[seat]
    prof = match.profile
    k = kind_of(tile)
    kc = p.kind_counts
    chi_possible = (
        prof.claims.chi
        and seat == (discarder + 1) % 4
        and k < 27
        and ((k % 9 >= 2 and kc[k - 2] and kc[k - 1]) or (0 < k % 9 < 8 and kc[k - 1] and kc[k + 1])
             or (k % 9 <= 6 and kc[k + 1] and kc[k + 2]))
    )
    if kc[k] < 2 and not chi_possible:
        return []
    rule = prof.claims.kuikae
    out: list[Action] = []
    same: list[int] = []
    if kc[k] >= 2:
        same = sorted(t for t in p.hand if t >> 2 == k)
        for pair in _distinct_pairs(same, match.red_ids):
            if _leaves_discard(p, pair, _kuikae(rule, k, None)):
                out.append(Action(seat, ActionKind.PON, pair))
    if len(same) == 3 and match._kan_allowed():
        out.append(Action(seat, ActionKind.DAIMINKAN, tuple(same)))
    if chi_possible:
        rank = k % 9
        for lo in (k - 2, k - 1, k):
            if lo < k - rank or lo + 2 > k - rank + 8:
                continue
            need = [x for x in (lo, lo + 1, lo + 2) if x != k]
            if not (kc[need[0]] and kc[need[1]]):
                continue
            for pair in _chi_pairs(p.hand, need, match.red_ids):
                if _leaves_discard(p, pair, _kuikae(rule, k, lo)):
                    out.append(Action(seat, ActionKind.CHI, pair))
    return out


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


def kuikae_kinds(profile: RuleProfile, meld: Meld) -> frozenset[int]:
    """Kinds that may not be discarded right after a call: the called kind, and for a chi the
    other end of the sequence (rules-reference §2.1.4; RCR 2016 3.3.2)."""
    if meld.called is None:
        return frozenset()
    lo = min(meld.kinds) if meld.kind is MeldKind.CHI else None
    return _kuikae(profile.claims.kuikae, kind_of(meld.called), lo)


_NO_KINDS: frozenset[int] = frozenset()


def _kuikae(rule: str, k: int, chi_low: int | None) -> frozenset[int]:
    """:func:`kuikae_kinds` of a call on kind ``k``: a pon (``chi_low`` None) or the chi whose
    lowest kind is ``chi_low``."""
    if rule == "allowed":
        return _NO_KINDS
    if rule == "forbid_same_and_suji" and chi_low is not None:
        if k == chi_low and (k % 9) <= 5:
            return frozenset((k, k + 3))
        if k == chi_low + 2 and (k % 9) >= 3:
            return frozenset((k, k - 3))
    return frozenset((k,))


def order_winners(profile: RuleProfile, discarder: int, rons: list[int]) -> list[int] | None:
    """Winners by turn distance from the discarder, under the multiple-win rule.

    ``None`` means the hand aborts (a third ron under Tenhou's rules, sanchahou).
    """
    ordered = sorted(rons, key=lambda s: (s - discarder) % 4)
    rule = profile.claims.multi_win
    if rule == "head_bump":
        return ordered[:1]
    if rule == "all":
        return ordered
    limit = profile.claims.max_winners
    if len(ordered) > limit:
        if "sanchahou" in profile.draws.abortive:
            return None
        return ordered[:limit]
    return ordered


def stick_shares(match: Match, winners: list[int], discarder: int | None) -> list[int]:
    """Riichi sticks each winner collects (the ones on the table, accepted before this discard)."""
    total = match.sticks
    shares = [0] * len(winners)
    if not winners:
        return shares
    if match.profile.score.sticks_multi_ron == "own_back_rest_to_first" and len(winners) > 1:
        for i, seat in enumerate(winners):
            if match.players[seat].riichi and total > 0:
                shares[i] += 1
                total -= 1
    shares[0] += total
    return shares


def note_pao(match: Match, seat: int, meld: Meld) -> None:
    """Liability (pao): the seat that fed the third dragon set or the fourth wind set."""
    if meld.from_seat is None or meld.kind is MeldKind.CHI:
        return
    p = match.players[seat]
    k = meld.first_kind
    sets = [m.first_kind for m in p.melds if m.kind is not MeldKind.CHI]
    if k in DRAGONS and "daisangen" in match.profile.score.pao_yaku and sum(x in DRAGONS for x in sets) == 3:
        p.pao = meld.from_seat
    if k in WINDS and "daisuushii" in match.profile.score.pao_yaku and sum(x in WINDS for x in sets) == 4:
        p.pao = meld.from_seat
