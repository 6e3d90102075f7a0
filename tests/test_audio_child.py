"""A first start's sounds are made in a child process, never beside the first frames: the game's own
process only reads the cache or receives the buffers, the child keeps them for the next start
(keyed by the recipes, rebuilt when corrupt), and a game closed meanwhile ends its child."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from user_dirs import point_user_dirs

from game.persist import cache
from game.ui import audio
from game.ui.audio import board, making

FORMAT = (22050, -16, 1)  # the quickest to make: these tests are about where, not what


@pytest.fixture
def mixer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The real mixer on the dummy driver in :data:`FORMAT`, and an empty user cache: its folder."""
    point_user_dirs(tmp_path, monkeypatch)
    pygame.mixer.quit()  # an earlier test may have opened it in another format
    pygame.mixer.init(frequency=FORMAT[0], size=FORMAT[1], channels=FORMAT[2])
    if pygame.mixer.get_init() != FORMAT:
        pytest.skip(f"the dummy mixer opened as {pygame.mixer.get_init()}, not {FORMAT}")
    yield tmp_path / "cache" / "MahjongAtlas" / "sounds"
    audio.stop()
    pygame.mixer.quit()


@pytest.fixture(scope="module")
def made_here() -> tuple[board.Buffers, bytes]:
    """What the board must end up with: the buffers made in this process."""
    return board.buffers(*FORMAT), board.music_buffer(*FORMAT)


def no_synthesis_here(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> Any:
        raise AssertionError("the sounds were made in the game's own process")

    monkeypatch.setattr(board, "buffers", refuse)
    monkeypatch.setattr(board, "music_buffer", refuse)


def no_child(monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise error

    monkeypatch.setattr(making, "start_child", refuse)


def made_all(board_: board.SoundBoard, made_here: tuple[board.Buffers, bytes], timeout: float = 300) -> None:
    assert board_.wait_ready(timeout)
    assert board_._buffers == made_here[0] and board_._music_data == made_here[1]


def test_a_first_start_makes_them_in_a_child_and_the_next_reads_them(
        mixer: Path, made_here: tuple[board.Buffers, bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    no_synthesis_here(monkeypatch)  # the child is another process: this patch does not reach it
    first = audio.start()
    assert not first._ready.is_set()  # nothing begins before the first frame is shown
    first.tick()
    made_all(first, made_here)
    assert sorted(p.name for p in mixer.iterdir()) == ["music-22050--16-1.pcm", "sounds-22050--16-1.pcm"]
    audio.stop()
    no_child(monkeypatch, AssertionError("a child started although the sounds were kept"))
    made_all(audio.start(), made_here, timeout=10)


def test_a_corrupt_kept_file_is_set_aside_and_made_again_in_the_child(
        mixer: Path, made_here: tuple[board.Buffers, bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    assert audio.start().wait_ready(300)
    audio.stop()
    path = mixer / "sounds-22050--16-1.pcm"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    no_synthesis_here(monkeypatch)
    again = audio.start()
    assert again.wait_ready(300)
    assert again._buffers == made_here[0]
    assert any(p.name.startswith(path.name + ".corrupt-") for p in mixer.iterdir())
    assert cache.decode(path.read_bytes())[0] == board.recipe_key(*FORMAT)


def test_without_a_child_the_sound_thread_makes_them(
        mixer: Path, made_here: tuple[board.Buffers, bytes], monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    no_child(monkeypatch, OSError("no processes in this sandbox"))
    made_all(audio.start(), made_here)
    assert "sounds not made in a child process" in caplog.text


def test_closing_the_game_ends_the_child_making_them(mixer: Path) -> None:
    board_ = audio.start()
    board_.tick()
    deadline = time.monotonic() + 60
    while (board_._job is None or board_._job._process is None) and time.monotonic() < deadline:
        time.sleep(0.005)
    job = board_._job
    assert job is not None and job._process is not None, "no child was started"
    audio.stop()
    assert job.wait(30) and not job._process.is_alive()
    assert board_.wait_ready(30) and board_._buffers == {} and board_._music_data is None
