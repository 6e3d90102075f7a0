"""Melds: the sets a player shows on the table (and the concealed kan, shown two tiles down)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .tiles import FLOWER_ID_BASE, kind_of


class MeldKind(Enum):
    CHI = "chi"  # a sequence claimed from the previous player
    PON = "pon"  # a triplet claimed from any player
    DAIMINKAN = "daiminkan"  # an open kan claimed on a discard
    KAKAN = "kakan"  # a pon upgraded with the fourth tile in one's own turn
    ANKAN = "ankan"  # a concealed kan declared in one's own turn

    @property
    def is_kan(self) -> bool:
        return self is not _CHI and self is not _PON  # identity: an enum's hash is slow Python

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand (an ankan keeps it concealed)."""
        return self is not _ANKAN


# read by the properties above as globals (``MeldKind.ANKAN`` is ~10x slower to read on 3.11)
_CHI, _PON, _ANKAN = MeldKind.CHI, MeldKind.PON, MeldKind.ANKAN


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld. ``tiles`` are tile ids, sorted; ``called`` is the claimed tile's id (for an
    ankan: None) and ``from_seat`` the absolute seat that gave it, so the table can turn the
    called tile toward its giver. A kakan keeps the pon's called tile and giver and adds
    ``added``."""

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    added: int | None = None

    @property
    def kinds(self) -> tuple[int, ...]:
        # the AI reads a meld's kinds many times a decision: no generator and no call per tile
        # for the suit and honour tiles every meld holds
        return tuple([t >> 2 if t < FLOWER_ID_BASE else kind_of(t) for t in self.tiles])

    @property
    def first_kind(self) -> int:
        return kind_of(self.tiles[0])

    @property
    def is_kan(self) -> bool:
        return self.kind.is_kan
