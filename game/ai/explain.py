"""Plain words for AI decisions: the hint and explain options of the table show these.

Reasons are short sentences a player can check against the table ("folds: 7p is safe against
South's riichi"); they name tiles in the game's notation and seats by their wind this hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.observation import Observation
from game.engine.tiles import format_kinds, kind_name

_WINDS = ("East", "South", "West", "North")


def seat_name(obs: Observation, seat: int) -> str:
    return _WINDS[obs.seats[seat].wind % 4]


def tile_word(kind: int) -> str:
    """A kind as the table prints it: ``7p``, ``East``, ``Red``."""
    return kind_name(kind) if kind >= 27 else format_kinds([kind])


def kinds_word(kinds: Sequence[int]) -> str:
    """Several kinds joined the compact way: ``36s``, ``14m 7p``."""
    if not kinds:
        return "nothing"
    suited = [k for k in kinds if k < 27]
    words = []
    if suited:
        words.append(format_kinds(suited))
    words += [kind_name(k) for k in kinds if k >= 27]
    return " ".join(words)


def shanten_words(sh: int) -> str:
    if sh < 0:
        return "complete"
    if sh == 0:
        return "tenpai"
    return f"{sh}-shanten"


def threat_list(obs: Observation, seats: Sequence[int]) -> str:
    names = [f"{seat_name(obs, s)}'s" for s in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
