"""The few widgets the menus need, built from scene-graph nodes, and the menu screen base.

Calm and clear like the table mockups: dark translucent panels on the felt, cream text in Atlas
Sans, one gold accent for what has the focus or is the main action. Every widget can be reached
and changed with the keyboard (Up/Down or Tab to move, Left/Right to change, Enter to act, Esc to
go back) and with the mouse (hover to focus, click to act, click the ‹ › arrows to change).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final

import pygame

from game.scene import Node, Panel, Text
from game.ui import audio, typeset
from game.ui.felt import radial
from game.ui.fitting import Box as Box  # the screens fit their words with it
from game.ui.fitting import clip as clip_text
from game.ui.fitting import fit as fit_text
from game.ui.fitting import fits, group_size, size_for, wrap_lines
from game.ui.screens import Screen
from game.ui.typeset import UIFont

from .intents import Back

Colour = tuple[int, int, int] | tuple[int, int, int, int]

CREAM: Final = (240, 232, 210)
MUTED: Final = (168, 188, 178)
FAINT: Final = (118, 136, 128)
GOLD: Final = (232, 184, 84)
INK: Final = (28, 30, 26)
PANEL: Final = (14, 30, 28, 214)
PANEL_EDGE: Final = (64, 92, 84)
BUTTON: Final = (34, 52, 49)
BUTTON_FOCUS: Final = (46, 70, 64)
SELECTED: Final = (36, 92, 76)
GOOD: Final = (120, 208, 150)
BAD: Final = (232, 122, 104)
FOCUS_RING: Final = (250, 236, 200)  # the one ring around what has the focus (keys act on it)

PREV: Final = "‹"
NEXT: Final = "›"


def ui_font(size: int, bold: bool = False) -> UIFont:
    """The UI font at a pixel size, in the interface language's faces (:mod:`game.ui.typeset`)."""
    return typeset.ui_font(size, bold)


# Menus are laid out on a design of about 1280 x 720 and scaled to the window as a whole; text is
# rendered at its final pixel size (the font size times the scale) and its node scaled back by the
# same factor, so it stays crisp at any window size. ``MenuScreen.layout`` sets the scale.
DESIGN: Final = (1280, 720)
_scale = 1.0


def ui_scale(window: tuple[int, int]) -> float:
    """How much the design is scaled for a window: fit it, never below 0.75 (text stays legible)."""
    return max(0.75, min(window[0] / DESIGN[0], window[1] / DESIGN[1]))


def layout_scale() -> float:
    """The scale of the screen being laid out (1.0 outside a layout): pixels per layout unit, for a
    node a screen draws itself at pixel size and scales back (words with tile pictures in them)."""
    return _scale


def _font(size: int, bold: bool) -> UIFont:
    return ui_font(max(6, round(size * _scale)), bold)


def text_width(text: str, size: int, bold: bool = False) -> int:
    """The width of ``text`` in layout units (as it will show after scaling)."""
    return int(_font(size, bold).size(text)[0] / _scale + 0.999)


def clip(text: str, size: int, width: int, bold: bool = False, *, keep_end: bool = False) -> str:
    """What the player typed (a save's name, a path) shortened with an ellipsis to ``width``
    (:func:`game.ui.fitting.clip`); the game's own words are fitted, never clipped."""
    return clip_text(text, _font(size, bold), width * _scale, keep_end=keep_end)


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``width`` layout units, where the language breaks a
    line (spaces; between CJK characters, with the kinsoku rules: :mod:`game.ui.fitting`)."""
    return wrap_lines(text, _font(size, bold), width * _scale)


def label(text: str, size: int, color: Colour = CREAM, x: float = 0, y: float = 0, *, bold: bool = False,
          align: str = "left", name: str = "") -> Text:
    """A line of text whose ``x`` is its left edge, centre or right edge (``align``), ``y`` its middle."""
    anchor = {"left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5)}[align]
    return Text(text, _font(size, bold), color, x, y, anchor=anchor, name=name, scale=1.0 / _scale)


LEADING: Final = 1.22  # the line step of a fitted block, times its size
TIGHT: Final = 1.1  # the line step of a two-line label in a button or a row


class TextBlock(Node):
    """A text fitted to its box (:func:`game.ui.fitting.fit`: wrapped, or set smaller down to the
    box's floor; never cut): one line of text per line, ``x`` the block's left edge, centre or right
    edge (``align``), ``y`` its middle (``valign="top"``: its top). ``height`` is what it takes."""

    def __init__(self, text: str, box: Box, color: Colour = CREAM, x: float = 0, y: float = 0, *,
                 align: str = "left", valign: str = "middle", leading: float | None = None, name: str = "") -> None:
        anchor_x = {"left": 0.0, "center": 0.5, "right": 1.0}[align]
        super().__init__(x, y, size=(box.width, 0), anchor=(anchor_x, 0.5 if valign == "middle" else 0.0), name=name)
        self.box, self.color, self.align, self.valign = box, color, align, valign
        self.leading = box.leading if leading is None else leading
        self.scale_at_build = _scale
        self.words = ""
        self.set_text(text)

    def set_text(self, text: str, color: Colour | None = None) -> None:
        """Show ``text`` instead, fitted to the same box (a caption that changes)."""
        global _scale
        self.words = text
        if color is not None:
            self.color = color
        self.clear()
        outer, _scale = _scale, self.scale_at_build  # measured at the scale the screen was laid out at
        try:
            fitted = fit_text(text, self.box, _scale)
            many = len(fitted.lines) > 1
            step = fitted.size * self.leading if many else float(fitted.size)
            self.height = step * len(fitted.lines) if many else fitted.size * 1.35
            self.size = (self.box.width, self.height)
            self.fitted = fitted
            top = -self.height / 2 if self.valign == "middle" else 0.0
            for i, line in enumerate(fitted.lines):
                y = top + (step * (i + 0.5) if many else self.height / 2)
                self.add_child(label(line, fitted.size, self.color, 0, y, bold=self.box.bold, align=self.align))
        finally:
            _scale = outer


def text_block(text: str, box: Box, color: Colour = CREAM, x: float = 0, y: float = 0, *, align: str = "left",
               valign: str = "middle", leading: float | None = None, name: str = "") -> TextBlock:
    """:class:`TextBlock`, as a function like :func:`label`."""
    return TextBlock(text, box, color, x, y, align=align, valign=valign, leading=leading, name=name)


def one_size(texts: Sequence[str], box: Box) -> Box:
    """``box`` at the one size at which every text of a group fits: the values of one setting, the
    descriptions of the rule cards. A long text set smaller beside full-size siblings reads as a
    mistake, and a value that changes size as the player steps through it jumps."""
    # a size near the wanted one on two lines reads better than a tiny one on one line: try the
    # group at 85 % and up first (one line, then two), then down to the box's floor
    for floor in (max(box.smallest, round(box.size * 0.85)), box.smallest):
        size = group_size(list(texts), replace(box, floor=floor), _scale)
        fixed = replace(box, size=size, floor=size)
        if all(fits(text, fixed, _scale) for text in texts):
            return fixed
    return fixed


def alike(pairs: Sequence[tuple[str, Box]]) -> list[Box]:
    """The boxes of a row of texts (a table's column headings), each at the one size at which every
    text of the row fits its own box: the smallest any of them needs."""
    size = min(size_for(text, box, _scale) for text, box in pairs)
    return [replace(box, size=size, floor=size) for _, box in pairs]


def lines_for(height: float, size: int, leading: float = LEADING) -> int:
    """How many lines of ``size`` fit in ``height`` (at least one)."""
    return max(1, int(height // (size * leading)))


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table felt: a soft radial green, lighter in the middle, as in the mockups."""
    return radial(size, (96, 54), (34, 96, 80), (11, 44, 38), (47.5, 26.5), (52, 36), 2)


# --- widgets ----------------------------------------------------------------------------------


class Widget(Node):
    """A focusable node of ``size`` (anchored at its top-left corner) with a panel behind it."""

    def __init__(self, x: float, y: float, width: int, height: int, *, enabled: bool = True, name: str = "") -> None:
        super().__init__(x, y, hittable=True, size=(width, height), anchor=(0.0, 0.0), name=name)
        self.enabled = enabled
        self.focused = False
        self.selected = False
        self.width = width
        self.height = height
        # the focus ring stands outside the widget, so it is never mistaken for a gold main
        # button or a selected card: one ring on the screen, around what Enter would press
        self.ring = self.add_child(Panel(width + 8, height + 8, (0, 0, 0, 0), width / 2, height / 2, radius=13,
                                         border_color=FOCUS_RING, border_width=2, visible=False, name="focus ring"))
        self.panel = self.add_child(
            Panel(width, height, PANEL, width / 2, height / 2, radius=10, border_color=PANEL_EDGE, border_width=1)
        )

    def set_focus(self, focused: bool) -> None:
        self.focused = focused
        self.restyle()

    def restyle(self) -> None:
        if self.focused and self.enabled:
            self.panel.border_color, self.panel.border_width = GOLD, 2
        else:
            self.panel.border_color, self.panel.border_width = PANEL_EDGE, 1
        self.ring.visible = self.focused and self.enabled
        self.panel.color = SELECTED if self.selected else BUTTON_FOCUS if self.focused and self.enabled else PANEL

    def activate(self) -> Any | None:
        """Enter, or a click: the intent this widget returns."""
        return None

    def step(self, delta: int) -> Any | None:
        """Left (-1) or Right (+1)."""
        return None

    def click(self, part: Node) -> Any | None:
        return self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """A key the widget takes for itself (typing); True when used."""
        return False

    def text_input(self, text: str) -> bool:
        """Text typed while the widget has the focus (``pygame.TEXTINPUT``); True when used."""
        return False


class ListRow(Widget):
    """A row of a scrolled list: anchored at its left middle (``ScrollRows`` places middles);
    ``quiet`` rows show a panel only while they have the focus."""

    def __init__(self, width: int, height: int, *, quiet: bool = False, name: str = "") -> None:
        self.quiet = quiet
        super().__init__(0, 0, width, height, name=name)
        self.anchor = (0.0, 0.5)
        self.panel.y = 0
        self.restyle()

    def restyle(self) -> None:
        super().restyle()
        self.ring.y = 0
        if getattr(self, "quiet", False):
            self.panel.visible = self.focused


class Button(Widget):
    """A labelled button; ``primary`` is filled gold (the screen's main action)."""

    def __init__(
        self,
        text: str,
        x: float,
        y: float,
        width: int,
        height: int = 52,
        *,
        on_activate: Callable[[], Any] = lambda: None,
        primary: bool = False,
        enabled: bool = True,
        note: str = "",
        detail: str = "",
        size: int = 22,
        center: bool = False,
        text_size: int | None = None,
        reserve: int = 0,
        name: str = "",
    ) -> None:
        """``text_size`` sets the words at that size exactly (a list whose rows share one size:
        :func:`game.ui.fitting.group_size`); by default they take ``size``, smaller if need be.
        ``reserve`` keeps that much room on the right (for stars drawn over the button)."""
        super().__init__(x, y, width, height, enabled=enabled, name=name)
        self.fixed_size = text_size
        self.primary = primary
        self.on_activate = on_activate
        colour = CREAM if enabled else FAINT
        if primary:
            colour = INK
        self.colour, self.text_size, self.center, self.detail_text = colour, size, center, detail
        self.note_width = max(reserve, text_width(note, 15) + 28 if note else 0)
        self.text: TextBlock = self.set_label(text)
        if detail:
            middle = height / 2 - 9
            self.add_child(text_block(detail, Box(width - 44, 15, floor=11, name="button detail"),
                                      (84, 62, 20) if primary else MUTED, 22, middle + 22))
        if note:
            self.add_child(label(note, 15, FAINT, width - 20, height / 2, align="right"))
        self.restyle()

    def label_box(self) -> Box:
        """The button's words: one line, set smaller down to three quarters of the size before
        they take a second line (when the button is tall enough for two)."""
        return self.box_for(self.width, self.height, self.text_size, note_width=self.note_width, center=self.center,
                            detail=bool(self.detail_text), fixed=self.fixed_size)

    @staticmethod
    def box_for(width: float, height: float, size: int, *, note_width: float = 0, center: bool = False,
                detail: bool = False, fixed: int | None = None) -> Box:
        """The box a button of that shape gives its words (a list fits its rows' words in it)."""
        return Box(width - (32 if center else 44) - note_width, fixed or size, lines=1 if detail else 2, bold=True,
                   floor=fixed or 0, name="button", shrink_first=True, height=height - 8 - (18 if detail else 0),
                   leading=TIGHT)

    def set_label(self, text: str) -> TextBlock:
        """Show ``text`` on the button (fitted to it)."""
        old = getattr(self, "text", None)
        if isinstance(old, Node):
            old.remove()
        middle = self.height / 2 - (9 if self.detail_text else 0)
        x = self.width / 2 if self.center else 22
        block = text_block(text, self.label_box(), self.colour, x, middle, align="center" if self.center else "left",
                           leading=TIGHT)
        self.text = self.add_child(block)
        return block

    def restyle(self) -> None:
        super().restyle()
        if self.primary:
            self.panel.color = (244, 200, 104) if self.focused else GOLD
            self.panel.border_color = CREAM if self.focused else GOLD

    def activate(self) -> Any | None:
        return self.on_activate() if self.enabled else None


class Choice(Widget):
    """A setting: its name on the left, ``‹ value ›`` on the right; Left/Right or a click change it."""

    def __init__(
        self,
        text: str,
        values: Sequence[Any],
        current: Any,
        x: float,
        y: float,
        width: int,
        height: int = 44,
        *,
        show: Callable[[Any], str] = str,
        on_change: Callable[[Any], Any] = lambda value: None,
        value_width: int = 210,
        name: str = "",
    ) -> None:
        super().__init__(x, y, width, height, name=name)
        self.values = list(values)
        self.index = self.values.index(current) if current in self.values else -1
        self.show = show
        self.on_change = on_change
        self.add_child(text_block(text, Box(width - value_width - 36, 19, lines=lines_for(height - 6, 14, TIGHT),
                                            floor=14, name="setting", shrink_first=True),
                                  CREAM, 18, height / 2, leading=TIGHT))
        right = width - 16
        self.next_part = self.add_child(
            Node(right - 14, height / 2, hittable=True, size=(30, height), name="next")
        )
        self.next_part.add_child(label(NEXT, 26, GOLD, 0, -2, align="center"))
        self.prev_part = self.add_child(
            Node(right - value_width + 14, height / 2, hittable=True, size=(30, height), name="prev")
        )
        self.prev_part.add_child(label(PREV, 26, GOLD, 0, -2, align="center"))
        self.value_x = right - value_width / 2
        self.value_width = value_width
        box = Box(value_width - 64, 19, lines=lines_for(height - 6, 14, TIGHT), floor=13, name="setting value",
                  shrink_first=True, height=height - 6, leading=TIGHT)  # two lines only at a size they fit in
        self.value_box = one_size([show(v) for v in self.values], box)  # stepping through never changes the size
        self.value_text: TextBlock | None = None
        self._show_value(current)
        self.restyle()

    @property
    def value(self) -> Any:
        return self.values[self.index] if self.index >= 0 else None

    def _show_value(self, value: Any) -> None:
        if self.value_text is not None:
            self.value_text.remove()
        self.value_text = self.add_child(text_block(self.show(value), self.value_box, CREAM, self.value_x,
                                                    self.height / 2, align="center", leading=TIGHT))

    def step(self, delta: int) -> Any | None:
        self.index = (self.index + delta) % len(self.values) if self.index >= 0 else 0
        self._show_value(self.value)
        return self.on_change(self.value)

    def click(self, part: Node) -> Any | None:
        return self.step(-1 if part is self.prev_part else 1)

    def activate(self) -> Any | None:
        return self.step(1)


class Card(Widget):
    """A radio card: a bold name and a description below it; the selected one is filled green."""

    def __init__(
        self, title: str, description: str, x: float, y: float, width: int, height: int = 84, *,
        on_select: Callable[[], Any] = lambda: None, name: str = "", boxes: tuple[Box, Box] | None = None,
    ) -> None:
        """``boxes`` (the name's and the description's, from :meth:`boxes_for`) set a group of cards at
        one size; by default a card fits its own words."""
        super().__init__(x, y, width, height, name=name)
        self.on_select = on_select
        self.stripe = self.add_child(Panel(5, height - 20, GOLD, 9, height / 2, radius=2, visible=False))
        title_box, text_box = boxes or self.boxes_for(width)
        heading = self.add_child(text_block(title, title_box, CREAM, 20))
        text = self.add_child(text_block(description, text_box, MUTED, 20))
        # the name and its description centred together, as tall as the description's lines make
        # them: a two-line description (Japanese, Russian) keeps the same margin as the name above
        gap = 3.0
        top = (height - heading.height - gap - text.height) / 2
        heading.y = top + heading.height / 2
        text.y = top + heading.height + gap + text.height / 2
        self.restyle()

    @staticmethod
    def boxes_for(width: int, pairs: Sequence[tuple[str, str]] = ()) -> tuple[Box, Box]:
        """The boxes of a card's name and description; given every card's (name, description), at
        the one size at which all of them fit."""
        title = Box(width - 40, 21, bold=True, floor=15, name="card title")
        text = Box(width - 40, 16, lines=2, floor=12, name="card text")
        if not pairs:
            return title, text
        return one_size([p[0] for p in pairs], title), one_size([p[1] for p in pairs], text)

    def restyle(self) -> None:
        super().restyle()
        if hasattr(self, "stripe"):
            self.stripe.visible = self.selected

    def activate(self) -> Any | None:
        return self.on_select()


class DigitsField(Widget):
    """A number typed in: its name on the left, the digits (or a hint) on the right."""

    def __init__(
        self, text: str, value: str, hint: str, x: float, y: float, width: int, height: int = 44, *,
        max_digits: int = 18, on_change: Callable[[str], Any] = lambda value: None, name: str = "",
    ) -> None:
        super().__init__(x, y, width, height, name=name)
        self.value = value
        self.hint = hint
        self.max_digits = max_digits
        self.on_change = on_change
        self.add_child(label(text, 19, CREAM, 18, height / 2))
        self.value_text = self.add_child(label("", 19, CREAM, width - 18, height / 2, align="right"))
        self._show()
        self.restyle()

    def _show(self) -> None:
        caret = "_" if self.focused else ""
        self.value_text.text = self.value + caret if self.value else (caret or self.hint)
        self.value_text.color = CREAM if self.value else FAINT

    def set_focus(self, focused: bool) -> None:
        super().set_focus(focused)
        self._show()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
        elif event.unicode and event.unicode.isdigit() and event.unicode.isascii():
            if len(self.value) >= self.max_digits:
                return True
            self.value = (self.value + event.unicode).lstrip("0") or "0"
        else:
            return False
        self._show()
        self.on_change(self.value)
        return True


class TextField(Widget):
    """A line of text typed in (a save's name): ``pygame.TEXTINPUT`` brings the characters, so
    any keyboard layout and input method works; Backspace erases, Delete clears.

    A suggested ``value`` starts *selected*, as in any text box: the first character typed
    replaces it, Backspace clears it, Enter keeps it. ``allowed(ch)`` says which characters may
    be typed (others are ignored), ``limit`` how many."""

    def __init__(
        self, value: str, hint: str, x: float, y: float, width: int, height: int = 52, *, limit: int = 32,
        allowed: Callable[[str], bool] = str.isprintable, on_change: Callable[[str], Any] = lambda value: None,
        on_submit: Callable[[], Any] = lambda: None, selected: bool = True, name: str = "",
    ) -> None:
        super().__init__(x, y, width, height, name=name)
        self.value = value[:limit]
        self.selected_all = selected and bool(self.value)
        self.hint = hint
        self.limit = limit
        self.allowed = allowed
        self.on_change = on_change
        self.on_submit = on_submit
        self.highlight = self.add_child(Panel(10, height - 18, (232, 184, 84, 70), 18, height / 2, radius=4,
                                              anchor=(0.0, 0.5), visible=False))
        self.value_text = self.add_child(label("", 22, CREAM, 20, height / 2))
        self._show()
        self.restyle()

    def _show(self) -> None:
        caret = "|" if self.focused and not self.selected_all else ""
        shown = self.value + caret if self.value else (caret or self.hint)
        self.value_text.text = clip(shown, 22, self.width - 40, keep_end=shown != self.hint)
        self.value_text.color = CREAM if self.value else FAINT
        self.highlight.visible = self.selected_all and bool(self.value)
        if self.highlight.visible:
            self.highlight.width = round(self.value_text.content_size()[0] * self.value_text.scale) + 4

    def set_focus(self, focused: bool) -> None:
        super().set_focus(focused)
        self._show()

    def _set(self, value: str) -> None:
        self.value = value
        self.selected_all = False
        self._show()
        self.on_change(self.value)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self._set("" if self.selected_all else self.value[:-1])
            return True
        if event.key == pygame.K_DELETE:
            self._set("")
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP,
                         pygame.K_DOWN):
            return False
        # a printable key also arrives as TEXTINPUT: take its KEYDOWN so Space does not press a button
        return bool(getattr(event, "unicode", "")) and event.unicode.isprintable()

    def text_input(self, text: str) -> bool:
        base = "" if self.selected_all else self.value
        typed = "".join(ch for ch in text if self.allowed(ch))
        room = self.limit - len(base)
        if typed and room > 0:
            self._set(base + typed[:room])
        return True

    def activate(self) -> Any | None:
        return self.on_submit()


# --- the menu screen --------------------------------------------------------------------------


def widget_of(node: Node | None) -> Widget | None:
    while node is not None and not isinstance(node, Widget):
        node = node.parent
    return node


class MenuScreen(Screen):
    """A screen of widgets on the felt; subclasses fill ``self.root`` in :meth:`build`."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.window = size  # pixels
        self.size = size  # layout units: the window divided by the scale (set by ``layout``)
        self.root = Node()
        self.widgets: list[Widget] = []
        self.focus = -1
        self.scroll_list: ScrollRows | None = None  # a list whose focused row is kept in view
        self.layout()

    def build(self) -> None:
        raise NotImplementedError

    @property
    def still(self) -> bool:
        """A menu changes only when an event comes, unless it has an ``update`` of its own (a
        progress bar, a countdown, an animation)."""
        return type(self).update is Screen.update

    def add(self, widget: Widget, parent: Node | None = None) -> Widget:
        (parent or self.root).add_child(widget)
        self.widgets.append(widget)
        return widget

    def layout(self) -> None:
        """Build the screen afresh (at start, after a resize or a language change), keeping focus:
        on the widget of the same name when the new screen has one, on the main button when the
        focused widget is gone (a lesson's answer replaced by its explanation: the focus had
        fallen by position on the "original text" toggle, and Enter toggled it instead of going
        on), else at the same position."""
        global _scale
        focus = self.focus
        name = self.focused.name if self.focused is not None else ""
        _scale = ui_scale(self.window)
        self.size = (round(self.window[0] / _scale), round(self.window[1] / _scale))
        self.root = Node(scale=_scale)
        self.widgets = []
        self.focus = -1
        self.scroll_list = None
        try:
            self.build()
        finally:
            _scale = 1.0
        named = [i for i, w in enumerate(self.widgets) if name and w.name == name]
        if len(named) == 1 and self.widgets[named[0]].enabled:
            self.set_focus(named[0])
        elif name and not named:
            self.set_focus(self.main_focus())
        else:
            self.set_focus(focus if 0 <= focus < len(self.widgets) else self.first_focus())

    def first_focus(self) -> int:
        return next((i for i, w in enumerate(self.widgets) if w.enabled), -1)

    def main_focus(self) -> int:
        """The main (gold) button, where Enter goes on; the first widget when there is none."""
        main = (i for i, w in enumerate(self.widgets) if isinstance(w, Button) and w.primary and w.enabled)
        return next(main, self.first_focus())

    def language_changed(self) -> None:
        self.layout()  # every label is built from the catalogs in ``build``

    def resize(self, size: tuple[int, int]) -> None:
        if size != self.window:
            self.window = size
            self.layout()

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def set_focus(self, index: int) -> None:
        if self.focused is not None:
            self.focused.set_focus(False)
        self.focus = index
        focused = self.focused
        if focused is not None:
            focused.set_focus(True)
            if self.scroll_list is not None:
                self.scroll_list.reveal(focused)

    def move(self, delta: int) -> None:
        n = len(self.widgets)
        if n == 0:
            return
        i = self.focus
        for _ in range(n):
            i = (i + delta) % n
            if self.widgets[i].enabled:
                self.set_focus(i)
                return

    def confirm_choice(self) -> None:
        """Enter on a setting keeps its value (the key help says Enter confirms) and goes on to the
        screen's main action, or to the next row where there is none. Seen: a player who set a
        match's length and pressed Enter to start flipped the length with each press instead.
        Left/Right, Space and a click change a setting."""
        main = next((i for i, w in enumerate(self.widgets) if isinstance(w, Button) and w.primary and w.enabled), None)
        if main is None:
            self.move(1)
        else:
            self.set_focus(main)

    def back(self) -> Any | None:
        return Back()

    def scroll(self, lines: int) -> None:
        """The mouse wheel (positive: up); most screens do not scroll."""

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        if event.type == pygame.MOUSEMOTION:
            if tuple(getattr(event, "rel", (1, 0))) == (0, 0):
                # no move: SDL tells where the pointer rests when a window opens (seen under X11: a
                # motion to the window's centre put the title's focus on New game, not Continue)
                return None
            widget = widget_of(self.root.node_at(event.pos))
            if widget is not None and widget.enabled and widget is not self.focused:
                self.set_focus(self.widgets.index(widget))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.root.node_at(event.pos)
            widget = widget_of(hit)
            if widget is None or not widget.enabled or hit is None:
                return None
            if widget is not self.focused:
                self.set_focus(self.widgets.index(widget))
            audio.current().play(audio.Cue.UI)
            return widget.click(hit)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(event.y)
        elif event.type == pygame.TEXTINPUT and self.focused is not None:
            self.focused.text_input(event.text)
        return None

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        widget = self.focused
        if widget is not None and widget.key(event):
            return None
        key = event.key
        if key == pygame.K_ESCAPE:
            return self.back()
        if key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.move(-1)
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.move(1)
        elif widget is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            audio.current().play(audio.Cue.UI)
            if type(widget).step is Widget.step:  # a button: Left/Right go along its row
                self.move_across(-1 if key == pygame.K_LEFT else 1)
                return None
            return widget.step(-1 if key == pygame.K_LEFT else 1)
        elif isinstance(widget, Choice) and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            audio.current().play(audio.Cue.UI)
            self.confirm_choice()
        elif widget is not None and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            audio.current().play(audio.Cue.UI)
            return widget.activate()
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(5 if key == pygame.K_PAGEUP else -5)
        return None

    def move_across(self, direction: int) -> None:
        """The focus to the nearest widget beside the focused one, left (-1) or right (+1), in the
        same row (seen: the results screen's four buttons in one row answered only Up/Down/Tab)."""
        here = self.focused
        if here is None:
            return
        middle = here.y + here.height / 2
        beside = [(direction * (w.x - here.x), i) for i, w in enumerate(self.widgets)
                  if w is not here and w.enabled and w.parent is here.parent
                  and abs(w.y + w.height / 2 - middle) < max(w.height, here.height) / 2
                  and direction * (w.x - here.x) > 0]
        if beside:
            self.set_focus(min(beside)[1])

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        self.root.draw(surface)

    def heading(self, text: str, *, y: float = 64) -> None:
        """The screen's title, top left, and a thin rule under it."""
        self.root.add_child(label(text, 40, CREAM, 72, y, bold=True))
        width = self.size[0] - 144
        self.root.add_child(Panel(width, 2, (232, 184, 84, 90), 72 + width / 2, y + 38, radius=1))


class ListScreen(MenuScreen):
    """A menu screen around one :class:`ScrollRows` list: the wheel scrolls it a row at a time
    (and Up/Down too where :attr:`ARROWS_SCROLL`: a list of text, with no rows to focus), and its
    place (``offset``) is kept when the screen is built again (a resize, a language switch)."""

    ARROWS_SCROLL = False

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.offset = 0  # rows scrolled away at the top
        super().__init__(size)

    def keep_list(self, rows: ScrollRows) -> ScrollRows:
        """``rows`` as the screen's list, scrolled back to where the screen was."""
        self.list = rows
        rows.scroll(0, to=self.offset)
        return rows

    def scroll(self, lines: int) -> None:
        self.list.scroll(lines)
        self.offset = self.list.offset

    def handle_key(self, event: pygame.event.Event) -> Any | None:
        if self.ARROWS_SCROLL and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll(1 if event.key == pygame.K_UP else -1)
            return None
        return super().handle_key(event)


class ScrollRows:
    """Rows of a list shown ``row_height`` apart between ``top`` and ``bottom``, scrolled by whole
    rows, with a thin gold thumb at ``thumb_x`` when they do not all fit. A row may take several
    slots (``spans``): a long rule wraps at a readable size instead of shrinking to fit one."""

    def __init__(self, parent: Node, rows: list[Node], top: float, bottom: float, row_height: int,
                 thumb_x: float, spans: Sequence[int] | None = None, headings: Sequence[int] = ()) -> None:
        self.rows = rows
        self.spans = list(spans) if spans is not None else [1] * len(rows)
        self.headings = frozenset(headings)  # rows shown only with the row after them (a section's title)
        self.top = top
        self.row_height = row_height
        self.shown = max(1, int(bottom - top) // row_height)  # slots in view
        self.offset = 0
        for row in rows:
            parent.add_child(row)
        track = self.shown * row_height
        self.thumb = parent.add_child(
            Panel(4, max(24, round(track * min(1.0, self.shown / max(1, sum(self.spans))))), (232, 184, 84, 150),
                  thumb_x, top, radius=2, anchor=(0.5, 0.0), visible=self.max_offset() > 0)
        )
        self.track = track
        self.place()

    def max_offset(self) -> int:
        """The first row shown when the list is scrolled to its end (its last rows fill the view)."""
        used = 0
        for i in range(len(self.rows) - 1, -1, -1):
            used += self.spans[i]
            if used > self.shown:
                return i + 1
        return 0

    def scroll(self, lines: int, *, to: int | None = None) -> None:
        target = self.offset - lines if to is None else to
        self.offset = min(self.max_offset(), max(0, target))
        self.place()

    def reveal(self, row: Node) -> None:
        """Scroll the least so that ``row`` (if it is one of the rows) is shown."""
        if row not in self.rows:
            return
        i = self.rows.index(row)
        if i < self.offset:
            self.scroll(0, to=i)
        while not row.visible and self.offset < min(i, self.max_offset()):
            self.scroll(0, to=self.offset + 1)

    def place(self) -> None:
        at = -sum(self.spans[: self.offset])  # the slot each row starts at, the first shown at 0
        for row, span in zip(self.rows, self.spans, strict=True):
            row.visible = at >= 0 and at + span <= self.shown
            row.y = self.top + (at + span / 2) * self.row_height
            at += span
        for i in self.headings:  # never a heading alone at the foot of the view
            if i + 1 < len(self.rows) and not self.rows[i + 1].visible:
                self.rows[i].visible = False
        most = self.max_offset()
        self.thumb.y = self.top + ((self.track - self.thumb.height) * self.offset / most if most else 0)
