"""Point every per-user folder (platformdirs, XDG on Linux) at a temporary directory, so tests of
settings, saves and replays never read or write a real player's files."""

from __future__ import annotations

from pathlib import Path

import pytest


def point_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CACHE_HOME", "cache")):
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path
