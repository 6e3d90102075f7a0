"""The menus as the app runs them: the screen stack, the stores, and what each intent does.

The app feeds pygame events to :meth:`MenuFlow.handle_event` and calls :meth:`MenuFlow.update`
each frame; the menus' own intents (open a screen, go back, change a setting, delete or export a
replay) are acted on here. A match is put on the table through ``open_table(options, match,
settings)``, which returns the table's screen; the flow pushes it, autosaves after every action
the table applies, and once the table says the match is ``finished`` files the replay, drops the
autosave and shows the results. What only the app can do comes back from ``handle_event`` and
``update``: :class:`ApplySettings` (the window may change), :class:`Quit`, and, while no table is
glued in, :class:`StartMatch` (with a concrete seed) and :class:`ResumeMatch`.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import t, tn
from game.match_options import MatchOptions, match_profile
from game.persist.autosave import Autosaver
from game.persist.instance import Holder, InstanceLock
from game.persist.replays import Placings, ReplayLibrary
from game.persist.saves import SaveEntry, SaveError, SaveStore, summary_of
from game.persist.settings import Settings, SettingsStore, new_game_options, remember_new_game
from game.ui import audio
from game.ui.audio import Cue, SoundBoard
from game.ui.screens import Screen, ScreenStack
from game.ui.tutorial.intents import PushScreen

from .dialog import ConfirmScreen
from .instance_screen import InstanceScreen, bring_to_front
from .intents import (
    ApplySettings,
    Back,
    ContinueMatch,
    DeleteReplay,
    DeleteSave,
    Dismiss,
    ExportReplay,
    LoadGame,
    Open,
    OpenReplay,
    PlayFromHere,
    PlayWithoutAutosave,
    Quit,
    RaiseOther,
    ResumeMatch,
    SaveGame,
    ShowRules,
    StartMatch,
)
from .load_screen import LoadScreen, hand_text
from .match_menu import MatchMenuScreen
from .new_game import NewGameScreen, profile_name
from .notice_screen import NoticeScreen, notice_text
from .replays_screen import ReplaysScreen, local_time
from .rules_screen import RulesScreen
from .save_screen import SaveAsScreen
from .settings_screen import SettingsScreen
from .title import TitleScreen

if TYPE_CHECKING:  # imported where used: the title is drawn before the engine's flow is loaded
    from game.engine import Match
    from game.ui.results.match_end import ResultsScreen

OpenTable = Callable[[MatchOptions, "Match", Settings], Screen]
RAISE_CHECK = 1.0  # seconds between looks for a second window's request to come to the front
BANNER_NOTICES = 3  # notices the title's banner holds at once; the rest are summed up


def new_match_id() -> str:
    return uuid.uuid4().hex


def banner_text(notices: list[str]) -> str:
    """The title banner's text for the notices waiting (the first few, then how many more)."""
    if len(notices) <= BANNER_NOTICES:
        return " ".join(notices)
    rest = len(notices) - BANNER_NOTICES + 1
    return " ".join([*notices[: BANNER_NOTICES - 1], tn("notice.more", rest)])


MIN_SIZE = (640, 360)  # the smallest window the screens lay out for


class MenuFlow:
    def __init__(
        self,
        size: tuple[int, int] = (1280, 720),
        *,
        settings_store: SettingsStore | None = None,
        saves: SaveStore | None = None,
        replays: ReplayLibrary | None = None,
        open_table: OpenTable | None = None,
        sounds: SoundBoard | None = None,
        instance: InstanceLock | None = None,
        other: Holder | None = None,
    ) -> None:
        """``open_table(options, match, settings)`` makes the screen that plays a match; without
        it StartMatch and ResumeMatch go back to the app (the table is not glued in yet);
        ``sounds`` is the board whose volumes follow the settings (None: :func:`audio.current`);
        ``instance`` is the user folder's lock this game holds, ``other`` the game that holds it
        when this one could not take it: the player then chooses first (:class:`InstanceScreen`),
        and this window keeps no autosave."""
        self.size = size
        self.open_table = open_table
        # the window's size now, in points, when windowed (the run loop sets it): Settings shows a
        # size the player dragged the window to, not the last size chosen (seen: 1024x600 dragged,
        # "1280 x 720" in the row)
        self.window_points: Callable[[], tuple[int, int] | None] = lambda: None
        self._disk_trouble_told = False
        self._pending_notice = ""
        self.playing: tuple[MatchOptions, Match, Screen] | None = None
        self.settings_store = settings_store or SettingsStore()
        self.saves = saves or SaveStore(background=True)
        self.replays = replays or ReplayLibrary()
        self.autosaver = Autosaver(self.saves)
        self.instance = instance
        self._raise_wait = 0.0
        if other is not None:
            self.saves.autosaving = False  # the other window's match is not this one's to touch
        self.settings: Settings = self.settings_store.load()
        self.sounds = sounds if sounds is not None else audio.current()
        self.sounds.set_volumes(self.settings.sound_volume, self.settings.music_volume)
        i18n.set_language(self.settings.language)
        notice = self.settings_store.take_notice()
        self._notices: list[str] = [notice_text(notice)] if notice else []
        self.match_id = ""  # the id of the match on the table: its autosave and its replay carry it
        self._filing: tuple[ResultsScreen, list[Path]] | None = None  # results waiting for their replay's file
        self.options = new_game_options(self.settings)
        self.stack = ScreenStack()
        self.stack.push(self.title_screen())
        if other is not None:
            self.stack.push(InstanceScreen(self.size, other))

    # --- screens ------------------------------------------------------------------------------

    def tell_disk_trouble(self, exc: OSError) -> None:
        """A write to the user folder failed (read-only, full, gone): the game goes on, and the
        player is told once, on the next title screen, that nothing is being kept."""
        if not self._disk_trouble_told:
            self._disk_trouble_told = True
            self._pending_notice = t("notice.disk_trouble", detail=exc.strerror or str(exc))

    def _match_kept(self) -> str:
        """The match in progress a new one would replace (the autosave Continue offers), as the
        title names it ("Riichi · saved 19:20"); "" when there is none."""
        saved = self.saves.usable_autosave()
        if saved is None:
            return ""
        profile = profile_name(saved.options.profile_id)
        when = local_time(saved.saved_at)
        return t("title.continue_detail", profile=profile, when=when) if when else profile

    def title_screen(self, notice: str = "") -> TitleScreen:
        """The title, Continue offered for a usable autosave; the notices waiting (a file set
        aside, the disk refusing writes) show in its banner, each once."""
        if self._pending_notice:
            self._notices.append(self._pending_notice)
            self._pending_notice = ""
        detail = self._match_kept() or None
        told = [notice] if notice else []
        told += self._notices + self.persist_notices()
        self._notices = []
        return TitleScreen(self.size, continue_detail=detail, notice=banner_text(told),
                           tile_style=self.settings.tile_style, can_load=self.saves.has_named_saves())

    def _offer_what_is_left(self) -> None:
        """Back on the title: Load game goes once its last save went (set aside as unusable, or
        deleted), and comes back once one was saved, so the title never offers an empty list."""
        title = self.stack.top
        if isinstance(title, TitleScreen) and title.can_load != self.saves.has_named_saves():
            title.can_load = not title.can_load
            title.layout()

    def persist_notices(self) -> list[str]:
        """The player's messages about files set aside since the last call, translated."""
        notices = [*self.saves.take_notices(), *self.replays.take_notices()]
        return [notice_text(n) for n in notices]

    def tell_set_aside(self) -> None:
        """Show, over the current screen, the files the last step had to set aside (if any)."""
        told = self.persist_notices()
        if told:
            self.stack.push(NoticeScreen(self.size, told))

    @property
    def top(self) -> Screen | None:
        return self.stack.top

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.VIDEORESIZE:
            # a window dragged to nothing (or minimised where the OS says 0) keeps a usable layout
            size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            if size != self.size:  # the same size again (after WINDOWSIZECHANGED, on a map): nothing to lay out
                self.resize(size)
            return None
        if self._at_table() and event.type == pygame.KEYDOWN and self._table_key(event):
            return None
        intent = self.stack.handle_event(event)
        return None if intent is None else self.act(intent)

    def _at_table(self) -> bool:
        return self.playing is not None and self.stack.top is self.playing[2]

    def _table_key(self, event: pygame.event.Event) -> bool:
        """The keys the menus take from the table: Ctrl+S (or F2) saves under a name; Esc (when
        the table has no use for it, as cancelling riichi) or F10 pauses. True when taken."""
        assert self.playing is not None
        options, match, table = self.playing
        if match.is_over:
            return False
        if event.key == pygame.K_F2 or (event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL):
            self.open("save_as")
            return True
        if event.key == pygame.K_F10 or (event.key == pygame.K_ESCAPE and not getattr(table, "riichi_mode", False)):
            self.stack.push(MatchMenuScreen(self.size, autosaving=self.saves.autosaving))
            return True
        return False

    def update(self, dt: float) -> Any | None:
        self._raise_wait += dt
        if self.instance is not None and self._raise_wait >= RAISE_CHECK:
            self._raise_wait = 0.0
            if self.instance.raise_requested():  # a second window asked for this one
                bring_to_front()
        if self._at_table() and self.autosaver.stalled():
            self._follow_match()  # the disk is behind: the table waits for it (frames still come)
            return None
        intent = self.stack.update(dt)
        out = None if intent is None else self.act(intent)
        self._follow_match()
        return out

    def _follow_match(self) -> None:
        """Autosave the actions the table applied (at the pace of :mod:`game.persist.autosave`);
        file the match once its end was shown."""
        writer = self.saves.writer
        if writer is not None and writer.error is not None:
            self.tell_disk_trouble(writer.error)
        self._hand_replay_path()
        if self.playing is None:
            return
        options, match, screen = self.playing
        if screen not in self.stack.screens:  # the player left the table: the autosave stays
            self.autosaver.follow(options, match, self.match_id, force=True)
            self.playing = None
            _close_seats(screen)
            return
        if match.is_over and getattr(screen, "finished", True):
            self.playing = None
            _close_seats(screen)
            self.match_over(options, match)
            return
        # an ended match is still followed while the table shows its end (the last hand's
        # result, seconds at slow speed, as long as the player reads it): its last actions must
        # reach the disk now, not when it is filed, or a crash meanwhile loses them
        self.autosaver.follow(options, match, self.match_id)

    def play(self, options: MatchOptions, match: Match, *, match_id: str = "") -> Any | None:
        """Put a match on the table (through ``open_table``), or hand it to the app. ``match_id``
        is the autosave's when Continue resumes it; any other match gets a new one."""
        if self.open_table is None:
            return ResumeMatch(options, match)
        screen = self.open_table(options, match, self.settings)
        _freeze_what_play_loaded()
        self.match_id = match_id or new_match_id()
        self.playing = (options, match, screen)
        self.stack.push(screen)
        notify = getattr(screen, "notify", None)
        if not self.saves.autosaving and callable(notify):
            notify(t("instance.table_note"))
        skip = getattr(screen, "skip", None)
        if match.actions and callable(skip):
            skip()  # a resumed or branched match starts where it stands, not by animating its past
        self._follow_match()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.stack.draw(surface)

    @property
    def still(self) -> bool:
        """What a frame would draw cannot have changed since the last one (no event came)."""
        return self.stack.still

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.stack.resize(size)

    # --- intents ------------------------------------------------------------------------------

    def act(self, intent: Any) -> Any | None:
        """Carry out a menu intent; return the ones the app must carry out (or None)."""
        if isinstance(intent, Back):
            self.stack.pop()
            self._offer_what_is_left()
        elif isinstance(intent, Open):
            self.open(intent.screen)
        elif isinstance(intent, ShowRules):
            self.stack.push(RulesScreen(self.size, intent.profile_id, intent.other_id))
        elif isinstance(intent, ApplySettings):
            return self.apply_settings(intent.settings)
        elif isinstance(intent, StartMatch):
            if not intent.replacing and (kept := self._match_kept()):
                # seen: New game silently replaced a Riichi match in progress, gone from Continue
                # and from Load game; the player is asked first, and going back keeps it
                self.stack.push(ConfirmScreen(self.size, t("replace.title"), t("replace.text", match=kept),
                                              t("replace.start"), lambda: dataclasses.replace(intent, replacing=True),
                                              no=t("replace.keep")))
                return None
            if isinstance(self.stack.top, ConfirmScreen):
                self.stack.pop()
            seed = intent.options.seed
            if seed is None:
                seed = random.SystemRandom().randrange(2**31)
            self.options = intent.options
            self._remember_new_game(intent.options)
            options = dataclasses.replace(intent.options, seed=seed)
            if self.open_table is None:
                return StartMatch(options)
            strict = (options.human_seat,) if self.settings.strict_table else ()
            from game.engine import Match

            return self.play(options, Match(match_profile(options), seed, strict_seats=strict))
        elif isinstance(intent, ContinueMatch):
            path = self.saves.path_for(intent.name)
            try:
                saved = self.saves.load_path(path)
                return self.play(saved.options, saved.resume(), match_id=saved.match_id)
            except SaveError as exc:
                if exc.reason != "missing":
                    self.saves.set_aside(path, exc)
                self.stack.reset(self.title_screen())
        elif isinstance(intent, OpenReplay):
            from game.ui.replay.sources import viewer_for_saved

            try:
                self.stack.push(viewer_for_saved(self.size, self.replays.load(intent.path), self.settings.tile_style,
                                                 self.settings.terminology))
            except SaveError as exc:
                if exc.reason not in ("missing", "newer"):
                    self.replays.set_aside(intent.path, exc)
                screen = self.stack.top
                if isinstance(screen, ReplaysScreen):
                    screen.entries = self.replays.entries()
                    screen.layout()
                self.tell_set_aside()
        elif isinstance(intent, PlayFromHere):
            return self.play(intent.options, intent.match)
        elif isinstance(intent, DeleteReplay):
            self.replays.delete(intent.path)
            screen = self.stack.top
            if isinstance(screen, ReplaysScreen):
                screen.entries = self.replays.entries()
                screen.layout()
        elif isinstance(intent, ExportReplay):
            screen = self.stack.top
            try:
                from game.ui.replay.sources import library_names

                saved = self.replays.load(intent.path)
                from game.persist.export import export_tenhou6

                path = export_tenhou6(saved, names=library_names(saved.options.human_seat))  # as the table names them
                message = t("replays.exported", file=str(path))
            except SaveError as exc:
                message = notice_text(exc.notice)
            if isinstance(screen, ReplaysScreen):
                screen.message = message
                screen.layout()
        elif isinstance(intent, SaveGame):
            self.save_as(intent.name)
        elif isinstance(intent, LoadGame):
            try:
                saved = self.saves.load_path(intent.path)
                return self.play(saved.options, saved.resume())  # a new match id: another playing of it
            except SaveError as exc:
                if exc.reason not in ("missing", "newer"):
                    self.saves.set_aside(intent.path, exc)
                screen = self.stack.top
                if isinstance(screen, LoadScreen):
                    screen.show(self.saves.named_entries(), "" if exc.reason != "newer" else
                                notice_text(exc.notice))
                self.tell_set_aside()
        elif isinstance(intent, DeleteSave):
            self.delete_save(intent.path)
        elif isinstance(intent, PushScreen):
            self.stack.push(intent.screen)
        elif isinstance(intent, Dismiss):
            pass
        elif isinstance(intent, RaiseOther):
            if self.instance is not None:
                self.instance.ask_to_raise()
            return Quit()
        elif isinstance(intent, PlayWithoutAutosave):
            self.stack.reset(self.title_screen(t("instance.no_autosave")))
        else:
            return intent  # Quit, and anything the menus do not know
        return None

    def open(self, name: str) -> None:
        if name == "title":
            self.stack.reset(self.title_screen())
        elif name == "new_game":
            self.stack.push(NewGameScreen(self.size, self.options, self.settings.external_bots))
        elif name == "settings":
            shown = self.settings
            now = self.window_points()
            if now is not None and now != shown.window_size and 640 <= now[0] <= 7680 and 360 <= now[1] <= 4320:
                shown = dataclasses.replace(shown, window_size=now)
            self.stack.push(SettingsScreen(self.size, shown, read_only=not self.settings_store.writable))
        elif name == "load":
            self.stack.push(LoadScreen(self.size, self.saves.named_entries()))
            self.tell_set_aside()
        elif name == "save_as":
            if self.playing is None:
                return
            options, match, _ = self.playing
            hand = hand_text(SaveEntry("", Path(), summary=summary_of(match)))
            short = t(f"profile.{options.profile_id}.short")
            screen = SaveAsScreen(self.size, suggested=t("save.default_name", profile=short, hand=hand),
                                  existing=[e.name for e in self.saves.named_entries() if e.error is None],
                                  exists=self.saves.exists)
            if isinstance(self.stack.top, MatchMenuScreen):
                self.stack.replace(screen)  # one dialog over the table at a time
            else:
                self.stack.push(screen)
        elif name == "replays":
            self.saves.flush()  # a match just ended is filed first (see match_over)
            self.stack.push(ReplaysScreen(self.size, self.replays.entries(), style=self.settings.tile_style,
                                             terminology=self.settings.terminology))
            self.tell_set_aside()
        elif name == "external_bots":
            from .external_bots import ExternalBotsScreen

            new_game = self.stack.top
            from game.ai.external import speaks_mjai

            chosen = new_game.options if isinstance(new_game, NewGameScreen) else self.options
            self.stack.push(ExternalBotsScreen(self.size, self.settings, save=self._keep_external,
                                               riichi=speaks_mjai(match_profile(chosen))))
        elif name == "glossary":
            from .glossary_screen import GlossaryScreen

            # at a match, its rulebook's words; else the rulebook New game offers
            profile_id = self.playing[0].profile_id if self.playing is not None else self.options.profile_id
            # over the pause menu, as Settings is: Esc goes back to the menu, then to the table
            self.stack.push(GlossaryScreen(self.size, profile_id, self.settings.terminology))
        elif name == "tutorials":
            from game.ui.tutorial.list_screen import TutorialListScreen

            tutorials = TutorialListScreen(self.size, style=self.settings.tile_style,
                                           speed=self.settings.animation_factor)
            self.stack.push(tutorials)
            notice = tutorials.progress.take_notice()
            if notice is not None:
                self.stack.push(NoticeScreen(self.size, [notice_text(notice)]))
        else:
            raise ValueError(f"no menu screen called {name!r}")

    def _keep_external(self, settings: Settings) -> None:
        """The external bot commands as typed: kept, and counted on the New game screen below."""
        self.apply_settings(settings)
        for screen in self.stack.screens:
            if isinstance(screen, NewGameScreen):
                screen.external_bots = settings.external_bots
                screen.layout()

    def _remember_new_game(self, options: MatchOptions) -> None:
        """The rules, opponents and length just started: the next New game screen offers them."""
        kept = remember_new_game(self.settings, options)
        if kept == self.settings:
            return
        self.settings = kept
        try:
            self.settings_store.save(kept)
        except OSError as exc:  # kept for this session; the file keeps the last good choices
            self.tell_disk_trouble(exc)

    def apply_settings(self, settings: Settings) -> ApplySettings:
        language_changed = settings.language != self.settings.language
        sound_changed = settings.sound_volume != self.settings.sound_volume
        self.settings = settings
        self.sounds.set_volumes(settings.sound_volume, settings.music_volume)
        if sound_changed:
            self.sounds.play(Cue.DISCARD)  # the player hears the new volume at once
        try:
            self.settings_store.save(settings)
        except OSError as exc:  # the settings apply for this session; the file keeps the last good ones
            self.tell_disk_trouble(exc)
            if self._pending_notice and not self._at_table():
                # told at once, over the Settings screen where the change was made (the title
                # it returns to was built before, and showed nothing: the change was lost unsaid)
                self.stack.push(NoticeScreen(self.size, [self._pending_notice]))
                self._pending_notice = ""
        if language_changed:
            i18n.set_language(settings.language)
            for screen in self.stack.screens:  # the table under the menus too
                screen.language_changed()
        for screen in self.stack.screens:
            follow = getattr(screen, "settings_changed", None)
            if callable(follow):  # the table: terms, hints, countdown, auto-pass, speed
                follow(settings)
        return ApplySettings(settings)

    # --- named saves --------------------------------------------------------------------------

    def save_as(self, name: str) -> None:
        """Keep the match being played as ``name``, then go back to the table and say so there."""
        if self.playing is None:
            return
        options, match, table = self.playing
        try:
            self.saves.write(name, options, match.record, summary=summary_of(match))
        except (OSError, ValueError) as exc:
            screen = self.stack.top
            detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if isinstance(screen, SaveAsScreen):
                screen.failed(t("save.failed", detail=detail))
            return
        while self.stack.top is not table and len(self.stack) > 1:
            self.stack.pop()
        notify = getattr(table, "notify", None)
        if callable(notify):
            notify(t("save.saved", name=name))

    def delete_save(self, path: Path) -> None:
        name = next((e.name for e in self.saves.named_entries() if e.path == path), path.stem)
        message = t("load.deleted", name=name)
        try:
            self.saves.delete_path(path)
        except (OSError, ValueError) as exc:
            message = t("save.failed", detail=str(exc))
        screen = self.stack.top
        if isinstance(screen, LoadScreen):
            screen.show(self.saves.named_entries(), message)

    # --- the table's side ---------------------------------------------------------------------

    def autosave(self, options: MatchOptions, match: Match) -> None:
        """Keep the running match for Continue now (the table's frames go through
        :meth:`_follow_match`, which paces them)."""
        self.autosaver.follow(options, match, self.match_id, force=True)

    def flush_autosave(self) -> None:
        """Put the match's latest state on disk and wait for it (a quit, a quit signal)."""
        self.saves.flush()

    def match_over(self, options: MatchOptions, match: Match) -> None:
        """File the finished match, forget its autosave, and show the results over the title
        (called by :meth:`update` for a table it opened, or by the app). The filing is done on
        the autosave's writer thread (:meth:`SaveStore.retire_autosave`): the replay's fsync and
        the wait for the autosave of the match's end took this frame up to 0.35 s on a busy
        disk; the results screen learns its replay's path when it is filed."""
        from game.ui.results.match_end import ResultsScreen, match_end

        record, placings, hands, match_id = match.record, Placings.of(match), match.hand_index, self.match_id
        filed: list[Path] = []

        def file() -> None:  # on the writer thread: it touches no screen and not the match
            filed.append(self.replays.add_record(options, record, placings, hands, match_id=match_id))

        try:
            # the autosave holds the end before the replay is filed (see replays), and is gone after
            self.autosaver.follow(options, match, self.match_id, force=True)
            self.saves.retire_autosave(file)
        except OSError as exc:  # the results still show
            self.tell_disk_trouble(exc)
        self.stack.reset(self.title_screen())
        results = ResultsScreen(self.size, match_end(match, options), replay_path=filed[0] if filed else None,
                                style=self.settings.tile_style, terminology=self.settings.terminology)
        self.stack.push(results)
        if not filed:
            self._filing = (results, filed)

    def _hand_replay_path(self) -> None:
        """The results screen of the match just filed learns its replay's file (until then its
        replay button shows the match from memory)."""
        if self._filing is not None and self._filing[1]:
            results, filed = self._filing
            results.replay_path = filed[0]
            self._filing = None


_frozen = False


def _freeze_what_play_loaded() -> None:
    """Once a process, when its first table is built: every object alive then (modules, the
    engine's and the AI's tables, fonts, tile faces) leaves the collector's reach for good
    (``gc.freeze``). Each full collection walked all ~37,000 of them to free one or two old
    tables' cycles, every ~10 instant matches and right as one ended: 28-53 ms of the frame's
    CPU (80-300 ms wall, loaded); with them frozen 13-31 ms. Garbage alive at that moment is
    frozen too, never freed: what the title and menus left, a few screens."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()


def _close_seats(table: object) -> None:
    """A table's external bots end with its match (see game.ai.external: no orphans)."""
    close = getattr(table, "close_seats", None)
    if callable(close):
        close()


__all__ = ["MenuFlow", "Quit", "ResumeMatch", "StartMatch", "ApplySettings"]
