"""One hand as a game log tells it, independent of the log's format.

tenhou.net/6 and mjai describe the same things in different shapes: the deal, every draw,
discard and call in order, the dora indicators, and the result. Both readers produce a
:class:`LoggedHand`; both writers consume one. The replay stacks a wall from it
(:mod:`.stacking`) and drives the engine step by step (:mod:`.replay`).

Seats here are the engine's absolute seats; tiles are :data:`Face` pairs (kind, red), because a
log names what is printed on a tile, not which physical copy it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..errors import RecordError
from ..tiles import HONOR_BASE, NUM_KINDS, is_red, kind_of

Face = tuple[int, bool]  # (kind 0..33, red five)

StepKind = Literal[
    "draw",
    "discard",
    "riichi",  # declare riichi with this discard
    "riichi_accepted",
    "chi",
    "pon",
    "daiminkan",
    "ankan",
    "kakan",
    "tsumo",
    "ron",
    "kyuushu",
    "dora",  # a kan dora indicator turns (mjai order; the replay ignores it)
]

TURN_STEPS = frozenset({"discard", "riichi", "ankan", "kakan", "tsumo", "kyuushu"})
CLAIM_STEPS = frozenset({"chi", "pon", "daiminkan", "ron"})

# Abortive draws: the engine's names and Tenhou's.
ABORTIVE_TENHOU = {
    "kyuushu_kyuuhai": "九種九牌",
    "suufon_renda": "四風連打",
    "suucha_riichi": "四家立直",
    "suukaikan": "四槓散了",
    "sanchahou": "三家和了",
    "chombo": "チョンボ",  # not a Tenhou result: our strict tables' false declarations, with their payments
}
TENHOU_ABORTIVE = {v: k for k, v in ABORTIVE_TENHOU.items()}


@dataclass(frozen=True)
class Step:
    """One thing a seat did. ``tile`` is the drawn, discarded or called tile (for a kakan the added
    one); ``consumed`` the hand tiles a call or kan used (for a kakan the pon's three tiles, its
    called tile first); ``target`` the seat called from."""

    kind: StepKind
    seat: int
    tile: Face | None = None
    consumed: tuple[Face, ...] = ()
    target: int | None = None
    tsumogiri: bool = False
    rinshan: bool = False


@dataclass(frozen=True)
class WinResult:
    winner: int
    discarder: int | None  # None: tsumo
    deltas: tuple[int, int, int, int]
    pao: int | None = None
    text: str = ""  # Tenhou's score text, e.g. "30符2飜2000点"
    yaku: tuple[str, ...] = ()  # Tenhou's yaku strings, e.g. "立直(1飜)"


@dataclass
class Outcome:
    """How the hand ended. ``kind``: "win", "exhaustive" (nagashi included) or "abortive";
    ``abortive`` holds the engine's name of the abortive draw when the log says which."""

    kind: Literal["win", "exhaustive", "abortive"]
    wins: list[WinResult] = field(default_factory=list)
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    abortive: str | None = None
    nagashi: bool = False
    named: bool = True  # False: the log does not say whether a draw was exhaustive or abortive
    tenpai: tuple[bool, bool, bool, bool] | None = None  # at an exhaustive draw, when known


@dataclass
class LoggedHand:
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    dealer: int
    first_dealer: int
    scores: tuple[int, int, int, int]
    haipai: list[list[Face]]
    dora: list[Face] = field(default_factory=list)
    ura: list[Face] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    outcome: Outcome | None = None

    @property
    def label(self) -> str:
        """``E1-0``: round wind, hand number and honba, as players name a hand."""
        return f"{'ESWN'[self.round_wind]}{self.hand_number + 1}-{self.honba}"


@dataclass
class LoggedMatch:
    """A whole log. ``names`` and the final figures run from the first dealer, as logs list them.
    ``aka`` (red fives), ``length`` ("tonpuu" for an East-only game, "hanchan", "" when the log
    does not say) and ``kuitan`` (open tanyao) are the rules the log names; ``aka_known`` False:
    the log does not say whether it played red fives (an mjai log without ``aka_flag``)."""

    names: list[str]
    hands: list[LoggedHand]
    aka: bool = True
    title: str = ""
    final_scores: tuple[int, int, int, int] | None = None
    final_points: tuple[float, float, float, float] | None = None
    length: str = ""
    kuitan: bool = True
    aka_known: bool = True


# --- tiles ----------------------------------------------------------------------------------------


def face_of(tile: int) -> Face:
    return (kind_of(tile), is_red(tile))


_MJAI_HONOURS = ("E", "S", "W", "N", "P", "F", "C")


def mjai_tile(face: Face) -> str:
    kind, red = face
    if kind >= HONOR_BASE:
        return _MJAI_HONOURS[kind - HONOR_BASE]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"


def parse_mjai_tile(text: object) -> Face:
    if not isinstance(text, str):
        raise RecordError(f"an mjai tile must be a string, not {text!r}")
    if text in _MJAI_HONOURS:
        return (HONOR_BASE + _MJAI_HONOURS.index(text), False)
    red = text.endswith("r")
    body = text[:-1] if red else text
    if len(body) != 2 or body[0] not in "123456789" or body[1] not in "mps" or (red and body[0] != "5"):
        raise RecordError(f"{text!r} is not an mjai tile such as '5m', '5mr' or 'E'")
    return ((int(body[0]) - 1) + 9 * "mps".index(body[1]), red)


def tenhou_code(face: Face) -> int:
    """11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51/52/53 red fives."""
    kind, red = face
    if red:
        return 51 + kind // 9
    if kind >= HONOR_BASE:
        return 41 + kind - HONOR_BASE
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def parse_tenhou_code(code: object) -> Face:
    if isinstance(code, bool) or not isinstance(code, int):
        raise RecordError(f"a tenhou.net/6 tile must be a number, not {code!r}")
    if code in (51, 52, 53):
        return (4 + 9 * (code - 51), True)
    tens, unit = divmod(code, 10)
    if tens in (1, 2, 3) and 1 <= unit <= 9:
        return (9 * (tens - 1) + unit - 1, False)
    if tens == 4 and 1 <= unit <= 7:
        return (HONOR_BASE + unit - 1, False)
    raise RecordError(f"{code!r} is not a tenhou.net/6 tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


def check_face(face: Face) -> Face:
    kind, red = face
    if not 0 <= kind < NUM_KINDS or (red and kind not in (4, 13, 22)):
        raise RecordError(f"no such tile: kind {kind}, red {red}")
    return face
