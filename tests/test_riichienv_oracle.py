"""RiichiEnv (rules-reference §7.1 O6) as a flow oracle: its Tenhou-rule games, read from its mjai
log, replay hand by hand through our engine with the same actions legal and the same score changes.

A scripted agent plays: it always wins when it may, declares riichi when it may, takes most kans,
calls pon/chi/open kan now and then, aborts on nine kinds half the time, and otherwise discards to
the least shanten (our own shanten function; ties broken by a seeded coin).

Known disagreement, checked rather than skipped: RiichiEnv counts a hand whose only waits are a
kind the seat holds all four of (in a kan) as tenpai at an exhaustive draw; Tenhou and our engine
do not (Tenhou's "tenpai on a tile you hold four of is noten"). Such a divergence passes only when
flipping exactly those seats to tenpai gives the log's deltas. Nagashi mangan renchan (§7.3.1)
never shows here: each hand starts from the log's own position.
"""

from __future__ import annotations

import random
import time
from importlib.metadata import version
from typing import Any

import pytest

from game.engine import Match
from game.engine.events import ExhaustiveDraw
from game.engine.logs import from_mjai
from game.engine.logs.replay import one_hand_profile, replay_hand_state
from game.engine.profile import load_profile
from game.engine.shanten import shanten, waits

riichienv = pytest.importorskip("riichienv")

GAMES = 100  # hundreds of hands: about 1,200 (rules-reference §7.2, O6)
PROFILE = one_hand_profile(load_profile("riichi"))


def _shanten(tiles: list[int]) -> int:
    counts = [0] * 34
    for t in tiles:
        counts[t // 4] += 1
    closed = len(tiles) == 13
    return shanten(counts, len(tiles) // 3, closed, closed)


def play_game(seed: int) -> list[dict[str, Any]]:
    """One Tenhou-rule hanchan of RiichiEnv with the scripted agent; its mjai log."""
    at = riichienv.ActionType
    env = riichienv.RiichiEnv(game_mode="4p-red-half", seed=seed, rule=riichienv.GameRule.default_tenhou())
    obs = env.reset()
    rng = random.Random(seed)
    while not env.done():
        chosen = {}
        for pid, o in sorted(obs.items()):
            by: dict[Any, list[Any]] = {}
            for a in o.legal_actions():
                by.setdefault(a.action_type, []).append(a)
            kans = by.get(at.ANKAN, []) + by.get(at.KAKAN, [])
            calls = by.get(at.PON, []) + by.get(at.CHI, []) + by.get(at.DAIMINKAN, [])
            if at.TSUMO in by or at.RON in by or at.RIICHI in by:
                chosen[pid] = (by.get(at.TSUMO) or by.get(at.RON) or by[at.RIICHI])[0]
            elif at.KYUSHU_KYUHAI in by and rng.random() < 0.5:
                chosen[pid] = by[at.KYUSHU_KYUHAI][0]
            elif kans and rng.random() < 0.7:
                chosen[pid] = rng.choice(kans)
            elif calls and rng.random() < 0.25:
                chosen[pid] = rng.choice(calls)
            elif at.DISCARD in by:
                hand = list(o.hand)

                def score(a: Any, hand: list[int] = hand) -> tuple[int, float]:
                    rest = list(hand)
                    rest.remove(a.tile)
                    return (_shanten(rest), rng.random())

                chosen[pid] = min(by[at.DISCARD], key=score)
            else:
                chosen[pid] = (by.get(at.PASS) or o.legal_actions())[0]
        obs = env.step(chosen)
    return list(env.mjai_log)


def _noten_deltas(tenpai: list[bool]) -> tuple[int, ...]:
    n = sum(tenpai)
    if n in (0, 4):
        return (0, 0, 0, 0)
    return tuple(3000 // n if t else -3000 // (4 - n) for t in tenpai)


def _four_held_wait(match: Match, seat: int) -> bool:
    """Tenpai only on kinds the seat holds all four of (hand and melds)."""
    p = match.players[seat]
    counts = p.counts()
    sets = 4 - len(p.melds)
    closed = not p.melds  # seven pairs and thirteen orphans only without melds
    if shanten(counts, sets, closed, closed) != 0:
        return False
    held = list(counts)
    for m in p.melds:
        for t in m.tiles:
            held[t // 4] += 1
    return all(held[k] == 4 for k in waits(counts, sets, closed, closed))


def explained(match: Match, divergence: str, log_deltas: tuple[int, int, int, int]) -> bool:
    """Whether a divergence is the known four-held-wait tenpai disagreement."""
    draws = [e for e in match.events if isinstance(e, ExhaustiveDraw)]
    if "draw deltas" not in divergence or not draws or draws[0].nagashi:
        return False
    tenpai = list(draws[0].tenpai)
    flipped = [t or _four_held_wait(match, s) for s, t in enumerate(tenpai)]
    return flipped != tenpai and _noten_deltas(flipped) == log_deltas


def check_games(seeds: range | list[int]) -> tuple[int, int, int, list[str]]:
    """Hands, hands ok, known disagreements, and every other divergence."""
    hands = ok = known = 0
    unexplained: list[str] = []
    for seed in seeds:
        logged = from_mjai(play_game(seed))
        for i, hand in enumerate(logged.hands, 1):
            report, match = replay_hand_state(hand, PROFILE, i)
            hands += 1
            if report.ok:
                ok += 1
            elif hand.outcome is not None and explained(match, report.divergence or "", hand.outcome.deltas):
                known += 1
            else:
                unexplained.append(f"game {seed} hand {i} ({report.label}): {report.divergence}")
    return hands, ok, known, unexplained


def test_riichienv_tenhou_games_replay_hand_by_hand() -> None:
    start = time.perf_counter()
    hands, ok, known, unexplained = check_games(range(GAMES))
    elapsed = time.perf_counter() - start
    print(f"riichienv oracle: {GAMES} games, {hands} hands, {ok} ok, {known} known disagreements, {elapsed:.1f} s")
    assert hands >= 150
    assert unexplained == []


def test_four_held_wait_disagreement_is_recognised() -> None:
    """Game 37 of riichienv 0.4.11 with this agent ends a hand in a draw where seat 2 waits only
    on 3s and holds all four in an open kan: RiichiEnv pays it as tenpai, Tenhou does not."""
    if version("riichienv") != "0.4.11":
        pytest.skip("the game is pinned to riichienv 0.4.11's shuffle")
    hands, ok, known, unexplained = check_games([37])
    if known == 0 and not unexplained:
        pytest.skip("this riichienv build deals game 37 differently")
    assert known >= 1 and unexplained == []
