"""hard's order among lone tiles that weigh the same (they add no acceptance and no value yet).

A new player saw the hint (hard's choice) throw the seat's own wind before a guest wind at three
shanten (EMA, East as the seat's wind): a lone value honour and a lone guest wind add nothing to
the shape, so the two discards weighed exactly the same, and the lower tile kind went first (East
is the lowest kind). Among the honours the guest wind goes first (it can only ever make a pair),
then a value honour (its pung is a yaku), a double wind last. A lone suited tile goes before every
honour, a terminal first: the honours are the safe tiles later in the hand, and throwing them
first (8a11633) raised hard's deal-in rate (9.03 -> 9.89 % against 3 normal). Seat 0 is to
discard; the tables are built as in test_ai_defence.
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


@PROFILES
def test_a_double_wind_is_kept_longer_than_a_dragon(profile: RuleProfile) -> None:
    # the dealer in the East round: East is worth two, the dragon one
    assert hard_discard(table(SHAPE + "17z", dealer=0, live=66, profile=profile), profile)[0] == "7z"


@PROFILES
def test_a_lone_terminal_goes_before_a_guest_wind(profile: RuleProfile) -> None:
    # four shanten, five partial shapes: the 1s and West are the only lone tiles
    assert hard_discard(table("2479m3579p1468s3z", dealer=1, live=66, profile=profile), profile)[0] == "1s"


@PROFILES
def test_a_lone_terminal_goes_first_of_all_lone_tiles(profile: RuleProfile) -> None:
    # four shanten: the lone 1s, 8p, West and Red add no acceptance, one no more than another
    assert hard_discard(table("2479m358p1468s37z", dealer=1, live=66, profile=profile), profile)[0] == "1s"


@PROFILES
def test_a_lone_middle_tile_goes_before_a_guest_wind_and_a_dragon(profile: RuleProfile) -> None:
    # three shanten: the 8p is lone, West and Red too; the honours are kept as the later safe tiles
    assert hard_discard(table("2479m358p1235s37z", dealer=1, live=66, profile=profile), profile)[0] == "8p"
