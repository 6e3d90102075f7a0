"""A lesson names the claims and the wins in one set of words: its prose's, which its answer
buttons and its table's callouts use too (:func:`game.ui.table.words.vocabulary`).

Why: in a real window (Russian, the Taiwanese false Mah-Jong lesson) the narration asked "Можно
сделать панг… Что вы делаете?" over the buttons "Рон (победа)" and "Пон": three words of two
vocabularies for one question, in a lesson meant to teach them. The rulebook's quotations keep the
book's own words (``[source]``, never checked here).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.tutorial.level import levels_dir
from game.ui.table.words import rulebook_terms, vocabulary

# the words of each terminology for the calls and the win on a discard, as the lessons write them
WORDS: dict[str, dict[str, str]] = {
    "en": {"japanese": r"\b(?:pon|chi|kan|ron)s?\b", "english": r"\b(?:pung|chow|kong|mah-?jong)s?\b"},
    "fr": {"japanese": r"\b(?:pon|chi|kan|ron)s?\b", "english": r"\b(?:pung|chow|kong|mah-?jong)s?\b"},
    "ru": {"japanese": r"(?<!\w)(?:пон|чи|кан|рон)(?:а|у|ом|е|ы|ов|ами|ах)?(?!\w)",
           "english": r"(?<!\w)(?:панг|чоу|конг|маджонг)(?:а|у|ом|е|и|ов|ами|ах)?(?!\w)"},
}
CALLS = {"en": r"pon|chi|kan|pung|chow|kong", "fr": r"pon|chi|kan|pung|chow|kong", "ru": r"пон|чи|кан|панг|чоу|конг"}


def prose(table: Any, language: str, skip: frozenset[str] = frozenset({"source"})) -> Iterator[str]:
    """Every string of ``language`` in a level's tables, its rulebook quotations left out."""
    if isinstance(table, dict):
        for key, value in table.items():
            if key in skip:
                continue
            if key == language and isinstance(value, str):
                yield value
            else:
                yield from prose(value, language)
    elif isinstance(table, list):
        for value in table:
            yield from prose(value, language)


LEVELS = sorted(levels_dir().glob("*.toml"))


@pytest.mark.parametrize("path", LEVELS, ids=[p.stem for p in LEVELS])
@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_lesson_speaks_one_set_of_words(path: Path, language: str) -> None:
    level = tomllib.loads(path.read_text(encoding="utf-8"))
    calls, wins = vocabulary(level["profile"], language)
    words = WORDS[language]
    other_calls = "english" if calls == "japanese" else "japanese"
    other_wins = "english" if wins == "japanese" else "japanese"
    found = []
    for text in prose(level, language):
        for match in re.finditer(words[other_calls], text, re.IGNORECASE):
            if re.match(CALLS[language], match.group(0), re.IGNORECASE):
                found.append(match.group(0))
        for match in re.finditer(words[other_wins], text, re.IGNORECASE):
            if not re.match(CALLS[language], match.group(0), re.IGNORECASE):
                found.append(match.group(0))
    assert not found, f"{path.name} ({language}) names the claims with {calls} words, the wins with {wins} ones: {found}"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_lesson_vocabulary_has_its_words(language: str) -> None:
    """The lesson's terms exist in every language and differ where the vocabularies differ."""
    i18n.set_language(language)
    try:
        for profile in ("riichi", "ema", "taiwanese", "hongkong"):
            terms = rulebook_terms(profile)
            assert all([terms.chi, terms.pon, terms.kan, terms.ron])
    finally:
        i18n.set_language("en")
