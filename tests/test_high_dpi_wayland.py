"""High-DPI, seen: the game's window on a Wayland output scaled 2x (a headless Weston).

Why a compositor: under X11 and the dummy driver a point is a pixel, so nothing there shows whether
the window really asks for a high-DPI drawable and the screens draw at its size. A headless Weston
with ``--scale=2`` is a Retina screen in miniature: a window of 1280x720 points gets a 2560x1440
drawable. This test starts one (when ``weston`` is installed and SDL has its Wayland driver; skipped,
with the reason, otherwise) and runs the game's window in a child process (a process has one video
driver, the other tests use the dummy one), which reports:

* the window's size in points and the drawable's in pixels (2x), after a resize and through
  fullscreen and back;
* the title and the table laid out at the pixel size (the table's unit twice the 1x one, the hand's
  tiles twice as tall), saved as the game's own capture of its surface;
* pointer events posted in points coming out of :meth:`GameWindow.events` in pixels. Weston's headless
  output has no input devices, so a real pointer cannot be moved here: the posted events go through
  the same mapping, and the pure functions are tested at 1x..2x in ``test_game_window.py``;
* a window size the desktop has too few points for (1920x1080 on 1600x900 points) opened inside it;
* Weston's own screenshot of its framebuffer (``weston-screenshooter``, allowed by ``--debug``) holding
  the game's surface pixel for pixel in fullscreen: the compositor shows our pixels 1:1, not a 1x
  picture blown up.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SCALE = 2
OUTPUT = (1600, 900)  # the output in points; its framebuffer is OUTPUT * SCALE pixels
TOO_BIG = (1920, 1080)  # a window size from the settings this desktop has too few points for
WINDOW = (1280, 720)
RESIZED = (1000, 600)


def _weston(runtime: Path, socket: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        ["weston", "--backend=headless-backend.so", f"--width={OUTPUT[0]}", f"--height={OUTPUT[1]}",
         f"--scale={SCALE}", f"--socket={socket}", "--use-pixman", "--debug", "--idle-time=0"],
        env={**os.environ, "XDG_RUNTIME_DIR": str(runtime)}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture
def compositor(tmp_path: Path) -> Iterator[dict[str, str]]:
    if shutil.which("weston") is None:
        pytest.skip("weston is not installed (apt-get install weston): no scaled Wayland output to try")
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700)
    socket = f"atlas-hidpi-{os.getpid()}"
    proc = _weston(runtime, socket)
    try:
        deadline = time.monotonic() + 15
        while not (runtime / socket).exists():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.skip("weston's headless backend did not start here")
            time.sleep(0.05)
        home = tmp_path / "home"
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
        env.update(XDG_RUNTIME_DIR=str(runtime), WAYLAND_DISPLAY=socket, SDL_VIDEODRIVER="wayland",
                   SDL_AUDIODRIVER="dummy", HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
                   XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
                   XDG_CACHE_HOME=str(home / "cache"), ATLAS_HIDPI_OUT=str(tmp_path))
        yield env
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _run_child(env: dict[str, str]) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, timeout=240,
                         cwd=env["ATLAS_HIDPI_OUT"])
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    assert out.returncode == 0 and lines, out.stdout[-2000:] + out.stderr[-2000:]
    report: dict[str, Any] = json.loads(lines[-1])
    return report


def test_a_2x_output_gives_a_pixel_sized_drawable_and_the_game_draws_at_it(compositor: dict[str, str]) -> None:
    report = _run_child(compositor)
    if report.get("skip"):
        pytest.skip(report["skip"])
    px = lambda size: [size[0] * SCALE, size[1] * SCALE]  # noqa: E731
    assert report["driver"] == "wayland"
    assert report["points"] == list(WINDOW) and report["pixels"] == px(WINDOW)
    assert report["laid_out"] == px(WINDOW)  # the screens were given the drawable's size, not the points
    assert report["unit_ratio"] == pytest.approx(SCALE, rel=0.02)
    assert report["hand_tile_ratio"] == pytest.approx(SCALE, rel=0.05)  # tiles drawn with twice the pixels
    assert report["pointer"] == {"motion": [1280, 720], "rel": [6, 8], "press": [201, 100]}
    assert report["resized"]["points"] == list(RESIZED) and report["resized"]["pixels"] == px(RESIZED)
    assert report["resized"]["event"] == px(RESIZED)  # the resize event the screens read, in pixels
    assert report["fullscreen"]["pixels"] == px(OUTPUT)  # the whole output, every pixel of it
    assert report["windowed_again"] == {"points": list(RESIZED), "pixels": px(RESIZED)}
    w, h = report["too_big"]["points"]  # opened inside the desktop, title bar and panel counted
    assert w < OUTPUT[0] and h < OUTPUT[1] and abs(w / h - 16 / 9) < 0.01
    assert report["too_big"]["pixels"] == px((w, h))
    shot = report.get("compositor")
    if shot is None:
        pytest.skip("weston-screenshooter is not installed: the compositor's own picture was not taken")
    assert shot["size"] == px(OUTPUT)
    assert shot["same_as_the_game"] > 0.99, shot  # the compositor shows the drawable 1:1


# --- the child: runs under the compositor -----------------------------------------------------------


def _pump(window: Any, frames: int, draw: Any = None) -> list[Any]:
    import pygame

    seen: list[Any] = []
    for _ in range(frames):
        seen += list(window.events())
        if draw is not None:
            draw(window.surface)
        window.flip()
        pygame.time.wait(15)
    return seen


def _hand_tile_height(size: tuple[int, int]) -> int:
    from game.ui.table import TableScreen

    return TableScreen(size, seed=1).layout.hand_art.height


def _screenshot(out: Path, drawn: Any) -> dict[str, Any] | None:
    """Weston's capture of its framebuffer, compared with what the game drew (share of equal pixels)."""
    import pygame

    if shutil.which("weston-screenshooter") is None:
        return None
    before = set(out.glob("wayland-screenshot-*.png"))
    subprocess.run(["weston-screenshooter"], cwd=out, timeout=30, check=False, capture_output=True)
    made = sorted(set(out.glob("wayland-screenshot-*.png")) - before)
    if not made:
        return {"size": None, "same_as_the_game": 0.0}
    shot = pygame.image.load(str(made[-1]))
    w, h = drawn.get_size()
    if shot.get_size() != (w, h):
        return {"size": list(shot.get_size()), "same_as_the_game": 0.0}
    a, b = pygame.image.tobytes(shot, "RGB"), pygame.image.tobytes(drawn, "RGB")
    step = 3 * 7  # every seventh pixel: enough to tell 1:1 from a scaled picture
    samples = range(0, len(a), step)
    same = sum(a[i:i + 3] == b[i:i + 3] for i in samples)
    return {"size": [w, h], "same_as_the_game": same / len(samples), "file": made[-1].name}


def child() -> int:
    import pygame

    from game.ui.game_window import GameWindow
    from game.ui.menus.flow import MenuFlow
    from game.ui.table import TableScreen

    out = Path(os.environ["ATLAS_HIDPI_OUT"])
    try:
        pygame.display.init()
    except pygame.error as exc:
        print(json.dumps({"skip": f"SDL has no Wayland video driver here: {exc}"}))
        return 0
    pygame.init()
    window = GameWindow(WINDOW)
    report: dict[str, Any] = {"driver": pygame.display.get_driver(), "points": list(window.points),
                              "pixels": list(window.pixels)}
    flow = MenuFlow()
    flow.resize(window.pixels)
    report["laid_out"] = list(flow.size)
    _pump(window, 10, flow.draw)
    pygame.image.save(window.surface, str(out / "hidpi-title.png"))

    table = TableScreen(window.pixels, seed=1, autoplay=True, speed=8.0)
    one_x = TableScreen(WINDOW, seed=1)
    report["unit_ratio"] = table.layout.unit / one_x.layout.unit
    report["hand_tile_ratio"] = table.layout.hand_art.height / _hand_tile_height(WINDOW)

    def play(surface: pygame.Surface) -> None:
        table.update(1 / 30)
        table.draw(surface)

    _pump(window, 90, play)
    pygame.image.save(window.surface, str(out / "hidpi-table.png"))

    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(3, 4), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100.5, 50.25), button=1))
    moved = {pygame.event.event_name(e.type): e for e in _pump(window, 3)
             if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN)}
    report["pointer"] = {"motion": list(moved["MouseMotion"].pos), "rel": list(moved["MouseMotion"].rel),
                         "press": list(moved["MouseButtonDown"].pos)}

    window.resize(RESIZED)
    events = _pump(window, 30)
    sizes = [(e.x, e.y) for e in events if e.type == pygame.WINDOWSIZECHANGED]
    report["resized"] = {"points": list(window.points), "pixels": list(window.pixels),
                         "event": list(sizes[-1]) if sizes else None}

    window.set_fullscreen(True)
    _pump(window, 30)
    table.resize(window.pixels)
    _pump(window, 20, play)
    report["fullscreen"] = {"points": list(window.points), "pixels": list(window.pixels)}
    drawn = window.surface.copy()
    pygame.image.save(drawn, str(out / "hidpi-table-fullscreen.png"))
    report["compositor"] = _screenshot(out, drawn)

    window.set_fullscreen(False)
    _pump(window, 30)
    report["windowed_again"] = {"points": list(window.points), "pixels": list(window.pixels)}
    window.close()
    big = GameWindow(TOO_BIG)
    _pump(big, 10)
    report["too_big"] = {"points": list(big.points), "pixels": list(big.pixels)}
    big.close()
    pygame.quit()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    raise SystemExit(child())
