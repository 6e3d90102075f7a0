"""Menu screens: each builds and renders headless, and answers clicks and keys with the right intent."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pygame
import pytest
from finished_matches import finished_match
from user_dirs import point_user_dirs

from game import i18n
from game.ai.baseline import RandomBot
from game.engine import Match, load_profile
from game.engine.events import HandEnded
from game.match_options import MatchOptions, match_profile
from game.persist.replays import ReplayLibrary
from game.persist.saves import SaveStore
from game.persist.settings import Settings, SettingsStore
from game.scene import Node
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import (
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
from game.ui.menus.new_game import NewGameScreen
from game.ui.menus.replays_screen import ReplaysScreen
from game.ui.menus.rules_screen import RulesScreen
from game.ui.menus.settings_screen import SettingsScreen
from game.ui.menus.summary import summarize
from game.ui.menus.title import TitleScreen
from game.ui.menus.widgets import Choice, MenuScreen, Widget
from game.ui.replay.viewer import ReplayViewer
from game.ui.results.match_end import GUARD_SECONDS, ResultsScreen, match_end
from game.ui.screens import Screen, ScreenStack

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    point_user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def key(k: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod)


def centre(node: Node) -> tuple[int, int]:
    w, h = node.content_size()
    ax, ay = node.anchor
    x, y = node.to_world((0.5 - ax) * w, (0.5 - ay) * h)
    return int(x), int(y)


def click_at(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def click(screen: MenuScreen, name: str) -> object:
    node = screen.root.find(name)
    assert node is not None, name
    return screen.handle_event(click_at(centre(node)))


def render(screen: Screen) -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    screen.draw(surface)
    return surface


def assert_drawn(surface: pygame.Surface) -> None:
    """Something besides the felt was drawn: more than a handful of distinct colours."""
    small = pygame.transform.scale(surface, (128, 72))
    colours = {small.get_at((x, y))[:3] for x in range(128) for y in range(72)}
    assert len(colours) > 40


# --- the stack ------------------------------------------------------------------------------


def test_the_stack_pushes_pops_and_replaces() -> None:
    class Named(Screen):
        def __init__(self, name: str, opaque: bool = True) -> None:
            self.name, self.opaque, self.entered, self.drawn = name, opaque, 0, 0

        def enter(self) -> None:
            self.entered += 1

        def draw(self, surface: pygame.Surface) -> None:
            self.drawn += 1

    stack = ScreenStack()
    a, b, dialog = Named("a"), Named("b"), Named("dialog", opaque=False)
    stack.push(a)
    stack.push(b)
    stack.push(dialog)
    stack.draw(pygame.Surface((4, 4)))
    assert (a.drawn, b.drawn, dialog.drawn) == (0, 1, 1)  # the dialog shows b through, a is covered
    assert stack.pop() is dialog and stack.top is b and b.entered == 2
    c = Named("c")
    stack.replace(c)
    assert stack.screens == (a, c)
    assert stack.pop() is c and stack.pop() is None and stack.top is a  # the last screen stays


# --- each screen ----------------------------------------------------------------------------


def test_title_buttons_and_keys() -> None:
    screen = TitleScreen(SIZE, continue_detail="Riichi, saved today")
    assert_drawn(render(screen))
    assert click(screen, "continue") == ContinueMatch()
    assert click(screen, "new_game") == Open("new_game")
    assert click(screen, "replays") == Open("replays")
    assert click(screen, "settings") == Open("settings")
    assert click(screen, "quit") == Quit()
    assert click(screen, "tutorials") == Open("tutorials")
    assert screen.handle_event(key(pygame.K_ESCAPE)) == Quit()
    # keyboard: focus starts on Continue; Down, Down reaches Tutorials
    screen = TitleScreen(SIZE, continue_detail="x")
    assert screen.handle_event(key(pygame.K_RETURN)) == ContinueMatch()
    for _ in range(2):
        screen.handle_event(key(pygame.K_DOWN))
    assert screen.handle_event(key(pygame.K_RETURN)) == Open("tutorials")


def test_a_pointer_that_did_not_move_takes_no_focus() -> None:
    """Seen under X11: as the window opened, SDL sent a motion to its centre with no movement
    (rel 0, 0), and the title's focus went from Continue to New game under it: Enter started a
    new match instead of the saved one. A real move still focuses what is under the pointer."""
    screen = TitleScreen(SIZE, continue_detail="Riichi, saved today")
    new_game = screen.root.find("new_game")
    assert new_game is not None
    screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(new_game), rel=(0, 0), buttons=(0, 0, 0)))
    assert screen.handle_event(key(pygame.K_RETURN)) == ContinueMatch()
    screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(new_game), rel=(2, 1), buttons=(0, 0, 0)))
    assert screen.handle_event(key(pygame.K_RETURN)) == Open("new_game")


def test_title_without_autosave_has_no_continue_and_a_notice_closes_first() -> None:
    screen = TitleScreen(SIZE, notice="Your settings file could not be read.")
    assert screen.root.find("continue") is None and screen.root.find("notice") is not None
    assert screen.handle_event(key(pygame.K_RETURN)) == Dismiss()
    assert screen.root.find("notice") is None
    assert screen.handle_event(key(pygame.K_RETURN)) == Open("new_game")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (900, 600)])
def test_the_title_menu_stays_where_it_is_when_a_notice_closes(size: tuple[int, int]) -> None:
    """Seen: with a notice up the menu stood ~120 px higher and its honour tiles were gone; once
    the notice closed the buttons moved back, so the next click hit the button beside the one the
    player aimed at. Every button and the honour row stand in the same place with and without it."""
    def places(screen: TitleScreen) -> dict[str, tuple[float, float]]:
        found = {w.name: w.to_world(0, 0) for w in screen.widgets}
        honours = screen.root.find("honours")
        if honours is not None:
            found["honours"] = honours.to_world(0, 0)
        return found

    notice = "Your settings file could not be read and was set aside. " * 3
    with_notice = TitleScreen(size, continue_detail="Riichi", can_load=True, notice=notice)
    plain = TitleScreen(size, continue_detail="Riichi", can_load=True)
    assert places(with_notice) == places(plain)
    with_notice.handle_event(key(pygame.K_RETURN))
    assert places(with_notice) == places(plain)


def test_new_game_choices_make_the_options() -> None:
    screen = NewGameScreen(SIZE)
    assert_drawn(render(screen))
    click(screen, "profile:taiwanese")
    assert screen.options.profile_id == "taiwanese" and screen.options.length == "four_rounds"
    length = screen.root.find("length")
    assert isinstance(length, Widget)
    screen.handle_event(click_at(centre(length)))  # a click on the row steps forward
    assert screen.options.length == "one_round"
    level = screen.root.find("level:across")
    assert level is not None
    screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(level), rel=(1, 0), buttons=(0, 0, 0)))
    screen.handle_event(key(pygame.K_RIGHT))
    screen.handle_event(key(pygame.K_RIGHT))
    seed = screen.root.find("seed")
    assert seed is not None
    screen.handle_event(click_at(centre(seed)))
    for ch in "0042x":
        screen.handle_event(key(ord(ch), ch))
    screen.handle_event(key(pygame.K_BACKSPACE))
    screen.handle_event(key(ord("7"), "7"))
    assert click(screen, "compare") == ShowRules("taiwanese", "hongkong")  # the next rulebook
    intent = click(screen, "start")
    assert intent == StartMatch(MatchOptions("taiwanese", ("normal", "easy", "normal"), "one_round", 0, 47))
    assert screen.handle_event(key(pygame.K_ESCAPE)) == Back()


def test_new_game_starts_on_enter_with_a_random_seed_left_to_the_app() -> None:
    screen = NewGameScreen(SIZE)
    intent = screen.handle_event(key(pygame.K_RETURN))
    assert intent == StartMatch(MatchOptions("riichi", length="hanchan", seed=None))


def test_enter_on_a_setting_keeps_it_and_goes_on_to_start() -> None:
    """Seen (ru, Taiwanese): a player set the length to one round and pressed Enter to start; each
    Enter flipped the length instead (the key help says Enter confirms). Enter keeps the value and
    moves to the main action, the next Enter starts; Space and Right still change it. On Settings
    (no main action) Enter goes on to the next row."""
    screen = NewGameScreen(SIZE)
    names = [w.name for w in screen.widgets]
    screen.set_focus(names.index("length"))
    screen.handle_event(key(pygame.K_RIGHT))
    chosen = screen.options.length
    assert screen.handle_event(key(pygame.K_RETURN)) is None
    assert screen.options.length == chosen and screen.focused is not None and screen.focused.name == "start"
    intent = screen.handle_event(key(pygame.K_RETURN))
    assert isinstance(intent, StartMatch) and intent.options.length == chosen
    screen.set_focus(names.index("length"))
    screen.handle_event(key(pygame.K_SPACE, " "))
    assert screen.options.length != chosen
    settings = SettingsScreen(SIZE, Settings(language="en"))
    first = settings.focus
    before = settings.focused
    assert isinstance(before, Choice)
    value = before.value
    assert settings.handle_event(key(pygame.K_RETURN)) is None
    assert before.value == value and settings.focus == first + 1


def test_settings_rows_change_every_setting() -> None:
    screen = SettingsScreen(SIZE, Settings(language="en"))
    assert_drawn(render(screen))
    intents = [click(screen, name) for name in ("tile_style", "claim_countdown", "fullscreen", "terminology")]
    assert all(isinstance(i, ApplySettings) for i in intents)
    final = intents[-1].settings  # type: ignore[union-attr]
    assert (final.tile_style, final.claim_countdown, final.fullscreen, final.terminology) == (
        "clear", 5, True, "english")  # the time to call: from no limit (the default) round to 5 s; the
    # terms: from each rulebook's own (the default) to the English ones
    # the keyboard reaches every row: Down through them all, Right on each
    screen = SettingsScreen(SIZE, Settings(language="en"))
    changed = set()
    for _ in range(len(screen.widgets) - 1):
        intent = screen.handle_event(key(pygame.K_RIGHT))
        assert isinstance(intent, ApplySettings)
        changed |= {n for n in Settings.__dataclass_fields__ if getattr(intent.settings, n) != getattr(Settings(language="en"), n)}
        screen.handle_event(key(pygame.K_DOWN))
    from game.ui.menus.settings_screen import ELSEWHERE

    assert changed == set(Settings.__dataclass_fields__) - ELSEWHERE
    # the arrows: ‹ goes back
    screen = SettingsScreen(SIZE, Settings(language="en", sound_volume=50))
    row = screen.root.find("sound_volume")
    assert row is not None
    prev = row.find("prev")
    assert prev is not None
    intent = screen.handle_event(click_at(centre(prev)))
    assert isinstance(intent, ApplySettings) and intent.settings.sound_volume == 40


def test_rules_screen_lists_every_difference_and_scrolls() -> None:
    from game.engine.profile import diff_profiles, load_profile

    screen = RulesScreen(SIZE, "riichi", "taiwanese")
    assert_drawn(render(screen))
    diffs = diff_profiles(load_profile("riichi"), load_profile("taiwanese"))
    knob_rows = [r for r in screen.rows if r.name.count(":") == 1]
    assert [r.name.split(":")[1] for r in knob_rows] == [key for key, _, _ in diffs]
    items = [r for r in screen.rows if r.name.startswith("rule:draws.abortive:")]  # a list: item by item
    assert len(items) == 5
    first_visible = [r for r in screen.rows if r.visible]
    screen.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert screen.offset == 3 and [r for r in screen.rows if r.visible] != first_visible
    screen.handle_event(key(pygame.K_UP))
    assert screen.offset == 2
    other = screen.root.find("other")
    assert other is not None
    screen.handle_event(click_at(centre(other)))  # taiwanese -> hongkong, the next rulebook
    assert screen.other_id == "hongkong" and screen.rows
    screen.handle_event(click_at(centre(other)))  # hongkong -> riichi: the same rules
    assert screen.other_id == "riichi" and screen.rows == []
    assert screen.handle_event(key(pygame.K_ESCAPE)) == Back()


def test_results_screen_shows_placings_and_every_hand() -> None:
    options, match = finished_match()
    summary = summarize(match, human_seat=1)
    end = match_end(match, dataclasses.replace(options, human_seat=1))
    screen = ResultsScreen(SIZE, end, replay_path=Path("/tmp/replay.json"))
    assert_drawn(render(screen))
    assert screen.still  # read for a long while: not drawn again until an event (its update only counts time)
    assert len(end.series) == len(summary.hands) + 1 >= 2  # the start, then every hand
    assert sorted(end.final.ranks) == [1, 2, 3, 4]
    last = [e for e in match.events if isinstance(e, HandEnded)][-1]
    start = match_profile(options).game.start_points
    assert end.series[0].scores == (start,) * 4 and end.series[-2 if len(end.series) > 2 else -1].scores
    assert [start + sum(line.deltas[s] for line in summary.hands) for s in range(4)] == list(last.scores)
    # the keys that got the player through the last hand pass the standings by only once they were seen
    assert screen.handle_event(key(pygame.K_RETURN)) is None and screen.handle_event(key(pygame.K_SPACE)) is None
    screen.update(GUARD_SECONDS)
    assert screen.handle_event(key(pygame.K_RETURN)) == Open("new_game")
    assert click(screen, "title") == Open("title")
    assert click(screen, "replay") == OpenReplay(Path("/tmp/replay.json"))
    from game.ui.review import ReviewScreen
    from game.ui.tutorial.intents import PushScreen

    review = click(screen, "review")
    assert isinstance(review, PushScreen) and isinstance(review.screen, ReviewScreen)
    assert review.screen.seat == 1 and review.screen.record == match.record
    review.screen._cancel.set()


def test_replays_screen_opens_and_deletes(tmp_path: Path) -> None:
    library = ReplayLibrary(tmp_path / "replays")
    options, match = finished_match()
    library.add(options, match)
    library.add(options, match)
    entries = library.entries()
    screen = ReplaysScreen(SIZE, entries)
    assert_drawn(render(screen))
    assert screen.handle_event(key(pygame.K_RETURN)) == OpenReplay(entries[0].path)
    screen.handle_event(key(pygame.K_DOWN))
    assert screen.handle_event(key(pygame.K_DELETE)) == DeleteReplay(entries[1].path)
    delete = screen.widgets[0].find("delete")
    assert delete is not None
    assert screen.handle_event(click_at(centre(delete))) == DeleteReplay(entries[0].path)
    export = screen.widgets[0].find("export")
    assert export is not None
    assert screen.handle_event(click_at(centre(export))) == ExportReplay(entries[0].path)
    empty = ReplaysScreen(SIZE, [])
    assert_drawn(render(empty))


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_screens_render_in_every_language(language: str) -> None:
    i18n.set_language(language)
    options, match = finished_match()
    for screen in (TitleScreen(SIZE, continue_detail="x", notice="y"), NewGameScreen(SIZE), SettingsScreen(SIZE),
                   RulesScreen(SIZE), ResultsScreen(SIZE, match_end(match, options)), ReplaysScreen(SIZE, [])):
        assert_drawn(render(screen))
        screen.resize((1600, 900))
        assert_drawn(render(screen))


# --- the flow -------------------------------------------------------------------------------


def test_the_flow_saves_settings_and_switches_language(tmp_path: Path) -> None:
    flow = MenuFlow(SIZE)
    assert isinstance(flow.top, TitleScreen) and flow.top.continue_detail is None
    assert click(flow.top, "settings") == Open("settings")
    flow.act(Open("settings"))
    settings_screen = flow.top
    assert isinstance(settings_screen, SettingsScreen)
    intent = flow.handle_event(click_at(centre(settings_screen.root.find("language"))))  # type: ignore[arg-type]
    assert isinstance(intent, ApplySettings) and intent.settings.language == "fr"
    assert i18n.language() == "fr" and SettingsStore().load().language == "fr"
    back = settings_screen.root.find("back")
    assert back is not None and "Retour" in [getattr(n, "text", "") for n in back.walk()]
    flow.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(flow.top, TitleScreen)
    assert "Nouvelle partie" in [getattr(n, "text", "") for n in flow.top.root.walk()]


def test_the_focused_setting_says_what_it_does_in_every_language() -> None:
    """Seen in a real window: a new player had no way to learn what "Strict table" or "Terms: By
    the rules" would change but to try them. The row under the keyboard's focus or the pointer
    says what it does, in a sentence of the player's language, under the rows; the Back button
    says nothing."""
    from game.ui.menus.widgets import Choice

    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        screen = SettingsScreen(SIZE, Settings(language=lang))
        rows = [w for w in screen.widgets if isinstance(w, Choice)]
        assert len(rows) >= 10
        said = set()
        screen.set_focus(0)
        for row in rows:  # walked with the keyboard
            assert screen.focused is row
            words = screen.about.words
            assert words and words not in (f"settings.about.{row.name}", i18n.t(f"settings.{row.name}")), (lang, row.name)
            if lang != "en":  # translated
                assert words != i18n.template()[f"settings.about.{row.name}"].msgid, (lang, row.name)
            said.add(words)
            screen.handle_event(key(pygame.K_DOWN))
        assert len(said) == len(rows), lang  # each row its own sentence
        back = screen.root.find("back")
        assert back is not None
        screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(back), rel=(1, 0), buttons=(0, 0, 0)))
        assert screen.about.words == ""
        strict = screen.root.find("strict_table")
        assert strict is not None
        screen.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre(strict), rel=(1, 0), buttons=(0, 0, 0)))
        assert screen.about.words == i18n.t("settings.about.strict_table")


def test_new_game_offers_the_last_choices_again_after_a_restart() -> None:
    """Seen in a real window: a Hong Kong match against hard opponents, then Quit; the next start's
    New game screen offered Riichi against normal ones. The rules, opponents and length started last
    come back (in a new process: read from the settings file); the seed does not (a blank seed deals
    a new wall), and a length the rules do not offer plays their own."""
    flow = MenuFlow(SIZE)
    flow.act(Open("new_game"))
    screen = flow.top
    assert isinstance(screen, NewGameScreen) and screen.options.profile_id == "riichi"
    chosen = MatchOptions("hongkong", ("hard", "easy", "hard"), "one_round", seed=47)
    intent = flow.act(StartMatch(chosen))
    assert isinstance(intent, StartMatch)
    again = MenuFlow(SIZE)  # the next start
    again.act(Open("new_game"))
    screen = again.top
    assert isinstance(screen, NewGameScreen)
    assert screen.options == MatchOptions("hongkong", ("hard", "easy", "hard"), "one_round", seed=None)
    assert screen.chosen().seed is None
    store = SettingsStore()
    store.save(dataclasses.replace(store.load(), new_game_rules="riichi", new_game_length="four_rounds"))
    third = MenuFlow(SIZE)
    third.act(Open("new_game"))
    assert isinstance(third.top, NewGameScreen)
    assert third.top.options.length == load_profile("riichi").game.length  # Riichi's own, not Hong Kong's rounds


def test_the_flow_tells_of_a_corrupt_settings_file_once() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    store.path.write_text("language = ")
    flow = MenuFlow(SIZE)
    assert isinstance(flow.top, TitleScreen) and "could not be read" in flow.top.notice
    assert MenuFlow(SIZE).top.notice == ""  # type: ignore[union-attr]


def test_the_flow_starts_continues_and_files_finished_matches() -> None:
    flow = MenuFlow(SIZE)
    flow.act(Open("new_game"))
    intent = flow.handle_event(key(pygame.K_RETURN))
    assert isinstance(intent, StartMatch) and intent.options.seed is not None
    options = intent.options
    match = Match(match_profile(options), options.seed)  # type: ignore[arg-type]
    bots = {s: RandomBot(1, s) for s in range(4)}
    for _ in range(25):
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    flow.autosave(options, match)
    flow.act(Open("title"))
    title = flow.top
    assert isinstance(title, TitleScreen) and title.continue_detail is not None
    resumed = flow.handle_event(key(pygame.K_RETURN))
    assert isinstance(resumed, ResumeMatch) and resumed.options == options
    assert resumed.match.state_hash() == match.state_hash()

    done_options, done = finished_match()
    flow.match_over(done_options, done)
    flow.saves.flush()  # the filing is the writer thread's (see match_over)
    assert isinstance(flow.top, ResultsScreen) and not SaveStore().has_autosave()
    assert len(ReplayLibrary().entries()) == 1
    flow.handle_event(key(pygame.K_ESCAPE))  # results -> title
    assert isinstance(flow.top, TitleScreen) and flow.top.continue_detail is None
    flow.act(Open("replays"))
    flow.handle_event(key(pygame.K_RETURN))
    assert isinstance(flow.top, ReplayViewer)  # the library opens a match in the replay viewer
    flow.handle_event(key(pygame.K_ESCAPE))
    flow.act(Open("replays"))
    replays = flow.top
    assert isinstance(replays, ReplaysScreen)
    export = replays.widgets[0].find("export")
    assert export is not None
    flow.handle_event(click_at(centre(export)))
    assert "tenhou.net/6" in replays.message
    assert len(list((SaveStore().folder.parent / "exports").glob("*.tenhou6.json"))) == 1
    flow.handle_event(key(pygame.K_DELETE))
    assert ReplayLibrary().entries() == [] and isinstance(flow.top, ReplaysScreen) and flow.top.entries == []


def test_a_save_that_cannot_resume_says_why_on_the_title() -> None:
    store = SaveStore()
    store.folder.mkdir(parents=True)
    store.path_for("autosave").write_text("schema = 99\n")
    flow = MenuFlow(SIZE)
    assert isinstance(flow.top, TitleScreen)
    assert "newer version" in flow.top.notice and flow.top.continue_detail is None


class BotTable(Screen):
    """A stand-in for the table screen: bots play one action per frame; ``finished`` once over."""

    def __init__(self, options: MatchOptions, match: Match, settings: Settings) -> None:
        self.match = match
        self.bots = {s: RandomBot(3, s) for s in range(4)}
        self.settings = settings

    def update(self, dt: float) -> None:
        if not self.match.is_over:
            seat = self.match.awaiting()[0]
            self.match.apply(self.bots[seat].decide(self.match.observe(seat)))

    @property
    def finished(self) -> bool:
        return self.match.is_over


def test_the_flow_autosaves_a_table_it_opened_and_files_the_end() -> None:
    flow = MenuFlow(SIZE, open_table=BotTable)
    flow.act(Open("new_game"))
    new_game = flow.top
    assert isinstance(new_game, NewGameScreen)
    click(new_game, "length")  # hanchan -> one_hand
    start = new_game.root.find("start")
    assert start is not None
    assert flow.handle_event(click_at(centre(start))) is None  # Start: the table is pushed
    table = flow.top
    assert isinstance(table, BotTable) and table.match.profile.game.length == "one_hand"
    for _ in range(10):
        flow.update(1 / 60)
    saved = flow.saves.load("autosave")  # waits for the writer thread
    assert saved.record == table.match.record and saved.options.length == "one_hand"
    # leave the table (the app's job) and Continue: the same match comes back on a new table
    flow.act(Open("title"))
    flow.handle_event(key(pygame.K_RETURN))
    again = flow.top
    assert isinstance(again, BotTable) and again is not table
    assert again.match.state_hash() == table.match.state_hash()
    for _ in range(5000):
        flow.update(1 / 60)
        if isinstance(flow.top, ResultsScreen):
            break
    assert isinstance(flow.top, ResultsScreen)
    flow.saves.flush()  # the filing is the writer thread's (see match_over)
    assert not SaveStore().has_autosave() and len(ReplayLibrary().entries()) == 1
    flow.update(1 / 60)
    assert flow.top.replay_path == ReplayLibrary().paths()[0]  # the results learn the file
    assert len(ReplayLibrary().entries()) == 1  # filed once


def test_a_match_end_does_not_wait_for_the_disk_and_files_before_the_next_autosave(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """stress kill saw the frame loop stall 0.65 s as one match ended and the next began: the
    frame waited for the autosave of the end and the replay's fsync. The filing is the writer
    thread's now, in turn: the end's autosave, the replay, the autosave gone, then the next
    match's autosave (never deleted by the filing, never written over the end before it)."""
    from game.persist import replays

    real = replays.write_json
    order: list[str] = []

    def slow_disk(path: Path, data: object) -> None:
        time.sleep(1.0)  # an fsync on a busy disk
        real(path, data)
        order.append("replay")

    monkeypatch.setattr(replays, "write_json", slow_disk)
    flow = MenuFlow(SIZE)
    done_options, done = finished_match()
    flow.match_id = "a" * 32
    began = time.monotonic()
    flow.match_over(done_options, done)
    assert time.monotonic() - began < 0.5  # the frame did not wait for the disk
    results = flow.top
    assert isinstance(results, ResultsScreen) and results.replay_path is None  # its button shows the match from memory
    assert flow.stack.screens[0].continue_detail is None  # type: ignore[attr-defined]  # no Continue of a match over
    match = Match(match_profile(MatchOptions(seed=3)), 3)
    bots = {s: RandomBot(3, s) for s in range(4)}
    for _ in range(4):
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    flow.match_id = "b" * 32
    flow.autosave(MatchOptions(seed=3), match)  # the next match's first autosave, queued behind the filing
    assert flow.saves.writer is not None and flow.saves.writer.flush()
    assert order == ["replay"] and [e.match_id for e in (ReplayLibrary().load(p) for p in ReplayLibrary().paths())] == ["a" * 32]
    saved = SaveStore().load("autosave")
    assert saved.match_id == "b" * 32 and saved.record == match.record  # the filing removed only the old one
    flow.update(1 / 60)
    assert results.replay_path == ReplayLibrary().paths()[0]


class SlowEndTable(BotTable):
    """A table that shows the end of the match until told it is done (a result the player reads)."""

    done = False

    @property
    def finished(self) -> bool:
        return self.match.is_over and self.done


def test_the_end_of_a_match_reaches_the_autosave_while_the_table_still_shows_it() -> None:
    """Found by ``stress kill``: the actions that ended a match were written only once the table
    had shown its end, so a crash while the last result was up lost them (up to 72 at instant
    speed, the actions of the last quarter second), and a resumed game lost them again."""
    clock = [100.0]
    flow = MenuFlow(SIZE, open_table=SlowEndTable)
    flow.autosaver.clock = lambda: clock[0]
    flow.act(StartMatch(MatchOptions(seed=5, length="one_hand")))
    table = flow.top
    assert isinstance(table, SlowEndTable)
    while not table.match.is_over:
        flow.update(1 / 60)
        clock[0] += 0.01  # faster than the autosave's pace: the last actions come in one burst
    for _ in range(40):  # the end shows for a while: 0.4 s here, more than the pace's interval
        flow.update(1 / 60)
        clock[0] += 0.01
    assert flow.saves.writer is not None and flow.saves.writer.flush()
    on_disk = SaveStore().load_path(SaveStore().path_for("autosave"))  # read without queueing first
    assert on_disk.record == table.match.record
    assert isinstance(flow.top, SlowEndTable) and flow.autosaver.behind() == 0.0
    table.done = True
    flow.update(1 / 60)
    flow.saves.flush()  # the filing is the writer thread's (see match_over)
    assert isinstance(flow.top, ResultsScreen) and not SaveStore().has_autosave() and len(ReplayLibrary().entries()) == 1


def test_run_menus_draws_the_title_headless_and_writes_nothing(tmp_path: Path) -> None:
    from game.ui.menus.run import run_menus

    shot = tmp_path / "title.png"
    assert run_menus(frames=3, screenshot=str(shot)) == 0
    assert shot.is_file()
    assert not (tmp_path / "config").exists() and not (tmp_path / "data").exists()


def test_a_filed_match_can_be_played_again_from_one_of_its_hands() -> None:
    flow = MenuFlow(SIZE, open_table=BotTable)
    options = MatchOptions("riichi", length="tonpuu", seed=21)
    match = Match(match_profile(options), 21)
    bots = {s: RandomBot(21, s) for s in range(4)}
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    path = flow.replays.add(options, match)
    flow.act(OpenReplay(path))
    viewer = flow.top
    assert isinstance(viewer, ReplayViewer)
    flow.handle_event(key(pygame.K_h))  # the hand list, over the viewer
    hands = flow.top
    assert hands is not viewer and isinstance(hands, MenuScreen)
    row = hands.root.find("hand:1")
    assert row is not None
    flow.handle_event(click_at(centre(row)))
    assert flow.top is viewer and (viewer.hand, viewer.step) == (1, 0)
    play = viewer.root.find("play_here")
    assert play is not None
    assert flow.handle_event(click_at(centre(play))) is None
    table = flow.top
    assert isinstance(table, BotTable) and table.match.hand_index == 1 and table.match.seed == 21
    assert table.match.state_hash() == flow.replays.load(path).branch(1).state_hash()


def test_the_apps_table_opener_puts_a_match_on_the_real_table() -> None:
    from game.ui.menus.run import table_opener

    opener = table_opener()
    assert opener is not None
    flow = MenuFlow(SIZE, open_table=opener)
    flow.act(StartMatch(MatchOptions("riichi", seed=5)))
    assert flow.playing is not None
    surface = pygame.Surface(SIZE)
    for _ in range(30):
        flow.update(1 / 60)
        flow.draw(surface)
    match = flow.playing[1]
    assert flow.saves.load("autosave").record == match.record


def test_continue_puts_the_table_where_the_match_stands_without_replaying_its_past() -> None:
    from game.ui.table import start_match

    flow = MenuFlow(SIZE, open_table=start_match)
    options = MatchOptions("riichi", levels=("easy", "normal", "hard"), seed=4)
    match = Match(match_profile(options), 4)
    bots = {s: RandomBot(4, s) for s in range(4)}
    for _ in range(25):
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    flow.autosave(options, match)
    flow.act(ContinueMatch())
    assert flow.playing is not None
    table = flow.playing[2]
    assert table.match.state_hash() == match.state_hash()
    assert table.presenter.idle  # no animation of the deal and the 25 actions before it


def test_a_match_ended_by_a_bust_says_so() -> None:
    """Seen in a real window: a hanchan over after two hands (the player fell to -2,200) said only
    "Hands: 2". The screen now names who fell below zero; a match played out says nothing more."""
    from types import SimpleNamespace

    from text_checks import texts

    from game.engine.profile import load_profile
    from game.i18n import t
    from game.ui.results.match_end import busted_seats
    from game.ui.seats import seat_name

    options, match = finished_match()
    end = match_end(match, options)
    def shown(screen: ResultsScreen) -> str:
        return " ".join(node.text for node in texts(screen.root))

    assert end.busted == () and "zero" not in shown(ResultsScreen(SIZE, end))
    riichi = load_profile("riichi")
    ended = HandEnded(scores=(-2200, 24000, 25000, 53200), renchan=False)
    fake = SimpleNamespace(profile=riichi, events=[ended])
    assert busted_seats(fake) == (0,)  # type: ignore[arg-type]
    no_tobi = dataclasses.replace(riichi, game=dataclasses.replace(riichi.game, tobi=False))
    assert busted_seats(SimpleNamespace(profile=no_tobi, events=[ended])) == ()  # type: ignore[arg-type]
    bust = ResultsScreen(SIZE, dataclasses.replace(end, busted=(options.human_seat,)))
    assert t("results.ended_bust", who=seat_name(options.human_seat, options.human_seat)) in shown(bust)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_rules_are_compared_at_a_reading_size(language: str) -> None:
    """A long rule ("pung or kong until the next draw, Mah-Jong until the next discard") was set at
    11-12 px to hold one line of a 1280x720 window. Each row is now one line at 16-17 px or grows a
    line at a time at 15 px and more, in every language and between every two rulebooks; paging
    down shows every row."""
    from game.engine.profile import profile_order
    from game.ui import fitting

    i18n.set_language(language)
    try:
        for a in profile_order():
            for b in profile_order():
                if a == b:
                    continue
                with fitting.recording() as fits:
                    screen = RulesScreen(SIZE, a, b)
                rows = [(text, fitted) for text, box, fitted, _ in fits if box.name == "rules row"]
                assert rows and all(f.fits and f.size >= 15 for _, f in rows), [
                    (text, f.size, f.lines) for text, f in rows if not f.fits or f.size < 15]
                seen: set[int] = set()
                while True:
                    shown = [i for i, r in enumerate(screen.rows) if r.visible]
                    seen |= set(shown)
                    last = screen.rows[shown[-1]]
                    assert not last.name.startswith("section") or shown[-1] == len(screen.rows) - 1, last.name
                    if screen.list.offset >= screen.list.max_offset():
                        break
                    screen.scroll(-1)
                assert seen == set(range(len(screen.rows)))
    finally:
        i18n.set_language("en")


def test_a_new_game_asks_before_it_replaces_the_match_in_progress() -> None:
    """Seen: New game -> Taiwanese -> Start silently replaced a Riichi match in progress; it was
    gone from Continue and never in Load game. The flow asks first; the safe answer has the
    focus (Enter keeps the match), and only "Start the new match" replaces it."""
    from game.ui.menus.dialog import ConfirmScreen

    flow = MenuFlow(SIZE, open_table=BotTable)
    flow.act(Open("new_game"))
    assert flow.handle_event(click_at(centre(flow.top.root.find("start")))) is None
    first = flow.top
    assert isinstance(first, BotTable)  # no match to lose: no question
    for _ in range(10):
        flow.update(1 / 60)
    kept = flow.saves.load("autosave").record
    flow.act(Open("title"))
    flow.act(Open("new_game"))
    flow.handle_event(click_at(centre(flow.top.root.find("start"))))
    ask = flow.top
    assert isinstance(ask, ConfirmScreen)
    assert i18n.t("profile.riichi.short") in ask.text or "Riichi" in ask.text
    flow.handle_event(key(pygame.K_RETURN))  # the focus is on going back
    assert isinstance(flow.top, NewGameScreen)
    assert flow.saves.load("autosave").record == kept
    flow.handle_event(click_at(centre(flow.top.root.find("start"))))
    assert isinstance(flow.top, ConfirmScreen)
    flow.handle_event(click_at(centre(flow.top.root.find("yes"))))
    table = flow.top
    assert isinstance(table, BotTable) and table is not first
    assert not any(isinstance(s, ConfirmScreen) for s in flow.stack.screens)


def test_a_resize_to_the_same_size_rebuilds_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any VIDEORESIZE rebuilt every screen, the table from the engine, even one saying the size
    the window already has (SDL sends one after WINDOWSIZECHANGED, and on a map): a frame spike
    for nothing, and the route by which a turn's cursor was once lost."""
    flow = MenuFlow(SIZE)
    calls: list[tuple[int, int]] = []
    real = flow.stack.resize
    monkeypatch.setattr(flow.stack, "resize", lambda size: (calls.append(size), real(size)))
    flow.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=SIZE[0], h=SIZE[1], size=SIZE))
    assert calls == []
    flow.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    assert calls == [(1600, 900)] and flow.size == (1600, 900)
