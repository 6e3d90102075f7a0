"""Menus over the table are opaque where they are: drawn over two different tables (white and
black), every pixel inside the panel's rim is the same, so no tile shows through the words (QA saw
the river through the pause panel). The veil around it stays see-through: the player is still at
the table."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_helpers import display
from user_dirs import point_user_dirs

from game.scene import Panel
from game.ui.menus.dialog import DialogScreen
from game.ui.menus.match_menu import MatchMenuScreen
from game.ui.menus.notice_screen import NoticeScreen
from game.ui.menus.save_screen import SaveAsScreen

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    display()


def _card(screen: DialogScreen) -> pygame.Rect:
    panels = [n for n in screen.root.children if isinstance(n, Panel)]
    card = max(panels, key=lambda p: p.width * p.height)
    rect = pygame.Rect(0, 0, card.width, card.height)
    rect.center = (round(card.x), round(card.y))  # centred on its point (the root is the screen)
    return rect


def _drawn(screen: DialogScreen, under: tuple[int, int, int]) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    surface.fill(under)
    screen.draw(surface)
    return surface


@pytest.mark.parametrize("make", [lambda: MatchMenuScreen(SIZE), lambda: SaveAsScreen(SIZE, suggested="Riichi East 1"),
                                  lambda: NoticeScreen(SIZE, ["A file was set aside: it could not be read."])])
def test_a_dialogs_panel_hides_the_table_under_it(make: object) -> None:
    screen = make()  # type: ignore[operator]
    white, black = _drawn(screen, (255, 255, 255)), _drawn(screen, (0, 0, 0))
    inner = _card(screen).inflate(-24, -24)  # inside the rounded rim
    differ = sum(1 for x in range(inner.left, inner.right, 3) for y in range(inner.top, inner.bottom, 3)
                 if white.get_at((x, y)) != black.get_at((x, y)))
    assert differ == 0, f"{differ} pixels of the table show through the panel"
    assert white.get_at((4, 4)) != black.get_at((4, 4)), "the veil around it is see-through"
