"""Every door a file comes in by: the bounded reader, and the in-game log import, ``replay-check``
and the levels loader built on it.

The hostile files are real ones: ``/dev/zero`` (a device that never ends and says it is empty),
a FIFO nobody writes to (an open that would block for ever), a folder, a ``/proc`` file (a regular
file whose size says 0 though it holds kilobytes), a file one byte over the cap, a level nested
30,000 deep. Each is refused or read at once, with at most ``cap + 1`` bytes taken from it.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.cli import main as cli_main
from game.persist import bounded
from game.persist.bounded import FileRefused, read_capped, read_text
from game.persist.log_import import gentle_loads, read_log_file
from game.persist.saves import SaveError

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="devices and FIFOs are POSIX files")


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """``work()`` run on a thread that must finish within ``seconds`` (a blocked open fails)."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = work()
        except BaseException as exc:  # handed to the test thread
            out["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this OS")
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def refusal(work: Callable[[], Any]) -> FileRefused:
    with pytest.raises(FileRefused) as caught:
        within(5.0, work)
    return caught.value


# --- the bounded reader ---------------------------------------------------------------------------


def test_a_regular_file_up_to_the_cap_is_read_and_one_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_capped(path, 100) == b"x" * 100
    assert refusal(lambda: read_capped(path, 99)).reason == "too_big"


@posix_only
def test_a_device_is_refused_without_reading_it() -> None:
    assert refusal(lambda: read_capped(Path("/dev/zero"), 1024)).reason == "not_a_file"


@posix_only
def test_a_fifo_is_refused_at_once(fifo: Path) -> None:
    assert refusal(lambda: read_capped(fifo, 1024)).reason == "not_a_file"


def test_a_folder_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    assert refusal(lambda: read_capped(tmp_path, 1024)).reason == "not_a_file"
    assert refusal(lambda: read_capped(tmp_path / "absent", 1024)).reason == "missing"
    assert refusal(lambda: read_capped(Path("a\x00b"), 1024)).reason == "unreadable"


@posix_only
def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "log.json"
    link.symlink_to("/dev/zero")
    assert refusal(lambda: read_capped(link, 1024)).reason == "not_a_file"


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")
def test_a_file_whose_size_lies_is_read_at_most_one_byte_past_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """/proc/self/maps is a regular file reporting size 0 but holding kilobytes: the cap holds
    on the bytes read, not on what the file system says."""
    taken: list[int] = []
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        taken.append(len(data))
        return data

    monkeypatch.setattr(bounded, "read_chunk", counting_read)
    assert Path("/proc/self/maps").stat().st_size == 0
    assert refusal(lambda: read_capped(Path("/proc/self/maps"), 100)).reason == "too_big"
    assert sum(taken) == 101


def test_text_drops_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_text(path, 100) == "{}"


def test_gentle_loads_decodes_as_json_loads_does() -> None:
    text = json.dumps({"log": [[i, [i] * 5, "東", None, True, 1.5] for i in range(20_000)]})
    assert len(text) > 128 * 1024
    assert gentle_loads(text) == json.loads(text)
    with pytest.raises(RecursionError):
        gentle_loads("[" * 200_000 + "]" * 200_000)


# --- the in-game log import -----------------------------------------------------------------------


def import_notice(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        within(5.0, lambda: read_log_file(path))
    return caught.value.notice.key


@posix_only
def test_the_import_refuses_devices_and_fifos_with_a_message(fifo: Path) -> None:
    assert import_notice(Path("/dev/zero")) == "viewer.import_not_file"
    assert import_notice(Path("/dev/urandom")) == "viewer.import_not_file"
    assert import_notice(fifo) == "viewer.import_not_file"


def test_the_import_refuses_folders_huge_and_missing_files(tmp_path: Path) -> None:
    assert import_notice(tmp_path) == "viewer.import_not_file"
    assert import_notice(tmp_path / "absent.json") == "viewer.import_missing"
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # sparse: costs no disk
        handle.truncate(bounded.IMPORT_CAP + 1)
    assert import_notice(huge) == "viewer.import_too_big"
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    assert import_notice(deep) == "viewer.import_error"


def test_a_rulebook_file_goes_through_the_same_door(tmp_path: Path, fifo: Path) -> None:
    """``rules`` and ``sim`` with a .toml of the developer's: a device, a FIFO, a huge file or
    one that extends a FIFO is refused with a ProfileError at once, never read forever."""
    from game.engine.errors import ProfileError
    from game.engine.profile import load_profile, load_profile_file

    huge = tmp_path / "huge.toml"
    with huge.open("wb") as handle:
        handle.truncate(bounded.PROFILE_CAP + 1)
    for path, why in ((Path("/dev/zero"), "not a file"), (fifo, "not a file"), (huge, "too big"),
                      (tmp_path / "absent.toml", "no such profile file")):
        with pytest.raises(ProfileError, match=why):
            load_profile_file(path)
    (tmp_path / "pipe.toml").symlink_to(fifo)
    child = tmp_path / "child.toml"
    child.write_text('[profile]\nid = "child"\nextends = "pipe"\n')
    with pytest.raises(ProfileError, match="names no profile"):  # only regular files are looked for
        load_profile_file(child)
    child.write_text('[profile]\nid = "child"\nextends = "riichi"\n')  # a shipped one still reads
    assert load_profile_file(child).hash != "" and load_profile("riichi").hash != ""


# --- replay-check ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tenhou_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from game.engine import Match
    from game.engine.logs import to_tenhou6
    from game.engine.profile import load_profile

    match = Match(load_profile("riichi"), 5)
    while not match.is_over and match.hand_index < 2:
        match.apply(match.legal_actions(match.awaiting()[0])[0])
    return json.dumps(to_tenhou6(match), ensure_ascii=False).encode("utf-8")


def test_replay_check_reads_a_log_with_a_byte_order_mark(tmp_path: Path, tenhou_log: bytes,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + tenhou_log)
    assert cli_main(["replay-check", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"ok {path}")


@posix_only
def test_replay_check_refuses_devices_fifos_and_big_files_and_checks_the_rest(
        tmp_path: Path, tenhou_log: bytes, fifo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_bytes(tenhou_log)
    big = tmp_path / "big.json"
    big.write_bytes(tenhou_log + b" " * 2 * 1024 * 1024)
    status = within(10.0, lambda: cli_main(["replay-check", "/dev/zero", str(fifo), str(big), str(good),
                                            "--max-mb", "1"]))
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out.startswith(f"ok {good}")
    errors = captured.err.splitlines()
    assert len(errors) == 3
    assert "not a regular file" in errors[0] and "not a regular file" in errors[1]
    assert "over 1 MB" in errors[2]


# --- levels ---------------------------------------------------------------------------------------


def test_a_level_nested_30000_deep_is_listed_broken_and_the_others_still_load(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.tutorial.level import levels_dir

    shipped = sorted(levels_dir().glob("*.toml"))
    for path in shipped[:3]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "zz-deep.toml").write_text("profile = 'riichi'\nx = " + "[" * 30_000 + "]" * 30_000 + "\n")
    (tmp_path / "zz-big.toml").write_bytes(b"# " + b"x" * (bounded.LEVEL_CAP + 1))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "zz-pipe.toml")
    status = within(20.0, lambda: cli_main(["levels", "list", "--dir", str(tmp_path)]))
    assert status == 1
    lines = capsys.readouterr().out.splitlines()
    assert len([ln for ln in lines if not ln.startswith("broken")]) == 3
    broken = [ln for ln in lines if ln.startswith("broken")]
    assert any("zz-deep.toml" in ln and "too deeply" in ln for ln in broken), broken
    assert any("zz-big.toml" in ln for ln in broken)
    assert len(broken) == (3 if hasattr(os, "mkfifo") else 2)


# --- file names -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nul", "NUL", "con", "Aux", "prn", "com1", "COM9", "lpt1", "LPT3", "com¹",
                                  "conin$", "nul.txt", " nul ", "CON.json"])
def test_a_save_named_as_a_windows_device_gets_a_safe_file(tmp_path: Path, name: str) -> None:
    from game.engine import Record
    from game.match_options import MatchOptions
    from game.persist.names import is_reserved
    from game.persist.saves import SaveStore

    store = SaveStore(tmp_path)
    path = store.path_for(name)
    assert not is_reserved(path.name), path.name
    assert not is_reserved(path.stem)
    store.write(name, MatchOptions(seed=1), Record("riichi", "0" * 16, 1, (), ""))
    assert store.load(name).name == name
