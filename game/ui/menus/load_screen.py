"""Load game: the saves the player named, newest first, each with where its match stood.

A row shows the name, the rules and length, when it was saved, the hand it stopped in and the
four scores (the player's first). Enter or a click loads it; the row's Delete, or the Delete key,
asks once ("Really delete?") and removes it on the second press. A save that cannot be read is
listed with the reason, so the player can delete it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.i18n import number, t
from game.persist.saves import SaveEntry
from game.scene import Node
from game.ui.seats import seat_name

from .intents import DeleteSave, LoadGame
from .new_game import profile_name
from .replays_screen import local_time
from .widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    MUTED,
    TIGHT,
    Box,
    Button,
    ListRow,
    ListScreen,
    ScrollRows,
    clip,
    label,
    text_block,
)

ROW = 64


def hand_text(entry: SaveEntry) -> str:
    s = entry.summary
    if s is None:
        return ""
    hand = t("results.hand", wind=t(f"wind.{s.round_wind % 4}"), number=s.hand_number + 1)
    return t("results.honba", hand=hand, count=s.honba) if s.honba else hand


def scores_text(entry: SaveEntry) -> str:
    """The four scores from the player's seat round: "You 27,300 · Right 24,100 · ..."."""
    s, o = entry.summary, entry.options
    if s is None or o is None:
        return ""
    seats = [(o.human_seat + k) % 4 for k in range(4)]
    return t("common.separator").join(t("load.score", who=seat_name(seat, o.human_seat), score=number(s.scores[seat]))
                      for seat in seats)


class SaveRow(ListRow):
    def __init__(self, entry: SaveEntry, width: int, confirming: bool,
                 on_delete: Callable[[SaveRow], Any]) -> None:
        super().__init__(width, ROW - 10, name=f"save:{entry.name}")
        self.entry = entry
        self.on_delete = on_delete
        self.add_child(label(clip(entry.name, 19, width - 640, True), 19, CREAM, 18, -11, bold=True))
        if entry.error is not None:
            detail = t(entry.error.key, **entry.error.values)
            self.add_child(text_block(detail, Box(width - 220, 14, floor=11, name="save row"), BAD, 18, 12))
        else:
            o = entry.options
            length = t(f"length.{o.length}") if o is not None and o.length else ""
            when = local_time(entry.saved_at)
            line = t("common.separator").join(p for p in (profile_name(entry.profile_id), length, when) if p)
            self.add_child(text_block(line, Box(width - 640, 14, floor=11, name="save row"), MUTED, 18, 12))
            self.add_child(text_block(hand_text(entry), Box(400, 17, floor=13, name="save row"), CREAM, width - 600, -11))
            self.add_child(text_block(scores_text(entry), Box(440, 14, floor=11, name="save row"), MUTED, width - 600, 12))
        word = t("load.confirm") if confirming else t("load.delete")
        self.delete_part = self.add_child(Node(width - 70, 0, hittable=True, size=(130, ROW - 10), name="delete"))
        self.delete_part.add_child(text_block(word, Box(124, 15, lines=2, floor=11, name="delete", shrink_first=True),
                                                     GOLD if confirming else BAD, 0, 0, align="center", leading=TIGHT))

    def activate(self) -> Any | None:
        return LoadGame(self.entry.path)

    def click(self, part: Node) -> Any | None:
        if part is self.delete_part:
            return self.on_delete(self)
        return self.activate()


class LoadScreen(ListScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), entries: list[SaveEntry] | None = None) -> None:
        self.entries = list(entries or [])
        self.confirm: Path | None = None  # the save whose Delete was pressed once
        self.message = ""
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("load.title"))
        if not self.entries:
            self.root.add_child(text_block(t("load.empty"), Box(w - 160, 18, lines=3, name="empty list"), MUTED, w / 2, h / 2 - 40,
                                           align="center"))
        rows = []
        for entry in self.entries:
            row = SaveRow(entry, w - 144 - 16, entry.path == self.confirm, self._delete)
            row.x = 72
            rows.append(row)
            self.widgets.append(row)
        self.scroll_list = self.keep_list(ScrollRows(self.root, list(rows), 128, h - 112, ROW, w - 72 - 4))
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        if self.message:
            self.root.add_child(text_block(self.message, Box(w - 72 - 340, 15, lines=2, floor=12, name="message"), GOLD, 320,
                                           h - 56, name="message"))
        else:
            self.root.add_child(text_block(t("load.keys_hint"), Box(w - 72 - 320, 14, lines=2, floor=11, name="keys hint", shrink_first=True),
                                           FAINT, w - 72, h - 56, align="right"))

    def show(self, entries: list[SaveEntry], message: str = "") -> None:
        """The list again after a change (a delete), with what happened."""
        self.entries = entries
        self.confirm = None
        self.message = message
        self.offset = min(self.offset, max(0, len(entries) - 1))
        self.layout()

    def _delete(self, row: SaveRow) -> Any | None:
        """The first press asks, the second deletes."""
        if self.confirm == row.entry.path:
            return DeleteSave(row.entry.path)
        self.confirm = row.entry.path
        self.message = ""
        self.layout()
        return None

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        intent = super().handle_event(event)
        if intent is None and self.confirm is not None and event.type == pygame.KEYDOWN and event.key != pygame.K_DELETE:
            self.confirm = None  # any other key: never mind
            self.layout()
        return intent

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        row = self.focused
        if event.key == pygame.K_DELETE and isinstance(row, SaveRow):
            return self._delete(row)
        return super().handle_key(event)
