"""The rules engine never imports pygame: it must run headless, in tools and in tests alike."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import importlib, pkgutil, sys
import game.engine
names = []
for info in pkgutil.walk_packages(game.engine.__path__, "game.engine."):
    importlib.import_module(info.name)
    names.append(info.name)
assert len(names) >= 10, names
loaded = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print("LOADED", loaded)
"""


def test_engine_modules_do_not_import_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "LOADED []" in done.stdout, done.stdout
