"""The Rules screen: every knob in which one profile differs from another, by section.

It reads :func:`game.engine.profile.diff_profiles`, the same list ``rules diff`` prints, so the
screen and the command agree on what differs. A player reads words, never a TOML key: each knob
has a name in the catalogs (``rules.knob.<section>.<knob>``; a Taiwanese tai row or Hong Kong fan
row is named as the win panel names the row) and each word value one too (``rules.value.*``, or the limit, length,
abort, penalty or yaku words the catalogs already hold); tests/test_i18n.py checks every knob of
every shipped rulebook has them.
"""

from __future__ import annotations

import re
from typing import Final

from game.engine.profile import diff_profiles, load_profile, profile_order
from game.engine.rows import HONG_KONG_FAN, Unit
from game.i18n import has, number, t
from game.scene import Node, Panel
from game.ui.fitting import Box, fits

from .new_game import profile_name
from .widgets import (
    CREAM,
    FAINT,
    GOLD,
    MUTED,
    TIGHT,
    Button,
    Choice,
    ListScreen,
    ScrollRows,
    alike,
    label,
    layout_scale,
    text_block,
    text_width,
)

ROW = 30
MOST_SPAN: Final = 3  # the most lines one rule's row takes


def _cell_box(width: int, span: int) -> Box:
    """A cell of a row ``span`` slots high: one line at 17 px (a little smaller before it wraps),
    or as many lines as the slots hold, at 15 px at the least."""
    return Box(width, 17, lines=span, floor=15 if span > 1 else 16, name="rules row", shrink_first=span == 1,
               height=span * ROW - 2, leading=TIGHT)


# The Taiwanese knobs that are a row of the tai table, named as the win panel names the row.
TAI_ROW_KNOBS: Final = {
    "flower_tai": "seat_flower", "flower_kong_tai": "flower_kong", "eight_flowers_win": "all_eight_flowers",
    "seven_rob_one": "seven_flowers_rob_the_eighth", "zimo": "self_draw", "menqing": "concealed_hand",
    "menqing_zimo_bundle": "concealed_self_draw", "duting": "single_wait", "haidi": "last_tile_self_draw",
    "hedi": "last_discard", "gangshang": "win_on_a_replacement_tile", "qianggang": "robbing_a_kong",
    "half_qiuren": "half_exposed_self_drawn", "quan_qiuren": "all_exposed", "tianhu": "heavenly_hand",
    "dihu": "earthly_hand", "renhu": "human_hand", "round_wind": "round_wind", "seat_wind": "seat_wind",
    "dragon_pung": "dragon_pung", "pinghu": "all_chows", "san_anke": "three_concealed_pungs",
    "si_anke": "four_concealed_pungs", "wu_anke": "five_concealed_pungs", "pengpenghu": "all_pungs",
    "hunyise": "half_flush", "qingyise": "full_flush", "ziyise": "all_honours",
    "xiao_sanyuan": "little_three_dragons", "da_sanyuan": "big_three_dragons", "xiao_sixi": "little_four_winds",
    "da_sixi": "big_four_winds", "ligu": "seven_pairs_and_a_pung", "four_kong_win": "four_kongs",
}  # fmt: skip
# Words the catalogs already hold under other names: a value is looked up under these prefixes.
VALUE_WORDS: Final = ("rules.value.", "limit.", "length.", "table.abort.", "table.penalty.", "yaku.")
VALUE_ALIASES: Final = {"daisuushii": "dai_suushii"}  # the pao knob names the yaku its own way


def knob_name(key: str) -> str:
    """A knob as a player reads it: ``claims.window`` -> "Time to claim a discard"; a Taiwanese
    tai row or a Hong Kong fan row by the row's own name ("Concealed hand (門清)")."""
    from game.ui.table.words import row_name  # here: the package loads the table and the engine's flow

    section, knob = key.split(".", 1)
    if section == "tai" and knob in TAI_ROW_KNOBS:
        return row_name(Unit.TAI, TAI_ROW_KNOBS[knob])
    if section == "fan" and knob in HONG_KONG_FAN:  # a Hong Kong fan row: its knob is the row's id
        return row_name(Unit.FAN, knob)
    return t(f"rules.knob.{key}")


def value_word(value: str) -> str | None:
    """A knob's word value in the player's language, or None when no catalog has it."""
    slug = re.sub(r"[^a-z0-9]+", "_", VALUE_ALIASES.get(value, value).lower()).strip("_")
    return next((t(prefix + slug) for prefix in VALUE_WORDS if has(prefix + slug)), None)


def _is_word_list(value: object) -> bool:
    """A list of words (abort kinds, yaku), not of numbers (uma): shown item by item."""
    return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)


def show_value(value: object) -> str:
    """A knob's value as a player reads it: yes or no, a number the language's way, a word."""
    if isinstance(value, bool):
        return t("common.yes") if value else t("common.no")
    if isinstance(value, int | float):
        return t("rules.value.none") if value < 0 else number(value)
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value) and any(v < 0 for v in value):
            return t("common.list_separator").join(number(v, sign=True) for v in value)  # uma
        return t("common.list_separator").join(show_value(v) for v in value) or t("rules.value.none")
    return value_word(str(value)) or str(value)


class RulesScreen(ListScreen):
    ARROWS_SCROLL = True

    def __init__(self, size: tuple[int, int] = (1280, 720), profile_id: str = "riichi", other_id: str = "ema") -> None:
        self.profile_id = profile_id
        self.other_id = other_id
        super().__init__(size)

    def build(self) -> None:
        w, h = self.size
        self.heading(t("rules.title"))
        half = (w - 144 - 48) // 2
        ids = profile_order()
        # the rulebooks' names are long: their values take all the room their labels leave
        names = (t("new_game.profile"), t("rules.compare_with"))
        value_width = max(330, half - max(text_width(n, 19) for n in names) - 60)
        self.add(Choice(names[0], ids, self.profile_id, 72, 124, half, show=profile_name,
                        value_width=value_width, on_change=lambda v: self._pick(v, self.other_id), name="profile"))
        self.add(Choice(names[1], ids, self.other_id, 72 + half + 48, 124, half, show=profile_name,
                        value_width=value_width, on_change=lambda v: self._pick(self.profile_id, v), name="other"))
        diffs = diff_profiles(load_profile(self.profile_id), load_profile(self.other_id))
        self.root.add_child(label(t("rules.differences", count=len(diffs)), 16, MUTED, 76, 194, bold=True))

        table_w = w - 144
        name_w = int(table_w * 0.34)
        value_w = (table_w - name_w) // 2
        top = 214
        self.view_top, self.view_bottom = top + ROW, h - 104
        self.root.add_child(Panel(table_w, self.view_bottom - top + 8, (10, 24, 22, 190), 72 + table_w / 2,
                                  (top + self.view_bottom + 8) / 2, radius=10))
        head = self.root.add_child(Node(72, top + ROW / 2))
        columns = ((t("rules.rule"), 18), (profile_name(self.profile_id), name_w),
                   (profile_name(self.other_id), name_w + value_w))
        boxes = alike([(text, Box(value_w - 24, 16, bold=True, name="rules column")) for text, _ in columns])
        for (text, x), box in zip(columns, boxes, strict=True):
            head.add_child(text_block(text, box, GOLD, x, 0))
        self.rows: list[Node] = []
        spans: list[int] = []
        headings: list[int] = []
        section = ""
        for key, a, b in diffs:
            sec, _knob = key.split(".", 1)
            if sec != section:
                section = sec
                row = Node(72, 0, name=f"section {sec}")
                row.add_child(label(t(f"rules.section.{sec}").upper(), 14, MUTED, 18, 0, bold=True))
                headings.append(len(self.rows))
                self.rows.append(row)
                spans.append(1)
            cells = [(f"rule:{key}", (knob_name(key), show_value(a), show_value(b)))]
            if _is_word_list(a) and _is_word_list(b):  # one row per item, as a list of yes and no
                items = list(dict.fromkeys([*a, *b]))  # type: ignore[misc]
                cells = [(f"rule:{key}", (knob_name(key), "", ""))] + [
                    (f"rule:{key}:{item}",
                     ("  " + show_value(item), show_value(item in a), show_value(item in b)))  # type: ignore[operator]
                    for item in items]
            for name, words in cells:
                row, span = self._row(words, name_w, value_w, name)
                self.rows.append(row)
                spans.append(span)
        if not diffs:
            self.root.add_child(label(t("rules.same"), 18, MUTED, w / 2, (top + self.view_bottom) / 2,
                                      align="center"))
        self.keep_list(ScrollRows(self.root, self.rows, self.view_top, self.view_bottom, ROW, 72 + table_w - 10, spans,
                                  headings))
        self.add(Button(t("common.back"), 72, h - 84, 220, 56, center=True, on_activate=self.back, name="back"))
        self.root.add_child(label(t("rules.scroll_hint"), 14, FAINT, w - 72, h - 56, align="right"))

    @staticmethod
    def _row(words: tuple[str, str, str], name_w: int, value_w: int, name: str) -> tuple[Node, int]:
        """A rule and its value in each rulebook, and the slots the row takes: one line each where
        all fit at a reading size, else the row grows a line at a time (never set below 14 px:
        "pung or kong until the next draw, Mah-Jong until the next discard" was set at 11 px on one
        line of a 1280x720 window)."""
        widths = (name_w - 34 - 12, value_w - 24, value_w - 24)
        scale = layout_scale()
        span = next((n for n in range(1, MOST_SPAN) if all(
            fits(text, _cell_box(width, n), scale) for text, width in zip(words, widths, strict=True))), MOST_SPAN)
        row = Node(72, 0, name=name)
        for text, x, width in zip(words, (34, name_w, name_w + value_w), widths, strict=True):
            row.add_child(text_block(text, _cell_box(width, span), CREAM, x, 0))
        return row, span

    def _pick(self, profile_id: str, other_id: str) -> None:
        self.profile_id, self.other_id = profile_id, other_id
        self.offset = 0
        self.layout()
