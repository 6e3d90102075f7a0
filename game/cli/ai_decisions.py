"""``python -m game ai-decisions record|check|diff``: hard's decisions on seeded hands.

``record`` writes a decision set (see :mod:`game.ai.decision_set`; the project keeps one at
:data:`GOLDEN`); ``check`` replays it and exits 1 when hard now decides otherwise anywhere, listing
where; ``diff`` prints the same as figures (how many states changed, by kind of action) without
failing, to see what a change to hard's judgement changes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from game.ai import decision_set

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "golden" / "hard_decisions.json.gz"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["record", "check", "diff"])
    parser.add_argument("--file", type=Path, default=GOLDEN, help=f"the decision set (default {GOLDEN.name})")
    parser.add_argument("--limit", type=int, default=None, help="check only the first N matches of the set")
    parser.add_argument("--seed", type=int, default=0, help="first match seed (record)")


def run(args: argparse.Namespace) -> int:
    if args.action == "record":
        data = decision_set.record(seed=args.seed)
        decision_set.save(data, args.file)
        states = sum(len(m["actions"]) for m in data["matches"])
        print(json.dumps({"file": str(args.file), "matches": len(data["matches"]), "hands": decision_set.hands(data),
                          "states": states}))
        return 0
    try:
        data = decision_set.load(args.file)
    except (OSError, ValueError) as exc:
        print(f"error: cannot read the decision set: {exc}", file=sys.stderr)
        return 2
    states, diffs = decision_set.check(data, limit=args.limit)
    by_kind = Counter(f"{d.expected.split(' ')[0].split(':')[1]}->{d.now.split(' ')[0].split(':')[1]}" for d in diffs)
    print(json.dumps({"states": states, "hands": decision_set.hands(data), "changed": len(diffs),
                      "changed_share": round(len(diffs) / max(1, states), 4), "by_kind": dict(by_kind.most_common())}))
    if args.action == "check":
        for d in diffs[:50]:
            print(f"{d.profile} seed {d.seed} action {d.index} seat {d.seat}: expected {d.expected}, now {d.now}",
                  file=sys.stderr)
        return 1 if diffs else 0
    return 0
