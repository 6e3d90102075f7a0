"""The table's words: the terms for calls and wins the player chose, and names the engine reports.

Why a module of its own: the engine speaks in ids (yaku, tai and fan rows, limit names, tiles) and
the player picks both a language and a *terminology* (settings: English, Japanese or Chinese terms).
The presenter, the HUD and the claim bar all ask here, so a call is named the same way on its
button, in its callout and in the win panel. The words themselves are data in the i18n catalogs:
``terms.<terminology>.<word>`` for the terms, ``yaku.<id>`` for yaku, tai and fan rows,
``limit.<slug>`` for limit names and ``tile.<name>`` for honours and flowers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Final

from game.engine.rows import Unit, hanzi
from game.i18n import has, join, language, t
from game.i18n.tiles import tile_word as tile_word  # the table's callers import the words from here
from game.i18n.tiles import tile_words as tile_words
from game.i18n.tiles import tiles_words as tiles_words
from game.persist.settings import RULEBOOK_TERMS

TERMINOLOGIES: Final = ("english", "japanese", "chinese")  # the catalogs' terms.<terminology>.* families
DEFAULT_TERMINOLOGY: Final = "japanese"  # the words the table always used: Chi, Pon, Ron, Tsumo...
RULEBOOK: Final = RULEBOOK_TERMS  # the "Terms" setting's choice of each rulebook's own words


@dataclass(frozen=True)
class Terms:
    """The words for the calls and the wins in one terminology, in the current language."""

    chi: str
    pon: str
    kan: str
    ron: str
    tsumo: str
    riichi: str
    riichi_badge: str
    tenpai: str
    noten: str
    all_tenpai: str  # an exhaustive draw's footer when every hand is ready
    all_noten: str  # and when none is
    family: str = DEFAULT_TERMINOLOGY  # the terminology of the ready words above

    def shanten(self, n: int) -> str:
        """A hand ``n`` tiles from ready in the words of :attr:`tenpai`: "1-shanten" beside tenpai,
        "1 tile from ready" beside ready (a count, so each language's plural)."""
        return t(f"terms.{self.family}.shanten", n=n)


TERM_WORDS: Final = tuple(f.name for f in fields(Terms) if f.name != "family")  # each a word of the catalogs
TERM_COUNTS: Final = ("shanten",)  # the terms that take a number: ``terms.<terminology>.shanten``


def table_terms(terminology: str = DEFAULT_TERMINOLOGY) -> Terms:
    """The terms of ``terminology`` (an unknown one: the default) in the current language."""
    name = terminology if terminology in TERMINOLOGIES else DEFAULT_TERMINOLOGY
    return Terms(**{word: t(f"terms.{name}.{word}") for word in TERM_WORDS}, family=name)


def vocabulary(profile_id: str, language: str) -> tuple[str, str]:
    """The terminologies (``english``, ``japanese``, ``chinese``) a rulebook's own words for the
    claims and for the wins are, as its lessons are written in each language: the "Terms" setting's
    ``rulebook`` choice, and always a lesson's table and answer buttons (the narration says the same).

    In English, French and Russian each rulebook speaks its own words (Riichi: pon, chi, ron; EMA's
    RCR 2016 §3.3: chow, pung and kong, but ron and riichi; the Chinese rulebooks: chow, pung and
    Mah-Jong); Japanese readers read ポン and ロン and Traditional Chinese ones 碰 and 胡 whatever the
    rulebook (``tests/test_tutorial_words.py`` reads every lesson for a word of the other set)."""
    if language == "ja":
        return "japanese", "japanese"
    if language == "zh_TW":
        return "chinese", "chinese"
    if profile_id == "riichi":
        return "japanese", "japanese"
    if profile_id == "ema":
        return "english", "japanese"
    return "english", "english"


def rulebook_terms(profile_id: str) -> Terms:
    """A rulebook's own words (:func:`vocabulary`) in the current language: the claims from one
    terminology, the wins, riichi and tenpai from another where the rulebook mixes them."""
    calls, wins = vocabulary(profile_id, language())
    called = table_terms(calls)
    return replace(table_terms(wins), chi=called.chi, pon=called.pon, kan=called.kan)


def terms_for(terminology: str, profile_id: str) -> Terms:
    """The words a table of ``profile_id`` shows for the player's "Terms" setting."""
    return rulebook_terms(profile_id) if terminology == RULEBOOK else table_terms(terminology)


def row_name(unit: Unit, row: str) -> str:
    """A row of a win's value (a yaku, tai or fan id) in the current language. A Chinese
    rulebook's row keeps its own name in brackets (``Que des pungs (碰碰胡)``), unless the
    translation is that name (``碰碰胡`` in Traditional Chinese); an id the catalogs do not know is
    shown as words."""
    key = f"yaku.{row}"
    name = t(key) if has(key) else row.replace("_", " ")
    native = hanzi(unit, row)
    if not native or native in name:  # zh_TW names the row by its own Chinese
        return name
    return join("", [name, f" ({native})"])  # written again after a language switch


def row_value(unit: Unit, value: int) -> str:
    """A row's worth in its unit, the noun in the form the number takes: ``1 хан``, ``2 хана``,
    ``5 ханов``; ``3 tai``, ``3 fan``."""
    return t(f"table.{unit.value}", count=value)


def hand_value(unit: Unit, value: int, fu: int, limit: str = "") -> str:
    """A hand's value in its unit: ``3 han 40 fu``, ``5 tai``, ``4 fan``; with a limit
    (``8 han 40 fu · baiman``)."""
    if unit is Unit.HAN:
        text = t("results.value", han=row_value(unit, value), fu=t("result.fu_value", count=fu))
    else:
        text = row_value(unit, value)
    return join(t("common.separator"), (text, limit_name(limit))) if limit else text  # written again on a switch


def slug(name: str) -> str:
    """A catalog key part from an engine name: ``kazoe yakuman`` -> ``kazoe_yakuman``."""
    return "_".join(re.findall(r"[a-z0-9]+", name.lower()))


def limit_name(limit: str) -> str:
    """``mangan``, ``kazoe yakuman``, ``2x yakuman``... in the current language."""
    multiple = re.fullmatch(r"(\d+)x yakuman", limit)
    if multiple:
        return t("limit.multiple_yakuman", n=int(multiple.group(1)))
    key = f"limit.{slug(limit)}"
    return t(key) if has(key) else limit.replace("_", " ").title()


