"""The rulebook as behaviour: a profile's knobs turned, once, into one object per concern.

:func:`rules_for` builds a :class:`Rules` from a :class:`~game.engine.profile.RuleProfile` (once
per profile); the flow of a hand (:mod:`game.engine.match`) reads it and never asks which rulebook
it plays or compares a knob's string. Each concern has its module, named as the rulebooks name it,
with the knobs it reads listed at its top:

| concern | module |
|---|---|
| the tile set, the wall and the hill, replacement tiles, dora | :mod:`.walls` |
| calls and their priority, kuikae, several winners, pao | :mod:`.calls` |
| the winning shape and a win's value | :mod:`.wins` |
| riichi | :mod:`.riichi` |
| furiten and the missed-discard lock | :mod:`.furiten` |
| abortive draws | :mod:`.aborts` |
| special wins (the eighth flower) | :mod:`.special_wins` |
| the exhaustive draw: tenpai, noten payments, nagashi | :mod:`.draws` |
| false declarations at a strict table | :mod:`.penalties` |
| renchan, counters and the end of the match | :mod:`.renchan` |

``tests/test_rules_knobs.py`` checks that every knob of the profile is read by one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..profile import RuleProfile
from .aborts import Aborts
from .calls import Calls
from .draws import Draws
from .furiten import Furiten
from .penalties import Penalties
from .renchan import Renchan
from .riichi import Riichi
from .special_wins import SpecialWins
from .walls import Walls
from .wins import Wins


@dataclass(frozen=True, eq=False)
class Rules:
    """One profile's rules, by concern."""

    profile: RuleProfile
    walls: Walls
    calls: Calls
    wins: Wins
    riichi: Riichi
    furiten: Furiten
    aborts: Aborts
    special_wins: SpecialWins
    draws: Draws
    penalties: Penalties
    renchan: Renchan


@lru_cache(maxsize=32)
def rules_for(profile: RuleProfile) -> Rules:
    """The rules of ``profile`` (built once per distinct profile)."""
    return Rules(
        profile=profile,
        walls=Walls.of(profile),
        calls=Calls.of(profile),
        wins=Wins.of(profile),
        riichi=Riichi.of(profile),
        furiten=Furiten.of(profile),
        aborts=Aborts.of(profile),
        special_wins=SpecialWins.of(profile),
        draws=Draws.of(profile),
        penalties=Penalties.of(profile),
        renchan=Renchan.of(profile),
    )
