"""The table: the human at the bottom against three AI seats, every step of the ceremony animated.

``layout`` says where things sit, ``presenter`` turns engine events into animation units (and can
rebuild the picture from the engine at any moment), ``hud`` holds the panels and words,
``screen`` turns input into legal engine actions and lets the AI seats play, ``bench`` times it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .screen import Intent, TableScreen

if TYPE_CHECKING:
    from game.engine import Match
    from game.match_options import MatchOptions
    from game.persist.settings import Settings

__all__ = ["Intent", "TableScreen", "start_match"]


def start_match(options: MatchOptions, match: Match, settings: Settings) -> TableScreen:
    """The menus' door to the table: a screen playing ``match`` with each AI seat at its level."""
    from game.ui import game_window

    shown = game_window.current()
    screen = TableScreen(
        shown.pixels if shown is not None else (1280, 720),
        profile=options.profile_id,
        seed=match.seed,
        human=options.human_seat,
        levels=options.ai_seats(),
        match=match,
        style=settings.tile_style,
        speed=settings.animation_factor,
        claim_seconds=float(settings.claim_countdown) if settings.claim_countdown else None,
        show_waits=settings.hint_waits,
        explain=settings.hint_ai_reasons,
        keys_hint=True,  # the menus' table: Esc pauses, and the player should know it
        terminology=settings.terminology,
        auto_pass=settings.auto_pass,
        wait_for_player=True,  # a result waits for the player at Normal and Slow speed
    )
    screen.settings = settings  # what a later change from the pause menu is compared with
    return screen
