"""The AI's reasons read in the player's language, and the words never change a decision."""

from __future__ import annotations

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
