"""The list of tutorial levels: one column per rulebook, each level with its stars, done or new;
a level file that cannot be read is listed as broken (with its file, line and field) instead of
crashing the game."""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path
from typing import Any

from game import i18n
from game.engine.errors import AtlasError
from game.i18n import t
from game.scene import Sprite
from game.tutorial.level import PROFILES, Catalogue, Level, load_all, text
from game.tutorial.progress import Progress, load_progress
from game.ui.fitting import Box, fits, group_size
from game.ui.menus.intents import Open
from game.ui.menus.new_game import profile_name
from game.ui.menus.widgets import BAD, FAINT, GOLD, MUTED, Button, MenuScreen, label, text_block, wrap

from .intents import PushScreen

ROW = 44  # two lines of a title fit
MIN_ROW = 24  # one line of a title, its smallest (past 17 levels a column needs a scroll)
STARS = 52  # the room three small stars take at the right of a row (outlines on a level not yet won)
STAR = 12  # a star's size
GAP = 5
KEYS_ROOM = 40  # under the columns: the keys' line
GLOSSARY_W = 240  # the button to the words at the table, right of the intro


class TutorialListScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), *, folder: Path | None = None,
                 progress: Progress | None = None, style: str = "classic", speed: float = 1.0) -> None:
        self.catalogue: Catalogue = load_all(folder)
        self.progress = progress if progress is not None else load_progress()
        self.style = style
        self.speed = speed  # the animation speed the levels play at (the settings' factor)
        self.message = ""  # a level that could not be set up (shown in red, the game goes on)
        self.row = ROW  # a level's row height (smaller when a column holds many levels)
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("tutorial.list_title"), y=52)
        self.root.add_child(text_block(t("tutorial.list_intro"), Box(w - 144 - GLOSSARY_W - 16, 17, floor=13, name="intro"),
                                       MUTED, 72, 108))
        columns = [p for p in PROFILES if any(lv.profile == p for lv in self.catalogue.levels)] or list(PROFILES)
        gap = 24 if len(columns) <= 3 else 14  # four rulebooks: the titles need the width
        col_w = (w - 144 - gap * (len(columns) - 1)) // len(columns)
        top = 146
        # rows close up (down to one line of title) when a rulebook's column would run off the screen
        longest = max((sum(lv.profile == p for lv in self.catalogue.levels) for p in columns), default=1)
        self.row = max(MIN_ROW, min(ROW, int((h - KEYS_ROOM - (top + 24)) / max(1, longest)) - GAP))
        titles = [text(lv.title, i18n.language()) for lv in self.catalogue.levels]
        self.title_size = group_size(titles, self.title_box(col_w), self.window[0] / w)
        for c, profile in enumerate(columns):
            x = 72 + c * (col_w + gap)
            self.root.add_child(text_block(self.heading_words(profile, col_w), self.heading_box(col_w), GOLD, x, top))
            y = top + 24
            for lv in (lv for lv in self.catalogue.levels if lv.profile == profile):
                self._row(lv, x, y, col_w)
                y += self.row + GAP
        # Back where a mouse finds it, on the heading's line (the columns need the height; seen: a
        # mouse-only player had no way back, every other screen has one), and the keys under the list
        self.add(Button(t("common.back"), w - 72 - 180, 34, 180, 48, size=19, center=True, on_activate=self.back,
                        name="back"))
        # the words the lessons, the hints and the review use, said plainly (seen: "shanten", "suji"):
        # on the intro's line, which leaves it the room (beside Back it ran over a long heading)
        self.add(Button(t("glossary.open"), w - 72 - GLOSSARY_W, 95, GLOSSARY_W, 30, size=15, center=True,
                        on_activate=lambda: Open("glossary"), name="glossary"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w / 2, h - 24, align="center", name="keys"))
        problems = [str(err) for err in self.catalogue.broken] + ([self.message] if self.message else [])
        if problems:
            y = h - KEYS_ROOM - 22 * min(3, len(problems))
            for problem in problems[-3:]:
                line = wrap(f"{t('tutorial.broken')}: {problem}", 14, w - 144)[0]
                self.root.add_child(label(line, 14, BAD, 72, y, name="broken"))
                y += 22

    @staticmethod
    def reserve() -> int:
        """The room at the right of a row for its three stars."""
        return STARS

    @staticmethod
    def heading_box(width: int) -> Box:
        return Box(width, 20, bold=True, floor=14, name="column heading")

    def heading_words(self, profile: str, width: int) -> str:
        """The rulebook's name over its column, or its short name where the whole one does not fit
        ("EMA (règles de compétition riichi 2016)" in a quarter of the window)."""
        name = profile_name(profile)
        short = f"profile.{profile}.short"
        whole = replace(self.heading_box(width), floor=20)  # at the size of the other headings: never smaller
        if fits(name, whole, self.window[0] / self.size[0]) or not i18n.has(short):
            return name
        return t(short)

    def title_box(self, width: int) -> Box:
        """A level's title in its row: one line, or two, never cut (the row's button's own box)."""
        return replace(Button.box_for(width, self.row, 17, note_width=self.reserve()), floor=13, name="tutorial row")

    def _row(self, level: Level, x: float, y: float, width: int) -> None:
        from .screen import star_image

        stars = self.progress.stars.get(level.id, 0)
        title = text(level.title, i18n.language())
        button = self.add(Button(title, x, y, width, self.row, size=17, text_size=self.title_size, reserve=self.reserve(),
                                 on_activate=functools.partial(self.open, level), name=f"level:{level.id}"))
        for i in range(3):  # earned gold, the rest outlined (all three on a level not yet won)
            button.add_child(Sprite(star_image(STAR, i < stars), width - STARS + 6 + (STAR + 2) * i, self.row / 2))

    def open(self, level: Level) -> Any:
        """The level on the table; a level the engine cannot set up is reported here instead."""
        from .screen import TutorialScreen

        try:
            return PushScreen(TutorialScreen(self.window, level, self.progress, style=self.style,
                                             speed=self.speed))
        except AtlasError as exc:
            self.message = f"{level.path.name}: {exc}"
            self.layout()
            return None

    def enter(self) -> None:
        self.layout()  # back from a level: show its new stars


__all__ = ["TutorialListScreen", "PushScreen"]
