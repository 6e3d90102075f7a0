"""Penalties at a strict table: what a false win or a false call costs, by the profile's rulebook.

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
  hand is dead. The seat can no longer win or call, it only draws and discards, it is never
  tenpai at a draw, and with ``tai.dead_hand_pays_winner`` it pays the winner as if it had
  discarded the winning tile (Seed-FR: "doit payer le joueur gagnant"; the amount is not stated,
  so on top of the normal settlement it pays the value of the win from its own discard; decision).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .actions import Action, ActionKind
from .events import Event, Penalty, PenaltyKind
from .scoring_bridge import WinRequest, value_win

if TYPE_CHECKING:
    from .claims import ClaimWindow
    from .match import Match

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


def dead_hand_discards(match: Match, seat: int) -> list[Action]:
    """A dead hand's turn: discards only (after riichi, the drawn tile)."""
    from .match import _classes

    p = match.players[seat]
    if p.riichi and match.drawn is not None:
        return [Action(seat, ActionKind.DISCARD, (match.drawn,))]
    return [
        Action(seat, ActionKind.DISCARD, (t,))
        for t in _classes(p.sorted_hand, match.drawn, match.tile_classes)
        if t >> 2 not in p.kuikae
    ]


def false_declaration(match: Match, action: Action, out: list[Event]) -> None:
    """A false tsumo on the seat's own turn."""
    if match.profile.game.false_win == "chombo":
        chombo(match, action.seat, out)
        match.redeal(out)
    else:
        make_dead(match, action.seat, FALSE_WIN, out)


def judge_false_answers(match: Match, window: ClaimWindow, out: list[Event]) -> bool:
    """Penalise the false declarations of a claim window before it resolves; True when a chombo
    annulled the hand (it is then re-dealt and nothing else of the window happens)."""
    valid_wins = window.rons()
    chombo_seats: list[int] = []
    for action in window.false_answers():
        if action.kind is ActionKind.RON and match.profile.game.false_win == "chombo":
            if not valid_wins:  # a win on the same tile voids the chombo (RCR 2016 3.4.6)
                chombo_seats.append(action.seat)
        else:
            make_dead(match, action.seat, FALSE_WIN if action.kind is ActionKind.RON else FALSE_CALL, out)
    for seat in chombo_seats:
        chombo(match, seat, out)
    if chombo_seats:
        match.redeal(out)
        return True
    return False


def make_dead(match: Match, seat: int, offence: str, out: list[Event]) -> None:
    p = match.players[seat]
    p.dead_hand = True
    p.seen_changed = True
    out.append(Penalty(seat, PenaltyKind.DEAD_HAND, offence))


def chombo(match: Match, seat: int, out: list[Event]) -> None:
    """The offender pays; the hand's riichi sticks go back (the re-deal is the caller's)."""
    for s in match.hand_riichi:
        match.scores[s] += 1000
        match.sticks -= 1
    match.hand_riichi = []
    after_uma = match.profile.game.chombo_points
    if after_uma:
        match.penalty_points[seat] += after_uma
        deltas = (0, 0, 0, 0)
    else:
        deltas = reverse_mangan(seat, match.dealer)
        for s in range(4):
            match.scores[s] += deltas[s]
    out.append(Penalty(seat, PenaltyKind.CHOMBO, FALSE_WIN, deltas, after_uma))


def with_dead_hand_payments(match: Match, req: WinRequest, deltas: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A win's deltas plus what each dead hand pays the winner (``tai.dead_hand_pays_winner``)."""
    out = list(deltas)
    if match.profile.tai.dead_hand_pays_winner:
        for s in range(4):
            if s in (req.winner, req.discarder) or not match.players[s].dead_hand:
                continue
            as_discarder = value_win(dataclasses.replace(req, discarder=s), match.profile)
            if as_discarder is None:
                continue
            pay = -as_discarder.deltas[s]
            out[s] -= pay
            out[req.winner] += pay
    return (out[0], out[1], out[2], out[3])
