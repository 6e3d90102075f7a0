"""Counterfactual rollouts (game/ai/rollout.py) and the tool built on them (``counterfactual``)."""

from __future__ import annotations

from collections import Counter

from game.ai.levels import make_seat
from game.ai.rollout import paired_deltas, play_out, redealt
from game.cli import counterfactual as cf
from game.engine import Match
from game.engine.actions import ActionKind
from game.engine.profile import load_profile

PROFILE = load_profile("riichi")
NAMES = ["hard", "normal", "normal", "normal"]


def _mid_hand(seed: int, decisions: int) -> Match:
    """A match ``decisions`` actions into its first hand, played by the line-up."""
    match = Match(PROFILE, seed)
    seats = [make_seat(n, seed, s, PROFILE) for s, n in enumerate(NAMES)]
    for _ in range(decisions):
        s = match.awaiting()[0]
        match.apply(seats[s].decide(match.observe(s)))
    assert match.hand_index == 0
    return match


def test_a_redeal_shuffles_only_the_wall_still_to_draw_and_leaves_the_match_alone() -> None:
    match = _mid_hand(3001, 30)
    before = match.state_hash()
    wall = match.wall
    rest = wall.live[wall.head:wall.tail]
    orders = set()
    for seed in range(6):
        trial = redealt(match, seed)
        got = trial.wall.live[trial.wall.head:trial.wall.tail]
        assert Counter(got) == Counter(rest)
        assert trial.wall.live[:trial.wall.head] == wall.live[:wall.head]  # what was drawn stays drawn
        assert [p.sorted_hand for p in trial.players] == [p.sorted_hand for p in match.players]
        orders.add(tuple(got))
    assert len(orders) == 6
    assert match.state_hash() == before


def test_a_play_out_ends_the_hand_and_the_same_action_twice_gives_the_same_points() -> None:
    match = _mid_hand(3002, 24)
    s = match.awaiting()[0]
    act = make_seat(NAMES[s], 3002, s, PROFILE).decide(match.observe(s))
    trial = redealt(match, 5)
    seats = [make_seat(n, 9, i, PROFILE) for i, n in enumerate(NAMES)]
    sticks = trial.sticks
    deltas = play_out(trial, seats, act)
    assert trial.hand_index == 1 or trial.is_over
    # the points move between the seats, and to and from the riichi sticks on the table
    assert len(deltas) == 4 and sum(deltas) == 1000 * (sticks - trial.sticks)
    # common random numbers: the same re-deal and the same fresh seats repeat the hand exactly
    pairs = paired_deltas(match, s, act, act, NAMES, [11, 12, 13], PROFILE)
    assert all(a == b for a, b in pairs)
    assert pairs == paired_deltas(match, s, act, act, NAMES, [11, 12, 13], PROFILE)


def test_two_different_actions_are_weighed_on_the_same_redeals() -> None:
    match = _mid_hand(3003, 20)
    s = match.awaiting()[0]
    discards = [a for a in match.legal_actions(s) if a.kind is ActionKind.DISCARD]
    first, second = discards[0], discards[-1]
    pairs = paired_deltas(match, s, first, second, NAMES, [1, 2, 3, 4], PROFILE)
    assert len(pairs) == 4
    alone = [paired_deltas(match, s, first, first, NAMES, [seed], PROFILE)[0][0] for seed in (1, 2, 3, 4)]
    assert [a for a, _ in pairs] == alone


def test_the_tool_finds_differing_decisions_and_groups_them() -> None:
    rows = cf.play_match((3004, NAMES, 0, 1))
    assert rows, "hard and normal never disagreed in a whole hanchan"
    assert all(r["hard"] != r["normal"] or r["phase"] == "turn" for r in rows)
    assert {r["threat"] for r in rows} <= {"riichi", "open", "none"}
    groups = cf.summary(rows, 1)
    everything = next(g for g in groups if g["group"] == "all")
    assert everything["n"] == len(rows)
    assert sum(g["n"] for g in groups if g["group"] in ("turn", "claim")) == len(rows)
