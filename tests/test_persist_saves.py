"""Saves and the replay library: real matches saved mid-play (claim windows included) resume exactly."""

from __future__ import annotations

import functools
import shutil
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from user_dirs import point_user_dirs

from game import paths
from game.ai.baseline import RandomBot
from game.engine import Match, Phase, Record
from game.engine.events import Penalty
from game.match_options import LEVELS, MatchOptions, match_profile
from game.persist import atomic
from game.persist.names import file_stem
from game.persist.replays import Placings, ReplayLibrary
from game.persist.saves import AUTOSAVE, SAVE_SCHEMA, SaveError, SaveStore


@pytest.fixture(autouse=True)
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Tests never touch a real profile."""
    return point_user_dirs(tmp_path, monkeypatch)


def play(match: Match, bots: dict[int, RandomBot], steps: int, *, stop_in_claim: bool = False) -> None:
    """Let the bots act ``steps`` times (then, if asked, on until a claim window is open)."""
    done = 0
    while not match.is_over:
        if done >= steps and (not stop_in_claim or match.phase is Phase.CLAIM):
            return
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
        done += 1


def bots_for(seed: int) -> dict[int, RandomBot]:
    return {seat: RandomBot(seed, seat) for seat in range(4)}


@pytest.mark.parametrize(("profile_id", "seed"), [("riichi", 3), ("ema", 5), ("taiwanese", 8)])
def test_a_save_in_a_claim_window_resumes_to_the_same_state(profile_id: str, seed: int) -> None:
    options = MatchOptions(profile_id, levels=("easy", "normal", "hard"), human_seat=2, seed=seed)
    live = Match(match_profile(options), seed)
    bots = bots_for(seed)
    play(live, bots, 40, stop_in_claim=True)
    assert live.phase is Phase.CLAIM
    store = SaveStore()
    path = store.autosave(options, live)
    assert path.is_relative_to(paths.saves_dir())
    assert store.has_autosave()

    saved = store.load(AUTOSAVE)
    assert saved.options == options
    resumed = saved.resume()
    assert resumed.state_hash() == live.state_hash()
    assert resumed.phase is Phase.CLAIM and resumed.awaiting() == live.awaiting()
    # the resumed match goes on exactly as the live one does
    for _ in range(30):
        if live.is_over:
            break
        seat = live.awaiting()[0]
        action = bots[seat].decide(live.observe(seat))
        assert resumed.legal_actions(seat) == live.legal_actions(seat)
        live.apply(action)
        resumed.apply(action)
        assert resumed.state_hash() == live.state_hash()


def test_a_strict_table_match_resumes_strict_with_its_penalties() -> None:
    """The strict table is part of the match: a save made after a random strict seat's false
    declarations resumes with the same seats strict, the same dead hands and the same scores."""
    options = MatchOptions("riichi", levels=("easy", "normal", "hard"), human_seat=0, seed=11)
    live = Match(match_profile(options), 11, strict_seats=(0,))
    play(live, bots_for(11), 120, stop_in_claim=True)
    store = SaveStore()
    store.autosave(options, live)
    resumed = store.load(AUTOSAVE).resume()
    assert resumed.strict_seats == frozenset({0})
    assert resumed.state_hash() == live.state_hash()
    assert any(isinstance(e, Penalty) for e in live.events)  # the strict seat did pay for something


def test_the_chosen_length_is_part_of_the_saved_rules() -> None:
    options = MatchOptions("riichi", length="tonpuu", seed=11)
    live = Match(match_profile(options), 11)
    play(live, bots_for(11), 12)
    store = SaveStore()
    store.write("east only", options, live.record)
    assert store.resume("east only").state_hash() == live.state_hash()
    # the same record under the full-length rules is refused, and the player is told why
    store.write("wrong", MatchOptions("riichi", seed=11), live.record)
    with pytest.raises(SaveError) as err:
        store.resume("wrong")
    assert err.value.notice.key == "save.error.record" and "profile" in err.value.notice.values["detail"]


def test_named_saves_are_listed_newest_first_and_deleted() -> None:
    store = SaveStore()
    record = Match(match_profile(MatchOptions()), 1).record
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for i, name in enumerate(["Before the break", "Ça passe", "Ночная партия"]):
        store.write(name, MatchOptions(seed=1), record, now=t0 + timedelta(minutes=i))
    assert [e.name for e in store.entries()] == ["Ночная партия", "Ça passe", "Before the break"]
    assert all(e.error is None and e.profile_id == "riichi" for e in store.entries())
    store.delete("Ça passe")
    assert [e.name for e in store.entries()] == ["Ночная партия", "Before the break"]
    assert store.load("Ночная партия").resume().state_hash() == record.state_hash


def test_a_cut_record_says_why_it_cannot_load() -> None:
    options = MatchOptions(seed=4)
    live = Match(match_profile(options), 4)
    play(live, bots_for(4), 20)
    full = live.record
    cut = Record(full.profile_id, full.profile_hash, full.seed, full.actions[:-3], full.state_hash)
    store = SaveStore()
    store.write(AUTOSAVE, options, cut)
    with pytest.raises(SaveError) as err:
        store.resume()
    assert err.value.notice.key == "save.error.record"
    assert "cut short or altered" in err.value.notice.values["detail"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (f"schema = {SAVE_SCHEMA + 1}\n[record]\nfuture = true\n", "save.error.newer"),
        ("schema = 1\nname = [", "save.error.unreadable"),
        ("schema = 1\nname = \"x\"\n[options]\nprofile = 3\n[record]\n", "save.error.unreadable"),
        ("schema = 1\n[options]\nprofile = \"riichi\"\n[record]\nprofile_id = \"riichi\"\n", "save.error.unreadable"),
        ("schema = 1\n[options]\nprofile = \"riichi\"\nlevels = [\"easy\", \"godlike\", \"hard\"]\n"
         "[record]\nprofile_id = \"riichi\"\nprofile_hash = \"x\"\nseed = 1\n", "save.error.unreadable"),
    ],
    ids=["newer", "truncated", "wrong-type", "missing-keys", "unknown-level"],
)
def test_a_bad_save_is_set_aside_once_and_a_newer_one_listed(text: str, key: str) -> None:
    """A newer game's save is listed with its reason and left for that game; any other save that
    cannot be used is renamed aside (content kept byte for byte) with one message."""
    store = SaveStore()
    store.folder.mkdir(parents=True)
    path = store.folder / "old.toml"
    path.write_text(text)
    with pytest.raises(SaveError) as err:
        store.load("old")
    assert err.value.notice.key == key
    if key == "save.error.newer":
        [entry] = store.entries()
        assert entry.error is not None and entry.error.key == key
        assert path.read_text() == text  # never rewritten
        assert store.take_notices() == []
        return
    assert store.entries() == []
    [aside] = [p for p in store.folder.iterdir() if p != path]
    assert aside.name.startswith("old.toml.") and aside.read_text() == text
    assert not path.exists()
    [notice] = store.take_notices()
    assert notice.key == "notice.save_set_aside" and notice.values["file"] == aside.name
    assert store.entries() == [] and store.take_notices() == []  # told once


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.text(min_size=1, max_size=30).filter(lambda s: s.strip() and "\x00" not in s),
    levels=st.tuples(*[st.sampled_from(LEVELS)] * 3),
    seat=st.integers(0, 3),
    seed=st.integers(0, 2**63 - 1),
    actions=st.lists(st.sampled_from(["0:discard 5m", "1:pass", "2:pon 5p 5p"]), max_size=8),
)
def test_save_files_round_trip(
    tmp_path: Path, name: str, levels: tuple[str, str, str], seat: int, seed: int, actions: list[str]
) -> None:
    store = SaveStore(tmp_path / "rt")
    options = MatchOptions("ema", levels, "tonpuu", seat, seed)
    record = Record("ema", "0123456789abcdef", seed, tuple(actions), "f" * 32)
    store.write(name, options, record)
    saved = store.load(name)
    assert (saved.name, saved.options, saved.record) == (name, options, record)
    assert store.path_for(name).parent == store.folder
    assert "/" not in file_stem(name) and "\\" not in file_stem(name)


def test_the_replay_library_keeps_the_newest_200(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: None)  # durability is tested elsewhere; speed here
    library = ReplayLibrary()
    options = MatchOptions("riichi", length="one_hand", seed=2)
    match = Match(match_profile(options), 2)
    play(match, bots_for(2), 10_000)
    assert match.is_over
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    first = library.add(options, match, now=t0)
    assert first.is_relative_to(paths.saves_dir())
    for i in range(1, 205):
        library.add(options, match, now=t0 + timedelta(seconds=i))
    entries = library.entries()
    assert len(entries) == 200 and len(list(library.folder.iterdir())) == 200
    assert entries[0].finished_at == (t0 + timedelta(seconds=204)).isoformat(timespec="seconds")
    assert entries[-1].finished_at == (t0 + timedelta(seconds=5)).isoformat(timespec="seconds")
    assert not first.exists()
    assert entries[0].placings.ranks == tuple(match.final.ranks)  # type: ignore[union-attr]
    assert library.load(entries[0].path).resume().state_hash() == match.state_hash()
    library.delete(entries[0].path)
    assert len(library.entries()) == 199


def test_a_riichi_replay_exports_as_a_tenhou6_log_that_reads_back() -> None:
    from game.engine.logs import read_log, replay_match
    from game.persist.export import can_export, export_tenhou6

    library = ReplayLibrary()
    options = MatchOptions("riichi", length="one_hand", seed=6)
    match = Match(match_profile(options), 6)
    play(match, bots_for(6), 10_000)
    path = library.add(options, match)
    exported = export_tenhou6(library.load(path))
    assert exported.is_relative_to(paths.saves_dir()) and exported.name.endswith(".tenhou6.json")
    logged = read_log(exported.read_text(encoding="utf-8"))
    assert len(logged.hands) == match.hand_index
    reports = replay_match(logged, match_profile(options))
    assert all(report.divergence is None for report in reports)
    assert not can_export("taiwanese")
    tw = MatchOptions("taiwanese", length="one_round", seed=1)
    tw_match = Match(match_profile(tw), 1)
    library_tw = ReplayLibrary(library.folder.parent / "tw")
    tw_path = library_tw.add_record(tw, tw_match.record, Placings((1, 2, 3, 4), (0, 0, 0, 0), (0, 0, 0, 0)), 0)
    with pytest.raises(SaveError) as err:
        export_tenhou6(library_tw.load(tw_path))
    assert err.value.notice.key == "replays.export_unsupported"


@functools.cache
def good_files() -> tuple[bytes, bytes]:
    """A save made mid-hand and a filed replay of the finished match, as bytes."""
    folder = Path(tempfile.mkdtemp(prefix="atlas-good-"))
    options = MatchOptions("riichi", length="one_hand", seed=9)
    match = Match(match_profile(options), 9)
    play(match, bots_for(9), 15)
    save = SaveStore(folder).write("x", options, match.record).read_bytes()
    play(match, bots_for(9), 10_000)
    replay_bytes = ReplayLibrary(folder).add(options, match).read_bytes()
    shutil.rmtree(folder)
    return save, replay_bytes


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.sampled_from([0, 1]), cut=st.integers(0, 10_000), flip=st.integers(0, 10_000),
       byte=st.integers(0, 255))
def test_damaged_save_and_replay_files_load_or_say_why(tmp_path: Path, which: int, cut: int, flip: int,
                                                        byte: int) -> None:
    """A file cut short or with one byte changed either loads (and then resumes or says why) or
    raises SaveError: never another exception."""
    good = good_files()[which]
    damaged = bytearray(good[: cut % (len(good) + 1)])
    if damaged:
        damaged[flip % len(damaged)] = byte
    folder = tmp_path / f"d{which}-{cut}-{flip}-{byte}"
    folder.mkdir()
    path = folder / ("x.toml" if which == 0 else "r.json")
    path.write_bytes(bytes(damaged))
    library = ReplayLibrary(folder)
    try:
        saved = SaveStore(folder).load_path(path) if which == 0 else library.load(path)
        saved.resume()
    except SaveError as exc:
        assert exc.notice.key.startswith("save.error.")
    library.entries()  # the list skips what it cannot read
    SaveStore(folder).entries()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 2000), flip=st.integers(0, 2000), byte=st.integers(0, 255))
def test_damaged_settings_never_stop_the_game(tmp_path: Path, cut: int, flip: int, byte: int) -> None:
    from game.persist.settings import Settings, SettingsStore

    folder = tmp_path / f"s{cut}-{flip}-{byte}"
    store = SettingsStore(folder)
    store.save(Settings(language="ru", window_size=(1600, 900), claim_countdown=5))
    data = bytearray(store.path.read_bytes()[: cut % 2000])
    if data:
        data[flip % len(data)] = byte
    store.path.write_bytes(bytes(data))
    loaded = SettingsStore(folder).load()
    assert isinstance(loaded, Settings)


def test_background_autosaves_keep_the_newest_and_never_outlive_a_clear(tmp_path: Path) -> None:
    options = MatchOptions(seed=12)
    match = Match(match_profile(options), 12)
    bots = bots_for(12)
    store = SaveStore(tmp_path / "bg", background=True)
    for _ in range(30):
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
        store.autosave(options, match)  # returns at once; the thread writes
    assert store.load(AUTOSAVE).record == match.record  # reading waits for the newest write
    for _ in range(5):
        store.autosave(options, match)
    store.clear_autosave()
    assert store.writer is not None and store.writer.flush()
    assert not store.has_autosave()
    assert sorted(p.name for p in store.folder.iterdir()) == []  # no temporary files left behind
    assert store.writer.error is None


def test_a_failing_background_write_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = SaveStore(blocker / "saves", background=True)
    store.autosave(MatchOptions(seed=1), Match(match_profile(MatchOptions()), 1))
    store.flush()
    assert isinstance(store.writer.error, OSError)  # type: ignore[union-attr]


def test_play_from_here_branches_at_the_start_of_a_hand() -> None:
    options = MatchOptions("riichi", length="tonpuu", seed=21)
    match = Match(match_profile(options), 21)
    bots = bots_for(21)
    at_start: dict[int, str] = {0: match.state_hash()}
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
        at_start.setdefault(match.hand_index, match.state_hash())
    assert len(at_start) >= 3
    saved = ReplayLibrary().load(ReplayLibrary().add(options, match))
    for hand in (0, 2, max(at_start) - 1):
        branch = saved.branch(hand)
        assert branch.hand_index == hand and not branch.is_over
        assert branch.state_hash() == at_start[hand]
        assert branch.record.actions == match.record.actions[: len(branch.actions)]
    with pytest.raises(SaveError):
        saved.branch(len(at_start) + 5)
