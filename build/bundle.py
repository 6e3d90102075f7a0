"""Build the downloadable bundle for this OS: ``python build/bundle.py``.

Makes a one-folder PyInstaller bundle from ``build/mahjong_atlas.spec`` and packs it for players:

* Linux: ``dist/MahjongAtlas-<version>-linux-<arch>.tar.gz`` (the ``MahjongAtlas`` folder, with a
  menu entry ``share/applications/MahjongAtlas.desktop``, the hicolor icons under ``share/icons``
  and ``install-desktop-entry.sh``, which puts both into the player's menu)
* Windows: ``dist/MahjongAtlas-<version>-windows-<arch>.zip`` (the ``MahjongAtlas`` folder)
* macOS: ``dist/MahjongAtlas-<version>-macos-<arch>.zip`` (``MahjongAtlas.app``, zipped by
  ``ditto`` so the symlinks inside the app survive and the zip can be notarised)

PyInstaller's work folder defaults to ``build/``, where our own files live, so it is sent to
``.pyi-work/`` (ignored by git) or ``--work``. ``--smoke`` then runs the bundled program headless
with its home and XDG folders in a temporary directory, the way the bundle test and the release
workflow check every OS. ``--sign-only`` options are not here: signing is the workflow's job.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import __version__  # noqa: E402

APP = "MahjongAtlas"
SPEC = ROOT / "build" / "mahjong_atlas.spec"


def os_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def arch_name() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def bundle_path(dist: Path) -> Path:
    """The folder (or ``.app``) a player gets: what the archive holds."""
    return dist / (f"{APP}.app" if sys.platform == "darwin" else APP)


def executable_path(dist: Path) -> Path:
    if sys.platform == "darwin":
        return bundle_path(dist) / "Contents" / "MacOS" / APP
    return bundle_path(dist) / (f"{APP}.exe" if sys.platform == "win32" else APP)


def archive_path(dist: Path) -> Path:
    suffix = "tar.gz" if os_name() == "linux" else "zip"
    return dist / f"{APP}-{__version__}-{os_name()}-{arch_name()}.{suffix}"


LINUX_FILES = ROOT / "build" / "linux"
HICOLOR = ROOT / "assets" / "icon" / "hicolor"


def add_desktop_entry(bundle: Path) -> None:
    """The Linux menu entry and its icons, in the freedesktop layout inside the bundle folder,
    and the script that installs them for the player (README: "Add it to your menu")."""
    apps = bundle / "share" / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LINUX_FILES / "MahjongAtlas.desktop", apps / "MahjongAtlas.desktop")
    for png in sorted(HICOLOR.glob("*x*.png")):
        folder = bundle / "share" / "icons" / "hicolor" / png.stem / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(png, folder / "mahjong-atlas.png")
    script = bundle / "install-desktop-entry.sh"
    shutil.copyfile(LINUX_FILES / "install-desktop-entry.sh", script)
    script.chmod(0o755)


def run_pyinstaller(dist: Path, work: Path) -> None:
    """PyInstaller's own cache goes in the work folder too: ``--clean`` empties the cache, and in
    the shared ``~/.cache/pyinstaller`` two builds at once (two checkouts' tests) removed each
    other's files ("Directory not empty: .../bincache10py31164bit"); each build is clean anyway."""
    cmd = [sys.executable, "-m", "PyInstaller", str(SPEC), "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work)]
    env = dict(os.environ, PYINSTALLER_CONFIG_DIR=str(work / "pyinstaller-cache"))
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)


def pack(dist: Path) -> Path:
    """Archive the bundle next to it; symlinks are kept as symlinks on Linux and macOS."""
    src, out = bundle_path(dist), archive_path(dist)
    out.unlink(missing_ok=True)
    if sys.platform == "darwin":
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(src), str(out)], check=True)
    elif sys.platform == "win32":
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(src.rglob("*")):
                zf.write(path, path.relative_to(dist))
    else:
        with tarfile.open(out, "w:gz", compresslevel=9) as tf:
            tf.add(src, arcname=src.name)
    return out


def tree_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def smoke_env(home: Path) -> dict[str, str]:
    """The environment of a smoke run: headless, and every per-user folder inside ``home``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
               LOCALAPPDATA=str(home / "AppData" / "Local"), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local" / "share"), XDG_STATE_HOME=str(home / ".local" / "state"),
               XDG_CACHE_HOME=str(home / ".cache"))
    env.pop("PYTHONPATH", None)
    return env


def smoke(dist: Path, frames: int, screenshot: Path) -> subprocess.CompletedProcess[str]:
    """Run the bundled program's smoke mode with a throwaway home; raises if it fails."""
    with tempfile.TemporaryDirectory(prefix="atlas-home-") as home:
        started = time.perf_counter()
        done = subprocess.run([str(executable_path(dist)), "--smoke", "--frames", str(frames), "--screenshot",
                               str(screenshot)], env=smoke_env(Path(home)), cwd=home, capture_output=True,
                              text=True, timeout=300)
        print(f"smoke run: exit {done.returncode} after {time.perf_counter() - started:.2f} s")
    print(done.stdout, end="")
    print(done.stderr, end="", file=sys.stderr)
    if done.returncode != 0 or not screenshot.is_file():
        raise SystemExit(f"smoke run failed (exit {done.returncode}, screenshot {'present' if screenshot.is_file() else 'missing'})")
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle and archive go")
    parser.add_argument("--work", type=Path, default=ROOT / ".pyi-work", help="PyInstaller's work folder")
    parser.add_argument("--no-archive", action="store_true", help="leave the bundle folder unpacked only")
    parser.add_argument("--smoke", action="store_true", help="run the bundle's smoke mode after building")
    parser.add_argument("--skip-build", action="store_true", help="pack or smoke-test an existing bundle")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--screenshot", type=Path, default=None, help="default: <dist>/smoke-<os>.png")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    if work == ROOT / "build" or ROOT / "build" in work.parents:
        parser.error("the work folder must not be build/ (our spec and scripts live there)")

    if not args.skip_build:
        started = time.perf_counter()
        run_pyinstaller(dist, work)
        if os_name() == "linux":
            add_desktop_entry(bundle_path(dist))
        print(f"built {bundle_path(dist)} in {time.perf_counter() - started:.0f} s")
    print(f"unpacked: {tree_size(bundle_path(dist)) / 1e6:.1f} MB")
    if not args.no_archive:
        out = pack(dist)
        print(f"archive: {out} ({out.stat().st_size / 1e6:.1f} MB)")
    if args.smoke:
        smoke(dist, args.frames, (args.screenshot or dist / f"smoke-{os_name()}.png").resolve())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
