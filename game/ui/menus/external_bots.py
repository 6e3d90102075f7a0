"""New game → Advanced: external bots. A program speaking the mjai protocol may play an AI seat.

One command line per AI seat (right, across, left of the player; empty: the seat's AI level plays
it) and the time a program may take per decision. They are settings (kept for the next match),
saved as they are typed. The mjai protocol speaks Tenhou's riichi rules, so under other rules the
seats stay with their AI level, and the screen says so. A program that answers wrongly or too late
hands its seat to the hard AI for the rest of the hand (see :mod:`game.ai.external`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

from game.i18n import t
from game.persist.settings import CHOICES, EXTERNAL_COMMAND_MAX, Settings

from .new_game import SEATS
from .widgets import FAINT, GOLD, MUTED, Button, Choice, MenuScreen, TextField, label, wrap


class ExternalBotsScreen(MenuScreen):
    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        settings: Settings | None = None,
        *,
        save: Callable[[Settings], Any] = lambda settings: None,
        riichi: bool = True,
    ) -> None:
        """``save(settings)`` keeps every change at once; ``riichi``: the chosen rules speak mjai."""
        self.settings = settings or Settings()
        self.save = save
        self.riichi = riichi
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("external.title"))
        x, width = 72, w - 144
        y = 132.0
        for line in wrap(t("external.intro"), 18, width):
            self.root.add_child(label(line, 18, MUTED, x + 4, y))
            y += 26
        y += 8
        note = t("external.riichi_only") if self.riichi else t("external.not_riichi")
        for line in wrap(note, 18, width):
            self.root.add_child(label(line, 18, GOLD, x + 4, y, name="riichi_note"))
            y += 26
        y += 18
        for i, seat in enumerate(SEATS):
            self.root.add_child(label(t(f"seat.{seat}").upper(), 14, MUTED, x + 4, y, bold=True))
            self.add(TextField(self.settings.external_bots[i], t("external.hint"), x, y + 14, width,
                               limit=EXTERNAL_COMMAND_MAX, selected=False, on_change=partial(self._command, i),
                               name=f"bot:{seat}"))
            y += 88
        limit = self.settings.external_time_limit
        values = list(CHOICES["external_time_limit"])
        if limit not in values:
            values = sorted({*values, limit})
        self.add(Choice(t("external.time_limit"), values, limit, x, y, width // 2,
                        show=lambda v: t("settings.value.seconds", n=v), on_change=self._limit, name="time_limit"))
        self.add(Button(t("common.back"), 72, h - 104, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w / 2, h - 24, align="center"))

    def _command(self, index: int, text: str) -> None:
        bots = list(self.settings.external_bots)
        bots[index] = text.strip()
        self._keep(dataclasses.replace(self.settings, external_bots=(bots[0], bots[1], bots[2])))

    def _limit(self, seconds: int) -> None:
        self._keep(dataclasses.replace(self.settings, external_time_limit=seconds))

    def _keep(self, settings: Settings) -> None:
        self.settings = settings
        self.save(settings)
