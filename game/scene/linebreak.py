"""Where a line of UI text may break, as readers of each script expect (one rule set for the
fitted labels of :mod:`game.ui.fitting` and the word-and-picture lines of :mod:`game.scene.rich`).

At spaces (not one before closing punctuation: French "Rejetez [tile] : …"); between any two CJK characters, except that a line never starts with closing
punctuation, a small kana or the long vowel mark (、。」ー…) nor ends with an opening bracket
(「（) — the Japanese *kinsoku* rules, which Chinese typesetting shares; after a slash or a
backslash in a long path; after a hyphen between letters.
"""

from __future__ import annotations

from typing import Final

# A line never starts with these (closing marks, small kana, iteration and long-vowel marks) ...
NO_START: Final = frozenset(
    ",.:;!?)]}…‥、。，．：；！？）］｝」』】〕〉》〙〗〟’”｣ー‐゠–〜～々〻ゝゞヽヾ・"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ%％‰°℃"
)
# ... nor ends with these (opening marks).
NO_END: Final = frozenset("([{（［｛「『【〔〈《〘〖〝‘“｢«")


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x3FFFF)


def break_kinds(text: str) -> list[int]:
    """For each index i: 0 no break before text[i]; 1 a break may come before it (the line
    ends at i); 2 a space at i-1 may be dropped at the break; 3 a forced break (a newline)."""
    n = len(text)
    out = [0] * (n + 1)
    for i in range(1, n):
        before, ch = text[i - 1], text[i]
        if before == "\n":
            out[i] = 3
        elif before == " " and ch != " " and ch not in NO_START:
            out[i] = 2  # (a space before a colon, as French writes it, holds the colon to its word)
        elif ch in NO_START or before in NO_END or ch == " " or ch == "\n":
            continue
        elif is_cjk(ch) or is_cjk(before) or before in "/\\" or (
                before in "-–—" and ch.isalnum() and text[i - 2:i - 1].isalnum()):
            out[i] = 1  # CJK, after a path's slash, after a hyphen between letters
    return out
