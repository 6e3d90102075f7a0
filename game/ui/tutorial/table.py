"""The real table, set for a lesson: the same screen and presenter as a match, so a scripted
discard slides to its river, a claim moves the real tiles under its callout and a win opens the
result overlay, exactly as in play.

Three things differ from a match, and only these: no seat is driven (the level's moves are the
engine's moves, applied by the tutorial); every hand is face up, because a lesson on who gets the
tile must show who wants it (the presenter's ``face_up``, fed the events unredacted); and the
picture stops at the end of the lesson's hand, so the win or the draw stays on the table while the
engine has already dealt the next hand.
"""

from __future__ import annotations

from game.engine import Match
from game.engine.events import Event
from game.i18n import t
from game.ui.table.screen import TableScreen
from game.ui.table.words import RULEBOOK

RELATIONS = ("", "after", "across", "before")  # by side: right, top, left (table.relation.*)


class TutorialTable(TableScreen):
    def __init__(self, size: tuple[int, int], match: Match, learner: int, *, speed: float = 1.0,
                 style: str = "classic") -> None:
        # a result waits for the learner, as at the game's table (Enter or a click dismisses it)
        # and it speaks its prose's words, the rulebook's own, whatever the player's Terms setting
        super().__init__(size, match=match, human=learner, drive=False, speed=speed, style=style, corners=True,
                         wait_for_player=True, terminology=RULEBOOK)

    def _build(self, size: tuple[int, int]) -> None:
        # the seats by their winds, as the narration names them (not the match's AI names), and
        # where each sits from the learner (no AI plays here); the learner's plate says it all
        self.names = [seat_name(self.match, seat, self.human) for seat in range(4)]
        self.roles = [t(f"table.relation.{RELATIONS[(seat - self.human) % 4]}") if seat != self.human else ""
                      for seat in range(4)]
        super()._build(size)
        self.hud.seat_in_role = False
        self.presenter.face_up = True
        self.presenter.reviewable = False  # the lesson's moves are the level's: nothing to review
        self.presenter.stop_after_hands = 1  # the lesson's hand: what comes after it is never shown

    def _visible(self, events: list[Event]) -> list[Event]:
        return list(events)  # every hand is shown: the learner sees the tiles the seats draw

    @property
    def idle(self) -> bool:
        """Nothing moves or waits on the table (the lesson's frames can be drawn around hands)."""
        return self.presenter.idle

    def catch_up(self) -> None:
        """The picture rebuilt from the engine at once, the moves played so far counted as shown
        (before the lesson's animated moves)."""
        self._fed = len(self.match.events)
        self.skip()

    def resize(self, size: tuple[int, int]) -> None:
        """Rebuilt from the engine: every move played so far counts as shown."""
        self._fed = len(self.match.events)
        super().resize(size)

    def finish_animations(self) -> None:
        """Play every queued unit to its end now (a result overlay included), in order, so the
        picture is the one the animations would have left (never rebuilt: the engine may already
        be in the next hand)."""
        self.update(0.0)
        self.presenter.release_hold()
        self.timeline.skip_all()


def seat_name(match: Match, seat: int, learner: int) -> str:
    """A seat as the lessons name it: its wind, the learner's marked."""
    name = t(f"wind.{match.seat_wind(seat)}")
    return t("tutorial.seat_you", name=name) if seat == learner else name
