"""Invariants a match must keep after every action, checked by the soak and by tests.

The engine is deterministic and refuses illegal actions, but a bookkeeping slip (a tile counted
twice, a riichi stick lost, a seat asked to act with nothing to do) would only show much later,
in a broken hand or an unreplayable save. These checks name the slip the moment it happens:

* tile conservation: every tile of the set lies in exactly one place (live wall, dead wall,
  a concealed hand, a meld, a river, the flowers set aside); a called discard lives in its meld;
* hand sizes: concealed tiles plus three per meld make ``3 * sets + 1``, one more for the seat
  whose turn it is;
* score sums: the scores plus 1000 per riichi stick on the table stay what the match started
  with, until the final settlement;
* legal-action consistency: the seats asked to act have something to do, the others nothing,
  and every legal action's notation reads back to the same action.

Each check returns a list of messages (empty: all is well), so a soak can report every slip
with its seed and action index instead of stopping at the first.
"""

from __future__ import annotations

import copy
from collections import Counter

from .actions import format_action
from .errors import AtlasError
from .match import Match, Phase, _tile_set

STICK_POINTS = 1000


def tile_locations(match: Match) -> Counter[int]:
    """How many times each tile id is found on the table (should be once each)."""
    found: Counter[int] = Counter()
    wall = match.wall
    found.update(wall.live[wall.head : wall.tail])
    found.update(wall.dead[wall.rinshan_taken :])
    for p in match.players:
        found.update(p.hand)
        found.update(p.flowers)
        for m in p.melds:
            found.update(m.tiles)
        found.update(d.tile for d in p.discards if not d.called)
    return found


def check_tiles(match: Match) -> list[str]:
    """Tile conservation: each tile of the profile's set in exactly one place."""
    found = tile_locations(match)
    expected = Counter(_tile_set(match.profile))
    if found == expected:
        return []
    missing = sorted((expected - found).elements())
    extra = sorted((found - expected).elements())
    return [f"tile conservation: missing {missing[:8]}, extra {extra[:8]}"]


def check_hand_sizes(match: Match) -> list[str]:
    """Concealed tiles + 3 per meld = 3 * sets + 1, plus one for the seat whose turn it is."""
    if match.phase is Phase.OVER:
        return []
    base = 3 * match.profile.win.sets + 1
    out = []
    for seat, p in enumerate(match.players):
        want = base + (1 if match.phase is Phase.TURN and seat == match.turn else 0)
        have = len(p.hand) + 3 * len(p.melds)
        if have != want:
            out.append(f"hand size: seat {seat} holds {len(p.hand)} tiles and {len(p.melds)} melds ({have}), not {want}")
    return out


def check_scores(match: Match, total: int) -> list[str]:
    """Scores plus the sticks on the table make ``total`` (skipped after the final settlement,
    which may hand the sticks out and round)."""
    if match.phase is Phase.OVER:
        return []
    have = sum(match.scores) + STICK_POINTS * match.sticks
    if have != total:
        return [f"score sum: scores {match.scores} + {match.sticks} sticks make {have}, not {total}"]
    if match.sticks < 0:
        return [f"score sum: {match.sticks} riichi sticks on the table"]
    return []


def check_actions(match: Match) -> list[str]:
    """Awaited seats have legal actions, the others none; the notation the record would write for
    each (fives written plain under a rulebook without red fives) reads back to it."""
    out: list[str] = []
    awaiting = match.awaiting()
    if match.is_over:
        if awaiting:
            out.append(f"legal actions: the match is over but seats {awaiting} are awaited")
        return out
    if not awaiting:
        out.append("legal actions: the match goes on but no seat is awaited")
    for seat in range(4):
        legal = match.legal_actions(seat)
        if seat in awaiting and not legal:
            out.append(f"legal actions: seat {seat} is awaited but has no legal action")
        elif seat not in awaiting and legal:
            out.append(f"legal actions: seat {seat} is not awaited but has {len(legal)} legal actions")
        for action in legal:
            text = format_action(action, red_fives=bool(match.red_ids))
            try:
                back = match.parse_action(text)
            except AtlasError as exc:
                out.append(f"notation: legal action {text!r} does not read back: {exc}")
                continue
            if back != action:
                out.append(f"notation: legal action {text!r} reads back as {back!r}, not {action!r}")
    return out


def check_actions_accepted(match: Match, total: int) -> list[str]:
    """Every legal action of every awaited seat is accepted by a copy of the match, which then
    keeps every invariant (costly: a deep copy per action; tests sample it)."""
    out: list[str] = []
    for seat in match.awaiting():
        for action in match.legal_actions(seat):
            trial = copy.deepcopy(match)
            try:
                trial.apply(action)
            except AtlasError as exc:
                out.append(f"legal action {action} is refused: {exc}")
                continue
            out += [f"after legal action {action}: {m}" for m in check_all(trial, total)]
    return out


def starting_total(match: Match) -> int:
    """The score total a match keeps (take it before the first action)."""
    return sum(match.scores) + STICK_POINTS * match.sticks


def check_all(match: Match, total: int) -> list[str]:
    """Every invariant; ``total`` comes from :func:`starting_total`."""
    return check_tiles(match) + check_hand_sizes(match) + check_scores(match, total) + check_actions(match)
