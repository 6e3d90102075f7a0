"""``python -m game bench engine|scene``: benchmarks that print one JSON object of figures.

Benchmarks are not tests: they measure, they do not judge. Run them before and after a change to a
hot path (the engine's apply, shanten and waits, the AI's inner loop, the frame loop) and compare
medians from one run; this machine's timings are noisy.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.profile import RuleProfile


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        choices=["engine", "scene", "render", "ai", "first-turn", "startup", "memory"],
        help="engine: shanten, apply, hanchan/s; scene: the scene graph; render: the table's frames; "
        "ai: decision times per level; first-turn: from a new match at Normal speed to the human's "
        "first discard; startup: CPU from process start to the title's first frame and to the first "
        "turn of a Continue, in fresh processes; memory: a running table's peak RSS and four hard seats' RSS "
        "over --games hanchan (default 400 for memory)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=None,
                        help="hanchan per bot kind (engine, default 6; with --vs: per efficiency loop, "
                        "4x that per random loop); hard hanchan (memory, default 400)")
    parser.add_argument("--table-hands", type=int, default=3, help="hands the table plays (memory)")
    parser.add_argument("--hands", type=int, default=20000, help="random hands for shanten (engine)")
    parser.add_argument("--profile", default="riichi")
    parser.add_argument("--runs", type=int, default=5, help="fresh starts of each kind (startup)")
    parser.add_argument(
        "--vs",
        metavar="PYTHON",
        help="engine: instead of the engine's figures, our random and efficiency hanchan loops against "
        "the peers' (RiichiEnv, mjx, jansou) installed in the virtual environment of this interpreter, "
        "interleaved, in CPU time (see game/cli/bench_peers.py)",
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of every loop (--vs)")
    parser.add_argument(
        "--hard-games", type=int, default=HARD_RATE_GAMES,
        help="ai: hanchan of four hard seats for the rate (own seeds, none the decision timing plays)",
    )


def run(args: argparse.Namespace) -> int:
    figures: Mapping[str, object]
    memory_games = args.games if args.games is not None else 400
    if args.games is None:
        args.games = 6
    if args.target == "engine" and args.vs:
        from game.cli.bench_peers import bench_vs, check_peer_python

        problem = check_peer_python(args.vs)
        if problem is not None:
            print(problem, file=sys.stderr)
            return 2
        figures = bench_vs(args.vs, args.profile, args.games, args.seed, max(1, args.rounds))
    elif args.target == "engine":
        figures = bench_engine(args.profile, args.games, args.hands, args.seed)
    elif args.target == "scene":
        from game.scene.bench import bench_scene

        figures = bench_scene(300, 300)
    elif args.target == "render":
        import os

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.ui.table.bench import bench_render

        figures = bench_render(240)
    elif args.target == "first-turn":
        import os

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.ui.table.bench import bench_first_turn

        figures = bench_first_turn()
    elif args.target == "memory":
        from game.cli.bench_memory import bench_memory

        figures = bench_memory(args.table_hands, memory_games, args.seed, args.profile)
    elif args.target == "startup":
        from game.cli.bench_startup import bench_startup

        figures = bench_startup(args.runs)
    else:
        figures = bench_ai(args.profile, args.games, args.seed, hard_games=args.hard_games)
    print(json.dumps(figures, indent=2))
    return 0


def bench_engine(profile_id: str, games: int, hands: int, seed: int) -> dict[str, float]:
    from game.cli.bench_shanten import bench_shanten

    shanten_figures = bench_shanten(hands, seed)
    # the rate is measured with no clock inside the loop; the per-call medians in a second pass
    capped: list[int] = []
    random_rate, _, _ = _hanchan_rate(profile_id, "random", games, seed, time_apply=False, capped=capped)
    _, apply_us, observe_us = _hanchan_rate(profile_id, "random", max(2, games // 2), seed, time_apply=True)
    efficiency_rate, _, _ = _hanchan_rate(profile_id, "efficiency", games, seed, time_apply=False)
    return {
        "shanten_us_median": shanten_figures["shanten_us_median"],
        **{k: v for k, v in shanten_figures.items() if k != "shanten_us_median"},
        "apply_us_median": apply_us,
        "observe_us_median": observe_us,
        "hanchan_per_s_random": random_rate,
        "random_matches_capped": float(len(capped)),
        "hanchan_per_s_efficiency": efficiency_rate,
        **_other_profiles(profile_id, max(2, games // 2), seed),
    }


HAND_CAP = 16  # Taiwanese and Hong Kong random seats rarely end a match (the dealer keeps the deal on a draw)
# A match of four random seats stops here: under Hong Kong's 3-fan minimum random play never wins,
# and a drawn hand keeps the deal, so its match would never end (the soak's --max-hands default).
MATCH_HAND_CAP = 200


def _other_profiles(main: str, games: int, seed: int) -> dict[str, float]:
    """The other rulebooks' speed: hanchan/s with four efficiency bots, and hands/s with four
    random bots over matches cut at ``HAND_CAP`` hands (the rate a hanchan cannot give there)."""
    out: dict[str, float] = {}
    from game.engine.profile import available_profiles

    for profile_id in available_profiles():  # every shipped rulebook: a new one is measured at once
        if profile_id == main:
            continue
        rate, _, _ = _hanchan_rate(profile_id, "efficiency", games, seed, time_apply=False)
        out[f"hanchan_per_s_efficiency_{profile_id}"] = rate
        out[f"hands_per_s_random_{profile_id}"] = _hands_rate(profile_id, games, seed)
    return out


def _hands_rate(profile_id: str, games: int, seed: int) -> float:
    from game.ai.baseline import RandomBot
    from game.engine import Match
    from game.engine.profile import load_profile

    profile = load_profile(profile_id)
    hands = 0
    start = time.process_time()
    for g in range(games):
        s = seed * 1000 + g
        match = Match(profile, s)
        bots = [RandomBot(s, seat) for seat in range(4)]
        while not match.is_over and match.hand_index < HAND_CAP:
            seat = match.awaiting()[0]
            match.apply(bots[seat].decide(match.observe(seat)))
        hands += match.hand_index
    return hands / (time.process_time() - start)


def _hanchan_rate(
    profile_id: str, bot: str, games: int, seed: int, *, time_apply: bool, capped: list[int] | None = None
) -> tuple[float, float, float]:
    """Hanchan per CPU second with four bots of one kind (one core), and the median apply and
    observe times (µs, when ``time_apply``). A match stops at ``MATCH_HAND_CAP`` hands (its seed
    goes into ``capped``)."""
    from game.ai.baseline import EfficiencyBot, RandomBot
    from game.engine import Match
    from game.engine.profile import load_profile

    profile = load_profile(profile_id)
    samples: list[int] = []
    observe_samples: list[int] = []
    clock = time.perf_counter_ns
    start = time.process_time()  # CPU time: other processes on the machine do not inflate it
    for g in range(games):
        s = seed * 1000 + g
        match = Match(profile, s)
        bots = [
            RandomBot(s, seat) if bot == "random" else EfficiencyBot(s, seat, sets=profile.win.sets)
            for seat in range(4)
        ]
        while not match.is_over and match.hand_index < MATCH_HAND_CAP:
            seat = match.awaiting()[0]
            if time_apply:
                t0 = clock()
                obs = match.observe(seat)
                observe_samples.append(clock() - t0)
                action = bots[seat].decide(obs)
                t0 = clock()
                match.apply(action)
                samples.append(clock() - t0)
            else:
                match.apply(bots[seat].decide(match.observe(seat)))
        if not match.is_over and capped is not None:
            capped.append(s)
    elapsed = time.process_time() - start
    median_us = statistics.median(samples) / 1000 if samples else 0.0
    observe_us = statistics.median(observe_samples) / 1000 if observe_samples else 0.0
    return games / elapsed, median_us, observe_us


# Four hard seats' rate is read over this many hanchan: one hanchan's CPU runs 0.14-0.84 s (seeds
# 1000-1099), so 3 hanchan ranged 1.49-3.79 hanchan/CPU-s by the deals alone and 16 only 1.87-2.32
# (100 hanchan: 2.07). Its seeds start at ``HARD_RATE_SEED_OFFSET`` past the decision timing's: the
# timing plays the first hands of its seeds, and replaying the very deals after it ran faster
HARD_RATE_GAMES = 16
HARD_RATE_SEED_OFFSET = 500
HARD_RATE_PARTS = 4


def bench_ai(profile_id: str, games: int, seed: int, *, hard_games: int = HARD_RATE_GAMES) -> dict[str, float]:
    """Decision time per AI level (median and p99 in ms), four seats of one level per game; then
    four hard seats' hanchan per CPU second over ``hard_games`` hanchan of seeds of their own, with
    the slowest and the fastest of its four parts (how much the deals alone move the figure)."""
    from game.ai.levels import make_seat
    from game.engine import Match
    from game.engine.profile import load_profile

    profile = load_profile(profile_id)
    out: dict[str, float] = {}
    for level in ("easy", "normal", "hard"):
        samples: list[float] = []
        for g in range(max(1, games // 3)):
            s = seed * 1000 + g
            match = Match(profile, s)
            seats = [make_seat(level, s, seat, profile) for seat in range(4)]
            hands = 0
            while not match.is_over and hands < 4:
                seat = match.awaiting()[0]
                obs = match.observe(seat)
                t0 = time.process_time()
                action = seats[seat].decide(obs)
                samples.append((time.process_time() - t0) * 1000)
                before = match.hand_index
                match.apply(action)
                hands += match.hand_index - before
        samples.sort()
        out[f"{level}_decision_ms_median"] = statistics.median(samples)
        out[f"{level}_decision_ms_p99"] = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    hard_games = max(1, hard_games)
    first = seed * 1000 + HARD_RATE_SEED_OFFSET
    cpu = hard_hanchan_cpu(profile, hard_games, first)
    out["hard_hanchan_per_cpu_s"] = hard_games / sum(cpu)
    out["hard_hanchan_games"] = float(hard_games)
    out["hard_hanchan_first_seed"] = float(first)
    size = max(1, hard_games // HARD_RATE_PARTS)
    parts = [len(cpu[i : i + size]) / sum(cpu[i : i + size]) for i in range(0, hard_games, size)]
    out["hard_hanchan_per_cpu_s_slowest_part"] = min(parts)
    out["hard_hanchan_per_cpu_s_fastest_part"] = max(parts)
    return out


def hard_hanchan_cpu(profile: RuleProfile, games: int, first: int) -> list[float]:
    """CPU seconds of each of ``games`` hanchan of four hard seats, seeds ``first`` on."""
    from game.ai.levels import make_seat
    from game.engine import Match

    out: list[float] = []
    for g in range(games):
        start = time.process_time()
        s = first + g
        match = Match(profile, s)
        seats = [make_seat("hard", s, seat, profile) for seat in range(4)]
        while not match.is_over and match.hand_index < MATCH_HAND_CAP:
            seat = match.awaiting()[0]
            match.apply(seats[seat].decide(match.observe(seat)))
        out.append(time.process_time() - start)
    return out
