"""The Settings screen: every setting as a row the mouse or the keyboard can change.

Each change returns :class:`ApplySettings` with the new settings at once (no OK button to
forget): the app saves them and applies them, and lays the screens out again when the language
changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from game.i18n import t
from game.persist.settings import CHOICES, Settings
from game.ui.fitting import Box
from game.ui.game_window import desktop_size, fitted

from .intents import ApplySettings
from .widgets import CREAM, FAINT, GOLD, MUTED, Button, Choice, MenuScreen, TextBlock, label, text_block, wrap

COLUMNS: Final = (
    (("section_table", ("language", "tile_style", "terminology", "animation_speed", "hint_waits",
                        "hint_ai_reasons", "strict_table")),),
    (("section_play", ("claim_countdown", "auto_pass")),
     ("section_sound", ("sound_volume", "music_volume", "window_size", "fullscreen"))),
)

# settings changed on another screen: the external bots in New game → Advanced, and the New game
# screen's last choices (kept when a match starts)
ELSEWHERE: Final = frozenset({"external_bots", "external_time_limit", "new_game_rules", "new_game_levels",
                              "new_game_length"})


def _on_off(value: Any) -> str:
    return t("common.on") if value else t("common.off")


SHOW: Final[dict[str, Callable[[Any], str]]] = {
    "language": lambda v: t(f"language.{v}"),
    "tile_style": lambda v: t(f"settings.value.{v}"),
    "terminology": lambda v: terms_choice(v),
    "animation_speed": lambda v: t(f"settings.value.{v}"),
    "claim_countdown": lambda v: t("settings.value.seconds", n=v) if v else t("settings.value.no_limit"),
    "sound_volume": lambda v: t("settings.value.percent", n=v),
    "music_volume": lambda v: t("settings.value.percent", n=v),
    "window_size": lambda v: t("settings.value.size", width=v[0], height=v[1]),
}


def terms_choice(terminology: str) -> str:
    """A terms choice with the word it writes for a win (``Japanese (Ron)``, ``日文（榮）``), read
    from the catalog: the bare language name does not say that zh_TW's Japanese terms are the
    Chinese riichi words, nor that the English terms are English words in every language."""
    # imported here: the table package loads its screen and the engine's flow, which the title
    # (this module is part of it) must not pay for before its first frame
    from game.ui.table.words import RULEBOOK, table_terms

    if terminology == RULEBOOK:
        return t("settings.value.rulebook")  # no one word: it depends on the table's rulebook
    return t("settings.value.terms_sample", name=t(f"settings.value.{terminology}"),
             sample=table_terms(terminology).ron)


def values_of(name: str, current: Any) -> list[Any]:
    """The values a row cycles through; a current value off the list (a dragged window, a volume
    of 35) joins it in order so it is shown and can be returned to."""
    values = list(CHOICES[name])
    if name == "window_size":  # only the sizes this desktop holds (2560x1440 on a 1080p screen ran off it)
        desktop = desktop_size()
        values = [v for v in values if fitted(v, desktop) == v] or values[:1]
    if current not in values:
        values.append(current)
        if all(isinstance(v, int | tuple) for v in values):
            values.sort()
    return values


class SettingsScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None, *,
                 read_only: bool = False) -> None:
        self.settings = settings or Settings()
        self.read_only = read_only
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("settings.title"))
        # what the focused setting does, in a sentence (seen: a new player had no way to learn what
        # "Strict table" or "Terms: By the rules" would change but to try them)
        self.about: TextBlock = self.root.add_child(text_block(
            "", Box(w - 144, 16, lines=2, floor=13, name="setting's help"), CREAM, 72, h - 160, name="about"))
        col = (w - 144 - 48) // 2
        for c, sections in enumerate(COLUMNS):
            x = 72 + c * (col + 48)
            y = 140.0
            for section, names in sections:
                self.root.add_child(label(t(f"settings.{section}").upper(), 14, MUTED, x + 4, y, bold=True))
                y += 18
                for name in names:
                    current = getattr(self.settings, name)
                    self.add(Choice(t(f"settings.{name}"), values_of(name, current), current, x, y, col,
                                    show=SHOW.get(name, _on_off), value_width=230,
                                    on_change=partial(self._change, name), name=name))
                    y += 52
                y += 22
        if self.read_only:
            for i, line in enumerate(wrap(t("settings.read_only"), 16, col - 8)):
                self.root.add_child(label(line, 16, GOLD, 72 + col + 48 + 4, h - 92 + 22 * i))
        self.add(Button(t("common.back"), 72, h - 104, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w / 2, h - 24, align="center"))

    def set_focus(self, index: int) -> None:
        super().set_focus(index)
        focused = self.focused
        about = getattr(self, "about", None)  # (the first focus comes while the screen is built)
        words = t(f"settings.about.{focused.name}") if isinstance(focused, Choice) else ""
        if about is not None and about.words != words:
            about.set_text(words)

    def _change(self, name: str, value: Any) -> ApplySettings:
        self.settings = dataclasses.replace(self.settings, **{name: value})
        return ApplySettings(self.settings)
