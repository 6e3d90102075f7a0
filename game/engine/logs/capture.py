"""Read a finished (or running) match's events back as logged hands, the input of both writers.

The events carry everything a log needs: the deal block by block, every draw (kan replacements
flagged), discards with their tsumogiri and riichi flags, calls with the giver, the dora
indicators as they turn, and each result with its score changes. Nothing is recomputed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from ..errors import RecordError
from ..events import (
    AbortiveDraw,
    Claimed,
    Discarded,
    DoraRevealed,
    DrawReturned,
    Event,
    ExhaustiveDraw,
    HandStarted,
    KanDeclared,
    MatchEnded,
    Penalty,
    PenaltyKind,
    RiichiAccepted,
    TileDrawn,
    TilesDealt,
    Win,
)
from ..meld import MeldKind
from ..rows import DORA_ROWS
from ..tiles import kind_of
from ..yaku_names import tenhou_order, tenhou_yaku
from .model import Face, LoggedHand, LoggedMatch, Outcome, Step, WinResult, face_of

_T = TypeVar("_T")

# The engine's limit names as Tenhou's score text writes them (kazoe and multiple yakuman: 役満).
_LIMITS = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
}


def logged_match(
    events: Iterable[Event],
    first_dealer: int,
    *,
    names: Sequence[str] = (),
    aka: bool = True,
    title: str = "",
    length: str = "",
    kuitan: bool = True,
) -> LoggedMatch:
    """Every complete hand in ``events`` (``Match.events``), in order. ``names`` are per engine
    seat (a log lists them from the first dealer)."""
    hands: list[LoggedHand] = []
    hand: LoggedHand | None = None
    final: MatchEnded | None = None
    for ev in events:
        if isinstance(ev, HandStarted):
            hand = LoggedHand(
                ev.round_wind,
                ev.hand_number,
                ev.honba,
                ev.riichi_sticks,
                ev.dealer,
                first_dealer,
                ev.scores,
                [[], [], [], []],
            )
            hands.append(hand)
        elif isinstance(ev, MatchEnded):
            final = ev
        elif hand is not None:
            _note(hand, ev, aka)
    complete = [h for h in hands if h.outcome is not None]
    order = [(first_dealer + i) % 4 for i in range(4)]
    seat_names = [names[s] for s in order] if names else [f"Seat {s}" for s in order]
    return LoggedMatch(
        seat_names,
        complete,
        aka=aka,
        title=title,
        final_scores=_from_first(final.scores, order) if final else None,
        final_points=_from_first(final.final_points, order) if final else None,
        length=length,
        kuitan=kuitan,
    )


def _from_first(values: Sequence[_T], order: Sequence[int]) -> tuple[_T, _T, _T, _T]:
    a, b, c, d = (values[s] for s in order)
    return (a, b, c, d)


def score_text(win: Win, dealer: int) -> str:
    """Tenhou's score text of a win: the rank (``30符2飜``, ``満貫``, ``役満``), then what is paid
    for the hand alone (no honba, no sticks): a ron's total ``2000点``, each seat's share of a
    dealer's tsumo ``1000点∀``, a non-dealer's tsumo ``300-500点`` (the others' share, then the
    dealer's)."""
    rank = "役満" if "yakuman" in win.limit else _LIMITS.get(win.limit, f"{win.fu}符{win.value}飜")
    if win.discarder is not None:
        return f"{rank}{win.points}点"
    if win.winner == dealer:
        return f"{rank}{win.points // 3}点∀"
    # the hand is 2 x ceil100(b) + ceil100(2b), so each non-dealer's share is ceil100(total / 4)
    child = -(-win.points // 400) * 100
    return f"{rank}{child}-{win.points - 2 * child}点"


def _note(hand: LoggedHand, ev: Event, aka: bool = True) -> None:
    """Add one event to the hand's log. Without red fives (``aka`` False: EMA, Taiwanese) ids
    16/52/88 are plain fives and are written as such, so the log says what the rules played."""

    def face(t: int) -> Face:
        return face_of(t) if aka else (kind_of(t), False)

    steps = hand.steps
    if isinstance(ev, DoraRevealed):
        if hand.dora and hand.haipai[hand.dealer]:
            steps.append(Step("dora", -1, face(ev.indicator)))
        hand.dora.append(face(ev.indicator))
    elif isinstance(ev, TilesDealt):
        held = hand.haipai[ev.seat]
        for t in ev.tiles:
            if len(held) < 13:
                held.append(face(t))
            else:  # the dealer's 14th tile is his first draw in both formats
                steps.append(Step("draw", ev.seat, face(t)))
    elif isinstance(ev, TileDrawn):
        steps.append(Step("draw", ev.seat, face(ev.tile), rinshan=ev.replacement))
    elif isinstance(ev, DrawReturned):  # a win claimed after the draw: the draw never happened
        if steps and steps[-1].kind == "draw" and steps[-1].seat == ev.seat:
            steps.pop()
    elif isinstance(ev, Discarded):
        steps.append(Step("riichi" if ev.riichi else "discard", ev.seat, face(ev.tile), tsumogiri=ev.tsumogiri))
    elif isinstance(ev, RiichiAccepted):
        steps.append(Step("riichi_accepted", ev.seat))
    elif isinstance(ev, Claimed):
        m = ev.meld
        rest = list(m.tiles)
        if m.called is not None:
            rest.remove(m.called)
        kind = {MeldKind.CHI: "chi", MeldKind.PON: "pon"}.get(m.kind, "daiminkan")
        called = face(m.called) if m.called is not None else None
        steps.append(Step(kind, ev.seat, called, tuple(face(t) for t in rest), m.from_seat))  # type: ignore[arg-type]
    elif isinstance(ev, KanDeclared):
        m = ev.meld
        if m.kind is MeldKind.ANKAN:
            steps.append(Step("ankan", ev.seat, None, tuple(face(t) for t in m.tiles)))
        else:
            if m.added is None:
                raise RecordError("a kakan event without its added tile")
            rest = [t for t in m.tiles if t not in (m.added, m.called)]
            pon = ([m.called] if m.called is not None else []) + rest  # the pon's called tile first
            steps.append(Step("kakan", ev.seat, face(m.added), tuple(face(t) for t in pon), m.from_seat))
    elif isinstance(ev, Win):
        steps.append(Step("tsumo" if ev.discarder is None else "ron", ev.winner, face(ev.tile), target=ev.discarder))
        if hand.outcome is None:
            hand.outcome = Outcome("win")
        if ev.ura_indicators and not hand.ura:
            hand.ura = [face(t) for t in ev.ura_indicators]
        listed = sorted((y for y in ev.rows if y.value or y.id not in DORA_ROWS), key=lambda y: tenhou_order(y.id))
        yaku = tuple(tenhou_yaku(y.id, y.value) for y in listed)
        hand.outcome.wins.append(WinResult(ev.winner, ev.discarder, ev.deltas, ev.pao, score_text(ev, hand.dealer), yaku))
    elif isinstance(ev, ExhaustiveDraw):
        hand.outcome = Outcome("exhaustive", deltas=ev.deltas, nagashi=bool(ev.nagashi), tenpai=ev.tenpai)
    elif isinstance(ev, Penalty) and ev.kind is PenaltyKind.CHOMBO:
        hand.outcome = Outcome("abortive", deltas=ev.deltas, abortive="chombo")  # annulled, dealt again
    elif isinstance(ev, AbortiveDraw):
        if ev.kind == "kyuushu_kyuuhai" and ev.seat is not None:
            steps.append(Step("kyuushu", ev.seat))
        hand.outcome = Outcome("abortive", abortive=ev.kind)

