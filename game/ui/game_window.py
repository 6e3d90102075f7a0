"""The game's one window, opened with a high-DPI drawable wherever the platform offers one.

Why not ``pygame.display.set_mode``: pygame-ce 2.5's ``set_mode`` never asks SDL for
``SDL_WINDOW_ALLOW_HIGHDPI``, so on a macOS Retina screen the game would draw a 1280x720 bitmap that
the OS blows up 2x (blurred tiles and text). ``pygame.Window(allow_high_dpi=True)`` asks for it: the
window surface is then the drawable's full pixel size (2560x1440 for a 1280x720-point window) and
the screens, which lay themselves out at the size they are given, draw at that size. On Windows the
per-monitor DPI awareness hint (:func:`game.ui.desktop.prepare`) gives the same result; on X11 and
under the dummy driver points and pixels are the same and nothing changes.

SDL reports the mouse in window *points*; the screens hit-test in drawable *pixels*.
:func:`to_pixels` (pure, tested with any scale) maps one to the other, and :meth:`GameWindow.events`
hands the screens events already in pixels, resize events carrying the drawable's new size. The
settings keep the window's size in points (what the player sees and what the window is opened
with), never in pixels, so a Retina window does not double at each start.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Final

import pygame

from game.ui.desktop import HEADLESS_DRIVERS
from game.ui.held_keys import HeldKeys
from game.ui.still_frames import StillFrames

log = logging.getLogger(__name__)

TITLE: Final = "Mahjong Atlas"
POINTER_EVENTS: Final = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP})
RESIZE_EVENTS: Final = frozenset({pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED})

# How often the main loop goes round. Why not always 60: a static table redrawn at 60 fps costs a
# fifth of a core in software, and a player who puts the game behind a browser or minimizes it
# between hands is on a laptop's battery. The match goes on at any rate (the loop still updates).
FRAME_RATE: Final = 60  # in view and in front
BEHIND_RATE: Final = 30  # in view behind another window: still moving, half the work
HIDDEN_RATE: Final = 10  # minimized or hidden: nothing is drawn
SHOWN_EVENTS: Final = frozenset({pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED, pygame.WINDOWEXPOSED})

_open: GameWindow | None = None  # the window a surface may be converted to (see :func:`can_convert`)


def scale_of(points: tuple[int, int], pixels: tuple[int, int]) -> tuple[float, float]:
    """Drawable pixels per window point on each axis (1.0 where the OS draws no finer than points,
    2.0 on a Retina screen, 1.25 or 1.5 on a scaled Windows monitor)."""
    return (pixels[0] / points[0] if points[0] > 0 else 1.0, pixels[1] / points[1] if points[1] > 0 else 1.0)


def to_pixels(pos: tuple[float, float], points: tuple[int, int], pixels: tuple[int, int]) -> tuple[int, int]:
    """A position in window points as the drawable pixel under it, kept inside the drawable (SDL
    reports a pointer held while it leaves the window at negative or too-large points)."""
    sx, sy = scale_of(points, pixels)
    x = min(max(int(pos[0] * sx), 0), max(pixels[0] - 1, 0))
    y = min(max(int(pos[1] * sy), 0), max(pixels[1] - 1, 0))
    return x, y


def motion_to_pixels(rel: tuple[float, float], points: tuple[int, int], pixels: tuple[int, int]) -> tuple[int, int]:
    """A relative motion in points as pixels (not clamped: a motion has no place)."""
    sx, sy = scale_of(points, pixels)
    return round(rel[0] * sx), round(rel[1] * sy)


# Room the desktop keeps around a window: its title bar and border, a task bar, menu bar or panel.
DESKTOP_MARGIN: Final = (32, 96)
MINIMUM_SIZE: Final = (640, 360)


def fitted(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` (points) shrunk to fit ``desktop`` (points) with its title bar and panels, keeping
    its shape, never under :data:`MINIMUM_SIZE`; as it is when it fits or the desktop is unknown.

    Why: the window sizes are points, and a high-DPI desktop has few of them (a 2x 2560x1440 screen
    is 1280x720 points, a 13-inch Retina laptop 1440x900): a 1920x1080 window chosen there, or carried
    over in the settings from a larger screen, would open with its bottom and right edges off the
    screen and the hand out of reach."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size
    room = (max(desktop[0] - DESKTOP_MARGIN[0], MINIMUM_SIZE[0]), max(desktop[1] - DESKTOP_MARGIN[1], MINIMUM_SIZE[1]))
    if size[0] <= room[0] and size[1] <= room[1]:
        return size
    shrink = min(room[0] / size[0], room[1] / size[1])
    return max(int(size[0] * shrink), MINIMUM_SIZE[0]), max(int(size[1] * shrink), MINIMUM_SIZE[1])


def desktop_size() -> tuple[int, int] | None:
    """The first desktop's size in the units window sizes are given in (points where the OS scales),
    or None when there is no real desktop (the dummy and offscreen drivers of tests and headless
    tools report a made-up 1024x768) or the video system cannot say."""
    try:
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def can_convert() -> bool:
    """True when a window is open, so ``Surface.convert()`` has a format to convert to."""
    if _open is not None:
        return True
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def current() -> GameWindow | None:
    return _open


class GameWindow:
    """The window, its drawable surface and the mapping of its input from points to pixels."""

    def __init__(self, size: tuple[int, int], *, fullscreen: bool = False, icon: pygame.Surface | None = None) -> None:
        global _open
        size = fitted(size, desktop_size())
        self.window = pygame.Window(TITLE, size, resizable=True, allow_high_dpi=True)
        self.window.minimum_size = MINIMUM_SIZE
        if icon is not None:
            self.window.set_icon(icon)
        self.windowed_size = size
        self._asked = size  # the windowed size the settings asked for last
        self.held = HeldKeys()
        self.still_frames = StillFrames()  # what was last drawn: a still screen is not drawn again
        self.window.get_surface()  # from now on surfaces convert to the window's format
        if fullscreen:
            self.set_fullscreen(True)
        _open = self

    @property
    def surface(self) -> pygame.Surface:
        """The drawable, at its pixel size (asked anew each frame: a resize replaces it)."""
        return self.window.get_surface()

    @property
    def points(self) -> tuple[int, int]:
        """The window's size in points, as the OS and the settings count it."""
        return self.window.size

    @property
    def pixels(self) -> tuple[int, int]:
        return self.surface.get_size()

    @property
    def fullscreen(self) -> bool:
        return self._fullscreen

    _fullscreen = False

    def set_fullscreen(self, on: bool) -> None:
        if on == self._fullscreen:
            return
        if on:
            self.windowed_size = self.points
            # at the desktop's size, so its own mode (no resolution switch); not SDL's "desktop"
            # fullscreen, which a window manager-less X server never grows the window for
            self.window.size = pygame.display.get_desktop_sizes()[0]
            self.window.set_fullscreen(desktop=False)
        else:
            self.window.set_windowed()
            self.window.size = self.windowed_size
        self._fullscreen = on

    def resize(self, size: tuple[int, int]) -> None:
        """A new windowed size in points (from the settings), as much of it as the desktop holds.
        The size the settings asked for last is no new request: a window the player dragged keeps
        its size (seen: dragged to 900x600, F11 twice, back at the settings' 1280x720)."""
        size = fitted(size, desktop_size())
        if size == self._asked:
            return
        self._asked = size
        self.windowed_size = size
        if not self._fullscreen and self.points != size:
            self.window.size = size
            desktop = desktop_size()
            x, y = self.window.position
            if desktop is not None and (x + size[0] > desktop[0] or y + size[1] > desktop[1]):
                self.window.position = pygame.WINDOWPOS_CENTERED  # grown past the screen's edge: all of it in view

    def flip(self) -> None:
        self.window.flip()

    def in_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event as the screens read it: pointer positions and resize sizes in drawable pixels."""
        if event.type not in POINTER_EVENTS and event.type not in RESIZE_EVENTS:
            return event
        points, pixels = self.points, self.pixels
        if points == pixels:
            return event
        fields = dict(event.dict)
        if event.type in POINTER_EVENTS:
            fields["pos"] = to_pixels(event.pos, points, pixels)
            if "rel" in fields:
                fields["rel"] = motion_to_pixels(event.rel, points, pixels)
        elif event.type == pygame.VIDEORESIZE:
            fields.update(size=pixels, w=pixels[0], h=pixels[1])
        else:
            fields.update(x=pixels[0], y=pixels[1])
        return pygame.event.Event(event.type, fields)

    in_view = True  # not minimized nor hidden: the loop draws its frames
    in_front = True  # the window has the keyboard focus

    @property
    def frame_rate(self) -> int:
        """The loop's rate now (:data:`FRAME_RATE`, :data:`BEHIND_RATE`, :data:`HIDDEN_RATE`)."""
        if not self.in_view:
            return HIDDEN_RATE
        return FRAME_RATE if self.in_front else BEHIND_RATE

    def events(self) -> Iterator[pygame.event.Event]:
        """This frame's events, in pixels, without the key repeats a screen must not see
        (:mod:`game.ui.held_keys`)."""
        for event in pygame.event.get():
            self._see(event)
            if self.held.admit(event):
                yield self.in_pixels(event)

    def _see(self, event: pygame.event.Event) -> None:
        """Whether the window is seen and in front, from the window events as they come."""
        if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.in_view = False
        elif event.type in SHOWN_EVENTS:
            self.in_view = True
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.in_front = False
        elif event.type == pygame.WINDOWFOCUSGAINED:
            self.in_front = True

    def focus(self) -> None:
        """Bring the window to the front (or flash it where the window manager will not)."""
        self.window.restore()
        self.window.focus()
        self.window.flash(pygame.FLASH_UNTIL_FOCUSED)

    def close(self) -> None:
        global _open
        if _open is self:
            _open = None
        self.window.destroy()


def converted(surface: pygame.Surface, *, alpha: bool = True) -> pygame.Surface:
    """The surface in the window's pixel format when a window is open (blitted quicker every frame),
    else as it is (headless tools with no window)."""
    if not can_convert():
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def blank(size: tuple[int, int], *, alpha: bool = True) -> pygame.Surface:
    """A new, empty (zeroed: transparent, or black) surface in the window's pixel format, made in
    it: no converting copy of a whole picture (a 1560x990 copy costs 3-9 ms)."""
    if alpha:
        surface = pygame.Surface(size, pygame.SRCALPHA)
        return surface if not can_convert() or surface.get_masks() == _alpha_masks() else surface.convert_alpha()
    target = screen()
    return pygame.Surface(size, 0, target) if target is not None else pygame.Surface(size)


def screen() -> pygame.Surface | None:
    """The surface frames are drawn on: the window's, or ``pygame.display``'s (tests, benches)."""
    if _open is not None:
        return _open.surface
    return pygame.display.get_surface() if pygame.display.get_init() else None


def _alpha_masks() -> tuple[int, int, int, int]:
    """The channel masks ``convert_alpha`` gives for the window open now."""
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()
