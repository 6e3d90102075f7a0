"""External bots at the table: New game → Advanced keeps a command per AI seat, the table plays
them without waiting on them, and their programs end with the match."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pygame
import pytest
from user_dirs import point_user_dirs

from game import i18n
from game.ai.external import ExternalSeat, external_seats
from game.engine import Match
from game.engine.events import Discarded
from game.engine.profile import load_profile
from game.persist.settings import Settings, SettingsStore
from game.ui.menus.external_bots import ExternalBotsScreen
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import Open
from game.ui.menus.new_game import NewGameScreen
from game.ui.table.screen import TableScreen

SIZE = (1280, 720)
BOT = [sys.executable, str(Path(__file__).parent / "mjai_bots" / "tsumogiri.py")]
COMMAND = " ".join(f'"{a}"' for a in BOT)


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    pygame.init()
    i18n.set_language("en")


def _texts(screen: object) -> list[str]:
    texts = (getattr(n, "text", "") for n in screen.root.walk())  # type: ignore[attr-defined]
    return [t for t in texts if isinstance(t, str)]


def test_advanced_keeps_a_command_per_seat_in_the_settings() -> None:
    flow = MenuFlow(SIZE)
    flow.act(Open("new_game"))
    assert flow.top.root.find("external") is not None  # type: ignore[union-attr]
    flow.act(Open("external_bots"))
    screen = flow.top
    assert isinstance(screen, ExternalBotsScreen)
    assert any("Riichi rules only" in t for t in _texts(screen))
    field = screen.root.find("bot:across")
    assert field is not None
    screen.set_focus(screen.widgets.index(field))  # type: ignore[arg-type]
    screen.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="python3 mybot.py"))
    assert SettingsStore().load().external_bots == ("", "python3 mybot.py", "")
    flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0))
    assert isinstance(flow.top, NewGameScreen)
    assert any("1 seat played by an external bot" in t for t in _texts(flow.top))


def test_other_rules_say_the_seats_stay_with_the_ai() -> None:
    for lang in ("en", "fr", "ru"):
        i18n.set_language(lang)
        screen = ExternalBotsScreen(SIZE, Settings(), riichi=False)
        assert any(t == i18n.t("external.not_riichi")[: len(t)] and t for t in _texts(screen))
    assert external_seats(("cmd", "", ""), 0, Match(load_profile("ema"), 1)) == {}


def test_the_table_plays_an_external_seat_and_ends_its_program() -> None:
    profile = load_profile("riichi")
    match = Match(profile, 9)
    seats = external_seats((COMMAND, "", ""), 0, match, time_limit=5)
    assert list(seats) == [1]
    table = TableScreen(SIZE, match=match, autoplay=True, speed=0.0, external=seats)
    deadline = time.monotonic() + 120
    while match.hand_index < 1 and not match.is_over:
        table.update(1 / 60)
        assert time.monotonic() < deadline
    bot = seats[1]
    own = [e for e in match.events if isinstance(e, Discarded) and e.seat == 1]
    assert own and all(e.tsumogiri for e in own) and bot.refusals == 0
    process = bot.process
    assert process is not None and process.alive
    table.close_seats()
    assert not process.alive


def test_a_slow_bot_never_holds_the_frame() -> None:
    profile = load_profile("riichi")
    match = Match(profile, 9)
    slow = ExternalSeat([*BOT, "sleep", "3"], 9, 1, profile, time_limit=1.5)
    table = TableScreen(SIZE, match=match, autoplay=True, speed=0.0, external={1: slow})
    frames_while_thinking = 0
    deadline = time.monotonic() + 60
    while slow.refusals == 0:
        table.update(1 / 60)
        job = slow._job
        frames_while_thinking += job is not None and job.is_alive()
        assert time.monotonic() < deadline
    assert frames_while_thinking >= 10  # the table kept drawing while the program slept
    # the refusal is counted on the program's thread, which then writes the notice and lets the
    # hard AI play the turn; the table tells it on the frames after. Counted in frames, that raced
    # the thread on a loaded machine (30 idle frames took 50 ms of wall time, the caption still
    # empty): the player is told within a second of real frames (the notice holds 5 s of them)
    told_by = time.monotonic() + 1.0
    while "did not answer within 1.5 s" not in table.hud.caption_text.text and time.monotonic() < told_by:
        table.update(1 / 60)
        time.sleep(1 / 240)
    assert "did not answer within 1.5 s" in table.hud.caption_text.text  # told once, in plain words
    table.close_seats()
