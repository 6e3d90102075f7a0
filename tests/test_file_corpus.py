"""A hypothesis-generated corpus of hostile files over every schema the game reads (autosave,
named save, replay, settings, tutorial progress), each put in fresh user folders and toured
through the real title and menus (``hostile.tour``): the game starts and every screen opens,
and the file is used, or set aside whole with one message, told once.

The files: a valid file with one to three nodes replaced by generated garbage (wrong types, huge
numbers, deep nesting, long texts and lists, NULs), deleted or doubled; a valid file's bytes
damaged (truncated, flipped, invalid UTF-8, repeated); a table of generated keys and values.
``CORPUS_EXAMPLES`` sets the number of files (200 by default, in CI; the issue's figure is
5,000); ``CORPUS_COUNTS=<file>`` writes the outcomes per kind as JSON.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import hostile
import pygame
import pytest
from fuzzing import damage_bytes, garbage, mutate, toml_safe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("CORPUS_EXAMPLES", "0") or 0) or 200
OUTCOMES: Counter[str] = Counter()
USER_VARS = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "HOME", "LANG")


@pytest.fixture(scope="module", autouse=True)
def counts() -> Any:
    pygame.init()
    yield
    target = os.environ.get("CORPUS_COUNTS")
    if target:
        Path(target).write_text(json.dumps(dict(sorted(OUTCOMES.items())), indent=1), encoding="utf-8")


class Opaque:
    """A generated value with a short repr: hypothesis prints a failing example, and a list
    nested 5,000 deep overflows its printer (hiding the failure)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        text = repr(self.value) if _depth(self.value) < 20 else f"<nested {_depth(self.value)} deep>"
        return text[:200]


def _depth(value: Any) -> int:
    depth = 0
    while isinstance(value, list | dict) and value and depth < 10_000:
        value = next(iter(value.values())) if isinstance(value, dict) else value[0]
        depth += 1
    return depth


def in_fresh_folders(kind: str, data: bytes) -> str:
    """Tour the menus over ``data`` as the file of ``kind`` in new user folders; the verdict."""
    root = Path(tempfile.mkdtemp(prefix="atlas-corpus-"))
    saved = {var: os.environ.get(var) for var in USER_VARS}
    try:
        for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
                         ("XDG_CACHE_HOME", "cache"), ("HOME", "home")):
            os.environ[var] = str(root / sub)
        os.environ["LANG"] = "en_US.UTF-8"
        path = hostile.place(kind, data)
        first = hostile.tour(kind)
        outcome = hostile.verdict(path, data, first.told)
        if outcome == "set aside":
            assert hostile.tour(kind).told == [], "told twice"
        return outcome
    finally:
        for var, value in saved.items():
            if value is None:
                os.environ.pop(var, None)
            else:
                os.environ[var] = value
        shutil.rmtree(root, ignore_errors=True)


def file_bytes(kind: str, how: str, seed: int, replacement: Any, steps: int, table: dict[str, Any]) -> bytes:
    good = hostile.good_documents()[kind]
    if how == "bytes":
        return damage_bytes(hostile.encode(kind, good) or b"", random.Random(seed))
    doc = table if how == "table" else mutate(good, random.Random(seed), replacement, steps=steps)
    try:
        data = hostile.encode(kind, doc if kind == "replay" else toml_safe(doc))
    except RecursionError:
        data = None
    if data is None:  # nested too deep for the writers: the nesting as text, as a hostile file holds it
        depth = 5000 + seed % 50_000
        return (b'{"schema": 1, "x": ' if kind == "replay" else b"schema = 1\nx = ") + b"[" * depth + b"]" * depth
    return data


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(kind=st.sampled_from(hostile.KINDS), how=st.sampled_from(["mutate", "mutate", "bytes", "table"]),
       seed=st.integers(0, 2**32), replacement=garbage.map(Opaque), steps=st.integers(1, 3),
       table=st.dictionaries(st.text(max_size=12), garbage, max_size=6).map(Opaque))
def test_a_generated_corpus_never_stops_the_game(kind: str, how: str, seed: int, replacement: Opaque, steps: int,
                                                 table: Opaque) -> None:
    data = file_bytes(kind, how, seed, replacement.value, steps, table.value)
    OUTCOMES[f"{kind}: {in_fresh_folders(kind, data)}"] += 1
    OUTCOMES["files"] += 1
