"""``python -m game play``: open the game window."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smoke", action="store_true", help="run headless for a few frames and exit")
    parser.add_argument("--frames", type=int, default=120, help="frames to run in --smoke mode")
    parser.add_argument("--screenshot", default="", help="save the last frame to this PNG file")
    parser.add_argument("--smoke-import", default="", metavar="LOG",
                        help="read LOG as the game's import does (in a child process), say how it went, and exit")


def run(args: argparse.Namespace) -> int:
    from game import runlog
    from game.ui.app import run_app

    runlog.start("smoke" if args.smoke or args.smoke_import else "play")
    if args.smoke_import:
        return smoke_import(args.smoke_import)

    return run_app(smoke=args.smoke, frames=args.frames, screenshot=args.screenshot)


def smoke_import(name: str) -> int:
    """Read a log through the import's child process (the frozen bundle spawns itself for it:
    ``multiprocessing.freeze_support`` in build/launcher.py): 0 and the hands read, else 1."""
    import os
    from pathlib import Path

    from game.ui.replay.import_screen import start_import

    job = start_import(Path(name))
    if not job.wait(300):
        job.cancel()
        print("smoke import: no answer in 300 s")
        return 1
    try:
        tape = job.result()
    except Exception as exc:  # noqa: BLE001 - said, as the import screen would
        print(f"smoke import: {type(exc).__name__}: {exc}")
        return 1
    print(f"smoke import: {len(tape)} hands read in a child process (window pid {os.getpid()})")
    return 0
