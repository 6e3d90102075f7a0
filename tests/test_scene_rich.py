"""RichText: words and pictures wrapped at a width, nothing cut, nothing lost."""

from __future__ import annotations

import pygame
from table_helpers import display

from game.scene.rich import RichText
from game.ui.table import pieces


def test_lines_never_pass_the_width_and_keep_every_word() -> None:
    display()
    font = pieces.font(14)
    tile = pygame.Surface((22, 30))
    words = "discards the tile on the left because it keeps the most draws that improve the hand"
    node = RichText(["Hint: ", tile, f": {words}"], font, width=160)
    lines = node.lines()
    assert len(lines) > 2
    for line in lines:
        assert sum(w for _, w, _, _ in line) <= 160
    image = node.surface()
    assert image.get_width() <= 160
    assert image.get_height() >= 30 + (len(lines) - 1) * font.size("x")[1]
    shown = sum(1 for line in lines for piece, _, _, pic in line if piece is not None and not pic)
    assert shown == len(f"Hint: : {words}".split())  # every word once (the ":" after the tile too)


def test_neighbouring_strings_are_one_run_of_words() -> None:
    """A number filled into a sentence ("3" then "-shanten") never breaks from its word."""
    display()
    node = RichText(["a b c ", "3", "-shanten"], pieces.font(14), width=10)
    runs = [[p for p, _, _, pic in line if p is not None] for line in node.lines()]
    assert [len(r) for r in runs][-1] == 1  # "3-shanten" stands whole on its own line
