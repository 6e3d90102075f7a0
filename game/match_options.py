"""The match options: what the player chose for a match, and the rule profile it is played under.

A model, not a screen: the New game screen edits it, the saves and replays keep it beside the
engine record (the record alone does not say which seat is the player's, how strong the opponents
are, or how long the match is), and the AI, the tutorials and the CLI read it. So it lives below
both ``game.persist`` and ``game.ui`` and imports neither (``tests/test_import_graph.py``).

The length is a knob of the profile, so :func:`match_profile` makes the variant the match really
uses; its hash goes into the record, and a save rebuilds the same variant to replay it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from game.engine.profile import RuleProfile, load_profile

LEVELS: Final = ("easy", "normal", "hard")  # the same names as game.ai.levels.LEVELS
# a game counted in hands and half-games (the riichi family) or in rounds 圈 (the Chinese family)
HAND_LENGTHS: Final = ("one_hand", "tonpuu", "hanchan")
ROUND_LENGTHS: Final = ("one_round", "four_rounds")


@dataclass(frozen=True)
class MatchOptions:
    profile_id: str = "riichi"
    levels: tuple[str, str, str] = ("normal", "normal", "normal")  # the AI seats after the player's, in turn order
    length: str = ""  # a game.length knob value; "" plays the profile's own length
    human_seat: int = 0
    seed: int | None = None  # None: the app picks one (the record keeps it)
    red_fives: bool = True  # False: a profile's red fives are plain fives (a match played on from a log without them)

    def ai_seats(self) -> dict[int, str]:
        """Each AI seat (absolute) with its level."""
        return {(self.human_seat + i + 1) % 4: level for i, level in enumerate(self.levels)}


def lengths_for(profile: RuleProfile) -> tuple[str, ...]:
    """The lengths offered for a profile: those counted like its own length (rounds 圈, or hands)."""
    if profile.game.length in ROUND_LENGTHS:
        return ROUND_LENGTHS
    return HAND_LENGTHS


def match_profile(options: MatchOptions) -> RuleProfile:
    """The profile the match is played under: the shipped one with the chosen length (and without
    red fives when the options say so)."""
    profile = load_profile(options.profile_id)
    if not options.red_fives and profile.tiles.red_fives:
        profile = dataclasses.replace(profile, tiles=dataclasses.replace(profile.tiles, red_fives=0))
    if not options.length or options.length == profile.game.length:
        return profile
    if options.length not in lengths_for(profile):
        raise ValueError(f"length {options.length!r} is not offered for {options.profile_id}")
    return dataclasses.replace(profile, game=dataclasses.replace(profile.game, length=options.length))  # type: ignore[arg-type]
