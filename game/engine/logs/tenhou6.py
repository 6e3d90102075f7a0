"""tenhou.net/6 JSON: write a match in it, and read one back into logged hands.

The shape (as tenhou.net/6 and Equim-chan/mjai-reviewer's convlog read it)::

    {"title": [...], "name": [4 names], "rule": {"disp": "...", "aka": 1}, "log": [hand, ...]}
    hand = [[kyoku, honba, sticks], [scores x4], [dora indicators], [ura indicators],
            haipai0, takes0, discards0, ... haipai3, takes3, discards3, result]

Seats are relative to the first dealer (seat 0 is East in East 1). Tiles are 11-19 m, 21-29 p,
31-39 s, 41-47 honours, 51-53 red fives. ``takes`` hold draws and calls, ``discards`` hold
discards (60 = the drawn tile, ``"r"+tile`` = riichi), kans declared in one's turn, and a 0 after
each open kan (it has no discard of its own). Calls mark the giver by the letter's place:
chi ``"c" + called + two``; pon ``p`` at 0 (left), 2 (across) or 4 (right) with the called tile
after it; open kan ``m`` at 0, 2 or 6; added kan: the pon's string with ``p`` turned into ``k``
and the added tile after it; closed kan ``"AABBCCaDD"``. The result is ``["和了", deltas,
[who, from, pao, text, yaku...], ...]``, ``["流局", deltas]`` or an abortive draw's name.

A tenhou.net/6 hand keeps each seat's takes and discards apart, so reading one means replaying
the turn order: draws go round the table, a call moves the turn to the caller, a kan gives its
declarer another take.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from ..errors import RecordError
from .model import (
    ABORTIVE_TENHOU,
    TENHOU_ABORTIVE,
    Face,
    LoggedHand,
    LoggedMatch,
    Outcome,
    Step,
    WinResult,
    parse_tenhou_code,
    tenhou_code,
)

TSUMOGIRI = 60

# --- writing --------------------------------------------------------------------------------------


def write_tenhou6(match: LoggedMatch) -> dict[str, Any]:
    """The tenhou.net/6 object of a logged match (see :func:`game.engine.logs.to_tenhou6`)."""
    aka = 1 if match.aka else 0
    out: dict[str, Any] = {
        "title": [match.title, ""],
        "name": list(match.names),
        "rule": {"disp": rule_disp(match), "aka53": aka, "aka52": aka, "aka51": aka, "aka": aka},
        "log": [_hand_to_tenhou(h) for h in match.hands],
    }
    if match.final_scores is not None and match.final_points is not None:
        out["sc"] = [x for s, p in zip(match.final_scores, match.final_points, strict=True) for x in (s, _number(p))]
    return out


def rule_disp(match: LoggedMatch) -> str:
    """The game's name as Tenhou writes it (``特南喰赤``: the room, then 東 for an East-only game
    or 南, 喰 when open tanyao counts, 赤 with red fives). We have no rooms; convlog reads the
    length from the 東."""
    length = "東" if match.length in ("tonpuu", "one_hand") else "南"
    return f"{length}{'喰' if match.kuitan else ''}{'赤' if match.aka else ''}"


def _number(value: float) -> float | int:
    """A final point figure as Tenhou writes it: one decimal, whole numbers without one."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def _hand_to_tenhou(hand: LoggedHand) -> list[Any]:
    fd = hand.first_dealer

    def rel(seat: int) -> int:
        return (seat - fd) % 4

    out: list[Any] = [
        [hand.round_wind * 4 + hand.hand_number, hand.honba, hand.sticks],
        [hand.scores[(fd + i) % 4] for i in range(4)],
        [tenhou_code(f) for f in hand.dora],
        [tenhou_code(f) for f in hand.ura],
    ]
    takes: list[list[int | str]] = [[], [], [], []]
    discards: list[list[int | str]] = [[], [], [], []]
    last_draw: dict[int, Face | None] = {}
    for step in hand.steps:
        s = step.seat
        if step.kind == "draw":
            assert step.tile is not None
            takes[s].append(tenhou_code(step.tile))
            last_draw[s] = step.tile
        elif step.kind in ("discard", "riichi"):
            assert step.tile is not None
            code: int | str = TSUMOGIRI if step.tsumogiri else tenhou_code(step.tile)
            discards[s].append(f"r{code}" if step.kind == "riichi" else code)
        elif step.kind in ("chi", "pon", "daiminkan"):
            takes[s].append(call_string(step))
            if step.kind == "daiminkan":
                discards[s].append(0)
        elif step.kind in ("ankan", "kakan"):
            discards[s].append(call_string(step))
    for i in range(4):
        seat = (fd + i) % 4
        out.append([tenhou_code(f) for f in sorted(hand.haipai[seat])])  # by kind, a red five after plain fives
        out.append(takes[seat])
        out.append(discards[seat])
    out.append(_result(hand, rel))
    return out


def _c(face: Face) -> str:
    return str(tenhou_code(face))


def call_string(step: Step) -> str:
    """A call or kan in Tenhou's notation (module docstring), the hand's tiles in
    :func:`written_order`."""
    cons = [_c(f) for f in written_order(step)]
    if step.kind == "ankan":
        return "".join(cons[:3]) + "a" + cons[3]
    assert step.tile is not None and step.target is not None
    called = _c(step.tile)
    side = (step.target - step.seat) % 4  # 3 left, 2 across, 1 right
    if step.kind == "chi":
        return "c" + called + "".join(cons)
    if step.kind == "pon":
        return _place("p" + called, cons, side, (0, 1, 2))
    if step.kind == "daiminkan":
        return _place("m" + called, cons, side, (0, 1, 3))
    # kakan: the pon's string, its "p" turned into "k" + the added tile (the pon's called tile
    # keeps its place among the three)
    at = _index(side, (0, 1, 2))
    return "".join(cons[:at]) + "k" + called + "".join(cons[at:])


def written_order(step: Step) -> list[Face]:
    """The hand's tiles of a call as Tenhou writes them: ascending, a red five after the plain
    ones (``p151551``, ``151515a51``); for a kakan the pon's three tiles as they lie, its called
    tile at the giver's side. convlog gives mjai ``consumed`` in this order."""
    if step.kind != "kakan":
        return sorted(step.consumed)  # (kind, red): a red five after the plain fives
    assert step.target is not None and step.consumed
    others = sorted(step.consumed[1:])
    at = _index((step.target - step.seat) % 4, (0, 1, 2))
    return [*others[:at], step.consumed[0], *others[at:]]


def _place(mark: str, others: list[str], side: int, at: tuple[int, int, int]) -> str:
    """Insert the marked called tile among the others: left = first, across = after one,
    right = last (``at`` gives the index per side)."""
    index = _index(side, at)
    return "".join(others[:index]) + mark + "".join(others[index:])


def _index(side: int, at: tuple[int, int, int]) -> int:
    index = {3: at[0], 2: at[1], 1: at[2]}.get(side)
    if index is None:
        raise RecordError(f"a call from side {side} cannot be written")
    return index


def _result(hand: LoggedHand, rel: Any) -> list[Any]:
    o = hand.outcome
    fd = hand.first_dealer
    if o is None:
        raise RecordError(f"hand {hand.label} has no result")

    def deltas(d: Sequence[int]) -> list[int]:
        return [d[(fd + i) % 4] for i in range(4)]

    if o.kind == "win":
        out: list[Any] = ["和了"]
        for w in o.wins:
            frm = w.winner if w.discarder is None else w.discarder
            pao = w.winner if w.pao is None else w.pao
            out.append(deltas(w.deltas))
            out.append([rel(w.winner), rel(frm), rel(pao), w.text, *w.yaku])
        return out
    paid = [deltas(o.deltas)] if any(o.deltas) else []
    if o.kind == "exhaustive":
        if o.nagashi:
            return ["流し満貫", *paid]
        if not paid and o.tenpai is not None and len(set(o.tenpai)) == 1:
            return ["全員聴牌" if o.tenpai[0] else "全員不聴"]
        return ["流局", deltas(o.deltas)]
    return [ABORTIVE_TENHOU.get(o.abortive or "", "流局"), *paid]


# --- reading --------------------------------------------------------------------------------------


def from_tenhou6(data: object) -> LoggedMatch:
    """Logged hands from a parsed tenhou.net/6 object. Raises RecordError when it is malformed."""
    if not isinstance(data, dict) or "log" not in data:
        raise RecordError('a tenhou.net/6 log is a JSON object with a "log" list')
    log = data["log"]
    if not isinstance(log, list):
        raise RecordError('"log" must be a list of hands')
    names = data.get("name", ["", "", "", ""])
    if not isinstance(names, list) or len(names) != 4:
        raise RecordError('"name" must list four players')
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        raise RecordError('"rule" must be an object')
    aka = any(_int(rule.get(k, 0), "rule." + k) > 0 for k in ("aka", "aka51", "aka52", "aka53"))
    disp = rule.get("disp", "")
    disp = disp if isinstance(disp, str) else ""
    hands = [_read_hand(h, i) for i, h in enumerate(log)]
    scores, points = _final(data.get("sc"))
    return LoggedMatch(
        [str(n) for n in names],
        hands,
        aka=aka,
        title=_title(data.get("title")),
        final_scores=scores,
        final_points=points,
        length=length_of(disp),
        kuitan="喰" in disp or not disp,
    )


def length_of(disp: str) -> str:
    """The game length a ``rule.disp`` names: 東 (or "East", as convlog also reads) an East-only
    game, 南 (or "South") a hanchan, "" when it says neither."""
    if "東" in disp or "East" in disp:
        return "tonpuu"
    if "南" in disp or "South" in disp:
        return "hanchan"
    return ""


def _title(value: object) -> str:
    """The first line of ``title`` (a list of lines, or one string)."""
    if isinstance(value, list) and value and isinstance(value[0], str):
        return value[0]
    return value if isinstance(value, str) else ""


def _final(value: object) -> tuple[tuple[int, int, int, int] | None, tuple[float, float, float, float] | None]:
    """``sc``: final score and points per seat, in pairs; (None, None) when absent or malformed
    (only a summary: it never stops a log from being read)."""
    if not isinstance(value, list) or len(value) != 8:
        return None, None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < 10**7 for v in value):
        return None, None
    s0, s1, s2, s3 = (int(value[i]) for i in range(0, 8, 2))
    p0, p1, p2, p3 = (float(value[i]) for i in range(1, 8, 2))
    return (s0, s1, s2, s3), (p0, p1, p2, p3)


def _int(value: object, what: str, lo: int = -(10**9), hi: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RecordError(f"{what} must be a whole number in {lo}..{hi}, not {value!r}")
    return value


def _list(value: object, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length}" if length is not None else ""
        raise RecordError(f"{what} must be a list{size}, not {value!r}"[:200])
    return value


def _deltas(value: object, what: str) -> tuple[int, int, int, int]:
    d = _list(value, what, 4)
    a, b, c, e = (_int(x, what, -(10**6), 10**6) for x in d)
    return (a, b, c, e)


def _read_hand(raw: object, index: int) -> LoggedHand:
    where = f"hand {index + 1}"
    h = _list(raw, where)
    if len(h) < 17:
        raise RecordError(f"{where}: a tenhou.net/6 hand has 17 entries, not {len(h)}")
    meta = _list(h[0], f"{where} [kyoku, honba, sticks]", 3)
    kyoku = _int(meta[0], f"{where} kyoku", 0, 15)
    honba = _int(meta[1], f"{where} honba", 0, 100)
    sticks = _int(meta[2], f"{where} riichi sticks", 0, 100)
    scores = _deltas(h[1], f"{where} scores")
    dora = [parse_tenhou_code(c) for c in _list(h[2], f"{where} dora")]
    ura = [parse_tenhou_code(c) for c in _list(h[3], f"{where} ura")]
    if not 1 <= len(dora) <= 5 or len(ura) > 5:
        raise RecordError(f"{where}: {len(dora)} dora and {len(ura)} ura indicators")
    haipai: list[list[Face]] = []
    takes: list[deque[Step]] = []
    discards: list[deque[Step | None]] = []
    for seat in range(4):
        base = 4 + 3 * seat
        tiles = _list(h[base], f"{where} seat {seat} haipai", 13)
        haipai.append([parse_tenhou_code(c) for c in tiles])
        takes.append(deque(_take(x, seat, where) for x in _list(h[base + 1], f"{where} seat {seat} takes")))
        discards.append(
            deque(_discard(x, seat, where) for x in _list(h[base + 2], f"{where} seat {seat} discards"))
        )
    hand = LoggedHand(kyoku // 4, kyoku % 4, honba, sticks, kyoku % 4, 0, scores, haipai, dora, ura)
    hand.outcome = _read_result(h[16], where)
    hand.steps = _interleave(hand, takes, discards, where)
    return hand


def _take(x: object, seat: int, where: str) -> Step:
    if isinstance(x, str):
        return parse_call(x, seat, where)
    return Step("draw", seat, parse_tenhou_code(x))


def _discard(x: object, seat: int, where: str) -> Step | None:
    """A discard; None is the placeholder 0 after an open kan; tsumogiri tiles are filled in
    when the turn order is replayed."""
    if isinstance(x, str):
        if x.startswith("r"):
            code = x[1:]
            if not code.isdigit():
                raise RecordError(f"{where}: bad riichi discard {x!r}")
            if int(code) == TSUMOGIRI:
                return Step("riichi", seat, None, tsumogiri=True)
            return Step("riichi", seat, parse_tenhou_code(int(code)))
        return parse_call(x, seat, where)
    if x == 0 and not isinstance(x, bool):
        return None
    if x == TSUMOGIRI and not isinstance(x, bool):
        return Step("discard", seat, None, tsumogiri=True)
    return Step("discard", seat, parse_tenhou_code(x))


def _codes(text: str, where: str) -> list[Face]:
    if len(text) % 2 or not (text.isdigit() or not text):
        raise RecordError(f"{where}: {text!r} is not a run of two-digit tile codes")
    return [parse_tenhou_code(int(text[i : i + 2])) for i in range(0, len(text), 2)]


def parse_call(text: str, seat: int, where: str = "") -> Step:
    """A call or kan string (module docstring) as a step of ``seat``."""
    for letter, kind, size in (("c", "chi", 7), ("p", "pon", 7), ("m", "daiminkan", 9), ("k", "kakan", 9), ("a", "ankan", 9)):
        i = text.find(letter)
        if i < 0:
            continue
        if len(text) != size or text.count(letter) != 1 or i % 2:
            break
        before, after = _codes(text[:i], where), _codes(text[i + 1 :], where)
        if kind == "ankan":
            if i != 6:
                break
            return Step("ankan", seat, None, tuple(before + after))
        marked, rest = after[0], before + after[1:]
        if kind == "kakan":  # "k" + added + the pon's called tile: that one first
            rest = [after[1], *before, *after[2:]]
        if kind == "chi":
            if i != 0:
                break
            return Step("chi", seat, marked, tuple(rest), (seat + 3) % 4)
        sides = {"pon": {0: 3, 2: 2, 4: 1}, "daiminkan": {0: 3, 2: 2, 6: 1}, "kakan": {0: 3, 2: 2, 4: 1}}[kind]
        if i not in sides:
            break
        target = (seat + sides[i]) % 4
        return Step(kind, seat, marked, tuple(rest), target)  # type: ignore[arg-type]
    raise RecordError(f"{where}: {text!r} is not a tenhou.net/6 call")


def _read_result(raw: object, where: str) -> Outcome:
    r = _list(raw, f"{where} result")
    if not r or not isinstance(r[0], str):
        raise RecordError(f"{where}: the result must start with its name")
    name = r[0]
    if name == "和了":
        if len(r) < 3 or len(r) % 2 != 1:
            raise RecordError(f"{where}: a win result lists deltas and details in pairs")
        wins = []
        for k in range(1, len(r), 2):
            deltas = _deltas(r[k], f"{where} win deltas")
            detail = _list(r[k + 1], f"{where} win detail")
            if len(detail) < 3:
                raise RecordError(f"{where}: a win detail starts with [who, from, pao]")
            who, frm, pao = (_int(v, f"{where} win seat", 0, 3) for v in detail[:3])
            text = str(detail[3]) if len(detail) > 3 else ""
            wins.append(
                WinResult(who, None if frm == who else frm, deltas, None if pao == who else pao, text, tuple(map(str, detail[4:])))
            )
        return Outcome("win", wins)
    deltas = _deltas(r[1], f"{where} draw deltas") if len(r) > 1 else (0, 0, 0, 0)
    if name in TENHOU_ABORTIVE:
        return Outcome("abortive", deltas=deltas, abortive=TENHOU_ABORTIVE[name])
    if name in ("流局", "全員聴牌", "全員不聴", "流し満貫"):
        everyone = {"全員聴牌": True, "全員不聴": False}.get(name)
        tenpai = None if everyone is None else (everyone, everyone, everyone, everyone)
        return Outcome("exhaustive", deltas=deltas, nagashi=name == "流し満貫", tenpai=tenpai)
    raise RecordError(f"{where}: unknown result {name!r}")


def _interleave(hand: LoggedHand, takes: list[deque[Step]], discards: list[deque[Step | None]], where: str) -> list[Step]:
    """Merge the per-seat lists into one sequence of steps by replaying the turn order.

    One case is ambiguous (mjai-reviewer's "confusing nakis"): a seat that could have called a
    discard may really have called the same tile from the same player later. The first reading
    takes the call at once; when a reading breaks down, the latest such choice is undone (depth
    first, a bounded number of tries)."""
    pending: list[frozenset[int]] = [frozenset()]
    first_error: RecordError | None = None
    for _ in range(64):
        if not pending:
            break
        skip = pending.pop()
        choices: list[int] = []
        try:
            return _interleave_once(hand, [deque(q) for q in takes], [deque(q) for q in discards], where, skip, choices)
        except RecordError as exc:
            first_error = first_error or exc
            floor = max(skip, default=-1)
            pending.extend(skip | {k} for k in choices if k > floor)
    assert first_error is not None
    raise first_error


def _interleave_once(
    hand: LoggedHand,
    takes: list[deque[Step]],
    discards: list[deque[Step | None]],
    where: str,
    skip: frozenset[int],
    choices: list[int],
) -> list[Step]:
    """One reading of the turn order. ``skip`` holds the numbers of discards whose call is read
    as coming later; ``choices`` collects the discards where that reading was possible."""
    steps: list[Step] = []
    actor = hand.dealer
    last: Step | None = None  # the last discard (or added kan), which a call or ron may take
    after_kan = False
    discard_no = 0
    limit = sum(len(q) for q in takes) + sum(len(q) for q in discards) + 8
    indicators = deque(hand.dora[1:])
    waiting_dora = 0  # an open or added kan's indicator, turned at the next discard or kan (Tenhou)
    riichi_by: int | None = None  # a riichi is accepted when the next tile is taken

    def turn_dora(n: int) -> None:
        for _ in range(min(n, len(indicators))):
            steps.append(Step("dora", -1, indicators.popleft()))

    while takes[actor] and len(steps) < limit:
        take = takes[actor].popleft()
        if take.kind == "draw":
            take = Step("draw", actor, take.tile, rinshan=after_kan)
        elif last is None or take.target != last.seat or take.tile != last.tile:
            raise RecordError(f"{where}: seat {actor}'s {take.kind} does not take the last discard")
        if riichi_by is not None:
            steps.append(Step("riichi_accepted", riichi_by))
            riichi_by = None
        steps.append(take)
        after_kan = False
        if take.kind == "daiminkan":
            if not discards[actor] or discards[actor].popleft() is not None:
                raise RecordError(f"{where}: an open kan must be followed by 0 in the discards")
            turn_dora(waiting_dora)
            after_kan, waiting_dora = True, 1
            continue
        if not discards[actor]:
            break  # tsumo, nine kinds, or a chankan/ron taken on this seat
        d = discards[actor].popleft()
        if d is None:
            raise RecordError(f"{where}: seat {actor} discards 0 without an open kan")
        if d.tsumogiri:
            if take.kind != "draw":
                raise RecordError(f"{where}: seat {actor} discards the drawn tile after a call")
            d = Step(d.kind, actor, take.tile, tsumogiri=True)
        if d.kind == "kakan":
            turn_dora(waiting_dora)
            waiting_dora = 0
        steps.append(d)
        last = d
        discard_no += 1
        if d.kind in ("ankan", "kakan"):
            after_kan = True
            if d.kind == "ankan":
                turn_dora(waiting_dora + 1)  # a closed kan's indicator turns at once
                waiting_dora = 0
                continue
            waiting_dora = 1
            if any(takes[actor]):
                continue
            break  # the added kan was robbed
        turn_dora(waiting_dora)
        waiting_dora = 0
        if d.kind == "riichi":
            riichi_by = actor
        caller = _caller(actor, d, takes)
        if caller is not None and _same_later(discards[actor], d):
            choices.append(discard_no)
            if discard_no in skip:
                caller = None
        actor = caller if caller is not None else (actor + 1) % 4
    if any(takes) or any(discards):
        left = [f"seat {s}: {len(takes[s])} takes, {len(discards[s])} discards" for s in range(4) if takes[s] or discards[s]]
        raise RecordError(f"{where}: actions left over after the hand ends ({'; '.join(left)})")
    if riichi_by is not None and hand.outcome is not None and hand.outcome.abortive == "suucha_riichi":
        steps.append(Step("riichi_accepted", riichi_by))  # the fourth stick is down before the abort
    _add_result_steps(hand, steps, actor, last, where)
    return steps


def _same_later(queue: deque[Step | None], discard: Step) -> bool:
    """Whether the discarder discards this face again later (written out, not as 60)."""
    return any(d is not None and d.tile == discard.tile and not d.tsumogiri for d in queue) or any(
        d is not None and d.tsumogiri for d in queue
    )


_CALL_ORDER = {"chi": 0, "pon": 1, "daiminkan": 1}


def _caller(actor: int, discard: Step, takes: list[deque[Step]]) -> int | None:
    """The seat whose next take calls this discard (a pon or kan before a chi), if any."""
    best: tuple[int, int] | None = None
    for seat in range(4):
        if seat == actor or not takes[seat]:
            continue
        nxt = takes[seat][0]
        if nxt.kind in _CALL_ORDER and nxt.target == actor and nxt.tile == discard.tile:
            rank = _CALL_ORDER[nxt.kind]
            if best is None or rank > best[0]:
                best = (rank, seat)
    return best[1] if best is not None else None


def _add_result_steps(hand: LoggedHand, steps: list[Step], actor: int, last: Step | None, where: str) -> None:
    o = hand.outcome
    assert o is not None
    if o.kind == "win":
        for w in o.wins:
            if w.discarder is None:
                drawn = steps[-1].tile if steps and steps[-1].kind == "draw" else None
                steps.append(Step("tsumo", w.winner, drawn))
            else:
                if last is None:
                    raise RecordError(f"{where}: a ron without a discard")
                steps.append(Step("ron", w.winner, last.tile, target=w.discarder))
    elif o.kind == "abortive" and o.abortive == "kyuushu_kyuuhai":
        steps.append(Step("kyuushu", actor))
