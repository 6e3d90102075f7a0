"""A level's prose with its tiles drawn as tiles: the narration, the feedback, the hint and the
choices of a tutorial step ("East discards [picture]").

Why: a level names tiles with marks (``[5m]``: :mod:`game.tutorial.prose`) so that the player sees
the tiles themselves, as the table's hints and the AI's reasons show them, and never a code. The
words are set by :class:`~game.ui.table.tile_line.TileLine` (the one word-and-picture line, broken
by :mod:`game.scene.linebreak`) at the pixel size of the screen's scale and scaled back, like every
menu text; the tile pictures are at least as tall as the table's readable minimum (28 px at
1280x720).
"""

from __future__ import annotations

from typing import Any

from game.i18n import pieces
from game.i18n.tiles import TileWords
from game.scene import Node
from game.ui.menus.widgets import Button, layout_scale, ui_font
from game.ui.table.layout import READABLE_WIDTH
from game.ui.table.tile_line import TileLine
from game.ui.tile_art import tile_art


def names_tiles(words: str) -> bool:
    """Whether ``words`` hold tiles a screen draws as pictures."""
    return any(isinstance(piece, TileWords) and piece.kinds for piece in pieces(words))


class TileProse(Node):
    """``words`` wrapped to ``width`` layout units at ``size``, tiles as pictures; ``x``, ``y`` its
    top-left corner (``anchor_y`` 0.5: its left middle). ``height`` is what it takes."""

    def __init__(self, words: str, width: float, size: int, colour: Any, x: float = 0, y: float = 0, *,
                 bold: bool = False, style: str = "classic", align: str = "left", anchor_y: float = 0.0,
                 name: str = "") -> None:
        scale = layout_scale()
        px = max(6, round(size * scale))
        art = tile_art(max(round(READABLE_WIDTH * scale), round(px * 1.15)), style)
        self.words = words
        self.line = TileLine(words, art, ui_font(px, bold), colour, 0, 0, width=round(width * scale), align=align,
                             anchor=(0.0, 0.0), scale=1.0 / scale)
        w, h = self.line.size_px()
        self.height = h / scale
        super().__init__(x, y - self.height * anchor_y, size=(w / scale, self.height), anchor=(0.0, 0.0), name=name)
        self.add_child(self.line)


def tile_button(button: Button, words: str, style: str = "classic") -> Button:
    """``button`` with its words set again with tile pictures, when they name tiles."""
    if not names_tiles(words):
        return button
    box = button.label_box()
    button.text.remove()  # (kept as the button's words, for a reader; the pictures stand in its place)
    middle = button.height / 2
    button.add_child(TileProse(words, box.width, box.size, button.colour, 22, middle, bold=True, style=style,
                               anchor_y=0.5, name="button tiles"))
    return button
