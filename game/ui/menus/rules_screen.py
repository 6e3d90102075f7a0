"""The Rules screen: every knob in which one profile differs from another, by section.

It reads :func:`game.engine.profile.diff_profiles`, the same list ``rules diff`` prints, so the
screen and the command agree on what differs. Knob names stay as the profiles spell them (they
are the rulebook's terms and the TOML keys a player would edit); the sections are translated.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.profile import diff_profiles, load_profile, profile_order
from game.i18n import t
from game.scene import Node, Panel
from game.ui.fitting import Box

from .new_game import profile_name
from .widgets import (
    CREAM,
    FAINT,
    GOLD,
    MUTED,
    TIGHT,
    Button,
    Choice,
    MenuScreen,
    ScrollRows,
    label,
    text_block,
)

ROW = 30


def show_value(value: object) -> str:
    if isinstance(value, bool):
        return t("common.yes") if value else t("common.no")
    if isinstance(value, list | tuple):
        return ", ".join(show_value(v) for v in value) or "—"
    return str(value)


class RulesScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), profile_id: str = "riichi", other_id: str = "ema") -> None:
        self.profile_id = profile_id
        self.other_id = other_id
        self.offset = 0  # rows scrolled away at the top
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("rules.title"))
        half = (w - 144 - 48) // 2
        ids = profile_order()
        self.add(Choice(t("new_game.profile"), ids, self.profile_id, 72, 124, half, show=profile_name,
                        value_width=330, on_change=lambda v: self._pick(v, self.other_id), name="profile"))
        self.add(Choice(t("rules.compare_with"), ids, self.other_id, 72 + half + 48, 124, half, show=profile_name,
                        value_width=330, on_change=lambda v: self._pick(self.profile_id, v), name="other"))
        diffs = diff_profiles(load_profile(self.profile_id), load_profile(self.other_id))
        self.root.add_child(label(t("rules.differences", count=len(diffs)), 16, MUTED, 76, 194, bold=True))

        table_w = w - 144
        name_w = int(table_w * 0.34)
        value_w = (table_w - name_w) // 2
        top = 214
        self.view_top, self.view_bottom = top + ROW, h - 104
        self.root.add_child(Panel(table_w, self.view_bottom - top + 8, (10, 24, 22, 190), 72 + table_w / 2,
                                  (top + self.view_bottom + 8) / 2, radius=10))
        head = self.root.add_child(Node(72, top + ROW / 2))
        for text, x in ((t("rules.rule"), 18), (profile_name(self.profile_id), name_w),
                        (profile_name(self.other_id), name_w + value_w)):
            head.add_child(text_block(text, Box(value_w - 24, 16, bold=True, name="rules column"), GOLD, x, 0))
        self.rows: list[Node] = []
        section = ""
        for key, a, b in diffs:
            sec, knob = key.split(".", 1)
            if sec != section:
                section = sec
                row = Node(72, 0)
                row.add_child(label(t(f"rules.section.{sec}").upper(), 14, MUTED, 18, 0, bold=True))
                self.rows.append(row)
            row = Node(72, 0)
            for words, x, width in ((knob, 34, name_w - 30), (show_value(a), name_w, value_w - 24),
                                    (show_value(b), name_w + value_w, value_w - 24)):
                box = Box(width, 17, lines=2, floor=12, name="rules row", shrink_first=True, height=ROW - 2,
                          leading=TIGHT)
                row.add_child(text_block(words, box, CREAM, x, 0))
            self.rows.append(row)
        if not diffs:
            self.root.add_child(label(t("rules.same"), 18, MUTED, w / 2, (top + self.view_bottom) / 2,
                                      align="center"))
        self.list = ScrollRows(self.root, self.rows, self.view_top, self.view_bottom, ROW, 72 + table_w - 10)
        self.list.scroll(0, to=self.offset)
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("rules.scroll_hint"), 14, FAINT, w - 72, h - 56, align="right"))

    def scroll(self, lines: int) -> None:
        self.list.scroll(lines)
        self.offset = self.list.offset

    def _pick(self, profile_id: str, other_id: str) -> None:
        self.profile_id, self.other_id = profile_id, other_id
        self.offset = 0
        self.layout()

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll(1 if event.key == pygame.K_UP else -1)
            return None
        return super().handle_key(event)
