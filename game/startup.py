"""Start-up milestones: how much CPU the game spent before the player could see it and play.

Two moments matter to a player: the **first frame** (the title, or whatever screen the game opens
on, drawn and shown) and the **first turn** (the first frame where the table waits for the
player's move, after Continue or a new game). Each is marked once per run with the process's CPU
time since it started (all threads: a sound thread competing with the first frames counts) and
the wall time since this module was imported (about when Python began running the game). The
run log gets one line per milestone, so a player's "it starts slowly" comes with figures, and
``python -m game bench startup`` reads them from fresh processes through :data:`on_mark`.

Why CPU time: the wall clock of a shared or busy machine says how long others made us wait;
CPU time says what the game itself costs.

This module imports nothing heavy: it is loaded before the first frame.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Final

FIRST_FRAME: Final = "first_frame"
FIRST_TURN: Final = "first_turn"

_WALL_ZERO: Final = time.perf_counter()
_marked: dict[str, tuple[float, float]] = {}

# Called with (milestone, CPU seconds, wall seconds) as each milestone is reached (the bench).
on_mark: Callable[[str, float, float], None] | None = None

log = logging.getLogger(__name__)


def mark(name: str) -> None:
    """Record ``name`` now, the first time only."""
    if name in _marked:
        return
    cpu, wall = time.process_time(), time.perf_counter() - _WALL_ZERO
    _marked[name] = (cpu, wall)
    log.info("start-up: %s after %.3f s of CPU (%.3f s)", name.replace("_", " "), cpu, wall)
    if on_mark is not None:
        on_mark(name, cpu, wall)


def marked(name: str) -> tuple[float, float] | None:
    """(CPU seconds, wall seconds) at ``name``, or None before it."""
    return _marked.get(name)


def frame_shown(screen: object) -> None:
    """The app showed a frame with ``screen`` on top: mark what it is the first of. A screen that
    waits for the player's move says so with ``human_awaited()`` (the table)."""
    if FIRST_FRAME not in _marked:
        mark(FIRST_FRAME)
    if FIRST_TURN not in _marked:
        awaited = getattr(screen, "human_awaited", None)
        if callable(awaited) and awaited():
            mark(FIRST_TURN)
