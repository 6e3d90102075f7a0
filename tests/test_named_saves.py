"""Named saves from the player's side: Save as during a match (typed name, overwrite asked once),
the pause menu, and Load game on the title (list, load, delete), all with synthetic input and the
user folders in a temporary directory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from user_dirs import point_user_dirs

from game import i18n
from game.ai.baseline import RandomBot
from game.engine import Match
from game.match_options import MatchOptions, match_profile
from game.persist import atomic
from game.persist.saves import SaveStore, save_stem
from game.persist.settings import Settings
from game.scene import Node
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import Back, DeleteSave, LoadGame, Open, SaveGame, StartMatch
from game.ui.menus.load_screen import LoadScreen, SaveRow
from game.ui.menus.match_menu import MatchMenuScreen
from game.ui.menus.notice_screen import NoticeScreen
from game.ui.menus.save_screen import NAME_LIMIT, SaveAsScreen
from game.ui.menus.title import TitleScreen
from game.ui.screens import Screen

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    point_user_dirs(tmp_path, monkeypatch)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def key(k: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=mod)


def typed(text: str) -> list[pygame.event.Event]:
    """What SDL sends for typed text: a KEYDOWN per character, then the TEXTINPUT."""
    return [key(ord(ch.lower()) if ch.isascii() else 0, ch) for ch in text] + [
        pygame.event.Event(pygame.TEXTINPUT, text=text)]


def centre(node: Node) -> tuple[int, int]:
    w, h = node.content_size()
    ax, ay = node.anchor
    x, y = node.to_world((0.5 - ax) * w, (0.5 - ay) * h)
    return int(x), int(y)


def click(node: Node | None) -> pygame.event.Event:
    assert node is not None
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(node), button=1)


def assert_drawn(screen: Screen) -> None:
    surface = pygame.Surface(SIZE)
    surface.fill((200, 30, 30))  # what a dialog lets show through
    screen.draw(surface)
    small = pygame.transform.scale(surface, (128, 72))
    assert len({small.get_at((x, y))[:3] for x in range(128) for y in range(72)}) > 20


class StillTable(Screen):
    """A stand-in for the table: plays ``steps`` random actions when opened on a new match, then
    waits."""

    def __init__(self, options: MatchOptions, match: Match, settings: Settings, steps: int = 0) -> None:
        self.match = match
        self.riichi_mode = False
        self.notes: list[str] = []
        self.keys: list[int] = []
        bots = {s: RandomBot(4, s) for s in range(4)}
        for _ in range(0 if match.actions else steps):  # a resumed match stays where it was
            seat = match.awaiting()[0]
            match.apply(bots[seat].decide(match.observe(seat)))

    def notify(self, text: str) -> None:
        self.notes.append(text)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)

    @property
    def finished(self) -> bool:
        return self.match.is_over


def playing(steps: int = 30, seed: int = 8, profile: str = "riichi") -> tuple[MenuFlow, StillTable]:
    flow = MenuFlow(SIZE, open_table=lambda o, m, s: StillTable(o, m, s, steps))
    # replacing: a match already in the autosave (an earlier call) is let go, as a player says yes
    flow.act(StartMatch(MatchOptions(profile, seed=seed), replacing=True))
    flow.update(1 / 60)
    table = flow.top
    assert isinstance(table, StillTable)
    return flow, table


def save_as(flow: MenuFlow, name: str) -> None:
    flow.handle_event(key(pygame.K_s, "s", pygame.KMOD_CTRL))
    assert isinstance(flow.top, SaveAsScreen)
    for event in typed(name):
        flow.handle_event(event)
    flow.handle_event(key(pygame.K_RETURN))


# --- the name field -------------------------------------------------------------------------


def test_typing_a_name_replaces_the_suggestion_and_keeps_to_the_rules() -> None:
    screen = SaveAsScreen(SIZE, suggested="Riichi East 2")
    assert_drawn(screen)
    assert screen.field.selected_all and screen.field.value == "Riichi East 2"
    for event in typed("Партия"):
        screen.handle_event(event)
    assert screen.name == "Партия"  # the first character typed replaced the selected suggestion
    for event in typed(" à 4/5 \"x\"☃"):  # slashes, quotes and snowmen are not allowed
        screen.handle_event(event)
    assert screen.name == "Партия à 45 x"
    screen.handle_event(key(pygame.K_BACKSPACE))
    screen.handle_event(key(pygame.K_BACKSPACE))
    assert screen.name == "Партия à 45"
    for event in typed("z" * 50):
        screen.handle_event(event)
    assert len(screen.name) == NAME_LIMIT
    screen.handle_event(key(pygame.K_DELETE))
    assert screen.name == ""
    assert screen.handle_event(key(pygame.K_RETURN)) is None and "Type a name" in screen.message
    assert screen.handle_event(key(pygame.K_ESCAPE)) == Back()


def test_space_types_a_space_and_does_not_press_a_button() -> None:
    screen = SaveAsScreen(SIZE)
    for event in typed("a b"):
        assert screen.handle_event(event) is None
    assert screen.name == "a b"
    assert screen.handle_event(key(pygame.K_RETURN)) == SaveGame("a b")


def test_the_autosave_name_is_refused_and_an_existing_name_asks_once() -> None:
    screen = SaveAsScreen(SIZE, suggested="AutoSave")
    assert screen.handle_event(key(pygame.K_RETURN)) is None and "automatic save" in screen.message
    screen = SaveAsScreen(SIZE, suggested="  Old   game ", existing=["Old game"], exists=lambda n: n == "Old game")
    assert screen.handle_event(key(pygame.K_RETURN)) is None
    assert "already exists" in screen.message
    assert [getattr(n, "text", "") for n in screen.root.find("save").walk()].count("Replace") == 1  # type: ignore[union-attr]
    assert screen.handle_event(key(pygame.K_RETURN)) == SaveGame("Old game")
    # typing after the warning withdraws it: the next Enter asks again
    screen = SaveAsScreen(SIZE, suggested="Old game", existing=["Old game"], exists=lambda n: n.startswith("Old"))
    screen.handle_event(key(pygame.K_RETURN))
    for event in typed("!"):
        screen.handle_event(event)
    assert screen.message == "" and screen.handle_event(key(pygame.K_RETURN)) is None


def test_clicking_an_existing_save_puts_its_name_in_the_field() -> None:
    screen = SaveAsScreen(SIZE, suggested="x", existing=["Sunday", "Monday"])
    screen.handle_event(click(screen.root.find("existing:Monday")))
    assert screen.name == "Monday" and screen.focused is screen.field


# --- save as during a match ------------------------------------------------------------------


def test_ctrl_s_saves_the_match_under_a_name_and_goes_back_to_the_table() -> None:
    flow, table = playing(steps=30)
    flow.handle_event(key(pygame.K_s, "s", pygame.KMOD_CTRL))
    screen = flow.top
    assert isinstance(screen, SaveAsScreen) and screen.name == "Riichi East 1"
    assert_drawn(screen)
    for event in typed("Lunch break"):
        flow.handle_event(event)
    flow.handle_event(key(pygame.K_RETURN))
    assert flow.top is table and table.notes == ["Saved as “Lunch break”"]
    store = SaveStore()
    saved = store.load("Lunch break")
    assert saved.record == table.match.record and saved.resume().state_hash() == table.match.state_hash()
    (entry,) = store.named_entries()
    assert entry.name == "Lunch break" and entry.summary is not None
    assert entry.summary.scores == tuple(table.match.scores) and entry.summary.hand_number == table.match.hand_number
    assert table.keys == []  # the table never saw the keys typed into the name


def test_saving_over_a_save_asks_first_then_replaces_it() -> None:
    flow, table = playing(steps=10)
    save_as(flow, "Same")
    first = SaveStore().load("Same").record
    bots = {s: RandomBot(5, s) for s in range(4)}
    for _ in range(12):
        seat = table.match.awaiting()[0]
        table.match.apply(bots[seat].decide(table.match.observe(seat)))
    save_as(flow, "Same")
    screen = flow.top
    assert isinstance(screen, SaveAsScreen) and "already exists" in screen.message
    assert SaveStore().load("Same").record == first  # nothing written yet
    flow.handle_event(key(pygame.K_RETURN))
    assert flow.top is table and SaveStore().load("Same").record == table.match.record
    assert len(SaveStore().named_entries()) == 1


def test_a_save_that_cannot_be_written_says_why_and_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    flow, table = playing(steps=5)

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    save_as(flow, "Doomed")
    screen = flow.top
    assert isinstance(screen, SaveAsScreen) and "No space left" in screen.message
    assert not SaveStore().exists("Doomed")


def test_the_pause_menu_resumes_saves_and_leaves_keeping_the_match() -> None:
    flow, table = playing(steps=20)
    flow.handle_event(key(pygame.K_ESCAPE))
    menu = flow.top
    assert isinstance(menu, MatchMenuScreen)
    assert_drawn(menu)
    flow.handle_event(key(pygame.K_ESCAPE))
    assert flow.top is table
    table.riichi_mode = True  # Esc then belongs to the table (it cancels riichi)
    flow.handle_event(key(pygame.K_ESCAPE))
    assert flow.top is table and table.keys == [pygame.K_ESCAPE]
    table.riichi_mode = False
    flow.handle_event(key(pygame.K_F10))
    flow.handle_event(click(flow.top.root.find("save_as")))  # type: ignore[union-attr]
    assert isinstance(flow.top, SaveAsScreen) and flow.stack.screens[-2] is table  # the menu made way
    flow.handle_event(key(pygame.K_ESCAPE))
    assert flow.top is table
    flow.handle_event(key(pygame.K_F10))
    flow.handle_event(click(flow.top.root.find("leave")))  # type: ignore[union-attr]
    flow.update(1 / 60)
    title = flow.top
    assert isinstance(title, TitleScreen) and title.continue_detail is not None and flow.playing is None
    assert SaveStore().load("autosave").record == table.match.record


# --- load game ------------------------------------------------------------------------------


def test_load_game_lists_named_saves_and_loads_one() -> None:
    flow, first = playing(steps=25, seed=8)
    save_as(flow, "First")
    flow.act(Open("title"))
    flow, second = playing(steps=60, seed=9, profile="ema")
    save_as(flow, "Второй")
    flow.act(Open("title"))
    title = flow.top
    assert isinstance(title, TitleScreen) and title.can_load
    flow.handle_event(click(title.root.find("load")))
    screen = flow.top
    assert isinstance(screen, LoadScreen)
    assert_drawn(screen)
    assert [e.name for e in screen.entries] in (["Второй", "First"], ["First", "Второй"])  # same second
    row = screen.root.find("save:Второй")
    assert isinstance(row, SaveRow)
    texts = [getattr(n, "text", "") for n in row.walk()]
    assert "East 1" in texts or any(t.startswith("East") for t in texts)
    assert any(t.startswith("You ") and " · Kenji " in t for t in texts)  # the names the table gives the seats
    assert any("EMA" in t for t in texts)
    intent = screen.handle_event(click(row))
    assert intent == LoadGame(row.entry.path)
    flow.act(intent)
    table = flow.top
    assert isinstance(table, StillTable) and table.match.state_hash() == second.match.state_hash()


def test_delete_asks_once_and_any_other_key_withdraws() -> None:
    flow, _ = playing(steps=5)
    save_as(flow, "Keep")
    save_as(flow, "Drop")
    flow.act(Open("title"))
    flow.act(Open("load"))
    screen = flow.top
    assert isinstance(screen, LoadScreen) and len(screen.entries) == 2
    drop = next(r for r in screen.widgets if isinstance(r, SaveRow) and r.entry.name == "Drop")
    screen.set_focus(screen.widgets.index(drop))
    assert flow.handle_event(key(pygame.K_DELETE)) is None and screen.confirm == drop.entry.path
    flow.handle_event(key(pygame.K_DOWN))
    assert screen.confirm is None
    screen.set_focus(screen.widgets.index(next(r for r in screen.widgets if getattr(r, "entry", None) == drop.entry)))
    row = screen.focused
    assert isinstance(row, SaveRow)
    assert screen.handle_event(click(row.find("delete"))) is None  # asks
    row = screen.focused
    assert isinstance(row, SaveRow)
    intent = screen.handle_event(click(row.find("delete")))
    assert intent == DeleteSave(drop.entry.path)
    flow.act(intent)
    assert [e.name for e in screen.entries] == ["Keep"] and "Deleted “Drop”" in screen.message
    assert [e.name for e in SaveStore().named_entries()] == ["Keep"]


def test_an_unreadable_save_is_set_aside_and_told_once_over_the_list() -> None:
    store = SaveStore()
    store.folder.mkdir(parents=True)
    broken = store.folder / "broken.toml"
    broken.write_text("schema = 1\nname = [")
    flow = MenuFlow(SIZE, open_table=StillTable)
    assert isinstance(flow.top, TitleScreen) and flow.top.can_load
    flow.act(Open("load"))
    notice = flow.top
    assert isinstance(notice, NoticeScreen)
    [aside] = store.folder.iterdir()
    assert aside.name.startswith("broken.toml.corrupt-") and aside.read_text() == "schema = 1\nname = ["
    shown = [v for n in notice.root.walk() for v in (getattr(n, "text", None), getattr(n, "words", None))
             if isinstance(v, str)]  # a Text's text, a TextBlock's words (a widget's .text may be its block)
    assert any(aside.name in words for words in shown) or aside.name in notice.notices[0]
    assert_drawn(notice)
    flow.handle_event(key(pygame.K_SPACE))  # any key closes it
    screen = flow.top
    assert isinstance(screen, LoadScreen) and screen.entries == []
    flow.act(Back())
    title = flow.top  # the title offers what is left: no Load game once its only save went
    assert isinstance(title, TitleScreen) and not title.can_load and title.root.find("load") is None
    assert_drawn(title)
    flow.act(Open("load"))  # told once
    assert isinstance(flow.top, LoadScreen)
    flow.act(Back())
    SaveStore().write("Fresh", MatchOptions(seed=3), Match(match_profile(MatchOptions(seed=3)), 3).record)
    flow.act(Open("load"))
    flow.act(Back())
    assert isinstance(flow.top, TitleScreen) and flow.top.can_load and flow.top.root.find("load") is not None


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_the_save_screens_render_in_every_language(language: str) -> None:
    flow, _ = playing(steps=5)
    save_as(flow, "Un")
    i18n.set_language(language)
    flow.handle_event(key(pygame.K_ESCAPE))
    assert_drawn(flow.top)  # type: ignore[arg-type]
    flow.handle_event(key(pygame.K_F2))
    assert isinstance(flow.top, SaveAsScreen)
    assert_drawn(flow.top)
    flow.act(Open("title"))
    flow.act(Open("load"))
    assert_drawn(flow.top)  # type: ignore[arg-type]


# --- file names -------------------------------------------------------------------------------


def test_names_that_differ_get_different_files_even_on_case_blind_disks() -> None:
    assert save_stem("autosave") == "autosave"
    names = ["Game", "game", "GAME", "Партия", "Игра", "é", "e", "", " "]
    stems = [save_stem(n).lower() for n in names]
    assert len(set(stems)) == len(names)


@settings(max_examples=40)
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=6, unique=True))
def test_distinct_names_never_share_a_file(names: list[str]) -> None:
    stems = {save_stem(n).casefold() for n in names}
    assert len(stems) == len(names)
    assert all("/" not in s and "\\" not in s and s not in (".", "..") for s in stems)
