"""Words on screen written again in the current language, after the player switched.

Why a walk over the nodes: every label the screens build holds a catalog message (what
:func:`game.i18n.t` returns remembers its key and values), so a screen needs no list of its
labels to translate them: it hands its node tree here, and each ``Text`` is written again (its
image re-rendered once), and each node that knows how (``retranslate()``: a sentence with tiles)
does it itself. What a label's width decides (a panel around it) is the screen's to lay out again.

The faces change with the words: a label set in another language's faces (Chinese forms for
English and Chinese, Japanese forms for Japanese: :func:`game.ui.fonts.cjk_region`) takes the
current language's font of the same size, or a Japanese word switched to from English would draw
boxes for the kanji the Chinese subset lacks (捨, 聴, 枚, 残: seen on the table's key help and its
AI reasons after Settings -> Language mid-match).
"""

from __future__ import annotations

from typing import Any

from game.i18n import again, fresh, language
from game.scene import Node, Text
from game.ui import typeset


def _refont(node: Any) -> None:
    """``node``'s font made the current language's, at the same size and weight."""
    font = getattr(node, "font", None)
    if isinstance(font, typeset.UIFont):
        now = typeset.ui_font(font.point_size, font.bold)
        if now is not font:
            node.font = now


def retranslate_tree(root: Node, *, only_stale: bool = False) -> int:
    """Write every label under ``root`` again (``only_stale``: only those in another language than
    the current one); returns how many nodes were visited that hold words."""
    redo = fresh if only_stale else again
    count = 0
    for node in root.walk():
        if isinstance(node, Text):
            node.text = redo(node.text)
            _refont(node)
            count += 1
        else:
            _refont(node)
            retranslate = getattr(node, "retranslate", None)
            if callable(retranslate):
                source = getattr(node, "source", None)
                if not only_stale or getattr(source, "language", language()) != language():
                    retranslate()
                count += 1
    return count
