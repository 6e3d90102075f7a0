"""The mjai protocol from one seat's chair: engine events out as mjai events, replies in as actions.

mjai (the protocol of mjai.app, Mortal and the ``mjai`` package's bots) names seats from the first
dealer (0 = the first dealer) and tiles as ``1m``..``9s``, ``5mr`` for a red five and
``E S W N P F C``. A seat sees its own draws and deal; the others' draws and hands are ``?``.
:class:`MjaiView` turns the events of :mod:`game.engine.events` into that stream for one seat;
:func:`action_from_reply` reads a bot's reply against the seat's legal actions (a reply is only
ever matched to a legal action, never built into one, so a bot cannot make an illegal move).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, ActionKind
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    Discarded,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    HandEnded,
    HandStarted,
    KanDeclared,
    MatchEnded,
    RiichiAccepted,
    TileDrawn,
    TilesDealt,
    Win,
)
from game.engine.meld import MeldKind
from game.engine.observation import Observation
from game.engine.tiles import HONOR_BASE, is_red, kind_of

MjaiEvent = dict[str, Any]
HIDDEN = "?"
_HONOURS = ("E", "S", "W", "N", "P", "F", "C")
_BAKAZE = ("E", "S", "W", "N")
HAND_SIZE = 13


def mjai_tile(tile: int) -> str:
    """A tile id as mjai writes it (``5mr`` for a red five)."""
    kind = kind_of(tile)
    if kind >= HONOR_BASE:
        return _HONOURS[kind - HONOR_BASE]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if is_red(tile) else ''}"


class MjaiView:
    """The mjai event stream one seat may see, built event by event from the engine's events.

    The engine deals the dealer's fourteenth tile as part of the deal; mjai deals thirteen and
    then has the dealer draw, so that tile becomes a ``tsumo``. ``start_kyoku`` is written once
    the deal is complete. A riichi this seat's bot declared was already told to it (the bot said
    ``reach`` and was asked for the discard), so its discard is not preceded by a second ``reach``.
    """

    def __init__(self, seat: int, names: Sequence[str] = ("", "", "", "")) -> None:
        self.seat = seat
        self.names = list(names)
        self.first_dealer: int | None = None
        self._hand: HandStarted | None = None
        self._dealt: list[list[int]] = [[], [], [], []]
        self._dora: str | None = None
        self._kyoku_sent = False
        self.own_reach_told = False

    @property
    def me(self) -> int:
        """This seat's mjai id (0 = the first dealer)."""
        return self.rel(self.seat)

    def rel(self, seat: int) -> int:
        return (seat - (self.first_dealer or 0)) % 4

    def _four(self, values: Sequence[Any]) -> list[Any]:
        fd = self.first_dealer or 0
        return [values[(fd + i) % 4] for i in range(4)]

    def _pai(self, tile: int, seat: int) -> str:
        return mjai_tile(tile) if seat == self.seat and tile >= 0 else HIDDEN

    def feed(self, events: Iterable[Event]) -> list[MjaiEvent]:
        out: list[MjaiEvent] = []
        for ev in events:
            self._one(ev, out)
        return out

    def _start_kyoku(self, out: list[MjaiEvent]) -> None:
        hand = self._hand
        if hand is None or self._kyoku_sent:
            return
        self._kyoku_sent = True
        tehais = [
            [mjai_tile(t) for t in self._dealt[s][:HAND_SIZE]] if s == self.seat else [HIDDEN] * HAND_SIZE
            for s in range(4)
        ]
        out.append(
            {
                "type": "start_kyoku",
                "bakaze": _BAKAZE[hand.round_wind % 4],
                "kyoku": hand.hand_number + 1,
                "honba": hand.honba,
                "kyotaku": hand.riichi_sticks,
                "oya": self.rel(hand.dealer),
                "dora_marker": self._dora or HIDDEN,
                "scores": self._four(hand.scores),
                "tehais": self._four(tehais),
            }
        )

    def _one(self, ev: Event, out: list[MjaiEvent]) -> None:
        if isinstance(ev, HandStarted):
            if self.first_dealer is None:
                self.first_dealer = (ev.dealer - ev.hand_number) % 4
                out.append({"type": "start_game", "id": self.me, "names": self._four(self.names)})
            self._hand = ev
            self._dealt = [[], [], [], []]
            self._dora = None
            self._kyoku_sent = False
            self.own_reach_told = False
            return
        if self._hand is None:
            return  # the first-dealer roll: mjai has no such event
        if isinstance(ev, TilesDealt) and not self._kyoku_sent:
            held = self._dealt[ev.seat]
            for t in ev.tiles:
                if len(held) < HAND_SIZE:
                    held.append(t)
                else:  # the dealer's fourteenth tile: mjai's first draw
                    self._start_kyoku(out)
                    out.append({"type": "tsumo", "actor": self.rel(ev.seat), "pai": self._pai(t, ev.seat)})
            return
        if isinstance(ev, DoraRevealed) and not self._kyoku_sent:
            self._dora = mjai_tile(ev.indicator)
            return
        if not self._kyoku_sent and isinstance(ev, (TileDrawn, Discarded, Claimed, KanDeclared, Win)):
            self._start_kyoku(out)
        self._play_event(ev, out)

    def _play_event(self, ev: Event, out: list[MjaiEvent]) -> None:
        if isinstance(ev, TileDrawn):
            out.append({"type": "tsumo", "actor": self.rel(ev.seat), "pai": self._pai(ev.tile, ev.seat)})
        elif isinstance(ev, Discarded):
            if ev.riichi and not (ev.seat == self.seat and self.own_reach_told):
                out.append({"type": "reach", "actor": self.rel(ev.seat)})
            if ev.seat == self.seat:
                self.own_reach_told = False
            out.append(
                {"type": "dahai", "actor": self.rel(ev.seat), "pai": mjai_tile(ev.tile), "tsumogiri": ev.tsumogiri}
            )
        elif isinstance(ev, RiichiAccepted):
            out.append({"type": "reach_accepted", "actor": self.rel(ev.seat)})
        elif isinstance(ev, Claimed):
            meld = ev.meld
            called = meld.called if meld.called is not None else meld.tiles[0]
            consumed = list(meld.tiles)
            consumed.remove(called)
            out.append(
                {
                    "type": meld.kind.value,
                    "actor": self.rel(ev.seat),
                    "target": self.rel(meld.from_seat if meld.from_seat is not None else ev.seat),
                    "pai": mjai_tile(called),
                    "consumed": [mjai_tile(t) for t in consumed],
                }
            )
        elif isinstance(ev, KanDeclared):
            meld = ev.meld
            if meld.kind is MeldKind.ANKAN:
                out.append({"type": "ankan", "actor": self.rel(ev.seat), "consumed": [mjai_tile(t) for t in meld.tiles]})
            else:
                added = meld.added if meld.added is not None else meld.tiles[-1]
                rest = list(meld.tiles)
                rest.remove(added)
                out.append(
                    {
                        "type": "kakan",
                        "actor": self.rel(ev.seat),
                        "pai": mjai_tile(added),
                        "consumed": [mjai_tile(t) for t in rest],
                    }
                )
        elif isinstance(ev, DoraRevealed):
            out.append({"type": "dora", "dora_marker": mjai_tile(ev.indicator)})
        elif isinstance(ev, Win):
            out.append(
                {
                    "type": "hora",
                    "actor": self.rel(ev.winner),
                    "target": self.rel(ev.winner if ev.discarder is None else ev.discarder),
                    "pai": mjai_tile(ev.tile),
                    "deltas": self._four(ev.deltas),
                    "ura_markers": [mjai_tile(t) for t in ev.ura_indicators],
                }
            )
        elif isinstance(ev, ExhaustiveDraw):
            out.append({"type": "ryukyoku", "deltas": self._four(ev.deltas)})
        elif isinstance(ev, AbortiveDraw):
            out.append({"type": "ryukyoku", "reason": ev.kind, "deltas": [0, 0, 0, 0]})
        elif isinstance(ev, HandEnded):
            out.append({"type": "end_kyoku"})
        elif isinstance(ev, MatchEnded):
            out.append({"type": "end_game"})


# --- replies ----------------------------------------------------------------------------------------


class BadReply(Exception):
    """A reply that is not JSON, not an mjai action, or names no legal action: ``key`` is the
    catalog key of the plain-words reason (``ai.external.*``), ``detail`` the text for the log."""

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(detail)
        self.key = key
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Reply:
    """A reply read against the legal actions: the action, or a riichi to ask the discard for."""

    action: Action | None
    reach: bool = False


_CALLS = {"chi": ActionKind.CHI, "pon": ActionKind.PON, "daiminkan": ActionKind.DAIMINKAN}


def _faces(tiles: Iterable[int]) -> Counter[str]:
    return Counter(mjai_tile(t) for t in tiles)


def _tile_list(value: object, size: int) -> Counter[str]:
    if not isinstance(value, list) or len(value) != size or not all(isinstance(v, str) for v in value):
        raise BadReply("malformed", f"'consumed' must list {size} tiles, not {value!r}"[:200])
    return Counter(value)


def action_from_reply(reply: object, obs: Observation, my_id: int, *, reach_declared: bool) -> Reply:
    """The legal action a bot's reply names (see :class:`BadReply` for the refusals).

    ``reach_declared``: the bot said ``reach`` this turn and was asked for its discard; the
    discard then declares the riichi. A riichi discard that would break tenpai takes the first
    legal riichi discard instead (a known habit of RulebaseBot, and the riichi stays declared)."""
    if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
        raise BadReply("malformed", f"not an mjai action: {str(reply)[:200]}")
    kind: str = reply["type"]
    actor = reply.get("actor", my_id)
    if kind != "none" and actor != my_id:
        raise BadReply("illegal", f"{kind} for actor {actor!r}, but the bot plays {my_id}")
    legal = obs.legal_actions
    if kind == "none":
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        if passes:
            return Reply(passes[0])
        raise BadReply("illegal", "none, but this seat must play a tile")
    if kind == "dahai":
        pai = reply.get("pai")
        if not isinstance(pai, str):
            raise BadReply("malformed", f"dahai without a tile: {str(reply)[:200]}")
        want = ActionKind.RIICHI if reach_declared else ActionKind.DISCARD
        options = [a for a in legal if a.kind is want and mjai_tile(a.tile) == pai]
        if not options and reach_declared:
            options = [a for a in legal if a.kind is ActionKind.RIICHI][:1]
        if not options:
            raise BadReply("illegal", f"dahai {pai} is not a legal discard")
        tsumogiri = reply.get("tsumogiri") is True
        drawn = [a for a in options if a.tile == obs.drawn]
        kept = [a for a in options if a.tile != obs.drawn]
        pick = (drawn or kept) if tsumogiri else (kept or drawn)
        return Reply(pick[0])
    if kind == "reach":
        if reach_declared or not any(a.kind is ActionKind.RIICHI for a in legal):
            raise BadReply("illegal", "reach is not possible now")
        return Reply(None, reach=True)
    if kind == "hora":
        wins = [a for a in legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
        if not wins:
            raise BadReply("illegal", "hora, but the hand cannot win now")
        return Reply(wins[0])
    if kind == "ryukyoku":
        aborts = [a for a in legal if a.kind is ActionKind.KYUUSHU]
        if not aborts:
            raise BadReply("illegal", "ryukyoku (nine kinds) is not possible now")
        return Reply(aborts[0])
    if kind in _CALLS:
        size = 3 if kind == "daiminkan" else 2
        want_faces = _tile_list(reply.get("consumed"), size)
        for a in legal:
            if a.kind is _CALLS[kind] and _faces(a.tiles) == want_faces:
                return Reply(a)
        raise BadReply("illegal", f"{kind} with {sorted(want_faces.elements())} is not a legal call")
    if kind == "ankan":
        want_faces = _tile_list(reply.get("consumed"), 4)
        for a in legal:
            if a.kind is ActionKind.ANKAN and _faces(a.tiles) == want_faces:
                return Reply(a)
        raise BadReply("illegal", "ankan is not possible with those tiles")
    if kind == "kakan":
        pai = reply.get("pai")
        for a in legal:
            if a.kind is ActionKind.KAKAN and mjai_tile(a.tile) == pai:
                return Reply(a)
        raise BadReply("illegal", f"kakan {pai!r} is not possible")
    raise BadReply("malformed", f"unknown mjai action {kind!r}")
