"""Renchan and the end of the match: who deals next, the counters, and when the match is over.

Knobs: ``game.start_points``, ``game.renchan``, ``draws.nagashi_renchan``, ``tai.continue_on_draw``, ``game.length``,
``game.tobi``, ``game.west_extension``, ``game.extension_target``, ``game.agari_yame``.

* ``tenpai`` (Tenhou; EMA RCR 2016 3.4.11): the dealer stays after his win, when he is tenpai at
  an exhaustive draw, and after an abortive draw. After a nagashi mangan, ``nagashi_renchan``
  says whether his tenpai (Tenhou, T-ARC "Dealer tenpai counts as renchan") or his own nagashi
  (Mahjong Soul per T-RENV) keeps the deal.
* ``win_or_draw`` (Taiwanese 連莊, TW-CHH, TW-WAWA): the dealer stays when he wins or the hand is
  drawn; each stay adds one to the dealer's streak n (連n拉n), a drawn hand too unless
  ``tai.continue_on_draw`` is off.
* ``never``: the deal passes after every hand.

Counters (本場): one more after any hand the deal does not pass on a win; back to 0 after a
non-dealer's win. The match ends (rules-reference §2.7) when a score goes below zero where that
ends it, after the last deal, by agari-yame in all-last, or in the West round's sudden death.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..profile import RuleProfile
from ..rows import Unit
from ..state import MatchState

# the last round of a length: 0 East, 1 South, 3 North
_LAST_ROUND = {"one_hand": 0, "tonpuu": 0, "hanchan": 1, "one_round": 0, "four_rounds": 3}


@dataclass(frozen=True, slots=True)
class Renchan:
    start_points: int  # each seat's score when the match starts
    rule: str  # "tenpai", "win_or_draw" or "never"
    nagashi_keeps_dealer_by_nagashi: bool  # ``draws.nagashi_renchan = "dealer_nagashi"``
    draw_continues_streak: bool  # a drawn hand kept by the dealer adds to his streak
    one_hand: bool
    last_round: int
    tobi: bool
    west_extension: bool
    extension_target: int
    agari_yame: bool

    @classmethod
    def of(cls, p: RuleProfile) -> Renchan:
        g = p.game
        return cls(
            start_points=g.start_points,
            rule=g.renchan,
            nagashi_keeps_dealer_by_nagashi=p.draws.nagashi_renchan == "dealer_nagashi",
            # the streak only prices Taiwanese dealer tai; elsewhere every stay counts
            draw_continues_streak=p.unit is not Unit.TAI or p.tai.continue_on_draw,
            one_hand=g.length == "one_hand",
            last_round=_LAST_ROUND[g.length],
            tobi=g.tobi,
            west_extension=g.west_extension,
            extension_target=g.extension_target,
            agari_yame=g.agari_yame,
        )

    def after_win(self, dealer_won: bool) -> bool:
        """Whether the dealer stays after a win (``dealer_won``: he is among the winners)."""
        return dealer_won and self.rule != "never"

    def after_draw(self, dealer_tenpai: bool, dealer_nagashi: bool, nagashi: bool) -> bool:
        """Whether the dealer stays after an exhaustive draw."""
        if self.rule == "win_or_draw":
            return True
        if self.rule == "never":
            return False
        if nagashi and self.nagashi_keeps_dealer_by_nagashi:
            return dealer_nagashi
        return dealer_tenpai

    def busted(self, m: MatchState) -> bool:
        return self.tobi and any(s < 0 for s in m.scores)

    def next_hand(self, m: MatchState, *, renchan: bool, won: bool, drawn: bool) -> None:
        """Counters, the dealer's streak and the next dealer after a hand that did not end the
        match (``drawn``: an exhaustive or abortive draw)."""
        if renchan:
            if not drawn or self.draw_continues_streak:
                m.dealer_streak += 1
        else:
            m.dealer_streak = 0
            m.dealer = (m.dealer + 1) % 4
            m.hand_number += 1
            if m.hand_number == 4:
                m.hand_number = 0
                m.round_wind += 1

    @staticmethod
    def count_hand(m: MatchState, *, renchan: bool, won: bool) -> None:
        """The hand is over: one more hand played, and the counters."""
        m.hand_index += 1
        if won and not renchan:
            m.honba = 0
        else:
            m.honba += 1

    def match_over(self, m: MatchState, *, renchan: bool, abortive: bool) -> bool:
        """Game end (rules-reference §2.7): bust, agari-yame in all-last, the last deal passing,
        and the West round's sudden death."""
        if self.busted(m):
            return True
        if self.one_hand:
            return True
        last = self.last_round
        if (m.round_wind, m.hand_number) < (last, 3):
            return False
        target = self.extension_target
        if m.round_wind > last and max(m.scores) >= target:
            return True  # the West round's sudden death ends after any hand, renchan or not
        if renchan:
            if abortive or not self.agari_yame:
                return False
            return m.scores[m.dealer] >= target and ranking(m)[0] == m.dealer
        if not self.west_extension or max(m.scores) >= target:
            return True
        return (m.round_wind, m.hand_number) >= (last + 1, 3)


def ranking(m: MatchState) -> list[int]:
    """Seats from first to last place: by points, ties by seat order from the first dealer."""
    return sorted(range(4), key=lambda s: (-m.scores[s], (s - m.first_dealer) % 4))
