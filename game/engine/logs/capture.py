"""Read a finished (or running) match's events back as logged hands, the input of both writers.

The events carry everything a log needs: the deal block by block, every draw (kan replacements
flagged), discards with their tsumogiri and riichi flags, calls with the giver, the dora
indicators as they turn, and each result with its score changes. Nothing is recomputed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..errors import RecordError
from ..events import (
    AbortiveDraw,
    Claimed,
    Discarded,
    DoraRevealed,
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
from ..tiles import kind_of
from ..yaku_names import JAPANESE
from .model import Face, LoggedHand, LoggedMatch, Outcome, Step, WinResult, face_of

_LIMITS = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
    "kazoe yakuman": "数え役満",
}


def logged_match(
    events: Iterable[Event], first_dealer: int, *, names: Sequence[str] = (), aka: bool = True, title: str = ""
) -> LoggedMatch:
    """Every complete hand in ``events`` (``Match.events``), in order."""
    hands: list[LoggedHand] = []
    hand: LoggedHand | None = None
    final: tuple[int, int, int, int] | None = None
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
            final = ev.scores
        elif hand is not None:
            _note(hand, ev, aka)
    complete = [h for h in hands if h.outcome is not None]
    seat_names = list(names) if names else [f"Seat {(first_dealer + i) % 4}" for i in range(4)]
    return LoggedMatch(seat_names, complete, aka=aka, title=title, final_scores=final)


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
            rest = list(m.tiles)
            rest.remove(m.added)
            steps.append(Step("kakan", ev.seat, face(m.added), tuple(face(t) for t in rest), m.from_seat))
    elif isinstance(ev, Win):
        steps.append(Step("tsumo" if ev.discarder is None else "ron", ev.winner, face(ev.tile), target=ev.discarder))
        if hand.outcome is None:
            hand.outcome = Outcome("win")
        if ev.ura_indicators and not hand.ura:
            hand.ura = [face(t) for t in ev.ura_indicators]
        text = _LIMITS.get(ev.limit, "")
        text = f"{text}{ev.points}点" if text else f"{ev.fu}符{ev.han}飜{ev.points}点"
        yaku = tuple(f"{JAPANESE.get(y.name, y.name)}({y.han}飜)" for y in ev.yaku)
        hand.outcome.wins.append(WinResult(ev.winner, ev.discarder, ev.deltas, ev.pao, text, yaku))
    elif isinstance(ev, ExhaustiveDraw):
        hand.outcome = Outcome("exhaustive", deltas=ev.deltas, nagashi=bool(ev.nagashi))
    elif isinstance(ev, Penalty) and ev.kind is PenaltyKind.CHOMBO:
        hand.outcome = Outcome("abortive", deltas=ev.deltas, abortive="chombo")  # annulled, dealt again
    elif isinstance(ev, AbortiveDraw):
        if ev.kind == "kyuushu_kyuuhai" and ev.seat is not None:
            steps.append(Step("kyuushu", ev.seat))
        hand.outcome = Outcome("abortive", abortive=ev.kind)

