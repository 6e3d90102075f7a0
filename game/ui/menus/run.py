"""The menus' main loop: a window per the settings, the flow, and the table when one is glued in.

``run_menus`` is what the app's ``run_app`` can call. Matches go to the table through
``game.ui.table.start_match(options, match, settings) -> Screen`` once the table offers it, and
meanwhile through a small adapter over its ``TableScreen``. ``frames`` > 0 stops after that many
frames (headless checks).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import pygame

from game.engine.match import Match
from game.match_options import MatchOptions
from game.persist.settings import Settings
from game.ui import audio
from game.ui.screens import Screen

from .flow import MenuFlow, OpenTable
from .intents import ApplySettings, Quit
from .widgets import ui_font


def table_opener() -> OpenTable | None:
    """The table's ``start_match(options, match, settings)`` if it offers one; else interim glue
    over its ``TableScreen`` (one level for the three AI seats until the table takes one each)."""
    try:
        table = importlib.import_module("game.ui.table")
    except ImportError:
        return None
    opener = getattr(table, "start_match", None)
    if callable(opener):
        return opener  # type: ignore[no-any-return]
    try:
        screen_module = importlib.import_module("game.ui.table.screen")
    except ImportError:
        return None
    table_screen = getattr(screen_module, "TableScreen", None)
    if table_screen is None:
        return None

    def open_table(options: MatchOptions, match: Match, settings: Settings) -> Screen:
        display = pygame.display.get_surface()
        screen: Screen = table_screen(
            display.get_size() if display is not None else (1280, 720),
            profile=options.profile_id,
            seed=match.seed,
            human=options.human_seat,
            level=options.levels[1],
            match=match,
            style=settings.tile_style,
            speed=settings.animation_factor,
        )
        return screen

    return open_table


def window(settings: Settings) -> pygame.Surface:
    if settings.fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(settings.window_size, pygame.RESIZABLE)


def run_menus(*, frames: int = 0, screenshot: str = "", flow: MenuFlow | None = None) -> int:
    owner = not pygame.get_init()  # a caller that started pygame (a test, the app) also ends it
    pygame.init()
    try:
        if flow is None:  # the flow reads the settings (once: a corrupt file is moved aside then)
            flow = MenuFlow(open_table=table_opener(), sounds=audio.start())
        surface = window(flow.settings)
        flow.resize(surface.get_size())
        pygame.display.set_caption("Mahjong Atlas")
        pygame.key.set_repeat(400, 40)
        clock = pygame.time.Clock()
        frame = 0
        running = True
        while running:
            outs: list[Any] = []
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    running = False
                outs.append(flow.handle_event(event))
            outs.append(flow.update(clock.get_time() / 1000.0))
            for out in outs:
                if isinstance(out, Quit):
                    running = False
                elif isinstance(out, ApplySettings):
                    surface = _apply_window(surface, flow, out.settings)
            flow.draw(surface)
            pygame.display.flip()
            audio.current().tick()
            frame += 1
            if frames and frame >= frames:
                running = False
            clock.tick(60)
        if screenshot:
            pygame.image.save(surface, screenshot)
        _remember_window(flow, surface)
        flow.saves.flush()  # the last autosave reaches the disk before the process ends
    finally:
        audio.stop()
        if owner:
            ui_font.cache_clear()  # freetype fonts die with pygame
            pygame.quit()
    return 0


def _apply_window(surface: pygame.Surface, flow: MenuFlow, settings: Settings) -> pygame.Surface:
    full = bool(surface.get_flags() & pygame.FULLSCREEN)
    if full != settings.fullscreen or (not full and surface.get_size() != settings.window_size):
        surface = window(settings)
        flow.resize(surface.get_size())
    return surface


def _remember_window(flow: MenuFlow, surface: pygame.Surface) -> None:
    """Keep a window the player dragged to a new size for the next start (saved once, at quit)."""
    size = surface.get_size()
    if flow.settings.fullscreen or size == flow.settings.window_size:
        return
    if 640 <= size[0] <= 7680 and 360 <= size[1] <= 4320:
        flow.apply_settings(dataclasses.replace(flow.settings, window_size=size))
