"""``python -m game bench engine --vs PYTHON``: our hanchan loops against the peers', in one run.

``PYTHON`` is the interpreter of a virtual environment with the peers installed (``riichienv``,
``jansou``, ``mjx``: whichever install on the machine). Every loop runs in a fresh process of its
own interpreter (ours in this one, the peers' through :mod:`game.cli.peer_loops`, a script that
needs nothing of the game), each timing its hanchan in CPU seconds after one untimed warm-up
hanchan, and the loops take turns round by round: the shared machine's speed drifts between
minutes, so a ratio is taken within one round and the median over rounds is reported beside each
loop's median rate. A peer that does not import, or has no such bot, is named under ``skipped``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

PEER_SCRIPT: Final = Path(__file__).with_name("peer_loops.py")
# random seats play a hanchan several times faster than efficiency seats: their loops play this many
# times ``games``, so that each process is timed over about a second, not a fifth of one (on a
# shared machine a short CPU-time figure swings by half from one process to the next)
RANDOM_GAMES_FACTOR: Final = 4


@dataclass(frozen=True)
class Contestant:
    name: str  # the figure's key: ``atlas_random``, ``riichienv_random``...
    peer: str  # "atlas" for ours, else a key of peer_loops.PEERS
    bot: str  # "random" or "efficiency"


CONTESTANTS: Final = (
    Contestant("atlas_random", "atlas", "random"),
    Contestant("atlas_efficiency", "atlas", "efficiency"),
    Contestant("riichienv_random", "riichienv", "random"),
    Contestant("mjx_random", "mjx", "random"),
    Contestant("jansou_random", "jansou", "random"),
    Contestant("jansou_efficiency", "jansou", "efficiency"),
)
# (ours, the peer's): the ratios the targets name, and the others measured alike
RATIOS: Final = (
    ("atlas_random", "riichienv_random"),
    ("atlas_random", "mjx_random"),
    ("atlas_random", "jansou_random"),
    ("atlas_efficiency", "jansou_efficiency"),
)


def ours(profile_id: str, bot: str, games: int, seed: int) -> dict[str, object]:
    """Our loop, the one ``bench engine`` times (:func:`game.cli.bench._hanchan_rate`), after a
    warm-up hanchan like the peers' (the shanten tables fill on first use)."""
    from game.cli.bench import _hanchan_rate

    _hanchan_rate(profile_id, bot, 1, seed + 999, time_apply=False)
    rate, _, _ = _hanchan_rate(profile_id, bot, games, seed, time_apply=False)
    return {"hanchan": games, "cpu_s": games / rate}


def _command(c: Contestant, peer_python: str, profile_id: str, games: int, seed: int) -> list[str]:
    if c.peer == "atlas":
        code = f"import json; from game.cli.bench_peers import ours; print(json.dumps(ours({profile_id!r}, {c.bot!r}, {games}, {seed})))"
        return [sys.executable, "-c", code]
    return [peer_python, str(PEER_SCRIPT), c.peer, c.bot, str(games), str(seed)]


def _run_one(command: list[str]) -> dict[str, object]:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return {"skipped": f"could not run: {exc}"}
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"skipped": f"exit {done.returncode}: {last}"}
    try:
        result = json.loads(lines[-1])
    except ValueError:
        return {"skipped": f"unreadable output: {lines[-1][:120]}"}
    return result if isinstance(result, dict) else {"skipped": "unreadable output"}


def bench_vs(peer_python: str, profile_id: str, games: int, seed: int, rounds: int) -> dict[str, object]:
    """Each loop's hanchan per CPU second (median over ``rounds``) and each ratio of ours to a
    peer's (the median of the per-round ratios)."""
    rates: dict[str, list[float]] = {c.name: [] for c in CONTESTANTS}
    skipped: dict[str, str] = {}
    for r in range(rounds):
        for c in CONTESTANTS:
            if c.name in skipped:
                continue
            n = games * RANDOM_GAMES_FACTOR if c.bot == "random" else games
            result = _run_one(_command(c, peer_python, profile_id, n, seed + r))
            hanchan, cpu = result.get("hanchan"), result.get("cpu_s")
            if isinstance(hanchan, int) and isinstance(cpu, float) and cpu > 0:
                rates[c.name].append(hanchan / cpu)
            else:
                skipped[c.name] = str(result.get("skipped", "no figures"))
    out: dict[str, object] = {
        "rounds": rounds,
        "hanchan_per_random_loop": games * RANDOM_GAMES_FACTOR,
        "hanchan_per_efficiency_loop": games,
        "profile": profile_id,
    }
    for name, values in rates.items():
        if name not in skipped and values:
            out[f"hanchan_per_cpu_s_{name}"] = round(statistics.median(values), 3)
            out[f"hanchan_per_cpu_s_{name}_runs"] = [round(v, 3) for v in values]
    for mine, theirs in RATIOS:
        if mine in skipped or theirs in skipped:
            continue
        pairs = zip(rates[mine], rates[theirs], strict=True)
        out[f"ratio_{mine}_over_{theirs}"] = round(statistics.median(a / b for a, b in pairs), 3)
    out["skipped"] = skipped
    return out


def check_peer_python(path: str) -> str | None:
    """Why ``path`` cannot serve as the peers' interpreter, or None."""
    p = Path(path)
    if not p.exists():
        return f"{path}: no such interpreter (give the python of a virtual environment with the peers)"
    try:
        subprocess.run([path, "-c", "pass"], capture_output=True, timeout=60, check=True)
    except (OSError, subprocess.SubprocessError):
        return f"{path}: does not run as a Python interpreter"
    return None
