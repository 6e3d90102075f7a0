"""A sentence with its tiles drawn as tiles: the table's hints, the AI's reasons, the waits.

The words come from the catalogs as a :class:`~game.i18n.Message` whose tile values are
:class:`~game.i18n.tiles.TileWords`; :func:`game.i18n.pieces` cuts the sentence at its values, and
each run of tile words becomes the tiles' faces, so "discards [South]" reads the same in every
language and every terminology, and never as ``2z``. The line wraps at its width: nothing is ever
cut off. After a language switch :meth:`TileLine.retranslate` writes it again.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.tiles import FLOWER_ID_BASE, FLOWER_KIND_BASE
from game.i18n import again, pieces
from game.i18n.tiles import TileWords
from game.scene.rich import Part, RichText
from game.ui.tile_art import TileArt


def tile_of(kind: int) -> int:
    """A tile id showing ``kind`` (a plain five, never the red one)."""
    return FLOWER_ID_BASE + kind - FLOWER_KIND_BASE if kind >= FLOWER_KIND_BASE else kind * 4 + 1


def tile_parts(text: str, art: TileArt) -> list[Part]:
    """``text`` with every tile it names as a face from ``art`` (2 px apart within a group)."""
    out: list[Part] = []
    for piece in pieces(text):
        if isinstance(piece, TileWords) and piece.kinds:
            for tile in piece.tiles or [tile_of(kind) for kind in piece.kinds]:
                out.append(art.sideways(tile) if tile in piece.turned else art.face(tile))
        else:
            out.append(piece)
    return out


class TileLine(RichText):
    """A ``RichText`` made from a sentence (``source``) whose tiles are drawn with ``art``."""

    __slots__ = ("source", "art")

    def __init__(self, source: str, art: TileArt, font: Any, color: Any, x: float = 0.0, y: float = 0.0,
                 **rich: Any) -> None:
        self.source = source
        self.art = art
        super().__init__(tile_parts(source, art), font, color, x, y, **rich)

    @property
    def text(self) -> str:
        """The sentence in words (its tiles named), as a reader or a test reads it."""
        return self.source

    def say(self, source: str) -> None:
        """Show another sentence (rendered again only if it differs)."""
        if source != self.source or type(source) is not type(self.source):
            self.source = source
            self.parts = tuple(tile_parts(source, self.art))

    def retranslate(self) -> None:
        self.source = again(self.source)
        self.parts = tuple(tile_parts(self.source, self.art))

    def size_px(self) -> tuple[int, int]:
        image: pygame.Surface = self.surface()
        return image.get_size()
