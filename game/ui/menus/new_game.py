"""The New game screen: the rules (each with its one-line description), the three opponents'
levels, the length (hands for the riichi family, rounds for Taiwanese) and an optional seed."""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

from game import i18n
from game.engine.errors import AtlasError
from game.engine.profile import load_profile, profile_order
from game.i18n import t
from game.match_options import LEVELS, MatchOptions, lengths_for
from game.persist.names import shown

from .intents import Open, ShowRules, StartMatch
from .widgets import FAINT, GOLD, MUTED, Button, Card, Choice, DigitsField, MenuScreen, label

SEATS = ("right", "across", "left")  # the AI seats after the player's, in turn order


def profile_name(profile_id: str) -> str:
    """The rules' name in the player's language; the id itself for rules this game does not
    ship (a file from a newer game names them), never an error."""
    key = f"profile.{profile_id}.name"
    if i18n.has(key):
        return t(key)
    try:
        return load_profile(profile_id).profile.name
    except AtlasError:
        return shown(profile_id, 40)


def profile_description(profile_id: str) -> str:
    key = f"profile.{profile_id}.description"
    return t(key) if i18n.has(key) else load_profile(profile_id).profile.description


def other_profile(profile_id: str) -> str:
    """The profile a rules comparison starts against: the next one in the list."""
    ids = profile_order()
    return ids[(ids.index(profile_id) + 1) % len(ids)] if profile_id in ids else ids[0]


class NewGameScreen(MenuScreen):
    def __init__(
        self, size: tuple[int, int] = (1280, 720), options: MatchOptions | None = None,
        external_bots: tuple[str, ...] = (),
    ) -> None:
        """``external_bots``: the commands set in Advanced (a setting), counted on the screen."""
        self.external_bots = external_bots
        self.options = options or MatchOptions()
        if not self.options.length:
            self.options = dataclasses.replace(self.options, length=load_profile(self.options.profile_id).game.length)
        self.seed_text = "" if self.options.seed is None else str(self.options.seed)
        self._start_focus = True
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("new_game.title"))
        col = (w - 144 - 48) // 2
        left, right = 72, 72 + col + 48
        self._section(t("new_game.profile"), left, 140)
        y = 158
        boxes = Card.boxes_for(col, [(profile_name(pid), profile_description(pid)) for pid in profile_order()])
        for pid in profile_order():
            card = self.add(Card(profile_name(pid), profile_description(pid), left, y, col, 84, boxes=boxes,
                                 on_select=partial(self._choose_profile, pid), name=f"profile:{pid}"))
            card.selected = pid == self.options.profile_id
            card.restyle()
            y += 96
        self.add(Button(t("new_game.compare"), left, y + 4, col, 46, size=19,
                        on_activate=lambda: ShowRules(self.options.profile_id, other_profile(self.options.profile_id)),
                        name="compare"))

        self._section(t("new_game.opponents"), right, 140)
        y = 158
        for i, seat in enumerate(SEATS):
            self.add(Choice(t(f"seat.{seat}"), LEVELS, self.options.levels[i], right, y, col,
                            show=lambda v: t(f"level.{v}"), on_change=partial(self._level, i),
                            name=f"level:{seat}"))
            y += 52
        profile = load_profile(self.options.profile_id)
        y += 28
        self.add(Choice(t("new_game.length"), lengths_for(profile), self.options.length, right, y, col,
                        show=lambda v: t(f"length.{v}"), on_change=self._length, name="length"))
        y += 52
        self.add(DigitsField(t("new_game.seed"), self.seed_text, t("new_game.seed_hint"), right, y, col,
                             on_change=self._seed, name="seed"))
        self.root.add_child(label(t("new_game.seed_typing"), 14, FAINT, right + 18, y + 62))
        y += 84
        self.add(Button(t("new_game.external"), right, y, col, 46, size=19, on_activate=lambda: Open("external_bots"),
                        name="external"))
        active = sum(1 for c in self.external_bots if c.strip())
        if active:
            self.root.add_child(label(t("new_game.external_on", count=active), 14, GOLD, right + 18, y + 60,
                                      name="external_on"))

        self.add(Button(t("common.back"), left, h - 104, 220, 56, on_activate=self.back, center=True, name="back"))
        self.add(Button(t("new_game.start"), w - 72 - 280, h - 104, 280, 56, primary=True, center=True,
                        on_activate=self._start, name="start"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w / 2, h - 24, align="center"))

    def first_focus(self) -> int:
        return len(self.widgets) - 1  # Start: Enter plays at once with what is shown

    def _section(self, text: str, x: float, y: float) -> None:
        self.root.add_child(label(text.upper(), 14, MUTED, x + 4, y, bold=True))

    def _choose_profile(self, profile_id: str) -> None:
        if profile_id != self.options.profile_id:
            length = load_profile(profile_id).game.length
            self.options = dataclasses.replace(self.options, profile_id=profile_id, length=length)
            self.layout()
        return None

    def _level(self, index: int, level: str) -> None:
        levels = list(self.options.levels)
        levels[index] = level
        self.options = dataclasses.replace(self.options, levels=(levels[0], levels[1], levels[2]))

    def _length(self, length: str) -> None:
        self.options = dataclasses.replace(self.options, length=length)

    def _seed(self, text: str) -> None:
        self.seed_text = text

    def chosen(self) -> MatchOptions:
        """The options as shown, the seed read from the field (empty: the app picks one)."""
        seed = int(self.seed_text) if self.seed_text else None
        if seed is not None and seed >= 2**63:
            seed = None
        return dataclasses.replace(self.options, seed=seed)

    def _start(self) -> Any:
        return StartMatch(self.chosen())
