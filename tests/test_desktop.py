"""Desktop behaviour: no display means one line and exit 2; a log per run; a crash shows a screen
and leaves a report; fullscreen keys; the window class."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest
from user_dirs import point_user_dirs

from game import paths, runlog
from game.persist.saves import SaveStore
from game.ui import desktop
from game.ui.crash import CrashScreen
from game.ui.game_window import GameWindow
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import ContinueMatch, Open, Quit
from game.ui.menus.title import TitleScreen
from game.ui.screens import Screen

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pygame.init()  # started here, so run_menus leaves pygame (and the fonts other tests cache) running
    return point_user_dirs(tmp_path, monkeypatch)


def _bare_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CACHE_HOME", "cache")):
        env[var] = str(tmp_path / sub)
    env["HOME"] = str(tmp_path / "home")
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the no-display case is read from DISPLAY on Linux")
def test_no_display_exits_with_one_line_and_code_2(tmp_path: Path) -> None:
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "game"], env=_bare_env(tmp_path), capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    elapsed = time.monotonic() - start
    assert done.returncode == 2, done.stderr
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and "no display" in lines[0], lines
    log = (tmp_path / "state" / "MahjongAtlas" / "log" / runlog.LOG_NAME).read_text(encoding="utf-8")
    assert "no display" in log and "Mahjong Atlas" in log
    print(f"no-display exit after {elapsed:.2f} s")


def test_a_headless_driver_asked_for_by_name_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.delenv("DISPLAY", raising=False)
    desktop.check_environment()
    desktop.check_display()


def test_the_offscreen_fallback_is_refused_when_nobody_asked_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "")
    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(desktop.NoDisplay):
        desktop.check_display()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    desktop.check_display()


def test_the_window_class_is_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")  # what pygame's import sets
    desktop.prepare()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "MahjongAtlas"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "MahjongAtlas"


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")


def test_fullscreen_keys() -> None:
    assert desktop.is_fullscreen_toggle(_key(pygame.K_F11))
    assert desktop.is_fullscreen_toggle(_key(pygame.K_RETURN, pygame.KMOD_LALT))
    assert desktop.is_fullscreen_toggle(_key(pygame.K_f, pygame.KMOD_LCTRL | pygame.KMOD_LMETA))
    assert not desktop.is_fullscreen_toggle(_key(pygame.K_RETURN))
    assert not desktop.is_fullscreen_toggle(_key(pygame.K_f, pygame.KMOD_LCTRL))
    assert not desktop.is_fullscreen_toggle(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0))


def test_one_log_file_per_run_and_a_few_kept() -> None:
    root = logging.getLogger()
    try:
        for run in range(runlog.KEPT + 3):
            path = runlog.start(f"run{run}")
            assert path is not None
            logging.getLogger("game.test").warning("warning of run %d", run)
        text = path.read_text(encoding="utf-8")
        assert f"command 'run{runlog.KEPT + 2}'" in text and "warning of run" in text
        assert "pygame-ce" in text and "Python" in text and "OS " in text
        assert f"run{runlog.KEPT + 1}" in (path.parent / f"{runlog.LOG_NAME}.1").read_text(encoding="utf-8")
        kept = sorted(p.name for p in path.parent.iterdir())
        assert len(kept) == runlog.KEPT + 1, kept  # this run's file and KEPT older runs
    finally:
        for handler in list(root.handlers):
            if getattr(handler, "atlas_run_log", False):
                root.removeHandler(handler)
                handler.close()


class Boom(Screen):
    """A screen that breaks on its first update, as a bug would."""

    def update(self, dt: float) -> object:
        raise RuntimeError("a bug in a screen")


def test_a_crash_shows_the_crash_screen_and_writes_a_report(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.menus import run

    flow = MenuFlow((1280, 720))
    flow.stack.push(Boom())
    shown: list[Screen] = []
    real_frame = run._frame

    def frame(flow_: MenuFlow, window: GameWindow, clock: pygame.time.Clock) -> bool:
        result = real_frame(flow_, window, clock)
        shown.append(flow_.stack.top)  # type: ignore[arg-type]
        return result

    monkeypatch.setattr(run, "_frame", frame)
    assert run.run_menus(frames=4, flow=flow) == 0
    screen = flow.stack.top
    assert isinstance(screen, CrashScreen) and any(isinstance(s, CrashScreen) for s in shown)
    assert screen.report is not None and screen.report.parent == paths.logs_dir()
    report = screen.report.read_text(encoding="utf-8")
    assert "Traceback" in report and "RuntimeError: a bug in a screen" in report and "in update" in report
    assert screen.go_on() == Open("title")  # no autosave to go back to


def test_the_crash_screen_continues_from_the_autosave_by_mouse_or_keyboard() -> None:
    screen = CrashScreen((1280, 720), Path("/tmp/report.txt"), can_continue=True)
    assert screen.handle_event(_key(pygame.K_RETURN)) == ContinueMatch()
    screen.handle_event(_key(pygame.K_UP))
    assert screen.handle_event(_key(pygame.K_RETURN)) == Quit()
    assert screen.handle_event(_key(pygame.K_ESCAPE)) == ContinueMatch()
    surface = pygame.Surface((1280, 720))
    screen.draw(surface)


def test_continue_after_a_crash_resumes_the_autosaved_match() -> None:
    from game.engine import Match
    from game.match_options import MatchOptions, match_profile

    options = MatchOptions("riichi", seed=4)
    match = Match(match_profile(options), 4)
    store = SaveStore()
    store.autosave(options, match)
    store.flush()
    flow = MenuFlow((1280, 720), saves=store, open_table=lambda o, m, s: TitleScreen((1280, 720)))
    flow.act(ContinueMatch())
    assert flow.playing is not None and flow.playing[1].seed == 4


@pytest.mark.skipif(sys.platform == "win32", reason="the menu entry and its install script are for Linux")
def test_the_linux_menu_entry_and_icons_install_for_the_player(tmp_path: Path) -> None:
    import shutil

    sys.path.insert(0, str(ROOT / "build"))
    import bundle  # type: ignore[import-not-found]

    folder = tmp_path / "MahjongAtlas"
    folder.mkdir()
    (folder / "MahjongAtlas").write_text("#!/bin/sh\n")
    bundle.add_desktop_entry(folder)
    sizes = sorted(p.name for p in (folder / "share" / "icons" / "hicolor").iterdir())
    assert {"16x16", "48x48", "256x256", "512x512"} <= set(sizes)
    for size in sizes:
        w, h = pygame.image.load(str(folder / "share/icons/hicolor" / size / "apps/mahjong-atlas.png")).get_size()
        assert f"{w}x{h}" == size
    entry = (folder / "share/applications/MahjongAtlas.desktop").read_text(encoding="utf-8")
    assert "StartupWMClass=MahjongAtlas" in entry and "Icon=mahjong-atlas" in entry
    if shutil.which("desktop-file-validate"):
        done = subprocess.run(["desktop-file-validate", str(folder / "share/applications/MahjongAtlas.desktop")],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    data = tmp_path / "xdg-data"
    env = dict(os.environ, XDG_DATA_HOME=str(data), HOME=str(tmp_path / "home"))
    subprocess.run(["sh", str(folder / "install-desktop-entry.sh")], env=env, check=True, capture_output=True)
    installed = (data / "applications/MahjongAtlas.desktop").read_text(encoding="utf-8")
    assert f'Exec="{folder}/MahjongAtlas"' in installed
    assert (data / "icons/hicolor/48x48/apps/mahjong-atlas.png").is_file()
    subprocess.run(["sh", str(folder / "install-desktop-entry.sh"), "--remove"], env=env, check=True,
                   capture_output=True)
    assert not (data / "applications/MahjongAtlas.desktop").exists()


def test_a_minimized_window_is_not_drawn_and_its_loop_slows(monkeypatch: pytest.MonkeyPatch) -> None:
    """A static table redrawn at 60 fps took a fifth of a core in a real window while the player was
    elsewhere. Minimized, the loop draws nothing at 10 frames a second (the flow still updates: the
    match goes on); behind another window it draws at 30; restored and in front, 60 again."""
    from game.ui import game_window
    from game.ui.menus import run

    flow = MenuFlow((1280, 720))
    drawn: list[int] = []
    updated: list[int] = []
    rates: list[int] = []
    real_draw, real_update, real_frame = flow.draw, flow.update, run._frame
    say = {3: pygame.WINDOWMINIMIZED, 6: pygame.WINDOWRESTORED, 8: pygame.WINDOWFOCUSLOST, 10: pygame.WINDOWFOCUSGAINED}

    def update(dt: float) -> object:
        updated.append(len(updated) + 1)
        if len(updated) in say:  # seen by the next frame's events, as SDL would post it
            pygame.event.post(pygame.event.Event(say[len(updated)]))
        return real_update(dt)

    def frame(flow_: MenuFlow, window: GameWindow, clock: pygame.time.Clock) -> bool:
        going_on = real_frame(flow_, window, clock)
        rates.append(window.frame_rate)
        return going_on

    monkeypatch.setattr(flow, "draw", lambda surface: drawn.append(len(updated)) or real_draw(surface))
    monkeypatch.setattr(flow, "update", update)
    monkeypatch.setattr(run, "_frame", frame)
    monkeypatch.setattr(MenuFlow, "still", property(lambda self: False))  # a screen that moves (the title does not)
    assert run.run_menus(frames=11, flow=flow) == 0
    assert updated == list(range(1, 12))  # every frame updates
    assert drawn == [1, 2, 3, 7, 8, 9, 10, 11]  # frames 4-6 came while minimized
    assert rates == [60, 60, 60, game_window.HIDDEN_RATE, game_window.HIDDEN_RATE, game_window.HIDDEN_RATE,
                     60, 60, game_window.BEHIND_RATE, game_window.BEHIND_RATE, 60]
