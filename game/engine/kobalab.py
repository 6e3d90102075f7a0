"""The kobalab (majiang-core) hand notation, as its test data and game scripts write it.

Suit letter first, then digits: ``m123p406s789z1155`` (``0`` = red five, ``z1..z7`` = E S W N
white green red). A hand lists its concealed tiles, the drawn tile written last, ``*`` after them
when the player is in riichi, then each meld after a comma: ``m1-23`` chi, ``z555+`` pon,
``z5555=`` open kan, ``z555=5`` added kan (the pon's mark stays, the added tile follows), ``z5555``
concealed kan. A mark follows the claimed tile and says who gave it, relative to the owner:
``-`` the previous player (left), ``=`` the player opposite, ``+`` the next player (right).

The parser turns that into the engine's tile ids and :class:`~game.engine.meld.Meld` values, so
that majiang-core's ``hule.json`` and ``script.json`` can be replayed against our engine. One
:class:`TileIds` allocator hands out distinct physical copies across a hand, its melds and its
winning tile, red fives on copy 0 (ids 16, 52, 88) as everywhere in the engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .errors import NotationError
from .meld import Meld, MeldKind
from .tiles import HONOR_BASE, RED_FIVE_IDS, SUITS

# How many seats after the owner the giver sits, by mark (``-`` = previous = three seats on).
MARK_OFFSET: Final = {"+": 1, "=": 2, "-": 3}

_CONCEALED: Final = re.compile(r"(?:[mpsz]\d+)*\*?")
_MELD: Final = re.compile(r"[mpsz](?:\d[-=+]?){3,4}")
_TILE: Final = re.compile(r"([mpsz])(\d)([_*]*)([-=+]?)")


def giver_seat(owner: int, mark: str) -> int:
    """The absolute seat that gave a tile marked ``mark`` to ``owner``."""
    try:
        return (owner + MARK_OFFSET[mark]) % 4
    except KeyError:
        raise NotationError(f"{mark!r} is not a giver mark; expected one of - = +") from None


def kind_of_digit(suit: str, digit: str) -> tuple[int, bool]:
    """The kind and red flag of one kobalab tile (``s`` + ``0`` = the red 5s)."""
    rank = int(digit)
    if suit == "z":
        if not 1 <= rank <= 7:
            raise NotationError(f"{suit}{digit}: honour digits run 1..7")
        return HONOR_BASE + rank - 1, False
    red = rank == 0
    return SUITS.index(suit) * 9 + (5 if red else rank) - 1, red


class TileIds:
    """Hands out distinct tile ids for kobalab tiles: ``0`` takes the red copy 0 of a five, a
    plain five takes copies 1..3 (and copy 0 last, only when the rules have no red fives)."""

    def __init__(self, *, red_fives: bool = True) -> None:
        self._red_fives = red_fives
        self._used: set[int] = set()

    def take(self, suit: str, digit: str) -> int:
        kind, red = kind_of_digit(suit, digit)
        if red:
            if not self._red_fives:
                raise NotationError(f"{suit}0: a red five, but these rules have none")
            candidates: tuple[int, ...] = (kind * 4,)
        elif kind * 4 in RED_FIVE_IDS:
            candidates = (kind * 4 + 1, kind * 4 + 2, kind * 4 + 3) + (() if self._red_fives else (kind * 4,))
        else:
            candidates = tuple(kind * 4 + c for c in range(4))
        for tile in candidates:
            if tile not in self._used:
                self._used.add(tile)
                return tile
        raise NotationError(f"{suit}{digit}: more copies than the set holds")


@dataclass(frozen=True)
class KobalabHand:
    """A parsed hand. ``concealed`` keeps the written order, so a drawn tile is last; ``drawn``
    names it when the tile count says one was just drawn (14 minus 3 per meld)."""

    concealed: tuple[int, ...]
    drawn: int | None
    melds: tuple[Meld, ...]
    riichi: bool


def parse_tile(text: str, ids: TileIds) -> tuple[int, str]:
    """One tile such as ``s2``, ``m0``, ``p7-`` (with its giver mark) → (tile id, mark or "")."""
    m = _TILE.fullmatch(text.strip())
    if m is None:
        raise NotationError(f"{text!r} is not a kobalab tile such as 'm5', 'z1' or 's2+'")
    suit, digit, _flags, mark = m.groups()
    return ids.take(suit, digit), mark


def parse_meld(text: str, owner: int, ids: TileIds) -> Meld:
    """One meld such as ``m1-23``, ``z111+``, ``z1111=``, ``z111=1``, ``z1111``."""
    if not _MELD.fullmatch(text):
        raise NotationError(f"{text!r} is not a kobalab meld such as 'm1-23' or 'z111+'")
    suit = text[0]
    digits: list[str] = []
    marked: list[tuple[int, str]] = []  # (position of the marked digit, mark)
    for ch in text[1:]:
        if ch.isdigit():
            digits.append(ch)
        else:
            marked.append((len(digits) - 1, ch))
    if len(marked) > 1:
        raise NotationError(f"{text!r}: a meld has at most one giver mark")
    tiles = [ids.take(suit, d) for d in digits]
    kinds = [t >> 2 for t in tiles]
    same = len(set(kinds)) == 1
    if not marked:
        if len(tiles) == 4 and same:
            return Meld(MeldKind.ANKAN, tuple(sorted(tiles)))
        raise NotationError(f"{text!r}: an open meld needs a giver mark")
    pos, mark = marked[0]
    called, giver = tiles[pos], giver_seat(owner, mark)
    if len(tiles) == 3 and same:
        return Meld(MeldKind.PON, tuple(sorted(tiles)), called, giver)
    if len(tiles) == 3:
        low = min(kinds)
        if suit == "z" or sorted(kinds) != [low, low + 1, low + 2]:
            raise NotationError(f"{text!r} is neither a run nor a set")
        return Meld(MeldKind.CHI, tuple(sorted(tiles)), called, giver)
    if not same:
        raise NotationError(f"{text!r}: a kan holds four of one tile")
    if pos == 3:
        return Meld(MeldKind.DAIMINKAN, tuple(sorted(tiles)), called, giver)
    if pos == 2:
        return Meld(MeldKind.KAKAN, tuple(sorted(tiles)), called, giver, added=tiles[3])
    raise NotationError(f"{text!r}: the mark of a kan follows its third or fourth tile")


def parse_hand(text: str, owner: int = 0, ids: TileIds | None = None) -> KobalabHand:
    """A whole hand ``concealed[*][,meld...]``; ``owner`` is the absolute seat holding it, used
    to turn giver marks into absolute seats."""
    ids = ids if ids is not None else TileIds()
    head, *meld_texts = text.strip().split(",")
    if not _CONCEALED.fullmatch(head):
        raise NotationError(f"{text!r}: the concealed part is not kobalab notation such as 'm123p40z11'")
    riichi = head.endswith("*")
    concealed: list[int] = []
    for suit, digits in re.findall(r"([mpsz])(\d+)", head):
        concealed.extend(ids.take(suit, d) for d in digits)
    melds = tuple(parse_meld(m, owner, ids) for m in meld_texts if m)
    full = 14 - 3 * len(melds)
    if len(concealed) > full:
        raise NotationError(f"{text!r}: {len(concealed)} concealed tiles with {len(melds)} melds")
    drawn = concealed[-1] if len(concealed) == full else None
    return KobalabHand(tuple(concealed), drawn, melds, riichi)
