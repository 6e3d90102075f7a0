"""``python -m game demo``: four AI seats play with full animation headless, saving PNG frames.

The way to see the table without a display: look at the frames before calling a screen done.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="riichi", help="rule profile id")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play at 60 fps")
    parser.add_argument("--screenshots", type=Path, required=True, help="folder for the PNG frames")
    parser.add_argument("--every", type=int, default=30, help="save every K-th frame")
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 1920x1080")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.engine.profile import load_profile
    from game.ui.table.demo import run_demo

    load_profile(args.profile)  # an unknown profile is one line and exit 2, before any window
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"error: --size {args.size!r} is not WIDTHxHEIGHT")
        return 2
    written = run_demo(args.profile, args.seed, args.seconds, args.screenshots, args.every, (width, height))
    print(f"{len(written)} frames in {args.screenshots}")
    return 0
