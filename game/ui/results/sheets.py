"""What a result panel says, read from the engine's events: pure data, no pygame.

Why a sheet between the event and the panel: the words are chosen once, in the player's language
and terms, from what the engine reported (yaku ids and values, the fu line by line, the
indicators, who paid whom, the honba and sticks a win collected); the panel only lays them out.
Nothing here re-derives a rule: every number is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.events import AbortiveDraw, ExhaustiveDraw, FuPart, MatchEnded, Penalty, Win
from game.engine.meld import Meld
from game.engine.rows import DORA_ROWS, Unit
from game.i18n import has, join, number, t  # join: words a language switch can write again
from game.ui.table.words import Terms, hand_value, row_name, row_value


@dataclass(frozen=True)
class Row:
    """One line of the value: a yaku (or tai row, or dora) and what it is worth."""

    label: str
    value: str
    dora: bool = False  # dora rows are set apart from the yaku


@dataclass(frozen=True)
class SeatChange:
    """One seat's points before the hand and what the hand moved."""

    seat: int
    name: str
    before: int
    delta: int

    @property
    def after(self) -> int:
        return self.before + self.delta


@dataclass(frozen=True)
class ShownHand:
    """A hand laid open on a panel: concealed tiles, the melds, and the tile set apart (the
    winning tile; none for a draw)."""

    seat: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    apart: int | None = None
    label: str = ""  # a draw: whose hand and whether tenpai
    flowers: tuple[int, ...] = ()  # set aside (Taiwanese): they count toward the hand


@dataclass(frozen=True)
class WinSheet:
    title: str
    subtitle: str
    hand: ShownHand
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    rows: tuple[Row, ...]
    total: str  # "4 han 30 fu · Mangan"
    points: int
    fu: tuple[Row, ...]  # the fu breakdown (empty: none to show)
    fu_total: str
    changes: tuple[SeatChange, ...]
    winner: int
    riichi_sticks: int
    honba: int
    extras: tuple[str, ...]  # a line each: "Riichi sticks ×2 +2,000", "1 honba +300", a Taiwanese sum
    order: str = ""  # "1 / 2" for a double ron


@dataclass(frozen=True)
class DrawSheet:
    title: str
    subtitle: str
    hands: tuple[ShownHand, ...]
    changes: tuple[SeatChange, ...]
    footer: str


@dataclass(frozen=True)
class Standing:
    place: str
    name: str
    score: str
    points: str  # with uma and oka (empty for Taiwanese, which settles in points alone)
    first: bool


@dataclass(frozen=True)
class StandingsSheet:
    title: str
    subtitle: str
    rows: tuple[Standing, ...]
    footer: str


Sheet = WinSheet | DrawSheet | StandingsSheet


@dataclass(frozen=True)
class Seats:
    """How the table names the seats and counts values, for the sheets."""

    names: Sequence[str]
    human: int
    terms: Terms


SheetMaker = Callable[[Seats], Sheet]  # a sheet written for the table's names and words


def _changes(seats: Seats, before: Sequence[int], deltas: Sequence[int]) -> tuple[SeatChange, ...]:
    """The four seats from the player's own, counter-clockwise (you, right, across, left)."""
    order = [(seats.human + k) % 4 for k in range(4)]
    return tuple(SeatChange(s, seats.names[s], before[s], deltas[s]) for s in order)


def fu_label(part: FuPart) -> str:
    """A fu line's words: ``base`` reads by its value (20, 25 for seven pairs, 30 with a closed ron)."""
    key = f"result.fu.{part.reason}"
    if part.reason == "base" and part.fu in (25, 30):
        key = f"result.fu.base_{part.fu}"
    return t(key) if has(key) else part.reason.replace("_", " ")


def tai_sum(e: Win, scale: tuple[int, int]) -> str:
    """The sum that makes a Taiwanese win's points, read off the engine's payments (``e.deltas``):
    each payment is the base plus its tai times the points a tai, the dealer's tai inside the
    payments with the dealer. A self-draw is three payments, the dealer's larger when the dealer
    pays ("3 × (base 30 + 4 tai × 10)", or the dealer's payment plus "2 × (...)"). "" where the
    payments are not such a sum (then no line rather than a wrong one)."""
    base, per = scale
    paid = sorted((-d for s, d in enumerate(e.deltas) if s != e.winner and d < 0), reverse=True)
    if not paid or sum(paid) != e.points or per <= 0:
        return ""
    tai = [(p - base) // per for p in paid]
    if any(n < 0 or base + n * per != p for n, p in zip(tai, paid, strict=True)):
        return ""
    words = {"base": number(base), "per": number(per), "points": number(e.points)}
    if len(paid) == 1:
        return t("result.tai_sum", count=tai[0], **words)
    if len(set(paid)) == 1:
        return t("result.tai_sum_each", payers=len(paid), count=tai[0], **words)
    if len(set(paid[1:])) == 1:  # the dealer pays more than the others
        return t("result.tai_sum_dealer", dealer=tai[0], payers=len(paid) - 1, count=tai[-1], **words)
    return ""


def win_sheet(e: Win, seats: Seats, before: Sequence[int], order: str = "",
              flowers: Sequence[int] = (), tai_scale: tuple[int, int] | None = None) -> WinSheet:
    """``tai_scale``: the rulebook's base and points a tai (Taiwanese), for the sum that makes the
    hand's points ("3 台 -> 60" read as unexplained: base 30 + 3 tai x 10)."""
    names = seats.names
    how = seats.terms.tsumo if e.discarder is None else seats.terms.ron
    title = (t("table.win.you", how=how) if e.winner == seats.human
             else t("table.win.other", winner=names[e.winner], how=how))
    subtitle = (t("result.self_drawn") if e.discarder is None
                else t("result.dealt_in", name=names[e.discarder]))
    if e.pao is not None:
        subtitle = join(t("common.separator"), [subtitle, t("result.pao", name=names[e.pao])])
    rows = tuple(Row(row_name(e.unit, y.id), row_value(e.unit, y.value), y.id in DORA_ROWS) for y in e.rows)
    if not rows:  # a Taiwanese win of no tai: the base alone (an empty list read as a broken panel)
        rows = (Row(t("result.no_rows"), ""),)
    total = hand_value(e.unit, e.value, e.fu, e.limit if e.unit is Unit.HAN else "")
    concealed = list(e.hand)
    apart: int | None = None
    if e.tile in concealed:
        concealed.remove(e.tile)
        apart = e.tile
    fu = tuple(Row(fu_label(p), t("result.fu_value", count=p.fu)) for p in e.fu_parts) if e.unit is Unit.HAN else ()
    raw = sum(p.fu for p in e.fu_parts)
    fu_total = (t("result.fu_total", raw=t("result.fu_value", count=raw), fu=t("result.fu_value", count=e.fu))
                if fu else "")
    extras = []
    if tai_scale is not None and e.unit is Unit.TAI and (line := tai_sum(e, tai_scale)):
        extras.append(line)
    if e.riichi_sticks:
        extras.append(t("result.sticks", count=e.riichi_sticks, points=number(1000 * e.riichi_sticks)))
    if e.honba:
        extras.append(t("result.honba", count=e.honba))
    if e.dealer_tai:
        extras.append(t("result.dealer_tai", tai=e.dealer_tai))
    return WinSheet(title, subtitle, ShownHand(e.winner, tuple(concealed), tuple(e.melds), apart, "", tuple(flowers)),
                    tuple(e.dora_indicators), tuple(e.ura_indicators), rows, total, e.points, fu, fu_total,
                    _changes(seats, before, e.deltas), e.winner, e.riichi_sticks, e.honba, tuple(extras),
                    order)


def exhaustive_sheet(e: ExhaustiveDraw, seats: Seats, before: Sequence[int],
                     melds: Sequence[Sequence[Meld]]) -> DrawSheet:
    """Every tenpai hand laid open, each seat's tenpai or noten, and the payments."""
    hands = []
    for s in _changes(seats, before, e.deltas):
        tiles = e.hands[s.seat] if s.seat < len(e.hands) else None
        word = seats.terms.tenpai if e.tenpai[s.seat] else seats.terms.noten
        hands.append(ShownHand(s.seat, tuple(sorted(tiles)) if tiles else (), tuple(melds[s.seat]) if tiles else (),
                               None, join(t("common.separator"), [s.name, word])))
    subtitle = t("result.nagashi", names=join(t("common.list_separator"), (seats.names[s] for s in e.nagashi))) if e.nagashi else ""
    if any(e.deltas):
        footer = t("table.draw.payments")
    elif not any(e.tenpai):
        footer = seats.terms.all_noten
    elif all(e.tenpai):
        footer = seats.terms.all_tenpai
    else:  # some ready, some not, and nobody paid: a rulebook with no payment at a draw (Taiwanese §4.5)
        footer = t("table.draw.no_payments")
    return DrawSheet(t("table.draw.exhaustive"), subtitle, tuple(hands), _changes(seats, before, e.deltas), footer)


def abortive_sheet(e: AbortiveDraw, seats: Seats, before: Sequence[int]) -> DrawSheet:
    reason = t(f"table.abort.{e.kind}") if has(f"table.abort.{e.kind}") else e.kind
    title = (t("table.draw.abortive", reason=reason) if e.seat is None
             else t("table.draw.abortive_seat", reason=reason, name=seats.names[e.seat]))
    hands: tuple[ShownHand, ...] = ()
    if e.seat is not None and e.hand:
        hands = (ShownHand(e.seat, tuple(sorted(e.hand)), (), None, t("result.callers_hand", name=seats.names[e.seat])),)
    return DrawSheet(title, "", hands, _changes(seats, before, (0, 0, 0, 0)), t("table.draw.replayed"))


def penalty_sheet(e: Penalty, seats: Seats, before: Sequence[int]) -> DrawSheet:
    footer = (t("table.penalty.after_uma", points=number(e.after_uma), count=e.after_uma) if e.after_uma
              else t("table.penalty.reverse_mangan"))
    subtitle = t("table.penalty.who", name=seats.names[e.seat], what=t("table.penalty.false_win"))
    return DrawSheet(t("table.penalty.title"), subtitle, (), _changes(seats, before, e.deltas), footer)


def standings_sheet(e: MatchEnded, seats: Seats) -> StandingsSheet:
    """The placings the table shows when the last hand has ended (the results screen follows);
    the final points only where the places earned uma or oka (not in Taiwanese or Hong Kong)."""
    order = sorted(range(4), key=lambda s: (e.ranks[s], s))
    rows = tuple(Standing(t(f"place.{e.ranks[s]}"), seats.names[s], number(e.scores[s]),
                          number(e.final_points[s], 1, sign=True) if any(e.place_points) else "", e.ranks[s] == 1)
                 for s in order)
    return StandingsSheet(t("table.match_over"), t("table.final_standings"), rows, t("table.continue"))
