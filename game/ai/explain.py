"""Plain words for AI decisions: the hint and explain options of the table show these.

Reasons are short sentences a player can check against the table ("folds: 7p is safe against
South's riichi"); they name tiles as the table writes them and seats by their wind this hand (each
``ai.whose`` message also keeps the seat's number as ``index``, so the table can name the seat as
it does, "Kenji's", or "your" for the player's own). The
sentences are catalog strings (``ai.*`` in game/i18n), so a French or Russian player reads them in
their language; the decision itself never depends on the words.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.observation import Observation
from game.i18n import join, number, percent, t
from game.i18n.tiles import tile_word as tile_word  # reasons name tiles as the table does
from game.i18n.tiles import tile_words

_WINDS = ("east", "south", "west", "north")


def seat_name(obs: Observation, seat: int) -> str:
    return t(f"tile.{_WINDS[obs.seats[seat].wind % 4]}")


def kinds_word(kinds: Sequence[int]) -> str:
    """Several kinds, suit tiles first: ``3s 6s``, ``1m 4m East``."""
    if not kinds:
        return t("ai.nothing")
    return tile_words(sorted(kinds, key=lambda k: (k >= 27, k)))


def about(points: float) -> int:
    """An expected value as a reason says it: to the nearest hundred ("about 3,500 points"; seen:
    "environ 3 519 points", read as an exact score the hand would make)."""
    return max(100, round(points / 100) * 100) if points > 0 else 0


def shanten_words(sh: int) -> str:
    if sh < 0:
        return t("ai.complete")
    if sh == 0:
        return t("ai.tenpai")
    return t("ai.shanten", n=sh)


def threat_list(obs: Observation, seats: Sequence[int]) -> str:
    """Whose riichi: ``South's``, ``South's and West's`` (the language's possessive)."""
    names = [t("ai.whose", seat=seat_name(obs, s), index=s) for s in seats]
    if len(names) == 1:
        return names[0]
    return t("ai.list", first=join(t("common.list_separator"), names[:-1]), last=names[-1])


def reason(key: str, **values: object) -> str:
    """One of the reasons in the ``ai.reason`` catalog section; ``points`` (a number) and ``risk``
    (a share) are written the language's way (``8,000``, ``12 %``)."""
    if isinstance(values.get("points"), int | float):
        values["points"] = number(round(values["points"]))  # type: ignore[call-overload]
    if isinstance(values.get("risk"), float):
        values["risk"] = percent(values["risk"])  # type: ignore[arg-type]
    return t(f"ai.reason.{key}", **values)
