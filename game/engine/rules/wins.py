"""Winning: the shape a hand must make, what a win is worth, and the facts its value reads.

Knobs: ``win.sets``, ``win.chiitoitsu``, ``win.kokushi``, ``tai.ligu`` (嚦咕嚦咕, Taiwanese house
rule).

A win's value is the scoring model's (:mod:`..scoring_bridge`).

:meth:`Wins.request` gathers everything a hand's value depends on from the match and hand state
into one :class:`WinRequest`; :meth:`Wins.value` hands it to the profile's scoring model
(:mod:`..scoring_bridge`). The flow never asks which rulebook it plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..player import Player
from ..profile import RuleProfile
from ..rows import Unit
from ..scoring_bridge import value_win
from ..state import HandState, MatchState
from ..taiwanese import is_ligu, ligu_waits, score_flower_win
from ..values import WinRequest, WinValue

__all__ = ["WinRequest", "WinValue", "Wins"]


@dataclass(frozen=True, slots=True)
class Wins:
    profile: RuleProfile  # the scoring model reads its knobs
    sets: int  # sets besides the pair: 4, or 5 in the 16-tile game
    chiitoitsu: bool  # seven pairs is a winning shape (closed hands)
    kokushi: bool  # thirteen orphans is a winning shape (closed hands)
    ligu: bool  # 嚦咕嚦咕, seven pairs and a pung, is a winning shape (closed 17-tile hands)
    # (sets needed, seven pairs, thirteen orphans) by the hand's meld count: what shanten takes,
    # made once (the flow asks for it after most draws and discards)
    _shanten_args: tuple[tuple[int, bool, bool], ...] = ()

    def __post_init__(self) -> None:
        args = tuple((self.sets - n, self.chiitoitsu and not n, self.kokushi and not n) for n in range(self.sets + 1))
        object.__setattr__(self, "_shanten_args", args)

    @classmethod
    def of(cls, p: RuleProfile) -> Wins:
        return cls(
            profile=p,
            sets=p.win.sets,
            chiitoitsu=p.win.chiitoitsu,
            kokushi=p.win.kokushi,
            ligu=bool(p.unit is Unit.TAI and p.tai.ligu),
        )

    def sets_needed(self, p: Player) -> int:
        return self.sets - len(p.melds)

    def shanten_args(self, p: Player) -> tuple[int, bool, bool]:
        """``(sets_needed, *specials)`` of the hand: the arguments of its shanten count."""
        return self._shanten_args[len(p.melds)]

    def specials(self, p: Player) -> tuple[bool, bool]:
        """Whether seven pairs and thirteen orphans count for this hand (closed hands only)."""
        if p.melds:
            return False, False
        return self.chiitoitsu, self.kokushi

    def ligu_complete(self, p: Player) -> bool:
        """A complete 嚦咕嚦咕 (the shanten tables do not know the shape)."""
        return self.ligu and not p.melds and is_ligu(p.counts())

    def ligu_waits(self, p: Player) -> tuple[int, ...]:
        """The kinds that would complete a 嚦咕嚦咕 (none when the house rule is off)."""
        if not self.ligu or p.melds:
            return ()
        return ligu_waits(p.counts())

    def request(
        self,
        m: MatchState,
        h: HandState,
        seat: int,
        discarder: int | None,
        tile: int,
        *,
        chankan: bool = False,
        ura: tuple[int, ...] = (),
    ) -> WinRequest:
        """The facts of ``seat`` winning on ``tile`` (from ``discarder``; None: self-drawn).
        ``ura``: the ura dora indicators, when the winner is in riichi and they count."""
        p = h.players[seat]
        hand = tuple(p.hand) if discarder is None else (*p.hand, tile)
        first = not h.calls_made and not p.has_discarded
        last = h.wall.live_remaining == 0
        dealer = m.dealer
        return WinRequest(
            winner=seat,
            discarder=discarder,
            dealer=dealer,
            concealed=hand,
            win_tile=tile,
            melds=tuple(p.melds),
            flowers=tuple(p.flowers),
            seat_wind=(seat - dealer) % 4,
            round_wind=m.round_wind,
            riichi=p.riichi,
            double_riichi=p.riichi and p.double_riichi,
            ippatsu=p.riichi and p.ippatsu,
            haitei=discarder is None and last and not h.rinshan,
            houtei=discarder is not None and last and not chankan,
            rinshan=discarder is None and h.rinshan,
            chankan=chankan,
            tenhou=discarder is None and first and seat == dealer,
            chiihou=discarder is None and first and seat != dealer,
            renhou=discarder is not None and first,
            dora_indicators=tuple(h.indicators),
            ura_indicators=ura,
            honba=m.honba,
            riichi_sticks=0,
            pao_seat=p.pao,
            dealer_streak=m.dealer_streak,
        )

    def value(self, req: WinRequest) -> WinValue | None:
        """The win's value and payments, or None when the rulebook does not let the hand win."""
        return value_win(req, self.profile)

    def flower_value(self, winner: int, payer: int | None, dealer: int, streak: int) -> WinValue:
        """The value of a win by the eighth flower (:mod:`.special_wins`)."""
        return score_flower_win(winner, payer, dealer, streak, self.profile)
