"""A line of UI text in the shipped fonts: Atlas Sans, and the language's CJK face for the rest.

Why: the interface speaks five languages and mixes scripts in one line (``碰 Pèng``, a Japanese
sentence with ``5p`` in it, the language list ``English · 日本語 · 繁體中文``). No single shipped
font holds everything, so a line is cut into runs by the face that draws each character and the
runs are set on one baseline. Atlas Sans draws Latin and Cyrillic; the CJK face follows the
interface language (Japanese forms for ``ja``, Traditional Chinese otherwise:
:func:`game.ui.fonts.cjk_region`), and in a CJK language it also draws the general punctuation
(full-width ``…`` and ``—``).

:class:`UIFont` answers ``render``, ``size`` and ``get_linesize`` as a ``pygame.font.Font`` does
(what :class:`~game.scene.Text` and the layouts ask of a font), and measures widths from cached
glyph advances, so fitting a text (:mod:`game.ui.fitting`) takes time linear in its length.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

import pygame

from game import i18n

from . import fonts

_SANS: Final = frozenset(fonts.SANS_CHARS)
_CJK_PUNCTUATION: Final = frozenset(fonts.CJK_PUNCTUATION)
CJK_LANGUAGES: Final = frozenset({"ja", "zh_TW"})


class UIFont:
    """Atlas Sans at a pixel size with a CJK face under it (one object per size, weight and face)."""

    def __init__(self, size: int, bold: bool, region: str, cjk_first_punctuation: bool) -> None:
        self.point_size = size
        self.bold = bold
        self.region = region
        self.sans = pygame.font.Font(str(fonts.sans_font_path(bold)), size)
        self.cjk = pygame.font.Font(str(fonts.cjk_font_path(region, bold)), size)
        self._cjk_punctuation = cjk_first_punctuation
        self._advances: dict[str, int] = {}
        self._ascent = max(self.sans.get_ascent(), self.cjk.get_ascent())
        self._descent = min(self.sans.get_descent(), self.cjk.get_descent())

    # --- which face draws what ----------------------------------------------------------------

    def face_of(self, ch: str) -> pygame.font.Font:
        if self._cjk_punctuation and ch in _CJK_PUNCTUATION:
            return self.cjk
        return self.sans if ch in _SANS or ch.isspace() else self.cjk

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """``text`` cut where the face changes: ``[(sans, "5p "), (cjk, "を切る")]``."""
        runs: list[tuple[pygame.font.Font, str]] = []
        start = 0
        face = None
        for i, ch in enumerate(text):
            this = self.face_of(ch)
            if this is not face:
                if face is not None:
                    runs.append((face, text[start:i]))
                face, start = this, i
        if face is not None:
            runs.append((face, text[start:]))
        return runs

    # --- measuring ----------------------------------------------------------------------------

    def advance(self, ch: str) -> int:
        """How far ``ch`` moves the pen (cached: a text is measured by summing these)."""
        width = self._advances.get(ch)
        if width is None:
            metrics = self.face_of(ch).metrics(ch)
            width = metrics[0][4] if metrics and metrics[0] is not None else 0
            self._advances[ch] = width
        return width

    def advances(self, text: str) -> list[int]:
        return [self.advance(ch) for ch in text]

    def width(self, text: str) -> int:
        """The width of ``text`` from the glyph advances (kerning left out: within a pixel or two
        of :meth:`size`, which :mod:`game.ui.fitting` checks a line against once)."""
        return sum(self.advance(ch) for ch in text)

    def size(self, text: str) -> tuple[int, int]:
        """The exact size of ``text`` as :meth:`render` draws it (kerning included)."""
        runs = self.runs(text)
        if not runs:
            return (0, self.get_height())
        if len(runs) == 1 and runs[0][0] is self.sans:
            return self.sans.size(text)
        return (sum(face.size(part)[0] for face, part in runs), self.get_height())

    def get_ascent(self) -> int:
        return self._ascent

    def get_descent(self) -> int:
        return self._descent

    def get_height(self) -> int:
        return self._ascent - self._descent

    def get_linesize(self) -> int:
        return max(self.sans.get_linesize(), self.cjk.get_linesize())

    def covers(self, ch: str) -> bool:
        """Whether a shipped face has a glyph for ``ch`` (a typed character may not)."""
        if ch in _SANS or ch.isspace():
            return True
        return covered(self.region, self.bold, ch)

    # --- drawing ------------------------------------------------------------------------------

    def render(self, text: str, antialias: bool, color: tuple[int, ...],
               background: tuple[int, ...] | None = None) -> pygame.Surface:
        """One surface with every run on a common baseline, as tall as both faces' lines (Latin or
        Cyrillic alone: exactly what Atlas Sans draws, so such text sits where it always did)."""
        runs = self.runs(text)
        if not runs:
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)
        if len(runs) == 1 and runs[0][0] is self.sans:  # Latin or Cyrillic alone: Atlas Sans's own image
            return self.sans.render(text, antialias, color, background)
        images = [(face, face.render(part, antialias, color, background)) for face, part in runs]
        height = max(self.get_height(), *(self._ascent - face.get_ascent() + image.get_height()
                                          for face, image in images))
        out = pygame.Surface((sum(image.get_width() for _, image in images), height), pygame.SRCALPHA)
        if background is not None:
            out.fill(background)
        x = 0
        for face, image in images:
            out.blit(image, (x, self._ascent - face.get_ascent()))
            x += image.get_width()
        return out


@lru_cache(maxsize=4096)
def covered(region: str, bold: bool, ch: str) -> bool:
    """Whether the CJK face has a glyph for ``ch`` (freetype says None for a missing glyph, where
    SDL_ttf would answer with the .notdef box's metrics)."""
    metrics = fonts.freetype_font(fonts.cjk_font_path(region, bold)).get_metrics(ch, size=12)
    return bool(metrics) and metrics[0] is not None


@lru_cache(maxsize=160)  # every size the table, the panels and the menus use (a font costs ~1 ms)
def _font(size: int, bold: bool, region: str, cjk_punctuation: bool) -> UIFont:
    if not pygame.font.get_init():
        pygame.font.init()
    return UIFont(size, bold, region, cjk_punctuation)


def ui_font(size: int, bold: bool = False, language: str | None = None) -> UIFont:
    """The UI font at a pixel size for ``language`` (default: the interface language now)."""
    lang = i18n.language() if language is None else language
    return _font(max(6, size), bold, fonts.cjk_region(lang), lang in CJK_LANGUAGES)


def clear_cache() -> None:
    """Forget the font objects (they die with ``pygame.quit()``)."""
    _font.cache_clear()
