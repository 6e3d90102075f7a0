"""What a tenpai hand may win on as it stands: each wait, and whether it would be a legal win.

A hand that waits is not always a hand that may win: riichi and EMA ask for a yaku (dora never
count toward it), Taiwanese for its minimum. The table shows the waits, so it must also say when
one of them cannot win (Mahjong Soul's 無役), or a player waits for a ron that never comes. The
answer is the scoring model's (:meth:`Rules.wins.value`, the same call that offers ron and tsumo),
asked for each wait as the hand stands now: a discard of it, an own draw of it, and (a closed hand
that may still declare) a discard of it after riichi. Nothing here is a rule of its own.

Asked by the table once per prompt for the human seat only, never on the engine's hot path.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from .rules import Rules
from .state import HandState, MatchState


class Shortfall(Enum):
    """What a tenpai hand lacks to win on its waits (stable ids; the UI words them)."""

    NONE = "none"  # every wait wins on a discard
    SOME_WAITS = "some_waits"  # some waits win on a discard, some do not (no yaku on those)
    RIICHI = "riichi"  # no wait wins on a discard; riichi would give the yaku (an own draw wins already)
    TSUMO_ONLY = "tsumo_only"  # no wait wins on a discard, only on an own draw, and there is no riichi to declare
    NO_YAKU = "no_yaku"  # no wait wins at all: the hand has no yaku (or too little value) as it stands


@dataclass(frozen=True, slots=True)
class Wait:
    kind: int
    ron: bool  # a discard of this kind would be a legal win now
    tsumo: bool  # an own draw of it would
    ron_after_riichi: bool  # a discard of it would, once riichi is declared (False when riichi is not open to the hand)


@dataclass(frozen=True, slots=True)
class Tenpai:
    waits: tuple[Wait, ...]
    may_riichi: bool  # closed, not in riichi, and the rulebook has riichi

    @property
    def without_ron(self) -> tuple[int, ...]:
        """The kinds a discard of which would not win."""
        return tuple(w.kind for w in self.waits if not w.ron)

    @property
    def shortfall(self) -> Shortfall:
        waits = self.waits
        if all(w.ron for w in waits):
            return Shortfall.NONE
        if not any(w.ron or w.tsumo or w.ron_after_riichi for w in waits):
            return Shortfall.NO_YAKU
        if any(w.ron for w in waits):
            return Shortfall.SOME_WAITS
        if self.may_riichi and any(w.ron_after_riichi for w in waits):
            return Shortfall.RIICHI
        return Shortfall.TSUMO_ONLY if any(w.tsumo for w in waits) else Shortfall.NO_YAKU


def _tile_of(kind: int, own: set[int], red_ids: frozenset[int]) -> int:
    """A tile id of ``kind`` for the question (a plain copy, not one the seat holds, where it can)."""
    ids = [kind * 4 + c for c in (3, 2, 1, 0)]
    for tile in ids:
        if tile not in own and tile not in red_ids:
            return tile
    return ids[0]


def read_tenpai(rules: Rules, m: MatchState, h: HandState, seat: int) -> Tenpai | None:
    """``seat``'s waits with what each would win (None: the seat is not waiting on 13 tiles)."""
    wins = rules.wins
    red_ids = rules.walls.red_ids
    p = h.players[seat]
    if not p.waits or p.shanten != 0 or len(p.hand) % 3 != 1:
        return None
    own = {*p.hand, *(tile for meld in p.melds for tile in meld.tiles)}
    may_riichi = rules.riichi.enabled and p.is_closed and not p.riichi
    discarder = (seat + 3) % 4  # who discards changes nothing about a yaku; the seat before plays first
    out: list[Wait] = []
    for kind in p.waits:
        tile = _tile_of(kind, own, red_ids)
        ron_req = dataclasses.replace(wins.request(m, h, seat, discarder, tile), rinshan=False, chankan=False)
        tsumo_req = dataclasses.replace(ron_req, discarder=None, houtei=False, haitei=ron_req.houtei,
                                        renhou=False, chiihou=ron_req.renhou and seat != m.dealer)
        ron = wins.value(ron_req) is not None
        tsumo = wins.value(tsumo_req) is not None
        after = ron or (may_riichi and wins.value(dataclasses.replace(ron_req, riichi=True, renhou=False)) is not None)
        out.append(Wait(kind, ron, tsumo, after))
    return Tenpai(tuple(out), may_riichi)
