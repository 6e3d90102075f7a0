"""Save as: the player names the match being played, over the table.

The name is typed (``pygame.TEXTINPUT``, so accents and Cyrillic come from any keyboard), up to
:data:`NAME_LIMIT` characters among letters and digits the game's font can draw, spaces and a
little punctuation. A suggested name ("Riichi East 2") is there already, selected, so Enter alone
saves. Saving over an existing save asks once: the button turns to Replace and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final

from game.i18n import t
from game.persist.saves import AUTOSAVE

from .dialog import DialogScreen
from .intents import Back, SaveGame
from .widgets import (
    BAD,
    FAINT,
    GOLD,
    MUTED,
    Box,
    Button,
    ListRow,
    TextField,
    clip,
    label,
    text_block,
    ui_font,
)

NAME_LIMIT: Final = 32
PUNCTUATION: Final = " -_.,'()!?"
WIDTH = 760
SHOWN = 4  # existing saves listed under the field


@cache
def drawable(ch: str) -> bool:
    """A character a save name may hold: a letter or digit the UI font has a glyph for, or a
    space or one of a few punctuation marks (no slashes, quotes or controls)."""
    if ch in PUNCTUATION:
        return True
    if not ch.isalnum():
        return False
    return ui_font(22).covers(ch)


def clean(name: str) -> str:
    return " ".join(name.split())


class NameRow(ListRow):
    """An existing save's name: choosing it puts that name in the field (to replace that save)."""

    def __init__(self, name: str, width: int, pick: Callable[[str], Any]) -> None:
        super().__init__(width, 32, quiet=True, name=f"existing:{name}")
        self.save_name = name
        self.pick = pick
        self.add_child(label(clip(name, 17, width - 24), 17, MUTED, 12, 0))

    def activate(self) -> Any | None:
        return self.pick(self.save_name)


class SaveAsScreen(DialogScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), *, suggested: str = "",
                 existing: Sequence[str] = (), exists: Callable[[str], bool] = lambda name: False) -> None:
        self.name = "".join(ch for ch in suggested if drawable(ch))[:NAME_LIMIT]
        self.fresh = True  # the suggestion is still selected
        self.existing = list(existing)
        self.exists = exists
        self.confirming = ""  # the name the player was told already exists
        self.message = ""
        self.message_bad = False
        super().__init__(size)

    def build(self) -> None:
        rows = min(SHOWN, len(self.existing))
        height = 362 + (44 + 34 * rows if rows else 0)
        left, top = self.card(WIDTH, height, t("save.title"))
        x, width = left + 36, WIDTH - 72
        self.field = TextField(self.name, t("save.hint"), x, top + 100, width, limit=NAME_LIMIT, allowed=drawable,
                               on_change=self._typed, on_submit=self.submit, selected=self.fresh, name="name")
        self.add(self.field)
        self.root.add_child(text_block(t("save.rules", limit=NAME_LIMIT, count=NAME_LIMIT),
                                       Box(width, 14, floor=11, name="save rules", shrink_first=True), FAINT, x + 4, top + 172))
        if self.message:
            colour = BAD if self.message_bad else GOLD
            self.root.add_child(text_block(self.message, Box(width, 16, lines=2, floor=12, name="message"), colour, x + 4,
                                               top + 200 + 4, name="message"))
        y = top + 244
        if rows:
            self.root.add_child(text_block(t("save.existing"), Box(width, 14, bold=True, floor=11, name="heading"), MUTED, x + 4, y))
            y += 26
            for name in self.existing[:rows]:
                row = NameRow(name, width, self.pick)
                row.x, row.y = x, y + 16
                self.add(row)
                y += 34
            y += 10
        replacing = bool(self.confirming) and self.confirming == clean(self.name)
        self.add(Button(t("save.replace" if replacing else "save.save"), x, y + 8, 240, 52, center=True,
                        primary=True, on_activate=self.submit, name="save"))
        self.add(Button(t("save.cancel"), x + 256, y + 8, 200, 52, center=True, on_activate=Back, name="cancel"))
        self.root.add_child(label(t("save.keys_hint"), 14, FAINT, self.size[0] / 2, top + height - 24, align="center"))

    def first_focus(self) -> int:
        return 0  # the name field: typing starts at once

    def enter(self) -> None:
        try:  # on by default on desktops; an on-screen keyboard (or none) may need asking
            import pygame

            pygame.key.start_text_input()
        except Exception:  # noqa: S110 (no video: tests drive TEXTINPUT themselves)
            pass

    def _typed(self, value: str) -> None:
        self.name = value
        self.fresh = False
        if self.message or self.confirming:
            self.confirming = ""
            self.message = ""
            self.layout()

    def pick(self, name: str) -> None:
        self.name = name
        self.fresh = False
        self.confirming = ""
        self.message = ""
        self.layout()
        self.set_focus(self.widgets.index(self.field))

    def _say(self, message: str, bad: bool = True) -> None:
        self.message, self.message_bad = message, bad
        self.layout()

    def submit(self) -> Any | None:
        """Save, or say why not yet (no name, a reserved name, a save to be replaced)."""
        name = clean(self.name)
        self.fresh = False  # the suggestion was taken: typing now adds to it
        if not name:
            self._say(t("save.empty"))
            return None
        if name.casefold() == AUTOSAVE:
            self._say(t("save.reserved", name=name))
            return None
        if self.exists(name) and self.confirming != name:
            self.confirming = name
            self._say(t("save.exists", name=name), bad=False)
            return None
        return SaveGame(name)

    def failed(self, message: str) -> None:
        """The flow could not write the file: say why, and stay."""
        self.confirming = ""
        self._say(message)
