"""A card over the current screen telling the player what happened to their files, once.

The persistence layer sets aside a file it cannot use (a save, a replay) when a list first meets
it and hands the UI a notice; this card shows those notices in plain words over the list the
player opened, and the first key or click closes it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import t
from game.persist.notice import Notice

from .dialog import DialogScreen
from .intents import Back
from .widgets import CREAM, FAINT, Button, label, wrap

WIDTH = 760
SHOWN = 4  # notices on the card; the flow sums up the rest before
LINES = 4  # lines per notice


def notice_text(notice: Notice) -> str:
    """A notice from the persistence layer in the player's words: the catalog's message, the
    settings it names by their labels on the Settings screen (``{keys}``)."""
    values = dict(notice.values)
    if notice.settings:
        values["keys"] = t("common.list_separator").join(t(f"settings.{name}") for name in notice.settings)
    return t(notice.key, **values)


class NoticeScreen(DialogScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), notices: list[str] | None = None) -> None:
        self.notices = list(notices or [])
        super().__init__(size)

    def build(self) -> None:
        width = min(WIDTH, self.size[0] - 40)
        paragraphs = [wrap(notice, 17, width - 72)[:LINES] for notice in self.notices[:SHOWN]]
        height = 150 + sum(24 * len(lines) + 14 for lines in paragraphs) + 64
        left, top = self.card(width, height, t("notice.title"))
        y = top + 110
        for lines in paragraphs:
            for line in lines:
                self.root.add_child(label(line, 17, CREAM, left + 36, y, name="notice"))
                y += 24
            y += 14
        self.add(Button(t("common.ok"), left + width - 36 - 160, top + height - 78, 160, 52, center=True,
                        primary=True, on_activate=Back, name="ok"))
        self.root.add_child(label(t("notice.dismiss"), 14, FAINT, left + 36, top + height - 52))

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return Back()
        return super().handle_event(event)
