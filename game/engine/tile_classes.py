"""A tile's class for actions: its kind and red-ness. Two copies of a plain 5m are one discard.

Legal actions name one tile id per class (the drawn tile for its class, so a tsumogiri stays one,
else the lowest id); an action naming any other copy is resolved to that id before it is judged.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .tiles import NUM_FLOWER_KINDS


@functools.lru_cache(maxsize=4)
def class_table(reds: frozenset[int]) -> tuple[int, ...]:
    """Every tile id's class as a number that sorts like the class's lowest id: a red five
    (the lowest id of its kind) just before its kind's plain fives, flowers after all tiles."""
    plain = tuple(2 * (t >> 2) + (t not in reds) for t in range(136))
    return plain + tuple(range(1000, 1000 + NUM_FLOWER_KINDS))


def one_per_class(ordered: Sequence[int], prefer: int | None, class_of: Sequence[int]) -> list[int]:
    """One tile id per class of a hand given in id order, sorted: the preferred tile (the one just
    drawn, so a tsumogiri stays one) for its class, else the lowest id. ``class_of`` is
    :func:`class_table`."""
    ids: list[int] = []
    last = -1
    for t in ordered:  # a class's lowest id comes first, and classes come in order
        c = class_of[t]
        if c != last:
            ids.append(t)
            last = c
        elif t == prefer:  # a later copy of the class just met: it stands for the class
            ids[-1] = t
    if prefer is not None and prefer not in ordered:  # a preferred tile the hand does not hold
        c = class_of[prefer]
        for i, t in enumerate(ids):
            if class_of[t] == c:
                ids[i] = prefer
                break
    return ids


def _preferred_order(ordered: Sequence[int], prefer: int | None) -> list[int]:
    pool = list(ordered)
    if prefer is not None and prefer in pool:
        pool.remove(prefer)
        pool.insert(0, prefer)
    return pool


def resolve_tiles(
    ordered: Sequence[int], tiles: Sequence[int], prefer: int | None, class_of: Sequence[int]
) -> list[int] | None:
    """Map each tile to an unused tile of the hand (given in id order) of the same class (the
    preferred one first, then the lowest id), or None if one is missing (or is no tile id at
    all). ``class_of``: :func:`class_table`."""
    pool = _preferred_order(ordered, prefer)
    classes = [class_of[h] for h in pool]
    out: list[int] = []
    top = len(class_of)
    for t in tiles:
        if not (isinstance(t, int) and 0 <= t < top):
            return None
        try:
            i = classes.index(class_of[t])
        except ValueError:
            return None
        out.append(pool[i])
        del pool[i], classes[i]
    return out
