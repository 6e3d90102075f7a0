"""The downloadable bundle: it builds, holds every data file, runs its smoke mode, and writes only
to the per-user folders of game.paths.

Slow (a PyInstaller build takes about a minute), so it is marked ``slow``; CI runs it because
.ci/run installs the ``build`` extra. It builds into a temporary folder with build/bundle.py itself,
so the script, the spec and the archive step are what is tested.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import bundle  # noqa: E402

from game import __version__  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="pyinstaller is not installed (pip install -e '.[build]')"),
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="builds the Linux bundle; the release workflow builds the others"),
]

# The download targets from the issue.
MAX_UNPACKED = 45_000_000
MAX_ARCHIVE = 25_000_000
# What the spec lists, as source folder -> files that must arrive byte for byte.
DATA = {
    "assets/fonts": sorted((ROOT / "assets" / "fonts").iterdir()),
    "assets/icon": [ROOT / "assets" / "icon" / "icon.png"],
    "game/engine/profiles": sorted((ROOT / "game" / "engine" / "profiles").glob("*.toml")),
    "game/i18n/locale": sorted((ROOT / "game" / "i18n" / "locale").glob("**/*.po*")),
    "levels": sorted((ROOT / "levels").glob("*.toml")),
}
# Package data as pyproject ships it: a new data folder under game/ must reach the spec too.
PACKAGE_DATA = ("*.toml", "*.json", "*.ttf", "*.otf", "*.txt", "*.png", "*.wav", "*.ogg", "*.po", "*.pot")


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    work = tmp_path_factory.mktemp("pyi-work")
    subprocess.run([sys.executable, str(ROOT / "build" / "bundle.py"), "--dist", str(out), "--work", str(work)],
                   check=True, cwd=ROOT, timeout=900)
    return out


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``folder``, with size and modification time."""
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns) for p in folder.rglob("*")}


def test_bundle_is_packed_small_and_named_with_the_version(dist: Path) -> None:
    archive = bundle.archive_path(dist)
    assert archive.name == f"MahjongAtlas-{__version__}-linux-{bundle.arch_name()}.tar.gz"
    unpacked = bundle.tree_size(bundle.bundle_path(dist))
    assert unpacked <= MAX_UNPACKED, f"bundle is {unpacked / 1e6:.1f} MB unpacked"
    assert archive.stat().st_size <= MAX_ARCHIVE, f"archive is {archive.stat().st_size / 1e6:.1f} MB"
    with tarfile.open(archive) as tf:
        names = set(tf.getnames())
    assert "MahjongAtlas/MahjongAtlas" in names
    assert all(name == "MahjongAtlas" or name.startswith("MahjongAtlas/") for name in names)


def test_every_data_file_is_in_the_bundle(dist: Path) -> None:
    internal = bundle.bundle_path(dist) / "_internal"
    for files in DATA.values():
        for source in files:
            where = source.relative_to(ROOT)
            shipped = internal / where
            assert shipped.is_file(), f"{where} is missing from the bundle"
            assert shipped.read_bytes() == source.read_bytes(), f"{where} differs"


def test_every_package_data_file_is_in_the_bundle(dist: Path) -> None:
    internal = bundle.bundle_path(dist) / "_internal"
    data = [p for pattern in PACKAGE_DATA for p in (ROOT / "game").rglob(pattern) if "__pycache__" not in p.parts]
    assert data, "the game ships package data (profiles, catalogs)"
    missing = [str(p.relative_to(ROOT)) for p in data if not (internal / p.relative_to(ROOT)).is_file()]
    assert not missing, f"add their folders to DATA_FOLDERS in build/mahjong_atlas.spec: {missing}"


def test_bundle_reports_its_version(dist: Path, tmp_path: Path) -> None:
    done = subprocess.run([str(bundle.executable_path(dist)), "--version"], env=bundle.smoke_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert __version__ in done.stdout


def test_smoke_run_plays_a_hand_and_writes_only_to_the_user_folders(dist: Path, tmp_path: Path) -> None:
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    env = bundle.smoke_env(home)
    app = bundle.bundle_path(dist)
    before = snapshot(app)
    screenshot = cwd / "smoke.png"

    done = subprocess.run([str(bundle.executable_path(dist)), "--smoke", "--frames", "240", "--screenshot",
                           str(screenshot)], env=env, cwd=cwd, capture_output=True, text=True, timeout=300)

    assert done.returncode == 0, done.stderr
    assert "frozen=True" in done.stdout
    assert "title" in done.stdout and "first table frame" in done.stdout
    png = screenshot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (1280, 720)
    assert snapshot(app) == before, "the run changed the program's own folder"
    assert [p.name for p in cwd.iterdir()] == ["smoke.png"], "the run wrote into the working folder"
    user_folders = [Path(env[var]) / "MahjongAtlas" for var in
                    ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")]
    written = [p for p in home.rglob("*") if p.is_file()]
    assert written, "the smoke run logs its start-up under the user's state folder"
    stray = [p for p in written if not any(folder in p.parents for folder in user_folders)]
    assert not stray, f"written outside the platformdirs folders: {stray}"
    log = Path(env["XDG_STATE_HOME"]) / "MahjongAtlas" / "log" / "startup.log"
    assert "frozen=True" in log.read_text()


def test_the_bundle_reads_a_log_in_a_child_process(dist: Path, tmp_path: Path) -> None:
    """The import spawns the bundle's own executable (multiprocessing, freeze_support): the
    child must read the log, not open a second game."""
    from game.cli.stress import make_big_log

    log = make_big_log(tmp_path, hands=6)
    done = subprocess.run([str(bundle.executable_path(dist)), "--smoke-import", str(log)],
                          env=bundle.smoke_env(tmp_path / "home"), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 hands read in a child process" in done.stdout
