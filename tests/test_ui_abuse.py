"""The interface under abuse: thousands of random inputs, headless, with the engine checked after
every one.

A monkey clicks anywhere, moves the mouse, presses keys the table knows (and some it does not),
resizes the window, changes the speed and skips, while the AI plays and the human seat is played
only by what the monkey happens to press. No input may raise, and after each one the match keeps
the invariants of :mod:`game.engine.invariants` (tiles, hand sizes, scores, legal actions). The
same monkey then plays a tutorial level and walks the menus through the screen stack.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from table_helpers import SIZE, display
from user_dirs import point_user_dirs

from game.engine import Match
from game.engine.invariants import check_all, starting_total
from game.match_options import MatchOptions, match_profile
from game.persist.replays import ReplayLibrary
from game.persist.saves import SaveStore
from game.persist.settings import Settings, SettingsStore
from game.ui.screens import Screen
from game.ui.table.screen import TableScreen

TABLE_INPUTS = 3000
KEYS = [
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_TAB,
    pygame.K_BACKSPACE, pygame.K_F1, pygame.K_F11, *(ord(c) for c in "0123456789tnrpckeh9qx"),
]
SIZES = [(1280, 720), (1024, 600), (640, 360), (1920, 1080), (800, 2000), (3000, 500), (1, 1), (1280, 1), (0, 0)]


@pytest.fixture(autouse=True)
def _headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    display()


class Monkey:
    """Random pygame events, weighted toward what a player does (clicks and the table's keys)."""

    def __init__(self, seed: int, size: tuple[int, int] = SIZE) -> None:
        self.rng = random.Random(seed)
        self.size = size

    def point(self) -> tuple[int, int]:
        w, h = self.size
        return self.rng.randint(-20, w + 20), self.rng.randint(-20, h + 20)

    def event(self) -> pygame.event.Event:
        r = self.rng.random()
        if r < 0.35:
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=self.rng.choice([1, 1, 1, 2, 3, 4, 5]),
                                      pos=self.point())
        if r < 0.45:
            return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=self.point())
        if r < 0.6:
            return pygame.event.Event(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(0, 0, 0))
        if r < 0.97:
            key = self.rng.choice(KEYS)
            char = chr(key) if 32 <= key < 127 else ""
            return pygame.event.Event(pygame.KEYDOWN, key=key, unicode=char, mod=0, scancode=0)
        if r < 0.99:
            return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=self.rng.choice([-3, -1, 1, 3]), flipped=False)
        w, h = self.rng.choice(SIZES)
        return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))


def abuse_table(screen: TableScreen, match: Match, seed: int, inputs: int) -> int:
    """Feed ``inputs`` random events; returns the engine actions applied meanwhile."""
    monkey = Monkey(seed)
    total = starting_total(match)
    surface = pygame.Surface(SIZE)
    rng = random.Random(seed + 1)
    start = len(match.actions)
    for i in range(inputs):
        event = monkey.event()
        if event.type == pygame.VIDEORESIZE:
            monkey.size = (max(1024, event.w), max(600, event.h))
        before = len(match.actions)
        screen.handle_event(event)
        screen.update(rng.choice([0.0, 0.016, 0.05, 0.3, 2.0]))
        if i % 25 == 0:
            screen.draw(surface)
        if len(match.actions) != before or i % 50 == 0:
            problems = check_all(match, total)
            assert not problems, f"input {i} ({event}): {problems}"
        if match.is_over:
            break
    return len(match.actions) - start


@pytest.mark.parametrize(("profile", "seed"), [("riichi", 3), ("taiwanese", 4), ("ema", 5)])
def test_the_table_survives_a_monkey_during_an_ai_match(profile: str, seed: int) -> None:
    screen = TableScreen(SIZE, profile=profile, seed=seed, human=seed % 4, levels={1: "easy", 2: "hard", 3: "normal"},
                         speed=1.0)
    applied = abuse_table(screen, screen.match, seed, TABLE_INPUTS)
    assert applied > 20  # the match went on between the inputs
    print(f"{profile}: {TABLE_INPUTS} inputs, {applied} engine actions")


def test_a_tutorial_level_survives_a_monkey() -> None:
    from game.tutorial.level import load_all
    from game.ui.tutorial.screen import TutorialScreen

    levels = load_all().levels
    if not levels:
        pytest.skip("no tutorial levels yet")
    rng = random.Random(7)
    surface = pygame.Surface(SIZE)
    for level in rng.sample(levels, min(4, len(levels))):
        screen = TutorialScreen(SIZE, level)
        monkey = Monkey(rng.randrange(2**32))
        total = starting_total(screen.match)
        for i in range(300):
            event = monkey.event()
            if event.type == pygame.VIDEORESIZE:
                screen.resize((max(1024, event.w), max(600, event.h)))
            else:
                screen.handle_event(event)
            screen.update(0.05)
            if i % 30 == 0:
                screen.draw(surface)
            assert not check_all(screen.match, total), f"{level.id}: input {i} ({event})"


def test_the_menus_survive_a_monkey(tmp_path: Path) -> None:
    """The whole flow as the app runs it, title to table and back: every intent the monkey
    triggers is acted on; what only the app does (apply settings, quit) is answered as the app
    would (quit: start again from a fresh flow)."""
    from game.ui.menus.flow import MenuFlow

    def open_table(options: MatchOptions, match: Match, settings: Settings) -> Screen:
        return TableScreen(SIZE, match=match, human=options.human_seat, level=options.levels[1], speed=0.0)

    def fresh() -> MenuFlow:
        return MenuFlow(SIZE, settings_store=SettingsStore(tmp_path / "settings"),
                        saves=SaveStore(tmp_path / "saves"), replays=ReplayLibrary(tmp_path / "replays"),
                        open_table=open_table)

    flow = fresh()
    monkey = Monkey(11)
    surface = pygame.Surface(SIZE)
    screens_seen: set[str] = set()
    for i in range(3000):
        if i % 1000 == 500 and flow.playing is None:  # a match on the table, as New game starts it
            options = MatchOptions(seed=i, human_seat=i % 4)
            flow.play(options, Match(match_profile(options), i))
        event = monkey.event()
        out: Any = flow.handle_event(event)
        out = flow.update(0.05) or out
        if type(out).__name__ == "Quit":
            flow = fresh()
        if flow.top is not None:
            screens_seen.add(type(flow.top).__name__)
        if i % 40 == 0:
            flow.stack.draw(surface)
        if flow.playing is not None:
            match = flow.playing[1]
            problems = check_all(match, 4 * match.profile.game.start_points)
            assert not problems, f"input {i}: {problems}"
    assert len(screens_seen) >= 3, screens_seen
    print(f"menus: 3000 inputs, screens visited: {sorted(screens_seen)}")


@pytest.mark.parametrize("size", [(0, 0), (0, 720)])
def test_a_tutorial_survives_a_zero_width_window(size: tuple[int, int]) -> None:
    from game.tutorial.level import load_all
    from game.ui.tutorial.screen import TutorialScreen

    levels = load_all().levels
    if not levels:
        pytest.skip("no tutorial levels yet")
    screen = TutorialScreen(SIZE, levels[0])
    screen.resize(size)
    screen.draw(pygame.Surface((1, 1)))
