"""The Review screen: the player's decisions of one hand beside hard's, the clear losses marked.

Opened from the result panel at the end of a hand (R) and from the replay viewer (R). The review
(:mod:`game.ai.review`) runs on a background thread; the screen shows a progress bar meanwhile, and
leaving it calls the work off. Each marked decision shows the hand at that moment as tile
pictures, the player's tile and hard's tile, and the figures of both in the player's language.
"""

from __future__ import annotations

import threading
from typing import Any

from game.ai.review import Cancelled, PointKind, Review, ReviewPoint, last_hand, review_hand
from game.engine import ActionKind, Record, RuleProfile
from game.i18n import Message, join, t
from game.i18n.formats import number, percent
from game.i18n.tiles import tile_word
from game.scene import Node, Panel, Sprite
from game.ui.menus.widgets import FAINT, GOLD, MUTED, Button, MenuScreen, label, wrap
from game.ui.reasons import advice, in_terms
from game.ui.table.words import RULEBOOK, terms_for
from game.ui.tile_art import tile_art
from game.ui.tutorial.tile_prose import TileProse

ROW = 132  # layout units per marked decision
SHOWN = 3  # rows on one page


class ReviewScreen(MenuScreen):
    def __init__(
        self,
        size: tuple[int, int],
        record: Record,
        profile: RuleProfile,
        seat: int,
        hand_index: int | None = None,
        *,
        title: str = "",
        style: str = "classic",
        terminology: str = RULEBOOK,
    ) -> None:
        """``terminology``: the player's "Terms" setting, so hard's sentences name the calls as
        the table did."""
        self.terms = terms_for(terminology, profile.id)
        self.record = record
        self.profile = profile
        self.seat = seat
        self.hand_index = hand_index  # None: the record's last hand (found on the worker thread)
        self.title = title
        self.style = style
        self.review: Review | None = None
        self.failed = ""
        self.page = 0
        self._done = (0, 1)
        self._shown_done = -1
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._work, daemon=True, name="review")
        super().__init__(size)
        self._thread.start()

    # --- the work ---------------------------------------------------------------------------------

    def _work(self) -> None:
        try:
            hand = self.hand_index if self.hand_index is not None else last_hand(self.record, self.profile)
            self.review = review_hand(self.record, self.profile, self.seat, hand,
                                      progress=self._progress, cancel=self._cancel)
        except Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - a review that fails says so, never stops the game
            self.failed = f"{type(exc).__name__}: {exc}"

    def _progress(self, done: int, total: int) -> None:
        self._done = (done, max(1, total))

    @property
    def working(self) -> bool:
        return self.review is None and not self.failed

    def update(self, dt: float) -> Any | None:
        if self.working:
            done = self._done[0]
            if done != self._shown_done:
                self._shown_done = done
                self.layout()
        elif self._shown_done != -2:
            self._shown_done = -2
            self.layout()
        return None

    @property
    def still(self) -> bool:
        """The review is written and laid out (while it is worked out, its progress bar moves)."""
        return not self.working and self._shown_done == -2

    def back(self) -> Any | None:
        self._cancel.set()
        return super().back()

    # --- the page ---------------------------------------------------------------------------------

    def build(self) -> None:
        w, h = self.size
        self.heading(t("review.title", hand=self.title) if self.title else t("review.title_plain"))
        x, width = 72, w - 144
        if self.working:
            done, total = self._done
            self.root.add_child(label(t("review.working", done=done, total=total), 20, MUTED, x + 4, 150))
            self.root.add_child(Panel(width, 18, (24, 44, 44), x + width / 2, 190, radius=9))
            filled = max(18, round(width * done / total))
            self.root.add_child(Panel(filled, 18, GOLD, x + filled / 2, 190, radius=9, name="progress"))
        elif self.failed:
            self.root.add_child(label(t("review.failed"), 20, GOLD, x + 4, 150))
        else:
            assert self.review is not None
            self._summary(x, width)
            points = self.review.points
            for i, point in enumerate(points[self.page * SHOWN:(self.page + 1) * SHOWN]):
                self._row(point, x, 200 + i * ROW, width)
            if len(points) > SHOWN:
                pages = (len(points) + SHOWN - 1) // SHOWN
                self.add(Button(t("review.more", page=self.page + 1, pages=pages), w - 72 - 300, h - 104, 300, 56,
                                center=True, on_activate=self._next_page, name="more"))
        self.add(Button(t("common.back"), 72, h - 104, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("common.keys_hint"), 14, FAINT, w / 2, h - 24, align="center"))

    def _next_page(self) -> None:
        assert self.review is not None
        pages = (len(self.review.points) + SHOWN - 1) // SHOWN
        self.page = (self.page + 1) % pages
        self.layout()

    def _summary(self, x: float, width: int) -> None:
        assert self.review is not None
        marked = len(self.review.points)
        text = (t("review.summary", count=marked, decisions=self.review.decisions) if marked
                else t("review.none", decisions=self.review.decisions))
        for i, line in enumerate(wrap(text, 18, width)):
            self.root.add_child(label(line, 18, MUTED, x + 4, 140 + 24 * i, name="summary"))

    def _row(self, point: ReviewPoint, x: float, y: float, width: int) -> None:
        row = Node(name="point")
        self.root.add_child(row)
        row.add_child(Panel(width, ROW - 12, (16, 36, 38, 230), x + width / 2, y + (ROW - 12) / 2, radius=10))
        art = tile_art(30, self.style, bool(self.profile.tiles.red_fives))
        row.add_child(label(t("review.turn", n=point.turn), 15, GOLD, x + 16, y + 18, bold=True))
        hand_x = x + 16
        played = point.played.tiles[0] if point.played.tiles else None
        better = point.better.tiles[0] if point.better.tiles else None
        for tile in point.hand:
            image = art.lying(tile)
            sprite = row.add_child(Sprite(image, hand_x, y + 36, anchor=(0.0, 0.0)))
            if tile == played:
                row.add_child(Panel(image.get_width() + 4, 4, (220, 90, 80), hand_x + image.get_width() / 2,
                                    y + 38 + image.get_height() + 4, radius=2, name="yours"))
            elif better is not None and tile >> 2 == better >> 2:
                row.add_child(Panel(image.get_width() + 4, 4, GOLD, hand_x + image.get_width() / 2,
                                    y + 38 + image.get_height() + 4, radius=2, name="hards"))
            del sprite
            hand_x += image.get_width() + 2
        text_x = hand_x + 24
        # the tiles the sentences name are drawn as tiles, as the table's hints draw them (never "6s")
        row.add_child(TileProse(self._words(point), x + width - 16 - text_x, 16, (236, 228, 208), text_x, y + 12,
                                style=self.style, name="words"))
        if point.reason:
            row.add_child(TileProse(t("review.hard_says", reason=advice(point.reason, self.seat, terms=self.terms)),
                                    width - 32, 14, MUTED, x + 16, y + ROW - 30, style=self.style, anchor_y=0.5,
                                    name="hard says"))

    def _call_word(self, kind: ActionKind) -> str:
        """A call in the table's terms (seen: "pon" on a Taiwanese review whose hint said pung)."""
        word = t(f"ai.reason.{kind.value}")
        return in_terms(word, self.terms) or word if isinstance(word, Message) else word

    def _words(self, p: ReviewPoint) -> str:
        """What the row says, in the player's language."""
        def tile_of(action: Any) -> str:
            return tile_word(action.tiles[0] >> 2) if action.tiles else ""

        yours, hards = tile_of(p.played), tile_of(p.better)
        claimed = tile_word(p.claimed >> 2) if p.claimed is not None else ""
        if p.kind is PointKind.MISSED_WIN:
            return t("review.missed_win", tile=claimed or yours or hards)
        if p.kind is PointKind.CALL:
            return t("review.call", call=self._call_word(p.played.kind), tile=claimed or yours)
        if p.kind is PointKind.PASSED_CALL:
            return t("review.passed_call", call=self._call_word(p.better.kind), tile=claimed)
        figures = t("review.figures", ev=number(round(p.played_ev or 0)), better_ev=number(round(p.better_ev or 0)),
                    risk=percent(p.played_risk or 0), better_risk=percent(p.better_risk or 0))
        riichi = p.better.kind is ActionKind.RIICHI and p.played.kind is not ActionKind.RIICHI
        if p.kind is PointKind.DEAL_IN:
            return join(" ", [t("review.deal_in", tile=yours, points=number(p.points), better=hards), figures])
        key = "review.discard_riichi" if riichi else "review.discard"
        return join(" ", [t(key, tile=yours, better=hards), figures])
