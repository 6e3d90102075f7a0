"""What the Results screen and the replay library show of a finished match, read from its events.

Pure data (no pygame): placings, final scores, the points with uma, and one line per hand (where
it was played, how it ended, who won what, and each seat's gain or loss).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.engine import Match
from game.engine.events import AbortiveDraw, Event, ExhaustiveDraw, HandEnded, HandStarted, Win
from game.engine.rows import Unit


@dataclass(frozen=True)
class WinLine:
    winner: int
    discarder: int | None  # None: self-draw
    value: int  # in ``unit``
    fu: int
    unit: Unit = Unit.HAN


@dataclass(frozen=True)
class HandLine:
    round_wind: int
    hand_number: int
    honba: int
    outcome: str  # "win", "exhaustive", "abortive"
    wins: tuple[WinLine, ...]
    deltas: tuple[int, ...]  # per seat, sticks and honba included


@dataclass(frozen=True)
class MatchSummary:
    profile_id: str
    human_seat: int
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    final_points: tuple[float, ...]
    hands: tuple[HandLine, ...]
    uma: bool  # the placings earn uma (or oka): the final points are more than the score

    def by_place(self) -> list[int]:
        """Seats from first to fourth."""
        return sorted(range(4), key=lambda s: (self.ranks[s], s))


def hand_lines(events: Iterable[Event]) -> tuple[HandLine, ...]:
    """One line per hand that ended among ``events`` (a match's, or one imported hand's)."""
    hands: list[HandLine] = []
    start: HandStarted | None = None
    wins: list[WinLine] = []
    outcome = ""
    for event in events:
        if isinstance(event, HandStarted):
            start, wins, outcome = event, [], ""
        elif isinstance(event, Win):
            wins.append(WinLine(event.winner, event.discarder, event.value, event.fu, event.unit))
            outcome = "win"
        elif isinstance(event, ExhaustiveDraw):
            outcome = "exhaustive"
        elif isinstance(event, AbortiveDraw):
            outcome = "abortive"
        elif isinstance(event, HandEnded) and start is not None:
            deltas = tuple(after - before for after, before in zip(event.scores, start.scores, strict=True))
            hands.append(HandLine(start.round_wind, start.hand_number, start.honba, outcome or "exhaustive",
                                  tuple(wins), deltas))
            start = None
    return tuple(hands)


def summarize(match: Match, human_seat: int = 0) -> MatchSummary:
    final = match.final
    if final is None:
        raise ValueError("the match has not ended")
    return MatchSummary(
        match.profile.id,
        human_seat,
        tuple(final.ranks),
        tuple(final.scores),
        tuple(final.final_points),
        hand_lines(match.events),
        match.profile.settles_with_uma,
    )
