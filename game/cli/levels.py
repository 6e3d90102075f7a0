"""``python -m game levels check``: load every tutorial level, play it through the engine, and
print one line per disagreement (exit 1), so a level can never teach what the engine would not do.
``levels list`` prints the levels by profile."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

DEFAULT_SEEDS = Path("/work/shared/seeds")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=("check", "list"), help="check: judge every level; list: name them")
    parser.add_argument("--dir", type=Path, default=None, help="the levels folder (default: levels/)")
    parser.add_argument("--seeds", type=Path, default=None,
                        help="folder of rulebook seed texts to verify citations against (default: "
                             "$ATLAS_SEEDS, else /work/shared/seeds when present)")


def run(args: argparse.Namespace) -> int:
    from game.tutorial.judge import check_all
    from game.tutorial.level import load_all, text

    if args.what == "list":
        catalogue = load_all(args.dir)
        for level in catalogue.levels:
            print(f"{level.profile:<10} {level.id:<36} {text(level.title, 'en')}")
        for err in catalogue.broken:
            print(f"broken     {err}")
        return 1 if catalogue.broken else 0
    seeds = args.seeds or (Path(os.environ["ATLAS_SEEDS"]) if os.environ.get("ATLAS_SEEDS") else None)
    if seeds is None and DEFAULT_SEEDS.is_dir():
        seeds = DEFAULT_SEEDS
    count, failures = check_all(args.dir, seeds=seeds)
    for line in failures:
        print(line)
    print(f"{count} levels, {len(failures)} failures" + ("" if seeds else " (citations not verified: no seed texts)"))
    return 1 if failures else 0
