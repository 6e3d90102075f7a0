"""Every text the game can show in a language: the catalog's strings (every plural form), the
tutorial levels' texts, and the Chinese names the engine gives the Taiwanese tai and Hong Kong
fan rows.

Why one list: the font subsets are cut to exactly these characters at build time
(``build/make_font_subset.py``), and the tests check that the shipped fonts draw every one of
them, so a new word in a catalog or a level cannot show as an empty box.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from . import FALLBACK, LANGUAGES, entries

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ROOT / "levels"


def catalog_texts(language: str) -> Iterator[str]:
    for entry in entries(language):
        if entry.context is not None:
            yield from entry.msgstr


def _language_tables(node: object) -> Iterator[dict[str, str]]:
    """The ``{en = ..., fr = ...}`` tables of a level, wherever they sit."""
    if isinstance(node, dict):
        if node and all(isinstance(v, str) for v in node.values()) and set(node) <= set(LANGUAGES):
            yield node
            return
        for value in node.values():
            yield from _language_tables(value)
    elif isinstance(node, list):
        for value in node:
            yield from _language_tables(value)


@cache
def _level_tables() -> tuple[dict[str, str], ...]:
    tables: list[dict[str, str]] = []
    for path in sorted(LEVELS.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue  # a broken level is listed as broken; its words are not shown
        tables.extend(_language_tables(data))
    return tuple(tables)


def level_texts(language: str) -> Iterator[str]:
    """The levels' texts as ``language`` shows them (English where a level lacks that language)."""
    for table in _level_tables():
        yield table.get(language) or table.get(FALLBACK) or next(iter(table.values()))


@cache
def row_chinese() -> tuple[str, ...]:
    """The Chinese of every tai and fan row the engine names (``game.engine.rows.HANZI``): the win
    panel prints it beside the translated name in every language."""
    from game.engine.rows import HANZI

    return tuple(name for table in HANZI.values() for name in table.values() if name)


def shown_texts(language: str) -> Iterator[str]:
    yield from catalog_texts(language)
    yield from level_texts(language)
    yield from row_chinese()
    for other in LANGUAGES:  # the language list names each language in its own words
        yield from (e.msgstr[0] for e in entries(other) if e.context == f"language.{other}")


def shown_chars(language: str) -> str:
    """Each character ``language`` may show, once, in first-seen order."""
    return "".join(dict.fromkeys("".join(shown_texts(language))))
