"""A frame is drawn only when something on screen can have changed. Measured in a real window
(Xvfb, 1280x720): the Settings screen left alone used 59 % of a core, the table waiting for the
player 42 %, drawing and handing over the same picture 60 times a second; with still frames 6 %
each. These tests hold the two halves: when a screen says it is still, and what the loop does
with that."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from table_helpers import SIZE, display
from user_dirs import point_user_dirs

from game.engine import Phase
from game.scene import FixedClock
from game.ui.menus import run
from game.ui.menus.flow import MenuFlow
from game.ui.menus.settings_screen import SettingsScreen
from game.ui.menus.title import TitleScreen
from game.ui.menus.widgets import MenuScreen
from game.ui.review.screen import ReviewScreen
from game.ui.screens import ScreenStack
from game.ui.still_frames import REFRESH, StillFrames
from game.ui.table import TableScreen


def test_a_still_screen_is_drawn_again_only_after_a_change_or_the_refresh() -> None:
    frames = StillFrames()
    top = object()
    assert frames.needed(0.0, still=True, changed=False, top=top, size=SIZE)  # the first frame
    assert not frames.needed(0.016, still=True, changed=False, top=top, size=SIZE)
    assert frames.needed(0.033, still=True, changed=True, top=top, size=SIZE)  # an event came
    assert not frames.needed(0.05, still=True, changed=False, top=top, size=SIZE)
    assert frames.needed(0.06, still=True, changed=False, top=object(), size=SIZE)  # another screen
    assert frames.needed(0.07, still=True, changed=False, top=None, size=SIZE)
    assert frames.needed(0.08, still=True, changed=False, top=None, size=(1920, 1080))  # a new size
    assert not frames.needed(0.08 + REFRESH / 2, still=True, changed=False, top=None, size=(1920, 1080))
    assert frames.needed(0.08 + REFRESH, still=True, changed=False, top=None, size=(1920, 1080))  # the refresh
    for k in range(5):  # a screen that moves is drawn every frame
        assert frames.needed(1.0 + k / 60, still=False, changed=False, top=None, size=(1920, 1080))
    # the first still frame after it shows what the last busy update did (a job's result laid out)
    assert frames.needed(1.1, still=True, changed=False, top=None, size=(1920, 1080))
    assert not frames.needed(1.11, still=True, changed=False, top=None, size=(1920, 1080))
    assert frames.skipped == 4


def test_menus_without_an_update_of_their_own_are_still_and_those_with_one_are_not() -> None:
    display()
    settings, title = SettingsScreen(SIZE), TitleScreen(SIZE)
    assert settings.still and title.still
    stack = ScreenStack()
    stack.push(title)
    stack.push(settings)
    assert stack.still

    class Ticking(MenuScreen):  # a progress bar, a countdown: its picture changes with time
        def build(self) -> None:
            pass

        def update(self, dt: float) -> None:
            pass

    stack.push(Ticking(SIZE))
    assert not stack.still
    assert ReviewScreen.update is not MenuScreen.update  # (the review's progress bar is one)


def _settle(screen: TableScreen, clock: FixedClock, frames: int = 30) -> None:
    for _ in range(frames):
        screen.update(clock.tick())


def test_the_table_is_still_only_while_it_waits_for_the_player_and_nothing_moves() -> None:
    display()
    screen = TableScreen(SIZE, seed=12, speed=12.0)
    clock = FixedClock()
    moving_frames = 0
    while not (screen.human_awaited() and screen.match.phase is Phase.TURN):
        if screen.human_awaited():  # a claim offered: the table waits for the answer, still
            _settle(screen, clock)
            assert screen.still
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
            continue
        assert not screen.still, "the deal and the AI's turns move"
        screen.update(clock.tick())
        moving_frames += 1
    assert moving_frames > 10
    _settle(screen, clock)
    assert screen.still
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
    screen.update(1 / 240)  # a quarter of a frame: the tile the cursor left is on its way down
    assert screen.hand_focus.moving and not screen.still
    _settle(screen, clock)
    assert screen.still
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    screen.update(clock.tick())
    assert not screen.still, "the discard flies"


def test_a_claim_clock_keeps_the_table_moving() -> None:
    display()
    for seed in range(1, 40):
        screen = TableScreen(SIZE, seed=seed, speed=12.0, claim_seconds=10.0)
        clock = FixedClock()
        for _ in range(20_000):
            if screen.presenter.hands_ended:
                break
            screen.update(clock.tick())
            if screen.human_awaited():
                if screen.match.phase is not Phase.TURN:  # a claim offered: its clock counts down
                    _settle(screen, clock, 5)
                    assert not screen.still
                    return
                screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, unicode="d", mod=0))
    raise AssertionError("no claim offered to the human in these seeds")


def test_the_loop_draws_a_still_title_once_then_only_on_events_and_refreshes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """30 frames (half a second at 60 a second) of the title left alone: the first frame, a
    refresh or two, and one more for a key pressed on frame 15; every frame is still updated."""
    pygame.init()  # started here, so run_menus leaves pygame (and the fonts other tests cache) running
    point_user_dirs(tmp_path, monkeypatch)
    flow = MenuFlow(SIZE)
    drawn: list[int] = []
    updated: list[int] = []
    real_draw, real_update = flow.draw, flow.update

    def update(dt: float) -> object:
        updated.append(len(updated) + 1)
        if len(updated) == 15:  # seen by the next frame's events
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0, scancode=0))
        return real_update(dt)

    monkeypatch.setattr(flow, "draw", lambda surface: drawn.append(len(updated)) or real_draw(surface))
    monkeypatch.setattr(flow, "update", update)
    start = time.monotonic()
    assert run.run_menus(frames=30, flow=flow) == 0
    seconds = time.monotonic() - start
    assert updated == list(range(1, 31))
    assert drawn[0] == 1 and 16 in drawn, drawn
    assert len(drawn) <= 2 + seconds / REFRESH + 1, (drawn, seconds)  # the first, the key's, one per refresh
    assert len(drawn) < 15, drawn


@pytest.mark.parametrize("waits", [True, False])
def test_a_result_is_still_once_its_points_are_counted_while_it_waits_for_the_player(waits: bool) -> None:
    """A result that goes on by itself counts down on its OK button: never still."""
    from test_table_input import _to_a_result

    display()
    screen = TableScreen(SIZE, seed=5, speed=1.0, levels={s: "efficiency" for s in range(4)}, wait_for_player=waits)
    clock = FixedClock()
    _to_a_result(screen, clock)
    assert not screen.still, "the result comes in and counts its points"
    if not waits:
        while screen.hud.overlay.visible:
            screen.update(clock.tick())
            assert not screen.still
        return
    frames = 0
    while not screen.still and frames < 1200:
        screen.update(clock.tick())
        frames += 1
    assert screen.still and screen.presenter.waiting_for_player, frames
    for _ in range(600):  # and stays so: nothing moves until the player dismisses it
        screen.update(clock.tick())
        assert screen.still
    counting = screen.presenter.counting
    assert counting is not None and counting.done
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    screen.update(clock.tick())
    assert not screen.still, "the next hand's ceremony moves"
