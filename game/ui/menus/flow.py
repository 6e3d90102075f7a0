"""The menus as the app runs them: the screen stack, the stores, and what each intent does.

The app feeds pygame events to :meth:`MenuFlow.handle_event`; the menus' own intents (open a
screen, go back, change a setting, delete a replay) are acted on here, and the ones only the app
can carry out come back to it: :class:`StartMatch` (with a concrete seed), :class:`ResumeMatch`
(a saved match already replayed), :class:`ApplySettings` (after saving: the window may change)
and :class:`Quit`. When a match ends the app calls :meth:`MenuFlow.match_over`, which files the
replay, drops the autosave and shows the results.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pygame

from game import i18n
from game.engine.match import Match
from game.i18n import t
from game.persist.export import export_tenhou6
from game.persist.replays import ReplayLibrary
from game.persist.saves import AUTOSAVE, SaveError, SaveStore
from game.persist.settings import Settings, SettingsStore
from game.ui.screens import Screen, ScreenStack

from .intents import (
    ApplySettings,
    Back,
    ContinueMatch,
    DeleteReplay,
    Dismiss,
    ExportReplay,
    Open,
    OpenReplay,
    Quit,
    ResumeMatch,
    ShowRules,
    StartMatch,
)
from .new_game import NewGameScreen, profile_name
from .options import MatchOptions
from .replays_screen import ReplaysScreen, local_time
from .results import ResultsScreen
from .rules_screen import RulesScreen
from .settings_screen import SettingsScreen
from .summary import summarize
from .title import TitleScreen


class MenuFlow:
    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        *,
        settings_store: SettingsStore | None = None,
        saves: SaveStore | None = None,
        replays: ReplayLibrary | None = None,
    ) -> None:
        self.size = size
        self.settings_store = settings_store or SettingsStore()
        self.saves = saves or SaveStore()
        self.replays = replays or ReplayLibrary()
        self.settings: Settings = self.settings_store.load()
        i18n.set_language(self.settings.language)
        notice = self.settings_store.take_notice()
        self.options = MatchOptions()
        self.stack = ScreenStack()
        self.stack.push(self.title_screen(t(notice.key, **notice.values) if notice else ""))

    # --- screens ------------------------------------------------------------------------------

    def title_screen(self, notice: str = "") -> TitleScreen:
        detail = None
        if self.saves.has_autosave():
            try:
                saved = self.saves.load(AUTOSAVE)
                detail = t("title.continue_detail", profile=profile_name(saved.options.profile_id),
                           when=local_time(saved.saved_at))
            except SaveError as exc:
                notice = notice or t(exc.notice.key, **exc.notice.values)
        return TitleScreen(self.size, continue_detail=detail, notice=notice)

    @property
    def top(self) -> Screen | None:
        return self.stack.top

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return None
        intent = self.stack.handle_event(event)
        return None if intent is None else self.act(intent)

    def update(self, dt: float) -> Any | None:
        intent = self.stack.update(dt)
        return None if intent is None else self.act(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.stack.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.stack.resize(size)

    # --- intents ------------------------------------------------------------------------------

    def act(self, intent: Any) -> Any | None:
        """Carry out a menu intent; return the ones the app must carry out (or None)."""
        if isinstance(intent, Back):
            self.stack.pop()
        elif isinstance(intent, Open):
            self.open(intent.screen)
        elif isinstance(intent, ShowRules):
            self.stack.push(RulesScreen(self.size, intent.profile_id, intent.other_id))
        elif isinstance(intent, ApplySettings):
            return self.apply_settings(intent.settings)
        elif isinstance(intent, StartMatch):
            seed = intent.options.seed
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            self.options = intent.options
            return StartMatch(dataclasses.replace(intent.options, seed=seed))
        elif isinstance(intent, ContinueMatch):
            try:
                saved = self.saves.load(intent.name)
                return ResumeMatch(saved.options, saved.resume())
            except SaveError as exc:
                self.stack.reset(self.title_screen(t(exc.notice.key, **exc.notice.values)))
        elif isinstance(intent, OpenReplay):
            try:
                saved = self.replays.load(intent.path)
                match = saved.resume()
                self.stack.push(ResultsScreen(self.size, summarize(match, saved.options.human_seat)))
            except SaveError as exc:
                self.stack.reset(self.title_screen(t(exc.notice.key, **exc.notice.values)))
        elif isinstance(intent, DeleteReplay):
            self.replays.delete(intent.path)
            screen = self.stack.top
            if isinstance(screen, ReplaysScreen):
                screen.entries = self.replays.entries()
                screen.layout()
        elif isinstance(intent, ExportReplay):
            screen = self.stack.top
            try:
                path = export_tenhou6(self.replays.load(intent.path))
                message = t("replays.exported", file=str(path))
            except SaveError as exc:
                message = t(exc.notice.key, **exc.notice.values)
            if isinstance(screen, ReplaysScreen):
                screen.message = message
                screen.layout()
        elif isinstance(intent, Dismiss):
            pass
        else:
            return intent  # Quit, and anything the menus do not know
        return None

    def open(self, name: str) -> None:
        if name == "title":
            self.stack.reset(self.title_screen())
        elif name == "new_game":
            self.stack.push(NewGameScreen(self.size, self.options))
        elif name == "settings":
            self.stack.push(SettingsScreen(self.size, self.settings, read_only=not self.settings_store.writable))
        elif name == "replays":
            self.stack.push(ReplaysScreen(self.size, self.replays.entries()))
        else:
            raise ValueError(f"no menu screen called {name!r}")

    def apply_settings(self, settings: Settings) -> ApplySettings:
        language_changed = settings.language != self.settings.language
        self.settings = settings
        self.settings_store.save(settings)
        if language_changed:
            i18n.set_language(settings.language)
            for screen in self.stack.screens:
                if hasattr(screen, "layout"):
                    screen.layout()
        return ApplySettings(settings)

    # --- the table's side ---------------------------------------------------------------------

    def autosave(self, options: MatchOptions, match: Match) -> None:
        """Keep the running match for Continue (the table calls this after every action)."""
        self.saves.autosave(options, match)

    def match_over(self, options: MatchOptions, match: Match) -> None:
        """File the finished match, forget its autosave, and show the results over the title."""
        self.replays.add(options, match)
        self.saves.clear_autosave()
        self.stack.reset(self.title_screen())
        self.stack.push(ResultsScreen(self.size, summarize(match, options.human_seat)))


__all__ = ["MenuFlow", "Quit", "ResumeMatch", "StartMatch", "ApplySettings"]
