"""Furiten and formal tenpai (rules-reference §2.2 and §1.7).

* Permanent furiten: a waiting tile among one's own discards (``Player.furiten_permanent``).
* Temporary furiten: a winning tile let pass, ended by the profile's ``furiten.temporary_ends``.
* Riichi furiten: a winning tile let pass after riichi, for the rest of the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tiles import kind_of

if TYPE_CHECKING:
    from .claims import ClaimWindow
    from .match import Match


def note_passed(match: Match, window: ClaimWindow, *, winners: list[int]) -> None:
    """Every seat that could have won on the tile and did not is furiten from now on.

    This includes a seat that was not offered ron because its hand had no yaku on that tile.
    """
    note_let_pass(match, window.discarder, window.tile, winners)


def note_let_pass(match: Match, discarder: int, tile: int, winners: list[int]) -> None:
    """:func:`note_passed` for a discard that opened no claim window (a dead hand waiting on it)."""
    rules = match.profile.furiten
    if rules.temporary_ends == "none" and not rules.riichi:
        return
    k = kind_of(tile)
    for seat in range(4):
        if seat == discarder or seat in winners:
            continue
        p = match.players[seat]
        if k in p.waits:
            if rules.temporary_ends != "none":
                p.furiten_temporary = True
            if rules.riichi and p.riichi:
                p.furiten_riichi = True


def formal_tenpai(match: Match, seat: int) -> bool:
    """Tenpai at an exhaustive draw: waiting on at least one tile the seat does not hold all four of.

    No yaku is needed, and waits that are all visible elsewhere still count (RCR 3.3.13).
    """
    p = match.players[seat]
    if p.dead_hand:
        return False  # a dead hand is never tenpai (RCR 2016 3.4.7)
    return any(p.held_of_kind(k) < 4 for k in p.waits)
