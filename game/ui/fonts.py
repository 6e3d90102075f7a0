"""Where the bundled fonts live, what they promise to cover, and cached font objects.

The game ships small subsets of OFL fonts, made by ``build/make_font_subset.py`` from Debian's
``fonts-noto-cjk`` and ``fonts-noto-core`` packages and renamed as ``assets/fonts/README.md`` says:

* **Atlas Sans** (Latin, Latin-1, Latin Extended-A, Cyrillic, punctuation) for all UI text;
* **Atlas Sans JP** and **Atlas Sans TC** (Noto Sans CJK, Japanese and Traditional Chinese forms)
  for the CJK characters of UI text: exactly the characters the catalogs and the tutorial levels
  use (the build script reads them), plus :data:`CJK_BASE_CHARS`. :mod:`game.ui.typeset` sets a
  line in Atlas Sans with the language's CJK face for what Atlas Sans lacks;
* **Atlas Glyphs** (CJK, serif bold): the characters printed on tiles plus the Chinese and
  Japanese terms listed in :data:`CJK_TERMS`.

A glyph missing from a subset renders blank, so the tests check every promised character against
the shipped files. This module imports pygame only when a font object is asked for, so the build
script can read the glyph lists without it.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import pygame.freetype

GLYPH_FONT_FILE: Final = "AtlasGlyphs-Bold.otf"
SANS_FONT_FILES: Final = {False: "AtlasSans-Regular.ttf", True: "AtlasSans-Bold.ttf"}

# The CJK text faces (Noto Sans CJK subsets): the Japanese forms for a Japanese interface, the
# Traditional Chinese (Taiwan) forms for everything else (zh_TW, and the Chinese terms and tai
# names the other languages print). The same code point has different shapes in the two (直 骨 角
# 海), so each language reads its own; see :func:`cjk_region`.
CJK_REGIONS: Final = ("JP", "TC")
CJK_FONT_FILES: Final = {
    ("JP", False): "AtlasSansJP-Regular.otf",
    ("JP", True): "AtlasSansJP-Bold.otf",
    ("TC", False): "AtlasSansTC-Regular.otf",
    ("TC", True): "AtlasSansTC-Bold.otf",
}


def cjk_region(language: str) -> str:
    """Which CJK face draws the Han characters, kana and CJK punctuation of ``language``."""
    return "JP" if language == "ja" else "TC"

# Everything on a tile face, in the order of the kinds.
TILE_GLYPHS: Final = "一二三四五六七八九萬東南西北中發春夏秋冬梅蘭菊竹"

# Terms the UI may print in CJK: calls, table words, yaku and Taiwanese patterns (traditional
# Chinese and Japanese forms both), so labels can be added without rebuilding the font.
CJK_TERMS: Final = (
    TILE_GLYPHS,
    "十百千万萬白发龍龙花風风",
    "吃碰槓杠胡和立直自摸榮栄ロンツモリーチポンチーカンドラ",
    "流局莊庄家台番符翻飜點点棒親子本場供託東風戦半荘局",
    "門前清平断幺么九一盃口役牌三色同順気通貫混全帯純七対々暗刻小元老頭",
    "二大字緑国士無双四喜蓮宝燈天地人発嶺上開海底撈月河魚搶槍",
    "満跳倍数え赤裏連拉不求五八仙過抓單単聽聴騎獨独贏輸和了",
    "麻將雀東西南北第回戰局終",
    "ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとど"
    "なにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろわをん",
    "ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトド"
    "ナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロワヲンヴー・",
    "、。「」『』（）！？：　",
)


def cjk_chars() -> str:
    """The promised CJK characters, each once, in first-seen order."""
    return "".join(dict.fromkeys("".join(CJK_TERMS)))


def _ranges(*spans: tuple[int, int]) -> str:
    return "".join(chr(c) for lo, hi in spans for c in range(lo, hi + 1))


# Latin, Latin-1, Latin Extended-A, Cyrillic (with the Ukrainian and Belarusian letters),
# general punctuation and the few symbols the UI uses (× · • № ₽ € ™; Noto Sans has no arrows).
SANS_CHARS: Final = _ranges(
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x100, 0x17F),
    (0x400, 0x45F),
    (0x490, 0x491),
    (0x2010, 0x2027),
    (0x2030, 0x203A),
) + "€₽№™"


@lru_cache(maxsize=1)
def fonts_dir() -> Path:
    """``assets/fonts`` beside the source tree, or inside a PyInstaller bundle when frozen. Kept:
    resolving the path walks the file system (~30 us), and every tile face painted asks for it
    (the replay viewer's paint steps during an import spent tens of ms there)."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets" / "fonts"
    return Path(__file__).resolve().parents[2] / "assets" / "fonts"


def glyph_font_path() -> Path:
    return fonts_dir() / GLYPH_FONT_FILE


def cjk_font_path(region: str, bold: bool = False) -> Path:
    return fonts_dir() / CJK_FONT_FILES[(region, bold)]


# Always in the CJK text subsets, whatever the catalogs hold: CJK punctuation and symbols, the
# full-width forms, kana (a Japanese player may type a save's name in kana) and bopomofo.
CJK_BASE_CHARS: Final = _ranges(
    (0x3000, 0x303F),
    (0x3041, 0x3096),
    (0x3099, 0x30FF),
    (0x3105, 0x312F),
    (0xFF01, 0xFF5E),
)
# In a CJK language these marks take the CJK face's full-width shapes (… — “ ” ・), not Atlas
# Sans's Latin ones (the middle dot · stays Latin: code joins words with " · ").
CJK_PUNCTUATION: Final = "‐–—―‖‘’“”‥…‰′″※"


def sans_font_path(bold: bool = False) -> Path:
    return fonts_dir() / SANS_FONT_FILES[bold]


@lru_cache(maxsize=8)
def _freetype_font(path: str) -> pygame.freetype.Font:
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    # A path (not a file object): freetype reads lazily and would outlive a closed buffer.
    font = pygame.freetype.Font(path)
    font.antialiased = True
    font.pad = False
    return font


def freetype_font(path: Path) -> pygame.freetype.Font:
    """A shipped font file as a freetype font (it tells a missing glyph from a present one)."""
    return _freetype_font(str(path))


def glyph_font() -> pygame.freetype.Font:
    """The CJK glyph font; pass ``size=`` when rendering (one object serves every size)."""
    return _freetype_font(str(glyph_font_path()))


def sans_font(bold: bool = False) -> pygame.freetype.Font:
    """The Latin/Cyrillic UI font; pass ``size=`` when rendering."""
    return _freetype_font(str(sans_font_path(bold)))
