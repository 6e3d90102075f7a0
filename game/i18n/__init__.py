"""Every string the interface shows, from GNU gettext catalogs, in every language the game speaks.

The catalogs are ``.po`` files, one per language, under ``locale/<lang>/LC_MESSAGES/`` beside the
template ``locale/mahjong_atlas.pot`` (the English source). Each message's context (``msgctxt``)
is the stable dotted key the code asks for, and its ``msgid`` is the English text, so Poedit and
Weblate show translators the English beside the key. The UI asks :func:`t` for a key and named
values; an entry with plural forms takes the form its ``count`` asks for (each language's
``Plural-Forms``), and :func:`tn` names the number explicitly::

    set_language(settings.language)
    t("results.hand", wind=t("wind.0"), number=1)       # "East 1"
    t("ai.reason.discard_tenpai", tile="5p", waits="3s 6s", count=1)   # "..., 1 tile"

What :func:`t` returns is a :class:`Message`: a ``str`` that also remembers its key, its values
and its language, so a screen that keeps it (a label on the table) can ask for it again in the new
language after the player switched (:func:`again`), without knowing how the words were made.

The ``.po`` text is compiled to ``.mo`` bytes in memory at first use (:mod:`game.i18n.po`) and
read by the standard library's :class:`gettext.GNUTranslations`. A key missing from a language
falls back to English, then to the key itself, so a missing string is visible but never a crash;
the tests keep every catalog in step with the template (same keys, same placeholders, the right
number of plural forms, every key used by the code) and check the shipped fonts draw every
character of every string.
"""

from __future__ import annotations

import gettext
import io
import string
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from typing import Any, Final, TypeVar

from .po import PoEntry, compile_mo, parse_po

LANGUAGES: Final = ("en", "fr", "ru", "ja", "zh_TW")  # the one list: settings and levels read it
FALLBACK: Final = "en"
DOMAIN: Final = "mahjong_atlas"

_current = FALLBACK


def _locale_text(*parts: str) -> str:
    return resources.files(__package__).joinpath("locale", *parts).read_text(encoding="utf-8")


@cache
def template() -> dict[str, PoEntry]:
    """The English source of every message, by key.

    Read from the English catalog, whose msgids the tests hold equal to the ``.pot`` template's
    (the template is for translators' tools; one file less to read at start)."""
    return {e.context: e for e in entries(FALLBACK) if e.context is not None}


@cache
def pot() -> tuple[PoEntry, ...]:
    """The template's entries, as translators' tools read them (for the tests and tools)."""
    return tuple(parse_po(_locale_text(f"{DOMAIN}.pot")))


@cache
def entries(language: str) -> tuple[PoEntry, ...]:
    """The entries of a language's ``.po`` catalog, as translators wrote them."""
    if language not in LANGUAGES:
        raise ValueError(f"no catalog for {language!r}; available: {', '.join(LANGUAGES)}")
    return tuple(parse_po(_locale_text(language, "LC_MESSAGES", f"{DOMAIN}.po")))


@cache
def translations(language: str) -> gettext.GNUTranslations:
    """The standard library's translations for a language, English under it for missing keys."""
    tr = gettext.GNUTranslations(io.BytesIO(compile_mo(entries(language))))
    if language != FALLBACK:
        tr.add_fallback(translations(FALLBACK))
    return tr


@cache
def catalog(language: str) -> dict[str, str]:
    """The flat key -> string table of a language (singular forms; read once)."""
    tr = translations(language)
    return {key: tr.pgettext(key, e.msgid) if e.msgid_plural is None
            else tr.npgettext(key, e.msgid, e.msgid_plural, 1) for key, e in template().items()}


def set_language(language: str) -> None:
    global _current
    _current = language if language in LANGUAGES else FALLBACK


def language() -> str:
    return _current


class _Keep(dict[str, Any]):
    """Leaves an unknown placeholder as written instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, values: dict[str, Any]) -> str:
    return text.format_map(_Keep(values)) if values or "{" in text else text


class Message(str):
    """A string from the catalogs that remembers how it was made: ``key``, ``values`` (which may
    be messages themselves) and the ``language`` it was written in.

    Why a ``str``: everything that shows, compares, joins, stores or pickles text keeps working
    unchanged, while a screen that holds one can write it again in another language with
    :func:`again` (the table's labels after a language switch)."""

    key: str
    values: dict[str, Any]
    language: str

    def __new__(cls, text: str, key: str, values: dict[str, Any]) -> Message:
        made = super().__new__(cls, text)
        made.key, made.values, made.language = key, values, _current
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remade, (str(self), self.key, self.values, self.language))

    def again(self) -> str:
        """The same message in the current language (its values too)."""
        return t(self.key, **{name: again(value) for name, value in self.values.items()})


def _remade(text: str, key: str, values: dict[str, Any], language: str) -> Message:
    made = Message(text, key, values)
    made.language = language
    return made


class Joined(str):
    """Several strings (messages among them) joined by ``sep``, that can be written again."""

    parts: tuple[str, ...]
    sep: str
    language: str

    def __new__(cls, sep: str, parts: Iterable[str]) -> Joined:
        kept = tuple(parts)
        made = super().__new__(cls, sep.join(kept))
        made.parts, made.sep, made.language = kept, sep, _current
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.sep, self.parts))

    def again(self) -> Joined:
        return Joined(again(self.sep), (again(part) for part in self.parts))  # a separator from the catalog too


class ItemRun(str):
    """Items ``start`` to ``stop`` of a catalog list joined by ``sep`` (one row of a key help line
    wrapped between its items: "Enter discards it · D the drawn tile"), that can be written again:
    the same items of the same list in the current language (each language lists the same items,
    in the same order)."""

    source: str
    sep: str
    start: int
    stop: int
    language: str

    def __new__(cls, source: str, sep: str, start: int, stop: int) -> ItemRun:
        made = super().__new__(cls, sep.join(source.split(sep)[start:stop]))
        made.source, made.sep, made.start, made.stop = source, sep, start, stop
        made.language = getattr(source, "language", _current)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (ItemRun, (self.source, self.sep, self.start, self.stop))

    def again(self) -> ItemRun:
        return ItemRun(again(self.source), again(self.sep), self.start, self.stop)


class InSentence(str):
    """A word from the catalogs as it reads inside a sentence: a button's "Pung" is "pung" after
    "Call" (a script without case is unchanged), written again like the word itself."""

    word: str
    language: str

    def __new__(cls, word: str) -> InSentence:
        made = super().__new__(cls, word[:1].lower() + word[1:])
        made.word = word
        made.language = getattr(word, "language", _current)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (InSentence, (self.word,))

    def again(self) -> InSentence:
        return InSentence(again(self.word))


S = TypeVar("S")


def again(text: S) -> S:
    """``text`` written again in the current language if it came from the catalogs (a
    :class:`Message`, or anything else with an ``again`` method); anything else as it is."""
    redo = getattr(text, "again", None)
    return redo() if callable(redo) else text


def fresh(text: S) -> S:
    """``text`` as it should read now: a message written in another language than the current
    one is written again (a caption built before the player switched, shown after)."""
    language = getattr(text, "language", None)
    return again(text) if language is not None and language != _current else text


def rewrite(text: S, swap: Callable[[Message], str | None]) -> S:
    """``text`` made again (in the current language) with some of the messages inside it swapped
    for others: ``swap`` answers a replacement for a message, or None to keep it (its values are
    rewritten in turn). Why: a sentence made below the interface names things the interface
    names better (the AI says "South's riichi"; the table calls that seat Kenji), and the result
    is still a message that :func:`again` writes in another language."""
    if isinstance(text, Message):
        swapped = swap(text)
        if swapped is not None:
            return swapped  # type: ignore[return-value]
        values = {name: rewrite(value, swap) for name, value in text.values.items()}
        if all(values[name] is value for name, value in text.values.items()):
            return text
        return t(text.key, **values)  # type: ignore[return-value]
    if isinstance(text, Joined):
        return Joined(text.sep, (rewrite(part, swap) for part in text.parts))  # type: ignore[return-value]
    return text


def join(sep: str, parts: Iterable[str]) -> Joined:
    """``sep.join(parts)`` that :func:`again` can write in another language."""
    return Joined(sep, parts)


def pieces(text: str) -> list[str]:
    """``text`` cut where its values were filled in, so a screen can show some values its own way
    (tiles as pictures: :class:`game.i18n.tiles.TileWords`). Each piece is a literal run of the
    catalog's words or a value as it was given; a message among the values is cut in turn, and a
    value that is not a string is written as the message wrote it."""
    if isinstance(text, Joined):
        out: list[str] = []
        for i, part in enumerate(text.parts):
            if i and text.sep:
                out.append(text.sep)
            out.extend(pieces(part))
        return out
    if not isinstance(text, Message):
        return [text]
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(_raw(text.key, text.values, text.language)):
        if literal:
            out.append(literal)
        if field is None:
            continue
        if field not in text.values:
            out.append("{" + field + "}")
        elif isinstance(text.values[field], str) and not conversion and not spec:
            out.extend(pieces(text.values[field]))
        else:
            out.append(("{0" + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
                       .format(text.values[field]))
    return out


PLURAL_BY: Final = ("count", "n")  # the named values that choose a plural entry's form, in this order


def t(key: str, /, **values: Any) -> str:
    """The string for ``key`` in the current language with ``values`` filled in.

    A plural entry takes its form from the ``count`` (or else ``n``) value, so call sites pass the
    number they show and never pick a form themselves; without one it is written in its one form."""
    return translate(_current, key, **values)


def translate(language: str, key: str, /, **values: Any) -> str:
    """:func:`t` in a given language (the tutorial shows a rule in the rulebook's own language)."""
    entry = template().get(key)
    if entry is None:
        return key
    if entry.msgid_plural is not None:
        for name in PLURAL_BY:
            if isinstance(values.get(name), int):
                return _plural(language, key, values[name], values)
    return _message(_fill(catalog(language)[key], values), key, values, language)


def _message(text: str, key: str, values: dict[str, Any], language: str) -> Message:
    made = Message(text, key, values)
    made.language = language
    return made


def _raw(key: str, values: dict[str, Any], language: str) -> str:
    """The catalog's text behind a message, before its values are filled in."""
    entry = template()[key]
    if entry.msgid_plural is not None:
        count = next((values[n] for n in PLURAL_BY if isinstance(values.get(n), int)), None)
        if count is not None:
            return translations(language).npgettext(key, entry.msgid, entry.msgid_plural, count)
    return catalog(language)[key]


def tn(key: str, count: int, /, **values: Any) -> str:
    """The form of ``key`` for ``count`` (``1 tile``, ``2 tiles``; Russian's three forms), filled in.

    ``count`` is offered to the text as ``{count}`` unless ``values`` say otherwise."""
    if key not in template():
        return key
    return _plural(_current, key, count, values)


def _plural(language: str, key: str, count: int, values: dict[str, Any]) -> str:
    entry = template()[key]
    values.setdefault("count", count)
    if entry.msgid_plural is None:
        return _message(_fill(catalog(language)[key], values), key, values, language)
    text = translations(language).npgettext(key, entry.msgid, entry.msgid_plural, count)
    return _message(_fill(text, values), key, values, language)


def has(key: str) -> bool:
    return key in template()


def placeholders(text: str) -> set[str]:
    """The named fields of a format string (``"{n} s"`` -> ``{"n"}``)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


# The formats of numbers and dates live in one module (imported last: it reads the catalogs through t).
from .formats import Number as Number  # noqa: E402
from .formats import date_time as date_time  # noqa: E402
from .formats import decimal as decimal  # noqa: E402
from .formats import number as number  # noqa: E402
from .formats import percent as percent  # noqa: E402
