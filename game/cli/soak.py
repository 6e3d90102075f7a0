"""``python -m game soak``: play many matches with mixed seats, check the engine's invariants
after every action and the record's replay at the end, and print one JSON summary.

Seats rotate per match through ``random``, ``efficiency`` and every AI level, so every seat kind
meets every other one from every seat. After each action :mod:`game.engine.invariants` checks tile
conservation, hand sizes, score sums and legal-action consistency; at the end the record is
replayed and must reach the same state hash. A failure is listed with its match seed and action
index (``--seed`` plus the match number is the seed, so ``--games 1 --seed <seed>`` reproduces
it) and the command exits 1.

``--max-hands`` caps the hands of one match (default 200, far beyond a real hanchan): in the
Taiwanese profile the dealer keeps the deal on drawn hands, so four weak seats could go on for a
very long time. A capped match still has its record replayed and is counted in ``capped``.
``--budget`` stops starting matches after that many seconds (long runs on a shared machine).
Progress goes to stderr; stdout carries only the JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Seat
from game.ai.levels import LEVELS, make_seat
from game.engine.errors import AtlasError
from game.engine.invariants import check_all, starting_total
from game.engine.match import Match, replay
from game.engine.profile import RuleProfile, load_profile, load_profile_file

SEAT_POOL = ("random", "efficiency", *LEVELS)
PROGRESS_SECONDS = 10.0


@dataclass
class SoakTotals:
    games: int = 0
    hands: int = 0
    actions: int = 0
    invariant_checks: int = 0
    replays: int = 0
    capped: int = 0
    failures: list[dict[str, Any]] = field(default_factory=list)


def seating(game: int) -> list[str]:
    """The four seat kinds of match ``game``: the pool rotated one step per match."""
    return [SEAT_POOL[(game + s) % len(SEAT_POOL)] for s in range(4)]


def soak_match(profile: RuleProfile, seed: int, names: list[str], totals: SoakTotals, *, max_hands: int) -> None:
    """Play one match, checking after every action; add its figures and failures to ``totals``."""
    failures = totals.failures
    index = -1
    try:
        match = Match(profile, seed)
        seats: list[Seat] = [make_seat(n, seed, s, profile) for s, n in enumerate(names)]
        total = starting_total(match)
        index = 0
        for message in check_all(match, total):
            failures.append({"seed": seed, "action_index": -1, "message": message})
        totals.invariant_checks += 1
        while not match.is_over and (max_hands <= 0 or match.hand_index < max_hands):
            seat = match.awaiting()[0]
            action = seats[seat].decide(match.observe(seat))
            match.apply(action)
            totals.actions += 1
            totals.invariant_checks += 1
            problems = check_all(match, total)
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
    totals.games += 1


def soak(
    profile: RuleProfile,
    games: int,
    seed: int,
    *,
    max_hands: int = 200,
    budget: float = 0.0,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` matches (fewer when ``budget`` seconds run out first: no match starts after)."""
    totals = SoakTotals()
    start = time.perf_counter()
    last = start
    for g in range(games):
        if budget > 0 and time.perf_counter() - start >= budget:
            break
        soak_match(profile, seed + g, seating(g), totals, max_hands=max_hands)
        now = time.perf_counter()
        if progress and (now - last >= PROGRESS_SECONDS or g + 1 == games):
            last = now
            print(
                f"soak {profile.id}: {g + 1}/{games} matches, {totals.actions} actions, "
                f"{len(totals.failures)} failures, {now - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    return {
        "profile": profile.id,
        "seed": seed,
        "games": totals.games,
        "hands": totals.hands,
        "actions": totals.actions,
        "invariant_checks": totals.invariant_checks,
        "replays": totals.replays,
        "capped": totals.capped,
        "max_hands": max_hands,
        "failures": totals.failures,
        "seconds": round(time.perf_counter() - start, 3),
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="riichi", help="rule profile id or .toml file (default riichi)")
    parser.add_argument("--games", type=int, default=10, help="matches to play (match g uses seed + g)")
    parser.add_argument("--seed", type=int, default=0, help="first match seed")
    parser.add_argument(
        "--max-hands", type=int, default=200,
        help="stop a match after this many hands (0: no cap); capped matches are still replayed",
    )
    parser.add_argument(
        "--budget", type=float, default=0.0,
        help="seconds after which no further match starts (0: play all --games)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def run(args: argparse.Namespace) -> int:
    name: str = args.profile
    profile = load_profile_file(Path(name)) if name.endswith(".toml") else load_profile(name)
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    result = soak(profile, args.games, args.seed, max_hands=args.max_hands, budget=args.budget, progress=not args.quiet)
    print(json.dumps(result))
    return 1 if result["failures"] else 0
