"""The language of the computer, for the first start: one the game speaks, else English.

Each system says it its own way: POSIX in the environment (``LANGUAGE`` may list several, the
first the game speaks wins: ``LANGUAGE=eo:ja``), Windows through the user's UI language
(``GetUserDefaultUILanguage``, an LCID the standard library maps to ``ja_JP``), macOS in the
user's preferred languages (``defaults read -g AppleLanguages``: ``zh-Hant-TW``), which a game
started from the Finder does not see in its environment. Chinese is Traditional Chinese only for
the Traditional locales (Taiwan, Hong Kong, Macau, ``Hant``); a Simplified Chinese system gets
English, as any other language the game does not speak.
"""

from __future__ import annotations

import contextlib
import locale
import os
import re
import subprocess
import sys
from collections.abc import Iterator

from . import FALLBACK, LANGUAGES

_NAMES = {"english": "en", "french": "fr", "russian": "ru", "japanese": "ja"}  # Windows' long names
_TRADITIONAL = re.compile(r"^zh([-_](hant|tw|hk|mo)\b|.*\b(traditional|taiwan|hong kong|macao|macau)\b)")


def language_of(tag: str) -> str | None:
    """The game's language for a locale tag (``fr_CA.UTF-8``, ``zh-Hant-TW``, ``ja``,
    ``Japanese_Japan.932``, ``Chinese (Traditional)_Taiwan``), or None when it speaks none of it."""
    code = tag.strip().split(".")[0].split("@")[0].lower()
    if not code or code in ("c", "posix"):
        return None
    if code.startswith(("zh", "chinese")):
        return "zh_TW" if _TRADITIONAL.match(code.replace("chinese", "zh", 1)) else None
    base = re.split(r"[-_ ]", code)[0]
    lang = _NAMES.get(base, base)
    return lang if lang in LANGUAGES else None


def _environment() -> Iterator[str]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if name == "LANGUAGE":
            yield from value.split(":")
        elif value:
            yield value


def _windows() -> Iterator[str]:
    if sys.platform != "win32":
        return
    with contextlib.suppress(Exception):
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        name = locale.windows_locale.get(lcid)
        if name:
            yield name


def _macos() -> Iterator[str]:
    if sys.platform != "darwin":
        return
    with contextlib.suppress(Exception):
        out = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True, text=True,
                             timeout=2).stdout
        yield from re.findall(r'"?([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)"?\s*[,)]', out)


def _locale_module() -> Iterator[str]:
    with contextlib.suppress(ValueError):
        name = locale.getlocale()[0]
        if name:
            yield name


def _is_set(tag: str) -> bool:
    tag = tag.strip().lower()
    return bool(tag) and tag not in ("c", "posix") and not tag.startswith("c.")


def system_language() -> str:
    """The language for a first start: the system's, when the game speaks it, else English.

    The first source that names any language is the system's answer; in it, the first language
    the game speaks wins, as the systems themselves pick an application's language from the
    player's list of preferences (``LANGUAGE=eo:ja``, macOS ``(de, ja)``: Japanese)."""
    for source in (_environment, _windows, _macos, _locale_module):
        tags = [tag for tag in source() if _is_set(tag)]
        if tags:
            return next((lang for lang in map(language_of, tags) if lang is not None), FALLBACK)
    return FALLBACK
