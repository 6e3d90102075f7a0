"""``python -m game counterfactual``: where hard's choice differs from normal's, which did better.

Plays seat-rotated hard + 3 normal hanchan (riichi). At every decision of hard's (not in riichi,
more than one legal action) where a shadow normal seat, shown the same observation, would act
otherwise, both actions are played out to the hand's end once per re-deal
(:func:`game.ai.rollout.paired_deltas`: the live wall's rest shuffled alike for both, the same
seats after), and the difference of hard's points (hard's action minus normal's) is kept. The
decisions are grouped by what a strong player would ask first: a turn or a claim, the threat
(``riichi``, a serious ``open`` hand, ``none``), hard's best shanten, the stage of the hand
(``early`` > 40 live tiles, ``mid`` > 20, ``late``) and the two actions' kinds. A group whose mean
is below zero, its interval clear of it, is where hard loses to the simpler choice.

Points to the hand's end only: placement is not in it (read the sim's ranks for that). The
figures are noisy (one hand's swing is thousands of points): groups of a few dozen decisions say
little. Seeds 1000-1399 are the evaluation seeds, so look elsewhere (3000+).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai import defence
from game.ai.levels import LevelBot, make_seat
from game.ai.rollout import paired_deltas
from game.cli.parallel import default_jobs, jobs_argument, run_ordered
from game.cli.sim import schedule
from game.engine import Match
from game.engine.observation import Observation
from game.engine.profile import load_profile
from game.engine.shanten import discard_shanten, shanten

LINEUP = ["hard", "normal", "normal", "normal"]
Z95 = 1.96


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=3000, help="first match seed")
    parser.add_argument("--games", type=int, default=5, help="seeds (four seat-rotated hanchan each)")
    parser.add_argument("--rollouts", type=int, default=4, help="re-deals per differing decision")
    parser.add_argument("--jobs", type=jobs_argument, default=default_jobs(), help="worker processes")
    parser.add_argument("--out", type=Path, default=None, help="also write every decision as a JSON line here")
    parser.add_argument("--min", type=int, default=10, help="print groups of at least this many decisions")


def situation(obs: Observation, hard: LevelBot) -> dict[str, Any]:
    """What the decision faced: threat, hard's best shanten, stage of the hand."""
    threats = hard.threats(obs)
    threat = "riichi" if any(t.riichi for t in threats) else "open" if defence.serious(threats) else "none"
    melds = obs.me.melds
    counts = [0] * 34
    for t in obs.hand:
        if t >> 2 < 34:
            counts[t >> 2] += 1
    sets = hard.profile.win.sets - len(melds)
    specials = (not melds and hard.profile.win.chiitoitsu, not melds and hard.profile.win.kokushi)
    if obs.phase == "turn":
        sh = min((s for _, s in discard_shanten(counts, sets, *specials)), default=9)
    else:
        sh = shanten(counts, sets, *specials)
    left = obs.live_tiles_left
    return {"threat": threat, "shanten": min(sh, 3), "stage": "early" if left > 40 else "mid" if left > 20 else "late"}


def play_match(task: tuple[int, list[str], int, int]) -> list[dict[str, Any]]:
    """One hanchan: every differing decision of hard's with its paired rollouts."""
    seed, names, index, rollouts = task
    profile = load_profile("riichi")
    match = Match(profile, seed)
    seats = [make_seat(n, seed, s, profile) for s, n in enumerate(names)]
    me = names.index("hard")
    hard = seats[me]
    assert isinstance(hard, LevelBot)
    shadow = LevelBot("normal", seed + 7, me, profile)
    out: list[dict[str, Any]] = []
    while not match.is_over:
        s = match.awaiting()[0]
        obs = match.observe(s)
        act = seats[s].decide(obs)
        if s == me and not obs.me.riichi and len(obs.legal_actions) > 1:
            other = shadow.decide(obs)
            if other != act:
                base = (seed * 1_000_003 + index * 10_007 + len(out) * 101) % (1 << 31)
                pairs = paired_deltas(match, me, act, other, names, [base + j for j in range(rollouts)], profile)
                out.append({
                    "seed": seed, "phase": "turn" if obs.phase == "turn" else "claim",
                    "hard": act.kind.value, "normal": other.kind.value, **situation(obs, hard),
                    "diff": statistics.fmean(a - b for a, b in pairs),
                })
        match.apply(act)
    return out


def summary(rows: Sequence[dict[str, Any]], least: int) -> list[dict[str, Any]]:
    """Mean hard − normal per group (and the wider groups), worst first."""
    groups: dict[tuple[str, ...], list[float]] = defaultdict(list)
    for r in rows:
        acts = f"{r['hard']}>{r['normal']}"
        keys = [
            ("all",),
            (r["phase"],),
            (r["phase"], r["threat"]),
            (r["phase"], r["threat"], f"sh{r['shanten']}"),
            (r["phase"], r["threat"], f"sh{r['shanten']}", r["stage"]),
            (r["phase"], acts),
        ]
        for k in keys:
            groups[k].append(float(r["diff"]))
    out = []
    for k, v in groups.items():
        if len(v) < max(2, least):
            continue
        mean = statistics.fmean(v)
        half = Z95 * statistics.stdev(v) / math.sqrt(len(v))
        out.append({"group": " ".join(k), "n": len(v), "mean": round(mean), "ci95": round(half)})
    return sorted(out, key=lambda g: g["mean"] - g["ci95"])


def run(args: argparse.Namespace) -> int:
    plan = schedule(args.games, args.seed, LINEUP, True)
    tasks = [(s, names, i, args.rollouts) for i, (s, names) in enumerate(plan)]
    rows: list[dict[str, Any]] = []
    for got in run_ordered(play_match, tasks, args.jobs, label="counterfactual"):
        rows += got
    if args.out is not None:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    print(json.dumps({"hanchan": len(plan), "decisions": len(rows), "rollouts": args.rollouts,
                      "groups": summary(rows, args.min)}, indent=1))
    return 0

