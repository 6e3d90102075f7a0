"""The pause menu of a match (Esc at the table): resume, save under a name, settings, the words
at the table (what tenpai, shanten or suji mean), or leave.

Leaving keeps the match: the autosave holds it after every action, and Continue on the title
screen brings it back exactly.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import t

from .dialog import DialogScreen
from .intents import Back, Open
from .widgets import FAINT, Button, label

WIDTH = 520


class MatchMenuScreen(DialogScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), *, autosaving: bool = True) -> None:
        """``autosaving`` False: this window keeps no autosave (another one holds the user
        folder), so leaving says the match is not kept."""
        self.autosaving = autosaving
        super().__init__(size)

    def build(self) -> None:
        height = 494
        left, top = self.card(WIDTH, height, t("match_menu.title"))
        x, y, width = left + 36, top + 104, WIDTH - 72
        entries: list[tuple[str, Any, str]] = [
            ("resume", Back, ""),
            ("save_as", lambda: Open("save_as"), ""),
            ("settings", lambda: Open("settings"), ""),
            ("glossary", lambda: Open("glossary"), ""),
            ("leave", lambda: Open("title"),
             t("match_menu.leave_detail" if self.autosaving else "match_menu.leave_detail_unkept")),
        ]
        for key, act, detail in entries:
            tall = 64 if detail else 52
            # four peers (no gold main button): the focus ring alone says which one Enter presses
            self.add(Button(t(f"match_menu.{key}"), x, y, width, tall, on_activate=act, detail=detail, name=key))
            y += tall + 12
        self.root.add_child(label(t("match_menu.keys_hint"), 14, FAINT, self.size[0] / 2, top + height - 24,
                                  align="center"))

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        """The table's shortcuts work here too: Ctrl+S or F2 save as, F10 resumes."""
        if event.key == pygame.K_F2 or (event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL):
            return Open("save_as")
        if event.key == pygame.K_F10:
            return Back()
        return super().handle_key(event)
