"""The log import in its child process (progress, Cancel, the window keeps its frames, the tape
handed back in small pieces), jobs on a thread, and the in-game file chooser (folders and
.json/.mjson files, keyboard and mouse)."""

from __future__ import annotations

import os
import pickle
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.cli.stress import make_big_log
from game.persist.jobs import Cancelled, Job, ProcessJob
from game.ui.menus.intents import Back
from game.ui.replay.file_chooser import LISTED, FileChooserScreen, list_folder, start_folder
from game.ui.replay.import_screen import ImportScreen, start_import, tail_that_fits
from game.ui.replay.log_job import assemble, read_in_child
from game.ui.replay.log_rules import LogRulesScreen
from game.ui.replay.sources import log_tape
from game.ui.replay.viewer import ReplayViewer
from game.ui.tutorial.intents import PushScreen

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def headless() -> None:
    pygame.init()


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A log of forty hands (a few matches' hands in one file)."""
    return make_big_log(tmp_path_factory.mktemp("logs"), hands=40)


def key(k: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0)


def test_a_job_reports_progress_and_stops_when_cancelled() -> None:
    steps: list[int] = []

    def work(progress):  # type: ignore[no-untyped-def]
        for i in range(10_000):
            progress(i / 10_000)
            steps.append(i)
            time.sleep(0.001)
        return "done"

    job = Job(work).start()
    time.sleep(0.05)
    job.cancel()
    assert job.wait(5)
    with pytest.raises(Cancelled):
        job.result()
    assert len(steps) < 10_000
    failing = Job(lambda progress: 1 // 0).start()
    assert failing.wait(5)
    with pytest.raises(ZeroDivisionError):
        failing.result()


def test_no_full_collection_runs_while_a_job_does_and_what_it_kept_is_never_walked() -> None:
    import gc
    import threading

    before = gc.get_threshold()
    inside: list[tuple[int, int, int]] = []
    go = threading.Event()

    def work(progress: object) -> list[list[int]]:
        inside.append(gc.get_threshold())
        go.wait(10)
        return [[i] for i in range(1000)]

    first, second = Job(work).start(), Job(work).start()
    time.sleep(0.2)
    assert gc.get_threshold()[:2] == before[:2] and gc.get_threshold()[2] >= 2**30  # young ones still collected
    go.set()
    assert first.wait(10) and second.wait(10)
    assert gc.get_threshold() == before  # restored once the last job ended
    kept = first.result()
    assert gc.get_freeze_count() >= len(kept)  # the result is frozen: full collections never walk it again
    assert all(t[2] >= 2**30 for t in inside)


def _dies(send, code):  # type: ignore[no-untyped-def]  # runs in a ProcessJob's child
    send("progress", 0.5)
    os._exit(code)


def _sleeps(send, seconds):  # type: ignore[no-untyped-def]  # runs in a ProcessJob's child
    send("progress", 0.25)
    time.sleep(seconds)
    return "late"


def test_a_child_that_dies_or_is_cancelled_ends_its_job_and_delivers_nothing() -> None:
    dying = ProcessJob(_dies, (3,), lambda pieces, last: last).start()
    assert dying.wait(120)
    with pytest.raises(RuntimeError, match="exit code 3"):
        dying.result()
    sleeping = ProcessJob(_sleeps, (600,), lambda pieces, last: last).start()
    deadline = time.monotonic() + 120
    while sleeping.progress < 0.25 and time.monotonic() < deadline:
        time.sleep(0.01)
    began = time.monotonic()
    sleeping.cancel()  # the child is ended, not asked
    assert sleeping.wait(10) and time.monotonic() - began < 5
    with pytest.raises(Cancelled):
        sleeping.result()


def test_the_tape_comes_back_in_small_pieces_and_is_the_one_read_here(long_log: Path) -> None:
    """No piece of the hand-over takes the window more than a few ms to unpickle (a whole tape
    of 3,000 hands is 63 MB and 10 s); put together it is the tape this process would read."""
    sent: list[tuple[str, object]] = []
    last = read_in_child(lambda kind, value: sent.append((kind, value)), str(long_log), None, False)
    pieces = [value for kind, value in sent if kind == "piece"]
    assert max(len(pickle.dumps(p)) for p in pieces) < 16_000 and len(pickle.dumps(last)) < 64_000
    tape, here = assemble([pickle.loads(pickle.dumps(p)) for p in pieces], pickle.loads(pickle.dumps(last))), log_tape(long_log)
    assert tape.hands == here.hands and tape.names == here.names and tape.title == here.title
    assert tape.fit is not None and here.fit is not None and tape.fit.reports == here.fit.reports
    assert tape.fit.rules == here.fit.rules and tape.aka == here.aka and tape.source == long_log
    for hand in (0, len(here) // 2, len(here) - 1):  # every position rebuilds the same state
        end = here.steps_in(hand)
        assert tape.state_at(hand, end).state_hash() == here.state_at(hand, end).state_hash()


@pytest.mark.skipif(sys.platform == "win32", reason="children's CPU time: resource is POSIX")
def test_the_import_works_outside_the_window_process(long_log: Path) -> None:
    import resource

    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    mine, theirs = time.process_time(), children()
    job = start_import(long_log)
    assert job.wait(300)
    assert len(job.result()) == 40
    mine, theirs = time.process_time() - mine, children() - theirs
    assert mine < theirs / 3, (mine, theirs)  # the window's process only unpickles the pieces


def test_the_import_shows_its_progress_and_opens_the_viewer(long_log: Path) -> None:
    screen = ImportScreen(SIZE, path=str(long_log))
    assert screen.still  # waiting for the player: drawn only on events (game/ui/still_frames.py)
    assert screen.open() is None
    assert not screen.still  # its progress bar moves
    assert screen.job is not None and screen.root.find("progress") is not None
    assert screen.root.find("cancel") is not None
    surface = pygame.Surface(SIZE)
    seen: list[float] = []
    intent = None
    deadline = time.monotonic() + 300
    while intent is None and time.monotonic() < deadline:
        intent = screen.update(1 / 60)
        screen.draw(surface)  # the window keeps drawing while the log is read
        if screen.job is not None:
            seen.append(screen.job.progress)
        time.sleep(1 / 60)
    assert isinstance(intent, PushScreen) and isinstance(intent.screen, ReplayViewer)
    assert seen == sorted(seen) and len(set(seen)) > 3  # it moved, and only forward
    # the log opens with the rules it was read under laid over it; Enter keeps them, reading nothing again
    viewer = intent.screen
    fit = viewer.tape.fit
    over = viewer.update(1 / 60)
    assert isinstance(over, PushScreen) and isinstance(over.screen, LogRulesScreen)
    assert viewer.update(1 / 60) is None  # asked once
    rules = over.screen
    assert getattr(rules.focused, "name", "") == "apply"
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    assert isinstance(rules.handle_event(enter), Back)
    assert viewer.tape.fit is fit


def test_cancel_frees_the_screen_at_once_and_the_thread_stops(long_log: Path) -> None:
    screen = ImportScreen(SIZE, path=str(long_log))
    screen.open()
    job = screen.job
    assert job is not None
    while job.progress < 0.35 and not job.done:  # into the hands
        time.sleep(0.01)
    screen.handle_event(key(pygame.K_ESCAPE))  # Esc cancels while reading
    assert screen.job is None and "cancelled" in screen.message
    assert screen.root.find("open") is not None
    assert job.wait(30)
    assert screen.update(1 / 60) is None  # nothing is delivered


def test_the_file_chooser_lists_folders_and_logs_only(tmp_path: Path) -> None:
    (tmp_path / "b-folder").mkdir()
    (tmp_path / "A-folder").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("z.json", "m.MJSON", "notes.txt", ".secret.json", "y.jsonl"):
        (tmp_path / name).write_text("{}")
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "broken.json").symlink_to(tmp_path / "nowhere.json")
    listing = list_folder(tmp_path)
    assert [(e.name, e.folder) for e in listing.entries] == [
        ("A-folder", True), ("b-folder", True), ("m.MJSON", False), ("y.jsonl", False), ("z.json", False)]
    assert list_folder(tmp_path / "absent").error
    many = tmp_path / "many"
    many.mkdir()
    for i in range(LISTED + 20):
        (many / f"{i:04}.json").touch()
    crowd = list_folder(many)
    assert len(crowd.entries) == LISTED and crowd.left_out == 20


def wait_listed(screen: FileChooserScreen) -> None:
    deadline = time.monotonic() + 30
    while screen.listing is None and time.monotonic() < deadline:
        screen.update(1 / 60)
        time.sleep(0.01)
    assert screen.listing is not None


def test_the_file_chooser_by_keyboard(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "game.json").write_text("{}")
    (tmp_path / "other.mjson").write_text("{}")
    picked: list[Path] = []
    screen = FileChooserScreen(SIZE, tmp_path, pick=picked.append)
    assert not screen.still  # the folder is being read (its result is laid out by an update)
    wait_listed(screen)
    assert screen.still  # read and laid out: drawn only on events (game/ui/still_frames.py)
    screen.draw(pygame.Surface(SIZE))
    screen.handle_event(key(0, "l"))  # type-ahead: "logs"
    assert screen.focused is not None and screen.focused.name == "entry:logs"
    assert screen.handle_event(key(pygame.K_RETURN)) is None  # into the folder
    wait_listed(screen)
    assert screen.folder == tmp_path / "logs"
    screen.handle_event(key(pygame.K_DOWN))  # past ".." to game.json
    assert screen.focused is not None and screen.focused.name == "entry:game.json"
    assert screen.handle_event(key(pygame.K_RETURN)) == Back()
    assert picked == [tmp_path / "logs" / "game.json"]
    screen.handle_event(key(pygame.K_BACKSPACE))  # up again
    wait_listed(screen)
    assert screen.folder == tmp_path


def test_the_file_chooser_by_mouse_and_into_the_import(tmp_path: Path, long_log: Path) -> None:
    target = tmp_path / long_log.name
    target.write_bytes(long_log.read_bytes())
    importer = ImportScreen(SIZE, path=str(target))
    intent = importer.browse()
    assert isinstance(intent, PushScreen) and isinstance(intent.screen, FileChooserScreen)
    chooser = intent.screen
    assert chooser.folder == tmp_path.resolve()  # opens where the typed path points
    wait_listed(chooser)
    row = chooser.root.find(f"entry:{target.name}")
    assert row is not None
    w, h = row.content_size()
    x, y = row.to_world(w / 2, 0)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1)
    assert chooser.handle_event(click) == Back()
    assert importer.job is not None  # the chosen file is being read
    importer.job.cancel()


def test_a_path_of_any_length_fits_in_a_few_measurements(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import typeset
    from game.ui.menus.widgets import text_width

    calls: list[int] = []
    real = typeset.UIFont.size
    monkeypatch.setattr(typeset.UIFont, "size", lambda self, text: (calls.append(1), real(self, text))[1])
    shown = tail_that_fits("/very/long/" + "x" * 5000 + "/game.json", 17, 600)
    assert shown.startswith("…") and shown.endswith("/game.json") and text_width(shown, 17) <= 600
    assert len(calls) < 20  # exact measures: one pass over the advances, not one per character


def test_start_folder_falls_back_to_somewhere_real(tmp_path: Path) -> None:
    assert start_folder(tmp_path / "a.json") == tmp_path.resolve()
    assert start_folder(tmp_path / "no" / "such" / "place").is_dir()


def test_the_viewers_tiles_are_painted_a_few_a_frame_while_the_log_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process's first viewer painted every tile image (134) in the frame that opened it; the
    import screen now paints them a step per frame while the log is read, a few per step."""
    from game.ui import tile_art
    from game.ui.replay.viewer import paint_steps, table_size
    from game.ui.table.layout import TableLayout

    tile_art._shared_art.cache_clear()
    plates: list[int] = [0]
    real = tile_art.TileArt._plate

    def counted(self: tile_art.TileArt, *colours: tuple[int, int, int]) -> pygame.Surface:
        plates[0] += 1
        return real(self, *colours)

    monkeypatch.setattr(tile_art.TileArt, "_plate", counted)
    per_step = []
    for _ in paint_steps(SIZE, "classic"):
        per_step.append(plates[0])
        plates[0] = 0
    assert len(per_step) > 10 and max(per_step) <= 8  # two faces in four sizes at most
    layout = TableLayout(table_size(SIZE), 17, "classic", True)
    plates[0] = 0
    layout.warm()  # what the viewer's first frame does: nothing is left to paint
    assert plates[0] == 0
