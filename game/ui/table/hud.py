"""The words and numbers over the table: centre panel, seat plates, dora panel, caption, callouts,
the result overlay and the claim bar.

Why apart from the presenter: these are read, not moved tile by tile, and they are rebuilt from a
handful of numbers (round, honba, sticks, tiles left, scores), so both the event-driven path and
``sync_to`` set them through the same few setters. Every label is a ``Text`` node, rendered only
when its string changes; a sentence that names tiles is a :class:`TileLine` (the tiles drawn as
tiles, wrapped, never cut). The strings are catalog messages, so after a language switch
:meth:`Hud.retranslate` writes every one of them again and lays out what their widths decide.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import pygame

from game.engine.tiles import tile_name
from game.i18n import again, fresh, join, number, t
from game.scene import Call, Delay, Node, Panel, Sprite, Text, Tween
from game.scene import Sequence as Seq
from game.scene.actions import Action
from game.ui.fitting import wrap_items
from game.ui.relabel import retranslate_tree
from game.ui.tile_art import tile_art
from game.ui.typeset import UIFont

from . import pieces
from .layers import CachedLayer
from .layout import READABLE_WIDTH, TableLayout, side_of
from .tile_line import TileLine
from .words import Terms, table_terms

WIND_TILE: Final = (108, 112, 116, 120)  # a tile id of each wind, for the little wind badges
CHOICE_COLOURS: Final = {
    "ron": (236, 176, 60),
    "tsumo": (236, 176, 60),
    "pon": (48, 92, 160),
    "kan": (120, 72, 150),
    "chi": (40, 118, 92),
    "riichi": (196, 64, 56),
    "pass": (58, 64, 70),
    "kyuushu": (90, 96, 100),
}


KEYS_TAG: Final = "key help"  # the rows of the table's key help (laid out again after a language switch)
FOCUS_RING: Final = (250, 236, 200)  # the keyboard's focus on a claim button (hover has none)


def wind_name(wind: int) -> str:
    """East, South, West, North in the current language."""
    return t(f"wind.{wind}")


@dataclass(frozen=True)
class Choice:
    """One button of the claim bar: the verb, the tiles it uses, and its key."""

    verb: str
    detail: str
    key: str


class Hud:
    """The panels and labels: ``under`` is drawn below the tiles, ``over`` above them."""

    def __init__(self, layout: TableLayout, human: int, names: Sequence[str], roles: Sequence[str],
                 terms: Terms | None = None, *, net: bool = False, sticks: bool = True,
                 counters: bool = True) -> None:
        """``roles``: each plate's second line before the seat wind is known (``AI · Normal``;
        empty for the human, whose plate then names only the seat); ``net``: the scores count
        from 0, the points won or lost since the start (Taiwanese, Hong Kong), so the centre
        panel says so and each score carries its sign; ``sticks``: riichi sticks exist (a riichi
        rulebook); ``counters``: the dealer's continuations pay (honba, 連莊), so their count shows."""
        self.layout = layout
        self.terms = terms if terms is not None else table_terms()
        self.human = human
        self.names = list(names)
        self.roles = list(roles)
        self.net = net
        self.sticks = sticks
        self.counters = counters
        self.line_art = tile_art(max(READABLE_WIDTH, round(22 * layout.unit)), layout.river_art.style,
                                 layout.river_art.red_fives)  # tiles in words: read, so never under 28 px high
        self.seat_in_role = True  # a plate's second line names the seat's wind (not when its name is the wind)
        self._result: tuple[str, tuple[int, ...], tuple[tuple[str, str], ...], str, tuple[int, ...]] | None = None
        self._winds: list[int | None] = [None] * 4  # each seat's wind, once the first dealer is known
        self.under = Node(name="hud under the tiles")  # centre panel, plates, dora panel
        # the caption sits between the tiles at rest and the tiles in flight (a block of the deal
        # passes over the narration, as a tile in the hand would over a card on the table)
        self.narration = Node(name="narration")
        self.over = Node(name="hud over the tiles")  # callouts, result, claim bar
        self._river_rest: pygame.Rect | None = None  # the human's river at rest (the caption keeps off it)
        lay = self.layout
        side = round(lay.centre_panel_size() + 4)
        area = pygame.Rect(0, 0, side, side)
        area.center = (round(lay.cx), round(lay.cy))
        self.centre_group = self.under.add_child(Node(name="centre panel"))
        self._centre_back = self.centre_group.add_child(CachedLayer(area, watched=True, name="centre back"))
        self._build()

    # --- building --------------------------------------------------------------------------

    def _build(self) -> None:
        lay, u = self.layout, self.layout.unit
        w, h = lay.size
        cx, cy = lay.cx, lay.cy
        p = lay.centre_panel_size()
        self.centre = self._centre_back.add_child(Panel(round(p), round(p), (14, 30, 30, 236), cx, cy, radius=round(14 * u),
                                                border_color=(60, 96, 88), border_width=1))
        self.round_text = self.centre_group.add_child(Text("", pieces.font(round(22 * u), True), pieces.INK, cx, cy - p * 0.17))
        self.left_big = self.centre_group.add_child(Text("", pieces.font(round(34 * u), True), pieces.INK, cx, cy + p * 0.06))
        self.left_small = self.centre_group.add_child(Text(t("table.tiles_left"), pieces.font(round(13 * u)), pieces.DIM, cx, cy + p * 0.16))
        stick = pieces.stick(round(26 * u))
        honba = pieces.stick(round(26 * u), thousand=False)
        sticks_group = self.centre_group.add_child(Node(name="sticks", visible=self.sticks))
        counters_group = self.centre_group.add_child(Node(name="counters", visible=self.counters))
        sticks_group.add_child(Sprite(stick, cx - p * 0.16, cy - p * 0.05))
        counters_group.add_child(Sprite(honba, cx + p * 0.1, cy - p * 0.05))
        self.sticks_text = sticks_group.add_child(Text("×0", pieces.font(round(13 * u)), pieces.INK, cx - p * 0.16 + 24 * u,
                                                    cy - p * 0.05))
        self.honba_text = counters_group.add_child(Text("×0", pieces.font(round(13 * u)), pieces.INK, cx + p * 0.1 + 24 * u,
                                                   cy - p * 0.05))
        offsets = ((0, 0.36), (0.33, 0.0), (0, -0.36), (-0.33, 0.0))
        self.scores: list[Text] = []
        self.winds: list[Sprite] = []
        self.turn_bars: list[Panel] = []
        self.dealer_marks: list[Text] = []
        score_font = pieces.font(round(16 * u), True)
        for seat in range(4):
            ox, oy = offsets[side_of(seat, self.human)]
            x, y = cx + ox * p, cy + oy * p
            vertical = ox != 0
            badge = self.centre_group.add_child(Sprite(None, x - (0 if vertical else 44 * u), y - (16 * u if vertical else 0)))
            score = self.centre_group.add_child(Text("", score_font, pieces.INK, x + (0 if vertical else 14 * u),
                                             y + (10 * u if vertical else 0)))
            bar = self.centre_group.add_child(Panel(round(58 * u), max(2, round(3 * u)), pieces.GOLD, x + (0 if vertical else 8 * u),
                                            y + (24 * u if vertical else 15 * u), radius=2, visible=False))
            # the side seats' marks keep to the panel's edge, clear of "tiles left" in the middle
            mark_x, mark_anchor = x + 8 * u, (0.5, 0.5)
            if vertical:
                mark_x, mark_anchor = (cx + p / 2 - 6 * u, (1.0, 0.5)) if ox > 0 else (cx - p / 2 + 6 * u, (0.0, 0.5))
            mark = self.centre_group.add_child(Text(t("table.dealer"), self._dealer_font(t("table.dealer")), pieces.RED,
                                                    mark_x, y + (35 * u if vertical else 26 * u), anchor=mark_anchor,
                                                    visible=False))
            self.scores.append(score)
            self.winds.append(badge)
            self.turn_bars.append(bar)
            self.dealer_marks.append(mark)
        if self.net:  # scores from 0: say what they count
            self.centre_group.add_child(Text(t("table.scores_net"), pieces.font(round(12 * u)), pieces.DIM,
                                             cx, cy + p * 0.25, name="scores caption"))
        self._build_plates(w, h, u)
        self._build_dora(u)
        self._build_waits(u)
        self._build_caption(w, h, u)
        self.callouts = self.over.add_child(Node(name="callouts"))
        self.overlay = self.over.add_child(Node(name="overlay", visible=False))
        self.bar = self.over.add_child(Node(name="claim bar", visible=False))
        self.preview_box = self.over.add_child(Panel(10, round(26 * u), (14, 30, 32, 255), anchor=(1.0, 1.0),
                                                     radius=round(8 * u), border_color=(80, 110, 100),
                                                     border_width=1, visible=False))
        self.preview_text = self.preview_box.add_child(Text("", pieces.font(round(14 * u), True), pieces.GOLD,
                                                            anchor=(1.0, 0.5)))
        self._bar_top_right = (0.0, 0.0)
        self._bar_left = 0.0
        self.choices: list[Choice] = []
        self._countdown: tuple[Text, Panel, float] | None = None

    def _build_caption(self, w: int, h: int, u: float) -> None:
        """The narration over the human's side, centred in the room the left column of the
        player's notes leaves (plate, waits, what they lack, the hint): a long sentence wraps there
        instead of running over them (seen: ru "После объявления взятого тайла нет: ..." across the
        Taiwanese plate, fr and ru across the waits' note in Riichi)."""
        lay = self.layout
        x, _ = lay.plate_centre(0)
        pw, _ = lay.plate_size()
        notes_right = x - pw / 2 + max(pw, self._note_width, self._hint_width) + 14 * u
        self._caption_bottom = h - lay.margin - lay.hand_art.height - 18 * u
        self._caption_pad = round(24 * u)
        self._caption_width = round(max(300 * u, w - 2 * notes_right) - 2 * self._caption_pad)
        self._notes_right = min(notes_right, (w - self._caption_width) / 2 - self._caption_pad)
        self._beside_top = lay.river_area(1).bottom  # the right seat's river: room beside ours ends there
        self.caption_panel = self.narration.add_child(Panel(round(700 * u), round(44 * u), (12, 26, 26, 255), w / 2,
                                                            self._caption_bottom - 22 * u, radius=round(22 * u),
                                                            border_color=(150, 130, 70), border_width=1,
                                                            visible=False, name="caption"))
        self.caption_text = self.caption_panel.add_child(
            TileLine("", self.line_art, pieces.font(round(20 * u), True), pieces.INK, align="center",
                     width=self._caption_width, name="caption text"))

    def _build_waits(self, u: float) -> None:
        """The human's waits (when tenpai) and furiten just above the name plate, the hint in a
        box above them (growing upward as it wraps), and each AI seat's reason under its plate."""
        lay = self.layout
        x, y = lay.plate_centre(0)
        pw, ph = lay.plate_size()
        left = x - pw / 2
        # the hint box and the waits note stay left of the left seat's column, whatever the window
        column = lay.cx - lay.side_hand_row - (lay.river_art.height + lay.river_art.depth) / 2
        beside = column - left - 14 * u
        note_width = self._note_width = round(max(200 * u, min(beside, pw * 1.6)))
        self._hint_width = round(max(200 * u, min(beside, 420 * u)))
        # they stand on the plate, and above the hand (a tile raised by the cursor included) where
        # the hand reaches under them: Hong Kong's 18-stack wall starts a 13-tile hand further left
        # than Riichi's, and the hint box covered its first tile at 1280x720
        self._waits_bottom = y - ph / 2 - 6 * u
        ha = lay.hand_art
        hand_left = lay.cx + lay.human_hand_left
        if left + max(note_width, self._hint_width) + 6 * u > hand_left:
            hand_top = lay.cy + lay.bottom_hand_row - (ha.height + ha.depth) / 2 - pieces.LIFT * u
            self._waits_bottom = min(self._waits_bottom, hand_top - 6 * u)
        self.waits_text = self.under.add_child(TileLine("", self.line_art, pieces.font(round(14 * u), True),
                                                        pieces.GOLD, left, self._waits_bottom, anchor=(0.0, 1.0),
                                                        visible=False, name="waits"))
        # what the waits lack to win (no yaku...), wrapped above them in the warning colour
        self.waits_note = self.under.add_child(TileLine("", self.line_art, pieces.font(round(14 * u), True),
                                                        pieces.AMBER, left, self._waits_bottom, anchor=(0.0, 1.0),
                                                        width=note_width, visible=False,
                                                        name="waits note"))
        self.key_lines: list[str] = []  # the key help's lines, as the screen gave them (show_keys)
        self.hint_box = self.over.add_child(Panel(10, 10, (12, 28, 30, 255), left, 0, anchor=(0.0, 1.0),
                                                  radius=round(8 * u), border_color=(110, 150, 190), border_width=1,
                                                  visible=False, name="hint box"))
        self.hint_text = self.hint_box.add_child(TileLine("", self.line_art, pieces.font(round(14 * u)), pieces.INK,
                                                          width=self._hint_width - round(20 * u), anchor=(0.0, 0.0),
                                                          name="hint"))
        self.reason_texts: list[TileLine] = []
        for seat in range(4):
            side = side_of(seat, self.human)
            px, py = lay.plate_centre(side)
            below = py + ph / 2 + 6 * u
            right = px > lay.cx  # right-hand plates keep their words on screen: aligned right
            # as wide as the room beside a side seat's column (the top seat's: under its plate)
            reach = round(max(pw, min(250 * u, lay.column_outer - 8 * u - (px - pw / 2)) if side in (1, 3)
                              else 250 * u))
            self.reason_texts.append(self.under.add_child(
                TileLine("", self.line_art, pieces.font(round(13 * u)), pieces.DIM, px + pw / 2 if right else px - pw / 2,
                         below, width=reach, align="right" if right else "left", anchor=(1.0 if right else 0.0, 0.0),
                         visible=False, name="reason")))

    def set_waits(self, waits: str, furiten: bool, note: str = "") -> None:
        """``waits``: the tiles as :class:`TileWords` (empty: not tenpai, nothing shown);
        ``note``: what they lack to win (the engine's reading of them), shown above them."""
        self.waits_text.visible = bool(waits)
        if waits:
            self.waits_text.say(t("table.waits_furiten" if furiten else "table.waits", waits=waits))
            self.waits_text.color = pieces.RED if furiten else pieces.GOLD
        self.waits_note.say(note if waits else "")
        self.waits_note.visible = bool(waits and note)
        self._place_waits_note()
        self._place_hint()

    def _place_waits_note(self) -> None:
        if self.waits_note.visible:
            self.waits_note.y = self._waits_bottom - self.waits_text.size_px()[1] - 4 * self.layout.unit

    def set_reason(self, seat: int, reason: str, shown: bool) -> None:
        """What an AI seat said about its last decision (the explain toggle), wrapped, whole."""
        text = self.reason_texts[seat]
        text.say(reason)
        text.visible = shown and bool(reason)

    def set_hint(self, hint: str) -> None:
        """The coach's suggestion for the human (the hint toggle), whole; empty hides it."""
        self.hint_text.say(hint)
        self.hint_box.visible = bool(hint)
        self._place_hint()

    def _place_hint(self) -> None:
        if not self.hint_box.visible:
            return
        u = self.layout.unit
        w, h = self.hint_text.size_px()
        pad = round(10 * u)
        self.hint_box.width, self.hint_box.height = w + 2 * pad, h + 2 * pad
        above = self.waits_text.size_px()[1] + 6 * u if self.waits_text.visible else 0.0
        if self.waits_note.visible:
            above += self.waits_note.size_px()[1] + 4 * u
        self.hint_box.y = self._waits_bottom - above
        self.hint_text.x, self.hint_text.y = pad, pad - self.hint_box.height

    def _cached(self, x: float, y: float, width: int, height: int) -> CachedLayer:
        """A still panel drawn from one converted picture (panels and labels render unconverted,
        and blitting those every frame costs ten times more)."""
        area = pygame.Rect(0, 0, width + 4, height + 4)
        area.center = (round(x), round(y))
        return self.under.add_child(CachedLayer(area, watched=True))

    def _build_plates(self, w: int, h: int, u: float) -> None:
        lay = self.layout
        plate_w, plate_h = lay.plate_size()
        avatars = ((92, 160, 120), (200, 140, 80), (150, 110, 190), (90, 120, 200))
        self.plates: list[Panel] = []
        self.riichi_badges: list[Panel] = []
        for seat in range(4):
            side = side_of(seat, self.human)
            x, y = lay.plate_centre(side)
            plate = self._cached(x, y, plate_w, plate_h).add_child(Panel(plate_w, plate_h, (14, 30, 32, 230), x, y, radius=round(8 * u),
                                              border_color=(60, 90, 86), border_width=1))
            left = -plate_w / 2
            plate.add_child(Panel(round(26 * u), round(26 * u), avatars[side], left + 22 * u, 0, radius=round(13 * u)))
            plate.add_child(Text(_initial(self.names[seat]), pieces.font(round(14 * u), True), (255, 255, 255),
                                 left + 22 * u, 0, name="initial"))
            plate.add_child(Text(self.names[seat], pieces.font(round(15 * u), True), pieces.INK, left + 42 * u, -8 * u,
                                 anchor=(0.0, 0.5), name="name"))
            role = plate.add_child(Text(self.roles[seat], pieces.font(round(12 * u)), pieces.DIM, left + 42 * u, 10 * u,
                                        anchor=(0.0, 0.5)))
            role.name = "role"
            badge = plate.add_child(Panel(10, round(16 * u), pieces.RED, 0, -8 * u, radius=round(8 * u), visible=False))
            badge.add_child(Text(self.terms.riichi_badge, pieces.font(round(11 * u), True), (255, 255, 255)))
            self._fit_badge(badge)
            self.plates.append(plate)
            self.riichi_badges.append(badge)
        self._fit_plates()

    def _role_words(self, seat: int) -> str:
        """A plate's second line: the role and the seat's wind (only the wind for the human, only
        the role where the name is the wind already)."""
        role, wind = self.roles[seat], self._winds[seat]
        if not self.seat_in_role or wind is None:  # before the dice choose the dealer: no wind yet
            return role
        seat_words = t("table.seat_wind", wind=wind_name(wind))  # one wording for every plate, the player's too
        return t("table.role_seat", role=role, seat=seat_words) if role else seat_words

    def _fit_plates(self) -> None:
        """Every plate's name and second line in the largest size that keeps them on the plate (a
        long level name or language never runs past its edge). Where one AI plate's line is too long
        even small ("ИИ · Средний · Место: Восток"), every AI plate drops the label before anything
        is cut ("ИИ · Средний · Восток"): the four plates read alike. The choice holds for the whole
        match: it is made for every wind a seat may get (seen: "ИИ · Средний · Юг" in East 1, "ИИ ·
        Средний · Место: Запад" in East 4, the winds having moved round)."""
        short = not self._long_roles_fit()
        if not all([self._fit_plate(seat, short=short) for seat in range(4)]) and not short:
            for seat in range(4):
                self._fit_plate(seat, short=True)

    def _long_roles_fit(self) -> bool:
        """Whether each AI plate's long second line fits at the smallest size whatever wind its
        seat gets this match."""
        if not self.seat_in_role:
            return True
        u = self.layout.unit
        room = self.layout.plate_size()[0] - 42 * u - 8 * u
        smallest = pieces.font(round(10 * u), False)
        return all(smallest.width(t("table.role_seat", role=role, seat=t("table.seat_wind", wind=wind_name(wind)))) <= room
                   for role in self.roles if role for wind in range(4))

    def _fit_plate(self, seat: int, *, short: bool) -> bool:
        """One plate fitted; False when its second line did not fit in full."""
        role = self._role_words(seat)
        wind = self._winds[seat]
        has_short = bool(self.roles[seat]) and self.seat_in_role and wind is not None
        if short and has_short and wind is not None:
            role = t("table.role_seat", role=self.roles[seat], seat=wind_name(wind))
        fitted = True
        for node in self.plates[seat].children:
            if isinstance(node, Text) and node.name == "name":
                self._fit(node, self.names[seat], (15, 14, 13, 12), bold=True)
                node.y = -8 * self.layout.unit if role else 0.0  # alone, the name sits in the middle
            elif isinstance(node, Text) and node.name == "role":
                fitted = self._fit(node, role, (12, 11, 10), bold=False, cut=short or not has_short)
        return fitted or not has_short

    def _fit(self, text: Text, words: str, sizes: tuple[int, ...], *, bold: bool, cut: bool = True) -> bool:
        """``words`` in the largest of ``sizes`` that fits the plate; False when none does (then
        shortened with an ellipsis, unless ``cut`` is False)."""
        u = self.layout.unit
        room = self.layout.plate_size()[0] - 42 * u - 8 * u
        text.text = words
        for size in sizes:
            text.font = pieces.font(round(size * u), bold)
            if text.content_size()[0] <= room:
                return True
        if cut:
            text.text = _shortened(words, text.font, room)
        return False

    def _fit_badge(self, badge: Panel) -> None:
        """The riichi badge as wide as its word, in any language, at the plate's right end."""
        u = self.layout.unit
        word = badge.children[0]
        badge_w = max(46 * u, word.content_size()[0] + 12 * u)
        badge.width = round(badge_w)
        badge.x = self.layout.plate_size()[0] / 2 - 7 * u - badge_w / 2

    def _build_dora(self, u: float) -> None:
        lay = self.layout
        ra = lay.river_art
        width = round(5 * (ra.width + 4 * u) + 24 * u)
        height = lay.dora_height or round(ra.height + 34 * u)
        self.dora_panel = self._cached(16 * u + width / 2, lay.margin + height / 2, width, height).add_child(
            Panel(width, height, (14, 30, 32, 230), 16 * u + width / 2,
                                                    lay.margin + height / 2, radius=round(8 * u),
                                                    border_color=(60, 90, 86), border_width=1))
        self.dora_panel.add_child(Text(t("table.dora_indicator"), pieces.font(round(10 * u), True), pieces.DIM, -width / 2 + 12 * u,
                                       -height / 2 + 12 * u, anchor=(0.0, 0.5)))
        self.dora_tiles: list[Sprite] = []
        for k in range(5):
            x = -width / 2 + 12 * u + ra.width / 2 + k * (ra.width + 4 * u)
            self.dora_tiles.append(self.dora_panel.add_child(Sprite(ra.back(), x, 8 * u)))

    # --- the language --------------------------------------------------------------------------

    def retranslate(self, names: Sequence[str], roles: Sequence[str], terms: Terms) -> None:
        """The player switched language: every word over the table written again now, and what
        a word's width decides laid out again (badges, the caption, the hint box, a result)."""
        self.names, self.roles, self.terms = list(names), list(roles), terms
        retranslate_tree(self.under)
        retranslate_tree(self.narration)
        retranslate_tree(self.over)
        for badge in self.riichi_badges:
            self._fit_badge(badge)
        self._fit_plates()
        self.caption(self.caption_text.text)
        if self.key_lines:  # rows as long as the new words want (a key line wraps between its items)
            self.show_keys([again(line) for line in self.key_lines])
        self._place_hint()
        if self._result is not None and self.overlay.visible:
            title, tiles, lines, footer, deltas = self._result
            self.show_result(again(title), tiles, [(again(a), again(b)) for a, b in lines], again(footer), deltas)
        self.set_preview("")

    # --- setters -----------------------------------------------------------------------------

    def set_round(self, round_wind: int, hand_number: int, honba: int, sticks: int, dealer: int) -> None:
        self.round_text.text = t("results.hand", wind=wind_name(round_wind % 4), number=hand_number + 1)
        self.honba_text.text = f"×{honba}"
        self.sticks_text.text = f"×{sticks}"
        ba = self.layout.badge_art
        for seat in range(4):
            wind = self._winds[seat] = (seat - dealer) % 4
            self.winds[seat].image = ba.face(WIND_TILE[wind])
            mark = self.dealer_marks[seat]
            mark.visible = seat == dealer
            mark.font = self._dealer_font(mark.text)  # its language may have changed since
        self._fit_plates()

    def _dealer_font(self, word: str) -> Any:
        """The dealer's mark: "DEALER" in small capitals, a one-character mark (莊, 親) larger (seen:
        莊 at 11 px, hard to read at all)."""
        return pieces.font(round((15 if len(word) <= 2 else 11) * self.layout.unit), True)

    def set_sticks(self, sticks: int) -> None:
        self.sticks_text.text = f"×{sticks}"

    def set_scores(self, scores: Sequence[int]) -> None:
        for seat in range(4):
            self.scores[seat].text = number(scores[seat], sign=self.net)
            self.scores[seat].color = pieces.GOLD if seat == self.human else pieces.INK

    def set_tiles_left(self, n: int) -> None:
        self.left_big.text = str(max(0, n))

    def set_turn(self, seat: int | None) -> None:
        for s in range(4):
            self.turn_bars[s].visible = s == seat

    def set_riichi(self, seat: int, on: bool) -> None:
        self.riichi_badges[seat].visible = on

    def set_dora(self, indicators: Sequence[int]) -> None:
        ra = self.layout.river_art
        for k, sprite in enumerate(self.dora_tiles):
            sprite.image = ra.face(indicators[k]) if k < len(indicators) else ra.back()

    def show_centre(self, shown: bool) -> None:
        """The centre panel steps aside while the dice roll and the break is counted."""
        self.centre_group.visible = shown

    def show_dora_panel(self, shown: bool) -> None:
        self.dora_panel.visible = shown

    def show_keys(self, lines: Sequence[str]) -> None:
        """The table's keys, faint, in the top-left corner under the dora panel (only the tables
        the menus open, where Esc pauses): clear of the claim bar and of every seat's tiles."""
        for old in self.under.find_all(KEYS_TAG):
            old.remove()
        self.key_lines = list(lines)
        lay, u = self.layout, self.layout.unit
        y = lay.margin + self.dora_panel.height + 10 * u
        font = pieces.font(round(13 * u))
        # the left seat's column reaches this high at its fullest (a 16-tile hand, kans: squeezed
        # to ``room``); a line of help that would run into it wraps to the room left of the column
        left = min((1, 3), key=lambda side: lay.hand_area(side).centerx)
        ra = lay.river_art
        room = 2 * min(lay.bottom_hand_row - (lay.hand_art.height + lay.hand_art.depth) / 2,
                       lay.top_hand_row - (ra.height + ra.depth) / 2) - ra.width - 8 * u
        span = min(room, lay.hand_extent(left, lay.held, True) + lay.flowers_width(lay.flowers, left))
        column_top = lay.cy - span / 2
        beside = lay.hand_area(left).left - 8 * u  # (the band has room for a lifted tile already)
        for line in lines:
            w, h = font.size(line)
            # a line that would run into the column breaks between its items (a key stays with
            # its meaning), each row under the one before
            rows = wrap_items(line, t("common.separator"), font, beside - 16 * u) \
                if y + h > column_top and 16 * u + w > beside else [line]
            for row in rows:
                text = self.under.add_child(Text(row, font, pieces.DIM, 16 * u, y, anchor=(0.0, 0.0), name="keys"))
                text.tag = KEYS_TAG
                y += text.content_size()[1] + 3 * u

    def caption(self, text: str) -> None:
        text = fresh(text)  # a caption made before a language switch, shown after it
        self.caption_text.say(text)
        self.caption_panel.visible = bool(text)
        self._place_caption()

    def keep_caption_off(self, river: pygame.Rect | None) -> None:
        """Where the human's river lies at rest (None: no discard yet): a caption shown mid-hand
        moves off it (seen: a notice of two lines over the second and third rows, fr and ru)."""
        if river != self._river_rest:
            self._river_rest = river
            self._place_caption()

    def _place_caption(self) -> None:
        """The panel fits the words, its foot kept where one line stands (more lines grow up),
        centred between the player's notes and their mirror. Over the human's river (mid-hand) it
        goes to the room right of the river, above the hand, wrapped to that room, if that room
        holds it below the right seat's river; beside the claim bar it keeps left of the bar."""
        panel, text = self.caption_panel, self.caption_text
        if not panel.visible:
            return
        lay, u = self.layout, self.layout.unit
        w, _ = lay.size
        pad = self._caption_pad

        def fit(width: float, left: float, right: float) -> pygame.Rect:
            """The panel laid out for ``width`` px of words, as near the middle of left..right
            as it goes, kept inside them."""
            text.width = round(width)
            tw, th = text.size_px()
            panel.width = tw + 2 * pad
            panel.height = max(round(44 * u), th + round(16 * u))
            panel.x = min(max((left + right) / 2, left + panel.width / 2), right - panel.width / 2)
            panel.y = self._caption_bottom - panel.height / 2
            box = pygame.Rect(0, 0, panel.width, panel.height)
            box.center = (round(panel.x), round(panel.y))
            return box

        notes, mirror = self._notes_right, w - self._notes_right
        if self.bar.visible:  # a claim lasts seconds: left of the bar, over the river if need be
            fit(max(200 * u, min(self._caption_width, self._bar_left - 14 * u - notes - 2 * pad)), notes,
                self._bar_left - 14 * u)
            return
        box = fit(self._caption_width, notes, mirror)
        river = self._river_rest
        if river is None or not box.colliderect(river):
            return
        left, right = river.right + 14 * u, w - 16 * u  # the right seat's tiles there are backs
        if right - left - 2 * pad >= 240 * u:
            beside = fit(min(self._caption_width, right - left - 2 * pad), left, right)
            if beside.top >= self._beside_top:
                return
        fit(self._caption_width, notes, mirror)  # too long for the room beside the river

    # --- animated bits -----------------------------------------------------------------------

    def callout(self, seat: int, word: str) -> Action:
        """A word (Pon! Riichi! Ron!) popping up in front of a seat and fading: 0.7 s."""
        lay, u = self.layout, self.layout.unit
        x, y = lay.to_screen(side_of(seat, self.human), 0, lay.river_top + lay.river_pitch * 1.5)
        text = Text(word, pieces.font(round(30 * u), True), pieces.GOLD)
        width = max(150 * u, text.content_size()[0] + 48 * u)  # longer words widen the bubble
        panel = Panel(round(width), round(56 * u), (16, 30, 30, 255), x, y, radius=round(28 * u),
                      border_color=pieces.GOLD, border_width=2, scale=0.6, opacity=0.0)
        panel.add_child(text)
        return Seq(
            Call(self._pop_up, panel),
            Tween(panel, {"scale": 1.0, "opacity": 1.0}, duration=0.14, ease="out_back"),
            Delay(0.4),
            Tween(panel, "opacity", 0.0, 0.16),
            Call(panel.remove),
        )

    def _pop_up(self, panel: Node) -> None:
        retranslate_tree(panel, only_stale=True)  # built before a language switch, shown after
        self.callouts.add_child(panel)

    def count_scores(self, before: Sequence[int], after: Sequence[int], duration: float = 0.8) -> Action:
        """Scores counting from ``before`` to ``after`` (the points moving)."""
        counter = _Counter(self, list(before), list(after))
        return Seq(Tween(counter, "t", 1.0, duration, "out_cubic"), Call(self.set_scores, after))

    # --- the result overlay ------------------------------------------------------------------

    def show_result(self, title: str, tiles: Sequence[int], lines: Sequence[tuple[str, str]], footer: str,
                    deltas: Sequence[int]) -> None:
        lay, u = self.layout, self.layout.unit
        self._result = (title, tuple(tiles), tuple(lines), footer, tuple(deltas))
        self.overlay.clear()
        ra = lay.river_art
        heading = Text(title, pieces.font(round(26 * u), True), pieces.GOLD)
        rows = [(Text(left, pieces.font(round(16 * u)), pieces.INK, anchor=(0.0, 0.5)),
                 Text(right, pieces.font(round(16 * u), True), pieces.INK, anchor=(1.0, 0.5))) for left, right in lines]
        closing = Text(footer, pieces.font(round(20 * u), True), pieces.GOLD)
        # wide enough for the hand and for the longest words (a yaku name in French, a title in Russian)
        width = round(max(560 * u, len(tiles) * (ra.width + 2) + 60 * u, heading.content_size()[0] + 60 * u,
                          closing.content_size()[0] + 60 * u,
                          *(a.content_size()[0] + b.content_size()[0] + 110 * u for a, b in rows)))
        height = round(170 * u + ra.height + 24 * u * len(lines) + (ra.height if tiles else 0) * 0)
        box = self.overlay.add_child(Panel(width, height, (12, 26, 28, 255), lay.cx, lay.cy, radius=round(14 * u),
                                           border_color=pieces.GOLD, border_width=2))
        top = -height / 2
        heading.x, heading.y = 0, top + 26 * u
        box.add_child(heading)
        y = top + 52 * u
        if tiles:
            x0 = -len(tiles) * (ra.width + 2) / 2 + ra.width / 2
            for k, tile in enumerate(tiles):
                box.add_child(Sprite(ra.lying(tile), x0 + k * (ra.width + 2), y + ra.height / 2))
            y += ra.height + 16 * u
        for left_text, right_text in rows:
            left_text.x, left_text.y = -width / 2 + 40 * u, y
            right_text.x, right_text.y = width / 2 - 40 * u, y
            box.add_child(left_text)
            box.add_child(right_text)
            y += 24 * u
        closing.x, closing.y = 0, y + 10 * u
        box.add_child(closing)
        y += 40 * u
        for seat in range(4 if any(deltas) else 0):  # payments, when there were any
            d = deltas[seat]
            x = -width / 2 + width * (seat + 0.5) / 4
            colour = pieces.GOLD if d > 0 else pieces.RED if d < 0 else pieces.DIM
            box.add_child(Text(self.names[seat], pieces.font(round(13 * u)), pieces.DIM, x, y))
            box.add_child(Text(number(d, sign=True) if d else "±0", pieces.font(round(16 * u), True), colour, x, y + 18 * u))
        box.add_child(Text(t("table.continue"), pieces.font(round(11 * u)), pieces.DIM, 0, height / 2 - 12 * u))
        self.overlay.visible = True
        self.overlay.opacity = 1.0

    def hide_result(self) -> None:
        self._result = None
        self.overlay.visible = False
        self.overlay.clear()

    # --- the claim bar -----------------------------------------------------------------------

    def show_choices(self, prompt: str, choices: Sequence[Choice], *, focus: int | None = None,
                     countdown: float | None = None) -> None:
        """Buttons right-aligned above the hand, each tagged ``("choice", i)`` for hit testing;
        the one with the keyboard's ``focus`` wears a ring. ``prompt`` names its tile as tiles
        (a :class:`TileLine`); ``countdown``: the claim window's length in seconds, shown live on
        the bar's right with a draining line (see :meth:`set_countdown`). With no buttons the
        prompt alone is shown (riichi armed: which tile, and that Esc cancels; seen: after R the
        tiles dimmed and the box went, and nothing said what to do)."""
        lay, u = self.layout, self.layout.unit
        self.bar.clear()
        self.choices = list(choices)
        self._countdown = None
        if not choices and not prompt:
            self.bar.visible = False
            self._place_caption()
            return
        bh = round(42 * u) if choices else 0
        pad = 10 * u
        labels = []
        widths = []
        for c in choices:
            words = [self.verb_word(c.verb), *([c.detail] if c.detail else [])]
            key = t("table.key.space") if c.key == "Space" else c.key.upper()  # as the README and key help write them
            text = TileLine(join("", [join(" ", words), "  [", key, "]"]), self.line_art,
                            pieces.font(round(16 * u), True), (255, 255, 255), gap=round(2 * u))
            labels.append(text)
            widths.append(max(84 * u, text.size_px()[0] + 26 * u))
        prompt_text = TileLine(prompt, self.line_art, pieces.font(round(15 * u)), pieces.INK, anchor=(0.0, 0.5),
                               name="prompt")
        clock = Text(t("table.prompt.countdown", seconds=99), pieces.font(round(15 * u), True), pieces.GOLD,
                     anchor=(1.0, 0.5), name="countdown") if countdown is not None else None
        clock_w = clock.content_size()[0] + 12 * u if clock is not None else 0.0
        line_h = max(prompt_text.size_px()[1], 20 * u)
        total = max(sum(widths) + pad * (len(widths) + 1), prompt_text.size_px()[0] + clock_w + 2 * pad)
        height = bh + line_h + (3 if choices else 2) * pad
        w, _ = lay.size
        right = w - 16 * u
        bottom = lay.cy + lay.bottom_hand_row - (lay.hand_art.height + lay.hand_art.depth) / 2 - 12 * u
        box = self.bar.add_child(Panel(round(total), round(height), (14, 30, 32, 255), right - total / 2, bottom - height / 2,
                                       radius=round(10 * u), border_color=(80, 110, 100), border_width=1))
        line_y = -height / 2 + pad + line_h / 2
        prompt_text.x, prompt_text.y = -total / 2 + pad, line_y
        box.add_child(prompt_text)
        if clock is not None and countdown is not None:
            clock.x, clock.y = total / 2 - pad, line_y
            box.add_child(clock)
            drain = box.add_child(Panel(round(total - 2 * pad), max(2, round(3 * u)), pieces.GOLD, -total / 2 + pad,
                                        height / 2 - max(2, round(3 * u)) - 2 * u, radius=1, anchor=(0.0, 0.5),
                                        name="countdown bar"))
            self._countdown = (clock, drain, total - 2 * pad)
            self.set_countdown(countdown, countdown)
        x = -total / 2 + pad
        for i, (c, text, bw) in enumerate(zip(choices, labels, widths, strict=True)):
            colour = CHOICE_COLOURS.get(c.verb, (60, 90, 80))
            bx, by = x + bw / 2, height / 2 - pad - bh / 2
            if i == focus:
                ring = round(4 * u)
                box.add_child(Panel(round(bw) + 2 * ring, bh + 2 * ring, (0, 0, 0, 0), bx, by, radius=round(10 * u),
                                    border_color=FOCUS_RING, border_width=max(2, round(2 * u)), name="focus ring"))
            button = box.add_child(Panel(round(bw), bh, colour, bx, by, radius=round(8 * u),
                                         hittable=True, tag=("choice", i)))
            button.add_child(text)
            x += bw + pad
        self.bar.visible = True
        self._bar_top_right = (right, bottom - height)
        self._bar_left = right - total
        self._place_caption()  # off the bar's corner

    def set_countdown(self, left: float, total: float) -> None:
        """The claim window's time left: whole seconds in words (re-rendered once a second) and a
        line draining with it."""
        if self._countdown is None:
            return
        clock, drain, full = self._countdown
        clock.text = t("table.prompt.countdown", seconds=max(0, math.ceil(left - 1e-9)))
        drain.width = max(1, round(full * max(0.0, min(1.0, left / total)) if total > 0 else 0))

    def verb_word(self, verb: str) -> str:
        """A claim-bar verb (``pon``, ``pass``...) as the button says it, in the chosen terms."""
        term = getattr(self.terms, verb, None)
        return term if isinstance(term, str) else t(f"table.verb.{verb}")

    def set_preview(self, line: str) -> None:
        """A line above the claim bar: what the hovered or focused call would leave."""
        box, text = self.preview_box, self.preview_text
        box.visible = bool(line) and self.bar.visible
        if box.visible:
            u = self.layout.unit
            text.text = line
            box.width = round(text.content_size()[0] + 20 * u)
            x, y = self._bar_top_right
            box.x, box.y = x, y - 4 * u
            text.x, text.y = -10 * u, -box.height / 2

    def hide_choices(self) -> None:
        self.set_preview("")
        self.choices = []
        self.bar.clear()
        self.bar.visible = False
        self._place_caption()


class _Counter:
    """Tweened ``t`` 0..1 that writes the in-between scores into the centre panel."""

    def __init__(self, hud: Hud, before: list[int], after: list[int]) -> None:
        self.hud, self.before, self.after = hud, before, after
        self._t = 0.0

    @property
    def t(self) -> float:
        return self._t

    @t.setter
    def t(self, value: float) -> None:
        self._t = value
        now = [round((a + (b - a) * value) / 100) * 100 for a, b in zip(self.before, self.after, strict=True)]
        self.hud.set_scores(now)


def _shortened(words: str, font: UIFont, room: float) -> str:
    """``words`` cut with an ellipsis to ``room`` pixels (a name in a very narrow window); the
    plate fits its words again from the whole ones after a language switch."""
    shown = str(words)
    while shown and font.size(shown + "…")[0] > room:
        shown = shown[:-1]
    return join("", [shown.rstrip(), "…"])


def _initial(name: str) -> str:
    """The letter on a plate's avatar: the name's first (written again with the name)."""
    return join("", [name[:1]]) if not hasattr(name, "again") else _Initial(name)


class _Initial(str):
    """A name's first letter that follows the name into another language."""

    name: str
    language: str

    def __new__(cls, name: str) -> _Initial:
        made = super().__new__(cls, name[:1])
        made.name, made.language = name, getattr(name, "language", "")
        return made

    def again(self) -> _Initial:
        return _Initial(again(self.name))


def tiles_text(tiles: Sequence[int]) -> str:
    return " ".join(tile_name(t) for t in tiles)

