"""The result panel over the table: the moment of the hand, laid out from a sheet.

One opaque panel in the middle of the window (the table stays in view around it). A win shows
the winning hand with its melds as melds and the winning tile set apart, the dora, kan dora and
ura dora indicators as tiles, each yaku (or tai row) with its value, the total, and the points
counting up with the four score changes; the riichi sticks and honba slide to the winner's
column. The fu breakdown opens on demand (F, or a click on its button). A draw shows the hands
laid open (every tenpai hand; the caller's hand for nine terminals) and the payments.

Speed: everything that stays still is drawn once into a cached picture (a
:class:`~game.ui.table.layers.CachedLayer`, redrawn only when the fu breakdown opens or closes);
only the numbers counting and the sticks moving are drawn node by node, and only while they move.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Final

import pygame

from game.engine.meld import MeldKind
from game.i18n import join, number, t  # join: words a language switch can write again
from game.scene import Call, Delay, Node, Panel, Parallel, Sprite, Text, Tween
from game.scene import Sequence as Seq
from game.scene.actions import Action
from game.scene.sprite import RenderedNode
from game.ui.game_window import blank, can_convert, screen
from game.ui.table import pieces
from game.ui.table.layers import CachedLayer
from game.ui.table.layout import meld_order
from game.ui.tile_art import TileArt, tile_art

from .sheets import DrawSheet, SeatChange, Sheet, ShownHand, StandingsSheet, WinSheet
from .tags import FU_TAG, OK_TAG

BOX: Final = (13, 27, 29)  # opaque: nothing of the table shows through the words
BOX_EDGE: Final = (232, 184, 84)
ROW_BAND: Final = (22, 42, 44)
GOOD: Final = (120, 208, 150)
BAD: Final = (232, 122, 104)
COUNT_SECONDS: Final = 1.1


FONT_SIZES: Final = (12, 14, 15, 16, 17, 20, 22, 28, 44)  # the panel's type sizes, at 1280x720


def font_steps(size: tuple[int, int]) -> list[Callable[[], object]]:
    """Making the panel's fonts for a window size ahead of its first frame, a few per step (a
    font costs about a millisecond to make; the table keeps them)."""
    unit = min(size[0] / 1280, size[1] / 720)
    wanted = [(max(8, round(points * unit)), bold) for points in FONT_SIZES for bold in (False, True)]
    return [functools.partial(_make_fonts, wanted[i : i + 4]) for i in range(0, len(wanted), 4)]


def _make_fonts(fonts: Sequence[tuple[int, bool]]) -> None:
    for size, bold in fonts:
        pieces.font(size, bold)


def _render(nodes: Sequence[RenderedNode]) -> None:
    for node in nodes:
        node.surface()


class StillPicture(CachedLayer):
    """The panel's still picture, blitted without per-pixel alpha: the panel is opaque, so its
    picture is drawn flat in the display's format with the empty margin as a colour key (a
    1560x990 alpha blit at 1080p cost about 2 ms a frame; a keyed blit a fraction of that). It is
    drawn flat from the start (drawing it with alpha and flattening it after cost two whole-picture
    conversions, 6-10 ms at 1080p, in the frame that prepared it) and run-length encoded in a
    staging step of its own (:meth:`encode`). Once drawn, the boxes inside let their own
    pictures go: kept, the panel's box doubled the panel's memory for as long as it showed (the
    peak of a running table), and a box is drawn again in a millisecond when the picture is."""

    __slots__ = ()

    def _blank(self, size: tuple[int, int]) -> pygame.Surface:
        if not can_convert():  # no window (a headless tool): the plain alpha picture
            return super()._blank(size)
        return blank(size, alpha=False)

    def _redraw(self) -> None:
        super()._redraw()
        # the boxes are in the picture now: their own surfaces (the panel's is 2.4 MB at 720p)
        # are made again only when the picture is
        for node in self.walk():
            if isinstance(node, Panel):
                node.rerender()
        picture = self._picture
        if picture is not None and not picture.get_flags() & pygame.SRCALPHA and picture.get_colorkey() is None:
            picture.set_colorkey((0, 0, 0), pygame.RLEACCEL)  # a run-length blit: the fastest keyed one

    def encode(self) -> None:
        """Run-length encode the keyed picture now, for the screen it will be blitted on (SDL does
        it on the first blit to a surface: 5-20 ms for a 1080p panel, which would otherwise land on
        the panel's first frame). The pixel blitted is the margin's: keyed, nothing is drawn."""
        target = screen()
        if self._picture is not None and self._picture.get_colorkey() is not None and target is not None:
            target.blit(self._picture, (0, 0), pygame.Rect(0, 0, 1, 1))


class ResultPanel:
    """The panel for one sheet, built into ``parent`` (the HUD's overlay) for a window size."""

    def __init__(self, parent: Node | None, size: tuple[int, int], sheet: Sheet, *, style: str = "classic",
                 red_fives: bool = True, arts: Sequence[TileArt] = (), reviewable: bool = True) -> None:
        """``arts``: the tile sizes the table has painted (its hand and discard tiles), which the
        panel picks from; ``reviewable``: R opens the hand's review here (not in a lesson, whose
        moves are the level's, so the footer does not offer it)."""
        self.arts = tuple(arts)
        self.reviewable = reviewable
        self.parent = parent if parent is not None else Node(name="result staging")
        self.size = size
        self.sheet = sheet
        self.style = style
        self.red_fives = red_fives
        self.fu_open = False
        self.counters: list[_Number] = []
        self.still: CachedLayer | None = None
        self.moving = Node(name="result moving")
        self.fu_box: Node | None = None  # built on the first toggle
        self._fu_at: tuple[float, float, float] | None = None  # where it goes (centre, top, right)
        self.summary = Node()
        self.fu_label: Text | None = None
        self.ok_label: Text | None = None
        self._column_x: dict[int, float] = {}
        self.build()

    # --- building -------------------------------------------------------------------------------

    @property
    def unit(self) -> float:
        w, h = self.size
        return min(w / 1280, h / 720)

    def build(self) -> None:
        """Lay the sheet out top to bottom in panel coordinates (x from the centre, y from the
        top), then size the opaque box to what was laid out and centre it in the window."""
        w, h = self.size
        u = self.unit
        self.parent.clear()
        self.counters = []
        self.fu_box, self._fu_at, self.fu_open = None, None, False
        most = 700 if isinstance(self.sheet, StandingsSheet) else 1040
        self.width = width = round(min(w - 24 * u, most * u))
        self.left, self.top = -width / 2, 0.0
        self.content = Node(w / 2, 0, name="result panel")
        self.box = self.content  # what the builders add to
        self.moving = Node(w / 2, 0, name="result moving")
        if isinstance(self.sheet, WinSheet):
            bottom = self._build_win(self.sheet)
        elif isinstance(self.sheet, StandingsSheet):
            bottom = self._build_standings(self.sheet)
        else:
            bottom = self._build_draw(self.sheet)
        self.height = height = round(bottom)
        self.content.add_child(Panel(width, height, BOX, 0, height / 2, radius=round(14 * u), border_color=BOX_EDGE,
                                     border_width=2), z=-1)
        top = max(4.0, (h - height) / 2)
        self.content.y = self.moving.y = top
        area = pygame.Rect(0, 0, width + 4, height + 4)
        area.center = (round(w / 2), round(top + height / 2))
        self.still = self.parent.add_child(StillPicture(area))
        self.still.add_child(self.content)
        self.parent.add_child(self.moving)

    def _text(self, text: str, size: float, colour: tuple[int, int, int], x: float, y: float, *, bold: bool = False,
              anchor: tuple[float, float] = (0.0, 0.5), parent: Node | None = None, room: float = 0.0) -> Text:
        """A line of text; with ``room`` (pixels) it is set smaller, down to 80 %, to fit (a long
        yaku or fu name in French or Russian), and never runs past it."""
        node = Text(text, pieces.font(max(8, round(size * self.unit)), bold), colour, x, y, anchor=anchor)
        smaller = size
        while room and node.content_size()[0] > room and smaller > size * 0.8:
            smaller -= 1
            node = Text(text, pieces.font(max(8, round(smaller * self.unit)), bold), colour, x, y, anchor=anchor)
        while room and node.content_size()[0] > room and len(node.text) > 4:
            node = Text(node.text[:-2].rstrip() + "…", node.font, colour, x, y, anchor=anchor)
        return (parent or self.box).add_child(node)

    def _alike(self, texts: list[str], size: float, room: float, *, bold: bool = False) -> float:
        """The one size (down to 80 % of ``size``) at which each of a column's texts fits ``room``:
        the rows of one list read alike (seen: one long fu row in a smaller type than its siblings)."""
        smaller = size
        while smaller > size * 0.8 and any(
                pieces.font(max(8, round(smaller * self.unit)), bold).size(text)[0] > room for text in texts):
            smaller -= 1
        return smaller

    def _heading(self, title: str, subtitle: str, order: str = "") -> float:
        u = self.unit
        y = self.top + 34 * u
        self._text(title, 28, pieces.GOLD, 0, y, bold=True, anchor=(0.5, 0.5))
        if order:
            self._text(order, 15, pieces.DIM, self.width / 2 - 24 * u, y, anchor=(1.0, 0.5))
        if subtitle:
            y += 30 * u
            self._text(subtitle, 16, pieces.DIM, 0, y, anchor=(0.5, 0.5))
        return y + 22 * u

    def _hand(self, hand: ShownHand, y: float, art: TileArt, *, centre: float = 0.0) -> float:
        """The hand in one row, centred on ``centre``: concealed tiles, the tile apart, the melds
        (the called tile turned toward its giver, a closed kan with its two ends face down).
        Returns the row's bottom."""
        u = self.unit
        gap = max(1, round(2 * u))
        # (image, gap before it, a tile lying on it)
        pieces_: list[tuple[pygame.Surface, float, pygame.Surface | None]] = []
        for k, tile in enumerate(hand.concealed):
            pieces_.append((art.lying(tile), gap if k else 0, None))
        if hand.apart is not None:
            pieces_.append((art.lying(hand.apart), 14 * u, None))
        for k, flower in enumerate(hand.flowers):
            pieces_.append((art.lying(flower), 14 * u if k == 0 else gap, None))
        for meld in hand.melds:
            order = meld_order(meld, hand.seat)
            for k, (tile, sideways) in enumerate(order):
                closed_end = meld.kind is MeldKind.ANKAN and k in (0, len(order) - 1)
                image = art.lying(None) if closed_end else (art.rotated(tile, 1) if sideways else art.lying(tile))
                on_top = art.rotated(meld.added, 1) if sideways and meld.added is not None else None
                pieces_.append((image, (14 * u if k == 0 else gap), on_top))
        total = sum(img.get_width() + before for img, before, _ in pieces_)
        x = centre - total / 2
        row_h = art.height + art.depth
        for image, before, on_top in pieces_:
            x += before
            middle = y + row_h - image.get_height() / 2
            self.box.add_child(Sprite(image, x + image.get_width() / 2, middle))
            if on_top is not None:  # a kakan: the added tile lies on the called one, as on the table
                self.box.add_child(Sprite(on_top, x + image.get_width() / 2, middle - image.get_height() - gap))
            x += image.get_width()
        return y + row_h

    def _fit_art(self, hand: ShownHand, room: float, most: float) -> TileArt:
        """Tiles as large as ``most`` units but small enough for the hand to fit ``room`` pixels."""
        u = self.unit
        count = (len(hand.concealed) + (1 if hand.apart is not None else 0) + sum(len(m.tiles) for m in hand.melds)
                 + len(hand.flowers))
        gaps = (len(hand.melds) + (1 if hand.apart is not None else 0) + (1 if hand.flowers else 0)) * 14 * u + count * 2 * u
        width = min(most * u, (room - gaps) / max(1, count + 0.4 * len(hand.melds)))
        return self._art(width)

    def _art(self, width: float) -> TileArt:
        """Tiles about ``width`` pixels wide: of the table's own sizes (their faces are painted when
        the table is built, so the panel's first frame paints none) the largest that is not
        wider, else the smallest; without them, tiles of that width."""
        if not self.arts:
            return tile_art(max(12, round(width)), self.style, self.red_fives)
        fitting = [a for a in self.arts if a.width <= width + 0.5]
        return max(fitting, key=lambda a: a.width) if fitting else min(self.arts, key=lambda a: a.width)

    def _indicators(self, label: str, tiles: Sequence[int], x: float, y: float, art: TileArt) -> float:
        """A label over a row of indicator tiles; returns the right edge."""
        u = self.unit
        self._text(label, 12, pieces.DIM, x, y, bold=True)
        tx = x
        for tile in tiles:
            image = art.lying(tile)
            self.box.add_child(Sprite(image, tx + image.get_width() / 2, y + 14 * u + image.get_height() / 2))
            tx += image.get_width() + 3 * u
        label_w = Text(label, pieces.font(max(8, round(12 * u)), True), pieces.DIM).content_size()[0]
        return max(tx, x + label_w) + 22 * u

    def _build_win(self, s: WinSheet) -> float:
        u = self.unit
        y = self._heading(s.title, s.subtitle, s.order)
        art = self._fit_art(s.hand, self.width - 60 * u, 56)
        y = self._hand(s.hand, y + 4 * u, art) + 16 * u
        small = self._art(min(30 * u, self.arts[-1].width if self.arts else 30 * u))
        x = self.left + 36 * u
        if s.dora:
            x = self._indicators(t("result.dora"), s.dora[:1], x, y, small)
            if len(s.dora) > 1:
                x = self._indicators(t("result.kan_dora"), s.dora[1:], x, y, small)
        if s.ura:
            x = self._indicators(t("result.ura_dora"), s.ura, x, y, small)
        if s.dora or s.ura:
            y += 14 * u + small.height + small.depth + 14 * u
        # the yaku on the left; the total and the points (or the fu, on demand) on the right
        rows_left, rows_right = self.left + 36 * u, -20 * u
        row_h = 27 * u if len(s.rows) <= 8 else 22 * u
        rows_h = row_h * len(s.rows) + 10 * u
        self.box.add_child(Panel(round(rows_right - rows_left + 16 * u), round(rows_h), ROW_BAND,
                                 (rows_left + rows_right) / 2, y + rows_h / 2, radius=round(8 * u)))
        ry = y + 5 * u + row_h / 2
        room = rows_right - rows_left - 90 * u
        size = self._alike([row.label for row in s.rows], 17 if row_h >= 24 * u else 15, room)
        for row in s.rows:
            colour = pieces.DIM if row.dora else pieces.INK
            self._text(row.label, size, colour, rows_left + 10 * u, ry, room=room)
            self._text(row.value, size, pieces.DIM if row.dora else pieces.GOLD, rows_right - 10 * u, ry, bold=True,
                       anchor=(1.0, 0.5))
            ry += row_h
        right = self.width / 2 - 36 * u
        centre_r = (20 * u + right) / 2
        self._text(s.total, 22, pieces.INK, centre_r, y + 16 * u, bold=True, anchor=(0.5, 0.5))
        self.points_x, self.points_y = centre_r, y + 64 * u
        self.summary = Node(name="points block")
        self.box.add_child(self.summary)
        self.counters.append(_Number(self.moving, (centre_r, self.points_y), 0, s.points,
                                     pieces.font(max(8, round(44 * u)), True), pieces.GOLD, role="points"))
        self._text(t("result.points_word"), 14, pieces.DIM, centre_r, y + 98 * u, anchor=(0.5, 0.5),
                   parent=self.summary)
        # a line each (one joined line ran past the panel: a Taiwanese sum beside the dealer's tai)
        extra_room = right - 20 * u - 8 * u
        for i, line in enumerate(s.extras):
            self._text(line, 15, pieces.DIM, centre_r, y + (124 + 21 * i) * u, anchor=(0.5, 0.5), parent=self.summary,
                       room=extra_room)
        right_h = (150 + 21 * max(0, len(s.extras) - 1)) * u
        if s.fu:
            self._fu_at = (centre_r, y + 36 * u, right - 20 * u)
            fu_h = self._fu_height(s)
            right_h = max(right_h, 36 * u + fu_h) + 50 * u
            bw, bh = round(220 * u), round(34 * u)
            button = self.box.add_child(Panel(bw, bh, (40, 66, 62), centre_r, y + right_h - bh / 2 - 4 * u,
                                              radius=round(8 * u), border_color=(90, 130, 118), border_width=1,
                                              hittable=True, tag=FU_TAG, name="fu button"))
            self.fu_label = button.add_child(Text(t("result.show_fu"), pieces.font(max(8, round(15 * u)), True),
                                                  pieces.INK))
        y += max(rows_h, right_h) + 16 * u
        y = self._seats(s.changes, y, winner=s.winner)
        return self._footer(t("table.continue"), y)  # the fu button names its own key

    def _fu_height(self, s: WinSheet) -> int:
        return round(21 * self.unit * (len(s.fu) + 1) + 14 * self.unit)

    def _fu_box(self, s: WinSheet, centre: float, top: float, right: float) -> Node:
        """The fu line by line, in the points' place; built when first asked for (its words cost
        a few milliseconds of the panel's first frames, and most players never open it)."""
        u = self.unit
        line = 21 * u
        width = round(2 * (right - centre) + 40 * u)  # the whole right column
        height = self._fu_height(s)
        box = self.box.add_child(Panel(width, height, (28, 50, 52), centre, top + height / 2, radius=round(8 * u),
                                       border_color=(90, 130, 118), border_width=1, visible=False, name="fu"))
        y = -height / 2 + 7 * u + line / 2
        room = width - 72 * u  # the label's room: the box less its margins and the widest value ("30 fu")
        size = self._alike([row.label for row in s.fu], 14, room)
        for row in s.fu:
            self._text(row.label, size, pieces.INK, -width / 2 + 12 * u, y, parent=box, room=room)
            self._text(row.value, 14, pieces.GOLD, width / 2 - 12 * u, y, bold=True, anchor=(1.0, 0.5), parent=box)
            y += line
        self._text(s.fu_total, 14, pieces.INK, width / 2 - 12 * u, y, bold=True, anchor=(1.0, 0.5), parent=box)
        return box

    def _build_draw(self, s: DrawSheet) -> float:
        u = self.unit
        y = self._heading(s.title, s.subtitle) + 8 * u
        shown = [hand for hand in s.hands if hand.concealed]
        labels = [hand for hand in s.hands if not hand.concealed]
        most = 56 if len(shown) <= 2 else 34
        # one size for every hand, the one the widest needs (seen: a hand with a kan drawn smaller
        # than the hand beside it)
        arts = [self._fit_art(hand, self.width - 280 * u, most) for hand in shown]
        for hand in shown:
            art = min(arts, key=lambda a: a.width)
            row = art.height + art.depth
            self._text(hand.label, 16, pieces.INK, self.left + 36 * u, y + row / 2, bold=True)
            self._hand(hand, y, art, centre=self.left + 250 * u + (self.width - 280 * u) / 2)
            y += row + 12 * u
        for hand in labels:  # noten seats of an exhaustive draw: their word, no tiles
            self._text(hand.label, 16, pieces.DIM, self.left + 36 * u, y + 12 * u)
            y += 28 * u
        y = self._seats(s.changes, y + 12 * u, winner=None)
        return self._footer(join(t("common.separator"), [s.footer, t("table.continue")]), y)

    def _build_standings(self, s: StandingsSheet) -> float:
        u = self.unit
        y = self._heading(s.title, s.subtitle) + 14 * u
        for row in s.rows:
            if row.first:
                self.box.add_child(Panel(round(self.width - 60 * u), round(50 * u), (34, 62, 56), 0, y + 25 * u,
                                         radius=round(10 * u), border_color=pieces.GOLD, border_width=1))
            colour = pieces.GOLD if row.first else pieces.INK
            self._text(row.place, 24, colour, self.left + 50 * u, y + 25 * u, bold=True)
            self._text(row.name, 20, pieces.INK, self.left + 140 * u, y + 25 * u, bold=row.first,
                       room=self.width - 420 * u)
            score_x = self.width / 2 - (200 if row.points else 50) * u
            self._text(row.score, 20, pieces.INK, score_x, y + 25 * u, anchor=(1.0, 0.5))
            if row.points:
                tone = GOOD if row.points.startswith("+") else BAD if row.points.startswith("-") else pieces.DIM
                self._text(row.points, 20, tone, self.width / 2 - 50 * u, y + 25 * u, bold=True, anchor=(1.0, 0.5))
            y += 58 * u
        return self._footer(s.footer, y + 6 * u)

    def _seats(self, changes: Sequence[SeatChange], top: float, *, winner: int | None) -> float:
        """Four columns: each seat's name, its points counting from before to after, the change.
        Returns their bottom."""
        u = self.unit
        self.box.add_child(Panel(round(self.width - 48 * u), 2, (232, 184, 84, 90), 0, top, radius=1))
        column = (self.width - 72 * u) / 4
        for k, change in enumerate(changes):
            x = self.left + 36 * u + column * (k + 0.5)
            self._column_x[change.seat] = x
            if change.seat == winner:
                self.box.add_child(Panel(round(column - 12 * u), round(96 * u), (34, 62, 56), x, top + 56 * u,
                                         radius=round(10 * u), border_color=pieces.GOLD, border_width=1))
            self._text(change.name, 16, pieces.INK, x, top + 24 * u, bold=True, anchor=(0.5, 0.5))
            self.counters.append(_Number(self.moving, (x, top + 52 * u), change.before, change.after,
                                         pieces.font(max(8, round(20 * u)), True), pieces.INK))
            colour = GOOD if change.delta > 0 else BAD if change.delta < 0 else pieces.DIM
            self.counters.append(_Number(self.moving, (x, top + 80 * u), 0, change.delta,
                                         pieces.font(max(8, round(17 * u)), True), colour, sign=True))
        self.seats_top = top
        return top + 108 * u

    def _footer(self, text: str, y: float) -> float:
        """The keys line, and the OK button at the panel's bottom right: the result waits for the
        player (a new reader needs longer than any fixed time), and a button says so where the
        eye ends; when the table goes on by itself (fast play, AI-only) the button counts down
        (:meth:`set_countdown`)."""
        u = self.unit
        if self.reviewable:
            text = join(t("common.separator"), [text, t("result.review_key")])  # R: the hand's review (game.ui.review)
        font = pieces.font(max(8, round(16 * u)), True)
        longest = max(font.size(t("result.ok"))[0], font.size(t("result.ok_in", seconds=10))[0])
        bw, bh = round(max(200 * u, longest + 40 * u)), round(36 * u)  # as wide as its longest words
        right = self.width / 2 - 24 * u
        words = self._text(text, 12, pieces.DIM, self.left + 36 * u, y + 4 * u + bh / 2)
        if words.content_size()[0] > self.width - 72 * u - bw - 24 * u:  # too long beside the button: above it
            words.x, words.y, words.anchor = 0, y + 8 * u, (0.5, 0.5)
            y += 18 * u
        middle = y + 4 * u + bh / 2
        self.box.add_child(Panel(bw, bh, pieces.GOLD, right - bw / 2, middle, radius=round(8 * u),
                                 border_color=(250, 236, 200), border_width=1, hittable=True, tag=OK_TAG,
                                 name="ok button"))
        self.ok_label = self.moving.add_child(Text(t("result.ok"), font, (28, 30, 26), right - bw / 2, middle,
                                                   name="ok"))
        return y + 12 * u + bh

    def set_countdown(self, left: float | None) -> None:
        """The OK button's words: ``left`` seconds before the table goes on by itself (whole
        seconds, rounded up), or None when it waits for the player."""
        if self.ok_label is None:
            return
        words = t("result.ok") if left is None else t("result.ok_in", seconds=max(0, math.ceil(left - 1e-9)))
        if words != self.ok_label.text:
            self.ok_label.text = words

    # --- showing -------------------------------------------------------------------------------

    def staging_steps(self, per_step: int = 8) -> list[Callable[[], object]]:
        """Work to do before the panel shows, a frame apart (the table waits 0.6 s after a win's
        callout anyway): the words rendered a few at a time, then the still picture drawn, so no
        frame pays for all of it (the first frame of a panel built at once cost 25-50 ms)."""
        nodes = [n for root in (self.content, self.moving) for n in root.walk() if isinstance(n, RenderedNode)]
        texts = [n for n in nodes if not isinstance(n, Panel)]
        boxes = [n for n in nodes if isinstance(n, Panel)]  # the panel's own box is a whole-panel picture
        steps: list[Callable[[], object]] = [functools.partial(_render, texts[i : i + per_step])
                                             for i in range(0, len(texts), per_step)]
        steps += [functools.partial(_render, [box]) for box in boxes]
        if isinstance(self.still, StillPicture):
            steps += [self.still.allocate, self.still.prepare, self.still.encode]
        return steps

    def show_in(self, parent: Node) -> None:
        """Move the staged panel into ``parent`` (the HUD's overlay), replacing what it held."""
        parent.clear()
        for node in (self.still, self.moving):
            if node is not None:
                node.move_to(parent)  # the still picture drawn and encoded while staged is kept
        self.parent = parent

    # --- animation ------------------------------------------------------------------------------

    def count_up(self) -> Action:
        """The points and the four changes counting up, the sticks and honba sliding to the
        winner; skipping it (``finish``) shows the end at once."""
        sheet = self.sheet
        steps: list[Action] = []
        if isinstance(sheet, WinSheet):
            steps.append(self._sticks_to_winner(sheet))
        counting = Parallel(*(Tween(c, "t", 1.0, COUNT_SECONDS, "out_cubic") for c in self.counters))
        return Seq(Delay(0.25), Parallel(counting, *steps))

    def _sticks_to_winner(self, sheet: WinSheet) -> Action:
        u = self.unit
        target = self._column_x.get(sheet.winner)
        if target is None or not (sheet.riichi_sticks or sheet.honba):
            return Delay(0.0)
        moves: list[Action] = []
        images = [pieces.stick(round(46 * u))] * min(sheet.riichi_sticks, 6)
        images += [pieces.stick(round(46 * u), thousand=False)] * min(sheet.honba, 6)
        sx, sy = self.points_x, self.points_y + 60 * u
        ex, ey = target, self.seats_top + 52 * u
        for k, image in enumerate(images):
            stick = self.moving.add_child(Sprite(image, sx, sy + 6 * u * (k - len(images) / 2), opacity=0.0))
            moves.append(Seq(Delay(0.1 * k), Tween(stick, {"opacity": 1.0}, duration=0.12),
                             Tween(stick, {"x": ex, "y": ey}, duration=0.5, ease="in_out_cubic"),
                             Tween(stick, {"opacity": 0.0}, duration=0.15), Call(stick.remove)))
        return Parallel(*moves)

    # --- the player's side ----------------------------------------------------------------------

    def toggle_fu(self) -> bool:
        """Open or close the fu breakdown; False when this panel has none."""
        if self._fu_at is None or self.still is None or not isinstance(self.sheet, WinSheet):
            return False
        if self.fu_box is None:
            self.fu_box = self._fu_box(self.sheet, *self._fu_at)
        self.fu_open = not self.fu_open
        self.fu_box.visible = self.fu_open
        self.summary.visible = not self.fu_open
        self._points_counter().node.visible = not self.fu_open
        if self.fu_label is not None:
            self.fu_label.text = t("result.hide_fu") if self.fu_open else t("result.show_fu")
        self.still.touch()
        return True

    def _points_counter(self) -> _Number:
        return next(c for c in self.counters if c.role == "points")


class _Number:
    """A number drawn at a place, tweened from ``start`` to ``end`` by its ``t`` (0..1); its text
    changes only when the shown value does (a count in steps of 100 points)."""

    def __init__(self, parent: Node, at: tuple[float, float], start: int, end: int, font: object,
                 colour: tuple[int, int, int], *, sign: bool = False, role: str = "") -> None:
        self.start, self.end, self.sign, self.role = start, end, sign, role
        span = abs(end - start)
        self.step = 100 if span >= 2000 else 10 if span >= 200 else 1  # Taiwanese points are small
        self.node = parent.add_child(Text(self._format(start), font, colour, at[0], at[1]))
        self._t = 0.0

    def _format(self, value: int) -> str:
        if self.sign:
            return number(value, sign=True) if value else "±0"
        return number(value)

    @property
    def t(self) -> float:
        return self._t

    @t.setter
    def t(self, value: float) -> None:
        self._t = value
        shown = round((self.start + (self.end - self.start) * value) / self.step) * self.step if value < 1 else self.end
        text = self._format(shown)
        if text != self.node.text:
            self.node.text = text
