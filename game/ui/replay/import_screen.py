"""Import a tenhou.net/6 or mjai log for viewing: type (or paste) the file's path, choose it in the
file chooser, or drop the file on the window. The log is read on a thread (:mod:`game.persist.jobs`)
while this screen draws a progress bar with Cancel, so a log of thousands of hands never freezes
the window. A file that cannot be shown leaves a message here; one that can opens in the viewer.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pygame

from game.i18n import number, t
from game.persist.jobs import Cancelled, ProcessJob
from game.persist.names import PATH_LIMIT, shown
from game.persist.saves import SaveError
from game.scene import Panel
from game.ui.menus.notice_screen import notice_text
from game.ui.menus.widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    MUTED,
    Button,
    MenuScreen,
    Widget,
    clip,
    label,
    wrap,
)
from game.ui.table.words import RULEBOOK
from game.ui.tutorial.intents import PushScreen

from .log_job import start_log_import
from .tape import ReplayTape
from .viewer import ReplayViewer, paint_steps

log = logging.getLogger(__name__)
BAR_HEIGHT: Final = 14


def start_import(path: Path) -> ProcessJob[ReplayTape]:
    """The log in ``path`` read into a tape in a child process (:mod:`.log_job`: a thread of
    this one would share the interpreter lock with the frames)."""
    return start_log_import(path)


def tail_that_fits(text: str, size: int, width: int) -> str:
    """The longest end of ``text`` that fits ``width`` pixels, with an ellipsis in front when
    cut (the file's name, at the end of a path, stays in view): one pass over the glyph advances
    (:func:`game.ui.fitting.clip`), where dropping one character at a time re-measured the whole
    text for each (an 800-character path took seconds per keystroke)."""
    return clip(text, size, width, keep_end=True)


class PathField(Widget):
    """A line of text typed in (any characters; Ctrl+V pastes), at most :data:`PATH_LIMIT`
    characters; Enter opens it."""

    def __init__(self, text: str, value: str, x: float, y: float, width: int, height: int = 48, *,
                 on_enter: Any = lambda: None, on_change: Any = lambda value: None, name: str = "") -> None:
        super().__init__(x, y, width, height, name=name)
        self.value = value[:PATH_LIMIT]
        self.on_enter = on_enter
        self.on_change = on_change
        self.add_child(label(text, 17, MUTED, 18, height / 2))
        self.left = 18 + 150
        self.value_text = self.add_child(label("", 17, CREAM, self.left, height / 2))
        self._show()
        self.restyle()

    def _show(self) -> None:
        caret = "_" if self.focused else ""
        shown_text = shown(self.value, PATH_LIMIT) + caret if self.value else (caret or t("viewer.import_hint"))
        self.value_text.text = tail_that_fits(shown_text, 17, self.width - self.left - 18)
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
            self.value = (self.value + _clipboard())[:PATH_LIMIT]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP,
                           pygame.K_DOWN):
            return False
        elif event.unicode and event.unicode.isprintable():
            if len(self.value) < PATH_LIMIT:
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
    text = (text or "")[: 4 * PATH_LIMIT]  # a pasted novel is not a path
    return "".join(ch for ch in text if ch.isprintable()).strip()


class ImportScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), *, style: str = "classic", path: str = "",
                 start: bool = False, terminology: str = RULEBOOK) -> None:
        """``start``: begin importing ``path`` at once (a file dropped on another screen);
        ``terminology``: the player's Terms, which the viewer speaks."""
        self.style = style
        self.terminology = terminology
        self.path = path[:PATH_LIMIT]
        self.message = ""
        self.job: ProcessJob[ReplayTape] | None = None
        self._painting: Iterator[None] = iter(())
        self.importing = ""  # the file's name, while its job runs
        self.bar: Panel | None = None
        self.bar_text: Any = None
        self.bar_width = 0
        self.shown_percent = -1
        super().__init__(size)
        if start and self.path:
            self._open(Path(self.path).expanduser())

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
        if self.job is not None:
            self._progress_bar(y + 100)
            self.add(Button(t("viewer.import_cancel"), w - 72 - 260, h - 84, 260, 56, primary=True, center=True,
                            on_activate=self.cancel, name="cancel"))
            return
        if self.message:
            for i, line in enumerate(wrap(self.message, 16, w - 144)[:4]):
                self.root.add_child(label(line, 16, BAD, 72, y + 100 + 24 * i, name="message" if i == 0 else ""))
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.add(Button(t("viewer.import_browse"), w / 2 - 150, h - 84, 300, 56, center=True,
                        on_activate=self.browse, name="browse"))
        self.add(Button(t("viewer.import_open"), w - 72 - 260, h - 84, 260, 56, primary=True, center=True,
                        on_activate=self.open, name="open"))

    def _progress_bar(self, y: float) -> None:
        w = self.size[0]
        width = w - 144
        self.bar_text = self.root.add_child(label("", 17, CREAM, 72, y, name="progress"))
        self.root.add_child(Panel(width, BAR_HEIGHT, (10, 26, 23, 255), 72, y + 34, radius=7, anchor=(0.0, 0.5),
                                  border_color=(232, 184, 84, 120), border_width=1))
        self.bar = self.root.add_child(Panel(BAR_HEIGHT, BAR_HEIGHT, GOLD, 72, y + 34, radius=7, anchor=(0.0, 0.5)))
        self.bar_width = width
        self.shown_percent = -1
        self._show_progress()

    def _show_progress(self) -> None:
        if self.job is None or self.bar is None:
            return
        percent = int(100 * self.job.progress)
        if percent == self.shown_percent:
            return  # the bar and its words are drawn again only when they change
        self.shown_percent = percent
        self.bar.width = max(BAR_HEIGHT, round(self.bar_width * percent / 100))
        self.bar_text.text = t("viewer.import_reading", file=self.importing, percent=number(percent))

    def first_focus(self) -> int:
        return len(self.widgets) - 1 if self.job is not None else 0  # Cancel while reading, else the path

    def _typed(self, value: str) -> None:
        self.path = value

    def open(self) -> Any | None:
        if self.job is not None:
            return None
        self.path = self.field.value.strip().strip('"').strip("'")
        if not self.path:
            self.message = t("viewer.import_empty")
            self.layout()
            return None
        return self._open(Path(self.path).expanduser())

    def browse(self) -> Any | None:
        from .file_chooser import FileChooserScreen, start_folder

        here = Path(self.path).expanduser() if self.path else None
        return PushScreen(FileChooserScreen(self.window, start_folder(here), pick=self.picked))

    def picked(self, path: Path) -> None:
        """The file chooser's choice: read it now."""
        self.path = str(path)[:PATH_LIMIT]
        self._open(path)

    def _open(self, path: Path) -> Any | None:
        self.message = ""
        self.importing = shown(path.name or str(path))
        self.job = start_import(path)
        self._painting = paint_steps(self.window, self.style)
        self.layout()
        return None

    def cancel(self) -> Any | None:
        """Stop reading: the screen is free at once; the thread stops at its next step."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.message = t("viewer.import_cancelled")
            self.layout()
        return None

    def back(self) -> Any | None:
        if self.job is not None:
            return self.cancel()
        return super().back()

    @property
    def still(self) -> bool:
        """No log is being read (while one is, its progress bar moves)."""
        return self.job is None

    def update(self, dt: float) -> Any | None:
        job = self.job
        if job is None:
            return None
        if not job.done:
            self._show_progress()
            next(self._painting, None)  # the viewer's tiles, a few a frame, while the log is read
            return None
        self.job = None
        intent: Any = None
        try:
            intent = PushScreen(ReplayViewer(self.window, job.result(), style=self.style, terminology=self.terminology,
                                              ask_rules=True))
        except Cancelled:
            pass
        except SaveError as exc:
            self.message = notice_text(exc.notice)
        except Exception as exc:  # noqa: BLE001 - a log no reader foresaw: say so, never crash
            log.exception("the log %s could not be read", self.importing)
            self.message = t("viewer.import_error", file=self.importing, detail=shown(f"{type(exc).__name__}: {exc}", 200))
        self.layout()
        return intent

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.DROPFILE:
            if self.job is None:
                self.path = str(event.file)[:PATH_LIMIT]
                return self._open(Path(event.file))
            return None
        return super().handle_event(event)
