"""``python -m game soak``: play many matches with mixed seats, check the engine's invariants
after every action and the record's replay at the end, and print one JSON summary.

Seats follow a fixed cycle of :data:`TABLES` (see :func:`seating`): most matches seat only the fast
baselines (``random`` and ``efficiency``), which play the most actions per second, and every AI
level sits at a fixed share of the tables (alone among baselines, and all three together), rotated
through every seat. The summary's ``seat_mix`` counts the matches each seat kind played in.

After each action :class:`game.engine.invariants.MatchChecker` checks tile conservation, hand
sizes, score sums and awaited/legal-action consistency; the notation round trip of each distinct
legal action once per hand; and, on a fixed sample of one state in ``--accept-every``, that every
legal action of every awaited seat is accepted by a copy of the match that keeps the invariants.
At the end the record is replayed and must reach the same state hash. A failure is listed with
its match seed and action index (``--seed`` plus the match number is the seed, and the seed also
picks the seats, so ``--games 1 --seed <seed>`` reproduces it) and the command exits 1.

``--max-hands`` caps the hands of one match (default 200, far beyond a real hanchan): in the
Taiwanese profile the dealer keeps the deal on drawn hands, so four weak seats could go on for a
very long time. A capped match still has its record replayed and is counted in ``capped``.
``--budget`` stops starting matches after that many seconds (long runs on a shared machine).
``--jobs N`` plays the matches in N processes (default: the CPU count), merged in seed order: the
figures are those of ``--jobs 1`` (with a budget, the matches that started in time).
Progress goes to stderr; stdout carries only the JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Seat
from game.ai.levels import LEVELS, make_seat
from game.cli.parallel import default_jobs, jobs_argument, run_ordered
from game.engine import Match, replay
from game.engine.errors import AtlasError
from game.engine.invariants import MatchChecker
from game.engine.profile import RuleProfile, load_profile, load_profile_file

FAST = ("random", "efficiency")
SEAT_POOL = (*FAST, *LEVELS)
# One cycle of tables; match ``g`` sits at table ``g % len(TABLES)``, its seats turned by one
# every cycle. The baselines decide about five times faster than the levels, so thirteen tables of
# twenty seat only them; each level sits at three tables of twenty (15 % of the matches): alone
# among baselines at two, and with the two other levels at the third. No table seats more than two
# random seats: random play almost never wins, and under a rulebook whose dealer keeps the deal on
# a drawn hand (Taiwanese) a table of random seats would never finish its match.
TABLES: tuple[tuple[str, str, str, str], ...] = (
    ("random", "efficiency", "random", "efficiency"),
    ("efficiency", "efficiency", "random", "random"),
    ("efficiency", "efficiency", "efficiency", "efficiency"),
    ("random", "efficiency", "efficiency", "efficiency"),
    ("efficiency", "random", "efficiency", "efficiency"),
    ("efficiency", "random", "random", "efficiency"),
    ("random", "efficiency", "efficiency", "random"),
    ("easy", "random", "efficiency", "efficiency"),
    ("efficiency", "normal", "random", "efficiency"),
    ("efficiency", "random", "hard", "efficiency"),
    ("easy", "normal", "hard", "random"),
    ("efficiency", "efficiency", "random", "efficiency"),
    ("random", "efficiency", "efficiency", "random"),
    ("efficiency", "efficiency", "efficiency", "random"),
    ("random", "efficiency", "random", "efficiency"),
    ("efficiency", "random", "efficiency", "random"),
    ("random", "efficiency", "efficiency", "easy"),
    ("normal", "efficiency", "random", "efficiency"),
    ("efficiency", "hard", "efficiency", "random"),
    ("efficiency", "efficiency", "random", "efficiency"),
)
ACCEPT_EVERY = 200  # default: one state in 200 applies every legal action to a copy


@dataclass
class SoakTotals:
    games: int = 0
    hands: int = 0
    actions: int = 0
    invariant_checks: int = 0
    notation_checks: int = 0
    accept_checks: int = 0
    replays: int = 0
    capped: int = 0
    seat_mix: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)
    cpu_seconds: float = 0.0  # CPU time of the matches, in whichever process played them

    def add(self, other: SoakTotals) -> None:
        self.games += other.games
        self.hands += other.hands
        self.actions += other.actions
        self.invariant_checks += other.invariant_checks
        self.notation_checks += other.notation_checks
        self.accept_checks += other.accept_checks
        self.replays += other.replays
        self.capped += other.capped
        self.seat_mix.update(other.seat_mix)
        self.failures += other.failures
        self.cpu_seconds += other.cpu_seconds


def seating(game: int) -> list[str]:
    """The four seat kinds of match ``game``: its table of the cycle, turned one seat per cycle."""
    table = TABLES[game % len(TABLES)]
    turn = game // len(TABLES) % 4
    return [table[(s + turn) % 4] for s in range(4)]


def soak_match(
    profile: RuleProfile,
    seed: int,
    names: list[str],
    totals: SoakTotals,
    *,
    max_hands: int,
    accept_every: int = ACCEPT_EVERY,
) -> None:
    """Play one match, checking after every action; add its figures and failures to ``totals``."""
    failures = totals.failures
    index = -1
    for name in set(names):
        totals.seat_mix[name] += 1
    checker: MatchChecker | None = None
    try:
        match = Match(profile, seed)
        seats: list[Seat] = [make_seat(n, seed, s, profile) for s, n in enumerate(names)]
        checker = MatchChecker(match, accept_every=accept_every)
        for message in checker.check(match, -1):
            failures.append({"seed": seed, "action_index": -1, "message": message})
        totals.invariant_checks += 1
        index = 0
        while not match.is_over and (max_hands <= 0 or match.hand_index < max_hands):
            seat = match.awaiting()[0]
            action = seats[seat].decide(match.observe(seat))
            match.apply(action)
            totals.actions += 1
            totals.invariant_checks += 1
            problems = checker.check(match, index)
            for message in problems:
                failures.append({"seed": seed, "action_index": index, "message": f"after {action}: {message}"})
            if problems:
                break  # the state is wrong: what follows would only repeat it
            index += 1
        else:
            if not match.is_over:
                totals.capped += 1  # stopped by --max-hands, not by a failure
        totals.hands += match.hand_index
        again = replay(match.record, profile)
        totals.replays += 1
        if again.state_hash() != match.state_hash():
            failures.append({"seed": seed, "action_index": index, "message": "replay reaches another state hash"})
    except (AtlasError, Exception) as exc:  # any crash is a finding, not the end of the soak
        where = traceback.extract_tb(exc.__traceback__)[-1]
        failures.append(
            {
                "seed": seed,
                "action_index": index,
                "message": f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})",
            }
        )
    if checker is not None:
        totals.notation_checks += checker.notation_checks
        totals.accept_checks += checker.accept_checks
    totals.games += 1


@dataclass(frozen=True)
class _SoakTask:
    profile: RuleProfile
    seed: int
    max_hands: int
    accept_every: int
    deadline: float  # wall-clock time (time.time) after which the match is not started; 0: none


def _soak_one(task: _SoakTask) -> SoakTotals | None:
    """One match of the soak, in whichever process runs it (None: the budget ran out first)."""
    if task.deadline and time.time() >= task.deadline:
        return None
    totals = SoakTotals()
    cpu = time.process_time()
    soak_match(
        task.profile, task.seed, seating(task.seed), totals, max_hands=task.max_hands, accept_every=task.accept_every
    )
    totals.cpu_seconds = time.process_time() - cpu
    return totals


def soak(
    profile: RuleProfile,
    games: int,
    seed: int,
    *,
    max_hands: int = 200,
    budget: float = 0.0,
    progress: bool = False,
    accept_every: int = ACCEPT_EVERY,
    jobs: int = 1,
) -> dict[str, Any]:
    """Play ``games`` matches (fewer when ``budget`` seconds run out first: no match starts after).

    Match ``g`` has seed ``seed + g`` and the seats of :func:`seating` of ``seed + g``: a match's
    seed alone names its seats."""
    totals = SoakTotals()
    start = time.perf_counter()
    deadline = time.time() + budget if budget > 0 else 0.0
    tasks = [_SoakTask(profile, seed + g, max_hands, accept_every, deadline) for g in range(games)]

    def line(done: int, total: int, elapsed: float) -> str:
        return f"{totals.actions} actions, {len(totals.failures)} failures"

    for one in run_ordered(_soak_one, tasks, jobs, label=f"soak {profile.id}", progress=line if progress else None):
        if one is not None:
            totals.add(one)
    seconds = time.perf_counter() - start
    cpu_seconds = totals.cpu_seconds
    return {
        "profile": profile.id,
        "seed": seed,
        "games": totals.games,
        "hands": totals.hands,
        "actions": totals.actions,
        "invariant_checks": totals.invariant_checks,
        "notation_checks": totals.notation_checks,
        "accept_every": accept_every,
        "accept_checks": totals.accept_checks,
        "replays": totals.replays,
        "capped": totals.capped,
        "max_hands": max_hands,
        "seat_mix": {name: totals.seat_mix[name] for name in SEAT_POOL},
        "failures": totals.failures,
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),  # the rates below are per CPU second: a shared machine
        "matches_per_second": round(totals.games / cpu_seconds, 3) if cpu_seconds else 0.0,
        "actions_per_second": round(totals.actions / cpu_seconds, 1) if cpu_seconds else 0.0,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="riichi", help="rule profile id or .toml file (default riichi)")
    parser.add_argument("--games", type=int, default=10, help="matches to play (match g uses seed + g)")
    parser.add_argument("--seed", type=int, default=0, help="first match seed (it also picks the seats)")
    parser.add_argument(
        "--max-hands", type=int, default=200,
        help="stop a match after this many hands (0: no cap); capped matches are still replayed",
    )
    parser.add_argument(
        "--budget", type=float, default=0.0,
        help="seconds after which no further match starts (0: play all --games)",
    )
    parser.add_argument(
        "--accept-every", type=int, default=ACCEPT_EVERY,
        help=f"apply every legal action to a copy at one state in N (fixed sample; 0: never; default {ACCEPT_EVERY})",
    )
    parser.add_argument(
        "--jobs", type=jobs_argument, default=default_jobs(),
        help="worker processes (default: the CPU count); the figures do not depend on it",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def run(args: argparse.Namespace) -> int:
    name: str = args.profile
    profile = load_profile_file(Path(name)) if name.endswith(".toml") else load_profile(name)
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    result = soak(
        profile, args.games, args.seed,
        max_hands=args.max_hands, budget=args.budget, progress=not args.quiet, accept_every=args.accept_every,
        jobs=args.jobs,
    )
    print(json.dumps(result))
    return 1 if result["failures"] else 0
