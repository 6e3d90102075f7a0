"""Which hand to review: the hands of a finished match, one row each, to open in the Review.

Opened from the end-of-match screen (Review). Each row names the hand (``3. East 3, 1 honba``),
how it ended, naming the seats, and what it did to the player's score. Up and Down (or the
mouse) choose, Enter or a click opens :class:`ReviewScreen` on that hand, Escape goes back. The
last hand has the focus first: it is the one the player has just seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import Record, RuleProfile
from game.i18n import number, t
from game.scene import Panel
from game.ui.menus.summary import HandLine
from game.ui.menus.widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    GOOD,
    MUTED,
    Box,
    Button,
    ListRow,
    MenuScreen,
    ScrollRows,
    label,
    text_block,
)
from game.ui.replay.hand_list import line_outcome, position_name
from game.ui.seats import seat_name, seat_names
from game.ui.table.words import RULEBOOK
from game.ui.tutorial.intents import PushScreen

from .screen import ReviewScreen

ROW = 52


class HandChoice(ListRow):
    """One hand of the match; activating it opens its review."""

    def __init__(self, screen: ReviewHandsScreen, index: int, width: int) -> None:
        super().__init__(width, ROW - 6, name=f"hand:{index}")
        self.screen = screen
        self.index = index

    def activate(self) -> Any | None:
        return self.screen.open(self.index)


class ReviewHandsScreen(MenuScreen):
    """The hands of a finished match; the chosen one opens in the Review for ``seat``."""

    def __init__(
        self,
        size: tuple[int, int],
        record: Record,
        profile: RuleProfile,
        seat: int,
        hands: Sequence[HandLine],
        *,
        style: str = "classic",
        terminology: str = RULEBOOK,
    ) -> None:
        if not hands:
            raise ValueError("a match to review has at least one finished hand")
        self.record = record
        self.profile = profile
        self.seat = seat
        self.hands = tuple(hands)
        self.style = style
        self.terminology = terminology  # the player's Terms, which the review speaks
        self.rows: list[HandChoice] = []
        super().__init__(size)

    def title(self, index: int) -> str:
        """The hand's name as its Review shows it in the heading."""
        line = self.hands[index]
        return position_name(line.round_wind, line.hand_number, line.honba)

    def open(self, index: int) -> Any | None:
        return PushScreen(ReviewScreen(self.window, self.record, self.profile, self.seat, index,
                                       title=self.title(index), style=self.style,
                                       terminology=self.terminology))

    def build(self) -> None:
        w, h = self.size
        self.heading(t("review.pick_title"))
        x, width = 72, w - 144
        self.root.add_child(text_block(t("review.pick_hint"), Box(width, 17, lines=2, floor=12, name="intro", shrink_first=True,
                                                                height=40, leading=1.1), MUTED, x + 4, 136))
        top, bottom = 164, h - 120
        self.root.add_child(Panel(width, bottom - top + 16, (10, 24, 22, 235), x + width / 2, (top + bottom) / 2,
                                  radius=10))
        names = seat_names(self.seat)
        delta_x = width - 40
        self.root.add_child(text_block(seat_name(self.seat, self.seat), Box(160, 14, bold=True, floor=11, name="seat"), GOLD,
                                       x + delta_x, top + 4, align="right"))
        text_w = int(delta_x - 200)
        rows: list[HandChoice] = []
        last = len(self.hands) - 1
        for index, line in enumerate(self.hands):
            row = HandChoice(self, index, width - 24)
            self.add(row)
            row.x = x + 12
            name = t("viewer.hand_number", number=index + 1, hand=self.title(index))
            row.add_child(text_block(name, Box(text_w, 17, bold=True, floor=13, name="hand row"),
                                     GOLD if index == last else CREAM, 16, -10))
            row.add_child(text_block(line_outcome(line, names), Box(text_w, 14, floor=11, name="hand row"), MUTED, 16, 12))
            change = line.deltas[self.seat]
            row.add_child(label(number(change, sign=True) if change else "·", 18,
                                GOOD if change > 0 else BAD if change < 0 else FAINT,
                                delta_x - 12, 0, bold=bool(change), align="right"))
            rows.append(row)
        for row in rows:
            row.remove()  # ScrollRows adopts them
        self.rows = rows
        self.scroll_list = ScrollRows(self.root, list(rows), top + 22, bottom, ROW, x + width - 8)
        self.add(Button(t("common.back"), 72, h - 92, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w / 2, h - 24, align="center"))

    def first_focus(self) -> int:
        return len(self.hands) - 1

    def scroll(self, lines: int) -> None:
        if self.scroll_list is not None:
            self.scroll_list.scroll(lines)
