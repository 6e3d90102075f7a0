"""Fuzz the files a player brings in: rule profiles (``load_profile_file``), tenhou.net/6 and mjai
logs (``read_log`` + ``replay_match``, and the ``replay-check`` command that reads them from disk),
and tutorial levels once they exist.

Beyond ``test_profiles`` and ``test_logs``: garbage of every type with deep nesting and huge
numbers, several mutations at once, every field in turn set to a nasty value, and byte damage
(invalid UTF-8, NUL bytes, truncation). Each input is read or raises the documented error
(ProfileError, RecordError/NotationError: AtlasError subclasses) within the time bound.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import tomllib
from functools import cache
from pathlib import Path

import pytest
import tomli_w
from fuzzing import damage_bytes, fuzz_settings, garbage, mutate, time_bound, toml_safe
from hypothesis import assume, given
from hypothesis import strategies as st

from game.ai.baseline import EfficiencyBot
from game.cli import main as cli_main
from game.engine import Match
from game.engine.errors import AtlasError, NotationError, ProfileError, RecordError
from game.engine.logs import read_log, replay_match, to_mjai, to_tenhou6
from game.engine.profile import RuleProfile, load_profile, load_profile_file, profile_data

PROFILE = load_profile("riichi")
NASTY_VALUES = (None, True, -1, 0, 2**63 - 1, 10**100, float("inf"), float("nan"), "", "\x00", [], {}, [[[[0]]]])

# --- profiles -------------------------------------------------------------------------------------


def _profile_file(folder: Path, table: object) -> Path | None:
    try:
        data = tomli_w.dumps(toml_safe(table)).encode("utf-8")  # type: ignore[arg-type]
    except (TypeError, ValueError, AttributeError, RecursionError, UnicodeEncodeError):
        return None
    path = folder / "custom.toml"
    path.write_bytes(data)
    return path


def load_profile_or_say_why(path: Path) -> RuleProfile | None:
    with time_bound("profiles"):
        try:
            return load_profile_file(path)
        except ProfileError as exc:
            assert str(path) in str(exc) or "custom" in str(exc) or ".toml" in str(exc), str(exc)
            return None


@fuzz_settings(100)
@given(pid=st.sampled_from(["riichi", "ema", "taiwanese"]), seed=st.integers(0, 2**32), replacement=garbage,
       steps=st.integers(1, 3))
def test_mutated_profiles_load_or_say_why(tmp_path: Path, pid: str, seed: int, replacement: object,
                                          steps: int) -> None:
    table = mutate(profile_data(pid), random.Random(seed), replacement, steps=steps)
    path = _profile_file(tmp_path, table)
    assume(path is not None)
    profile = load_profile_or_say_why(path)  # type: ignore[arg-type]
    if profile is not None:
        Match(profile, 1)  # a profile that loads can start a match


@fuzz_settings(100)
@given(pid=st.sampled_from(["riichi", "ema", "taiwanese"]), seed=st.integers(0, 2**32))
def test_damaged_profile_bytes_load_or_say_why(tmp_path: Path, pid: str, seed: int) -> None:
    good = tomli_w.dumps(profile_data(pid)).encode()
    path = tmp_path / "custom.toml"
    path.write_bytes(damage_bytes(good, random.Random(seed)))
    load_profile_or_say_why(path)


@pytest.mark.parametrize("value", NASTY_VALUES[1:], ids=repr)
def test_every_profile_knob_with_a_nasty_value_loads_or_says_why(tmp_path: Path, value: object) -> None:
    table = profile_data("riichi")
    for section, knobs in table.items():
        if not isinstance(knobs, dict):
            continue
        for knob in knobs:
            changed = json.loads(json.dumps(table))
            changed[section][knob] = value
            path = _profile_file(tmp_path, changed)
            assert path is not None
            load_profile_or_say_why(path)


def test_a_profile_extending_itself_or_garbage_says_why(tmp_path: Path) -> None:
    for extends in ("custom", "../riichi", "riichi\x00", "r" * 10_000, "nosuch"):
        path = tmp_path / "custom.toml"
        path.write_text(tomli_w.dumps({"profile": {"id": "custom", "extends": extends}}))
        with pytest.raises(ProfileError):
            load_profile_file(path)


# --- logs ---------------------------------------------------------------------------------------


@cache
def small_logs() -> tuple[dict[str, object], list[dict[str, object]]]:
    match = Match(PROFILE, 17)
    bots = [EfficiencyBot(17, s) for s in range(4)]
    while not match.is_over and match.hand_index < 3:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    t6 = to_tenhou6(match)
    mj = to_mjai(match)
    return t6, mj


def read_log_or_say_why(text: str, door: str) -> None:
    with time_bound(door):
        try:
            replay_match(read_log(text), PROFILE)
        except (RecordError, NotationError) as exc:
            assert str(exc)


@fuzz_settings(100)
@given(fmt=st.sampled_from(["tenhou6", "mjai"]), seed=st.integers(0, 2**32), replacement=garbage,
       steps=st.integers(1, 3))
def test_mutated_logs_read_or_say_why(fmt: str, seed: int, replacement: object, steps: int) -> None:
    t6, mj = small_logs()
    doc = mutate(t6 if fmt == "tenhou6" else mj, random.Random(seed), replacement, steps=steps)
    try:
        if fmt == "tenhou6":
            text = json.dumps(doc)
        else:
            lines = doc if isinstance(doc, list) else [doc]
            text = "".join(json.dumps(e) + "\n" for e in lines)
    except (RecursionError, ValueError):
        assume(False)
    read_log_or_say_why(text, f"logs: {fmt} structure")


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
@pytest.mark.parametrize("value", NASTY_VALUES, ids=repr)
def test_every_log_field_with_a_nasty_value_reads_or_says_why(fmt: str, value: object) -> None:
    """The first hand's every field (tenhou.net/6) or the first events' fields (mjai) in turn."""
    t6, mj = small_logs()
    if fmt == "tenhou6":
        doc: object = {**t6, "log": t6["log"][:1]}  # type: ignore[index]
        paths = [("log", 0, i) for i in range(17)] + [("log", 0, i, 0) for i in range(17)] + [("name",), ("rule",)]
    else:
        cut = next(i for i, e in enumerate(mj) if e["type"] == "end_kyoku")
        doc = mj[: cut + 1]
        paths = [(i, k) for i, e in enumerate(mj[:12]) for k in e]
    for where in paths:
        changed = json.loads(json.dumps(doc))
        parent = changed
        try:
            for key in where[:-1]:
                parent = parent[key]
            parent[where[-1]] = value
        except (IndexError, KeyError, TypeError):
            continue
        text = json.dumps(changed) if fmt == "tenhou6" else "".join(json.dumps(e) + "\n" for e in changed)
        read_log_or_say_why(text, f"logs: {fmt} each field")


@fuzz_settings(100)
@given(fmt=st.sampled_from(["tenhou6", "mjai"]), seed=st.integers(0, 2**32))
def test_damaged_log_files_end_in_one_line_and_exit_2(tmp_path: Path, fmt: str, seed: int) -> None:
    """``replay-check`` reads the file from disk: invalid UTF-8 or a torn log is one error line
    and exit code 2 (or a report), never a traceback."""
    t6, mj = small_logs()
    good = (json.dumps(t6) if fmt == "tenhou6" else "".join(json.dumps(e) + "\n" for e in mj)).encode()
    path = tmp_path / f"log-{seed}.json"
    path.write_bytes(damage_bytes(good, random.Random(seed)))
    err = io.StringIO()
    with time_bound("logs: file bytes", 10.0), contextlib.redirect_stdout(io.StringIO()), \
            contextlib.redirect_stderr(err):
        code = cli_main(["replay-check", str(path)])
    assert code in (0, 1, 2)
    assert "Traceback" not in err.getvalue()


# --- tutorial levels ------------------------------------------------------------------------------

LEVEL_FILES = sorted((Path(__file__).resolve().parents[1] / "levels").glob("*.toml"))


def load_level_or_say_why(path: Path, door: str) -> None:
    """A level loads (and then builds its match or refuses with an AtlasError) or raises LevelError
    naming the file."""
    from game.tutorial.level import LevelError, load_level
    from game.tutorial.setup import build_match

    with time_bound(door):
        try:
            level = load_level(path)
        except LevelError as exc:
            assert path.name in str(exc)
            return
        with contextlib.suppress(AtlasError):
            build_match(level)


@pytest.mark.skipif(not LEVEL_FILES, reason="no tutorial levels in levels/ yet")
@fuzz_settings(100)
@given(index=st.integers(0, 10_000), seed=st.integers(0, 2**32), replacement=garbage, steps=st.integers(1, 3))
def test_mutated_levels_load_or_say_why(tmp_path: Path, index: int, seed: int, replacement: object,
                                        steps: int) -> None:
    source = LEVEL_FILES[index % len(LEVEL_FILES)]
    table = mutate(tomllib.loads(source.read_text(encoding="utf-8")), random.Random(seed), replacement, steps=steps)
    path = _profile_file(tmp_path, table)
    assume(path is not None)
    load_level_or_say_why(path, "levels: structure")  # type: ignore[arg-type]


@pytest.mark.skipif(not LEVEL_FILES, reason="no tutorial levels in levels/ yet")
@fuzz_settings(100)
@given(index=st.integers(0, 10_000), seed=st.integers(0, 2**32))
def test_damaged_level_bytes_load_or_say_why(tmp_path: Path, index: int, seed: int) -> None:
    source = LEVEL_FILES[index % len(LEVEL_FILES)]
    path = tmp_path / "level.toml"
    path.write_bytes(damage_bytes(source.read_bytes(), random.Random(seed)))
    load_level_or_say_why(path, "levels: bytes")
