"""What a match is at one moment: the match state, the hand state, their fingerprint, the record.

The flow (:mod:`.match`) changes these; the rules (:mod:`.rules`) read them; an observation shows a
seat its share of them. Every attribute has one line saying what it is, as python-chess documents
``Board``. The state hash (:func:`fingerprint`) covers all of it, so a record that replays to the
same hash has reached the same state.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import Enum

from .claim_window import ClaimWindow
from .events import MatchEnded
from .player import Player
from .wall import Wall


class Phase(Enum):
    """Who is asked to act."""

    TURN = "turn"  # the seat in turn chooses: discard, riichi, tsumo, kan, kyuushu
    CLAIM = "claim"  # seats answer a discard: ron, pon, kan, chi, pass
    CHANKAN = "chankan"  # seats may rob an added kan
    OVER = "over"  # the match has ended


@dataclass
class MatchState:
    """Where the match stands: what carries from one hand to the next."""

    scores: list[int]
    """Each seat's points on the table (riichi sticks already paid are not in them)."""
    first_dealer: int
    """The seat that dealt the first hand (the dealer order, and final ties by seat)."""
    dealer: int
    """The seat dealing this hand (East)."""
    round_wind: int = 0
    """The prevailing wind: 0 East, 1 South, 2 West, 3 North."""
    hand_number: int = 0
    """The hand within the round, 0..3 (kyoku): how often the deal has passed this round."""
    honba: int = 0
    """Counters on the table (本場): hands since the deal last passed after a win."""
    sticks: int = 0
    """Riichi sticks (1,000 points each) on the table, waiting for the next winner."""
    hand_index: int = 0
    """Hands played in this match, aborts and draws included (the hand's seed number)."""
    dealer_streak: int = 0
    """Consecutive continuations of the current dealer (Taiwanese 連莊 n)."""
    penalty_points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """Points each seat loses from its final score after uma (EMA's chombo)."""
    final: MatchEnded | None = None
    """The result, once the match has ended."""


@dataclass
class HandState:
    """One hand in play: the wall, the four seats, whose turn it is and the open claim window."""

    wall: Wall
    """The wall of this hand: live tiles, the dead wall or the hill, the dice and the break."""
    players: list[Player]
    """The four seats' hands, melds, rivers, flowers, riichi and furiten, by absolute seat."""
    phase: Phase = Phase.TURN
    """Who is asked: the seat in turn, the claimants of a discard, or nobody (the match ended)."""
    turn: int = 0
    """The seat whose turn it is (or who discarded the tile a claim window is about)."""
    drawn: int | None = None
    """The tile the seat in turn just drew (None after a call: a discard is due)."""
    rinshan: bool = False
    """Whether ``drawn`` is a replacement tile (after a kan or a flower)."""
    indicators: list[int] = field(default_factory=list)
    """The dora indicators turned so far."""
    pending_dora: int = 0
    """Kan dora still to turn (an open kan's indicator flips after the next discard)."""
    calls_made: bool = False
    """Whether any call or kan has interrupted the hand (first-turn wins, double riichi)."""
    kans: list[int] = field(default_factory=list)
    """The seat of each kan declared this hand, in order."""
    suukaikan_pending: bool = False
    """A fourth kan by several seats: the hand aborts once its discard passes."""
    flower_win: tuple[int, int | None, int] | None = None
    """A flower win waiting to be settled: (winner, the seat that pays alone or None, the tile)."""
    first_discards: list[int] = field(default_factory=list)
    """The kinds of the first uninterrupted discards (four winds abort)."""
    discards_made: int = 0
    """Discards of all seats this hand (a river tile's turn number)."""
    claim: ClaimWindow | None = None
    """The open claim window: a discard (or added kan tile) and the seats asked about it."""
    hand_riichi: list[int] = field(default_factory=list)
    """Seats whose riichi stick went down this hand (a chombo gives them back)."""
    late_win: tuple[int, int, tuple[int, ...]] | None = None
    """A win still open on the last discard after the next draw (``claims.window`` EMA): the
    discarder, the tile, and the seats that passed it; closed when the drawing seat acts."""


def fingerprint(m: MatchState, h: HandState, strict_seats: frozenset[int]) -> str:
    """The state hash: a digest of every part of the match and hand state.

    The parts and their order are those of the first engine's hash, so records made before the
    state was split into these dataclasses keep their hashes (``tests/test_engine_state_hashes.py``).
    """
    parts: list[object] = [
        m.scores,
        m.round_wind,
        m.hand_number,
        m.honba,
        m.sticks,
        m.dealer,
        h.phase.value,
        h.turn,
        m.hand_index,
        h.indicators,
        h.drawn,
        h.pending_dora,
        h.rinshan,
        h.calls_made,
        h.kans,
        h.first_discards,
        h.suukaikan_pending,
        m.dealer_streak,
        m.sticks,
        sorted(strict_seats),
        m.penalty_points,
        h.hand_riichi,
    ]
    w = h.wall
    parts += [w.live[w.head : w.tail], w.dead, w.rinshan_taken]
    for p in h.players:
        parts += [
            sorted(p.hand),
            [(meld.kind.value, meld.tiles, meld.called, meld.from_seat) for meld in p.melds],
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
    if h.claim is not None:
        parts.append(h.claim.fingerprint())
    # state added after the first engine, hashed only when set so that older hashes still hold
    locks = [sorted(p.missed_kinds) for p in h.players]
    if any(locks):
        parts.append(("missed", locks))
    if h.late_win is not None:
        parts.append(("late_win", h.late_win))
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
