"""Tile kinds in words, in the current language: the one place the table, the tutorials and the
AI's reasons name a tile (suit tiles as written, ``5p``; honours and flowers by name, ``Est``)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.tiles import kind_name

from . import has, t


def tile_word(kind: int) -> str:
    name = kind_name(kind)
    key = f"tile.{name.lower()}"
    return t(key) if has(key) else name


def tile_words(kinds: Sequence[int]) -> str:
    return " ".join(tile_word(k) for k in kinds)
