"""hard's decisions on a few hundred seeded hands are what the golden decision set says.

The set (tests/golden/hard_decisions.json.gz, 36 seeded matches of riichi, EMA, Taiwanese and Hong Kong,
about 21,000 states) holds, for every state those matches pass through, the action hard chose when it
was recorded. It is computed by running the code (``python -m game ai-decisions record``), so it is
not an oracle of good play: it pins hard's play as it is, so that a change meant to keep play as it
is (a speed-up, a cache, a refactor such as moving the hand-value estimates behind one place) proves
it changes nothing, state by state. Re-recording it is legitimate only in a commit whose purpose is to
change hard's decisions, with that change's measured figures in the commit message
(``python -m game ai-decisions diff`` says how many states change and how); re-recording to make a
speed-up or refactor pass would hide exactly the regression this test exists to catch."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import decision_set
from game.ai.levels import LevelBot
from game.cli import main
from game.cli.ai_decisions import GOLDEN
from game.engine.actions import Action
from game.engine.observation import Observation


def test_the_golden_set_covers_a_few_hundred_hands_of_every_profile() -> None:
    data = decision_set.load(GOLDEN)
    assert decision_set.hands(data) >= 250
    assert {m["profile"] for m in data["matches"]} == {"riichi", "ema", "taiwanese", "hongkong"}


def test_hard_decides_as_recorded_on_a_match_of_every_profile() -> None:
    data = decision_set.first_of_each_profile(decision_set.load(GOLDEN))
    assert {m["profile"] for m in data["matches"]} == {"riichi", "ema", "taiwanese", "hongkong"}
    states, diffs = decision_set.check(data)
    assert states > 2000
    assert diffs == [], f"{len(diffs)} of {states} states changed, first {diffs[:3]}"


@pytest.mark.slow
def test_hard_decides_as_recorded_everywhere() -> None:
    states, diffs = decision_set.check(decision_set.load(GOLDEN))
    assert diffs == [], f"{len(diffs)} of {states} states changed, first {diffs[:3]}"


def test_a_changed_decision_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    real = LevelBot.decide

    def contrary(self: LevelBot, obs: Observation) -> Action:
        choice = real(self, obs)
        others = [a for a in obs.legal_actions if a != choice]
        return others[-1] if others and obs.phase == "turn" else choice

    monkeypatch.setattr(LevelBot, "decide", contrary)
    states, diffs = decision_set.check(decision_set.load(GOLDEN), limit=1)
    assert diffs and all(d.expected != d.now for d in diffs)


def test_record_and_check_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.engine.profile import load_profile

    entry = decision_set.record_match(load_profile("riichi"), 4, 1, max_hands=1)
    data = {"format": decision_set.FORMAT, "players": [], "max_hands": 1, "matches": [entry]}
    path = tmp_path / "set.json.gz"
    decision_set.save(data, path)
    assert main(["ai-decisions", "check", "--file", str(path)]) == 0
    assert '"changed": 0' in capsys.readouterr().out


def test_hard_acts_the_same_whether_asked_why_or_not() -> None:
    """``decide`` skips the work only words need (a claim no call could speed up is passed at once);
    the table asks ``decide_with_reason``: both must choose the same action at every state."""
    from game.engine import Match
    from game.engine.profile import load_profile

    data = decision_set.first_of_each_profile(decision_set.load(GOLDEN))
    checked = 0
    for entry in data["matches"]:
        profile = load_profile(entry["profile"])
        match = Match(profile, int(entry["seed"]))
        hard = [LevelBot("hard", int(entry["seed"]), s, profile) for s in range(4)]
        for played_text in entry["actions"][:400]:
            played = match.parse_action(played_text)
            obs = match.observe(played.seat)
            assert hard[played.seat].decide(obs) == hard[played.seat].decide_with_reason(obs)[0], played_text
            checked += 1
            match.apply(played)
    assert checked >= 1000
