"""Shared test fixtures: where the third-party oracles live, and headless SDL."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
ORACLES = SHARED / "oracles"


def oracle_path(*parts: str) -> Path:
    """The path of an oracle file, skipping the test with a reason when ../shared is absent."""
    path = ORACLES.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"oracle {path} is absent (../shared/oracles is not beside this clone)")
    return path
