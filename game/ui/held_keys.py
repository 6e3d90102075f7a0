"""Which repeats of a held key the screens see.

pygame repeats a held key from a timer thread (``pygame.key.set_repeat(400, 40)``), and that thread
learns of the key's release only when the main loop next pumps events. A frame that runs longer
than the repeat delay (a screen built on a slow or busy machine) therefore gets a burst of repeats
of a key pressed once. Seen in a real window under load: one Enter on the title opened the
tutorials, then the first lesson, answered it with three stars and opened its source text.

So a key that acts (Enter, Space, Escape, the letter keys: discard, call, pass) never repeats: a
held D must not discard turn after turn, nor a held Space pass every call. Keys that move (the
arrows, Tab, Page Up/Down, Backspace, Delete, the speed keys) repeat while the key is really
down; a repeat of a key already released when the events are read is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pygame

REPEATING: Final = frozenset({
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_PAGEUP,
    pygame.K_PAGEDOWN, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PLUS, pygame.K_MINUS,
    pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS,
})
"""The keys whose repeats reach the screens (the rest act once per press)."""


def key_is_down(key: int) -> bool:
    """The keyboard's state as the last pump left it (so a release read in the same batch counts)."""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error):  # a key code the wrapper does not map, or no display: held
        return True


class HeldKeys:
    """Tells a press from a repeat by the keys seen going down and not yet up."""

    def __init__(self, is_down: Callable[[int], bool] = key_is_down) -> None:
        self._down: set[int] = set()
        self._is_down = is_down

    def admit(self, event: pygame.event.Event) -> bool:
        """Whether a screen should see ``event`` (every event but the repeats described above)."""
        if event.type == pygame.KEYUP:
            self._down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._down.clear()  # a key let go in another window sends no KEYUP here
        elif event.type == pygame.KEYDOWN:
            if event.key not in self._down:
                self._down.add(event.key)
                return True
            return event.key in REPEATING and self._is_down(event.key)
        return True
