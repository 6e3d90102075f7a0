"""What a hand in progress may be worth, per scoring model: the AI's value estimate.

A scoring model (:mod:`.scoring_bridge`) values a *complete* hand exactly. The AI also needs a
guess at what a hand still being built will be worth, in the same model's unit and points, and
what an opponent's shown melds may cost it. That guess belongs to the model (a hand's worth is
made of the model's rows), so each scoring module carries its :class:`ValueEstimate` beside its
scorer and :mod:`.scoring_bridge` registers the two together: a new scoring model brings its own
estimate and the AI (``game.ai``) reads it through :func:`.scoring_bridge.estimate_for` without
naming any model.

The estimates count likely rows softly (a pair of a value honour is a fraction of its pung, a
hand two tiles off one suit a fraction of the flush); they are tuned to order hands right, not to
predict exact scores. Everything here reads only what the seat may see: its own tiles and
melds, its flowers, the winds and the table's open information (:class:`.Observation`).

The shared arithmetic (value-honour sets, the one-suit reach) is here once, with the running
total passed in so that every model adds its terms in the same order as before (the AI's
decisions are pinned state by state by ``tests/test_ai_decisions.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Final, NamedTuple, Protocol

from .meld import Meld, MeldKind
from .observation import Observation
from .profile import RuleProfile
from .tiles import DRAGONS, FLOWER_ID_BASE, dora_from_indicator


class WaitReading(Enum):
    """How the AI values a tenpai hand wait by wait."""

    ESTIMATE = "estimate"  # the in-progress estimate stands at tenpai (no reading per wait)
    YAKU = "yaku"  # the AI's own reading of each wait's yaku (the riichi family: fast, no fu)
    SCORED = "scored"  # each wait scored by the model's own counter, as the seat would win it


class HandInProgress(NamedTuple):
    """The seat's own hand as an estimate reads it (a tuple: built for every discard weighed)."""

    counts: Sequence[int]  # concealed tiles by kind
    all_counts: Sequence[int]  # concealed and melded tiles by kind
    melds: Sequence[Meld]
    honours: Mapping[int, int]  # value honours: kind -> how many times its set counts (seat and round wind apart)
    reds: int  # red fives held
    closed: bool  # no open meld
    riichi: bool  # a riichi is declared or open to it


class ValueEstimate(Protocol):
    """A scoring model's estimate of hands in progress (the unit is the model's: han, tai, fan)."""

    waits: WaitReading  # how a tenpai hand's waits are valued

    def expected(self, hand: HandInProgress, obs: Observation, profile: RuleProfile) -> float:
        """Expected value of the seat's hand in the model's unit."""
        ...

    def points(self, value: float, obs: Observation, profile: RuleProfile) -> float:
        """What a win of this estimated value brings the seat, in points."""
        ...

    def threat_points(self, melds: Sequence[Meld], flush: bool, dealer: bool, profile: RuleProfile) -> float | None:
        """What dealing in to an opponent with these melds (and flush signs) may cost, or None
        to price it from the riichi-style reading of its shown han."""
        ...


def dora_values(obs: Observation) -> list[int]:
    """Han each kind is worth as dora (several indicators may point at one kind)."""
    out = [0] * 34
    for t in obs.dora_indicators:
        out[dora_from_indicator(t >> 2)] += 1
    return out


def dora_count(all_counts: Sequence[int], obs: Observation) -> int:
    """Dora the tiles of ``all_counts`` hold, red fives apart: the copies of each indicated kind,
    once per indicator (what ``dora_values`` weighs, summed without a 34-entry pass)."""
    total = 0
    for t in obs.dora_indicators:  # a loop and a table: no generator, no call per indicator
        total += all_counts[_DORA_OF_INDICATOR[t >> 2]]
    return total


_DORA_OF_INDICATOR: Final = tuple(dora_from_indicator(k) for k in range(34))


def add_honour_sets(total: float, hand: HandInProgress, dragon: float, wind: float, pair_share: float) -> float:
    """``total`` plus the value-honour sets: a pung (shown or concealed) at ``dragon`` or
    ``wind`` per time it counts, a concealed pair at ``pair_share`` of that."""
    counts, melds = hand.counts, hand.melds
    for k, mult in hand.honours.items():
        per = dragon if k in DRAGONS else wind
        if counts[k] >= 3 or (melds and any(m.first_kind == k and m.kind is not MeldKind.CHI for m in melds)):
            total += per * mult
        elif counts[k] == 2:
            total += pair_share * per * mult
    return total


def add_one_suit(
    total: float, hand: HandInProgress, *, off: int, least: int, mixed: float, pure: float, near_share: float
) -> float:
    """``total`` plus a flush the hand is near: ``mixed`` with honours, ``pure`` without, whole
    when the hand is one suit already, at ``near_share`` when at most ``off`` tiles lie outside
    its main suit; nothing when more do or it holds fewer than ``least`` of that suit."""
    all_counts = hand.all_counts
    suits = (sum(all_counts[0:9]), sum(all_counts[9:18]), sum(all_counts[18:27]))  # no comprehension: a call
    honours = sum(all_counts[27:])
    tiles = sum(all_counts)
    top = max(suits)
    if top + honours >= tiles - off and top >= least:
        total += (mixed if honours else pure) * (1.0 if top + honours == tiles else near_share)
    return total


def own_flowers(obs: Observation) -> int:
    """The seat's flowers that are its own (the flower of its seat's number)."""
    return sum(1 for t in obs.me.flowers if (t - FLOWER_ID_BASE) % 4 == obs.me.wind)


def honour_melds(melds: Sequence[Meld], kinds: Sequence[int]) -> int:
    """Shown pungs and kongs of the given honour kinds."""
    return sum(1 for m in melds if m.first_kind in kinds and m.kind is not MeldKind.CHI)
