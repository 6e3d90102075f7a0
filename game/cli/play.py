"""``python -m game play``: open the game window."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smoke", action="store_true", help="run headless for a few frames and exit")
    parser.add_argument("--frames", type=int, default=120, help="frames to run in --smoke mode")
    parser.add_argument("--screenshot", default="", help="save the last frame to this PNG file")


def run(args: argparse.Namespace) -> int:
    from game import runlog
    from game.ui.app import run_app

    runlog.start("smoke" if args.smoke else "play")

    return run_app(smoke=args.smoke, frames=args.frames, screenshot=args.screenshot)
