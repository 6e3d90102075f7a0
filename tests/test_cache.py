"""The user's cache folder: what is kept there reads back whole or is made again, never a crash.

The sounds are the first thing kept (seconds of synthesis on every start before); a cache file
cut short, damaged or written by other code is set aside or replaced, and the game plays on."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist import cache
from game.persist.cache import CorruptCache, cached, code_digest
from game.ui import audio
from game.ui.audio import Cue, board
from game.ui.audio.recipes import variants

PARTS = {"a": b"alpha", "b": b"", "c": bytes(range(256)) * 40}


def test_a_cache_file_reads_back_what_was_written() -> None:
    assert cache.decode(cache.encode("key-1", PARTS)) == ("key-1", PARTS)


@pytest.mark.parametrize("damage", ["cut", "flip", "garbage", "header", "empty"])
def test_a_damaged_cache_file_is_refused(damage: str) -> None:
    data = bytearray(cache.encode("key-1", PARTS))
    if damage == "cut":
        data = data[:-100]
    elif damage == "flip":
        data[-50] ^= 0x10
    elif damage == "garbage":
        data = bytearray(b"\x89PNG not a cache file at all")
    elif damage == "header":
        data = data.replace(b'[["a",5]', b'[["a",-5]')
    else:
        data = bytearray()
    with pytest.raises(CorruptCache):
        cache.decode(bytes(data))


class Maker:
    def __init__(self, parts: dict[str, bytes]) -> None:
        self.parts = parts
        self.calls = 0

    def __call__(self) -> dict[str, bytes]:
        self.calls += 1
        return self.parts


def test_made_once_then_read_and_made_again_when_stale(tmp_path: Path) -> None:
    make = Maker(PARTS)
    assert cached("thing.bin", "k1", make, folder=tmp_path) == PARTS and make.calls == 1
    assert cached("thing.bin", "k1", make, folder=tmp_path) == PARTS and make.calls == 1
    newer = Maker({"a": b"other"})
    assert cached("thing.bin", "k2", newer, folder=tmp_path) == {"a": b"other"} and newer.calls == 1
    assert cached("thing.bin", "k2", newer, folder=tmp_path) == {"a": b"other"} and newer.calls == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thing.bin"]  # stale is replaced, not set aside


def test_a_corrupt_file_is_set_aside_and_made_again(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    cached("thing.bin", "k1", Maker(PARTS), folder=tmp_path)
    path = tmp_path / "thing.bin"
    path.write_bytes(path.read_bytes()[:-7])  # a write cut short by a crash or a full disk
    make = Maker(PARTS)
    assert cached("thing.bin", "k1", make, folder=tmp_path) == PARTS and make.calls == 1
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[0] == "thing.bin" and names[1].startswith("thing.bin.corrupt-") and len(names) == 2
    assert "corrupt" in caplog.text
    assert cached("thing.bin", "k1", Maker({}), folder=tmp_path) == PARTS  # the new file is whole


def test_a_cache_folder_that_cannot_be_used_only_costs_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("in the way")
    make = Maker(PARTS)
    assert cached("thing.bin", "k1", make, folder=blocked) == PARTS
    assert cached("thing.bin", "k1", make, folder=blocked) == PARTS and make.calls == 2
    (tmp_path / "dir.bin").mkdir()  # a folder where the file should be
    assert cached("dir.bin", "k1", make, folder=tmp_path) == PARTS and make.calls == 3


def _module(name: str, source: str, filename: str) -> types.ModuleType:
    class Loader:
        def get_code(self, fullname: str) -> types.CodeType:
            return compile(source, filename, "exec")

    module = types.ModuleType(name)
    module.__loader__ = Loader()  # type: ignore[assignment]
    return module


def test_the_code_digest_follows_what_the_code_does_not_where_it_lives() -> None:
    src = "GAIN = 0.5\ndef f(x):\n    return x * GAIN + len({'a', 'b'})\n"
    one = code_digest([_module("m", src, "/a/m.py")], 44100)
    assert code_digest([_module("m", src, "/elsewhere/m.py")], 44100) == one
    assert code_digest([_module("m", "\n\n" + src, "/a/m.py")], 44100) == one  # lines moved
    assert code_digest([_module("m", src.replace("0.5", "0.6"), "/a/m.py")], 44100) != one
    assert code_digest([_module("m", src.replace("x * GAIN", "GAIN * x"), "/a/m.py")], 44100) != one
    assert code_digest([_module("m", src, "/a/m.py")], 48000) != one


def test_the_sound_key_is_the_same_in_every_process() -> None:
    """String hashing differs per process; the key must not (or every start would make the
    sounds again)."""
    code = "from game.ui.audio.board import recipe_key; print(recipe_key(44100, -16, 2))"
    keys = {subprocess.run([sys.executable, "-c", code], env={"PYTHONHASHSEED": seed, **_path_env()},
                           capture_output=True, text=True, check=True).stdout.strip() for seed in ("1", "2", "3")}
    assert len(keys) == 1 and keys == {board.recipe_key(44100, -16, 2)}


def _path_env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "PYTHONHASHSEED"}


def test_sounds_are_made_once_and_read_back_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = board.effects(22050, -16, 1, cache=tmp_path)
    assert made == board.buffers(22050, -16, 1)
    assert set(made) == {(cue, v) for cue in Cue for v in range(variants(cue))}

    def no_synthesis(*args: Any) -> Any:
        raise AssertionError("synthesised although cached")

    monkeypatch.setattr(board, "buffers", no_synthesis)
    assert board.effects(22050, -16, 1, cache=tmp_path) == made


def test_a_corrupt_sound_cache_never_silences_the_game(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    good = board.effects(22050, -16, 1, cache=tmp_path)
    (path,) = tmp_path.iterdir()
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    assert board.effects(22050, -16, 1, cache=tmp_path) == good
    assert any(p.name.startswith(path.name + ".corrupt-") for p in tmp_path.iterdir())
    assert cache.decode(path.read_bytes())[0] == board.recipe_key(22050, -16, 1)


def test_the_apps_board_keeps_its_sounds_in_the_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from user_dirs import point_user_dirs

    point_user_dirs(tmp_path, monkeypatch)
    pygame.mixer.quit()  # an earlier test (or pygame.init) may have opened it in another format
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    try:
        first = audio.start()
        assert first.wait_ready(300)
        files = sorted(p.name for p in (tmp_path / "cache" / "MahjongAtlas" / "sounds").iterdir())
        freq, size, channels = pygame.mixer.get_init()
        assert files == [f"music-{freq}-{size}-{channels}.pcm", f"sounds-{freq}-{size}-{channels}.pcm"]
        audio.stop()
        board.buffers.cache_clear()
        board.music_buffer.cache_clear()
        second = audio.start()
        assert second.wait_ready(10)
        assert second._buffers == first._buffers and second._music_data == first._music_data
    finally:
        audio.stop()
        pygame.mixer.quit()
