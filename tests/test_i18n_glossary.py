"""One word for one act in each language.

Why: the French table once said "Sora rejette 5m" in the AI's reason and "Sora défausse" in the claim
bar, one line apart: a reader who meets two verbs for one act wonders whether they are two acts. Each
entry names the word a catalog uses for a concept and the synonyms it must not use instead, and the
test reads every string (each plural form) of that language's catalog.
"""

from __future__ import annotations

import re

import pytest

from game import i18n

# (language, concept, the word the catalog uses, a pattern of the words it must not use for it)
GLOSSARY = [
    ("fr", "discard", "défausser", r"\b(?:re)?jet(?:er|te|tes|tent|ez|ons|ant|é|ée|és|ées|terait|terais|tera)\b"),
    ("ru", "discard", "сбросить", r"\b(?:выброс|выбрас|скину|скинь|скидыва|отброс|отбрас)\w*"),
]


def catalog_strings(language: str) -> list[str]:
    """Every translated string of a catalog, each plural form on its own."""
    return [form for entry in i18n.entries(language) for form in entry.msgstr if form]


@pytest.mark.parametrize(("language", "concept", "word", "banned"), GLOSSARY, ids=[f"{g[0]}-{g[1]}" for g in GLOSSARY])
def test_one_word_per_act(language: str, concept: str, word: str, banned: str) -> None:
    strings = catalog_strings(language)
    stem = word[:5].lower()
    assert any(stem in s.lower() for s in strings), f"{language}: the catalog never says {word!r} at all"
    pattern = re.compile(banned, re.IGNORECASE)
    found = sorted({s for s in strings if pattern.search(s)})
    assert not found, f"{language} says {concept} with another word than {word!r}: {found[:5]}"
