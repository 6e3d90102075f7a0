"""The ``--smoke`` mode from source (the bundle test runs it frozen) and the per-user folders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import paths
from game.ui.smoke import pace

ROOT = Path(__file__).resolve().parent.parent


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home))
    for var, sub in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                     ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache")):
        env[var] = str(home / sub)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="checks the XDG folders")
def test_smoke_option_without_subcommand_plays_a_hand_to_its_end(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "game", "--smoke", "--frames", "200", "--screenshot", str(shot)],
                          env=_env(tmp_path / "home"), cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # 200 frames are enough for the whole hand: it ends in a win or a draw, never "still running".
    assert "hand still running" not in done.stdout
    assert any(word in done.stdout for word in ("wins by", "draw")), done.stdout
    log = tmp_path / "home" / ".local" / "state" / "MahjongAtlas" / "log" / "startup.log"
    assert done.stdout.strip().splitlines()[-1] in log.read_text()


@pytest.mark.parametrize("frames", [1, 10, 120, 600, 5000])
def test_pace_fits_the_longest_hand_in_the_frames(frames: int) -> None:
    per_event = pace(frames, 70)
    assert per_event >= 1
    if frames >= 80:  # enough frames for one per event: a riichi hand's 70 draws and a few kans fit
        assert per_event * (70 + 6) <= frames


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="checks the XDG convention")
def test_user_folders_follow_xdg_and_carry_the_app_name(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for var, value in _env(tmp_path).items():
        if var.startswith("XDG_"):
            monkeypatch.setenv(var, value)
    assert paths.settings_dir() == tmp_path / ".config" / "MahjongAtlas"
    assert paths.saves_dir() == tmp_path / ".local" / "share" / "MahjongAtlas"
    assert paths.logs_dir() == tmp_path / ".local" / "state" / "MahjongAtlas" / "log"
    assert paths.cache_dir() == tmp_path / ".cache" / "MahjongAtlas"
    assert not any(p.exists() for p in paths.all_dirs().values()), "naming a folder must not create it"
    assert paths.ensure(paths.logs_dir()).is_dir()
