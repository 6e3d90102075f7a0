"""The hash of every shipped rulebook at every game length, pinned.

A record (an autosave, a named save, a replay) carries the hash of the rules it was played
under and replays only under a profile that accepts it (``profile.accepted_hashes``). A change of
knobs changes the hash, and without ``profile.FORMER_HASHES`` every file a player made before
the change is refused and set aside as unplayable: their unfinished match is gone. This test
fails on such a change until the hash it replaces is added to ``FORMER_HASHES`` (when play under
the old knobs is the same; the end-state check still refuses a record that replays otherwise)
and the new hash is written here.
"""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.errors import RecordError
from game.engine.match import Match, replay
from game.engine.profile import FORMER_HASHES, RuleProfile, accepted_hashes, available_profiles, load_profile

LENGTHS = ("one_hand", "tonpuu", "hanchan", "one_round", "four_rounds")
PINNED: dict[str, tuple[str, ...]] = {  # the hashes at each of LENGTHS
    "riichi": ("2d264d2100a4d1ff", "6b67b8dabe3fc7dd", "f322f998df3a9bc5", "cadae49559dbe698", "eafa80326af187e1"),
    "ema": ("8204100d08bcaba5", "fefe631b6e109639", "803393cb6c832ddf", "dd80c7406c257cba", "e1e25ffdcb01367c"),
    "taiwanese": ("7031ea95ee0088db", "8fb35566b78dc00f", "924380978d50ef51", "d44cf40ca077b34c", "3c331039e693f60d"),
    "hongkong": ("10ea645e3a8bc5e6", "6ecae35468d218f7", "d489437b8c9c7b90", "c8406980a8ddae44", "bc275b60c00da9e8"),
}


def at_length(profile_id: str, length: str) -> RuleProfile:
    p = load_profile(profile_id)
    return dataclasses.replace(p, game=dataclasses.replace(p.game, length=length))


def test_every_shipped_rulebook_is_pinned() -> None:
    assert set(PINNED) == set(available_profiles())


@pytest.mark.parametrize("profile_id", sorted(PINNED))
@pytest.mark.parametrize("index", range(len(LENGTHS)), ids=LENGTHS)
def test_a_change_of_knobs_keeps_the_files_made_before_it(profile_id: str, index: int) -> None:
    profile = at_length(profile_id, LENGTHS[index])
    pinned = PINNED[profile_id][index]
    assert profile.hash == pinned, (
        f"{profile_id} at {LENGTHS[index]}: the hash moved from {pinned} to {profile.hash}; if play under "
        f"the old knobs is the same, add {pinned} to FORMER_HASHES[({profile_id!r}, {LENGTHS[index]!r})] "
        "in game/engine/profile.py, then pin the new hash here")
    assert FORMER_HASHES.get((profile_id, LENGTHS[index]), frozenset()) <= accepted_hashes(profile)


def test_a_record_of_the_version_before_hong_kong_replays() -> None:
    """A riichi match recorded under the hash the game had before the Hong Kong fan table (the
    same play) resumes, and one under a hash no version had is still refused."""
    profile = at_length("riichi", "one_hand")
    match = Match(profile, 7)
    for _ in range(30):
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[-1])
    record = match.record
    before = dataclasses.replace(record, profile_hash="f9934fdd395c499a")  # the game at 2bcb0c9
    assert replay(before, profile).state_hash() == record.state_hash
    with pytest.raises(RecordError):
        replay(dataclasses.replace(record, profile_hash="0123456789abcdef"), profile)
