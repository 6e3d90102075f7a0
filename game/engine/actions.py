"""Actions a seat can take, and their notation.

Notation is ``SEAT:VERB [TILES]``, e.g. ``0:discard 5m``, ``2:riichi 0p`` (declare riichi with that
discard), ``1:pon 55m`` (the hand tiles used), ``3:chi 46m``, ``1:daiminkan 555m``, ``0:ankan 1111z``,
``0:kakan 5p``, ``2:ron``, ``0:tsumo``, ``3:pass``, ``0:kyuushu``; a bare ``1:pon`` is a false call
at a strict table. Tiles in notation name a kind
(and red-ness) rather than one physical copy: the match resolves them against the hand, so a record
reads the same whichever copy of a 5m was held.
"""

from __future__ import annotations

import functools
from enum import Enum
from typing import NamedTuple

from .errors import NotationError
from .tiles import format_tiles, parse_tiles


class ActionKind(Enum):
    DISCARD = "discard"
    RIICHI = "riichi"  # declare riichi and discard ``tiles[0]``
    TSUMO = "tsumo"
    ANKAN = "ankan"
    KAKAN = "kakan"
    KYUUSHU = "kyuushu"  # abort with nine kinds of terminals and honours
    PASS = "pass"
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    RON = "ron"

    @property
    def is_claim(self) -> bool:
        return self in _CLAIMS


_CLAIMS = frozenset({ActionKind.PASS, ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN, ActionKind.RON})
TILES_PER_ACTION = {
    ActionKind.DISCARD: 1,
    ActionKind.RIICHI: 1,
    ActionKind.KAKAN: 1,
    ActionKind.ANKAN: 4,
    ActionKind.CHI: 2,
    ActionKind.PON: 2,
    ActionKind.DAIMINKAN: 3,
}
# A call named without tiles (``1:pon``) is a declaration at a strict table that the hand cannot
# make: a false call, which the profile penalises.
BARE_CALLS = frozenset({ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN})


class Action(NamedTuple):
    """One seat's decision. ``tiles`` are tile ids from that seat's concealed hand.

    A named tuple rather than a dataclass: legal actions are built by the thousand per match and
    tuples are the cheapest immutable records Python has.
    """

    seat: int
    kind: ActionKind
    tiles: tuple[int, ...] = ()

    @property
    def tile(self) -> int:
        return self.tiles[0]

    def __str__(self) -> str:
        return format_action(self)

    def __repr__(self) -> str:
        return f"Action({format_action(self)!r})"


def _one_tile_table(kind: ActionKind) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(seat, kind, (t,)) for t in range(_TILE_IDS)) for seat in range(4))


_TILE_IDS = 144  # 136 tiles and 8 flowers
# One shared Action per (seat, tile) for the one-tile turn actions: a turn offers a dozen discards,
# and looking them up costs a fraction of building them (equal to any Action built the same way)
DISCARD_ACTIONS = _one_tile_table(ActionKind.DISCARD)
RIICHI_ACTIONS = _one_tile_table(ActionKind.RIICHI)


def format_action(action: Action, *, red_fives: bool = True) -> str:
    """Notation of an action; ``red_fives=False`` (a rulebook without them) writes every five as 5."""
    try:
        return _format_cached(action, red_fives)
    except TypeError:  # an Action built by hand with a list of tiles cannot be a cache key
        return _format(action, red_fives)


def _format(action: Action, red_fives: bool) -> str:
    if action.tiles:
        return f"{action.seat}:{action.kind.value} {format_tiles(action.tiles, red_fives=red_fives)}"
    return f"{action.seat}:{action.kind.value}"


# a match writes the same few hundred actions again and again (records, soak checks)
_format_cached = functools.lru_cache(maxsize=8192)(_format)


def parse_action_text(text: str) -> tuple[int, ActionKind, list[int]]:
    """Split notation into seat, verb and tile ids (copies chosen in order; the match re-resolves
    them against the hand)."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be a string, not {type(text).__name__}")
    seat, kind, tiles = _parse_action_text(text)
    return seat, kind, list(tiles)


@functools.lru_cache(maxsize=8192)
def _parse_action_text(text: str) -> tuple[int, ActionKind, tuple[int, ...]]:
    """Cached: replays and checks read the same few hundred notations again and again."""
    head, _, rest = text.strip().partition(" ")
    seat_text, colon, verb = head.partition(":")
    if not colon or len(seat_text) != 1 or seat_text not in "0123456789":
        raise NotationError(f"{text!r} is not an action such as '0:discard 5m'")
    seat = "0123456789".index(seat_text)
    if seat > 3:
        raise NotationError(f"{text!r}: seats are 0..3")
    try:
        kind = ActionKind(verb)
    except ValueError:
        verbs = ", ".join(k.value for k in ActionKind)
        raise NotationError(f"{text!r}: unknown verb {verb!r}; verbs are {verbs}") from None
    tiles = parse_tiles(rest) if rest.strip() else []
    if kind in TILES_PER_ACTION:
        if len(tiles) != TILES_PER_ACTION[kind] and not (not tiles and kind in BARE_CALLS):
            raise NotationError(f"{text!r}: {kind.value} takes {TILES_PER_ACTION[kind]} tile(s)")
    elif tiles:
        raise NotationError(f"{text!r}: {kind.value} takes no tiles")
    return seat, kind, tuple(tiles)
