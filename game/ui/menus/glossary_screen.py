"""Words at the table: each term the table, the hints and the review use, said in plain words.

A new player read "Discard [3m]: 2-shanten, 8 useful tiles" and "Fold: [4p] is suji against
Kenji's riichi" with nothing to say what shanten or suji are. This screen names every such term as
the table names it (the player's "Terms" setting: "tenpai" or "ready", "pon" or "pung") and says
what it means, for one rulebook at a time: only the terms that rulebook has (no riichi or dora at
a Taiwanese table, no tai at a riichi one), read off the rulebook's own knobs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from game.engine.profile import RuleProfile, load_profile, profile_order
from game.engine.rows import Unit
from game.i18n import number, t
from game.persist.settings import RULEBOOK_TERMS
from game.scene import Node, Panel
from game.ui.fitting import Box, fits
from game.ui.table.words import Terms, terms_for

from .new_game import profile_name
from .widgets import (
    CREAM,
    FAINT,
    GOLD,
    TIGHT,
    Button,
    Choice,
    ListScreen,
    ScrollRows,
    label,
    layout_scale,
    text_block,
)

ROW = 30
MOST_SPAN: Final = 4  # the most lines one term's explanation takes


@dataclass(frozen=True)
class Term:
    """One entry: its id (``glossary.<id>.name`` and ``glossary.<id>.text`` in the catalogs, unless
    the table's terms name it), whether a rulebook has it, and its name at a table of ``Terms``."""

    id: str
    applies: Callable[[RuleProfile], bool]
    name: Callable[[Terms], str] | None = None  # None: ``glossary.<id>.name``


def _always(_: RuleProfile) -> bool:
    return True


def _riichi(p: RuleProfile) -> bool:
    return p.riichi.enabled


TERMS: Final = (
    Term("tiles", _always),
    Term("winning_hand", _always),
    Term("seven_pairs", lambda p: p.win.chiitoitsu),
    Term("tenpai", _always, lambda w: w.tenpai),
    Term("shanten", _always, lambda w: w.shanten(2)),
    Term("useful", _always),
    Term("chi", _always, lambda w: w.chi),
    Term("pon", _always, lambda w: w.pon),
    Term("kan", _always, lambda w: w.kan),
    Term("ron", _always, lambda w: w.ron),
    Term("tsumo", _always, lambda w: w.tsumo),
    Term("dealer", _always),
    Term("riichi", _riichi, lambda w: w.riichi),
    Term("yaku", lambda p: p.unit is Unit.HAN),
    Term("han_and_fu", lambda p: p.unit is Unit.HAN),
    Term("tai", lambda p: p.unit is Unit.TAI),
    Term("fan", lambda p: p.unit is Unit.FAN),
    Term("dora", lambda p: p.wall.max_dora_indicators > 0),
    Term("furiten", lambda p: p.furiten.permanent),
    Term("safe", _riichi),
    Term("suji", _riichi),
    Term("flowers", lambda p: p.tiles.flowers > 0),
    Term("dead_wall", lambda p: p.wall.dead_wall_mode != "replenished_hill"),
    Term("hill", lambda p: p.wall.dead_wall_mode == "replenished_hill"),
)


def entries(profile: RuleProfile, terms: Terms) -> list[tuple[str, str, str]]:
    """The rulebook's terms: each one's id, its name as the table says it, its meaning in plain words."""
    words = {"tenpai": terms.tenpai, "ron": terms.ron, "tsumo": terms.tsumo, "riichi": terms.riichi,
             "chi": terms.chi, "pon": terms.pon, "kan": terms.kan, "shanten": terms.shanten(2),
             "min_fan": number(profile.fan.min_fan), "base": number(profile.tai.base),
             "per": number(profile.tai.tai_value), "dead": number(profile.wall.dead_wall_size),
             "count": profile.win.sets, "tiles": number(3 * profile.win.sets + 2)}  # count: the sets
    return [(term.id, term.name(terms) if term.name else t(f"glossary.{term.id}.name"), t(f"glossary.{term.id}.text", **words))
            for term in TERMS if term.applies(profile)]


def _cell_box(width: int, span: int, *, bold: bool = False) -> Box:
    """One size for every row (a row set smaller to keep one line read as a different kind of
    entry): a long explanation takes another line instead."""
    return Box(width, 17, lines=span, floor=17, bold=bold, name="glossary row", height=span * ROW - 2, leading=TIGHT)


def headword(name: str) -> str:
    """A term as the head of its entry: "Tenpai", though a sentence says "tenpai"."""
    return name[:1].upper() + name[1:]


class GlossaryScreen(ListScreen):
    ARROWS_SCROLL = True

    def __init__(self, size: tuple[int, int] = (1280, 720), profile_id: str = "riichi",
                 terminology: str = RULEBOOK_TERMS) -> None:
        self.profile_id = profile_id
        self.terminology = terminology
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("glossary.title"))
        half = (w - 144 - 48) // 2
        self.add(Choice(t("new_game.profile"), profile_order(), self.profile_id, 72, 124, half, show=profile_name,
                        value_width=max(330, half - 200), on_change=self._pick, name="profile"))
        table_w = w - 144
        name_w = int(table_w * 0.26)
        top = 190
        self.view_top, self.view_bottom = top + 8, h - 104
        self.root.add_child(Panel(table_w, self.view_bottom - top + 8, (10, 24, 22, 190), 72 + table_w / 2,
                                  (top + self.view_bottom + 8) / 2, radius=10))
        profile = load_profile(self.profile_id)
        rows: list[Node] = []
        spans: list[int] = []
        scale = layout_scale()
        text_w = table_w - name_w - 34
        for term_id, name, text in (entries(profile, terms_for(self.terminology, self.profile_id))):
            span = next((n for n in range(1, MOST_SPAN) if fits(text, _cell_box(text_w, n), scale)
                         and fits(headword(name), _cell_box(name_w - 40, n, bold=True), scale)), MOST_SPAN)
            row = Node(72, 0, name=f"term:{term_id}")
            row.add_child(text_block(headword(name), _cell_box(name_w - 40, span, bold=True), GOLD, 22, 0))
            row.add_child(text_block(text, _cell_box(text_w, span), CREAM, name_w, 0))
            rows.append(row)
            spans.append(span)
        self.rows = rows
        self.keep_list(ScrollRows(self.root, rows, self.view_top, self.view_bottom, ROW, 72 + table_w - 10, spans))
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("rules.scroll_hint"), 14, FAINT, w - 72, h - 56, align="right"))

    def _pick(self, profile_id: str) -> None:
        self.profile_id = profile_id
        self.offset = 0
        self.layout()


__all__ = ["GlossaryScreen", "TERMS", "Term", "entries"]
