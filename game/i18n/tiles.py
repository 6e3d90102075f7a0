"""Tile kinds in words, in the current language: the one place the table, the tutorials and the
AI's reasons name a tile. Suit tiles are written as players write them (``5p`` in the Tenhou
notation Western and Japanese players read; ``5筒`` in Chinese: ``tile.suit.<m|p|s>``), honours and
flowers by name (``Est``, ``東``, ``紅中``).

The words come as :class:`TileWords`, a ``str`` that keeps the kinds it names: a screen that can
draw tiles shows those as pictures instead (:func:`game.i18n.pieces` finds them in a sentence), and
after a language switch they are written again like any message.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.tiles import HONOR_BASE, kind_name, kind_of, rank_of, suit_of

from . import has, language, t


class TileWords(str):
    """Words naming ``kinds`` (in the order given), which a screen may draw as tiles; ``tiles``
    keeps the tile ids when they are known, so a red five is drawn red; ``turned``: the ids a
    screen draws sideways (the claimed tile of a meld, as it will lie on the table)."""

    kinds: tuple[int, ...]
    tiles: tuple[int, ...]
    turned: tuple[int, ...]
    language: str

    def __new__(cls, kinds: Iterable[int], tiles: Iterable[int] = (), turned: Iterable[int] = ()) -> TileWords:
        kept = tuple(kinds)
        made = super().__new__(cls, " ".join(_word(k) for k in kept))
        made.kinds, made.tiles, made.turned, made.language = kept, tuple(tiles), tuple(turned), language()
        return made

    def __reduce__(self) -> tuple[object, ...]:
        return (TileWords, (self.kinds, self.tiles, self.turned))

    def again(self) -> TileWords:
        return TileWords(self.kinds, self.tiles, self.turned)


def _word(kind: int) -> str:
    if kind < HONOR_BASE:
        return t(f"tile.suit.{suit_of(kind)}", number=rank_of(kind))
    name = kind_name(kind)
    key = f"tile.{name.lower()}"
    return t(key) if has(key) else name


def tile_word(kind: int) -> TileWords:
    return TileWords((kind,))


def tile_words(kinds: Iterable[int]) -> TileWords:
    return TileWords(kinds)


def tiles_words(tiles: Iterable[int], turned: Iterable[int] = ()) -> TileWords:
    """Tiles (ids) in words, keeping the ids (a red five is drawn red); ``turned`` drawn sideways."""
    kept = tuple(tiles)
    return TileWords((kind_of(t) for t in kept), kept, turned)
