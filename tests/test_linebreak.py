"""Where lines break (game.scene.linebreak), for every fitted or wrapped text: the menus' fitted
labels (game.ui.fitting.wrap_lines) and the table's word-and-picture lines (hints, the AI's
reasons, waits, prompts: game.scene.rich).

Issue 14: at 720p the AI-reason column read "進張 36 / 張" and "受け入 / れ43枚". A number never
leaves its counter, and a Japanese line breaks only between phrases, never inside a word; every
text the game shows in Japanese and Chinese is checked, and random texts are wrapped by both
wrappers at random widths."""

from __future__ import annotations

import random
import re
import string

from cell_font import CellFont
from hypothesis import given
from hypothesis import strategies as st
from table_helpers import display

from game import i18n
from game.i18n.corpus import level_texts
from game.scene.linebreak import NO_START, break_kinds, emergency_breaks
from game.scene.rich import RichText
from game.ui.fitting import wrap_lines

DIGIT = re.compile(r"[0-9０-９]")
# words of the Japanese catalog that a line must never split (the reasons, the hints, the table)
JA_WORDS = ("受け入れ", "向聴", "聴牌", "テンパイ", "リーチ", "待ち", "残り", "和了", "捨て牌", "表示牌", "上家",
            "下家", "対面", "ツモ", "ロン", "チー", "ポン", "カン", "流局", "点数", "続ける")


def _filled(text: str, rng: random.Random) -> str:
    """A catalog string with every placeholder filled by a number (a count, points, seconds)."""
    names = {field for _, field, _, _ in string.Formatter().parse(text) if field}
    return text.format(**{name: str(rng.choice([3, 12, 36, 43, 1000, 8000])) for name in names}) if names else text


def _texts(language: str) -> list[str]:
    rng = random.Random(14)
    out = []
    for entry in i18n.entries(language):
        for text in entry.msgstr:
            try:
                out.append(_filled(text, rng))
            except (KeyError, IndexError, ValueError):
                out.append(text)
    return out + list(level_texts(language))


def _split_numbers(text: str) -> list[str]:
    """Every place a line could part a number from the counter after it."""
    kinds = break_kinds(text)
    bad = []
    for i in range(1, len(text)):
        if not kinds[i]:
            continue
        before = text[i - 2] if text[i - 1] == " " and i >= 2 else text[i - 1]
        if DIGIT.match(before) and "\u2e80" <= text[i] <= "\U0003ffff":
            bad.append(f"{text[:i]} / {text[i:]}")
    return bad


def test_no_number_leaves_its_counter_in_japanese_or_chinese() -> None:
    for language in ("ja", "zh_TW"):
        bad = [cut for text in _texts(language) for cut in _split_numbers(text)]
        assert not bad, bad[:10]
    assert break_kinds("進張 36 張")[6] == 0 and break_kinds("受け入れ43枚")[6] == 0


def test_japanese_breaks_between_phrases_never_inside_a_word() -> None:
    bad = []
    for text in _texts("ja"):
        kinds = break_kinds(text, japanese=True)  # (the Japanese font says so: a label of kanji alone)
        for word in JA_WORDS:
            for found in re.finditer(re.escape(word), text):
                bad += [f"{text[:i]} / {text[i:]}" for i in range(found.start() + 1, found.end()) if kinds[i]]
    assert not bad, bad[:10]
    phrase = "東家の[5m]を捨てます。"
    kinds = break_kinds(phrase)
    assert [phrase[i] for i, k in enumerate(kinds) if k] == ["[", "捨"]  # after の and を, nowhere in 捨てます
    kinds = break_kinds("受け入れ43枚、残り3枚")
    assert [i for i, k in enumerate(kinds) if k] == [8]  # only after the comma


def test_chinese_still_breaks_between_han_characters() -> None:
    """Chinese typesetting breaks between any two Han characters: a long reason still wraps."""
    kinds = break_kinds("打出一張：保留手牌的價值")
    assert sum(1 for k in kinds if k) >= 8


WORDS = st.sampled_from(["受け入れ", "43枚", "36 張", "進張", "、", "。", "を", "切る", "東家の", "リーチ", "打出",
                         "聽牌", "3向聴", "：", "（", "）", " ", "South", "discards", "25,000"])


@given(parts=st.lists(WORDS, min_size=1, max_size=14), width=st.integers(30, 200))
def test_both_wrappers_end_lines_only_where_a_line_may_break(parts: list[str], width: int) -> None:
    """Greedy wrapping by the fitter and by the word-and-picture line: each line ends at a place
    the rules allow, or inside a run with no such place that is wider than the line (cut there
    by the kinsoku rules); nothing is lost, and a number stays with its counter."""
    display()
    text = "".join(parts).strip() or "x"
    kinds = break_kinds(text)
    allowed = {i for i, k in enumerate(kinds) if k} | set(emergency_breaks(text))
    lines = wrap_lines(text, CellFont(), width)  # type: ignore[arg-type]
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    pos, prev = 0, 0
    for number, line in enumerate(lines):
        start = text.index(line, pos) if line else pos
        if number:  # a break before ``start``: allowed, or the line before had no place to break
            assert start in allowed or not any(kinds[prev + 1:start]), (lines, start)
        pos, prev = start + len(line), start
    font = CellFont()
    node = RichText([text], font, width=width, gap=0)
    shown = ["".join(font.said.get(id(p), "") if p is not None else " " for p, *_ in line)
             for line in node.lines()]
    assert "".join(shown).replace(" ", "") == text.replace(" ", "")
    for line in shown[1:]:
        assert line[0] not in NO_START, shown
    for a, b in zip(shown, shown[1:], strict=False):
        assert not (DIGIT.match(a.rstrip()[-1:] or "x") and "\u2e80" <= b[:1] <= "\U0003ffff"), shown
