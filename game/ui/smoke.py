"""``--smoke``: one AI hand played and drawn for a fixed number of frames, then a screenshot.

Why it exists: a bundle that starts is not a bundle that works. The smoke run touches what a
bundled game needs at run time (pygame and SDL, the shipped fonts through :mod:`game.ui.fonts`,
the rule profiles as package data, the engine and the baseline bots, tile art, writing under the
per-user folders of :mod:`game.paths`) and leaves a picture a person can look at. It runs headless
(dummy video and audio drivers) so CI can run it on every OS.

Like the real app, it shows a title before the slow work (engine imports, tile painting): the
first ``flip`` is the bundle's time to the title screen, the first table frame follows. Both are
measured from the start of the process (:func:`seconds_since_start`), printed, and logged to
``startup.log`` in the logs folder. The real app can pass its own ``draw`` to :func:`run_smoke`
for the same proof on the real table.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from game import __version__, paths

if TYPE_CHECKING:
    import pygame

    from game.ui.smoke_table import SmokeHand

_IMPORTED_AT: Final = time.perf_counter()

WINDOW: Final = (1280, 720)
Draw = Callable[["pygame.Surface", "SmokeHand", float], None]


def seconds_since_start() -> tuple[float, str]:
    """Seconds since this process started, and what "start" means on this OS.

    Linux tells the process start time in ``/proc``, which counts the bundle's bootloader and the
    interpreter's start-up. Elsewhere the clock starts when this module was imported (a lower bound:
    the bootloader and Python's own start are not counted), and the label says so.
    """
    try:
        stat = Path("/proc/self/stat").read_text()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        # Field 22, starttime in clock ticks after boot; counted after the ")" ending the command name.
        start_ticks = int(stat.rsplit(")", 1)[1].split()[19])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK"), "process start"
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _IMPORTED_AT, "module import"


def pace(frames: int, live_tiles: int) -> int:
    """Frames per visible event so that a whole hand (at most one discard per live tile, plus a few
    kan replacements) fits in ``frames`` with a tenth of them left to show the result."""
    return max(1, (frames - frames // 10) // (live_tiles + 6))


def _title(screen: pygame.Surface) -> None:
    from game.ui import fonts

    width, height = screen.get_size()
    screen.fill((22, 78, 58))
    big = fonts.sans_font(bold=True)
    rect = big.get_rect("Mahjong Atlas", size=64)
    big.render_to(screen, ((width - rect.width) // 2, height // 2 - 60), "Mahjong Atlas", (240, 232, 210), size=64)
    small = fonts.sans_font()
    note = "dealing a hand…"
    rect = small.get_rect(note, size=24)
    small.render_to(screen, ((width - rect.width) // 2, height // 2 + 30), note, (178, 198, 186), size=24)


def run_smoke(frames: int, screenshot: str, *, seed: int = 1, draw: Draw | None = None,
              make_draw: Callable[[], Draw] | None = None) -> int:
    """Show the title, play one AI hand for ``frames`` frames headless, save ``screenshot`` if
    given, and return 0. Besides the screenshot it writes one line to ``startup.log`` in the logs
    folder of :mod:`game.paths`, and prints the same line.

    ``draw`` paints a frame instead of the plain view; ``make_draw`` makes one once the title is
    up, so a table whose imports are slow does not delay the title."""
    os.environ["SDL_VIDEODRIVER"] = os.environ.get("SDL_VIDEODRIVER") or "dummy"
    os.environ["SDL_AUDIODRIVER"] = os.environ.get("SDL_AUDIODRIVER") or "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.window_icon import set_window_icon

    pygame.init()
    try:
        set_window_icon()
        screen = pygame.display.set_mode(WINDOW)
        pygame.display.set_caption("Mahjong Atlas")
        _title(screen)
        pygame.display.flip()
        to_title = seconds_since_start()

        from game.ui.smoke_table import SmokeHand, SmokeView

        hand = SmokeHand(seed)
        view = SmokeView(screen)
        if draw is None and make_draw is not None:
            draw = make_draw()
        paint: Draw = draw or (lambda _screen, shown, progress: view.draw(shown, progress))
        per_event = pace(frames, hand.picture.live_left)
        to_table: tuple[float, str] | None = None
        for frame in range(max(1, frames)):
            pygame.event.pump()
            phase = frame % per_event
            if phase == 0 and frame > 0:
                hand.step()
            progress = (phase + 1) / per_event
            paint(screen, hand, progress)
            pygame.display.flip()
            if to_table is None:
                to_table = seconds_since_start()
        if screenshot:
            pygame.image.save(screen, screenshot)
    finally:
        pygame.quit()
    line = (f"mahjong-atlas {__version__} smoke: title {to_title[0]:.3f} s, first table frame "
            f"{to_table[0] if to_table else 0:.3f} s after {to_title[1]}; {frames} frames, {hand.steps} events; "
            f"{hand.result or 'hand still running'}; frozen={bool(getattr(sys, 'frozen', False))}")
    print(line)
    with (paths.ensure(paths.logs_dir()) / "startup.log").open("a", encoding="utf-8") as log:
        log.write(line + "\n")
    return 0
