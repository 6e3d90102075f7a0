"""The one thing tenhou.net/6 cannot say: which of two identical discards of one player was ponned,
when the caller drew nothing between them. Like mjai-reviewer's convlog, the reader takes the
first and, on a later contradiction, backtracks to the second.

The fixtures in ``tests/golden/logs`` are real-format logs written by this game from hands played
on stacked walls (:data:`log_helpers.CONFUSING`): a pon of the first and of the second of two 9m,
with and without a riichi between. Each must read back as the hand that was played, replay
exactly, and read as convlog reads it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from log_helpers import CONFUSING

from game.engine.logs import from_tenhou6, logged, replay_match
from game.engine.logs.mjai import write_mjai
from game.engine.logs.model import Step
from game.engine.profile import load_profile

FIXTURES = Path(__file__).parent / "golden" / "logs"
RIICHI = load_profile("riichi")


def _fixture(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _plain(steps: list[Step]) -> list[tuple[object, ...]]:
    return [(s.kind, s.seat, s.tile, tuple(sorted(s.consumed)), s.target, s.tsumogiri, s.rinshan) for s in steps]


@pytest.mark.parametrize("name", sorted(CONFUSING))
def test_the_fixture_reads_back_as_the_hand_that_was_played(name: str) -> None:
    read = from_tenhou6(_fixture(name)).hands[0]
    played = logged(CONFUSING[name](RIICHI)).hands[0]
    assert _plain(read.steps) == _plain(played.steps)
    pon = next(i for i, s in enumerate(read.steps) if s.kind == "pon" and s.seat == 2)
    nines = [i for i, s in enumerate(read.steps) if s.kind == "discard" and s.seat == 0 and s.tile == (8, False)]
    assert len(nines) == 2
    assert pon == nines[0 if "first" in name else 1] + 1


@pytest.mark.parametrize("name", sorted(CONFUSING))
def test_the_fixture_replays_exactly(name: str) -> None:
    [report] = replay_match(from_tenhou6(_fixture(name)), RIICHI)
    assert report.ok, report.divergence


@pytest.mark.parametrize("name", sorted(CONFUSING))
def test_convlog_reads_the_fixture_as_we_do(name: str) -> None:
    convlog = pytest.importorskip("convlog_rs", reason="convlog-rs (PyPI) is not installed: pip install convlog-rs")
    text = (FIXTURES / f"{name}.json").read_text(encoding="utf-8")
    theirs = [json.loads(line) for line in convlog.tenhou_to_mjai(text)]
    ours = write_mjai(from_tenhou6(json.loads(text)))
    for ev in ours:
        ev.pop("reason", None)
    assert theirs == ours
