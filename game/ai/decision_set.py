"""Seeded decision sets: what ``hard`` chooses at every state of a few hundred fixed hands.

A set is recorded once: seeded matches are played by a mix of levels, and at every state where
the engine waits for a seat, hard is asked what *it* would do in that seat (hard keeps no state
between decisions, so one fresh hard per seat answers exactly as a seated one would). The played
actions fix the states; hard's answers are the expectation. Checking a set replays the same
actions and asks hard again: any difference is a change of hard's play, listed state by state.

That is how a speed-up proves it changes nothing (issue "speed"), and how a change to hard's
judgement shows what it changes (``python -m game ai-decisions diff``).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.levels import LevelBot, make_seat
from game.engine import Match
from game.engine.actions import Action, format_action
from game.engine.profile import RuleProfile, load_profile

FORMAT = 1
# who plays the recorded hands: hard among weaker seats, rotated by match, so the states cover
# hard's own games and the ones it would meet at a table of normal and easy players
PLAYERS = ("hard", "normal", "normal", "easy")
SAME = "="  # hard's answer is the action played


@dataclass(frozen=True, slots=True)
class Difference:
    profile: str
    seed: int
    index: int  # the action's number in the match
    seat: int
    expected: str
    now: str


def _players(match_no: int) -> list[str]:
    return [PLAYERS[(s + match_no) % 4] for s in range(4)]


def _notation(match: Match, action: Action) -> str:
    return format_action(action, red_fives=bool(match.red_ids))


def record_match(profile: RuleProfile, seed: int, match_no: int, max_hands: int) -> dict[str, Any]:
    """One match of the set: the actions played and hard's answer at each state."""
    match = Match(profile, seed)
    names = _players(match_no)
    seats = [make_seat(n, seed, s, profile) for s, n in enumerate(names)]
    hard = [LevelBot("hard", seed, s, profile) for s in range(4)]
    actions: list[str] = []
    answers: list[str] = []
    while not match.is_over and match.hand_index < max_hands:
        seat = match.awaiting()[0]
        obs = match.observe(seat)
        played = seats[seat].decide(obs)
        mine = hard[seat].decide(obs)
        actions.append(_notation(match, played))
        answers.append(SAME if mine == played else _notation(match, mine))
        match.apply(played)
    return {"profile": profile.id, "seed": seed, "hands": match.hand_index, "actions": actions, "hard": answers}


def record(
    profiles: Sequence[str] = ("riichi", "ema", "taiwanese", "hongkong"),
    matches: Sequence[int] = (24, 4, 4, 4),
    seed: int = 0,
    max_hands: int = 10,
) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    for pid, count in zip(profiles, matches, strict=True):
        profile = load_profile(pid)
        for g in range(count):
            out.append(record_match(profile, seed + g, g, max_hands))
    return {"format": FORMAT, "players": list(PLAYERS), "max_hands": max_hands, "matches": out}


def check_match(entry: dict[str, Any], profile: RuleProfile) -> Iterator[Difference]:
    """Replay one recorded match and yield every state where hard now answers otherwise."""
    seed = int(entry["seed"])
    match = Match(profile, seed)
    hard = [LevelBot("hard", seed, s, profile) for s in range(4)]
    for index, (played_text, expected) in enumerate(zip(entry["actions"], entry["hard"], strict=True)):
        played = match.parse_action(played_text)
        obs = match.observe(played.seat)
        now = _notation(match, hard[played.seat].decide(obs))
        want = played_text if expected == SAME else expected
        if now != want:
            yield Difference(profile.id, seed, index, played.seat, want, now)
        match.apply(played)


def check(data: dict[str, Any], *, limit: int | None = None) -> tuple[int, list[Difference]]:
    """(states checked, differences) over the set's first ``limit`` matches (all by default)."""
    profiles: dict[str, RuleProfile] = {}
    states = 0
    diffs: list[Difference] = []
    for entry in data["matches"][:limit]:
        pid = entry["profile"]
        profile = profiles.setdefault(pid, load_profile(pid))
        states += len(entry["actions"])
        diffs.extend(check_match(entry, profile))
    return states, diffs


def first_of_each_profile(data: dict[str, Any]) -> dict[str, Any]:
    """The set cut to its first match of every profile: a quick check that reaches each rulebook's code."""
    first: dict[str, dict[str, Any]] = {}
    for m in data["matches"]:
        first.setdefault(m["profile"], m)
    return {**data, "matches": list(first.values())}


def hands(data: dict[str, Any]) -> int:
    return sum(int(m["hands"]) for m in data["matches"])


def save(data: dict[str, Any], path: Path) -> None:
    text = json.dumps(data, separators=(",", ":"))
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: decision set format {data.get('format')!r}, expected {FORMAT}")
    return data
