"""RichText: words and pictures wrapped at a width, nothing cut, nothing lost."""

from __future__ import annotations

import pygame
from cell_font import CellFont
from hypothesis import given
from hypothesis import strategies as st
from table_helpers import display

from game.scene.linebreak import NO_START
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
        assert sum(p[1] for p in line) <= 160
    image = node.surface()
    assert image.get_width() <= 160
    assert image.get_height() >= 30 + (len(lines) - 1) * font.size("x")[1]
    shown = sum(1 for line in lines for piece, _, _, pic, _ in line if piece is not None and not pic)
    assert shown == len(f"Hint: : {words}".split())  # every word once (the ":" after the tile too)


def test_neighbouring_strings_are_one_run_of_words() -> None:
    """A number filled into a sentence ("3" then "-shanten") never breaks from its word."""
    display()
    node = RichText(["a b c ", "3", "-shanten"], pieces.font(14), width=10)
    runs = [[p for p, _, _, pic, _ in line if p is not None] for line in node.lines()]
    assert [len(r) for r in runs][-1] == 1  # "3-shanten" stands whole on its own line


def line_texts(node: RichText, font: CellFont, tile: pygame.Surface) -> list[str]:
    return ["".join("[T]" if p is tile else font.said.get(id(p), "") if p is not None and p.get_height() else " "
                    for p, *_ in line) for line in node.lines()]


def test_a_japanese_hint_breaks_between_characters_and_keeps_the_particle_with_its_tile() -> None:
    """Issue 14: "ヒント・[白]" then "を切る：3向聴…" alone on the next line. A Japanese line breaks
    between characters; the particle written against the tile stays with it."""
    font, tile = CellFont(), pygame.Surface((22, 30))
    node = RichText(["ヒント・", tile, "を切る：3向聴、受け入れ36枚"], font, width=200, gap=0)
    lines = line_texts(node, font, tile)
    assert lines[0].startswith("ヒント・[T]を切る"), lines
    assert "".join(lines) == "ヒント・[T]を切る：3向聴、受け入れ36枚"
    assert all(sum(p[1] for p in line) <= 200 for line in node.lines())


# tiles, Chinese and Japanese runs (no spaces, as those languages write), Latin words with spaces
PIECES = st.lists(st.one_of(st.sampled_from(["TILE"]),
                            st.text(alphabet="、。：を切る向聴受け入れ打出過提示3", min_size=1, max_size=12),
                            st.text(alphabet="ab :", min_size=1, max_size=12)),
                  min_size=1, max_size=8)


@given(parts=PIECES, width=st.integers(40, 240))
def test_lines_keep_every_character_in_order_and_never_start_with_closing_marks(parts: list[str], width: int) -> None:
    font, tile = CellFont(), pygame.Surface((22, 30))
    node = RichText([tile if p == "TILE" else p for p in parts], font, width=width, gap=0)
    lines = line_texts(node, font, tile)
    text = "".join("[T]" if p == "TILE" else p for p in parts)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for number, line in enumerate(lines[1:], 1):
        assert line and line[0] not in NO_START, (lines, number)
    for line in node.lines():
        if sum(p[1] for p in line) > width:  # only a run with no place to break may pass the width
            assert not any(line[j][0] is not None and (line[j][4] or (line[j - 1][0] is None and line[j - 1][4]))
                           for j in range(1, len(line)))
