"""The AI's reasons read in the player's language, and the words never change a decision."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.ai.levels import LEVELS, make_seat
from game.engine import Match
from game.engine.profile import load_profile


def play_with_reasons(profile_id: str, seed: int, language: str, steps: int = 400) -> list[tuple[str, str]]:
    """(action, reason) for every AI decision of a short match played in ``language``."""
    i18n.set_language(language)
    profile = load_profile(profile_id)
    match = Match(profile, seed)
    seats = [make_seat(LEVELS[s % 3], seed, s, profile) for s in range(4)]
    out: list[tuple[str, str]] = []
    while not match.is_over and len(out) < steps:
        seat = match.awaiting()[0]
        action, reason = seats[seat].decide_with_reason(match.observe(seat))
        out.append((str(action), reason))
        match.apply(action)
    return out


@pytest.mark.parametrize("profile_id", ["riichi", "taiwanese"])
def test_reasons_are_translated_and_decisions_do_not_depend_on_the_language(profile_id: str) -> None:
    english = play_with_reasons(profile_id, 5, "en")
    for language in ("fr", "ru"):
        other = play_with_reasons(profile_id, 5, language)
        assert [a for a, _ in other] == [a for a, _ in english]  # the same decisions
        for (_, en_reason), (action, reason) in zip(english, other, strict=True):
            assert reason and "ai.reason" not in reason and "{" not in reason, (action, reason)
            assert reason != en_reason, (language, reason)  # every sentence has its own words
    i18n.set_language("en")


def test_an_open_hand_is_never_told_it_is_worth_more_closed() -> None:
    """Seen after the player's pon: "Pass on [8s]: the hand is worth more closed or the call does
    not help". A hand already open passes a call for the other reason only."""
    from game.ai.levels import LevelBot
    from game.engine import Match, load_profile
    from game.engine.meld import MeldKind
    from game.i18n import Message

    profile = load_profile("riichi")
    open_passes = 0
    for seed in (1, 2, 3):
        match = Match(profile, seed)
        bots = [LevelBot("hard", seed, s, profile) for s in range(4)]
        for _ in range(1500):
            if match.is_over:
                break
            seat = match.awaiting()[0]
            obs = match.observe(seat)
            action, why = bots[seat].decide_with_reason(obs)
            is_open = any(m.kind is not MeldKind.ANKAN for m in obs.me.melds)
            if obs.phase != "turn" and is_open and action.kind.value == "pass" and isinstance(why, Message):
                open_passes += 1
                assert why.key != "ai.reason.pass_closed", why
            match.apply(action)
    assert open_passes, "no open hand passed a call in these matches"


def test_a_reasons_points_are_an_estimate_to_the_hundred() -> None:
    """Seen: "environ 3 519 points", "7 130 points", read as the exact score the hand would make:
    the reasons' expected values are said to the nearest hundred."""
    from game.ai.explain import about
    from game.ai.levels import LevelBot
    from game.engine import Match, load_profile
    from game.i18n import Message

    assert (about(3519), about(7130), about(49), about(0)) == (3500, 7100, 100, 0)
    profile = load_profile("riichi")
    said = 0
    match = Match(profile, 4)
    bots = [LevelBot("hard", 4, s, profile) for s in range(4)]
    for _ in range(1200):
        if match.is_over:
            break
        seat = match.awaiting()[0]
        action, why = bots[seat].decide_with_reason(match.observe(seat))
        if isinstance(why, Message) and "points" in why.values:
            digits = re.sub(r"\D", "", str(why.values["points"]))  # written the language's way: "3,500"
            assert digits.endswith("00"), why
            said += 1
        match.apply(action)
    assert said
