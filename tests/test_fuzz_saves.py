"""Fuzz the files the player's game reads back: saves, replays and settings.

Beyond the byte flips of ``test_persist_saves``: structure-aware mutations (wrong types, huge
numbers, deep nesting, NUL bytes, missing or doubled keys) of valid files, and byte damage with
invalid UTF-8. A save or replay loads and resumes, or raises SaveError with a ``save.error.*``
notice; settings always load to valid values. Nothing is half-written: a failed load leaves the
folder as it was (settings may only move a corrupt file aside, byte for byte).
"""

from __future__ import annotations

import functools
import json
import random
import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
from fuzzing import damage_bytes, fuzz_settings, garbage, mutate, time_bound, toml_safe
from hypothesis import assume, given
from hypothesis import strategies as st
from user_dirs import point_user_dirs

from game.ai.baseline import RandomBot
from game.engine import Match
from game.match_options import MatchOptions, match_profile
from game.persist.names import NAME_LIMIT
from game.persist.replays import ReplayLibrary
from game.persist.saves import SaveError, SaveStore
from game.persist.settings import FIELDS, SCHEMA, Settings, SettingsStore, _valid

SEED = 21


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return point_user_dirs(tmp_path, monkeypatch)


@functools.cache
def good_files() -> tuple[bytes, bytes]:
    """A save taken mid-match and the replay of the finished match."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp())
    options = MatchOptions(seed=SEED)
    match = Match(match_profile(options), SEED)
    bots = [RandomBot(SEED, s) for s in range(4)]
    steps = 0
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
        steps += 1
        if steps == 40:
            save = SaveStore(folder).write("x", options, match.record).read_bytes()
    replay = ReplayLibrary(folder).add(options, match).read_bytes()
    shutil.rmtree(folder)
    return save, replay


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def fresh_folder(tmp_path: Path) -> Path:
    n = 0
    while (tmp_path / f"case{n}").exists():
        n += 1
    folder = tmp_path / f"case{n}"
    folder.mkdir()
    return folder


SET_ASIDE = re.compile(r"^(?P<name>.+)\.(corrupt|too-big|not-a-file|unreadable|invalid|unplayable)-\d{8}T\d{6}Z(\.\d+)?$")


def load_save_or_say_why(folder: Path, path: Path, door: str, *, resume: bool = True) -> None:
    """Load (and resume) the file, then list the folder as Load game and Replays do. The file
    loads, or says why (SaveError, a ``save.error.*`` notice); then it is either still there
    byte for byte (usable, or a newer game's) with nothing told, or set aside whole under a
    reason with exactly one message, told once."""
    before = path.read_bytes()
    with time_bound(door):
        try:
            saved = SaveStore(folder).load_path(path) if path.suffix == ".toml" else ReplayLibrary(folder).load(path)
            if resume:
                saved.resume()
        except SaveError as exc:
            assert exc.notice.key.startswith("save.error."), exc.notice
        saves, replays = SaveStore(folder), ReplayLibrary(folder)
        saves.entries()
        replays.entries()
        notices = saves.take_notices() + replays.take_notices()
    files = snapshot(folder)
    assert not [n for n in files if n.endswith(".tmp")], files
    if path.name in files:
        assert files == {path.name: before}, "loading changed the folder"
        assert notices == []
        return
    [(aside, content)] = files.items()
    match = SET_ASIDE.match(aside)
    assert match is not None and match["name"] == path.name, aside
    assert content == before
    assert [n.key for n in notices] in (["notice.save_set_aside"], ["notice.replay_set_aside"]), notices
    assert notices[0].values["file"] == aside
    again = SaveStore(folder), ReplayLibrary(folder)  # the next start is quiet
    assert again[0].entries() == [] and again[1].entries() == []
    assert again[0].take_notices() == [] and again[1].take_notices() == []


def _toml_bytes(table: object) -> bytes | None:
    try:
        return tomli_w.dumps(toml_safe(table)).encode("utf-8")  # type: ignore[arg-type]
    except (TypeError, ValueError, AttributeError, RecursionError, UnicodeEncodeError):
        return None  # not writable as TOML at all: a byte-level test covers such files


@fuzz_settings(80)
@given(seed=st.integers(0, 2**32), replacement=garbage, steps=st.integers(1, 3))
def test_mutated_saves_load_or_say_why(tmp_path: Path, seed: int, replacement: object, steps: int) -> None:
    table = tomllib.loads(good_files()[0].decode())
    data = _toml_bytes(mutate(table, random.Random(seed), replacement, steps=steps))
    assume(data is not None)
    folder = fresh_folder(tmp_path)
    path = folder / "x.toml"
    path.write_bytes(data)  # type: ignore[arg-type]
    load_save_or_say_why(folder, path, "saves: structure")


@fuzz_settings(80)
@given(seed=st.integers(0, 2**32), replacement=garbage, steps=st.integers(1, 3))
def test_mutated_replays_load_or_say_why(tmp_path: Path, seed: int, replacement: object, steps: int) -> None:
    doc = json.loads(good_files()[1])
    try:
        data = json.dumps(mutate(doc, random.Random(seed), replacement, steps=steps)).encode()
    except (RecursionError, ValueError):
        assume(False)
    folder = fresh_folder(tmp_path)
    path = folder / "r.json"
    path.write_bytes(data)
    load_save_or_say_why(folder, path, "replays: structure")


@fuzz_settings(80)
@given(which=st.sampled_from([0, 1]), seed=st.integers(0, 2**32))
def test_damaged_save_and_replay_bytes_load_or_say_why(tmp_path: Path, which: int, seed: int) -> None:
    folder = fresh_folder(tmp_path)
    path = folder / ("x.toml" if which == 0 else "r.json")
    path.write_bytes(damage_bytes(good_files()[which], random.Random(seed)))
    load_save_or_say_why(folder, path, "saves and replays: bytes")


# --- settings -----------------------------------------------------------------------------------

GOOD_SETTINGS = Settings(language="fr", window_size=(1600, 900), claim_countdown=5, sound_volume=30)


def load_settings_checked(folder: Path, original: bytes) -> None:
    """Load must give valid settings, and the folder must hold the file untouched, or the
    file moved aside whole (corrupt), or a valid rewrite (migrated): never a torn file."""
    store = SettingsStore(folder)
    with time_bound("settings"):
        loaded = store.load()
    assert isinstance(loaded, Settings)
    for name in FIELDS:
        assert _valid(name, getattr(loaded, name)) is not None, name
    files = snapshot(folder)
    assert not [n for n in files if n.endswith(".tmp")], files
    aside = [n for n in files if SET_ASIDE.match(n)]
    if aside:
        assert files[aside[0]] == original
        assert "settings.toml" not in files
    elif files.get("settings.toml") != original:
        rewritten = tomllib.loads(files["settings.toml"].decode())
        assert rewritten["schema"] == SCHEMA
    notice = store.take_notice()
    assert store.take_notice() is None  # told once
    if aside:
        assert notice is not None


@fuzz_settings(100)
@given(seed=st.integers(0, 2**32), replacement=garbage, steps=st.integers(1, 3))
def test_mutated_settings_load_to_valid_values(tmp_path: Path, seed: int, replacement: object, steps: int) -> None:
    folder = fresh_folder(tmp_path)
    SettingsStore(folder).save(GOOD_SETTINGS)
    table = tomllib.loads((folder / "settings.toml").read_text())
    data = _toml_bytes(mutate(table, random.Random(seed), replacement, steps=steps))
    assume(data is not None)
    (folder / "settings.toml").write_bytes(data)  # type: ignore[arg-type]
    load_settings_checked(folder, data)  # type: ignore[arg-type]


@fuzz_settings(100)
@given(seed=st.integers(0, 2**32))
def test_damaged_settings_bytes_load_to_valid_values(tmp_path: Path, seed: int) -> None:
    folder = fresh_folder(tmp_path)
    SettingsStore(folder).save(GOOD_SETTINGS)
    data = damage_bytes((folder / "settings.toml").read_bytes(), random.Random(seed))
    (folder / "settings.toml").write_bytes(data)
    load_settings_checked(folder, data)


@fuzz_settings(60)
@given(table=st.dictionaries(st.sampled_from([*FIELDS, "schema", "volume", "tiles", "window_width"]), garbage,
                             max_size=6))
def test_any_settings_table_loads_to_valid_values(tmp_path: Path, table: dict[str, object]) -> None:
    """Old-schema keys (migrations) and current ones with any value."""
    data = _toml_bytes(table)
    assume(data is not None)
    folder = fresh_folder(tmp_path)
    (folder / "settings.toml").write_bytes(data)  # type: ignore[arg-type]
    load_settings_checked(folder, data)  # type: ignore[arg-type]


NASTY_VALUES = (None, True, -1, 2**63, 10**100, float("inf"), float("nan"), "", "\x00", [], {}, [[[[0]]]])


def _leaf_paths(doc: object, here: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(doc, dict):
        return [here] + [p for k, v in doc.items() for p in _leaf_paths(v, (*here, k))]
    if isinstance(doc, list):
        return [here] + [p for i, v in enumerate(doc[:2]) for p in _leaf_paths(v, (*here, i))]
    return [here]


def _replaced(doc: object, where: tuple[object, ...], value: object) -> object:
    doc = json.loads(json.dumps(doc))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]  # type: ignore[index]
    parent[where[-1]] = value  # type: ignore[index]
    return doc


@pytest.mark.parametrize(
    "value",
    NASTY_VALUES,
    ids=repr,
)
def test_every_replay_field_with_a_nasty_value_loads_or_says_why(tmp_path: Path, value: object) -> None:
    """Each field of a replay file in turn holds a wrong type or an absurd number (JSON allows
    Infinity and NaN, which Python reads as floats)."""
    doc = json.loads(good_files()[1])
    for where in _leaf_paths(doc)[1:]:
        folder = fresh_folder(tmp_path)
        path = folder / "r.json"
        path.write_text(json.dumps(_replaced(doc, where, value)))
        load_save_or_say_why(folder, path, "replays: each field", resume=False)


@pytest.mark.parametrize("value", [v for v in NASTY_VALUES if v is not None and v != 10**100], ids=repr)
def test_every_save_field_with_a_nasty_value_loads_or_says_why(tmp_path: Path, value: object) -> None:
    table = tomllib.loads(good_files()[0].decode())
    for where in _leaf_paths(table)[1:]:
        folder = fresh_folder(tmp_path)
        path = folder / "x.toml"
        data = _toml_bytes(_replaced(table, where, value))
        assert data is not None
        path.write_bytes(data)
        load_save_or_say_why(folder, path, "saves: each field", resume=False)


@pytest.mark.parametrize("field", ["scores", "ranks"])
def test_a_replay_with_an_infinite_number_is_refused_and_skipped_by_the_list(tmp_path: Path, field: str) -> None:
    """The replays screen lists the library with ``entries()``: one bad file must be skipped,
    and loading it must say why (SaveError), not raise OverflowError. (An infinite hand count
    only decorates the list: it shows as 0, test_a_replay_decoration_that_cannot_be_shown_is_blank.)"""
    doc = json.loads(good_files()[1])
    text = json.dumps(doc)
    if field == "hands":
        text = text.replace(f'"hands": {doc["hands"]}', '"hands": Infinity')
    else:
        doc["placings"][field][0] = 123456.25
        text = json.dumps(doc).replace("123456.25", "1e400")
    folder = fresh_folder(tmp_path)
    (folder / "r.json").write_text(text)
    with pytest.raises(SaveError):
        ReplayLibrary(folder).load(folder / "r.json")
    assert ReplayLibrary(folder).entries() == []


@pytest.mark.parametrize("value", ["Infinity", "-1", "1e400", '"12"', "[]"])
def test_a_replay_decoration_that_cannot_be_shown_is_blank(tmp_path: Path, value: str) -> None:
    doc = json.loads(good_files()[1])
    text = json.dumps(doc).replace(f'"hands": {doc["hands"]}', f'"hands": {value}')
    text = text.replace(f'"finished_at": "{doc["finished_at"]}"', '"finished_at": "0001-01-01T00:00:00+14:00"')
    folder = fresh_folder(tmp_path)
    (folder / "r.json").write_text(text)
    [entry] = ReplayLibrary(folder).entries()
    assert (entry.hands, entry.finished_at) == (0, "")


@fuzz_settings(100)
@given(name=st.text(max_size=300) | st.sampled_from(["..", "../../etc/passwd", "/abs", "a/b\\c", "\x00", "con",
                                                     "x" * 5000, " ", "autosave"]))
def test_any_save_name_stays_in_its_folder_and_reads_back(tmp_path: Path, name: str) -> None:
    """Save names are typed by the player: any text up to the name limit is written inside the
    saves folder and reads back under the same name; a blank or longer one is refused."""
    old = new_match()
    folder = fresh_folder(tmp_path) / "saves"
    store = SaveStore(folder)
    if not name.strip() or len(name) > NAME_LIMIT:
        with pytest.raises(ValueError):
            store.write(name, MatchOptions(seed=SEED), old.record)
        return
    with time_bound("saves: names"):
        path = store.write(name, MatchOptions(seed=SEED), old.record)
    assert path.parent == folder
    assert store.load_path(path).name == name


@functools.cache
def new_match() -> Match:
    return Match(match_profile(MatchOptions(seed=SEED)), SEED)
