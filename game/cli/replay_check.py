"""``replay-check FILE...``: replay tenhou.net/6 or mjai logs through the engine, hand by hand.

The format is detected: a JSON object with ``"log"`` is tenhou.net/6, JSON lines are mjai. Each
hand is replayed on its own (:mod:`game.engine.logs.replay`) and the first divergence is named.
Prints ``ok FILE`` when every hand replays exactly, else one line per diverging hand
``FILE: hand N (E1-0): first divergence: ...``. Exit 0 all ok, 1 when a hand diverges, 2 when a
file cannot be read or is not a valid log (one line on stderr; the other files are still checked).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.engine.errors import AtlasError
from game.engine.logs import read_log, replay_match
from game.engine.profile import load_profile


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", metavar="FILE", nargs="+", help="a tenhou.net/6 JSON or mjai JSON-lines log")
    parser.add_argument("--rules", default="riichi", help="the rule profile to replay under (default: riichi)")


def run(args: argparse.Namespace) -> int:
    profile = load_profile(args.rules)
    status = 0
    for name in args.files:
        try:
            text = Path(name).read_text(encoding="utf-8")
            reports = replay_match(read_log(text), profile)
        except (AtlasError, OSError, UnicodeDecodeError) as exc:
            print(f"error: {name}: {exc}", file=sys.stderr)
            status = 2
            continue
        bad = [r for r in reports if not r.ok]
        for r in bad:
            print(f"{name}: hand {r.index} ({r.label}): first divergence: {r.divergence}")
        if not bad:
            print(f"ok {name} ({len(reports)} hands)")
        elif status == 0:
            status = 1
    return status
