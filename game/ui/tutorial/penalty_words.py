"""A penalty at a strict table in the interface language: what the false declaration was and what
it costs (points paid at once, points off the final score, or a dead hand), read from the engine's
``Penalty`` event so the lesson states exactly what the engine did."""

from __future__ import annotations

from game.engine.events import Penalty, PenaltyKind
from game.engine.profile import RuleProfile
from game.i18n import number, t


def penalty_text(penalty: Penalty, seat_name: str, profile: RuleProfile) -> str:
    """``A false win by West (you): chombo, West (you) pays 8,000 at once and the hand is dealt
    again.``"""
    offence = t(f"tutorial.penalty.{penalty.offence}", seat=seat_name)
    if penalty.kind is PenaltyKind.CHOMBO:
        if penalty.after_uma:
            cost = t("tutorial.penalty.chombo_after_uma", seat=seat_name, points=number(penalty.after_uma),
                     count=penalty.after_uma)
        else:
            cost = t("tutorial.penalty.chombo_paid", seat=seat_name, points=number(-penalty.deltas[penalty.seat]))
    else:
        key = "dead_hand_pays" if profile.tai.dead_hand_pays_winner else "dead_hand"
        cost = t(f"tutorial.penalty.{key}", seat=seat_name)
    return f"{offence}: {cost}"


__all__ = ["penalty_text"]
