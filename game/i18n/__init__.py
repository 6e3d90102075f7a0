"""Every string the interface shows, in English, French and Russian, from data files.

Each language is a TOML catalog beside this module (``en.toml``, ``fr.toml``, ``ru.toml``);
nested tables give dotted keys (``[title] continue = "Continue"`` is ``title.continue``). The UI
asks :func:`t` for a key and named values::

    set_language(settings.language)
    t("results.hand", wind=t("wind.0"), number=1)       # "East 1"

A key missing from the current catalog falls back to English, then to the key itself, so a
missing string is visible but never a crash; the tests keep all three catalogs in step (same keys,
same placeholders) and check the shipped font draws every character of every string.
"""

from __future__ import annotations

import string
import tomllib
from functools import cache
from importlib import resources
from typing import Any, Final

LANGUAGES: Final = ("en", "fr", "ru")
FALLBACK: Final = "en"

_current = FALLBACK


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        elif isinstance(value, str):
            out[name] = value
        else:
            raise ValueError(f"{name}: a catalog holds only strings, not {type(value).__name__}")
    return out


@cache
def catalog(language: str) -> dict[str, str]:
    """The flat key -> string table of a language (read once)."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for {language!r}; available: {', '.join(LANGUAGES)}")
    text = resources.files(__package__).joinpath(f"{language}.toml").read_text(encoding="utf-8")
    return _flatten(tomllib.loads(text))


def set_language(language: str) -> None:
    global _current
    _current = language if language in LANGUAGES else FALLBACK


def language() -> str:
    return _current


class _Keep(dict[str, Any]):
    """Leaves an unknown placeholder as written instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, /, **values: Any) -> str:
    """The string for ``key`` in the current language with ``values`` filled in."""
    text = catalog(_current).get(key)
    if text is None:
        text = catalog(FALLBACK).get(key, key)
    return text.format_map(_Keep(values)) if values or "{" in text else text


def has(key: str) -> bool:
    return key in catalog(FALLBACK)


def placeholders(text: str) -> set[str]:
    """The named fields of a format string (``"{n} s"`` -> ``{"n"}``)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def number(value: float, decimals: int = 0, *, sign: bool = False) -> str:
    """``value`` written the current language's way: ``25,000`` / ``25 000``, ``+12.5`` / ``+12,5``."""
    text = f"{abs(value):,.{decimals}f}"
    text = text.replace(",", "\x00").replace(".", t("number.decimal")).replace("\x00", t("number.thousands"))
    if value < 0 and any(ch not in "0,." for ch in f"{abs(value):.{decimals}f}"):
        return "-" + text
    return ("+" + text) if sign and value > 0 else text
