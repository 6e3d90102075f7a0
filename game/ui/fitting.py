"""Texts that fit their box: wrapped at the language's break points, or set smaller down to a floor.

Why one module: a title, a button, a rule quote or a hint is never cut short with an ellipsis; a
translation twice as long as the English (Russian) or one with no spaces at all (Japanese,
Chinese) must still be read whole. Every place that draws catalog text says what its box is
(:class:`Box`: a width, how many lines, the size it wants and the smallest it may take) and asks
:func:`fit` for the lines and the size. The tests drive every screen in every language with
:func:`recording` on and assert each text fitted its box.

Speed: a text is measured from cached glyph advances (:meth:`game.ui.typeset.UIFont.advance`) and
broken in one pass with prefix sums, so fitting is linear in the length of the text; each size
tried costs one pass, and a size is only tried when the one above did not fit. Results are cached
by (text, box, scale, language), so a screen laid out again (a key press, a resize) fits nothing
twice.

Line breaking follows what readers of each script expect: at spaces; between any two CJK
characters, except that a line never starts with closing punctuation, a small kana or the long
vowel mark (、。」ー…) nor ends with an opening bracket (「（) — the Japanese *kinsoku* rules, which
Chinese typesetting shares; after a slash or a backslash in a long path; and, for a run with no
break point wider than the box, anywhere.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from game import i18n
from game.scene.linebreak import break_kinds, emergency_breaks, japanese_font

from .typeset import UIFont, ui_font

ABSOLUTE_FLOOR: Final = 11  # no text is set smaller than this (pixels at the design size)


@dataclass(frozen=True)
class Box:
    """Where a text is drawn: ``lines`` lines of at most ``width`` layout units, in ``size``
    pixels, set smaller down to ``floor`` (default: three quarters of ``size``) when it does not
    fit. ``name`` says what the box is (the tests' reports name it)."""

    width: float
    size: int
    lines: int = 1
    bold: bool = False
    floor: int = 0
    name: str = ""
    shrink_first: bool = False  # a label: one line, smaller, before it wraps (a paragraph wraps first)
    height: float = 0.0  # when set, no more lines than fit in it at ``leading``
    leading: float = 1.22  # the line step, times the size

    @property
    def smallest(self) -> int:
        floor = self.floor or round(self.size * 0.75)
        return min(self.size, max(ABSOLUTE_FLOOR, floor))

    def lines_at(self, size: int) -> int:
        """How many lines the box takes at ``size``: ``lines``, or fewer when its height is set."""
        if not self.height:
            return self.lines
        return max(1, min(self.lines, int(self.height // (size * self.leading))))


@dataclass(frozen=True)
class Fitted:
    """The lines of a text in its box, at ``size``; ``fits`` is False when even the floor size
    needs more lines than the box has (the lines are all there: nothing is cut)."""

    lines: tuple[str, ...]
    size: int
    fits: bool
    width: float  # the widest line, in layout units

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


# --- where a line may break: game.scene.linebreak (the rich text lines of the table break alike) --

def wrap_lines(text: str, font: UIFont, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels (one pass over the text).

    Greedy, as every typesetter of UI text: a line takes what fits and breaks at the last break
    point; a run with no break point that is wider than a line is broken where it overflows."""
    if not text:
        return [""]
    adv = font.advances(text)
    prefix = [0] * (len(text) + 1)
    for i, a in enumerate(adv):
        prefix[i + 1] = prefix[i] + a
    kinds = break_kinds(text, japanese_font(font))
    lines: list[str] = []
    n = len(text)
    start = 0
    last = -1  # the last index after ``start`` the line may end at
    i = 0
    while i < n:
        if i > start and kinds[i] == 3:
            lines.append(text[start:i - 1].rstrip(" "))
            start, last = i, -1
        elif i > start and kinds[i]:
            last = i
        if text[i] not in " \n" and i > start and prefix[i + 1] - prefix[start] > width:
            cut = last if last > start else _overflow_cut(text, start, i)
            lines.append(text[start:cut].rstrip(" \n"))
            start = cut
            while start < n and text[start] == " ":
                start += 1
            last = -1
            i = start  # what follows the cut is measured again, once: the pass stays linear
            continue
        i += 1
    lines.append(text[start:].rstrip(" \n"))
    return lines


def wrap_items(text: str, separator: str, font: UIFont, width: float) -> list[str]:
    """A list of items joined by ``separator`` (a key help line: "Enter discards it · D the drawn
    tile") broken into rows between items, never inside one that fits a row: a reader looks for
    a key with its meaning beside it. Greedy, as :func:`wrap_lines`; an item wider than a row
    alone is broken by :func:`wrap_lines`. Each row is an :class:`~game.i18n.ItemRun` of ``text``
    (written again in another language, it is the same items)."""
    items = text.split(separator) if separator else [text]
    rows: list[str] = []
    start = 0
    for stop in range(1, len(items) + 1):
        if stop < len(items) and font.size(separator.join(items[start:stop + 1]))[0] <= width:
            continue  # the next item fits on this row too
        row = i18n.ItemRun(text, separator, start, stop)
        rows.extend(wrap_lines(row, font, width) if font.size(row)[0] > width else [row])
        start = stop
    return rows


def _overflow_cut(text: str, start: int, at: int) -> int:
    """Where a run with no break point that overflows at ``at`` is cut: at the last place the
    kinsoku rules allow within the line (Chinese or Japanese: :func:`emergency_breaks`; a number
    keeps its counter), else where it overflows. Looks back over one line only."""
    cuts = emergency_breaks(text[start:at + 1])
    return start + cuts[-1] if cuts else at


# --- what a player typed: shortened to one line, never reflowed -----------------------------------


def clip(text: str, font: UIFont, width: float, *, keep_end: bool = False) -> str:
    """A line the player typed (a save's name, a file's path) shortened with an ellipsis to
    ``width`` pixels: its start kept, or with ``keep_end`` its end (a path's file name). One pass
    over the glyph advances, then one exact measure per character given back; catalog text is
    never clipped (:func:`fit` wraps it or sets it smaller)."""
    if font.width(text) <= width and font.size(text)[0] <= width:
        return text
    budget = width - font.width("…")
    used = 0
    chars = list(reversed(text)) if keep_end else list(text)
    kept = 0
    for ch in chars:
        used += font.advance(ch)
        if used > budget:
            break
        kept += 1

    def shown(n: int) -> str:
        return "…" + text[len(text) - n:] if keep_end else text[:n].rstrip() + "…"

    while kept > 0 and font.size(shown(kept))[0] > width:
        kept -= 1
    return shown(kept) if kept else "…"


# --- fitting --------------------------------------------------------------------------------------

_recorded: list[tuple[str, Box, Fitted, str]] | None = None


@contextlib.contextmanager
def recording() -> Iterator[list[tuple[str, Box, Fitted, str]]]:
    """Every fit made inside: (text, box, result, language). The fitting tests use it."""
    global _recorded
    outer, _recorded = _recorded, []
    try:
        yield _recorded
    finally:
        _recorded = outer


def fit(text: str, box: Box, scale: float = 1.0, language: str | None = None) -> Fitted:
    """The lines and size at which ``text`` fits ``box``; ``scale`` is the window's pixels per
    layout unit (text is set at the final pixel size, so it stays crisp)."""
    lang = i18n.language() if language is None else language
    result = _fit(text, box, round(scale, 4), lang)
    if _recorded is not None:
        _recorded.append((text, box, result, lang))
    return result


def fits(text: str, box: Box, scale: float = 1.0, language: str | None = None) -> bool:
    """Whether ``text`` would fit ``box``: a question a screen asks to choose between words (a
    rulebook's name or its short name), not a fit it draws, so the fitting tests do not see it."""
    return _fit(text, box, round(scale, 4), i18n.language() if language is None else language).fits


def size_for(text: str, box: Box, scale: float = 1.0, language: str | None = None) -> int:
    """The size at which ``text`` would fit ``box`` (a measure for setting a row of texts alike, not
    a fit drawn: the fitting tests do not see it)."""
    return _fit(text, box, round(scale, 4), i18n.language() if language is None else language).size


def _attempt(text: str, box: Box, scale: float, language: str, size: int, most: int) -> list[str] | None:
    """The lines of ``text`` at ``size`` if they are at most ``most`` and each fits the width."""
    font = ui_font(round(size * scale), box.bold, language)
    room = box.width * scale
    if "\n" not in text and font.width(text) <= room and font.size(text)[0] <= room:
        return [text]
    if most == 1:
        return None
    lines = wrap_lines(text, font, room)
    over = max(font.size(line)[0] for line in lines) - room
    if over > 0:  # kerning or an overhang the advances do not show: break a little narrower
        lines = wrap_lines(text, font, room - over)
    if len(lines) <= most and all(font.size(line)[0] <= room for line in lines):
        return lines
    return None


@lru_cache(maxsize=4096)
def _fit(text: str, box: Box, scale: float, language: str) -> Fitted:
    sizes = range(box.size, box.smallest - 1, -1)
    passes = ((1, box.lines) if box.shrink_first and box.lines > 1 else (box.lines,))
    for most in passes:
        for size in sizes:
            lines = _attempt(text, box, scale, language, size, min(most, box.lines_at(size)))
            if lines is not None:
                return Fitted(tuple(lines), size, True, _widest(lines, box, scale, language, size))
    font = ui_font(round(box.smallest * scale), box.bold, language)
    lines = wrap_lines(text, font, box.width * scale)
    return Fitted(tuple(lines), box.smallest, False, _widest(lines, box, scale, language, box.smallest))


def group_size(texts: list[str], box: Box, scale: float = 1.0, language: str | None = None) -> int:
    """The one size at which every text of a group fits ``box`` (the rows of a list look alike):
    the largest at which all fit on one line, else, for a box of several lines, the largest at
    which all fit in them; the floor when even that fails (the test of each row says so)."""
    lang = i18n.language() if language is None else language
    sizes = range(box.size, box.smallest - 1, -1)
    for most in ((1, box.lines) if box.lines > 1 else (1,)):
        for size in sizes:
            if all(_attempt(text, box, round(scale, 4), lang, size, min(most, box.lines_at(size))) is not None
                   for text in texts):
                return size
    return box.smallest


def _widest(lines: list[str], box: Box, scale: float, language: str, size: int) -> float:
    font = ui_font(round(size * scale), box.bold, language)
    return max(font.size(line)[0] for line in lines) / scale


def clear_cache() -> None:
    _fit.cache_clear()
