"""``python -m game sim-compare A.json B.json``: two ``sim --ranks`` runs on the same seeds, paired.

Two arms played on the same seeds meet the same walls, so the difference of a seat's result seed
by seed varies far less than either arm's result: its mean has a much tighter interval than the
two means compared as independent samples. For every seed both runs played, the seat's average
rank (and final points) over that seed's matches (four with ``--rotate``) is taken in each run;
the figure is the mean of B − A over the seeds with its 95 % interval (normal approximation, the
seeds as independent samples). A negative rank difference means B placed better.

``--name`` picks the seat name in A (default: the first seat of A); ``--name-b`` the one in B
(default: the same name). One JSON object is printed.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

Z95 = 1.96


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", type=Path, help="the base arm: JSON printed by sim --ranks")
    parser.add_argument("b", type=Path, help="the other arm, played on the same seeds")
    parser.add_argument("--name", default="", help="the seat name compared in A (default: A's first seat)")
    parser.add_argument("--name-b", default="", help="the seat name compared in B (default: --name)")


def per_seed(run: Mapping[str, Any], name: str, field: str) -> dict[int, float]:
    """The mean of ``field`` (``ranks`` or ``points``) of the seats named ``name``, seed by seed."""
    if "matches" not in run:
        raise ValueError("the run has no per-match results: play it with sim --ranks")
    got: dict[int, list[float]] = defaultdict(list)
    for m in run["matches"]:
        for s, seat_name in enumerate(m["seats"]):
            if seat_name == name:
                got[int(m["seed"])].append(float(m[field][s]))
    if not got:
        raise ValueError(f"no seat is named {name!r} in the run")
    return {seed: sum(v) / len(v) for seed, v in got.items()}


def paired(a: Mapping[str, Any], b: Mapping[str, Any], name_a: str, name_b: str, field: str) -> dict[str, float | int]:
    """Mean of B − A over the seeds both runs played, its 95 % half-width, and each arm's mean there."""
    xa = per_seed(a, name_a, field)
    xb = per_seed(b, name_b, field)
    seeds = sorted(set(xa) & set(xb))
    if len(seeds) < 2:
        raise ValueError("the runs share fewer than two seeds: play both on the same --seed and --games")
    diffs = [xb[s] - xa[s] for s in seeds]
    return {
        "seeds": len(seeds),
        "a": round(statistics.fmean(xa[s] for s in seeds), 4),
        "b": round(statistics.fmean(xb[s] for s in seeds), 4),
        "diff": round(statistics.fmean(diffs), 4),
        "ci95": round(Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)), 4),
    }


def compare(a: Mapping[str, Any], b: Mapping[str, Any], name_a: str = "", name_b: str = "") -> dict[str, Any]:
    name_a = name_a or a["seats"][0]
    name_b = name_b or name_a
    return {
        "name_a": name_a,
        "name_b": name_b,
        "rank": paired(a, b, name_a, name_b, "ranks"),
        "points": paired(a, b, name_a, name_b, "points"),
    }


def run(args: argparse.Namespace) -> int:
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in (args.a, args.b)]
    try:
        result = compare(runs[0], runs[1], args.name, args.name_b)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
