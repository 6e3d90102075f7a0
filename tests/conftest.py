"""Shared test fixtures: where the third-party oracles live, and headless SDL."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from game import i18n

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Property tests check behaviour, not speed (benchmarks are `python -m game bench`): no per-example
# deadline and no "too slow" health check, so a loaded machine cannot fail them. Runaway inputs
# are caught by the fuzz tests' CPU-time bound (tests/fuzzing.py).
settings.register_profile("atlas", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("atlas")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
ORACLES = SHARED / "oracles"


def oracle_path(*parts: str) -> Path:
    """The path of an oracle file, skipping the test with a reason when ../shared is absent."""
    path = ORACLES.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"oracle {path} is absent (../shared/oracles is not beside this clone)")
    return path


def mjai_python() -> Path | None:
    """The python of the ``mjai`` package's own venv (it pins an old ``mahjong``;
    ../shared/tools/README.md): ``MJAI_PYTHON``, else /tmp/mjai-venv; None when there is none."""
    for candidate in (os.environ.get("MJAI_PYTHON", ""), "/tmp/mjai-venv/bin/python"):
        if candidate and Path(candidate).exists():
            return Path(candidate)
    return None


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts in English, the catalogs' reference (a test may switch language)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
