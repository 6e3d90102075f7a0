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
* legal-action consistency: the seats asked to act have something to do, the others nothing (but a
  win still open on the last discard after the draw, EMA's claim window), and every legal
  action's notation reads back to the same action.

Each check returns a list of messages (empty: all is well), so a soak can report every slip
with its seed and action index instead of stopping at the first. :func:`check_all` runs them all
in full; :class:`MatchChecker` runs the same checks after every action of a long soak at a
fraction of the cost (each distinct action's notation once a hand, and a fixed sample of states
where every legal action is tried on a copy).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from . import Match, Phase
from .actions import Action, ActionKind, format_action
from .errors import AtlasError
from .profile import RuleProfile
from .tiles import tile_ids

STICK_POINTS = 1000


def table_tiles(match: Match) -> list[int]:
    """Every tile id found on the table, one entry per place it lies in (should be each once)."""
    wall = match.wall
    found = wall.live[wall.head : wall.tail] + wall.dead[wall.rinshan_taken :]
    for p in match.players:
        found += p.hand
        found += p.flowers
        for m in p.melds:
            found += m.tiles
        found += [d.tile for d in p.discards if not d.called]
    return found


def tile_locations(match: Match) -> Counter[int]:
    """How many times each tile id is found on the table (should be once each)."""
    return Counter(table_tiles(match))


def expected_tiles(profile: RuleProfile) -> Counter[int]:
    """The profile's tile set, each id once (the 136 tiles and its flowers)."""
    return Counter(tile_ids(profile.tiles.flowers))


def check_tiles(match: Match, expected: frozenset[int] | None = None) -> list[str]:
    """Tile conservation: each tile of the profile's set in exactly one place. ``expected`` is the
    profile's tile set (:func:`tile_set`; a soak passes it once per match)."""
    found = table_tiles(match)
    want = expected if expected is not None else tile_set(match.profile)
    # as many entries as tiles and the same ids: each tile once (no Counter on the happy path)
    if len(found) == len(want) and want.issuperset(found) and len(set(found)) == len(want):
        return []
    missing = sorted((Counter(want) - Counter(found)).elements())
    extra = sorted((Counter(found) - Counter(want)).elements())
    return [f"tile conservation: missing {missing[:8]}, extra {extra[:8]}"]


def tile_set(profile: RuleProfile) -> frozenset[int]:
    """The ids of the profile's tiles."""
    return frozenset(tile_ids(profile.tiles.flowers))


def check_hand_sizes(match: Match) -> list[str]:
    """Concealed tiles + 3 per meld = 3 * sets + 1, plus one for the seat whose turn it is."""
    if match.phase is Phase.OVER:
        return []
    base = 3 * match.profile.win.sets + 1
    out = []
    for seat, p in enumerate(match.players):
        want = base + (1 if match.phase is Phase.TURN and seat == match.turn else 0)
        have = len(p.hand) + 3 * len(p.melds)
        if have == base + 1 and p.dead_hand and match.rules.penalties.dead_hands_skipped:
            continue  # made dead in its own turn, it sits out holding the tile it drew
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


def _awaited(match: Match) -> tuple[list[str], list[Action]]:
    """Awaited seats have legal actions, the others none (cheap: legal actions are cached): the
    messages, and every legal action of the four seats."""
    awaiting = match.awaiting()
    out: list[str] = []
    every: list[Action] = []
    if match.is_over:
        if awaiting:
            out.append(f"legal actions: the match is over but seats {awaiting} are awaited")
        return out, every
    if not awaiting:
        out.append("legal actions: the match goes on but no seat is awaited")
    for seat in range(4):
        legal = match.legal_actions(seat)
        if seat in awaiting:
            if not legal:
                out.append(f"legal actions: seat {seat} is awaited but has no legal action")
        elif legal and not _late_win(match, seat, legal):
            out.append(f"legal actions: seat {seat} is not awaited but has {len(legal)} legal actions")
        every += legal
    return out, every


def check_notation(match: Match, actions: Iterable[Action]) -> list[str]:
    """The notation the record would write for each action (fives written plain under a rulebook
    without red fives) reads back to that action in the current state."""
    out: list[str] = []
    red_fives = bool(match.red_ids)
    for action in actions:
        text = format_action(action, red_fives=red_fives)
        try:
            back = match.parse_action(text)
        except AtlasError as exc:
            out.append(f"notation: legal action {text!r} does not read back: {exc}")
            continue
        if back != action:
            out.append(f"notation: legal action {text!r} reads back as {back!r}, not {action!r}")
    return out


def _late_win(match: Match, seat: int, legal: list[Action]) -> bool:
    """A seat not awaited may still win on the last discard after the next draw (``claims.window``
    in EMA): its only action then is that win."""
    late = match.hand.late_win
    return late is not None and seat in late[2] and [a.kind for a in legal] == [ActionKind.RON]


def check_actions(match: Match) -> list[str]:
    """Awaited seats have legal actions, the others none; every legal action's notation reads back
    to it (the full check: the soak's :class:`MatchChecker` reads each distinct action once a hand)."""
    out, every = _awaited(match)
    return out + check_notation(match, every)


def check_actions_accepted(match: Match, total: int) -> list[str]:
    """Every legal action of every awaited seat is accepted by a copy of the match, which then
    keeps every invariant (costly: a copy per action; tests and the soak sample it)."""
    out: list[str] = []
    for seat in match.awaiting():
        for action in match.legal_actions(seat):
            trial = match.copy()
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


class MatchChecker:
    """The invariants of one match after every action, at soak speed.

    Tile conservation, hand sizes, score sums and awaited/legal consistency run in full after every
    action. The notation round trip runs once per distinct legal action per hand (an action offered
    again later in the hand, such as a discard of a tile kept for ten turns, was read back already).
    Every ``accept_every``-th state (0: never; picked by a hash of seed and action index, so a rerun
    samples the same states) also applies every legal action of every awaited seat to a copy of the
    match, which must accept it and keep every invariant.
    """

    def __init__(self, match: Match, *, accept_every: int = 0) -> None:
        self.total = starting_total(match)
        self.tiles = tile_set(match.profile)
        self.accept_every = accept_every
        self.accept_checks = 0  # states probed by applying every legal action to a copy
        self.notation_checks = 0  # distinct actions read back
        self._seed = match.seed
        self._hand = -1
        self._read_back: set[Action] = set()

    def check(self, match: Match, index: int) -> list[str]:
        """Every invariant after action ``index`` (-1: the starting state)."""
        out = check_tiles(match, self.tiles) + check_hand_sizes(match) + check_scores(match, self.total)
        problems, every = _awaited(match)
        out += problems
        if match.hand_index != self._hand:
            self._hand = match.hand_index
            self._read_back.clear()
        fresh = [a for a in every if a not in self._read_back]
        if fresh:
            self._read_back.update(fresh)
            self.notation_checks += len(fresh)
            out += check_notation(match, fresh)
        if self.accept_every > 0 and not match.is_over and self.sampled(index):
            self.accept_checks += 1
            out += check_actions_accepted(match, self.total)
        return out

    def forget_read_back(self) -> None:
        """Read every action back again at the next check, as at the start of a hand."""
        self._read_back.clear()

    def sampled(self, index: int) -> bool:
        """Whether the state after action ``index`` is probed with every legal action: a fixed
        hash of (seed, index), so about one state in ``accept_every``, the same on every rerun."""
        h = ((self._seed * 0x9E3779B1) ^ (index + 1) * 0x85EBCA77) & 0xFFFFFFFF
        h ^= h >> 15
        h = (h * 0x2C1B3C6D) & 0xFFFFFFFF
        h ^= h >> 12
        return h % self.accept_every == 0
