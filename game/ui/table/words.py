"""The table's words: the terms for calls and wins the player chose, and names the engine reports.

Why a module of its own: the engine speaks English (yaku names, limit names, tile names) and the
player picks both a language and a *terminology* (settings: English, Japanese or Chinese terms).
The presenter, the HUD and the claim bar all ask here, so a call is named the same way on its
button, in its callout and in the win panel. The words themselves are data in the i18n catalogs:
``terms.<terminology>.<word>`` for the terms, ``yaku.<slug>`` for yaku and tai rows,
``limit.<slug>`` for limit names and ``tile.<name>`` for honours and flowers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Final

from game.i18n import has, t
from game.i18n.tiles import tile_word as tile_word  # the table's callers import the words from here
from game.i18n.tiles import tile_words as tile_words

TERMINOLOGIES: Final = ("english", "japanese", "chinese")
DEFAULT_TERMINOLOGY: Final = "japanese"  # the words the table always used: Chi, Pon, Ron, Tsumo...


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


TERM_WORDS: Final = tuple(f.name for f in fields(Terms))


def table_terms(terminology: str = DEFAULT_TERMINOLOGY) -> Terms:
    """The terms of ``terminology`` (an unknown one: the default) in the current language."""
    name = terminology if terminology in TERMINOLOGIES else DEFAULT_TERMINOLOGY
    return Terms(**{word: t(f"terms.{name}.{word}") for word in TERM_WORDS})


_CJK_SUFFIX = re.compile(r"\s*(\([^()]*[^\x00-\x7f][^()]*\))\s*$")


def slug(name: str) -> str:
    """A catalog key part from an engine name: ``Yakuhai (seat wind east)`` ->
    ``yakuhai_seat_wind_east``; a Chinese name in brackets is left out (``All pungs (碰碰胡)`` ->
    ``all_pungs``)."""
    ascii_part = _CJK_SUFFIX.sub("", name)
    return "_".join(re.findall(r"[a-z0-9]+", ascii_part.lower()))


def yaku_key(name: str) -> str:
    return f"yaku.{slug(name)}"


def yaku_name(name: str) -> str:
    """A yaku or tai row as the engine names it, in the current language. A Taiwanese row keeps
    its Chinese name in brackets (``All pungs (碰碰胡)`` -> ``Que des pungs (碰碰胡)``); a name the
    catalogs do not know is shown as the engine wrote it."""
    key = yaku_key(name)
    if not has(key):
        return name
    suffix = _CJK_SUFFIX.search(name)
    return t(key) + (f" {suffix.group(1)}" if suffix else "")


def limit_name(limit: str) -> str:
    """``mangan``, ``kazoe yakuman``, ``2x yakuman``... in the current language."""
    multiple = re.fullmatch(r"(\d+)x yakuman", limit)
    if multiple:
        return t("limit.multiple_yakuman", n=int(multiple.group(1)))
    key = f"limit.{slug(limit)}"
    return t(key) if has(key) else limit.replace("_", " ").title()


