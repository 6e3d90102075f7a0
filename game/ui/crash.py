"""When something in the game breaks: a report on disk and a screen that says so in plain words.

An uncaught exception in a frame must not make the window vanish. The main loop calls
:func:`write_report` (the traceback, the version, the OS and the last lines of this run's log, in
the logs folder beside the log) and shows :class:`CrashScreen`: what happened, where the report
is, and two ways on: **Continue** (back to the match as the autosave kept it, or the title when
there is none) and **Quit**. The screen is plain menu widgets, so mouse and keyboard both work.
"""

from __future__ import annotations

import logging
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from game import __version__, paths, runlog
from game.i18n import t

from .menus.intents import ContinueMatch, Open, Quit
from .menus.widgets import CREAM, GOLD, MUTED, Button, MenuScreen, label, wrap

log = logging.getLogger(__name__)


def write_report(exc: BaseException) -> Path | None:
    """Write ``crash-<time>.txt`` in the logs folder; None when the folder cannot be written (the
    traceback then goes to stderr and the log)."""
    trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    log.error("uncaught exception:\n%s", trace)
    lines = [
        f"Mahjong Atlas {__version__} crash report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"OS {platform.platform()}, Python {platform.python_version()}, frozen={bool(getattr(sys, 'frozen', False))}",
        "",
        trace,
    ]
    folder = paths.logs_dir()
    log_file = folder / runlog.LOG_NAME
    try:
        tail = log_file.read_text(encoding="utf-8", errors="replace").splitlines()[-40:]
        lines += ["", f"last lines of {log_file.name}:", *tail]
    except OSError:
        pass
    try:
        path = paths.ensure(folder) / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as err:
        print(trace, file=sys.stderr)
        log.error("could not write the crash report: %s", err)
        return None
    return path


class CrashScreen(MenuScreen):
    """The friendly face of a crash. ``can_continue``: an autosave is there to go back to."""

    def __init__(self, size: tuple[int, int], report: Path | None, *, can_continue: bool, what: str = "") -> None:
        self.report = report
        self.can_continue = can_continue
        self.what = what
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("crash.title"))
        width = w - 144
        y = 150
        for line in wrap(t("crash.explain"), 20, width):
            self.root.add_child(label(line, 20, CREAM, 72, y))
            y += 30
        if self.what:
            y += 8
            for line in wrap(self.what, 16, width)[:3]:
                self.root.add_child(label(line, 16, MUTED, 72, y))
                y += 24
        y += 18
        where = (t("crash.report", path=str(self.report)) if self.report is not None else t("crash.no_report"))
        for line in wrap(where, 17, width):
            self.root.add_child(label(line, 17, GOLD, 72, y))
            y += 26
        y += 10
        for line in wrap(t("crash.continue_help") if self.can_continue else t("crash.title_help"), 17, width):
            self.root.add_child(label(line, 17, MUTED, 72, y))
            y += 26
        self.add(Button(t("crash.quit"), 72, h - 84, 220, 56, center=True, on_activate=Quit, name="quit"))
        self.add(Button(t("crash.continue") if self.can_continue else t("crash.to_title"), w - 72 - 300, h - 84,
                        300, 56, primary=True, center=True, on_activate=self.go_on, name="continue"))

    def first_focus(self) -> int:
        return len(self.widgets) - 1

    def go_on(self) -> Any:
        return ContinueMatch() if self.can_continue else Open("title")

    def back(self) -> Any | None:
        return self.go_on()
