"""The replay library: every finished match, newest first; Enter or a click opens one, the
Delete key or the row's Delete opens nothing and removes it."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import t
from game.persist.replays import ReplayEntry
from game.scene import Node

from .intents import DeleteReplay, OpenReplay
from .new_game import profile_name
from .widgets import BAD, CREAM, FAINT, MUTED, Button, MenuScreen, ScrollRows, Widget, fit, label

ROW = 62


def when(entry: ReplayEntry) -> str:
    """``2026-11-30T04:33:12+00:00`` as ``2026-11-30 04:33`` (UTC, as stored)."""
    return entry.finished_at[:16].replace("T", " ")


class ReplayRow(Widget):
    def __init__(self, entry: ReplayEntry, width: int) -> None:
        super().__init__(0, 0, width, ROW - 10)
        self.anchor = (0.0, 0.5)
        self.panel.y = 0
        self.entry = entry
        length = t(f"length.{entry.options.length}") if entry.options.length else ""
        title = " · ".join(p for p in (profile_name(entry.profile_id), length) if p)
        self.add_child(label(fit(title, 18, width - 420, True), 18, CREAM, 18, -10, bold=True))
        self.add_child(label(when(entry), 14, MUTED, 18, 12))
        place = t(f"place.{entry.human_rank()}")
        self.add_child(label(t("replays.you_placed", place=place), 17, CREAM, width - 330, -10))
        self.add_child(label(t("replays.hands", count=entry.hands), 14, MUTED, width - 330, 12))
        self.delete_part = self.add_child(Node(width - 70, 0, hittable=True, size=(110, ROW - 10), name="delete"))
        self.delete_part.add_child(label(t("replays.delete"), 15, BAD, 0, 0, align="center"))

    def activate(self) -> Any | None:
        return OpenReplay(self.entry.path)

    def click(self, part: Node) -> Any | None:
        if part is self.delete_part:
            return DeleteReplay(self.entry.path)
        return self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        return False


class ReplaysScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), entries: list[ReplayEntry] | None = None) -> None:
        self.entries = list(entries or [])
        self.offset = 0
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("replays.title"))
        if not self.entries:
            self.root.add_child(label(t("replays.empty"), 18, MUTED, w / 2, h / 2 - 40, align="center"))
        rows = []
        for entry in self.entries:
            row = ReplayRow(entry, w - 144 - 16)
            row.x = 72
            rows.append(row)
            self.widgets.append(row)
        self.list = ScrollRows(self.root, list(rows), 128, h - 112, ROW, w - 72 - 4)
        self.list.scroll(0, to=self.offset)
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w - 72, h - 56, align="right"))

    def set_focus(self, index: int) -> None:
        super().set_focus(index)
        if 0 <= index < len(self.entries):  # keep the focused row in view
            if index < self.list.offset:
                self.list.scroll(0, to=index)
            elif index >= self.list.offset + self.list.shown:
                self.list.scroll(0, to=index - self.list.shown + 1)
            self.offset = self.list.offset

    def scroll(self, lines: int) -> None:
        self.list.scroll(lines)
        self.offset = self.list.offset

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        row = self.focused
        if event.key == pygame.K_DELETE and isinstance(row, ReplayRow):
            return DeleteReplay(row.entry.path)
        return super().handle_key(event)
