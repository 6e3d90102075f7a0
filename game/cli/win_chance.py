"""``python -m game win-chance record|fit|check``: hard's win chance against what happened.

``record`` plays seat-rotated hard + 3 normal hanchan (riichi) and writes one row per hard turn
(not in riichi): the inputs :func:`game.ai.analysis.win_chance` got for the chosen discard (shanten,
unseen improving tiles or the wait, draws left, the unseen pool, the wait after, ron, the call
widening, the next step's acceptance, open or closed), the threats' summed weight, whether the
discard was a fold, and whether this seat then won the hand. ``fit`` fits the calibration that
:mod:`game.ai.win_calibration` keeps (one logistic line on the logit of the chain's raw chance per
shanten and open/closed, on the turns without a threat: under a threat hard folds, and a fold's
lost win is not the shape's) and prints it as Python; ``check`` prints the reliability per bin of
the model in the code on a file (a held-out one: other seeds).

The rows are gzip CSV; seeds 1000-1399 are the evaluation seeds, so record elsewhere (5000+).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import analysis as an
from game.ai import defence
from game.ai.levels import HandState, LevelBot, LookAhead, Option, make_seat
from game.cli.parallel import default_jobs, jobs_argument, run_ordered
from game.cli.sim import schedule
from game.engine import Match
from game.engine.actions import ActionKind
from game.engine.events import HandEnded, Win
from game.engine.observation import Observation
from game.engine.profile import RuleProfile, load_profile

FIELDS = ("hand", "sh", "accept", "draws", "pool", "wait_after", "ron", "calls", "next_accept", "closed",
          "riichi", "threat", "fold", "value", "won", "dealt")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["record", "fit", "check"])
    parser.add_argument("--file", type=Path, required=True, help="the rows (gzip CSV): written by record, read otherwise")
    parser.add_argument("--games", type=int, default=100, help="seeds to play, four seatings each (record)")
    parser.add_argument("--seed", type=int, default=5000, help="first seed (record; keep clear of 1000-1399)")
    parser.add_argument("--jobs", type=jobs_argument, default=default_jobs(), help="worker processes (record)")


@dataclass(frozen=True, slots=True)
class Row:
    """One hard turn: the chain's inputs for the chosen discard, and what came of the hand."""

    hand: str
    sh: int
    accept: int
    draws: int
    pool: int
    wait_after: float
    ron: bool
    calls: float
    next_accept: float | None
    closed: bool
    riichi: bool  # the discard declares riichi
    threat: float
    fold: bool
    value: float  # the points the weighing expected of the win
    won: bool
    dealt: bool  # this seat dealt in later in the hand

    def raw(self) -> float:
        """The chain's own chance (before any calibration)."""
        return an.raw_chance(self.sh, self.accept, self.draws, self.pool, self.wait_after, self.ron, self.calls,
                             self.next_accept)

    def model(self) -> float:
        """The chance the code's model gives these inputs now."""
        return an.chance(self.sh, self.accept, self.draws, self.pool, self.wait_after, self.ron, self.calls,
                         self.next_accept, self.closed, self.riichi)


class _Recorder(LevelBot):
    """A hard seat that keeps what its last turn's weighing asked of the win chance.

    The weighing calls :func:`analysis.win_chance` once per discard, in the order of the options it
    returns; a spy in its place for the length of one weighing pairs each option with its inputs
    (the tool only: the game's hard keeps no such record). So every option is weighed at once: none
    is left at the look-ahead's bound (``LevelBot.LOOK_AHEAD_LATER``)."""

    LOOK_AHEAD_LATER = False

    def __init__(self, seed: int, seat: int, profile: RuleProfile) -> None:
        super().__init__("hard", seed, seat, profile)
        self.weighed: list[tuple[bool, list[Option], list[dict[str, Any]], bool, float]] = []

    def _weigh(
        self,
        obs: Observation,
        state: HandState,
        tiles: Sequence[int],
        threats: list[an.Threat],
        *,
        riichi: bool,
        stakes: defence.Stakes | None = None,
        best_shapes: bool = False,
        later: list[LookAhead] | None = None,
    ) -> list[Option]:
        asked: list[dict[str, Any]] = []
        original = an.win_chance

        def spy(sh: int, accept: int, o: Observation, **kw: Any) -> float:
            asked.append({"sh": sh, "accept": accept, **kw})
            return original(sh, accept, o, **kw)

        an.win_chance = spy  # type: ignore[assignment]
        try:
            opts = super()._weigh(
                obs, state, tiles, threats, riichi=riichi, stakes=stakes, best_shapes=best_shapes, later=later
            )
        finally:
            an.win_chance = original
        self.weighed.append((riichi, opts, asked, state.closed, sum(th.level for th in threats)))
        return opts


def _row(obs: Observation, bot: _Recorder, tile: int, riichi: bool, hand: str) -> Row | None:
    for was_riichi, opts, asked, closed, threat in bot.weighed:
        if was_riichi != riichi or len(opts) != len(asked):
            continue
        best_sh = min(o.shanten for o in opts)
        for o, kw in zip(opts, asked, strict=True):
            if o.tile != tile:
                continue
            draws, pool = an.chain_draws_pool(obs)
            return Row(hand, int(kw["sh"]), int(kw["accept"]), draws, pool, float(kw.get("wait_after", 5.0)),
                       bool(kw.get("ron", True)), float(kw.get("calls", 1.0)), kw.get("next_accept"),
                       closed, riichi, threat, o.shanten > best_sh, o.value, False, False)
    return None


def _play(task: tuple[int, list[str], int]) -> list[Row]:
    seed, names, index = task
    profile = load_profile("riichi")
    match = Match(profile, seed)
    seats = [_Recorder(seed, s, profile) if n == "hard" else make_seat(n, seed, s, profile) for s, n in enumerate(names)]
    rows: list[Row] = []
    pending: list[tuple[int, Row]] = []
    won = [False] * 4
    dealt = [False] * 4
    while not match.is_over:
        seat = match.awaiting()[0]
        obs = match.observe(seat)
        bot = seats[seat]
        if isinstance(bot, _Recorder):
            bot.weighed.clear()
        action = bot.decide(obs)
        if isinstance(bot, _Recorder) and obs.phase == "turn" and not obs.me.riichi and action.kind in (
            ActionKind.DISCARD, ActionKind.RIICHI
        ):
            row = _row(obs, bot, action.tile, action.kind is ActionKind.RIICHI, f"{index}/{match.hand_index}")
            if row is not None:
                pending.append((seat, row))
        for ev in match.apply(action):
            if isinstance(ev, Win):
                won[ev.winner] = True
                if ev.discarder is not None:
                    dealt[ev.discarder] = True
            elif isinstance(ev, HandEnded):
                rows += [Row(**{**_fields(r), "won": won[s], "dealt": dealt[s]}) for s, r in pending]
                pending.clear()
                won = [False] * 4
                dealt = [False] * 4
    return rows


def _fields(r: Row) -> dict[str, Any]:
    return {f: getattr(r, f) for f in FIELDS}


def write_rows(rows: Iterable[Row], path: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(FIELDS)
    for r in rows:
        w.writerow([int(v) if isinstance(v, bool) else "" if v is None else round(v, 1) if isinstance(v, float) else v
                    for v in (getattr(r, f) for f in FIELDS)])
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as f:
        f.write(buf.getvalue())


def read_rows(path: Path) -> list[Row]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        out = []
        for d in csv.DictReader(f):
            out.append(Row(
                d["hand"], int(d["sh"]), int(d["accept"]), int(d["draws"]), int(d["pool"]), float(d["wait_after"]),
                d["ron"] == "1", float(d["calls"]), float(d["next_accept"]) if d["next_accept"] else None,
                d["closed"] == "1", d["riichi"] == "1", float(d["threat"]), d["fold"] == "1", float(d["value"]), d["won"] == "1", d["dealt"] == "1",
            ))
        return out


# --- fitting ---------------------------------------------------------------------------------------

RIDGE = 2.0  # pull toward the chain itself (a = 0, b = 1, c = 0), in rows' worth of evidence: a thin cell stays near it
PRIOR = (0.0, 1.0, 0.0)


def _logit(p: float) -> float:
    p = min(1 - 1e-4, max(1e-4, p))
    return math.log(p / (1 - p))


def features(r: Row) -> tuple[float, float, float]:
    """What the line of a cell reads: 1, the logit of the raw chain, the draws left (per ten)."""
    return 1.0, _logit(r.raw()), an.calibration_draws(r.draws)


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """``m x = v`` by Gaussian elimination (a small positive definite system)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for i in range(n):
        piv = max(range(i, n), key=lambda j: abs(a[j][i]))
        a[i], a[piv] = a[piv], a[i]
        for j in range(i + 1, n):
            f = a[j][i] / a[i][i]
            for k in range(i, n + 1):
                a[j][k] -= f * a[i][k]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (a[i][n] - sum(a[i][k] * x[k] for k in range(i + 1, n))) / a[i][i]
    return x


def fit_line(xs: Sequence[Sequence[float]], ys: Sequence[bool]) -> tuple[float, ...]:
    """Logistic regression of ``ys`` on the feature rows ``xs`` (Newton's method), ridge toward :data:`PRIOR`."""
    w = list(PRIOR)
    n = len(w)
    for _ in range(50):
        grad = [-RIDGE * (w[i] - PRIOR[i]) for i in range(n)]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            r = (1.0 if y else 0.0) - p
            q = p * (1 - p)
            for i in range(n):
                grad[i] += r * x[i]
                for j in range(i, n):
                    hess[i][j] += q * x[i] * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if sum(map(abs, step)) < 1e-9:
            break
    return tuple(w)


def cell(r: Row) -> tuple[int, str]:
    return an.calibration_cell(r.sh, r.closed, r.riichi)


def fit(rows: Sequence[Row]) -> dict[tuple[int, str], tuple[tuple[float, ...], int]]:
    """The calibration per cell (its line and its turns), from the turns without a threat."""
    by: dict[tuple[int, str], tuple[list[tuple[float, float, float]], list[bool]]] = {}
    for r in rows:
        if r.threat > 0 or r.sh < 0:
            continue
        xs, ys = by.setdefault(cell(r), ([], []))
        xs.append(features(r))
        ys.append(r.won)
    return {c: (fit_line(xs, ys), len(xs)) for c, (xs, ys) in sorted(by.items())}


def reliability(rows: Sequence[Row], edges: Sequence[float] = (0.05, 0.1, 0.2, 0.3, 0.45, 0.6)) -> list[dict[str, Any]]:
    """Per bin of the model's chance: turns, mean predicted, share won, and the share's 95 % half-width."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(len(edges) + 1)]
    for r in rows:
        p = r.model()
        bins[sum(p >= e for e in edges)].append((p, r.won))
    out = []
    for i, b in enumerate(bins):
        if not b:
            continue
        n = len(b)
        won = sum(1 for _, y in b if y) / n
        out.append({"bin": i, "n": n, "predicted": round(sum(p for p, _ in b) / n, 4), "won": round(won, 4),
                    "half_width": round(1.96 * math.sqrt(max(won * (1 - won), 1e-4) / n), 4)})
    return out


def run(args: argparse.Namespace) -> int:
    if args.action == "record":
        plan = schedule(args.games, args.seed, ["hard", "normal", "normal", "normal"], True)
        tasks = [(s, names, i) for i, (s, names) in enumerate(plan)]
        rows: list[Row] = []
        for got in run_ordered(_play, tasks, args.jobs, label="win-chance"):
            rows += got
        write_rows(rows, args.file)
        print(json.dumps({"file": str(args.file), "rows": len(rows), "hanchan": len(plan)}))
        return 0
    data = read_rows(args.file)
    quiet = [r for r in data if r.threat == 0 and not r.fold]
    if args.action == "fit":
        table = fit(data)
        print("CALIBRATION = {")
        for (sh, kind), (line, n) in table.items():
            print(f"    ({sh}, \"{kind}\"): ({', '.join(f'{v:.4f}' for v in line)}),  # {n} turns")
        print("}")
        return 0
    print(json.dumps({"rows": len(data), "quiet": reliability(quiet), "threatened": reliability(
        [r for r in data if r.threat > 0])}, indent=1))
    return 0

