"""Import a tenhou.net/6 log for viewing: type (or paste) the file's path, or drop the file on the
window. A file that cannot be shown leaves a message here; one that can opens in the viewer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.i18n import t
from game.persist.saves import SaveError
from game.ui.menus.widgets import BAD, CREAM, FAINT, MUTED, Button, MenuScreen, Widget, fit, label, wrap
from game.ui.tutorial.intents import PushScreen

from .sources import viewer_for_log


def open_log(path: Path, window: tuple[int, int], style: str) -> tuple[PushScreen | None, str]:
    """The viewer of the log in ``path`` to push, or the message saying why it cannot be shown."""
    try:
        return PushScreen(viewer_for_log(window, path, style)), ""
    except SaveError as exc:
        return None, t(exc.notice.key, **exc.notice.values)


class PathField(Widget):
    """A line of text typed in (any characters; Ctrl+V pastes); Enter opens it."""

    def __init__(self, text: str, value: str, x: float, y: float, width: int, height: int = 48, *,
                 on_enter: Any = lambda: None, on_change: Any = lambda value: None, name: str = "") -> None:
        super().__init__(x, y, width, height, name=name)
        self.value = value
        self.on_enter = on_enter
        self.on_change = on_change
        self.add_child(label(text, 17, MUTED, 18, height / 2))
        self.left = 18 + 150
        self.value_text = self.add_child(label("", 17, CREAM, self.left, height / 2))
        self._show()
        self.restyle()

    def _show(self) -> None:
        caret = "_" if self.focused else ""
        shown = self.value + caret if self.value else (caret or t("viewer.import_hint"))
        room = self.width - self.left - 18
        while shown and len(shown) > 1 and fit(shown, 17, room) != shown:
            shown = "…" + shown[2:]  # keep the end of a long path (the file's name) in view
        self.value_text.text = shown
        self.value_text.color = CREAM if self.value else FAINT

    def set_focus(self, focused: bool) -> None:
        super().set_focus(focused)
        self._show()

    def activate(self) -> Any | None:
        return self.on_enter()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.value += _clipboard()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP,
                           pygame.K_DOWN):
            return False
        elif event.unicode and event.unicode.isprintable():
            self.value += event.unicode
        else:
            return False
        self._show()
        self.on_change(self.value)
        return True


def _clipboard() -> str:
    try:
        text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
    except pygame.error:
        return ""
    return "".join(ch for ch in (text or "") if ch.isprintable()).strip()


class ImportScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), *, style: str = "classic", path: str = "") -> None:
        self.style = style
        self.path = path
        self.message = ""
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("viewer.import_title"))
        y = 150
        for line in wrap(t("viewer.import_intro"), 17, w - 144):
            self.root.add_child(label(line, 17, MUTED, 72, y))
            y += 26
        self.field = PathField(t("viewer.import_path"), self.path, 72, y + 20, w - 144, on_enter=self.open,
                               on_change=self._typed, name="path")
        self.add(self.field)
        if self.message:
            for i, line in enumerate(wrap(self.message, 16, w - 144)[:4]):
                self.root.add_child(label(line, 16, BAD, 72, y + 100 + 24 * i, name="message" if i == 0 else ""))
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.add(Button(t("viewer.import_open"), w - 72 - 260, h - 84, 260, 56, primary=True, center=True,
                        on_activate=self.open, name="open"))

    def first_focus(self) -> int:
        return 0

    def _typed(self, value: str) -> None:
        self.path = value

    def open(self) -> Any | None:
        self.path = self.field.value.strip().strip('"').strip("'")
        if not self.path:
            self.message = t("viewer.import_empty")
            self.layout()
            return None
        return self._open(Path(self.path).expanduser())

    def _open(self, path: Path) -> Any | None:
        intent, self.message = open_log(path, self.window, self.style)
        self.layout()
        return intent

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.DROPFILE:
            self.path = str(event.file)
            return self._open(Path(event.file))
        return super().handle_event(event)
