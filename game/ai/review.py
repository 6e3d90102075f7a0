"""The post-hand review: the player's decisions beside hard's, and the ones that clearly cost.

:func:`review_hand` replays a match to one hand and, at every state where the player's seat was
asked, asks hard what it would do there. A decision is *marked* when hard's choice differs with a
clear loss (see :data:`CLEAR_LOSS`): a discard whose expected value is well below hard's or whose
deal-in risk is well above it, a discard that dealt in where hard would have played another tile,
a win passed up, a call hard would not make (or one it would). Each point carries both choices'
figures and hard's reason in the player's language; the review screen draws the tiles.

Pure computation over the engine's public API (no pygame): the screen runs it on a background
thread with ``progress`` and may ``cancel`` it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from game.ai.levels import LevelBot, Option
from game.engine import (
    Action,
    ActionKind,
    HandEnded,
    HandStarted,
    Match,
    Observation,
    Record,
    RuleProfile,
    Win,
)

CLEAR_LOSS = 400.0  # points of expected value (utility) between the two choices
REVIEWER = "hard"  # the level a decision is measured against; the table's hint asks the same player
CLEAR_SHARE = 0.15  # ... or this share of hard's expected value, whichever is larger
CLEAR_RISK = 0.04  # deal-in chance the player's discard adds over hard's


class PointKind(Enum):
    DISCARD = "discard"  # a worse discard
    DEAL_IN = "deal_in"  # the discard dealt in; hard would have played another tile
    MISSED_WIN = "missed_win"  # a ron or tsumo passed up
    CALL = "call"  # a call hard would not make
    PASSED_CALL = "passed_call"  # a call hard would make


@dataclass(frozen=True, slots=True)
class ReviewPoint:
    kind: PointKind
    action_index: int  # the decision's place among the match's actions
    turn: int  # the player's own turn in the hand (1 = the first discard)
    hand: tuple[int, ...]  # the player's concealed tiles when deciding
    played: Action
    better: Action
    reason: str  # hard's reason, in the player's language
    played_ev: float | None = None
    better_ev: float | None = None
    played_risk: float | None = None
    better_risk: float | None = None
    points: int = 0  # what the deal-in cost, for DEAL_IN
    claimed: int | None = None  # the discard a call or a ron was on (a call's own tiles are the hand's)


@dataclass(frozen=True, slots=True)
class Review:
    hand_index: int
    decisions: int  # the player's decisions in the hand
    points: tuple[ReviewPoint, ...]


class Cancelled(Exception):
    """The review was called off (the player left the screen)."""


def match_of(record: Record, profile: RuleProfile) -> Match:
    """A fresh match as the record started it (no action applied yet)."""
    return Match(
        profile, record.seed, setups=dict(record.setups), first_dealer=record.first_dealer, start=record.start,
        position=record.position, strict_seats=record.strict_seats,
    )


def hand_spans(record: Record, profile: RuleProfile) -> list[tuple[int, int]]:
    """(first action, end action) of every hand the record plays, in action indices."""
    match = match_of(record, profile)
    spans: list[tuple[int, int]] = []
    start = 0
    for i, text in enumerate(record.actions):
        events = match.apply(match.parse_action(text))
        if any(isinstance(e, HandEnded) for e in events):
            spans.append((start, i + 1))
            start = i + 1
        elif any(isinstance(e, HandStarted) for e in events):
            start = i + 1
    if start < len(record.actions):
        spans.append((start, len(record.actions)))
    return spans


def last_hand(record: Record, profile: RuleProfile) -> int:
    """The index of the record's last hand with any action (the one a result panel shows)."""
    return max(0, len(hand_spans(record, profile)) - 1)


def _clear(better: Option, played: Option) -> bool:
    gap = better.ev - played.ev
    return gap >= max(CLEAR_LOSS, CLEAR_SHARE * abs(better.ev)) or played.deal_in - better.deal_in >= CLEAR_RISK


def review_hand(
    record: Record,
    profile: RuleProfile,
    seat: int,
    hand_index: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """Review the player's (``seat``'s) decisions in hand ``hand_index`` of the record."""
    spans = hand_spans(record, profile)
    if not 0 <= hand_index < len(spans):
        raise ValueError(f"the record has {len(spans)} hands, not {hand_index + 1}")
    first, end = spans[hand_index]
    match = match_of(record, profile)
    for text in record.actions[:first]:
        match.apply(match.parse_action(text))
    hard = LevelBot(REVIEWER, record.seed, seat, profile)
    total = end - first
    points: list[ReviewPoint] = []
    decisions = 0
    turn = 0
    for i in range(first, end):
        if cancel is not None and cancel.is_set():
            raise Cancelled
        played = match.parse_action(record.actions[i])
        if played.seat == seat:
            obs = match.observe(seat)
            decisions += 1
            if obs.phase == "turn":
                turn += 1
            point = _judge(hard, obs, played, i, turn if obs.phase == "turn" else turn + 1)
            events = match.apply(played)
            if point is not None:
                if point.kind in (PointKind.DISCARD, PointKind.DEAL_IN):
                    dealt = next((e for e in events if isinstance(e, Win) and e.discarder == seat), None)
                    if dealt is None and point.kind is PointKind.DISCARD:
                        dealt = _ron_after(match, record, i + 1, end, seat)
                    if dealt is not None:
                        point = _with_deal_in(point, dealt.points)
                points.append(point)
        else:
            match.apply(played)
        if progress is not None:
            progress(i - first + 1, total)
    return Review(hand_index, decisions, tuple(points))


def _ron_after(match: Match, record: Record, start: int, end: int, seat: int) -> Win | None:
    """The win on the player's discard, if the next actions (the claim window) end in one."""
    probe = match_of(record, match.profile)
    for text in record.actions[:start]:
        probe.apply(probe.parse_action(text))
    for text in record.actions[start:min(end, start + 4)]:
        for e in probe.apply(probe.parse_action(text)):
            if isinstance(e, Win):
                return e if e.discarder == seat else None
        if probe.observe(seat).phase == "turn":
            break
    return None


def _with_deal_in(point: ReviewPoint, points: int) -> ReviewPoint:
    return ReviewPoint(
        PointKind.DEAL_IN, point.action_index, point.turn, point.hand, point.played, point.better, point.reason,
        point.played_ev, point.better_ev, point.played_risk, point.better_risk, points, point.claimed,
    )


def _judge(hard: LevelBot, obs: Observation, played: Action, index: int, turn: int) -> ReviewPoint | None:
    legal = obs.legal_actions
    wins = [a for a in legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
    better, why = hard.decide_with_reason(obs)
    # seen: "You called chi on [6s]" for a chi on the 8s: a call's tiles are the two from the hand
    claimed = obs.last_discard[1] if obs.last_discard is not None and obs.phase != "turn" else None
    if wins and played.kind not in (ActionKind.TSUMO, ActionKind.RON):
        return ReviewPoint(PointKind.MISSED_WIN, index, turn, obs.hand, played, wins[0], why, claimed=claimed)
    if better == played or (better.kind is played.kind and _same_tiles(better, played)):
        return None
    if obs.phase == "turn":
        if played.kind not in (ActionKind.DISCARD, ActionKind.RIICHI) or better.kind not in (
            ActionKind.DISCARD, ActionKind.RIICHI,
        ):
            return None
        options = {o.kind: o for o in hard.weigh_discards(obs)}
        mine = options.get(played.tile >> 2)
        hards = options.get(better.tile >> 2)
        if mine is None or hards is None or mine.kind == hards.kind:
            return None
        if not _clear(hards, mine):
            return None
        return ReviewPoint(PointKind.DISCARD, index, turn, obs.hand, played, better, why,
                           mine.ev, hards.ev, mine.deal_in, hards.deal_in)
    calls = (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN)
    if played.kind in calls and better.kind is ActionKind.PASS:
        return ReviewPoint(PointKind.CALL, index, turn, obs.hand, played, better, why, claimed=claimed)
    if played.kind is ActionKind.PASS and better.kind in calls:
        return ReviewPoint(PointKind.PASSED_CALL, index, turn, obs.hand, played, better, why, claimed=claimed)
    return None


def _same_tiles(a: Action, b: Action) -> bool:
    return [t >> 2 for t in a.tiles] == [t >> 2 for t in b.tiles]
