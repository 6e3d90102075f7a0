"""One highlight at a time in the menus: the focus ring stands around the one widget Enter would
press, whether the keyboard or the pointer put it there (the pause menu showed two highlighted
items: a gold main button and the focused one)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from table_helpers import display
from user_dirs import point_user_dirs

from game.persist.settings import Settings
from game.ui.menus.match_menu import MatchMenuScreen
from game.ui.menus.new_game import NewGameScreen
from game.ui.menus.settings_screen import SettingsScreen
from game.ui.menus.title import TitleScreen
from game.ui.menus.widgets import Button, MenuScreen, Widget

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def _headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    display()


def ringed(screen: MenuScreen) -> list[Widget]:
    return [w for w in screen.widgets if w.ring.visible]


def centre(widget: Widget) -> tuple[int, int]:
    x, y = widget.to_world(widget.width / 2, widget.height / 2)
    return round(x), round(y)


@pytest.mark.parametrize("make", [lambda: TitleScreen(SIZE), lambda: NewGameScreen(SIZE),
                                  lambda: SettingsScreen(SIZE, Settings()), lambda: MatchMenuScreen(SIZE)])
def test_exactly_one_ring_by_keys_and_by_pointer(make) -> None:  # type: ignore[no-untyped-def]
    screen = make()
    assert ringed(screen) == [screen.focused]
    for _ in range(3):
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0))
        assert ringed(screen) == [screen.focused]
    last = [w for w in screen.widgets if w.enabled][-1]
    screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(last), rel=(1, 0), buttons=(0, 0, 0)))
    assert ringed(screen) == [last]


def test_the_pause_menu_has_no_second_highlight() -> None:
    """Its four entries are peers: none is painted as the main action beside the focused one."""
    screen = MatchMenuScreen(SIZE)
    assert not any(isinstance(w, Button) and w.primary for w in screen.widgets)
