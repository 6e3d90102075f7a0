"""Key repeats: a key that acts answers once per press, a key that moves repeats while held.

Seen in a real window on a busy machine: one Enter on the title opened the tutorials, the first
lesson, answered it (three stars) and opened its source text. pygame's repeat timer had sent
repeats while a slow frame built the next screen, before the key's release was read.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.game_window import GameWindow
from game.ui.held_keys import REPEATING, HeldKeys


def down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def up(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key, mod=0)


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_d,
                                 pygame.K_r, pygame.K_h, pygame.K_1])
def test_a_key_that_acts_answers_once_per_press(key: int) -> None:
    held = HeldKeys(is_down=lambda k: True)
    assert held.admit(down(key))
    assert not any(held.admit(down(key)) for _ in range(20))  # held: the timer's repeats
    assert held.admit(up(key))
    assert held.admit(down(key))  # pressed again


def test_a_burst_of_repeats_after_a_slow_frame_is_one_press() -> None:
    """The repeats of a key already released when the frame reads them are dropped, for the moving
    keys too: one Down moves the cursor one row however long the frame took."""
    for key in (pygame.K_RETURN, pygame.K_DOWN):
        held = HeldKeys(is_down=lambda k: False)  # the release is in this batch
        batch = [down(key), *(down(key) for _ in range(6)), up(key)]
        assert [e.type for e in batch if held.admit(e)] == [pygame.KEYDOWN, pygame.KEYUP], key


def test_a_moving_key_repeats_while_it_is_held() -> None:
    assert {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE} <= REPEATING
    assert not {pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_d} & REPEATING
    held = HeldKeys(is_down=lambda k: True)
    assert all(held.admit(down(pygame.K_RIGHT)) for _ in range(10))


def test_a_key_let_go_in_another_window_is_not_held_when_the_player_comes_back() -> None:
    held = HeldKeys(is_down=lambda k: True)
    assert held.admit(down(pygame.K_RETURN))
    held.admit(pygame.event.Event(pygame.WINDOWFOCUSLOST))  # its KEYUP went to the other window
    assert held.admit(down(pygame.K_RETURN))


def test_the_window_hands_the_screens_no_repeat_of_a_key_that_acts() -> None:
    """The filter sits in the one place every screen's events come from."""
    pygame.init()
    shown = GameWindow((640, 360))
    try:
        pygame.event.get()
        for event in (down(pygame.K_RETURN), down(pygame.K_RETURN), down(pygame.K_RETURN), up(pygame.K_RETURN),
                      down(pygame.K_RETURN)):
            pygame.event.post(event)
        keys = [e.type for e in shown.events() if e.type in (pygame.KEYDOWN, pygame.KEYUP)]
        assert keys == [pygame.KEYDOWN, pygame.KEYUP, pygame.KEYDOWN]
    finally:
        shown.close()
