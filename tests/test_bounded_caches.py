"""No cache of the engine or the AI grows with play. A night of simulations or a long session at
the table meets new hands for hours, so every memo keyed by hands or tiles has a bound, and a
small one: the LRU replay of 100 hard hanchan found 4,096 entries hitting as often as 65,536 for
the wait groups (97.86 %) and 16,384 for the arrangements (58.27 %), while the big bounds kept
four hard seats' memory growing for hundreds of hanchan (5.8 MB in the second half of 400)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import game.ai
import game.engine

BOUND = 8192
# keyed by a small closed set (the shipped rulebooks, their scoring options), not by play
BY_DOMAIN = {"game.engine.profile.load_profile", "game.engine.scoring._options"}


def _caches() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for package in (game.engine, game.ai):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", None) == info.name:
                    found[f"{info.name}.{name}"] = value
    return found


def test_every_cache_of_the_engine_and_the_ai_is_bounded() -> None:
    caches = _caches()
    assert "game.engine.shanten._group_waits" in caches and "game.ai.analysis._arrangements_cached" in caches
    unbounded = {name: f.cache_info().maxsize for name, f in caches.items()
                 if name not in BY_DOMAIN and (f.cache_info().maxsize is None or f.cache_info().maxsize > BOUND)}
    assert not unbounded, unbounded


def test_the_shanten_tables_stop_learning_at_their_bound() -> None:
    """The whole-key tables learn the groups play meets only up to ``LEARNED_MAX`` patterns (a
    fresh process, with a bound a few hundred above the first fill so hands reach it): then they
    stay that size, and every count still agrees with the whole domain's tables."""
    import subprocess
    import sys

    code = """
import random
from game.engine import shanten as m
m.shanten([0] * 34)  # the first fill
first = len(m._SUITS), len(m._HONORS)
m.LEARNED_MAX = (first[0] + 300, first[1] + 30)
rng = random.Random(11)
hands = []
for _ in range(3000):  # long suits and many honours: patterns beyond the first fill
    c = [0] * 34
    for k in rng.sample([k for k in range(34) for _ in range(4) if k < 9 or k > 26], 14):
        c[k] += 1
    hands.append(c)
counted = [m.shanten(c) for c in hands]
drops = [m.discard_shanten(c) for c in hands]
sizes = len(m._SUITS), len(m._HONORS)
assert sizes == m.LEARNED_MAX, (first, sizes)
m.whole_key_tables()
assert counted == [m.shanten(c) for c in hands] and drops == [m.discard_shanten(c) for c in hands]
print("bounded", sizes)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.startswith("bounded"), done.stderr

