"""The Results screen at the end of a match: placings, final scores with uma, and every hand.

Seats are named from the player's point of view (You, Right, Across, Left), the same words the
New game screen uses for the opponents.
"""

from __future__ import annotations

from typing import Any

from game.i18n import number, t
from game.scene import Node, Panel
from game.ui.table.words import hand_value

from .intents import Open
from .new_game import profile_name
from .summary import HandLine, MatchSummary
from .widgets import (
    BAD,
    CREAM,
    FAINT,
    GOLD,
    GOOD,
    MUTED,
    Button,
    MenuScreen,
    ScrollRows,
    fit,
    label,
)

ROW = 46
SEAT_WORDS = ("you", "right", "across", "left")


def seat_word(seat: int, human: int) -> str:
    return t(f"who.{SEAT_WORDS[(seat - human) % 4]}")


def hand_name(line: HandLine) -> str:
    name = t("results.hand", wind=t(f"wind.{line.round_wind}"), number=line.hand_number + 1)
    return t("results.honba", hand=name, honba=line.honba) if line.honba else name


def outcome_text(line: HandLine, human: int) -> str:
    if line.outcome == "abortive":
        return t("results.abortive")
    if line.outcome != "win" or not line.wins:
        return t("results.exhaustive")
    parts = []
    for win in line.wins:
        who = seat_word(win.winner, human)
        text = (t("results.tsumo", winner=who) if win.discarder is None
                else t("results.ron", winner=who, loser=seat_word(win.discarder, human)))
        value = hand_value(win.unit, win.value, win.fu)
        parts.append(f"{text} ({value})")
    return "; ".join(parts)


class ResultsScreen(MenuScreen):
    def __init__(self, size: tuple[int, int] = (1280, 720), summary: MatchSummary | None = None) -> None:
        """The end of a match just played (a filed match opens in the replay viewer, which also
        plays on from any point)."""
        if summary is None:
            raise ValueError("the results screen needs a match summary")
        self.summary = summary
        self.offset = 0
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        s = self.summary
        self.heading(t("results.title"))
        left_w = 440
        # placings
        self.root.add_child(Panel(left_w, 56 + 4 * 58, (10, 24, 22, 190), 72 + left_w / 2, 132 + (56 + 4 * 58) / 2,
                                  radius=10))
        # a rulebook without uma (Taiwanese, Hong Kong) settles in points alone: no final-points column
        cols = (18, 96, 300, left_w - 18) if s.uma else (18, 120, left_w - 18, 0)
        heads = [t("results.place"), t("results.player"), t("results.score")] + ([t("results.points")] if s.uma else [])
        for text, x, align in zip(heads, cols, ("left", "left", "right", "right"), strict=False):
            self.root.add_child(label(text, 15, GOLD, 72 + x, 160, bold=True, align=align))
        for i, seat in enumerate(s.by_place()):
            y = 214 + i * 58
            mine = seat == s.human_seat
            if mine:
                self.root.add_child(Panel(left_w - 12, 50, (36, 92, 76, 220), 72 + left_w / 2, y, radius=8))
            colour = CREAM
            self.root.add_child(label(t(f"place.{s.ranks[seat]}"), 24, GOLD if s.ranks[seat] == 1 else colour,
                                      72 + cols[0], y, bold=True))
            self.root.add_child(label(seat_word(seat, s.human_seat), 20, colour, 72 + cols[1], y, bold=mine))
            self.root.add_child(label(number(s.scores[seat]), 20, colour, 72 + cols[2], y, align="right"))
            points = s.final_points[seat]
            if not s.uma:
                continue
            self.root.add_child(label(number(points, 1, sign=True), 20, GOOD if points > 0 else BAD if points < 0
                                      else colour, 72 + cols[3], y, bold=True, align="right"))
        info_y = 132 + 56 + 4 * 58 + 30
        self.root.add_child(label(fit(profile_name(s.profile_id), 17, left_w, True), 17, CREAM, 76, info_y, bold=True))
        self.root.add_child(label(t("replays.hands", count=len(s.hands)), 16, MUTED, 76, info_y + 26))
        # hand by hand
        x0 = 72 + left_w + 32
        hist_w = w - 72 - x0
        top, bottom = 132, h - 112
        self.root.add_child(Panel(hist_w, bottom - top + 8, (10, 24, 22, 190), x0 + hist_w / 2,
                                  (top + bottom + 8) / 2, radius=10))
        self.root.add_child(label(t("results.history"), 15, GOLD, x0 + 18, top + 20, bold=True))
        delta_w = 74
        deltas_x = x0 + hist_w - 22 - 3 * delta_w
        seats = [(s.human_seat + k) % 4 for k in range(4)]
        for k, seat in enumerate(seats):
            self.root.add_child(label(fit(seat_word(seat, s.human_seat), 13, delta_w - 6), 13, MUTED,
                                      deltas_x + k * delta_w, top + 20, align="right"))
        text_w = int(deltas_x - delta_w - x0 - 30)
        rows: list[Node] = []
        for line in s.hands:
            row = Node(x0, 0)
            row.add_child(label(fit(hand_name(line), 16, text_w, True), 16, CREAM, 18, -10, bold=True))
            row.add_child(label(fit(outcome_text(line, s.human_seat), 14, text_w), 14, MUTED, 18, 10))
            for k, seat in enumerate(seats):
                d = line.deltas[seat]
                row.add_child(label(number(d, sign=True) if d else "·", 15, GOOD if d > 0 else BAD if d < 0 else FAINT,
                                    deltas_x - x0 + k * delta_w, 0, align="right"))
            rows.append(row)
        for row in rows:
            row.remove()  # ScrollRows adopts them
        self.list = self.scroll_list = ScrollRows(self.root, rows, top + 36, bottom, ROW, x0 + hist_w - 8)
        self.list.scroll(0, to=self.offset)
        self.add(Button(t("results.to_title"), 72, h - 84, 240, 56, center=True, on_activate=self.back,
                        name="title"))
        self.add(Button(t("results.new_game"), w - 72 - 280, h - 84, 280, 56, primary=True, center=True,
                        on_activate=lambda: Open("new_game"), name="new_game"))

    def first_focus(self) -> int:
        return len(self.widgets) - 1

    def back(self) -> Any | None:
        return Open("title")

    def scroll(self, lines: int) -> None:
        self.list.scroll(lines)
        self.offset = self.list.offset
