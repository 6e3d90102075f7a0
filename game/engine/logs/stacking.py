"""Stack the wall a logged hand was played from.

A log knows every tile that left the wall: the deal, each draw in order, the kan replacements,
and the dora (and, after a riichi win, ura) indicators. That is exactly what
:class:`~game.engine.match.HandSetup` asks for: ``draw_order`` is the deal block by block (the
profile's ``rounds_of`` from the dealer round the table, then the dealer's 14th tile, which both
formats write as his first draw) followed by every live draw; ``dead`` holds the replacements at
0..3, the dora indicators at 4, 6, 8... and the ura indicators at 5, 7, 9... Log tiles name a face
(kind and red-ness); each is given a physical copy not used yet, red fives their red copy.
"""

from __future__ import annotations

from .. import HandPosition, HandSetup
from ..errors import RecordError
from ..profile import RuleProfile
from ..tiles import RED_FIVE_IDS
from .model import Face, LoggedHand

DEAD_SIZE = 14


class _Copies:
    """Hands out tile ids for faces: red fives get 16/52/88, other tiles the remaining copies."""

    def __init__(self, red_fives: bool) -> None:
        self._red_fives = red_fives
        self._free: dict[Face, list[int]] = {}
        for t in range(136):
            red = red_fives and t in RED_FIVE_IDS
            self._free.setdefault((t >> 2, red), []).append(t)
        for ids in self._free.values():
            ids.reverse()  # pop() hands out the lowest id first

    def take(self, face: Face) -> int:
        if face[1] and not self._red_fives:
            face = (face[0], False)  # a red five in a log of rules without them is a plain five
        ids = self._free.get(face)
        if not ids:
            kind, red = face
            what = "red five" if red else "tile"
            raise RecordError(f"the log uses more copies of {what} kind {kind} than the set holds")
        return ids.pop()

    def any_left(self) -> int:
        for ids in self._free.values():
            if ids:
                return ids.pop()
        raise RecordError("no tile left to fill the dead wall")


def stack_hand(hand: LoggedHand, profile: RuleProfile) -> tuple[HandSetup, HandPosition]:
    """The wall and the table position of one logged hand, for ``Match(setups=..., position=...)``."""
    copies = _Copies(profile.tiles.red_fives > 0)
    if any(len(h) != profile.deal.hand_size for h in hand.haipai):
        raise RecordError(f"hand {hand.label}: every seat must be dealt {profile.deal.hand_size} tiles")
    order: list[int] = []
    taken = [0, 0, 0, 0]
    seats = [(hand.dealer + k) % 4 for k in range(4)]
    for block in profile.deal.rounds_of:
        for seat in seats:
            for face in hand.haipai[seat][taken[seat] : taken[seat] + block]:
                order.append(copies.take(face))
            taken[seat] += block
    rinshan: list[int] = []
    for step in hand.steps:
        if step.kind != "draw":
            continue
        if step.tile is None:
            raise RecordError(f"hand {hand.label}: a draw without its tile")
        (rinshan if step.rinshan else order).append(copies.take(step.tile))
    if len(rinshan) > 4:
        raise RecordError(f"hand {hand.label}: {len(rinshan)} kan replacement draws (at most 4)")
    if not hand.dora or len(hand.dora) > 5 or len(hand.ura) > 5:
        raise RecordError(f"hand {hand.label}: {len(hand.dora)} dora and {len(hand.ura)} ura indicators")
    slots: list[int | None] = [None] * DEAD_SIZE
    slots[: len(rinshan)] = rinshan
    for k, face in enumerate(hand.dora):
        slots[4 + 2 * k] = copies.take(face)
    for k, face in enumerate(hand.ura):
        slots[5 + 2 * k] = copies.take(face)
    known = max((i for i, s in enumerate(slots) if s is not None), default=-1)
    dead = tuple(s if s is not None else copies.any_left() for s in slots[: known + 1])
    live_size = 136 - DEAD_SIZE
    if len(order) > live_size:
        raise RecordError(f"hand {hand.label}: {len(order)} tiles leave the live wall (at most {live_size})")
    setup = HandSetup(tuple(order), dead)
    position = HandPosition(hand.round_wind, hand.hand_number, hand.honba, hand.sticks)
    return setup, position
