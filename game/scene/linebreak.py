"""Where a line of UI text may break, as readers of each script expect (one rule set for the
fitted labels of :mod:`game.ui.fitting` and the word-and-picture lines of :mod:`game.scene.rich`).

At spaces (not one before closing punctuation: French "Défaussez [tile] : …"); between CJK
characters, except that a line never starts with closing punctuation, a small kana or the long
vowel mark (、。」ー…) nor ends with an opening bracket (「（) — the Japanese *kinsoku* rules, which
Chinese typesetting shares; after a slash or a backslash in a long path; after a hyphen between
letters.

Words and numbers stay whole. A number never leaves its counter ("36張", "36 張", "43枚", "3向聴"):
no break between a digit and the CJK character after it, with or without a space. Japanese text
(any kana in it) breaks only between phrases, as Japanese typesetters of UI text do (the *bunsetsu*
rule of BudouX and of browsers' ``word-break: auto-phrase``): after a run of hiragana (a phrase's
particle or ending) before what is not hiragana, after punctuation, before an opening bracket —
never inside a word ("受け入れ", "聴牌", "リーチ"). Chinese breaks between any two Han characters,
as Chinese typesetting does. A run with no break wider than the line is the fitter's business (it
breaks where the run overflows: :func:`emergency_breaks`).
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


def is_kana(ch: str) -> bool:
    return 0x3041 <= ord(ch) <= 0x30FF or 0x31F0 <= ord(ch) <= 0x31FF


def is_hiragana(ch: str) -> bool:
    return 0x3041 <= ord(ch) <= 0x309F


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9" or "０" <= ch <= "９"


# after these a Japanese phrase may end (punctuation, closing marks, the middle dot)
_PHRASE_END: Final = frozenset("、。，．：；！？）］｝」』】〕〉》・…‥")


# the particles that end a phrase when they stand alone after a word ("東家の", "南家が", "[tile]を")
_PARTICLES: Final = frozenset("はがをにでともへのやか")


def _japanese_glued(text: str, i: int) -> bool:
    """Whether a Japanese line may not break before ``text[i]`` (a CJK character on either side):
    only a phrase's end makes room for a break: a run of hiragana (two or more, or one particle:
    a lone kana between kanji is a word's own, "受け入れ") before what is not hiragana, or
    punctuation; or an opening bracket after."""
    before, ch = text[i - 1], text[i]
    if before in _PHRASE_END or ch in NO_END:
        return False
    if not is_hiragana(before) or is_hiragana(ch):
        return True
    return not (before in _PARTICLES or (i >= 2 and is_hiragana(text[i - 2])))


def japanese_font(font: object) -> bool | None:
    """True when ``font`` draws Japanese (its CJK face has Japanese forms: the text is Japanese,
    even a label of kanji alone, "下家"); None to tell from the text itself (any kana in it)."""
    return True if getattr(font, "region", None) == "JP" else None


def break_kinds(text: str, japanese: bool | None = None) -> list[int]:
    """For each index i: 0 no break before text[i]; 1 a break may come before it (the line
    ends at i); 2 a space at i-1 may be dropped at the break; 3 a forced break (a newline).
    ``japanese``: the text is Japanese (None: it is when it has kana)."""
    n = len(text)
    out = [0] * (n + 1)
    if japanese is None:
        japanese = any(is_kana(c) for c in text)
    for i in range(1, n):
        before, ch = text[i - 1], text[i]
        if before == "\n":
            out[i] = 3
        elif before == " " and ch != " " and ch not in NO_START:
            if i >= 2 and _is_digit(text[i - 2]) and is_cjk(ch):
                continue  # a number and its counter ("36 張")
            out[i] = 2  # (a space before a colon, as French writes it, holds the colon to its word)
        elif ch in NO_START or before in NO_END or ch == " " or ch == "\n":
            continue
        elif is_cjk(ch) or is_cjk(before):
            if _is_digit(before) and is_cjk(ch):
                continue  # a number and its counter ("43枚", "3向聴")
            if japanese and _japanese_glued(text, i):
                continue
            out[i] = 1
        elif before in "/\\" or (before in "-–—" and ch.isalnum() and text[i - 2:i - 1].isalnum()):
            out[i] = 1  # after a path's slash, after a hyphen between letters
    return out


def emergency_breaks(text: str) -> list[int]:
    """Where a run with no break (:func:`break_kinds`) that is wider than its line is cut: between
    any two CJK characters the kinsoku rules allow, a number still with its counter (the indices
    i with a cut before text[i])."""
    return [i for i in range(1, len(text))
            if (is_cjk(text[i]) or is_cjk(text[i - 1])) and text[i] not in NO_START and text[i - 1] not in NO_END
            and text[i] != " " and text[i - 1] != " " and not (_is_digit(text[i - 1]) and is_cjk(text[i]))]
