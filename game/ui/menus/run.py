"""The menus' main loop: a window per the settings, the flow, and the table when one is glued in.

``run_menus`` is what the app's ``run_app`` can call. Matches go to the table through
``game.ui.table.start_match(options, match, settings) -> Screen``, imported when the first match
starts (the title's first frame needs neither the table nor the engine's flow: see
``python -m game bench startup``). ``frames`` > 0 stops after that many frames (headless checks).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any, cast

import pygame

from game import paths, runlog, startup
from game.match_options import MatchOptions
from game.persist.instance import InstanceLock
from game.persist.settings import Settings
from game.ui import audio, desktop, typeset
from game.ui.game_window import GameWindow
from game.ui.quit_signals import QuitOnSignal
from game.ui.screens import Screen
from game.ui.window_icon import window_icon

from .flow import MenuFlow, OpenTable
from .intents import ApplySettings, Quit

if TYPE_CHECKING:
    from game.engine import Match

def open_table(options: MatchOptions, match: Match, settings: Settings) -> Screen:
    """The table's door, ``game.ui.table.start_match``, imported when the first match is put on
    the table: the title is drawn without the table, the AI and the engine's flow loaded."""
    from game.ui.table import start_match

    return cast(Screen, start_match(options, match, settings))  # the table answers Screen's protocol


def table_opener() -> OpenTable | None:
    """What the app's flow puts a match on the table with (:func:`open_table`)."""
    return open_table


log = logging.getLogger(__name__)
CRASHES_BEFORE_GIVING_UP = 3  # crashes within a minute: the crash screen itself cannot help


def window(settings: Settings) -> GameWindow:
    """The game's window (a high-DPI drawable where the OS offers one: :mod:`game.ui.game_window`)."""
    return GameWindow(settings.window_size, fullscreen=settings.fullscreen, icon=window_icon())


def run_menus(*, frames: int = 0, screenshot: str = "", flow: MenuFlow | None = None) -> int:
    owner = not pygame.get_init()  # a caller that started pygame (a test, the app) also ends it
    desktop.check_environment()  # no display: one clear line and exit 2 (not an invisible game)
    desktop.prepare()
    pygame.init()
    signals = QuitOnSignal(flush=lambda: None)
    shown: GameWindow | None = None
    try:
        desktop.check_display()  # SDL fell back to its offscreen driver: the same
        if flow is None:  # the flow reads the settings (once: a corrupt file is moved aside then)
            lock = InstanceLock(paths.saves_dir())
            flow = MenuFlow(open_table=table_opener(), sounds=audio.start(), instance=lock, other=lock.acquire())
        shown = window(flow.settings)
        flow.resize(shown.pixels)
        opened = shown
        flow.window_points = lambda: None if opened.fullscreen else opened.points
        runlog.display_facts(shown.points, shown.pixels)
        pygame.key.set_repeat(400, 40)
        clock = pygame.time.Clock()
        frame = 0
        crashes: list[float] = []
        running = True
        signals.flush = flow.saves.flush
        signals.install()  # after pygame.init: SDL's own handlers would only post an event
        while running and not signals.asked:
            try:
                running = _frame(flow, shown, clock)
            except Exception as exc:  # noqa: BLE001 - a crash shows a screen, never a vanished window
                crashes = [c for c in crashes if c > pygame.time.get_ticks() / 1000 - 60] + [pygame.time.get_ticks() / 1000]
                _crashed(flow, exc, give_up=len(crashes) >= CRASHES_BEFORE_GIVING_UP)
            frame += 1
            if frames and frame >= frames:
                running = False
            clock.tick(shown.frame_rate)
        if screenshot:
            pygame.image.save(shown.surface, screenshot)
        _remember_window(flow, shown)
        flow.saves.flush()  # the last autosave reaches the disk before the process ends
    finally:
        signals.uninstall()
        if flow is not None and flow.instance is not None:
            flow.instance.release()
        audio.stop()
        if shown is not None:
            shown.close()
        if owner:
            typeset.clear_cache()  # font objects die with pygame
            pygame.quit()
    return 0


def _frame(flow: MenuFlow, shown: GameWindow, clock: pygame.time.Clock) -> bool:
    """One frame: events (in drawable pixels), update, draw (unless nothing can have changed:
    :mod:`game.ui.still_frames`). Returns whether to go on."""
    running = True
    outs: list[Any] = []
    events = list(shown.events())
    for event in events:
        if event.type == pygame.QUIT:
            running = False
        elif desktop.is_fullscreen_toggle(event):  # F11, Alt+Enter, Ctrl+Cmd+F: no screen sees it
            outs.append(flow.apply_settings(dataclasses.replace(flow.settings, fullscreen=not flow.settings.fullscreen)))
            continue
        elif event.type == pygame.WINDOWSIZECHANGED and (event.x, event.y) != flow.size:
            # a resize by the OS with no VIDEORESIZE (no window manager): lay out now, not at the next mouse move
            flow.resize((max(640, event.x), max(360, event.y)))
        outs.append(flow.handle_event(event))
    outs.append(flow.update(clock.get_time() / 1000.0))
    for out in outs:
        if isinstance(out, Quit):
            running = False
        elif isinstance(out, ApplySettings):
            _apply_window(shown, flow, out.settings)
    changed = bool(events) or any(out is not None for out in outs)
    if not shown.still_frames.needed(pygame.time.get_ticks() / 1000.0, still=flow.still, changed=changed,
                                     top=flow.top, size=shown.pixels):
        audio.current().tick()
        return running
    if shown.in_view:  # a minimized window is not drawn: the match goes on unseen
        flow.draw(shown.surface)
        shown.flip()
        startup.frame_shown(flow.top)
    audio.current().tick()
    return running


def _crashed(flow: MenuFlow, exc: Exception, *, give_up: bool) -> None:
    """Report the crash, keep the autosave, and show the crash screen (or, when it keeps
    happening, stop: the report says why)."""
    from game.ui.crash import CrashScreen, write_report

    report = write_report(exc)
    try:
        flow.saves.flush()
    except Exception:  # noqa: BLE001 - the report is written; the autosave is as it was
        log.exception("the autosave could not be flushed after a crash")
    if give_up:
        raise SystemExit(f"mahjong-atlas: the game keeps crashing; the report is {report}") from exc
    flow.playing = None
    can_continue = flow.saves.has_autosave()
    screen = CrashScreen(flow.size, report, can_continue=can_continue, what=f"{type(exc).__name__}: {exc}")
    flow.stack.reset(screen)


def _apply_window(shown: GameWindow, flow: MenuFlow, settings: Settings) -> None:
    shown.set_fullscreen(settings.fullscreen)
    shown.resize(settings.window_size)
    if shown.pixels != flow.size:
        flow.resize(shown.pixels)


def _remember_window(flow: MenuFlow, shown: GameWindow) -> None:
    """Keep a window the player dragged to a new size for the next start (saved once, at quit), in
    points: the size the window is opened with."""
    size = shown.points
    if flow.settings.fullscreen or shown.fullscreen or size == flow.settings.window_size:
        return
    if 640 <= size[0] <= 7680 and 360 <= size[1] <= 4320:
        flow.apply_settings(dataclasses.replace(flow.settings, window_size=size))
