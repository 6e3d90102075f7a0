"""The soak in CI: a few hundred actions per profile through ``python -m game soak``'s code, and
the invariant checks shown to catch the slips they exist for (a broken state is reported, not
passed). The long runs are a command: ``python -m game soak --profile P --games N``."""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest

from game.ai.baseline import RandomBot
from game.cli import main as cli_main
from game.cli import soak as soak_cli
from game.engine import Match, Phase, invariants
from game.engine.invariants import check_actions, check_all, check_hand_sizes, check_scores, check_tiles
from game.engine.profile import load_profile


@pytest.mark.parametrize("profile_id", ["riichi", "ema", "taiwanese"])
def test_a_short_soak_of_every_profile_finds_nothing(profile_id: str) -> None:
    """The CI share of the soak: 100 matches a rulebook (300 in all), cut at two hands so the
    suite stays short (about 5 s each); the 10,000-match runs are the command's."""
    # seeds 707..806: five cycles of the twenty tables, each level alone among baselines and
    # the three levels together, every seat kind turned through every seat
    result = soak_cli.soak(load_profile(profile_id), 100, 707, max_hands=2, accept_every=100)
    assert result["failures"] == []
    assert result["games"] == 100 and result["capped"] <= 100
    assert result["hands"] >= 150
    assert result["actions"] >= 8000
    assert result["invariant_checks"] == result["actions"] + result["games"]
    assert result["replays"] == 100
    assert result["accept_checks"] > 50 and result["notation_checks"] > 0
    assert result["seat_mix"]["easy"] == result["seat_mix"]["normal"] == result["seat_mix"]["hard"] == 15


def test_every_level_sits_at_a_fixed_share_of_tables_and_at_every_seat() -> None:
    cycle = len(soak_cli.TABLES)
    share = {name: sum(name in soak_cli.seating(g) for g in range(cycle)) for name in soak_cli.SEAT_POOL}
    assert set(soak_cli.SEAT_POOL) == {"random", "efficiency", "easy", "normal", "hard"}
    assert share["easy"] == share["normal"] == share["hard"] > 0
    fast_only = sum(set(soak_cli.seating(g)) <= set(soak_cli.FAST) for g in range(cycle))
    assert fast_only > cycle // 2  # weighted toward the fast baselines
    assert any(set(soak_cli.LEVELS) <= set(soak_cli.seating(g)) for g in range(cycle))  # levels meet
    assert all(soak_cli.seating(g).count("random") <= 2 for g in range(cycle))  # every match can end
    for name in soak_cli.SEAT_POOL:  # over four cycles every kind sits at every seat
        assert {s for g in range(4 * cycle) for s, n in enumerate(soak_cli.seating(g)) if n == name} == {0, 1, 2, 3}


def test_the_seat_mix_is_counted_per_match() -> None:
    result = soak_cli.soak(load_profile("riichi"), 8, 25, max_hands=1, accept_every=0)  # tables 5..12
    expected = {name: sum(name in soak_cli.seating(g) for g in range(25, 33)) for name in soak_cli.SEAT_POOL}
    assert expected["hard"] == 2
    assert result["seat_mix"] == expected
    assert result["accept_checks"] == 0


def _run(argv: list[str]) -> tuple[int, dict[str, object], str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(argv)
    return code, json.loads(out.getvalue()), err.getvalue()


def test_the_command_prints_one_json_summary() -> None:
    code, summary, err = _run(["soak", "--profile", "riichi", "--games", "2", "--seed", "3", "--max-hands", "1"])
    assert code == 0
    for key in ("games", "hands", "actions", "invariant_checks", "failures", "seconds", "seat_mix", "capped"):
        assert key in summary
    assert summary["games"] == 2 and summary["failures"] == []
    assert "soak riichi: 2/2" in err  # progress goes to stderr only


def test_a_failure_is_reported_with_seed_and_action_index_and_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def broken(self: invariants.MatchChecker, match: Match, index: int) -> list[str]:
        calls["n"] += 1
        return ["planted slip"] if calls["n"] == 5 else []

    monkeypatch.setattr(invariants.MatchChecker, "check", broken)
    code, summary, _ = _run(["soak", "--games", "1", "--seed", "42", "--max-hands", "1", "--quiet"])
    assert code == 1
    (failure,) = summary["failures"]  # type: ignore[misc]
    assert failure["seed"] == 42 and failure["action_index"] == 3
    assert "planted slip" in failure["message"]


def test_a_crash_inside_a_match_is_a_failure_not_the_end_of_the_soak(monkeypatch: pytest.MonkeyPatch) -> None:
    real = soak_cli.make_seat

    def crashing(name: str, seed: int, seat: int, profile: object) -> object:
        if seed == 1:
            raise RuntimeError("planted crash")
        return real(name, seed, seat, profile)  # type: ignore[arg-type]

    monkeypatch.setattr(soak_cli, "make_seat", crashing)
    result = soak_cli.soak(load_profile("riichi"), 2, 0, max_hands=1, accept_every=0)
    assert result["games"] == 2
    assert [f["seed"] for f in result["failures"]] == [1]
    assert "RuntimeError: planted crash" in result["failures"][0]["message"]


# --- the checks catch what they are for ------------------------------------------------------------


def _mid_match(seed: int = 8, steps: int = 30) -> Match:
    match = Match(load_profile("riichi"), seed)
    bots = [RandomBot(seed, s) for s in range(4)]
    for _ in range(steps):
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    return match


def test_a_healthy_match_passes_every_check() -> None:
    match = _mid_match()
    assert check_all(match, invariants.starting_total(Match(load_profile("riichi"), 8))) == []


def test_a_duplicated_or_lost_tile_is_caught() -> None:
    match = _mid_match()
    seat = random.Random(1).randrange(4)
    match.players[seat].hand.append(match.players[(seat + 1) % 4].hand[0])
    assert any("tile conservation" in m for m in check_tiles(match))
    match = _mid_match()
    match.wall.head += 1  # a tile drawn into nowhere
    assert any("missing" in m for m in check_tiles(match))


def test_a_wrong_hand_size_is_caught() -> None:
    match = _mid_match()
    seat = next(s for s in range(4) if not (match.phase is Phase.TURN and s == match.turn))
    match.players[seat].hand.pop()
    assert any(f"seat {seat}" in m for m in check_hand_sizes(match))


def test_lost_points_or_sticks_are_caught() -> None:
    match = _mid_match()
    total = sum(match.scores) + 1000 * match.sticks
    match.scores[0] -= 1000  # a riichi stick paid but never put on the table
    assert check_scores(match, total)
    match.state.sticks += 1
    assert check_scores(match, total) == []


def test_a_seat_asked_with_nothing_to_do_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _mid_match()
    others = [s for s in range(4) if s not in match.awaiting()]
    monkeypatch.setattr(match, "awaiting", lambda: others)
    assert any("has no legal action" in m or "not awaited" in m for m in check_actions(match))


@pytest.mark.parametrize(("profile_id", "seed"), [("riichi", 2), ("ema", 3), ("taiwanese", 4)])
def test_every_legal_action_is_accepted_by_a_copy(profile_id: str, seed: int) -> None:
    """At every step of a hand (claim windows included), each legal action of each awaited seat
    (every claim window and every eighth turn) is applied to a copy of the match: none is refused, and the copy keeps the invariants."""
    from game.engine.invariants import check_actions_accepted, starting_total

    match = Match(load_profile(profile_id), seed)
    total = starting_total(match)
    bots = [RandomBot(seed, s) for s in range(4)]
    probed = 0
    step = 0
    while not match.is_over and match.hand_index < 1:
        if match.phase is not Phase.TURN or step % 8 == 0:  # every claim window, some turns (a copy is dear)
            assert check_actions_accepted(match, total) == []
            probed += sum(len(match.legal_actions(s)) for s in match.awaiting())
        step += 1
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    assert probed > 30




def test_the_soak_checker_agrees_with_the_full_checks_along_a_match() -> None:
    match = Match(load_profile("ema"), 5)
    total = invariants.starting_total(match)
    checker = invariants.MatchChecker(match, accept_every=25)
    bots = [RandomBot(5, s) for s in range(4)]
    index = 0
    while not match.is_over and match.hand_index < 2:
        assert checker.check(match, index) == check_all(match, total) == []
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
        index += 1
    assert 0 < checker.notation_checks < sum(1 for _ in range(index)) * 4  # distinct actions only
    assert checker.accept_checks > 0


def test_the_checker_reads_back_each_distinct_action_once_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _mid_match()
    checker = invariants.MatchChecker(match)
    assert checker.check(match, 0) == []
    first = checker.notation_checks
    assert first == sum(len(match.legal_actions(s)) for s in match.awaiting())
    assert checker.check(match, 1) == [] and checker.notation_checks == first  # nothing new to read
    (action, *_) = match.legal_actions(match.awaiting()[0])
    monkeypatch.setattr(match, "parse_action", lambda text: action)  # every text reads as one action
    checker.forget_read_back()
    assert any("reads back as" in m for m in checker.check(match, 2)) == (first > 1)


def test_the_accept_sample_is_fixed_and_near_its_rate() -> None:
    match = Match(load_profile("riichi"), 11)
    one, two = invariants.MatchChecker(match, accept_every=50), invariants.MatchChecker(match, accept_every=50)
    picked = [i for i in range(20_000) if one.sampled(i)]
    assert picked == [i for i in range(20_000) if two.sampled(i)]
    assert 300 <= len(picked) <= 500  # about one in 50
    other = invariants.MatchChecker(Match(load_profile("riichi"), 12), accept_every=50)
    assert picked != [i for i in range(20_000) if other.sampled(i)]  # each match its own sample


def test_a_trial_copy_leaves_the_match_untouched() -> None:
    match = _mid_match()
    before = (match.state_hash(), len(match.events), len(match.actions))
    assert invariants.check_actions_accepted(match, invariants.starting_total(Match(load_profile("riichi"), 8))) == []
    assert (match.state_hash(), len(match.events), len(match.actions)) == before
    assert match.profile is not None and match.observe(match.awaiting()[0]).legal_actions


def test_a_refused_legal_action_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine.errors import IllegalActionError

    def refuse(self: Match, action: object) -> list[object]:
        raise IllegalActionError("planted", "refused")

    match = _mid_match()
    monkeypatch.setattr(Match, "apply", refuse)
    assert any("is refused" in m for m in invariants.check_actions_accepted(match, 100_000))


@pytest.mark.parametrize("suit", [0, 9, 18])
def test_a_kan_of_fives_written_without_red_fives_reads_back(suit: int) -> None:
    from game.engine.actions import Action, ActionKind, format_action, parse_action_text

    five = (suit + 4) * 4
    action = Action(0, ActionKind.ANKAN, (five, five + 1, five + 2, five + 3))
    text = format_action(action, red_fives=False)
    seat, kind, tiles = parse_action_text(text)
    assert (seat, kind, len(tiles)) == (0, ActionKind.ANKAN, 4)
