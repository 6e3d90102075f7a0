"""What one seat may see: its own hand, and of the others only what lies face up on the table.

AI seats decide from an :class:`Observation` alone, so nothing hidden may reach it: other seats'
concealed tiles appear only as counts, the wall only as the number of tiles left, and the answers
other seats gave in an open claim window not at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .actions import Action
from .meld import Meld
from .state import HandState, MatchState


class SeatView(NamedTuple):
    """The public face of one seat (named tuples: built on every observation, so cheap)."""

    seat: int
    wind: int
    score: int
    concealed_count: int
    melds: tuple[Meld, ...]
    discards: tuple[int, ...]
    discard_tsumogiri: tuple[bool, ...]
    discard_called: tuple[bool, ...]
    riichi_index: int | None  # index in discards of the riichi declaration tile
    riichi: bool
    flowers: tuple[int, ...]
    dead_hand: bool  # can no longer win or call this hand (a false declaration at a strict table)
    # for each river tile, its number among all the hand's discards (0 = the hand's first): tile i
    # of one seat was discarded after tile j of another when river_turns[i] > their river_turns[j]
    river_turns: tuple[int, ...] = ()


class Observation(NamedTuple):
    seat: int
    profile_id: str
    hand: tuple[int, ...]  # own concealed tiles
    drawn: int | None  # own tile just drawn, if it is this seat's turn after a draw
    seats: tuple[SeatView, ...]
    dealer: int
    round_wind: int
    hand_number: int
    honba: int
    riichi_sticks: int
    dora_indicators: tuple[int, ...]
    live_tiles_left: int
    turn: int
    phase: str
    last_discard: tuple[int, int] | None  # (seat, tile) that the open claim window is about
    legal_actions: tuple[Action, ...]
    furiten: bool  # own furiten (permanent, temporary or riichi)

    @property
    def me(self) -> SeatView:
        return self.seats[self.seat]


# builds a named tuple from a tuple of every field in order, as the class's __new__ would
_new_tuple = tuple.__new__


def observe(
    profile_id: str,
    m: MatchState,
    h: HandState,
    seat: int,
    legal: Sequence[Action],
    furiten: bool,
    cache: list[SeatView | None],
) -> Observation:
    """``seat``'s view; ``cache`` keeps each seat's public face until something about it changes."""
    p0, p1, p2, p3 = players = h.players
    c0, c1, c2, c3 = cache
    views = (  # a view is rebuilt only when something about its seat changed
        c0 if c0 is not None and not p0.seen_changed else _seat_view(m, h, 0, cache),
        c1 if c1 is not None and not p1.seen_changed else _seat_view(m, h, 1, cache),
        c2 if c2 is not None and not p2.seen_changed else _seat_view(m, h, 2, cache),
        c3 if c3 is not None and not p3.seen_changed else _seat_view(m, h, 3, cache),
    )
    me = players[seat]
    claim = h.claim
    phase: str = h.phase._value_  # the plain attribute behind the (slow) ``value`` property
    return _new_tuple(  # Observation(...) without the named tuple's Python-level __new__ (0.25 us)
        Observation,
        (
            seat,
            profile_id,
            me.sorted_hand,
            h.drawn if h.turn == seat and phase == "turn" else None,
            views,
            m.dealer,
            m.round_wind,
            m.hand_number,
            m.honba,
            m.sticks,
            tuple(h.indicators),
            h.wall.live_remaining,
            h.turn,
            phase,
            (claim.discarder, claim.tile) if claim is not None else None,
            tuple(legal),
            furiten,
        ),
    )


def _seat_view(m: MatchState, h: HandState, s: int, cache: list[SeatView | None]) -> SeatView:
    """A seat's public face, built afresh (and cached until something about it changes)."""
    p = h.players[s]
    view = _new_tuple(
        SeatView,
        (
            s,
            (s - m.dealer) % 4,  # the seat wind
            m.scores[s],
            len(p.hand),
            tuple(p.melds),
            p.river_tiles,
            p.river_tsumogiri,
            p.river_called,
            p.riichi_index,
            p.riichi,
            tuple(p.flowers),
            p.dead_hand,
            p.river_turns,
        ),
    )
    cache[s] = view
    p.seen_changed = False
    return view
