"""mjai JSON lines: write a match as mjai events, and read mjai events back into logged hands.

mjai (the protocol of the mjai AI server, also written by Mortal, mjai-reviewer and RiichiEnv)
is already one event per action in table order: ``start_kyoku`` with the dealt hands, ``tsumo``,
``dahai``, ``reach`` + ``dahai`` + ``reach_accepted``, ``chi``/``pon``/``daiminkan``
(``consumed``, ``pai``, ``target``), ``ankan``/``kakan``, ``dora``, ``hora`` (``deltas``,
``ura_markers``), ``ryukyoku`` (``deltas``), ``end_kyoku``. Tiles are ``1m``..``9s``, ``5mr`` for
a red five, and ``E S W N P F C``. Seats are written relative to the first dealer, as
tenhou.net/6 does.

The writer follows what mjai-reviewer's convlog (convlog-rs) makes of our tenhou.net/6 log, event
for event, and RiichiEnv's conventions: ``start_game`` carries ``kyoku_first`` (0 a hanchan, 4 an
East-only game) and ``aka_flag``; the dealt hands are sorted as Tenhou sorts them; ``hora`` has no
``pai``; a kan's new indicator comes where Mortal's arena logs it (after an open kan's
replacement draw, before the discard: ``daiminkan, tsumo, dora, dahai``;
:func:`kan_dora_in_mjai_order`). One key more than convlog: ``ryukyoku`` names its
``reason`` (RiichiEnv's names), so a reader can tell the abortive draws apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from ..errors import RecordError
from .model import Face, LoggedHand, LoggedMatch, Outcome, Step, WinResult, mjai_tile, parse_mjai_tile
from .tenhou6 import written_order

_BAKAZE = ("E", "S", "W", "N")

# RiichiEnv's ryukyoku reasons, by the engine's names of the abortive draws.
_REASONS = {
    "kyushu_kyuhai": "kyuushu_kyuuhai",
    "kyuushu_kyuuhai": "kyuushu_kyuuhai",
    "suufon_renda": "suufon_renda",
    "suufuu_renda": "suufon_renda",
    "sufon_renda": "suufon_renda",
    "suucha_riichi": "suucha_riichi",
    "suuchariichi": "suucha_riichi",
    "suukaikan": "suukaikan",
    "suukansanra": "suukaikan",
    "sanchahou": "sanchahou",
    "sancha_ron": "sanchahou",
    "sanchaho": "sanchahou",
    "chombo": "chombo",  # ours: a false declaration at a strict table, with its payments
}

# --- writing --------------------------------------------------------------------------------------


def write_mjai(match: LoggedMatch) -> list[dict[str, Any]]:
    """The mjai events of a logged match (see :func:`game.engine.logs.to_mjai`)."""
    out: list[dict[str, Any]] = [
        {
            "type": "start_game",
            "names": list(match.names),
            "kyoku_first": 4 if match.length in ("tonpuu", "one_hand") else 0,
            "aka_flag": match.aka,
        }
    ]
    for hand in match.hands:
        out.extend(_hand_to_mjai(hand))
    out.append({"type": "end_game"})
    return out


def dumps(events: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)


def _hand_to_mjai(hand: LoggedHand) -> list[dict[str, Any]]:
    fd = hand.first_dealer

    def rel(seat: int) -> int:
        return (seat - fd) % 4

    def four(values: Sequence[Any]) -> list[Any]:
        return [values[(fd + i) % 4] for i in range(4)]

    out: list[dict[str, Any]] = [
        {
            "type": "start_kyoku",
            "bakaze": _BAKAZE[hand.round_wind],
            "kyoku": hand.hand_number + 1,
            "honba": hand.honba,
            "kyotaku": hand.sticks,
            "oya": rel(hand.dealer),
            "dora_marker": mjai_tile(hand.dora[0]),
            "scores": four(hand.scores),
            # sorted as Tenhou deals them: by kind, a red five after the plain ones
            "tehais": four([[mjai_tile(f) for f in sorted(tiles)] for tiles in hand.haipai]),
        }
    ]
    assert hand.outcome is not None
    wins = list(hand.outcome.wins)
    for step in kan_dora_in_mjai_order(hand.steps):
        a = rel(step.seat)
        k = step.kind
        if k == "draw":
            out.append({"type": "tsumo", "actor": a, "pai": _t(step.tile)})
        elif k in ("discard", "riichi"):
            if k == "riichi":
                out.append({"type": "reach", "actor": a})
            out.append({"type": "dahai", "actor": a, "pai": _t(step.tile), "tsumogiri": step.tsumogiri})
        elif k == "riichi_accepted":
            out.append({"type": "reach_accepted", "actor": a})
        elif k in ("chi", "pon", "daiminkan"):
            assert step.target is not None
            out.append(
                {"type": k, "actor": a, "target": rel(step.target), "pai": _t(step.tile), "consumed": _ts(written_order(step))}
            )
        elif k == "ankan":
            out.append({"type": "ankan", "actor": a, "consumed": _ts(written_order(step))})
        elif k == "kakan":
            out.append({"type": "kakan", "actor": a, "pai": _t(step.tile), "consumed": _ts(written_order(step))})
        elif k == "dora":
            out.append({"type": "dora", "dora_marker": _t(step.tile)})
        elif k in ("tsumo", "ron"):
            w = wins.pop(0)
            target = w.winner if w.discarder is None else w.discarder
            out.append(
                {
                    "type": "hora",
                    "actor": a,
                    "target": rel(target),
                    "deltas": four(w.deltas),
                    "ura_markers": [mjai_tile(f) for f in hand.ura],
                }
            )
    o = hand.outcome
    if o.kind != "win":
        ev: dict[str, Any] = {"type": "ryukyoku", "deltas": four(o.deltas)}
        if o.kind == "abortive" and o.abortive:
            ev["reason"] = o.abortive
        out.append(ev)
    out.append({"type": "end_kyoku"})
    return out


def kan_dora_in_mjai_order(steps: Sequence[Step]) -> list[Step]:
    """The steps in the order Mortal's arena logs a kan's indicator (and convlog writes it).

    The engine, as Tenhou, turns an open or added kan's indicator when the replacement tile is
    discarded, or at the next kan if one comes first. The arena answers the discard with the
    indicator, then the discard (``tsumo, dora, dahai``); a closed kan after an open one turns the
    open one's indicator before it (``dora, ankan, dora``); an added kan after an open one turns
    it at the replacement draw (``kakan, dora, tsumo``)."""
    out: list[Step] = []
    for step in steps:
        if step.kind == "dora" and len(out) >= 2 and out[-1].kind in ("discard", "riichi") and out[-2].rinshan:
            out.insert(len(out) - 1, step)
        elif step.kind == "dora" and len(out) >= 2 and out[-1].kind == "dora" and out[-2].kind == "ankan":
            out[-2], out[-1] = out[-1], out[-2]
            out.append(step)
        elif step.kind == "kakan" and out and out[-1].kind == "dora":
            out.insert(len(out) - 1, step)
        else:
            out.append(step)
    return out


def _t(face: Face | None) -> str:
    assert face is not None
    return mjai_tile(face)


def _ts(faces: Iterable[Face]) -> list[str]:
    return [mjai_tile(f) for f in faces]


# --- reading --------------------------------------------------------------------------------------


def parse_lines(text: str) -> list[dict[str, Any]]:
    """mjai events from JSON lines (blank lines skipped)."""
    events: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except ValueError as exc:
            raise RecordError(f"line {n} is not JSON: {exc}") from None
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError(f'line {n} is not an mjai event (an object with a "type")')
        events.append(ev)
    return events


def from_mjai(events: Sequence[object]) -> LoggedMatch:
    """Logged hands from mjai events. Raises RecordError when they are malformed."""
    hands: list[LoggedHand] = []
    names: list[str] = ["", "", "", ""]
    length = ""
    aka: bool | None = None
    reader: _HandReader | None = None
    for n, raw in enumerate(events, 1):
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            raise RecordError(f'event {n} is not an mjai event (an object with a "type")')
        ev: dict[str, Any] = raw
        kind = ev["type"]
        where = f"event {n} ({kind})"
        if kind == "start_game":
            got = ev.get("names")
            if isinstance(got, list) and len(got) == 4:
                names = [str(x) for x in got]
            first = ev.get("kyoku_first")
            length = {0: "hanchan", 4: "tonpuu"}.get(first, "") if type(first) is int else ""
            flag = ev.get("aka_flag")
            aka = flag if isinstance(flag, bool) else None
        elif kind == "start_kyoku":
            if reader is not None:
                raise RecordError(f"{where}: the previous hand has no end_kyoku")
            reader = _HandReader(ev, where)
        elif kind == "end_kyoku":
            if reader is None:
                raise RecordError(f"{where}: end_kyoku outside a hand")
            hands.append(reader.finish(where))
            reader = None
        elif kind in ("end_game", "none"):
            continue
        elif reader is None:
            raise RecordError(f"{where}: outside a hand")
        else:
            reader.feed(ev, where)
    if reader is not None:
        raise RecordError("the log ends inside a hand (no end_kyoku)")
    if aka is None:  # not said: red fives were played if one shows (a winner's red five always does)
        return LoggedMatch(names, hands, aka=any(_shows_red(h) for h in hands), length=length, aka_known=False)
    return LoggedMatch(names, hands, aka=aka, length=length)


def _shows_red(hand: LoggedHand) -> bool:
    faces = [f for tiles in hand.haipai for f in tiles] + hand.dora + hand.ura
    faces += [f for s in hand.steps for f in (s.tile, *s.consumed) if f is not None]
    return any(red for _, red in faces)


def _seat(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise RecordError(f"{where}: a seat must be 0..3, not {value!r}")
    return value


def _num(value: object, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RecordError(f"{where}: expected a whole number in {lo}..{hi}, not {value!r}")
    return value


def _four(value: object, where: str) -> tuple[int, int, int, int]:
    if not isinstance(value, list) or len(value) != 4:
        raise RecordError(f"{where}: expected four numbers, not {value!r}"[:200])
    a, b, c, d = (_num(v, where, -(10**6), 10**6) for v in value)
    return (a, b, c, d)


def _faces(value: object, where: str, size: int) -> tuple[Face, ...]:
    if not isinstance(value, list) or len(value) != size:
        raise RecordError(f"{where}: expected {size} tiles, not {value!r}"[:200])
    return tuple(parse_mjai_tile(v) for v in value)


class _HandReader:
    """Collects one hand's events into a LoggedHand."""

    def __init__(self, ev: dict[str, Any], where: str) -> None:
        bakaze = ev.get("bakaze")
        if bakaze not in _BAKAZE:
            raise RecordError(f"{where}: bakaze must be E, S, W or N, not {bakaze!r}")
        kyoku = _num(ev.get("kyoku"), f"{where} kyoku", 1, 4)
        oya = _seat(ev.get("oya"), f"{where} oya")
        tehais = ev.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise RecordError(f"{where}: tehais must hold four hands")
        haipai = [list(_faces(t, f"{where} tehai", 13)) for t in tehais]
        scores = _four(ev.get("scores", [25000] * 4), f"{where} scores")
        self.hand = LoggedHand(
            _BAKAZE.index(bakaze),
            kyoku - 1,
            _num(ev.get("honba", 0), f"{where} honba", 0, 100),
            _num(ev.get("kyotaku", 0), f"{where} kyotaku", 0, 100),
            oya,
            (oya - (kyoku - 1)) % 4,
            scores,
            haipai,
            [parse_mjai_tile(ev.get("dora_marker"))],
        )
        self.reach: int | None = None
        self.kan_by: int | None = None  # the seat whose next draw is a kan replacement
        self.last: Step | None = None

    def feed(self, ev: dict[str, Any], where: str) -> None:
        kind = ev["type"]
        steps = self.hand.steps
        if self.hand.outcome is not None and kind not in ("hora",):
            raise RecordError(f"{where}: an event after the hand's result")
        if kind == "dora":
            face = parse_mjai_tile(ev.get("dora_marker"))
            self.hand.dora.append(face)
            steps.append(Step("dora", -1, face))
            return
        if kind == "ryukyoku":
            deltas = _four(ev.get("deltas", [0, 0, 0, 0]), where)
            reason = ev.get("reason")
            abortive = _REASONS.get(str(reason).lower()) if reason is not None else None
            after_draw = bool(steps) and steps[-1].kind == "draw"
            if abortive is None and after_draw:
                abortive = "kyuushu_kyuuhai"  # a draw ends the hand: only nine kinds (or a chombo) does that
            if abortive == "kyuushu_kyuuhai":
                if not after_draw:
                    raise RecordError(f"{where}: nine kinds must follow a draw")
                steps.append(Step("kyuushu", steps[-1].seat))
            if abortive is not None or reason not in (None, "exhaustive_draw", "fanpai", "ryukyoku"):
                self.hand.outcome = Outcome("abortive", deltas=deltas, abortive=abortive)
            else:
                self.hand.outcome = Outcome("exhaustive", deltas=deltas, named=reason is not None)
            return
        actor = _seat(ev.get("actor"), where)
        if kind == "tsumo":
            steps.append(Step("draw", actor, parse_mjai_tile(ev.get("pai")), rinshan=self.kan_by == actor))
            self.kan_by = None
        elif kind == "reach":
            self.reach = actor
        elif kind == "dahai":
            face = parse_mjai_tile(ev.get("pai"))
            riichi = self.reach == actor
            self.reach = None
            tsumogiri = ev.get("tsumogiri", False) is True
            step = Step("riichi" if riichi else "discard", actor, face, tsumogiri=tsumogiri)
            steps.append(step)
            self.last = step
        elif kind == "reach_accepted":
            steps.append(Step("riichi_accepted", actor))
        elif kind in ("chi", "pon", "daiminkan"):
            size = 3 if kind == "daiminkan" else 2
            target = _seat(ev.get("target"), where)
            face = parse_mjai_tile(ev.get("pai"))
            steps.append(Step(kind, actor, face, _faces(ev.get("consumed"), where, size), target))
            if kind == "daiminkan":
                self.kan_by = actor
        elif kind == "ankan":
            steps.append(Step("ankan", actor, None, _faces(ev.get("consumed"), where, 4)))
            self.kan_by = actor
        elif kind == "kakan":
            face = parse_mjai_tile(ev.get("pai"))
            pons = [s for s in steps if s.kind == "pon" and s.seat == actor and s.tile and s.tile[0] == face[0]]
            pon_tiles = list(_faces(ev.get("consumed"), where, 3))
            if pons and pons[-1].tile in pon_tiles:  # the pon's called tile first, as the model keeps it
                pon_tiles.remove(pons[-1].tile)
                pon_tiles.insert(0, pons[-1].tile)
            step = Step("kakan", actor, face, tuple(pon_tiles), pons[-1].target if pons else None)
            steps.append(step)
            self.last = step
            self.kan_by = actor
        elif kind == "hora":
            target = _seat(ev.get("target", actor), where)
            deltas = _four(ev.get("deltas"), where)
            ura = ev.get("ura_markers") or []
            if not isinstance(ura, list):
                raise RecordError(f"{where}: ura_markers must be a list")
            if ura and not self.hand.ura:
                self.hand.ura = [parse_mjai_tile(u) for u in ura]
            if self.hand.outcome is None:
                self.hand.outcome = Outcome("win")
            if target == actor:
                drawn = steps[-1].tile if steps and steps[-1].kind == "draw" else None
                steps.append(Step("tsumo", actor, drawn))
                self.hand.outcome.wins.append(WinResult(actor, None, deltas))
            else:
                tile = self.last.tile if self.last is not None else None
                steps.append(Step("ron", actor, tile, target=target))
                self.hand.outcome.wins.append(WinResult(actor, target, deltas))
        else:
            raise RecordError(f"{where}: unknown mjai event {kind!r}")

    def finish(self, where: str) -> LoggedHand:
        if self.hand.outcome is None:
            raise RecordError(f"{where}: the hand has no hora or ryukyoku")
        return self.hand
