"""Helpers for the engine's own tests: stacked walls built from wanted hands, scripted play, and a
tile ledger that says where every physical tile is.

A stacked hand is described the way a rule book describes a situation: the starting hand of each
seat (the dealer's 14, the others' 13, or 17/16 in the 16-tile game), the tiles drawn afterwards
in order, and the dead wall from the break. :func:`stack` turns that into the ``HandSetup`` the
match deals from, so a test can set up a double ron or a kan-dora timing question in a few lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from game.engine import HandPosition, HandSetup, Match, Phase
from game.engine.actions import Action, ActionKind
from game.engine.events import Event
from game.engine.invariants import expected_tiles as expected_tiles
from game.engine.invariants import tile_locations
from game.engine.profile import RuleProfile, load_profile
from game.engine.tiles import FLOWER_ID_BASE, FLOWER_KIND_BASE, RED_FIVE_IDS, parse_kinds

PROFILES = ("riichi", "ema", "taiwanese")
E = TypeVar("E", bound=Event)

# The tile ledger (where every physical tile is: live and dead wall, hands, melds, rivers,
# flowers) is the invariants' own, so the engine tests and the soak count tiles one way.
tile_ledger = tile_locations


@dataclass
class TilePool:
    """Hands out distinct physical tiles by notation, so that hands written separately never share
    a tile id. A ``0`` takes the red five; a plain ``5`` takes a non-red copy when the profile has
    red fives (and any copy when it has none)."""

    red_fives: bool = True
    used: set[int] = field(default_factory=set)

    def take(self, text: str) -> list[int]:
        return [self._take_one(kind, red) for kind, red in kinds_and_reds(text)]

    def _take_one(self, kind: int, red: bool) -> int:
        if kind >= FLOWER_KIND_BASE:
            tile = FLOWER_ID_BASE + kind - FLOWER_KIND_BASE
            if tile in self.used:
                raise ValueError(f"flower {tile} used twice")
            self.used.add(tile)
            return tile
        for copy in range(4):
            t = kind * 4 + copy
            if t in self.used:
                continue
            if self.red_fives and (t in RED_FIVE_IDS) != red:
                continue
            self.used.add(t)
            return t
        raise ValueError(f"no free copy of kind {kind} (red={red}) left")


def kinds_and_reds(text: str) -> list[tuple[int, bool]]:
    """``(kind, red)`` for each tile of notation such as ``1111m0p5p``; ``0`` is the red five."""
    kinds = parse_kinds(text)  # validates the notation
    reds = [d == "0" for digits, _ in re.findall(r"([0-9]+)([mpszf])", text.replace(" ", "")) for d in digits]
    return list(zip(kinds, reds, strict=True))


def stack(
    profile: RuleProfile,
    hands: dict[int, str],
    draws: Sequence[str] = (),
    *,
    dealer: int = 0,
    dead: str = "",
    dice: tuple[int, int] = (3, 4),
    pool: TilePool | None = None,
) -> HandSetup:
    """A ``HandSetup`` whose deal gives each seat ``hands[seat]`` and whose live wall then yields
    ``draws`` in order (each entry one tile, or ``""`` for a tile the test does not care about,
    taken from the tiles nobody named). ``dead`` lists the dead wall from the break (rinshan
    upper/lower, then the dora indicator at index 4...). Seats not in ``hands`` get unnamed tiles.
    """
    pool = pool or TilePool(red_fives=bool(profile.tiles.red_fives))
    size = profile.deal.hand_size
    dealt: dict[int, list[int]] = {}
    for seat in range(4):
        want = size + (1 if seat == dealer else 0)  # the dealer takes one more
        if seat in hands:
            tiles = pool.take(hands[seat])
            if len(tiles) != want:
                raise ValueError(f"seat {seat} needs {want} tiles, got {len(tiles)}")
            dealt[seat] = tiles
    dead_tiles = pool.take(dead)
    drawn: list[int | None] = [pool.take(d)[0] if d else None for d in draws]
    free = [t for t in _all_tiles(profile) if t not in pool.used]
    # unnamed places take tiles nobody named; flowers only where a test names them
    free.sort(key=lambda t: (t >= FLOWER_ID_BASE, t))

    def filler() -> int:
        return free.pop(0)

    for seat in range(4):
        if seat not in dealt:
            want = size + (1 if seat == dealer else 0)  # the dealer takes one more
            dealt[seat] = [filler() for _ in range(want)]
    order: list[int] = []
    cursor = {s: 0 for s in range(4)}
    seats = [(dealer + k) % 4 for k in range(4)]
    for block in profile.deal.rounds_of:
        for seat in seats:
            order.extend(dealt[seat][cursor[seat] : cursor[seat] + block])
            cursor[seat] += block
    order.append(dealt[dealer][cursor[dealer]])  # the dealer's extra tile
    cursor[dealer] += 1
    for t in drawn:
        order.append(t if t is not None else filler())
    return HandSetup(tuple(order), tuple(dead_tiles), dice)


def _all_tiles(profile: RuleProfile) -> list[int]:
    return list(range(136)) + list(range(FLOWER_ID_BASE, FLOWER_ID_BASE + profile.tiles.flowers))


def stacked_match(
    profile_id: str,
    hands: dict[int, str],
    draws: Sequence[str] = (),
    *,
    dead: str = "",
    dice: tuple[int, int] = (3, 4),
    start: tuple[int, int, int, int] | None = None,
    position: HandPosition | None = None,
    seed: int = 1,
    profile: RuleProfile | None = None,
) -> Match:
    """A match whose first hand is stacked, seat 0 dealing (or the dealer ``position`` names)."""
    prof = profile or load_profile(profile_id)
    dealer = position.hand_number % 4 if position else 0
    setup = stack(prof, hands, draws, dealer=dealer, dead=dead, dice=dice)
    return Match(prof, seed, setups={0: setup}, first_dealer=0, start=start, position=position)


def play(match: Match, *moves: str) -> list[Event]:
    """Apply actions written in notation; returns every event they caused."""
    out: list[Event] = []
    for text in moves:
        out.extend(match.apply(match.parse_action(text)))
    return out


def pass_all(match: Match, *, except_seats: Iterable[int] = ()) -> list[Event]:
    """Every seat asked about a discard passes (other than ``except_seats``)."""
    out: list[Event] = []
    skip = set(except_seats)
    for seat in list(match.awaiting()):
        if seat in skip or match.phase.value == "turn":
            continue
        out.extend(match.apply(Action(seat, ActionKind.PASS)))
    return out


def kinds_of(actions: Iterable[Action]) -> set[ActionKind]:
    return {a.kind for a in actions}


def has(match: Match, seat: int, kind: ActionKind) -> bool:
    return kind in kinds_of(match.legal_actions(seat))


def events_of(events: Iterable[Event], cls: type[E]) -> list[E]:
    """The events of one class, typed as that class."""
    return [e for e in events if isinstance(e, cls)]


# --- playing a hand out -----------------------------------------------------------------


def tsumogiri(m: Match, *, until_live: int = -1, stop_seat: int | None = None) -> list[Event]:
    """Discard every drawn tile and pass every claim until the hand ends, or until the live wall
    holds ``until_live`` tiles and ``stop_seat`` (if given) is in turn."""
    out: list[Event] = []
    start = m.hand_index
    while m.hand_index == start and not m.is_over:
        if m.phase is Phase.TURN:
            if m.wall.live_remaining == until_live and (stop_seat is None or m.turn == stop_seat):
                return out
            assert m.drawn is not None
            out += m.apply(Action(m.turn, ActionKind.DISCARD, (m.drawn,)))
        else:
            out += pass_all(m)
    return out


def until_turn(m: Match, seat: int) -> list[Event]:
    """Throw every other seat's draws and pass every claim until ``seat`` is in turn."""
    out: list[Event] = []
    while not (m.phase is Phase.TURN and m.turn == seat):
        if m.phase is Phase.TURN:
            out += m.apply(Action(m.turn, ActionKind.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
        else:
            out += pass_all(m)
    return out


# four tenpai hands (seat 0 deals) and four far-off ones that share no tile beyond four copies
FOUR_TENPAI = {
    0: "123p456p789p111z2z9s",
    1: "123s456s789s333z4z",
    2: "234p567p888s555z6z",
    3: "234s567s999p777z4z",
}
NOTEN = {  # far from tenpai, and no tile shared beyond four copies with FOUR_TENPAI
    0: "147m258m369m1p8p1s2z6z",
    1: "147m258m369m1p8p1s2z",
    2: "147m258m369m1p8p1s6z",
    3: "147m0m28m369m2z6z4z1z",
}
