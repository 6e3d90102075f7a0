"""How a level's prose names tiles: in square brackets, in the engine's notation (``[5m]``,
``[46p]``, ``[456m]``, ``[7z]``), never as a bare code.

Why: a new player cannot read ``5m`` or ``4-6p``; the table shows tiles as pictures (the hints,
the AI's reasons: :mod:`game.ui.table.tile_line`), and the tutorial should too. A mark is parsed
with the engine's own notation, so what the prose shows is the tile the level means; the words
that stand in for it where no picture can be drawn come from the catalogs
(:class:`game.i18n.tiles.TileWords`: ``5m`` in Latin-script languages, ``5萬`` in Chinese), in the
player's language at the time it is shown. A tile written the old way (``5m``, ``4-6p``,
``(8-9s)``, ``5萬``, ``5mを捨てます``) is refused when the level is read, so no level can show a
code to the player again (:func:`problems`, used by the level reader and so by ``levels check``).
"""

from __future__ import annotations

import re
from typing import Final

from game.engine.errors import NotationError
from game.engine.tiles import parse_tiles
from game.i18n import Joined
from game.i18n.tiles import tiles_words

MARK: Final = re.compile(r"\[([^\[\]]*)\]")
# A tile written the old way: digits (perhaps joined by hyphens) against a suit letter, or against
# a Chinese suit character (ASCII or full-width digits), not inside a word ("S1", "5min").
_DIGIT: Final = "[0-9０-９]"
CODE: Final = re.compile(
    rf"(?<![A-Za-z0-9０-９]){_DIGIT}(?:[-–]?{_DIGIT})*[mpszf](?![A-Za-z])"
    rf"|{_DIGIT}(?:[-–]?{_DIGIT})*\s?[萬万筒餅條条索]"
)
# ... and, in a level's prose, a run of tiles without its suit ("the other end of 3-4"); the game's
# own words may say "keys 1-3", a level's words about tiles may not.
BARE: Final = re.compile(rf"{CODE.pattern}|(?<![0-9０-９,.]){_DIGIT}(?:[-–]{_DIGIT})+(?![0-9０-９])")


def problems(words: str) -> list[str]:
    """What is wrong with how ``words`` names tiles (empty when nothing): a bare code, an empty
    or unreadable mark."""
    out: list[str] = []
    for mark in MARK.finditer(words):
        try:
            if not parse_tiles(mark.group(1)) or " " in mark.group(1):
                raise NotationError("empty")
        except NotationError:
            out.append(f"[{mark.group(1)}] is not a tile mark (write tiles as [5m], [46p], [456s], [7z])")
    rest = MARK.sub(" ", words)
    for code in BARE.finditer(rest):
        out.append(f"names a tile as the code {code.group(0)!r}: write it as a mark, [{_as_mark(code.group(0))}], "
                   "which the game shows as tile pictures")
    for bracket in "[]":
        if bracket in rest:
            out.append(f"an unmatched {bracket!r} (tile marks are [5m])")
            break
    return out


def _as_mark(code: str) -> str:
    """The mark a bare code means (``4-6p`` -> ``46p``, ``5萬`` -> ``5m``)."""
    digits = "".join(ch if ch.isascii() else chr(ord(ch) - 0xFEE0) for ch in code if ch.isdigit())
    suit = code.rstrip()[-1]
    return digits + {"萬": "m", "万": "m", "筒": "p", "餅": "p", "條": "s", "条": "s", "索": "s"}.get(suit, suit)


def prose(words: str) -> str:
    """``words`` with every mark made the tiles it names (:class:`~game.i18n.tiles.TileWords`):
    a :class:`~game.i18n.Joined` whose text reads the tiles' names in the current language and
    whose pieces (:func:`game.i18n.pieces`) a screen draws as pictures. Words with no mark come
    back as they are."""
    if "[" not in words:
        return words
    parts: list[str] = []
    at = 0
    for mark in MARK.finditer(words):
        if mark.start() > at:
            parts.append(words[at:mark.start()])
        parts.append(tiles_words(parse_tiles(mark.group(1))))
        at = mark.end()
    if at < len(words):
        parts.append(words[at:])
    return Joined("", parts)
