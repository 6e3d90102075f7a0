"""The viewer's hand list (H): every hand with its round and wind, its result and the points each
seat won or lost; Enter or a click jumps the viewer to that hand's start."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import number, t
from game.scene import Panel
from game.ui.menus.intents import Back
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
    ScrollRows,
    label,
    text_block,
)
from game.ui.table.words import hand_value

from .log_rules import fit_words
from .overlay import Overlay
from .tape import TapeHand

if TYPE_CHECKING:
    from .viewer import ReplayViewer

ROW = 48


def position_name(round_wind: int, hand_number: int, honba: int) -> str:
    """``East 2, 1 honba`` (``East 2`` without honba), in the player's language."""
    name = t("results.hand", wind=t(f"wind.{round_wind % 4}"), number=hand_number + 1)
    return t("results.honba", hand=name, count=honba) if honba else name


def misfit_text(hand: TapeHand) -> str:
    """Why an imported hand does not play out under the rules it is read under, in plain words."""
    return t(f"viewer.misfit.{hand.misfit or 'play'}")


def outcome_text(hand: TapeHand, names: Sequence[str]) -> str:
    """How a hand ended, naming the seats: "Mei: ron off Sora (3 han 40 fu)"."""
    line: HandLine | None = hand.line
    if line is None:
        return t("viewer.unfinished") if hand.divergence is None else misfit_text(hand)
    return line_outcome(line, names)


def line_outcome(line: HandLine, names: Sequence[str]) -> str:
    """How a finished hand ended, naming the seats (the hand list and the review's hand choice)."""
    if line.outcome == "abortive":
        return t("results.abortive")
    if line.outcome != "win" or not line.wins:
        return t("results.exhaustive")
    parts = []
    for win in line.wins:
        who = names[win.winner]
        text = (t("results.tsumo", winner=who) if win.discarder is None
                else t("results.ron", winner=who, loser=names[win.discarder]))
        parts.append(t("results.outcome_value", outcome=text, value=hand_value(win.unit, win.value, win.fu)))
    return t("results.outcomes_separator").join(parts)


class HandRow(ListRow):
    def __init__(self, viewer: ReplayViewer, index: int, width: int) -> None:
        super().__init__(width, ROW - 6, name=f"hand:{index}")
        self.viewer = viewer
        self.index = index

    def activate(self) -> Any | None:
        self.viewer.playing = False
        self.viewer.goto(self.index, 0)
        return Back()


class HandListScreen(Overlay):
    """Laid over the viewer (which shows through, dimmed)."""

    def __init__(self, size: tuple[int, int], viewer: ReplayViewer) -> None:
        self.viewer = viewer
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        v = self.viewer
        names = v.seat_names()
        pw, top, bottom = min(w - 80, 1040), 56, h - 56
        x0 = (w - pw) / 2
        self.root.add_child(Panel(pw, bottom - top, (12, 26, 26, 246), w / 2, (top + bottom) / 2, radius=12,
                                  border_color=GOLD, border_width=1))
        self.root.add_child(label(t("viewer.hands_title"), 26, CREAM, x0 + 24, top + 30, bold=True))
        fit_ = v.tape.fit
        if fit_ is not None:  # an imported log: the rules it is read under, to change
            button = self.add(Button(t("viewer.rules_change"), x0 + pw - 24 - 170, top + 10, 170, 40, size=16,
                                     center=True, on_activate=self.show_rules, name="rules"))
            self.root.add_child(text_block(fit_words(fit_), Box(int(pw - 420), 14, floor=11, name="rules read"), MUTED,
                                           button.x - 12, top + 30, align="right"))
        else:
            self.root.add_child(text_block(t("viewer.hands_hint"), Box(int(pw - 300), 14, floor=11, name="keys hint"), FAINT,
                                           x0 + pw - 24, top + 30, align="right"))
        delta_w = 86
        deltas_x = x0 + pw - 28 - 3 * delta_w
        seats = [(v.tape.human + k) % 4 for k in range(4)]
        for k, seat in enumerate(seats):
            self.root.add_child(text_block(names[seat], Box(delta_w - 8, 13, floor=11, name="hand list seat"), MUTED,
                                           deltas_x + k * delta_w, top + 66, align="right"))
        text_w = int(deltas_x - delta_w - x0 - 36)
        rows = []
        for index, hand in enumerate(v.tape.hands):
            row = self.add(HandRow(v, index, pw - 24))
            row.x = x0 + 8
            current = index == v.hand
            name = text_block(t("viewer.hand_number", number=index + 1,
                                hand=position_name(hand.round_wind, hand.hand_number, hand.honba)),
                              Box(text_w, 16, bold=True, floor=13, name="hand list row"), GOLD if current else CREAM, 16, -9)
            row.add_child(name)
            outcome = outcome_text(hand, names)
            row.add_child(text_block(outcome, Box(text_w, 13, floor=11, name="hand list row"),
                                     BAD if hand.divergence else MUTED, 16, 11))
            deltas = hand.line.deltas if hand.line is not None else (0, 0, 0, 0)
            for k, seat in enumerate(seats):
                d = deltas[seat]
                row.add_child(label(number(d, sign=True) if d else "·", 15, GOOD if d > 0 else BAD if d < 0 else FAINT,
                                    deltas_x - row.x + k * delta_w, 0, align="right"))
            rows.append(row)
        for row in rows:
            row.remove()  # ScrollRows adopts them
        self.list = self.scroll_list = ScrollRows(self.root, list(rows), top + 84, bottom - 12, ROW, x0 + pw - 10)

    def first_focus(self) -> int:
        return min(self.viewer.hand, len(self.widgets) - 1)

    def scroll(self, lines: int) -> None:
        self.list.scroll(lines)

    def show_rules(self) -> Any | None:
        return self.viewer.show_rules()

    def enter(self) -> None:
        """Back from the rules: the hands as the log now reads."""
        if hasattr(self, "root"):
            self.layout()

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        if event.key == pygame.K_h:
            return Back()
        if event.key == pygame.K_l:
            return self.show_rules()
        return super().handle_key(event)
