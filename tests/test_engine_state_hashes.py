"""Behaviour is preserved: seeded matches reach the state hashes recorded before a refactor.

``tests/data/state_hashes.json`` was written by ``tests/record_state_hashes.py`` from the commit it
names (main before the Rules-layer redesign of issue 17). Every seeded match must pass through the
same states, hand by hand; a mismatch names the profile, the seed and the first hand that differs.
The short runs (the first hands of 300 seeds per rulebook) run in every suite; the whole matches
are marked slow. A rulebook whose behaviour a change was meant to alter is re-recorded alone, and
the file's ``rerecorded`` says when and why (issue 17 §3: the Taiwanese dead hand sits out; only
the strict-table seeds moved).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from seeded_play import play

DATA = json.loads((Path(__file__).parent / "data" / "state_hashes.json").read_text(encoding="utf-8"))
RUNS: dict[str, dict[str, dict[str, object]]] = DATA["runs"]


def _check(profile_id: str, kind: str) -> None:
    bad: list[str] = []
    for key, want in RUNS[profile_id].items():
        run_kind, seed = key.split("/")
        if run_kind != kind:
            continue
        got = play(profile_id, int(seed), DATA["short_hands"] if kind == "short" else 10_000)
        hashes = want["hashes"]
        assert isinstance(hashes, list)
        if list(got.hand_hashes) != hashes or got.actions != want["actions"]:
            first = next((i for i, (a, b) in enumerate(zip(got.hand_hashes, hashes, strict=False)) if a != b), None)
            bad.append(f"seed {seed}: first differing hand {first}, {got.actions} actions vs {want['actions']}")
    assert not bad, f"{profile_id} {kind}: {len(bad)} seeded matches changed behaviour:\n" + "\n".join(bad[:20])


@pytest.mark.parametrize("profile_id", sorted(RUNS))
def test_first_hands_of_300_seeds_reach_the_recorded_states(profile_id: str) -> None:
    _check(profile_id, "short")


@pytest.mark.slow
@pytest.mark.parametrize("profile_id", sorted(RUNS))
def test_whole_seeded_matches_reach_the_recorded_states(profile_id: str) -> None:
    _check(profile_id, "full")
