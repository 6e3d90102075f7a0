"""``python -m game sim``: play many matches between AI seats and print one JSON object of figures.

Seats are named in seat order (``--seats hard,normal,normal,normal``): the baselines ``random``
and ``efficiency``, or the levels ``easy``, ``normal`` and ``hard``. ``--rotate`` plays duplicate
style: every seed is played four times with the seating turned one seat further, so every seat
name meets the same walls from every seat and luck cancels out. ``--jobs N`` plays the matches in
N processes (default: the CPU count) and merges them in plan order, so the figures are the same
for any N. Everything is deterministic from ``--seed`` except the timings.

``mjai`` seats are played by an external program speaking the mjai protocol, started with
``--mjai-command "CMD ARGS"`` (riichi only): one program per seat and worker process, kept across
matches (it starts afresh at every ``start_game``). Its figures add ``refusals`` (replies refused
as illegal, malformed or later than ``--mjai-time-limit``; the hard AI then plays the hand) and
``bot_errors`` (complaints the program itself reported). A program's decision time is not counted
(it is another process's CPU). Decision times are CPU time of the deciding thread, so other
programs sharing the machine do not inflate them; ``seconds`` and the rates are wall-clock.

``--ranks`` adds ``matches``: every match's seed, seat names, ranks and final points, in plan
order, so two runs on the same seeds can be compared match by match (``python -m game
sim-compare A.json B.json``). The figures per seat name also count what each did: average win
and deal-in values, tenpai at the exhaustive draws and the fold rate (of the hands in which
another seat declared riichi first, the share in which this seat then discarded a tile that raised
its shanten above its best discard's).

``--logs DIR`` writes one game log per match into DIR (``--log-format tenhou6``, the default, or
``mjai``), named by its place in the plan and its seed, the seats named as ``--seats`` names them:
logs in bulk for other tools (riichi and EMA; Taiwanese and Hong Kong scoring fit neither format).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Seat
from game.ai.analysis import hand_counts
from game.ai.external import TIME_LIMIT, BotProcess, ExternalSeat, speaks_mjai
from game.ai.levels import BASELINES, LEVELS, make_seat
from game.cli.parallel import default_jobs, jobs_argument, run_ordered
from game.engine import Match
from game.engine.actions import Action, ActionKind
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    Event,
    ExhaustiveDraw,
    HandEnded,
    MatchEnded,
    RiichiAccepted,
    Win,
)
from game.engine.observation import Observation
from game.engine.profile import RuleProfile, load_profile, load_profile_file
from game.engine.shanten import discard_shanten
from game.engine.tiles import kind_of
from game.persist.export import LOG_FORMATS, LogFormat, loggable, write_log

SEAT_NAMES = (*BASELINES, *LEVELS, "mjai")
DEFAULT_SEATS = "efficiency,random,efficiency,random"


def _seat_list(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 4 or any(n not in SEAT_NAMES for n in names):
        raise argparse.ArgumentTypeError(
            f"{text!r}: give four comma-separated seats among {', '.join(SEAT_NAMES)}"
        )
    return names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", default="riichi", help="rule profile id or .toml file (default riichi)")
    parser.add_argument("--games", type=int, default=4, help="matches (seeds, when --rotate) to play")
    parser.add_argument("--seed", type=int, default=0, help="first match seed; match g uses seed + g")
    parser.add_argument(
        "--seats", type=_seat_list, default=_seat_list(DEFAULT_SEATS),
        help=f"four seats in seat order among {', '.join(SEAT_NAMES)} (default {DEFAULT_SEATS})",
    )
    parser.add_argument(
        "--rotate", action="store_true",
        help="duplicate style: play each seed four times with the seating rotated (4 x --games matches)",
    )
    parser.add_argument(
        "--mjai-command", default="",
        help='the program that plays the "mjai" seats, e.g. "venv/bin/python mjai_bot_server.py rulebase"',
    )
    parser.add_argument(
        "--mjai-time-limit", type=float, default=TIME_LIMIT,
        help=f"seconds an mjai seat may take per decision before the hard AI plays its hand (default {TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--jobs", type=jobs_argument, default=default_jobs(),
        help="worker processes (default: the CPU count); the figures do not depend on it",
    )
    parser.add_argument("--logs", type=Path, default=None, metavar="DIR", help="write one log per match into DIR")
    parser.add_argument("--log-format", choices=sorted(LOG_FORMATS), default="tenhou6",
                        help="the format of --logs (default tenhou6)")
    parser.add_argument(
        "--ranks", action="store_true",
        help="add every match's seed, seats, ranks and points to the JSON (for paired comparisons: sim-compare)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


@dataclass
class LevelTally:
    """What one seat name did over the run (summed over every seat it sat in)."""

    games: int = 0
    hands: int = 0
    ranks: list[int] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    call_hands: int = 0
    win_points: list[int] = field(default_factory=list)
    decision_ms: list[float] = field(default_factory=list)
    refusals: int = 0
    bot_errors: int = 0
    deal_in_points: list[int] = field(default_factory=list)
    draws: int = 0  # exhaustive draws this seat sat through
    tenpai_at_draw: int = 0
    threatened: int = 0  # hands in which another seat declared riichi before this one did
    folded: int = 0  # ... and in which this seat then broke its shape (a discard that raised its shanten)

    def add(self, other: LevelTally) -> None:
        self.games += other.games
        self.hands += other.hands
        self.ranks += other.ranks
        self.points += other.points
        self.wins += other.wins
        self.deal_ins += other.deal_ins
        self.riichi += other.riichi
        self.call_hands += other.call_hands
        self.win_points += other.win_points
        self.decision_ms += other.decision_ms
        self.refusals += other.refusals
        self.bot_errors += other.bot_errors
        self.deal_in_points += other.deal_in_points
        self.draws += other.draws
        self.tenpai_at_draw += other.tenpai_at_draw
        self.threatened += other.threatened
        self.folded += other.folded

    def summary(self) -> dict[str, float | int | dict[str, float]]:
        hands = max(1, self.hands)
        times = sorted(self.decision_ms)
        return {
            "games": self.games,
            "hands": self.hands,
            "avg_rank": _mean(self.ranks),
            "avg_points": _mean(self.points),
            "win_rate": round(self.wins / hands, 4),
            "deal_in_rate": round(self.deal_ins / hands, 4),
            "riichi_rate": round(self.riichi / hands, 4),
            "call_rate": round(self.call_hands / hands, 4),
            "avg_win_points": _mean(self.win_points),
            "avg_deal_in_points": _mean(self.deal_in_points),
            "tenpai_at_draw": round(self.tenpai_at_draw / self.draws, 4) if self.draws else 0.0,
            "fold_rate": round(self.folded / self.threatened, 4) if self.threatened else 0.0,
            "decision_ms_median": round(statistics.median(times), 3) if times else 0.0,
            "decision_ms_p99": round(times[min(len(times) - 1, int(0.99 * len(times)))], 3) if times else 0.0,
            "refusals": self.refusals,
            "bot_errors": self.bot_errors,
            "ci95": {  # half-widths of 95 % intervals (normal approximation; games and hands as independent)
                "avg_rank": _mean_half_width(self.ranks),
                "win_rate": _rate_half_width(self.wins, self.hands),
                "deal_in_rate": _rate_half_width(self.deal_ins, self.hands),
                "riichi_rate": _rate_half_width(self.riichi, self.hands),
                "call_rate": _rate_half_width(self.call_hands, self.hands),
            },
        }


def _mean(values: list[int] | list[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 0.0


Z95 = 1.96


def _mean_half_width(values: list[int]) -> float:
    if len(values) < 2:
        return 0.0
    return round(Z95 * statistics.stdev(values) / math.sqrt(len(values)), 4)


def _rate_half_width(count: int, n: int) -> float:
    if n < 1:
        return 0.0
    p = count / n
    return round(Z95 * math.sqrt(p * (1 - p) / n), 4)


@dataclass
class Totals:
    games: int = 0
    hands: int = 0
    tsumo: int = 0
    ron: int = 0
    exhaustive: int = 0
    abortive: dict[str, int] = field(default_factory=dict)
    seat_ranks: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    seat_points: list[list[float]] = field(default_factory=lambda: [[], [], [], []])
    levels: dict[str, LevelTally] = field(default_factory=lambda: defaultdict(LevelTally))
    # one record per match in plan order: its seed, the seat names, ranks and final points by seat
    matches: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Totals) -> None:
        """Fold one match's figures in (matches are added in plan order, whatever the jobs)."""
        self.games += other.games
        self.hands += other.hands
        self.tsumo += other.tsumo
        self.ron += other.ron
        self.exhaustive += other.exhaustive
        for kind, n in other.abortive.items():
            self.abortive[kind] = self.abortive.get(kind, 0) + n
        for s in range(4):
            self.seat_ranks[s] += other.seat_ranks[s]
            self.seat_points[s] += other.seat_points[s]
        for name, tally in other.levels.items():
            self.levels[name].add(tally)
        self.matches += other.matches


@dataclass(frozen=True)
class ExternalBots:
    """How ``mjai`` seats are played: the program's command line and the time per decision."""

    command: str
    time_limit: float = TIME_LIMIT


# the programs of this process's mjai seats, by (command, seat): reused from match to match
_RUNNING: dict[tuple[str, int], BotProcess] = {}


def _external_seat(bots: ExternalBots | None, seed: int, seat: int, profile: RuleProfile) -> ExternalSeat:
    if bots is None or not bots.command:
        raise ValueError('"mjai" seats need --mjai-command')
    process = _RUNNING.pop((bots.command, seat), None)
    return ExternalSeat(bots.command, seed, seat, profile, time_limit=bots.time_limit, process=process)


def play_match(
    profile: RuleProfile, seed: int, names: list[str], totals: Totals, bots: ExternalBots | None = None
) -> Match:
    """Play one match with ``names[s]`` in seat ``s`` and add its figures to ``totals``."""
    match = Match(profile, seed)
    seats: list[Seat] = [
        _external_seat(bots, seed, s, profile) if n == "mjai" else make_seat(n, seed, s, profile)
        for s, n in enumerate(names)
    ]
    watchers = [seat for seat in seats if isinstance(seat, ExternalSeat)]
    try:
        for w in watchers:
            w.see(match.events)
        _play(match, seats, watchers, names, totals)
    finally:
        for w in watchers:
            tally = totals.levels[w.name]
            tally.refusals += w.refusals
            tally.bot_errors += len(w.errors)
            proc = w.detach()
            if proc is not None and bots is not None:
                _RUNNING[(bots.command, w.seat)] = proc
            w.close()
    return match


@dataclass(frozen=True)
class LogSink:
    """Where ``--logs`` writes (one file per match) and in which format."""

    folder: Path
    fmt: LogFormat

    def write(self, match: Match, index: int, seed: int, names: list[str]) -> None:
        write_log(match, self.folder / f"{index:05d}-seed{seed}{LOG_FORMATS[self.fmt]}", self.fmt, names)


def _broke_shape(obs: Observation, action: Action, profile: RuleProfile) -> bool:
    """Whether a discard raises the hand's shanten above its best discard's (a fold, or a push
    given up): the fold rate's count, asked only while another seat is in riichi."""
    if action.kind is not ActionKind.DISCARD:
        return False
    counts = hand_counts(obs.hand)
    closed = all(not m.kind.is_open for m in obs.me.melds)
    sets = profile.win.sets - len(obs.me.melds)
    after = dict(discard_shanten(counts, sets, closed and profile.win.chiitoitsu, closed and profile.win.kokushi))
    return after[kind_of(action.tile)] > min(after.values())


def _play(match: Match, seats: list[Seat], watchers: list[ExternalSeat], names: list[str], totals: Totals) -> None:
    tallies = [totals.levels[n] for n in names]
    called = [False] * 4
    in_riichi = [False] * 4
    threatened = [False] * 4
    folded = [False] * 4
    events: list[Event] = []
    while not match.is_over:
        seat = match.awaiting()[0]
        obs = match.observe(seat)
        start = time.thread_time()
        action = seats[seat].decide(obs)
        tallies[seat].decision_ms.append((time.thread_time() - start) * 1000.0)
        if threatened[seat] and not folded[seat] and not in_riichi[seat]:
            folded[seat] = _broke_shape(obs, action, match.profile)
        events = match.apply(action)
        for w in watchers:
            w.see(events)
        for ev in events:
            if isinstance(ev, Win):
                tallies[ev.winner].wins += 1
                tallies[ev.winner].win_points.append(ev.points)
                if ev.discarder is None:
                    totals.tsumo += 1
                else:
                    totals.ron += 1
                    tallies[ev.discarder].deal_ins += 1
                    tallies[ev.discarder].deal_in_points.append(ev.points)
            elif isinstance(ev, RiichiAccepted):
                tallies[ev.seat].riichi += 1
                in_riichi[ev.seat] = True
                for s in range(4):
                    threatened[s] = threatened[s] or not in_riichi[s]
            elif isinstance(ev, Claimed):
                called[ev.seat] = True
            elif isinstance(ev, ExhaustiveDraw):
                totals.exhaustive += 1
                for s in range(4):
                    tallies[s].draws += 1
                    tallies[s].tenpai_at_draw += ev.tenpai[s]
            elif isinstance(ev, AbortiveDraw):
                totals.abortive[ev.kind] = totals.abortive.get(ev.kind, 0) + 1
            elif isinstance(ev, HandEnded):
                for s in range(4):
                    tallies[s].hands += 1
                    tallies[s].call_hands += called[s]
                    tallies[s].threatened += threatened[s]
                    tallies[s].folded += folded[s]
                called = [False] * 4
                in_riichi = [False] * 4
                threatened = [False] * 4
                folded = [False] * 4
            elif isinstance(ev, MatchEnded):
                for s in range(4):
                    tallies[s].games += 1
                    tallies[s].ranks.append(ev.ranks[s])
                    tallies[s].points.append(ev.final_points[s])
                    totals.seat_ranks[s].append(ev.ranks[s])
                    totals.seat_points[s].append(ev.final_points[s])
                totals.matches.append(
                    {"seed": match.seed, "seats": list(names), "ranks": list(ev.ranks), "points": list(ev.final_points)}
                )
    totals.games += 1
    totals.hands += match.hand_index


def schedule(games: int, seed: int, names: list[str], rotate: bool) -> list[tuple[int, list[str]]]:
    """(match seed, seating) for every match of the run."""
    out = []
    for g in range(games):
        turns = range(4) if rotate else range(1)
        for r in turns:
            out.append((seed + g, [names[(s + r) % 4] for s in range(4)]))
    return out


def _play_one(task: tuple[RuleProfile, int, list[str], ExternalBots | None, LogSink | None, int]) -> Totals:
    """One match of the plan, in whichever process runs it (its log written there too)."""
    profile, match_seed, seating, bots, logs, index = task
    totals = Totals()
    match = play_match(profile, match_seed, seating, totals, bots)
    if logs is not None:
        logs.write(match, index, match_seed, seating)
    return totals


def simulate(
    profile: RuleProfile,
    games: int,
    seed: int,
    names: list[str],
    *,
    rotate: bool = False,
    progress: bool = False,
    jobs: int = 1,
    bots: ExternalBots | None = None,
    logs: LogSink | None = None,
    ranks: bool = False,
) -> dict[str, Any]:
    totals = Totals()
    plan = schedule(games, seed, names, rotate)
    start = time.perf_counter()
    tasks = [(profile, match_seed, seating, bots, logs, i) for i, (match_seed, seating) in enumerate(plan)]
    for one in run_ordered(
        _play_one, tasks, jobs, label="sim", progress=(lambda *_: f"{totals.hands} hands") if progress else None
    ):
        totals.add(one)
    elapsed = max(1e-9, time.perf_counter() - start)
    draws: dict[str, int] = {"exhaustive": totals.exhaustive}
    for abortive in profile.draws.abortive:
        draws[abortive] = totals.abortive.get(abortive, 0)
    for other, n in totals.abortive.items():
        draws.setdefault(other, n)
    out: dict[str, Any] = {
        "profile": profile.id,
        "seed": seed,
        "seats": names,
        "rotate": rotate,
        "games": totals.games,
        "hands": totals.hands,
        "wins": {"tsumo": totals.tsumo, "ron": totals.ron},
        "draws": draws,
        "per_seat": [
            {"seat": s, "avg_rank": _mean(totals.seat_ranks[s]), "avg_points": _mean(totals.seat_points[s])}
            for s in range(4)
        ],
        "seconds": round(elapsed, 3),
        "hands_per_s": round(totals.hands / elapsed, 3),
        "hanchan_per_s": round(totals.games / elapsed, 4),
        "levels": {name: totals.levels[name].summary() for name in dict.fromkeys(names)},
    }
    if ranks:
        out["matches"] = totals.matches
    return out


def run(args: argparse.Namespace) -> int:
    name: str = args.profile
    profile = load_profile_file(Path(name)) if name.endswith(".toml") else load_profile(name)
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    bots = ExternalBots(args.mjai_command, args.mjai_time_limit) if args.mjai_command else None
    if "mjai" in args.seats and bots is None:
        print('error: "mjai" seats need --mjai-command "CMD ARGS" (a program speaking the mjai protocol)', file=sys.stderr)
        return 2
    if "mjai" in args.seats and not speaks_mjai(profile):
        print(f"error: mjai seats play the riichi profile only, not {profile.id}", file=sys.stderr)
        return 2
    logs = LogSink(args.logs, args.log_format) if args.logs is not None else None
    if logs is not None and not loggable(profile):
        print(f"error: --logs: {profile.id} scoring fits neither tenhou.net/6 nor mjai", file=sys.stderr)
        return 2
    try:
        result = simulate(
            profile, args.games, args.seed, list(args.seats), rotate=args.rotate, progress=not args.quiet,
            jobs=args.jobs, bots=bots, logs=logs, ranks=args.ranks,
        )
    finally:
        for proc in _RUNNING.values():
            proc.close()
        _RUNNING.clear()
    print(json.dumps(result))
    return 0
