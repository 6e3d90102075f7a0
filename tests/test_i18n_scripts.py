"""Every catalog writes in the scripts its readers read.

Why: the Traditional Chinese table once wrote its calls in katakana (チー ポン ロン リーチ: the
Japanese catalog's words copied over), and Russian showed the Chinese terms with Latin pinyin. A
reader of a language reads its own script; these tests look at the letters of every string (each
plural form) of every catalog, so a word in a script the language does not use fails here whatever
key it sits under. What may differ, by design:

* the languages' own names (``language.*``: each written as its speakers write it);
* the Chinese terms are the Chinese characters in every language (``吃 Chī``, ``吃 Чи``), beside a
  reading in the reader's script where the reader needs one;
* the English terms are English words (Chow, Pung) in a language that writes no Latin: the setting
  says so (``英文（Mahjong）``), and Russian and French write them in their own words;
* names a reader sees as names in any language (the game, a rulebook body, key caps, a site, a file
  type, an example command) in :data:`LATIN_NAMES`.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata

import pytest

from game import i18n
from game.i18n import LANGUAGES
from game.persist.settings import CHOICES
from game.tutorial.level import levels_dir
from game.ui.table.words import RULEBOOK, TERMINOLOGIES, table_terms

# The scripts each language writes its words in (a letter's Unicode name starts with its script).
SCRIPTS = {
    "en": {"LATIN"},
    "fr": {"LATIN"},
    "ru": {"CYRILLIC"},
    "ja": {"CJK", "HIRAGANA", "KATAKANA"},
    "zh_TW": {"CJK"},
}
BY_DESIGN = {"terms.chinese.": {"CJK"}, "terms.english.": {"LATIN"}}

# Latin words a Russian, Japanese or Chinese string may hold: names, not words to translate.
LATIN_NAMES = frozenset({
    "Mahjong", "Atlas", "EMA", "Tenhou", "tenhou", "net", "mjai", "Mortal", "JSON", "json", "mjson",
    "Enter", "Esc", "Ctrl", "Backspace", "Delete", "PgUp", "PgDn", "Dn", "FAQ", "Sloperama", "leafx", "com",
    "python", "mybot", "py", "Downloads", "game",
    "AI", "OK",  # as Japanese writes them (Russian: ИИ, ОК; Traditional Chinese: 電腦, 確定)
})

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def script_of(ch: str) -> str:
    """A letter's script as its Unicode name begins (CJK, HIRAGANA, KATAKANA, LATIN, CYRILLIC...).
    The prolonged sound mark ー is katakana's (its name says CJK); the iteration mark 々 is Han's."""
    if ch == "ー":
        return "KATAKANA"
    script = unicodedata.name(ch, "UNKNOWN").split()[0]
    return "CJK" if script == "IDEOGRAPHIC" else script


def letters(text: str) -> str:
    return "".join(ch for ch in _PLACEHOLDER.sub("", text) if ch.isalpha())


def latin_words(text: str) -> list[str]:
    """The Latin words of ``text`` outside its placeholders; a single letter is a key cap (F, H, Ctrl+S)."""
    marked = "".join(ch if ch.isalpha() and script_of(ch) == "LATIN" else " " for ch in _PLACEHOLDER.sub("", text))
    return [w for w in marked.split() if len(w) > 1]


def strings(language: str) -> list[tuple[str, str]]:
    return [(e.context, s) for e in i18n.entries(language) if e.context is not None for s in e.msgstr]


def allowed(language: str, key: str) -> set[str]:
    extra = next((scripts for prefix, scripts in BY_DESIGN.items() if key.startswith(prefix)), set())
    return SCRIPTS[language] | extra


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_in_a_script_its_reader_reads(language: str) -> None:
    assert set(SCRIPTS) == set(LANGUAGES)
    wrong = []
    for key, text in strings(language):
        if key.startswith("language."):
            continue
        ok = allowed(language, key)
        stray = {script_of(ch) for ch in letters(text)} - ok - {"LATIN"}
        if "LATIN" not in ok:  # a Latin word only as a name
            stray |= {w for w in latin_words(text) if w not in LATIN_NAMES}
        if stray:
            wrong.append((key, text, sorted(stray)))
    assert not wrong, wrong


def test_the_check_catches_a_word_in_another_script() -> None:
    """The rule itself: the katakana calls a Traditional Chinese table once showed, Latin pinyin on a
    Russian table and an untranslated English key name in Japanese each break it."""
    def breaks(language: str, key: str, text: str) -> bool:
        stray = {script_of(ch) for ch in letters(text)} - allowed(language, key) - {"LATIN"}
        latin = [w for w in latin_words(text) if w not in LATIN_NAMES]
        return bool(stray) or ("LATIN" not in allowed(language, key) and bool(latin))

    assert breaks("zh_TW", "terms.japanese.pon", "ポン") and breaks("zh_TW", "terms.japanese.tenpai", "テンパイ")
    assert breaks("ru", "terms.chinese.pon", "碰 Pèng") and not breaks("ru", "terms.chinese.pon", "碰 Пэн")
    assert breaks("ja", "table.key.space", "Space") and not breaks("ja", "table.keys.menu", "Escでメニュー")
    assert not breaks("zh_TW", "terms.english.pon", "Pung") and breaks("fr", "terms.chinese.pon", "ポン")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_terms_choice_names_its_win_differently(language: str) -> None:
    """The Terms setting shows each choice with the word it writes for a win, so that word must set
    the three apart in every language (zh_TW: 榮 for riichi's Japanese terms, 胡 for the Chinese)."""
    assert set(CHOICES["terminology"]) == {*TERMINOLOGIES, RULEBOOK}  # and each rulebook's own words
    i18n.set_language(language)
    try:
        wins = {name: table_terms(name).ron for name in TERMINOLOGIES}
        from game.ui.menus.settings_screen import terms_choice

        shown = [terms_choice(name) for name in TERMINOLOGIES]
    finally:
        i18n.set_language("en")
    assert len(set(wins.values())) == len(TERMINOLOGIES), wins
    assert all(wins[name] in text for name, text in zip(TERMINOLOGIES, shown, strict=True)), shown


def _written_in(value: object, language: str) -> list[str]:
    """Every string a lesson file gives under the key ``language`` (its texts are tables of them)."""
    if isinstance(value, dict):
        return [text for key, item in value.items()
                for text in ([item] if key == language and isinstance(item, str) else _written_in(item, language))]
    if isinstance(value, list):
        return [text for item in value for text in _written_in(item, language)]
    return []


# an apostrophe inside a word: l'ordre, jusqu'à, player's (a quoted ' in a list of characters is none)
_ELISION = re.compile(r"\w(['’])\w")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_writes_its_apostrophes_one_way(language: str) -> None:
    """Seen in French: "l’IA" beside "l'emporte" (20 typographic apostrophes among 150 straight
    ones). A reader notices the two shapes side by side; a catalog and the lessons written in its
    language use one (the straight one, as the lessons and the other catalogs do)."""
    texts = [text for _, text in strings(language)]
    for path in sorted(levels_dir().glob("*.toml")):
        texts += _written_in(tomllib.loads(path.read_text(encoding="utf-8")), language)
    assert len(texts) > 500
    shapes = {mark for text in texts for mark in _ELISION.findall(text)}
    assert shapes <= {"'"}, [text for text in texts if "’" in text][:5]
