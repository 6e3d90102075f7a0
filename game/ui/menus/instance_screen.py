"""The second window's choice: Mahjong Atlas is open already on this user folder.

Shown before the title when :class:`game.persist.instance.InstanceLock` is held by another running
game. The player chooses: go to the other window (it is asked to come to the front, and this one
closes), play here without autosave (the other window's unfinished match is safe; this one keeps
nothing for Continue, though Save as... and the replays still work), or quit.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import pygame

from game.i18n import t
from game.persist.instance import Holder

from .intents import PlayWithoutAutosave, Quit, RaiseOther
from .widgets import CREAM, MUTED, Button, MenuScreen, label, wrap

log = logging.getLogger(__name__)


class InstanceScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), holder: Holder | None = None) -> None:
        self.holder = holder
        super().__init__(size)

    def body(self) -> str:
        when = self.holder.locked_at if self.holder is not None else 0.0
        try:
            since = datetime.fromtimestamp(when).strftime("%H:%M") if when > 0 else ""
        except (ValueError, OverflowError, OSError):
            since = ""
        return t("instance.body", time=since) if since else t("instance.body_untimed")

    def build(self) -> None:
        w, h = self.size
        self.heading(t("instance.title"))
        y = 160
        for line in wrap(self.body(), 19, min(900, w - 144))[:5]:
            self.root.add_child(label(line, 19, CREAM, 72, y))
            y += 28
        width = min(620, w - 144)
        y += 30
        for key, act, primary in (("raise", RaiseOther, True), ("play_here", PlayWithoutAutosave, False),
                                  ("quit", Quit, False)):
            detail = t(f"instance.{key}_detail") if key != "quit" else ""
            self.add(Button(t(f"instance.{key}"), 72, y, width, 64 if detail else 52, detail=detail, primary=primary,
                            on_activate=act, name=key))
            y += (64 if detail else 52) + 14
        self.root.add_child(label(t("instance.why"), 15, MUTED, 72, min(h - 48, y + 20)))

    def back(self) -> Any | None:
        return Quit()


def bring_to_front() -> None:
    """Raise this game's window over the others, where the OS lets a program do that (some
    window managers only flash the taskbar entry: that is asked too)."""
    from game.ui import game_window

    shown = game_window.current()
    if shown is None:  # headless (a test's flow with no window)
        log.info("the window could not be brought to the front: no window")
        return
    try:
        shown.focus()
    except (pygame.error, AttributeError) as exc:  # an SDL without it
        log.info("the window could not be brought to the front: %s", exc)
