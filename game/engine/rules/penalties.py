"""Penalties at a strict table: what a false win or a false call costs, by the profile's rulebook.

Knobs: ``game.false_win``, ``game.chombo_points``, ``game.dead_hand_turns``,
``tai.dead_hand_pays_winner``.

At a real table nothing stops a player from calling "Ron!" on a hand that does not win or "Pon!"
without the pair; the rulebook then says what it costs. Seats that play at a strict table
(``Match(strict_seats=...)``) may make such declarations, and this module judges them:

* **False win**, ``game.false_win = "chombo"`` (riichi; EMA RCR 2016 3.4.6): the hand is annulled
  and re-dealt by the same dealer with no counter added, the riichi sticks of the hand go back to
  their owners, and the offender pays ``game.chombo_points`` from the final score after uma, or,
  when that is 0, a reverse mangan at once (the rules-reference's desktop knob: 4,000 to each
  from a dealer; 4,000 to the dealer and 2,000 to each other from a non-dealer). A valid win on the
  same discard voids the chombo (RCR 3.4.6: "a win declared at the same time").
* **False win**, ``game.false_win = "dead_hand"`` (Taiwanese, Seed-FR "pénalités"), and a **false
  call** in every profile (RCR 3.4.7 "an invalid call": dead hand; Seed-FR "wrong exposure"): the
  hand is dead. The seat can no longer win or call, it is never tenpai at a draw, and with
  ``tai.dead_hand_pays_winner`` it pays the winner as if it had discarded the winning tile
  (Seed-FR: "doit payer le joueur gagnant"; the amount is not stated, so on top of the normal
  settlement it pays the value of the win from its own discard; decision).
* **A dead hand's turns**, ``game.dead_hand_turns``: it still draws and discards (EMA RCR 2016
  3.4.7, "draw_and_discard"), or it no longer plays at all (Seed-FR: « ne peut plus jouer, la
  manche continue à trois joueurs », "skipped"): the turn passes it by, the next seat to play may
  chow, and a seat made dead in its own turn keeps its drawn tile and passes the turn on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action, ActionKind
from ..events import Event, Penalty, PenaltyKind
from ..player import Player
from ..profile import RuleProfile
from ..state import HandState, MatchState
from ..values import WinRequest, WinValue

FALSE_WIN = "false_win"
FALSE_CALL = "false_call"

# a mangan: 4,000 from each for a dealer, 2,000/4,000 for a non-dealer (the reverse is the chombo)
_MANGAN_SHARE = 2000


def reverse_mangan(offender: int, dealer: int) -> tuple[int, int, int, int]:
    """The chombo payment when the profile takes no points after uma: a mangan paid out."""
    deltas = [0, 0, 0, 0]
    for s in range(4):
        if s == offender:
            continue
        pay = 2 * _MANGAN_SHARE if offender == dealer or s == dealer else _MANGAN_SHARE
        deltas[s] += pay
        deltas[offender] -= pay
    return (deltas[0], deltas[1], deltas[2], deltas[3])


@dataclass(frozen=True, slots=True)
class Penalties:
    chombo: bool  # a false win is a chombo (else a dead hand)
    chombo_points: int  # taken after uma; 0: a reverse mangan paid at once
    dead_hand_pays_winner: bool
    dead_hands_skipped: bool  # a dead hand sits out the hand (Seed-FR)

    @classmethod
    def of(cls, p: RuleProfile) -> Penalties:
        return cls(
            p.game.false_win == "chombo",
            p.game.chombo_points,
            p.tai.dead_hand_pays_winner,
            p.game.dead_hand_turns == "skipped",
        )

    def next_to_play(self, players: list[Player], seat: int) -> int:
        """The seat whose turn comes after ``seat``'s: the next one, or where dead hands sit out
        the hand, the next one that still plays (``seat`` itself when no other does)."""
        nxt = (seat + 1) % 4
        if self.dead_hands_skipped:
            for step in (1, 2, 3):
                q = (seat + step) % 4
                if not players[q].dead_hand:
                    return q
            return seat
        return nxt

    def false_tsumo(self, m: MatchState, h: HandState, seat: int, out: list[Event]) -> bool:
        """A false tsumo on the seat's own turn; True when it is a chombo (the flow re-deals)."""
        if self.chombo:
            self._chombo(m, h, seat, out)
            return True
        make_dead(h.players[seat], seat, FALSE_WIN, out)
        return False

    def judge_false_answers(
        self, m: MatchState, h: HandState, false_answers: list[Action], valid_wins: list[int], out: list[Event]
    ) -> bool:
        """Penalise the false declarations of a claim window before it resolves; True when a
        chombo annulled the hand (the flow re-deals and nothing else of the window happens)."""
        chombo_seats: list[int] = []
        for action in false_answers:
            if action.kind is ActionKind.RON and self.chombo:
                if not valid_wins:  # a win on the same tile voids the chombo (RCR 2016 3.4.6)
                    chombo_seats.append(action.seat)
            else:
                offence = FALSE_WIN if action.kind is ActionKind.RON else FALSE_CALL
                make_dead(h.players[action.seat], action.seat, offence, out)
        for seat in chombo_seats:
            self._chombo(m, h, seat, out)
        return bool(chombo_seats)

    def _chombo(self, m: MatchState, h: HandState, seat: int, out: list[Event]) -> None:
        """The offender pays; the hand's riichi sticks go back (the re-deal is the flow's)."""
        for s in h.hand_riichi:
            m.scores[s] += 1000
            m.sticks -= 1
        h.hand_riichi = []
        after_uma = self.chombo_points
        if after_uma:
            m.penalty_points[seat] += after_uma
            deltas = (0, 0, 0, 0)
        else:
            deltas = reverse_mangan(seat, m.dealer)
            for s in range(4):
                m.scores[s] += deltas[s]
        out.append(Penalty(seat, PenaltyKind.CHOMBO, FALSE_WIN, deltas, after_uma))

    def with_dead_hand_payments(
        self,
        players: list[Player],
        req: WinRequest,
        deltas: tuple[int, ...],
        value: Callable[[WinRequest], WinValue | None],
    ) -> tuple[int, int, int, int]:
        """A win's deltas plus what each dead hand pays the winner (``tai.dead_hand_pays_winner``):
        what it would pay had it discarded the winning tile."""
        out = list(deltas)
        if self.dead_hand_pays_winner:
            for s in range(4):
                if s in (req.winner, req.discarder) or not players[s].dead_hand:
                    continue
                as_discarder = value(dataclasses.replace(req, discarder=s))
                if as_discarder is None:
                    continue
                pay = -as_discarder.deltas[s]
                out[s] -= pay
                out[req.winner] += pay
        return (out[0], out[1], out[2], out[3])


def make_dead(p: Player, seat: int, offence: str, out: list[Event]) -> None:
    p.dead_hand = True
    p.seen_changed = True
    out.append(Penalty(seat, PenaltyKind.DEAD_HAND, offence))
