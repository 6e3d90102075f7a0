"""The peers' hanchan loops, run as a script inside a peer's interpreter (``bench engine --vs``).

This file imports nothing from the game, only the standard library and the peer under test, so
``PEER_PYTHON game/cli/peer_loops.py PEER BOT GAMES SEED`` runs in a virtual environment that has
the peer installed and not the game. It prints one JSON line: the hanchan played and the CPU
seconds (``time.process_time``) they took, imports and one untimed warm-up hanchan excluded; or
``{"skipped": reason}`` when the peer does not import or has no such bot.

Peers (each a full Tenhou-rule hanchan of four seats of one bot kind, one seed per hanchan):

- ``riichienv`` (Rust, PyPI ``riichienv``): ``RiichiEnv(game_mode="4p-red-half")``; the random
  bot picks uniformly among each seat's ``legal_actions()`` (it has no efficiency bot).
- ``jansou`` (pure Python, PyPI ``jansou``): ``Environment(Rules()).run`` with its own
  ``RandomAgent`` and ``EfficiencyAgent`` (least shanten, then most accepted tiles).
- ``mjx`` (C++, PyPI ``mjx``): ``MjxEnv`` with its ``RandomAgent``.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

Loop = Callable[[int], None]  # plays the hanchan of one seed


def _riichienv(bot: str) -> Loop | None:
    if bot != "random":
        return None
    riichienv: Any = importlib.import_module("riichienv")

    def play(seed: int) -> None:
        env = riichienv.RiichiEnv(game_mode="4p-red-half", seed=seed)
        rng = random.Random(seed)
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})

    return play


def _jansou(bot: str) -> Loop | None:
    rules: Any = importlib.import_module("jansou.core.rules")
    environment: Any = importlib.import_module("jansou.game.environment")
    agents: Any = importlib.import_module("jansou.game.agents")
    agent = {"random": agents.RandomAgent, "efficiency": agents.EfficiencyAgent}.get(bot)
    if agent is None:
        return None
    table_rules = rules.Rules()  # the library's baseline: four players, a hanchan (to South)

    def play(seed: int) -> None:
        environment.Environment(table_rules, seed=seed).run([agent(seed * 4 + s) for s in range(4)])

    return play


def _mjx(bot: str) -> Loop | None:
    if bot != "random":
        return None
    mjx: Any = importlib.import_module("mjx")
    mjx_agents: Any = importlib.import_module("mjx.agents")

    def play(seed: int) -> None:
        env = mjx.MjxEnv()
        seats: dict[Any, Any] = {}
        obs = env.reset(seed)
        while not env.done():
            for pid in obs:
                seats.setdefault(pid, mjx_agents.RandomAgent())
            obs = env.step({pid: seats[pid].act(o) for pid, o in obs.items()})

    return play


PEERS: dict[str, Callable[[str], Loop | None]] = {"riichienv": _riichienv, "jansou": _jansou, "mjx": _mjx}


def measure(peer: str, bot: str, games: int, seed: int) -> dict[str, object]:
    """Hanchan played and their CPU seconds, or why the peer was skipped."""
    try:
        play = PEERS[peer](bot)
    except ImportError as exc:
        return {"skipped": f"{peer} does not import here ({exc})"}
    if play is None:
        return {"skipped": f"{peer} has no {bot} bot"}
    play(seed * 1000 + 999)  # warm-up: lazy tables, caches, first-call costs
    start = time.process_time()
    for g in range(games):
        play(seed * 1000 + g)
    return {"hanchan": games, "cpu_s": time.process_time() - start}


def main(argv: list[str]) -> int:
    peer, bot, games, seed = argv[0], argv[1], int(argv[2]), int(argv[3])
    print(json.dumps(measure(peer, bot, games, seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
