"""The replay library: every finished match, newest first; Enter or a click opens one in the replay
viewer, the Delete key or the row's Delete removes it. "Import tenhou.net/6 log…" (or a log file
dropped on the window) opens a log from elsewhere in the same viewer."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import date_time, t
from game.persist.export import can_export
from game.persist.replays import ReplayEntry
from game.persist.settings import RULEBOOK_TERMS
from game.scene import Node
from game.ui.tutorial.intents import PushScreen

from .intents import DeleteReplay, ExportReplay, OpenReplay
from .new_game import profile_name
from .widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    MUTED,
    Box,
    Button,
    ListRow,
    ListScreen,
    ScrollRows,
    label,
    text_block,
)

ROW = 62


def local_time(iso: str) -> str:
    """A stored UTC time as the player's local date and 24-hour time, the language's way."""
    return date_time(iso)


class ReplayRow(ListRow):
    def __init__(self, entry: ReplayEntry, width: int) -> None:
        super().__init__(width, ROW - 10)
        self.entry = entry
        length = t(f"length.{entry.options.length}") if entry.options.length else ""
        title = t("common.separator").join(p for p in (profile_name(entry.profile_id), length) if p)
        self.add_child(text_block(title, Box(width - 460, 18, bold=True, floor=13, name="replay row"), CREAM, 18, -10))
        self.add_child(label(local_time(entry.finished_at), 14, MUTED, 18, 12))
        place = t(f"place.{entry.human_rank()}")
        self.add_child(text_block(t("replays.you_placed", place=place), Box(240, 17, floor=12, name="replay row"), CREAM,
                                  width - 420, -10))
        self.add_child(text_block(t("replays.hands", count=entry.hands), Box(240, 14, floor=11, name="replay row"), MUTED,
                                  width - 420, 12))
        self.delete_part = self.add_child(Node(width - 60, 0, hittable=True, size=(100, ROW - 10), name="delete"))
        self.delete_part.add_child(text_block(t("replays.delete"), Box(96, 15, floor=11, name="delete"), BAD, 0, 0, align="center"))
        self.export_part: Node | None = None
        if can_export(entry.profile_id):
            self.export_part = self.add_child(Node(width - 160, 0, hittable=True, size=(100, ROW - 10), name="export"))
            self.export_part.add_child(text_block(t("replays.export"), Box(96, 15, floor=11, name="export"), GOLD, 0, 0, align="center"))

    def activate(self) -> Any | None:
        return OpenReplay(self.entry.path)

    def click(self, part: Node) -> Any | None:
        if part is self.delete_part:
            return DeleteReplay(self.entry.path)
        if part is self.export_part:
            return ExportReplay(self.entry.path)
        return self.activate()


class ReplaysScreen(ListScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), entries: list[ReplayEntry] | None = None, *,
                 style: str = "classic", terminology: str = RULEBOOK_TERMS) -> None:
        self.entries = list(entries or [])
        self.style = style  # the tile style the viewer draws with
        self.terminology = terminology  # the player's Terms, for the viewer an import opens
        self.message = ""  # what the last export did
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("replays.title"))
        if not self.entries:
            self.root.add_child(text_block(t("replays.empty"), Box(w - 160, 18, lines=3, name="empty list"), MUTED, w / 2, h / 2 - 40,
                                           align="center"))
        rows = []
        for entry in self.entries:
            row = ReplayRow(entry, w - 144 - 16)
            row.x = 72
            rows.append(row)
            self.widgets.append(row)
        self.scroll_list = self.keep_list(ScrollRows(self.root, list(rows), 128, h - 112, ROW, w - 72 - 4))
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.add(Button(t("viewer.import"), w - 72 - 300, h - 84, 300, 56, size=17, center=True,
                        on_activate=self.import_log, name="import"))
        if self.message:
            self.root.add_child(text_block(self.message, Box(w - 72 - 660, 15, lines=2, floor=12, name="message"), GOLD, 320,
                                           h - 56, name="message"))
        else:
            self.root.add_child(text_block(t("common.keys_hint"), Box(w - 72 - 660, 14, lines=2, floor=11, name="keys hint",
                                                                  shrink_first=True), FAINT, 320, h - 56))

    def import_log(self) -> Any:
        from game.ui.replay.import_screen import ImportScreen

        return PushScreen(ImportScreen(self.window, style=self.style, terminology=self.terminology))

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.DROPFILE:  # a log dropped on the window: read at once, on the import screen
            from game.ui.replay.import_screen import ImportScreen

            return PushScreen(ImportScreen(self.window, style=self.style, terminology=self.terminology, path=str(event.file),
                                             start=True))
        return super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        row = self.focused
        if event.key == pygame.K_DELETE and isinstance(row, ReplayRow):
            return DeleteReplay(row.entry.path)
        return super().handle_key(event)
