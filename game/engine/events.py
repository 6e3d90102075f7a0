"""Events: what happened, in the order it happened, with what an animation needs.

``Match.apply`` returns a list of these. They carry every die, every tile's wall position and the
seats involved, so the table can move real tiles. Events that hold a tile another seat may not see
(a draw, the deal) are redacted by :func:`redact` before they reach that seat.
"""

from __future__ import annotations

import dataclasses
import types
from dataclasses import dataclass
from enum import Enum

from .meld import Meld
from .rows import Unit
from .wall import DiceRoll, Position


@dataclass(frozen=True, slots=True)
class Event:
    pass


@dataclass(frozen=True, slots=True)
class FirstDealerRolled(Event):
    """Every round of the first-dealer roll: ``rounds[k]`` is ``((seat, roll), ...)``."""

    rounds: tuple[tuple[tuple[int, DiceRoll], ...], ...]
    dealer: int


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    hand_number: int  # 0..3 within the round (kyoku)
    honba: int
    riichi_sticks: int
    dealer: int
    scores: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class WallBuilt(Event):
    stacks_per_side: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """The dealer's roll that breaks the wall."""

    seat: int
    dice: DiceRoll
    wall_owner: int
    break_stack: int  # ring index of the first stack right of the break


@dataclass(frozen=True, slots=True)
class DeadWallSet(Event):
    positions: tuple[Position, ...]


@dataclass(frozen=True, slots=True)
class DoraRevealed(Event):
    indicator: int
    position: Position


@dataclass(frozen=True, slots=True)
class TilesDealt(Event):
    """One block of the deal (4 tiles, or 1) taken by ``seat``."""

    seat: int
    tiles: tuple[int, ...]
    positions: tuple[Position, ...]


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    seat: int
    tile: int  # -1 when redacted
    position: Position
    replacement: bool = False  # from the dead wall or hill (kan or flower replacement)


@dataclass(frozen=True, slots=True)
class DrawReturned(Event):
    """A win was claimed on the last discard after this seat drew (EMA RCR 2016 3.3.1: "the call
    is still valid and the drawn tile is replaced in the wall"): the tile goes back to its place."""

    seat: int
    tile: int  # -1 when redacted
    position: Position


@dataclass(frozen=True, slots=True)
class TailToDeadWall(Event):
    """The last live tile joined the dead wall or the hill after a replacement draw."""

    position: Position


@dataclass(frozen=True, slots=True)
class FlowerSetAside(Event):
    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    seat: int
    tile: int
    tsumogiri: bool  # the tile just drawn, discarded at once
    riichi: bool  # the riichi declaration tile, laid sideways


@dataclass(frozen=True, slots=True)
class RiichiAccepted(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """A chi, pon or open kan: ``meld.called`` flies from ``meld.from_seat``'s discards."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class KanDeclared(Event):
    """An ankan (two tiles face down) or a kakan (the added tile beside the called one)."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class ValueRow:
    """One row of a win's value: a yaku or dora (han), a tai row or a fan row, by its stable id
    (:mod:`.rows`; the interface translates it) and what it is worth in the win's unit."""

    id: str
    value: int


@dataclass(frozen=True, slots=True)
class FuPart:
    """One line of a hand's fu: ``reason`` is a stable id (``base``, ``closed_ron``, ``tsumo``,
    ``kanchan``, ``closed_terminal_pon``...; the UI translates it), ``fu`` its value."""

    reason: str
    fu: int


@dataclass(frozen=True, slots=True)
class Win(Event):
    """A win and everything its result screen shows: the hand, the rows of its value (yaku, tai or
    fan by id, in ``unit``) and their total ``value``, the fu parts (han-fu rulebooks), the indicators (``dora_indicators``: the dora and kan dora shown
    when the hand ended), and what this win collected besides the hand's value: ``honba``
    counters and ``riichi_sticks`` (both already inside ``deltas``), and ``dealer_tai``, the
    Taiwanese dealer's 莊家 and 連n拉n tai added to each payment between the dealer and another
    seat (inside ``deltas`` too; not among the hand's rows, which every payer pays)."""

    winner: int
    discarder: int | None  # None: tsumo
    tile: int
    hand: tuple[int, ...]  # concealed tiles, the winning tile included
    melds: tuple[Meld, ...]
    rows: tuple[ValueRow, ...]
    value: int  # the rows added up (han, tai or fan; the limit's cap applied where there is one)
    unit: Unit
    fu: int  # han-fu rulebooks; 0 elsewhere
    limit: str  # mangan, ... yakuman; or a fan rulebook's limit ("limit"); "" below
    points: int  # value of the hand alone
    deltas: tuple[int, int, int, int]
    ura_indicators: tuple[int, ...]
    pao: int | None = None
    dora_indicators: tuple[int, ...] = ()
    fu_parts: tuple[FuPart, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    dealer_tai: int = 0


@dataclass(frozen=True, slots=True)
class ExhaustiveDraw(Event):
    tenpai: tuple[bool, bool, bool, bool]
    hands: tuple[tuple[int, ...] | None, ...]  # revealed hands of tenpai seats
    nagashi: tuple[int, ...]
    deltas: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class AbortiveDraw(Event):
    kind: str  # kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukaikan, sanchahou
    seat: int | None = None
    hand: tuple[int, ...] = ()  # the caller's hand, shown to the table (nine terminals)


class PenaltyKind(Enum):
    CHOMBO = "chombo"  # the hand is annulled and re-dealt; the offender pays (riichi, EMA 3.4.6)
    DEAD_HAND = "dead_hand"  # the offender can no longer win or call; play goes on (EMA 3.4.7, Seed-FR)


@dataclass(frozen=True, slots=True)
class Penalty(Event):
    """A false declaration at a strict table and what it costs.

    ``offence`` is ``false_win`` (ron or tsumo on a hand that does not win) or ``false_call``
    (chi, pon or kan that cannot be made). ``deltas`` are paid at once (riichi's reverse mangan);
    ``after_uma`` is taken from the final score instead (EMA's 20,000).
    """

    seat: int
    kind: PenaltyKind
    offence: str
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    after_uma: int = 0


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    scores: tuple[int, int, int, int]
    renchan: bool


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    scores: tuple[int, int, int, int]
    ranks: tuple[int, int, int, int]  # 1..4 per seat
    final_points: tuple[float, float, float, float]  # with uma and oka, in thousands
    place_points: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # the uma and oka of each place
    return_points: int = 0  # the score each seat's points are counted from (0: none, Taiwanese)


def _quick_init(cls: type[Event]) -> None:
    """Give a frozen event an ``__init__`` that fills its slots through their descriptors: the one
    ``dataclass`` writes goes through ``object.__setattr__`` per field, and a discard's two events
    cost 1.3 us each that way (0.4 us like this). Same signature, defaults and immutability."""
    fields = dataclasses.fields(cls)
    plain = all(f.init and not f.kw_only and f.default_factory is dataclasses.MISSING for f in fields)
    if hasattr(cls, "__post_init__") or not plain:
        return  # keep the generated one: this one knows positional fields with plain defaults only
    scope: dict[str, object] = {}
    params = ["self"]
    for f in fields:
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "".join(f"\n    _set_{f.name}(self, {f.name})" for f in fields) or "\n    pass"
    exec(f"def __init__({', '.join(params)}) -> None:{body}", scope)  # noqa: S102 (code from field names)
    init = scope["__init__"]
    assert isinstance(init, types.FunctionType)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses a method assignment)


# the module's own classes (``__subclasses__`` would also list the slot-less classes that
# ``dataclass(slots=True)`` replaced)
for _cls in [c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, Event) and c is not Event]:
    _quick_init(_cls)
del _cls


def redact(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it: other seats' drawn and dealt tiles become -1."""
    if isinstance(event, (TileDrawn, DrawReturned)) and event.seat != seat:
        return dataclasses.replace(event, tile=-1)
    if isinstance(event, TilesDealt) and event.seat != seat:
        return dataclasses.replace(event, tiles=tuple(-1 for _ in event.tiles))
    return event
