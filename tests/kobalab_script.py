"""Replay majiang-core's scripted games (``script.json``) through our engine, event by event.

Why: the scripts are full game records written by another project for its own rule engine. They
cover the rare flows (tenhou, chankan, four kans, nagashi, all-last stops, West sudden death) that
random play almost never reaches, so replaying them checks the engine's turn flow, abortive draws,
settlements and game end against work nobody on this project wrote.

How a script maps onto the engine:

* Players. majiang-core numbers players 0..3 in turn order (``私 下家 対面 上家``) and names the
  first dealer ``qijia``; in a hand, ``l`` is the seat wind (0 = the dealer) and the player is
  ``(qijia + jushu + l) % 4``. We use the player number as our absolute seat and
  ``first_dealer = qijia``, so ``seat(l) = (qijia + jushu + l) % 4``. Per-hand lists (``defen`` in
  ``qipai``, ``fenpei``, ``shoupai`` in ``pingju``) are indexed by ``l``; the game's final
  ``defen``/``point``/``rank`` by player.
* The wall. The deal and every draw are in the log, so the live wall is rebuilt in our deal order
  (4 tiles to each seat from the dealer, three times, then 1 each, then the dealer's 14th = the
  first ``zimo``), then the draws. Dead wall: replacement draws (``gangzimo``) at 0..3, the dora
  indicator at 4, kan dora indicators (``kaigang``) at 6, 8, ..., ura indicators (``fubaopai``)
  at 5, 7, .... Tiles the log never shows fill the rest.
* Decisions. Each turn decision (``dapai``, ``gang``, a tsumo ``hule``, ``pingju`` 九種九牌) and each
  claim (``fulou``, a ron ``hule``, the three rons of 三家和) must be one of
  ``match.legal_actions(seat)``; every other asked seat passes. The first action the engine refuses,
  and any settlement that differs, raises :class:`Divergence` naming the game, hand and event.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import HandPosition, HandSetup, Match, Phase
from game.engine.actions import Action, ActionKind
from game.engine.events import (
    AbortiveDraw,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    HandEnded,
    HandStarted,
    MatchEnded,
    Win,
)
from game.engine.kobalab import TileIds, kind_of_digit
from game.engine.profile import RuleProfile
from game.engine.tiles import format_tiles, is_red, kind_of
from game.engine.yaku_names import japanese_name

TileClass = tuple[int, bool]  # (kind, red): what a log tile names; the copy does not matter
LogEvent = tuple[str, dict[str, Any]]

# majiang-core's pingju names → our AbortiveDraw kinds (None: an exhaustive draw)
ABORTIVE_KINDS: dict[str, str | None] = {
    "荒牌平局": None,
    "流し満貫": None,
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "四開槓": "suukaikan",
    "三家和": "sanchahou",
}
_WINDS = "ESWN"
_TILE = re.compile(r"([mpsz])(\d+)")


class Divergence(AssertionError):
    """The engine refused a logged action or settled a hand differently from the script."""


@dataclass(frozen=True)
class ScriptHand:
    """One hand of a script: where it starts, its stacked wall and the log after the deal."""

    round_wind: int
    hand_number: int  # jushu: the dealer is (qijia + hand_number) % 4
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, int, int, int]  # by absolute seat, at the deal
    setup: HandSetup
    log: tuple[LogEvent, ...]

    @property
    def label(self) -> str:
        return f"{_WINDS[self.round_wind]}{self.hand_number + 1}-{self.honba}"

    @property
    def position(self) -> HandPosition:
        return HandPosition(self.round_wind, self.hand_number, self.honba, self.sticks)

    def seat(self, l: int) -> int:  # noqa: E741 - majiang-core's name for the seat wind
        return (self.dealer + l) % 4

    def by_seat(self, values: list[Any]) -> list[Any]:
        """A list indexed by seat wind ``l``, re-indexed by absolute seat."""
        out: list[Any] = [None] * 4
        for l, v in enumerate(values):  # noqa: E741
            out[self.seat(l)] = v
        return out


@dataclass(frozen=True)
class ScriptGame:
    title: str
    first_dealer: int
    hands: tuple[ScriptHand, ...]
    final_scores: tuple[int, ...]  # by seat (= majiang-core player number)
    final_points: tuple[float, ...]
    ranks: tuple[int, ...]


def load_script(path: Path) -> list[ScriptGame]:
    return [read_game(g) for g in json.loads(path.read_text(encoding="utf-8"))]


def read_game(raw: dict[str, Any]) -> ScriptGame:
    qijia = int(raw["qijia"])
    hands = tuple(read_hand(h, qijia) for h in raw["log"])
    return ScriptGame(
        raw["title"],
        qijia,
        hands,
        tuple(raw["defen"]),
        tuple(float(p) for p in raw["point"]),
        tuple(raw["rank"]),
    )


def _tiles(text: str) -> Iterator[tuple[str, str]]:
    """(suit, digit) of every tile in a concealed-hand string (marks and flags ignored)."""
    for suit, digits in _TILE.findall(text.split(",")[0]):
        for d in digits:
            yield suit, d


def tile_class(text: str) -> TileClass:
    """The class of one logged tile such as ``m0``, ``p8*`` or ``z4_``."""
    return kind_of_digit(text[0], text[1])


def id_class(tile: int) -> TileClass:
    return kind_of(tile), is_red(tile)


def read_hand(raw: list[dict[str, Any]], qijia: int) -> ScriptHand:
    (first_kind, qipai), *rest = [next(iter(e.items())) for e in raw]
    assert first_kind == "qipai", first_kind
    log = tuple(rest)
    jushu = int(qipai["jushu"])
    dealer = (qijia + jushu) % 4
    ids = TileIds(red_fives=True)
    dealt = [[ids.take(s, d) for s, d in _tiles(h)] for h in qipai["shoupai"]]
    draws = [ids.take(*body["p"][:2]) for kind, body in log if kind == "zimo"]
    rinshan = [ids.take(*body["p"][:2]) for kind, body in log if kind == "gangzimo"]
    indicators = [ids.take(*qipai["baopai"][:2])]
    indicators += [ids.take(*body["baopai"][:2]) for kind, body in log if kind == "kaigang"]
    ura: list[int] = []
    for kind, body in log:
        if kind == "hule" and body.get("fubaopai"):
            ura = [ids.take(*p[:2]) for p in body["fubaopai"]]
            break
    order: list[int] = []
    for block in range(3):
        for hand in dealt:
            order.extend(hand[4 * block : 4 * block + 4])
    order.extend(hand[12] for hand in dealt)
    order.extend(draws)  # the first zimo is the dealer's 14th
    named: list[int | None] = [None] * 14
    named[: len(rinshan)] = rinshan
    for k, t in enumerate(indicators):
        named[4 + 2 * k] = t
    for k, t in enumerate(ura):
        named[5 + 2 * k] = t
    spare = iter(sorted(set(range(136)) - set(order) - {t for t in named if t is not None}))
    dead = tuple(t if t is not None else next(spare) for t in named)
    scores = [0] * 4
    for l, s in enumerate(qipai["defen"]):  # noqa: E741
        scores[(dealer + l) % 4] = int(s)
    return ScriptHand(
        int(qipai["zhuangfeng"]),
        jushu,
        int(qipai["changbang"]),
        int(qipai["lizhibang"]),
        dealer,
        (scores[0], scores[1], scores[2], scores[3]),
        HandSetup(tuple(order), dead),
        log,
    )


def _meld_parts(text: str) -> tuple[list[TileClass], int | None]:
    """The tile classes of a logged meld in written order, and the index of the marked tile."""
    suit, marked = text[0], None
    classes: list[TileClass] = []
    for ch in text[1:]:
        if ch.isdigit():
            classes.append(kind_of_digit(suit, ch))
        elif ch in "-=+":
            marked = len(classes) - 1
    return classes, marked


def one_hand(profile: RuleProfile) -> RuleProfile:
    """The same rules, stopping after one hand (each hand replayed alone)."""
    return dataclasses.replace(profile, game=dataclasses.replace(profile.game, length="one_hand"))


class ScriptReplay:
    """Drives one Match through a script's hands, checking every step against the log."""

    def __init__(self, game: ScriptGame, profile: RuleProfile, *, only: int | None = None) -> None:
        """Replay the whole game, or with ``only`` just that hand (``profile`` should then stop
        after one hand: see :func:`one_hand`)."""
        self.game = game
        self.hands = game.hands if only is None else (game.hands[only],)
        self.first_index = 0 if only is None else only
        first = self.hands[0]
        self.match = Match(
            profile,
            0,
            setups={k: h.setup for k, h in enumerate(self.hands)},
            first_dealer=game.first_dealer,
            start=first.scores,
            position=first.position,
        )
        self.hand: ScriptHand = first
        self.k = 0  # the hand being replayed, index into self.hands
        self.i = 0  # the log event being replayed

    # --- reporting ------------------------------------------------------------------------------

    def fail(self, message: str) -> Divergence:
        ev = ""
        if self.i < len(self.hand.log):
            kind, body = self.hand.log[self.i]
            ev = f" at event {self.i} {kind} {json.dumps(body, ensure_ascii=False)}"
        return Divergence(
            f"{self.game.title} | hand {self.first_index + self.k} ({self.hand.label}){ev}: {message}"
        )

    def hand_events(self) -> list[Event]:
        """The engine's events of the hand being replayed (from its HandStarted on)."""
        starts = [n for n, e in enumerate(self.match.events) if isinstance(e, HandStarted)]
        begin = starts[self.k]
        end = starts[self.k + 1] if self.k + 1 < len(starts) else len(self.match.events)
        return self.match.events[begin:end]

    # --- the replay -------------------------------------------------------------------------------

    def run(self) -> None:
        for k, hand in enumerate(self.hands):
            self.k, self.hand, self.i = k, hand, 0
            self.check_start()
            self.play_hand()
            self.check_outcome()
        self.check_end()

    def check_start(self) -> None:
        h = self.hand
        started = [e for e in self.match.events if isinstance(e, HandStarted)]
        if len(started) <= self.k:
            raise self.fail("the engine ended the match before this hand")
        got = started[self.k]
        want = HandStarted(h.round_wind, h.hand_number, h.honba, h.sticks, h.dealer, h.scores)
        if got != want:
            raise self.fail(f"the hand starts as {want}, the engine starts {got}")

    def play_hand(self) -> None:
        h = self.hand
        self.done: set[int] = set()
        while self.i < len(h.log):
            if self.i not in self.done:
                kind, body = h.log[self.i]
                getattr(self, f"on_{kind}")(body)
            self.i += 1
        if not any(isinstance(e, HandEnded) for e in self.hand_events()):
            raise self.fail("the log's hand is over, the engine's is not")

    def find(self, seat: int, kind: ActionKind, classes: list[TileClass] | None = None) -> Action:
        legal = self.match.legal_actions(seat)
        for a in legal:
            if a.kind is kind and (classes is None or sorted(map(id_class, a.tiles)) == sorted(classes)):
                return a
        shown = ", ".join(str(a) for a in legal) or "nothing"
        want = f"{seat}:{kind.value}" + (f" {_classes_text(classes)}" if classes else "")
        raise self.fail(f"the engine refuses {want}; legal for seat {seat}: {shown}")

    def apply(self, action: Action) -> None:
        self.match.apply(action)

    def expect_turn(self, seat: int) -> None:
        m = self.match
        if m.phase is not Phase.TURN or m.turn != seat:
            raise self.fail(f"seat {seat} should be in turn; the engine is in {m.phase.value}, awaiting {m.awaiting()}")

    def on_zimo(self, body: dict[str, Any]) -> None:
        seat = self.hand.seat(body["l"])
        self.expect_turn(seat)
        drawn = self.match.drawn
        if drawn is None or id_class(drawn) != tile_class(body["p"]):
            got = "nothing" if drawn is None else format_tiles([drawn])
            raise self.fail(f"seat {seat} should draw {body['p']}; the engine drew {got}")

    on_gangzimo = on_zimo

    def on_dapai(self, body: dict[str, Any]) -> None:
        seat = self.hand.seat(body["l"])
        self.expect_turn(seat)
        kind = ActionKind.RIICHI if "*" in body["p"] else ActionKind.DISCARD
        self.apply(self.find(seat, kind, [tile_class(body["p"])]))
        self.answer_claims()

    def on_gang(self, body: dict[str, Any]) -> None:
        seat = self.hand.seat(body["l"])
        self.expect_turn(seat)
        classes, marked = _meld_parts(body["m"])
        if marked is None:
            self.apply(self.find(seat, ActionKind.ANKAN, classes))
        else:
            self.apply(self.find(seat, ActionKind.KAKAN, classes[-1:]))
        self.answer_claims()

    def on_fulou(self, body: dict[str, Any]) -> None:
        raise self.fail("a call the engine never asked for (no claim window offered it)")

    def on_kaigang(self, body: dict[str, Any]) -> None:
        shown = [id_class(e.indicator) for e in self.hand_events() if isinstance(e, DoraRevealed)]
        want = 1 + sum(1 for kind, _ in self.hand.log[: self.i + 1] if kind == "kaigang")
        if len(shown) != want or shown[-1] != tile_class(body["baopai"]):
            raise self.fail(
                f"{want} dora indicators should show, the last {body['baopai']}; "
                f"the engine shows {_classes_text(shown)}"
            )

    def on_hule(self, body: dict[str, Any]) -> None:
        if body["baojia"] is not None:
            raise self.fail("a ron the engine never asked for (no claim window offered it)")
        seat = self.hand.seat(body["l"])
        self.expect_turn(seat)
        self.apply(self.find(seat, ActionKind.TSUMO))

    def on_pingju(self, body: dict[str, Any]) -> None:
        if body["name"] == "九種九牌":
            seat = self.hand.seat(next(l for l, s in enumerate(body["shoupai"]) if s))  # noqa: E741
            self.expect_turn(seat)
            self.apply(self.find(seat, ActionKind.KYUUSHU))

    def answer_claims(self) -> None:
        """Answer the claim window the last discard or added kan opened, from the log's next
        events: a call, one or more rons (or the three rons of 三家和); everyone else passes."""
        log = self.hand.log
        wanted: dict[int, tuple[ActionKind, list[TileClass] | None]] = {}
        j = self.i + 1
        while j < len(log) and log[j][0] == "kaigang":
            j += 1
        if j < len(log):
            kind, body = log[j]
            if kind == "fulou":
                classes, marked = _meld_parts(body["m"])
                assert marked is not None
                own = classes[:marked] + classes[marked + 1 :]
                same = len(set(k for k, _ in classes)) == 1
                verb = ActionKind.DAIMINKAN if len(classes) == 4 else ActionKind.PON if same else ActionKind.CHI
                wanted[self.hand.seat(body["l"])] = (verb, own)
                self.done.add(j)
            elif kind == "hule" and body["baojia"] is not None:
                while j < len(log) and log[j][0] in ("hule", "kaigang"):
                    if log[j][0] == "hule":
                        wanted[self.hand.seat(log[j][1]["l"])] = (ActionKind.RON, None)
                        self.done.add(j)
                    j += 1
            elif kind == "pingju" and body["name"] == "三家和":
                for l, s in enumerate(body["shoupai"]):  # noqa: E741
                    if s:
                        wanted[self.hand.seat(l)] = (ActionKind.RON, None)
        asked: set[int] = set()
        while self.match.phase in (Phase.CLAIM, Phase.CHANKAN):
            seat = self.match.awaiting()[0]
            asked.add(seat)
            verb, claimed = wanted.get(seat, (ActionKind.PASS, None))
            self.apply(self.find(seat, verb, claimed))
        missed = sorted(set(wanted) - asked)
        if missed:
            what = ", ".join(f"{s}:{wanted[s][0].value}" for s in missed)
            raise self.fail(f"the engine gives no chance to claim the discard: {what}")

    # --- settlements ----------------------------------------------------------------------------

    def check_outcome(self) -> None:
        h = self.hand
        evs = self.hand_events()
        wins = [e for e in evs if isinstance(e, Win)]
        aborts = [e for e in evs if isinstance(e, AbortiveDraw)]
        draws = [e for e in evs if isinstance(e, ExhaustiveDraw)]
        hules = [body for kind, body in h.log if kind == "hule"]
        pingju = [body for kind, body in h.log if kind == "pingju"]
        ending = "; ".join(_ending(e) for e in [*wins, *aborts, *draws]) or "nothing"
        if hules:
            if len(wins) != len(hules) or aborts or draws:
                raise self.fail(f"{len(hules)} win(s) expected; the engine ends with {ending}")
            for body, win in zip(hules, wins, strict=True):
                self.check_win(body, win)
            return
        (body,) = pingju
        kind = ABORTIVE_KINDS[body["name"]]
        want_deltas = tuple(h.by_seat(body["fenpei"]))
        if kind is not None:
            if wins or draws or [a.kind for a in aborts] != [kind]:
                raise self.fail(f"abortive draw {kind} expected; the engine ends with {ending}")
            return
        if wins or aborts or len(draws) != 1:
            raise self.fail(f"an exhaustive draw expected; the engine ends with {ending}")
        draw = draws[0]
        tenpai = tuple(bool(s) for s in h.by_seat(body["shoupai"]))
        nagashi = body["name"] == "流し満貫"
        problems = []
        if draw.tenpai != tenpai:
            problems.append(f"tenpai {tenpai} expected, engine {draw.tenpai}")
        if bool(draw.nagashi) != nagashi:
            problems.append(f"nagashi {'expected' if nagashi else 'not expected'}, engine {draw.nagashi}")
        if draw.deltas != want_deltas:
            problems.append(f"deltas {want_deltas} expected, engine {draw.deltas}")
        if problems:
            raise self.fail("exhaustive draw: " + "; ".join(problems))

    def check_win(self, body: dict[str, Any], win: Win) -> None:
        h = self.hand
        seat = h.seat(body["l"])
        discarder = None if body["baojia"] is None else h.seat(body["baojia"])
        want = tuple(h.by_seat(body["fenpei"]))
        problems = []
        if (win.winner, win.discarder) != (seat, discarder):
            problems.append(f"winner/discarder {(seat, discarder)} expected, engine {(win.winner, win.discarder)}")
        if win.deltas != want:
            problems.append(f"deltas {want} expected, engine {win.deltas}")
        want_yaku = sorted((str(y["name"]), _han(y["fanshu"])) for y in body["hupai"])
        got_yaku = sorted((japanese_name(y.id), y.value) for y in win.rows)
        if got_yaku != want_yaku:
            problems.append(f"yaku {want_yaku} expected, engine {got_yaku}")
        if not body.get("damanguan") and (win.value, win.fu) != (body["fanshu"], body["fu"]):
            problems.append(f"{body['fanshu']} han {body['fu']} fu expected, engine {win.value} han {win.fu} fu")
        if win.points != body["defen"]:
            problems.append(f"hand value {body['defen']} expected, engine {win.points}")
        if problems:
            raise self.fail(f"win by seat {seat}: " + "; ".join(problems))

    def check_end(self) -> None:
        self.i = len(self.hand.log)
        ended = [e for e in self.match.events if isinstance(e, MatchEnded)]
        if not ended:
            raise self.fail("the log's game is over, the engine's match goes on")
        if len(self.hands) != len(self.game.hands):
            return  # one hand alone: the game's end is not this hand's
        end = ended[0]
        if abs(sum(end.final_points)) > 1e-9:
            raise self.fail(f"the engine's final points {end.final_points} do not sum to zero")
        want = (self.game.final_scores, self.game.ranks, self.game.final_points)
        got = (end.scores, end.ranks, kobalab_rounding(end.final_points, end.ranks))
        if got != want:
            raise self.fail(
                f"final (scores, ranks, points) {want} expected, engine {got} (unrounded {end.final_points})"
            )


def kobalab_rounding(points: tuple[float, ...], ranks: tuple[int, ...]) -> tuple[float, ...]:
    """Final points as majiang-core prints them: with whole-number uma it rounds the 2nd to 4th
    places half up (JavaScript ``Math.round``) and gives the top the balance, so the table sums
    to zero. Our settlement keeps the exact tenths (§2.7: (points − 30000)/1000 + uma + oka), so
    the oracle's figures are compared with ours rounded the same way."""
    top = ranks.index(1)
    out = [0.0 if s == top else float(math.floor(p + 0.5)) for s, p in enumerate(points)]
    out[top] = -sum(out)
    return tuple(out)


def _ending(e: Event) -> str:
    """A short account of how the engine ended a hand, for failure messages."""
    if isinstance(e, Win):
        how = "tsumo" if e.discarder is None else f"ron off seat {e.discarder}"
        return f"win by seat {e.winner} ({how}) deltas {e.deltas}"
    if isinstance(e, AbortiveDraw):
        return f"abortive draw {e.kind}"
    if isinstance(e, ExhaustiveDraw):
        return f"exhaustive draw tenpai {e.tenpai} nagashi {e.nagashi} deltas {e.deltas}"
    return repr(e)


def _han(fanshu: int | str) -> int:
    """majiang-core writes a yakuman's han as ``*`` marks, one per multiple."""
    return 13 * len(fanshu) if isinstance(fanshu, str) else int(fanshu)


def _classes_text(classes: list[TileClass]) -> str:
    return format_tiles([k * 4 if red else k * 4 + 3 for k, red in classes], sort=False)
