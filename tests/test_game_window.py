"""The game's window: a high-DPI drawable where the platform offers one, input mapped from window
points to drawable pixels (:mod:`game.ui.game_window`).

No macOS or Windows here: the mapping is a pure function checked at the scales those systems use
(2x Retina, 1.25x and 1.5x Windows monitors), a window whose points and pixels differ is simulated
by overriding its size in points, and the real ``pygame.Window`` path runs under the dummy driver.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from user_dirs import point_user_dirs

from game.persist.settings import Settings
from game.scene import Node
from game.ui import game_window
from game.ui.game_window import GameWindow, motion_to_pixels, scale_of, to_pixels
from game.ui.menus.flow import MenuFlow
from game.ui.menus.settings_screen import SettingsScreen
from game.ui.menus.title import TitleScreen

SCALES = (1.0, 1.25, 1.5, 2.0)


@pytest.fixture(autouse=True)
def video() -> object:
    pygame.display.init()
    yield None
    shown = game_window.current()
    if shown is not None:
        shown.close()


def test_a_retina_window_maps_points_to_twice_the_pixels() -> None:
    assert scale_of((1280, 720), (2560, 1440)) == (2.0, 2.0)
    assert to_pixels((640, 360), (1280, 720), (2560, 1440)) == (1280, 720)
    assert to_pixels((0, 0), (1280, 720), (2560, 1440)) == (0, 0)
    assert to_pixels((1279.5, 719.5), (1280, 720), (2560, 1440)) == (2559, 1439)
    assert motion_to_pixels((3, -2), (1280, 720), (2560, 1440)) == (6, -4)


def test_a_pointer_outside_the_window_stays_on_the_drawable() -> None:
    assert to_pixels((-20, 800), (1280, 720), (1920, 1080)) == (0, 1079)
    assert to_pixels((5000, -1), (1280, 720), (1280, 720)) == (1279, 0)


@given(scale=st.sampled_from(SCALES), w=st.integers(640, 3840), h=st.integers(360, 2160),
       fx=st.floats(0, 1, exclude_max=True), fy=st.floats(0, 1, exclude_max=True))
def test_every_point_lands_on_the_pixel_under_it(scale: float, w: int, h: int, fx: float, fy: float) -> None:
    points, pixels = (w, h), (round(w * scale), round(h * scale))
    x, y = fx * w, fy * h
    px, py = to_pixels((x, y), points, pixels)
    assert 0 <= px < pixels[0] and 0 <= py < pixels[1]
    sx, sy = scale_of(points, pixels)
    # the pixel's own square, seen back in points, holds the point (within the rounding of the sizes)
    assert px / sx - 1e-6 <= x + 1 / sx and x <= (px + 1) / sx + 1e-6 + 1 / sx
    assert py / sy - 1e-6 <= y + 1 / sy and y <= (py + 1) / sy + 1e-6 + 1 / sy
    # and points further right or down never map further left or up
    assert to_pixels((min(x + 1, w - 0.5), y), points, pixels)[0] >= px


def centre(node: Node) -> tuple[int, int]:
    w, h = node.content_size()
    ax, ay = node.anchor
    x, y = node.to_world((0.5 - ax) * w, (0.5 - ay) * h)
    return int(x), int(y)


class RetinaWindow(GameWindow):
    """A real window whose OS would report half its drawable as points (a 2x Retina screen): asked
    for 1280x720 points, its drawable is 2560x1440 pixels."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__((size[0] * 2, size[1] * 2))

    @property
    def points(self) -> tuple[int, int]:
        w, h = self.pixels
        return w // 2, h // 2


def test_the_window_draws_at_the_drawable_size_and_surfaces_convert() -> None:
    shown = GameWindow((1280, 720))
    assert shown.pixels == (1280, 720) and shown.points == (1280, 720)
    assert game_window.current() is shown and game_window.can_convert()
    picture = game_window.converted(pygame.Surface((8, 8), pygame.SRCALPHA))
    assert picture.get_flags() & pygame.SRCALPHA
    shown.close()
    assert game_window.current() is None


def test_events_reach_the_screens_in_drawable_pixels() -> None:
    shown = RetinaWindow((1280, 720))
    click = shown.in_pixels(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1))
    assert click.pos == (200, 100) and click.button == 1
    motion = shown.in_pixels(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(2, 1), buttons=(0, 0, 0)))
    assert motion.pos == (20, 20) and motion.rel == (4, 2)
    resized = shown.in_pixels(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360))
    assert (resized.w, resized.h) == shown.pixels
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert shown.in_pixels(key) is key


def test_a_click_in_points_presses_the_button_drawn_in_pixels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 1280x720-point window drawn at 2560x1440: the title lays out at the pixel size, and a click
    at a button's centre in points (half its pixel centre) presses that button."""
    point_user_dirs(tmp_path, monkeypatch)
    shown = RetinaWindow((1280, 720))
    flow = MenuFlow(shown.pixels)
    title = flow.top
    assert isinstance(title, TitleScreen) and title.window == (2560, 1440)
    button = title.root.find("settings")
    assert button is not None
    x, y = centre(button)
    assert x > 640 or y > 360  # drawn in the drawable's pixels, not in points
    flow.handle_event(shown.in_pixels(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x / 2, y / 2), button=1)))
    assert isinstance(flow.top, SettingsScreen)


def test_fullscreen_on_and_off_keeps_the_windowed_size_in_points() -> None:
    shown = GameWindow((1280, 720))
    shown.set_fullscreen(True)
    assert shown.fullscreen
    desktop = pygame.display.get_desktop_sizes()[0]
    assert shown.pixels == desktop
    shown.set_fullscreen(False)
    assert not shown.fullscreen and shown.points == (1280, 720) and shown.pixels == (1280, 720)


def test_the_menus_loop_toggles_fullscreen_and_lays_out_at_the_new_size(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menus import run

    point_user_dirs(tmp_path, monkeypatch)
    flow = MenuFlow((1280, 720))
    settings = dataclasses.replace(flow.settings, window_size=(1280, 720))
    shown = run.window(settings)
    flow.resize(shown.pixels)
    clock = pygame.time.Clock()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0))  # a press
    assert run._frame(flow, shown, clock)
    assert shown.fullscreen and flow.size == shown.pixels == pygame.display.get_desktop_sizes()[0]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0))  # a press
    assert run._frame(flow, shown, clock)
    assert not shown.fullscreen and flow.size == (1280, 720)
    run._remember_window(flow, shown)
    assert flow.settings.window_size == (1280, 720)


def test_a_dragged_window_keeps_its_size_through_fullscreen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen: a window dragged to 900x600, F11 twice, came back at the settings' 1280x720. The
    settings applied again on each toggle ask for the size they asked for before: no new request."""
    from game.ui.menus import run

    point_user_dirs(tmp_path, monkeypatch)
    flow = MenuFlow((1280, 720))
    settings = dataclasses.replace(flow.settings, window_size=(1280, 720))
    shown = run.window(settings)
    shown.window.size = (900, 600)  # the player drags it
    for on in (True, False):
        run._apply_window(shown, flow, dataclasses.replace(settings, fullscreen=on))
    assert not shown.fullscreen and shown.points == (900, 600) and flow.size == shown.pixels
    run._apply_window(shown, flow, dataclasses.replace(settings, window_size=(1600, 900)))  # a new size chosen
    assert shown.points == (1600, 900)


def test_a_dragged_window_is_remembered_in_points_not_pixels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menus import run

    point_user_dirs(tmp_path, monkeypatch)
    shown = RetinaWindow((1280, 720))
    flow = MenuFlow(shown.pixels)
    flow.settings = dataclasses.replace(flow.settings, window_size=Settings().window_size)
    shown.window.size = (1600, 900)
    run._remember_window(flow, shown)
    assert flow.settings.window_size == shown.points


def test_a_window_larger_than_the_desktop_is_shrunk_to_fit_keeping_its_shape() -> None:
    """A 2x desktop has few points (2560x1440 pixels = 1280x720 points): a 1920x1080 window from the
    settings opens inside it, title bar and panels counted, still 16:9; a window that fits is kept."""
    from game.ui.game_window import DESKTOP_MARGIN, MINIMUM_SIZE, fitted

    assert fitted((1280, 720), (1920, 1080)) == (1280, 720)
    assert fitted((1280, 720), None) == (1280, 720)
    w, h = fitted((1920, 1080), (1280, 720))
    assert w <= 1280 - DESKTOP_MARGIN[0] and h <= 720 - DESKTOP_MARGIN[1]
    assert abs(w / h - 16 / 9) < 0.01
    assert fitted((2560, 1440), (1440, 900)) == fitted((1920, 1080), (1440, 900))  # the same room
    assert fitted((1280, 720), (600, 300)) == MINIMUM_SIZE  # never below the smallest layout


def test_the_dummy_drivers_made_up_desktop_never_shrinks_a_window() -> None:
    from game.ui.game_window import desktop_size

    display_size = pygame.display.get_desktop_sizes()
    assert display_size  # the dummy driver reports 1024x768, no real desktop
    assert desktop_size() is None
