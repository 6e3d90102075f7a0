"""Tiles, tile kinds and the hand notation (``123m456p789s1122z``, ``0`` = red five).

Two numbers name a tile, and keeping them apart is what makes the engine fast and exact:

* a **kind** (0..33, plus 34..41 for the eight flowers) says what is printed on the tile:
  ``0..8`` = 1m..9m, ``9..17`` = 1p..9p, ``18..26`` = 1s..9s, ``27..33`` = East, South, West,
  North, White, Green, Red; ``34..37`` = the seasons 春夏秋冬, ``38..41`` = the plants 梅蘭菊竹.
* a **tile id** (0..135, or 136..143 for flowers) names one physical tile: ``kind * 4 + copy``.
  When a profile plays with red fives, copy 0 of a five is the red one (ids 16, 52, 88), the same
  convention as Tenhou's logs and the ``mahjong`` library, so ids cross those borders unchanged.

Shanten, waits and hand analysis work on 34-entry count vectors of kinds; the wall, melds and
discards keep tile ids so that every physical tile can be followed across the table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from .errors import NotationError

NUM_KINDS: Final = 34
FLOWER_KIND_BASE: Final = 34
NUM_FLOWER_KINDS: Final = 8
FLOWER_ID_BASE: Final = 136

SUITS: Final = "mps"
HONOR_BASE: Final = 27
WINDS: Final = (27, 28, 29, 30)
DRAGONS: Final = (31, 32, 33)
RED_FIVE_IDS: Final = frozenset({16, 52, 88})

TERMINALS_AND_HONORS: Final = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})

_WIND_NAMES: Final = ("East", "South", "West", "North")
_DRAGON_NAMES: Final = ("White", "Green", "Red")
FLOWER_NAMES: Final = ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo")


def tile_ids(flowers: int) -> list[int]:
    """Every tile id of a set: the 136 suit and honour tiles, then ``flowers`` flowers."""
    return list(range(FLOWER_ID_BASE + flowers))


def kind_of(tile: int) -> int:
    """The kind printed on a physical tile."""
    if tile >= FLOWER_ID_BASE:
        return FLOWER_KIND_BASE + (tile - FLOWER_ID_BASE)
    return tile >> 2


def is_red(tile: int) -> bool:
    return tile in RED_FIVE_IDS


def is_flower_kind(kind: int) -> bool:
    return kind >= FLOWER_KIND_BASE


def is_honor(kind: int) -> bool:
    return HONOR_BASE <= kind < FLOWER_KIND_BASE


def is_terminal_or_honor(kind: int) -> bool:
    return kind in TERMINALS_AND_HONORS


def suit_of(kind: int) -> str:
    """``m``, ``p``, ``s`` for suited kinds, ``z`` for honours, ``f`` for flowers."""
    if kind < HONOR_BASE:
        return SUITS[kind // 9]
    return "z" if kind < FLOWER_KIND_BASE else "f"


def rank_of(kind: int) -> int:
    """1..9 for suited kinds, 1..7 for honours (E S W N P F C), 1..8 for flowers."""
    if kind < HONOR_BASE:
        return kind % 9 + 1
    if kind < FLOWER_KIND_BASE:
        return kind - HONOR_BASE + 1
    return kind - FLOWER_KIND_BASE + 1


def kind_name(kind: int) -> str:
    """An English name a player can read: ``5p``, ``East``, ``Red``, ``Plum``."""
    if kind < HONOR_BASE:
        return f"{rank_of(kind)}{suit_of(kind)}"
    if kind < HONOR_BASE + 4:
        return _WIND_NAMES[kind - HONOR_BASE]
    if kind < FLOWER_KIND_BASE:
        return _DRAGON_NAMES[kind - HONOR_BASE - 4]
    return FLOWER_NAMES[kind - FLOWER_KIND_BASE]


# --- notation ---------------------------------------------------------------------------------

_GROUP = re.compile(r"([0-9]+)([mpszf])")
_WHOLE = re.compile(r"(?:[0-9]+[mpszf])*")


def parse_kinds(text: str) -> list[int]:
    """Parse ``123m0p11z`` into kinds (a red five ``0`` becomes the plain five's kind)."""
    return [kind for kind, _red in _parse(text)]


def parse_tiles(text: str) -> list[int]:
    """Parse notation into distinct tile ids, choosing copies in order (``0`` takes the red copy).

    A plain five takes the non-red copies first and the red copy's id last, so ``5555m`` reads as
    all four fives (a rulebook without red fives writes them so). Raises :class:`NotationError`
    when the text is malformed or asks for a fifth copy.
    """
    free: dict[int, list[int]] = {}
    out: list[int] = []
    for kind, red in _parse(text):
        if kind >= FLOWER_KIND_BASE:
            tile = FLOWER_ID_BASE + kind - FLOWER_KIND_BASE
            if tile in out:
                raise NotationError(f"{text!r}: flower {kind_name(kind)} appears twice")
            out.append(tile)
            continue
        copies = free.setdefault(kind, [1, 2, 3, 0] if kind * 4 in RED_FIVE_IDS else [0, 1, 2, 3])
        if red:
            if 0 not in copies:
                raise NotationError(f"{text!r}: two red fives of the same suit")
            copies.remove(0)
            out.append(kind * 4)
            continue
        if not copies:
            raise NotationError(f"{text!r}: more than four {kind_name(kind)}")
        out.append(kind * 4 + copies.pop(0))
    return out


def _parse(text: str) -> list[tuple[int, bool]]:
    if not isinstance(text, str):
        raise NotationError(f"hand notation must be a string, not {type(text).__name__}")
    stripped = text.replace(" ", "")
    if not _WHOLE.fullmatch(stripped):
        raise NotationError(f"{text!r} is not hand notation such as '123m456p789s1122z'")
    out: list[tuple[int, bool]] = []
    for digits, suit in _GROUP.findall(stripped):
        for ch in digits:
            rank = int(ch)
            if suit in "mps":
                red = rank == 0
                if red:
                    rank = 5
                out.append((SUITS.index(suit) * 9 + rank - 1, red))
            elif suit == "z":
                if not 1 <= rank <= 7:
                    raise NotationError(f"{text!r}: honour digits run 1..7, not {rank}")
                out.append((HONOR_BASE + rank - 1, False))
            else:
                if not 1 <= rank <= 8:
                    raise NotationError(f"{text!r}: flower digits run 1..8, not {rank}")
                out.append((FLOWER_KIND_BASE + rank - 1, False))
    return out


def format_kinds(kinds: Iterable[int]) -> str:
    """Format kinds as sorted notation, e.g. ``[0, 1, 2, 27]`` → ``123m1z``."""
    return _format(sorted((k, False) for k in kinds))


def format_tiles(tiles: Iterable[int], *, sort: bool = True, red_fives: bool = True) -> str:
    """Format tile ids as notation, writing red fives as ``0`` (unless the rulebook has none)."""
    pairs = [(kind_of(t), red_fives and is_red(t)) for t in tiles]
    if sort:
        pairs.sort(key=lambda p: (p[0], not p[1]))
    return _format(pairs)


def _format(pairs: Sequence[tuple[int, bool]]) -> str:
    parts: list[str] = []
    cur_suit = ""
    digits: list[str] = []
    for kind, red in pairs:
        suit = suit_of(kind)
        if suit != cur_suit and digits:
            parts.append("".join(digits) + cur_suit)
            digits = []
        cur_suit = suit
        digits.append("0" if red else str(rank_of(kind)))
    if digits:
        parts.append("".join(digits) + cur_suit)
    return "".join(parts)


def tile_name(tile: int) -> str:
    """One tile in notation: ``5m``, ``0p`` (red), ``1z``, ``3f``."""
    return format_tiles([tile])


def parse_tile(text: str) -> int:
    """One tile id from notation such as ``5m`` or ``0p`` (first free copy)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(f"{text!r} names {len(tiles)} tiles, expected one")
    return tiles[0]


def parse_kind(text: str) -> int:
    kinds = parse_kinds(text)
    if len(kinds) != 1:
        raise NotationError(f"{text!r} names {len(kinds)} tiles, expected one")
    return kinds[0]


def counts_of(kinds: Iterable[int]) -> list[int]:
    """A 34-entry count vector (flowers are ignored: they never take part in a shape)."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        if k < NUM_KINDS:
            counts[k] += 1
    return counts


def counts_of_tiles(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        if t < FLOWER_ID_BASE:
            counts[t >> 2] += 1
    return counts


def dora_from_indicator(indicator_kind: int) -> int:
    """The dora is the next kind after the indicator, wrapping within suit, winds and dragons."""
    if indicator_kind < HONOR_BASE:
        base = indicator_kind - indicator_kind % 9
        return base + (indicator_kind % 9 + 1) % 9
    if indicator_kind < HONOR_BASE + 4:
        return HONOR_BASE + (indicator_kind - HONOR_BASE + 1) % 4
    return HONOR_BASE + 4 + (indicator_kind - HONOR_BASE - 4 + 1) % 3
