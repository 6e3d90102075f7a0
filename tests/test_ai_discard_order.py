"""hard's order among lone tiles that weigh the same (they add no acceptance and no value yet).

A new player saw the hint (hard's choice) throw the seat's own wind before a guest wind at three
shanten (EMA, East as the seat's wind): a lone value honour and a lone guest wind add nothing to
the shape, so the two discards weighed exactly the same, and the lower tile kind went first (East
is the lowest kind; a lone 8p went before every honour). A strong player throws the guest wind
first (it can only ever make a pair), keeps the value honour (its pung is a yaku) and keeps a
suited tile longest (it can still grow into a shape). Seat 0 is to discard; the tables are built
as in test_ai_defence.
"""

from __future__ import annotations

import pytest
from test_ai_defence import RIICHI, hard_discard, table

from game.engine.profile import RuleProfile, load_profile

EMA = load_profile("ema")
PROFILES = pytest.mark.parametrize("profile", [RIICHI, EMA], ids=["riichi", "ema"])
# three shanten, every suited tile in a shape: the two honours are the only lone tiles
SHAPE = "1355m468p2479s"


@PROFILES
def test_the_dealer_throws_a_guest_wind_before_its_own_east(profile: RuleProfile) -> None:
    # seat 0 deals in the East round: East is its wind twice over, West a guest wind
    assert hard_discard(table(SHAPE + "13z", dealer=0, live=66, profile=profile), profile)[0] == "3z"


@PROFILES
def test_south_throws_a_guest_north_before_its_own_south(profile: RuleProfile) -> None:
    # the dealer is seat 3, so seat 0 sits South
    assert hard_discard(table(SHAPE + "24z", dealer=3, live=66, profile=profile), profile)[0] == "4z"


@PROFILES
def test_a_guest_wind_goes_before_a_dragon(profile: RuleProfile) -> None:
    assert hard_discard(table(SHAPE + "37z", dealer=1, live=66, profile=profile), profile)[0] == "3z"


def test_a_guest_wind_goes_before_lone_suited_tiles() -> None:
    # four shanten: the lone 8p and 1s add no acceptance either, yet they may still grow a shape
    assert hard_discard(table("2479m358p1468s37z", dealer=1, live=66))[0] == "3z"
