"""A stack of screens, in the spirit of Tuxemon's state stack: the top one gets the input.

A screen handles events, advances with time and draws itself; what the player decided leaves it
as an *intent* (a small frozen dataclass, see :mod:`game.ui.menus.intents`) returned from
``handle_event`` or ``update``. The stack does not interpret intents: the app does, and pushes,
pops or replaces screens in answer. Screens that do not cover the whole window (``opaque =
False``: a dialog) let the screen below show through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame


class Screen:
    """One screen of the game; subclasses override what they need."""

    opaque = True

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        """React to one pygame event; return an intent or None."""
        return None

    def update(self, dt: float) -> Any | None:
        """Advance by ``dt`` seconds; return an intent or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole screen (or, when not opaque, what it lays over the one below)."""

    @property
    def still(self) -> bool:
        """Its picture cannot change until an event arrives (:mod:`game.ui.still_frames`): the
        loop may skip drawing it. False unless a screen knows better."""
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again."""

    def enter(self) -> None:
        """Became the top screen (pushed, or uncovered by a pop)."""

    def language_changed(self) -> None:
        """The player switched language: write every word on this screen again, now (screens
        below the top one too: they show again when the menus close)."""


class ScreenStack:
    def __init__(self) -> None:
        self._screens: list[Screen] = []

    def __len__(self) -> int:
        return len(self._screens)

    @property
    def top(self) -> Screen | None:
        return self._screens[-1] if self._screens else None

    @property
    def screens(self) -> tuple[Screen, ...]:
        return tuple(self._screens)

    def push(self, screen: Screen) -> Screen:
        self._screens.append(screen)
        screen.enter()
        return screen

    def pop(self) -> Screen | None:
        """Remove the top screen (never the last one: the game always shows something)."""
        if len(self._screens) <= 1:
            return None
        screen = self._screens.pop()
        self._screens[-1].enter()
        return screen

    def replace(self, screen: Screen) -> Screen:
        """Swap the top screen for ``screen`` (a flow that should not come back here)."""
        if self._screens:
            self._screens.pop()
        return self.push(screen)

    def reset(self, screen: Screen) -> Screen:
        """Drop every screen and show ``screen`` alone (back to the title)."""
        self._screens.clear()
        return self.push(screen)

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        top = self.top
        return None if top is None else top.handle_event(event)

    def update(self, dt: float) -> Any | None:
        top = self.top
        return None if top is None else top.update(dt)

    def _shown(self) -> list[Screen]:
        """The screens a frame draws: the top opaque one and those over it."""
        start = 0
        for i in range(len(self._screens) - 1, -1, -1):
            if self._screens[i].opaque:
                start = i
                break
        return self._screens[start:]

    @property
    def still(self) -> bool:
        """Every screen a frame draws is still."""
        return all(screen.still for screen in self._shown())

    def draw(self, surface: pygame.Surface) -> None:
        for screen in self._shown():
            screen.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for screen in self._screens:
            screen.resize(size)
