"""Choose a log to import, inside the game: folders and ``.json`` / ``.mjson`` files, by keyboard
(arrows, Enter opens, Backspace goes up, letters jump to a name) and by mouse (click, wheel).

A folder is listed on a thread (:mod:`game.persist.jobs`): a network share or a folder of a
hundred thousand files must not freeze the window. The list is bounded: at most
:data:`SCANNED` entries are looked at and :data:`LISTED` shown (a line says the rest were left
out: the path can still be typed). Hidden files are skipped; entries the OS will not describe
(a broken link, a permission refused) are left out; names are cleaned for the screen but opened
as they are on disk. Only regular files are offered: a FIFO or a device named ``x.json`` is not.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import pygame

from game.i18n import t
from game.persist.jobs import Job
from game.persist.log_import import IMPORT_EXTENSIONS
from game.persist.names import shown
from game.scene import Node, Panel
from game.ui.menus.intents import Back
from game.ui.menus.widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    MUTED,
    Box,
    Button,
    ListRow,
    MenuScreen,
    ScrollRows,
    clip,
    label,
    text_block,
)

from .import_screen import tail_that_fits

SCANNED: Final = 20_000  # directory entries looked at in one folder
LISTED: Final = 500  # rows shown
ROW: Final = 40


@dataclass(frozen=True)
class Entry:
    """One row: a folder to open or a log file to import."""

    path: Path
    name: str  # as shown
    folder: bool


@dataclass(frozen=True)
class Listing:
    folder: Path
    entries: tuple[Entry, ...]
    left_out: int  # entries that matched but were not shown (or not even looked at)
    error: str = ""  # why the folder could not be read ("" when it could)


def list_folder(folder: Path, progress: Callable[[float], None] = lambda f: None) -> Listing:
    """The folders and log files in ``folder``, folders first, each group by name."""
    found: list[Entry] = []
    seen = 0
    truncated = False
    try:
        with os.scandir(folder) as scan:
            for item in scan:
                seen += 1
                if seen % 256 == 0:
                    progress(min(0.99, seen / SCANNED))
                if seen > SCANNED:
                    truncated = True
                    break
                if item.name.startswith("."):
                    continue
                try:
                    if item.is_dir():
                        found.append(Entry(Path(item.path), shown(item.name), True))
                    elif item.is_file() and os.path.splitext(item.name)[1].lower() in IMPORT_EXTENSIONS:
                        found.append(Entry(Path(item.path), shown(item.name), False))
                except OSError:  # a broken link, a permission refused: not offered
                    continue
    except OSError as exc:
        return Listing(folder, (), 0, exc.strerror or str(exc))
    found.sort(key=lambda e: (not e.folder, e.name.casefold()))
    left_out = max(0, len(found) - LISTED) + (1 if truncated else 0)
    return Listing(folder, tuple(found[:LISTED]), left_out)


def start_folder(hint: Path | None = None) -> Path:
    """Where the chooser opens: the folder of the path typed so far, else Downloads, else home."""
    candidates = []
    if hint is not None:
        candidates += [hint, hint.parent]
    home = Path.home()
    candidates += [home / "Downloads", home, Path.cwd()]
    for folder in candidates:
        try:
            if folder.is_dir():
                return folder.resolve()
        except (OSError, RuntimeError):  # a link loop, a vanished drive
            continue
    return Path(os.sep)


class EntryRow(ListRow):
    def __init__(self, entry: Entry, width: int, choose: Callable[[Entry], Any]) -> None:
        super().__init__(width, ROW - 6, quiet=True, name=f"entry:{entry.name}")
        self.entry = entry
        self.choose = choose
        if entry.folder:  # a little folder: a tab over a body
            self.add_child(Panel(8, 4, GOLD, 20, -6, radius=1, anchor=(0.0, 0.5)))
            self.add_child(Panel(16, 11, GOLD, 20, 1, radius=2, anchor=(0.0, 0.5)))
        else:  # a page
            self.add_child(Panel(12, 15, MUTED, 22, 0, radius=2, anchor=(0.0, 0.5)))
        text = entry.name + ("/" if entry.folder else "")
        self.add_child(label(clip(text, 18, width - 60, entry.folder), 18, CREAM, 40, 0, bold=entry.folder))  # a name on disk

    def activate(self) -> Any | None:
        return self.choose(self.entry)


class FileChooserScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), folder: Path | None = None, *,
                 pick: Callable[[Path], Any] = lambda path: None) -> None:
        self.pick = pick
        self.folder = folder or start_folder()
        self.listing: Listing | None = None
        self.job: Job[Listing] | None = None
        self.offset = 0
        self.typed = ""  # letters typed to jump to a name
        super().__init__(size)
        self.go(self.folder)

    # --- the folder ---------------------------------------------------------------------------

    def go(self, folder: Path) -> None:
        """List ``folder`` (on the thread); the screen says so until it is done."""
        if self.job is not None:
            self.job.cancel()
        self.folder = folder
        self.listing = None
        self.offset = 0
        self.typed = ""
        self.job = Job(lambda progress: list_folder(folder, progress), name="atlas-list").start()
        self.focus = -1  # a new folder starts at its top
        self.layout()

    def up(self) -> Any | None:
        parent = self.folder.parent
        if parent != self.folder:
            self.go(parent)
        return None

    def choose(self, entry: Entry) -> Any | None:
        if entry.folder:
            self.go(entry.path)
            return None
        self.pick(entry.path)
        return Back()

    @property
    def still(self) -> bool:
        """The folder is read (while it is read, the screen waits on the listing's thread)."""
        return self.job is None

    def update(self, dt: float) -> Any | None:
        if self.job is not None and self.job.done:
            job, self.job = self.job, None
            try:
                self.listing = job.result()
            except Exception as exc:  # noqa: BLE001 - the folder cannot be read: say why, stay
                self.listing = Listing(self.folder, (), 0, str(exc))
            self.layout()
        return None

    # --- the screen ---------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        self.heading(t("chooser.title"))
        where = tail_that_fits(shown(str(self.folder), 400), 17, w - 144)
        self.root.add_child(label(where, 17, MUTED, 72, 124, name="folder"))
        top, bottom = 150, h - 120
        rows: list[Node] = []
        if self.folder.parent != self.folder:
            up = EntryRow(Entry(self.folder.parent, "..", True), w - 144 - 16, lambda entry: self.up())
            rows.append(up)
        listing = self.listing
        if listing is None:
            self.root.add_child(label(t("chooser.reading"), 17, FAINT, 72, top + 30, name="reading"))
        elif listing.error:
            self.root.add_child(text_block(t("chooser.unreadable", detail=shown(listing.error)),
                                           Box(w - 144, 17, lines=2, floor=12, name="message"), BAD,
                                           72, top + 30 + (ROW if rows else 0), name="error"))
        else:
            for entry in listing.entries:
                rows.append(EntryRow(entry, w - 144 - 16, self.choose))
            if not listing.entries:
                self.root.add_child(label(t("chooser.empty"), 17, FAINT, 72, top + 30 + (ROW if rows else 0),
                                          name="empty"))
            if listing.left_out:
                self.root.add_child(label(t("chooser.left_out", count=listing.left_out), 14, FAINT, 72, bottom + 14,
                                          name="left_out"))
        for row in rows:
            row.x = 72
            assert isinstance(row, ListRow)
            self.widgets.append(row)
        self.list = self.scroll_list = ScrollRows(self.root, rows, top, bottom, ROW, w - 72 - 4)
        self.list.scroll(0, to=self.offset)
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=Back, name="back"))
        self.root.add_child(label(t("chooser.keys_hint"), 14, FAINT, w - 72, h - 56, align="right"))

    def first_focus(self) -> int:
        return 0

    def scroll(self, lines: int) -> None:
        self.list.scroll(lines)
        self.offset = self.list.offset

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        if event.key == pygame.K_BACKSPACE:
            return self.up()
        if event.key == pygame.K_HOME and self.widgets:
            self.set_focus(0)
            return None
        if event.key == pygame.K_END and len(self.widgets) > 1:
            self.set_focus(len(self.widgets) - 2)  # the last row (the Back button is last)
            return None
        letter = getattr(event, "unicode", "")
        if letter and letter.isprintable() and not letter.isspace():
            self._jump(letter)
            return None
        return super().handle_key(event)

    def _jump(self, letter: str) -> None:
        """Letters typed in a row move to the first name that starts with them."""
        self.typed = (self.typed + letter)[:40].casefold()
        for i, widget in enumerate(self.widgets):
            if isinstance(widget, EntryRow) and widget.entry.name.casefold().startswith(self.typed):
                self.set_focus(i)
                return
        self.typed = letter.casefold()  # no match: start again from this letter
        for i, widget in enumerate(self.widgets):
            if isinstance(widget, EntryRow) and widget.entry.name.casefold().startswith(self.typed):
                self.set_focus(i)
                return
