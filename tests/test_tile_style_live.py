"""The tile style setting applies at once: the table under the pause menu and the title under the
settings are drawn again in the new style, not from the next match."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest
from table_helpers import SIZE, display
from user_dirs import point_user_dirs

from game.match_options import MatchOptions
from game.persist.replays import ReplayLibrary
from game.persist.saves import SaveStore
from game.persist.settings import SettingsStore
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import StartMatch
from game.ui.menus.match_menu import MatchMenuScreen
from game.ui.menus.settings_screen import SettingsScreen
from game.ui.menus.title import TitleScreen
from game.ui.table import TableScreen, start_match
from game.ui.tile_art import STYLES


def flow_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MenuFlow:
    point_user_dirs(tmp_path, monkeypatch)
    display()
    return MenuFlow(SIZE, settings_store=SettingsStore(tmp_path / "settings"),
                    saves=SaveStore(tmp_path / "saves", background=False), replays=ReplayLibrary(tmp_path / "replays"),
                    open_table=start_match)


def press(flow: MenuFlow, code: int) -> None:
    flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, unicode="", mod=0))


def change_style_in_settings(flow: MenuFlow) -> str:
    """Right on the Tile style row of the settings on top, until the style differs; Esc back."""
    settings = flow.top
    assert isinstance(settings, SettingsScreen)
    before = flow.settings.tile_style
    settings.set_focus(next(i for i, w in enumerate(settings.widgets) if w.name == "tile_style"))
    press(flow, pygame.K_RIGHT)
    assert flow.settings.tile_style != before and flow.settings.tile_style in STYLES
    press(flow, pygame.K_ESCAPE)
    return flow.settings.tile_style


def test_the_table_is_drawn_in_the_new_style_as_soon_as_the_pause_menu_closes(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    flow = flow_at(tmp_path, monkeypatch)
    flow.act(StartMatch(dataclasses.replace(MatchOptions(), seed=5)))
    table = flow.top
    assert isinstance(table, TableScreen)
    for _ in range(900):
        flow.update(1 / 60)
    surface = pygame.Surface(SIZE)
    table.draw(surface)
    before = pygame.image.tobytes(surface, "RGB")
    old_style = table.layout.hand_art.style
    state = table.match.state_hash()
    press(flow, pygame.K_ESCAPE)
    assert isinstance(flow.top, MatchMenuScreen)
    flow.act(flow.top.widgets[[w.name for w in flow.top.widgets].index("settings")].activate())
    style = change_style_in_settings(flow)
    press(flow, pygame.K_ESCAPE)
    assert flow.top is table and style != old_style
    arts = [table.layout.hand_art, table.layout.river_art, table.layout.wall_art, table.layout.badge_art,
            table.hud.line_art]
    assert {art.style for art in arts} == {style}
    assert table.match.state_hash() == state  # the same hand, only drawn anew
    table.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != before


def test_the_title_behind_the_settings_follows_the_style(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flow = flow_at(tmp_path, monkeypatch)
    title = flow.top
    assert isinstance(title, TitleScreen)
    flow.act(title.widgets[[w.name for w in title.widgets].index("settings")].activate())
    style = change_style_in_settings(flow)
    assert flow.top is title and title.tile_style == style


def test_e_at_the_table_and_the_settings_row_are_one_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen: E (the AI's reasons on), then Settings said "Show why the AI played: Off". E is that
    setting's key: it is kept like any change, Settings shows it, and the row turns it back."""
    flow = flow_at(tmp_path, monkeypatch)
    flow.act(StartMatch(dataclasses.replace(MatchOptions(), seed=5)))
    table = flow.top
    assert isinstance(table, TableScreen) and not table.explain and not flow.settings.hint_ai_reasons
    for _ in range(60):
        flow.update(1 / 60)
    flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, unicode="e", mod=0))
    assert table.explain and flow.settings.hint_ai_reasons
    assert SettingsStore(tmp_path / "settings").load().hint_ai_reasons  # kept for the next start
    press(flow, pygame.K_ESCAPE)
    assert isinstance(flow.top, MatchMenuScreen)
    flow.act(flow.top.widgets[[w.name for w in flow.top.widgets].index("settings")].activate())
    settings = flow.top
    assert isinstance(settings, SettingsScreen) and settings.settings.hint_ai_reasons
    settings.set_focus(next(i for i, w in enumerate(settings.widgets) if w.name == "hint_ai_reasons"))
    press(flow, pygame.K_RIGHT)
    assert not flow.settings.hint_ai_reasons and not table.explain
    press(flow, pygame.K_ESCAPE)
    press(flow, pygame.K_ESCAPE)
    assert flow.top is table
    flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, unicode="e", mod=0))
    assert table.explain and flow.settings.hint_ai_reasons
