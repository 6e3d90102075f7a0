"""GNU gettext catalogs: read a ``.po`` file and compile it to ``.mo`` bytes in memory.

The catalogs ship as ``.po`` text (what translators edit in Poedit or Weblate) and nothing else, so
there is no compiled file to forget to rebuild. At start the game compiles each language it needs
to ``.mo`` bytes here (a few milliseconds) and hands them to the standard library's
:class:`gettext.GNUTranslations`, which does the look-ups and evaluates the ``Plural-Forms``
header. The reader covers the format the catalogs use (and what ``msgcat`` writes): comments,
``msgctxt``, ``msgid``/``msgid_plural``, ``msgstr``/``msgstr[n]``, strings continued over lines,
C escapes, and obsolete ``#~`` entries (skipped).
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_ESCAPE = re.compile(r"\\(.)")
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')
_CONTINUED = re.compile(r'^"(.*)"\s*$')


class PoError(ValueError):
    """A catalog that is not well-formed ``.po`` text; the message names the line."""


@dataclass
class PoEntry:
    """One message: its context (the game's dotted key), the English source and the translations."""

    msgid: str
    context: str | None = None
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)  # one string, or one per plural form
    comments: list[str] = field(default_factory=list)  # "#." notes for translators
    flags: list[str] = field(default_factory=list)  # "#," flags, such as python-brace-format
    fuzzy: bool = False

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


def _unquote(text: str, line: int) -> str:
    def one(m: re.Match[str]) -> str:
        ch = m.group(1)
        if ch not in _ESCAPES:
            raise PoError(f"line {line}: unknown escape \\{ch}")
        return _ESCAPES[ch]

    return _ESCAPE.sub(one, text)


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def parse_po(text: str) -> list[PoEntry]:
    """Every entry of a ``.po`` text, the header (``msgid ""``) first when there is one."""
    entries: list[PoEntry] = []
    fields: dict[str, str] = {}
    plurals: dict[int, str] = {}
    comments: list[str] = []
    flags: list[str] = []
    last: tuple[str, int | None] | None = None

    def close(line: int) -> None:
        nonlocal fields, plurals, comments, flags, last
        if "msgid" in fields:
            if plurals and "msgstr" in fields:
                raise PoError(f"line {line}: an entry has both msgstr and msgstr[n]")
            if "msgid_plural" in fields and sorted(plurals) != list(range(len(plurals))):
                raise PoError(f"line {line}: plural forms msgstr[0..n] are missing or out of order")
            strs = [plurals[i] for i in sorted(plurals)] if plurals else [fields.get("msgstr", "")]
            entries.append(PoEntry(msgid=fields["msgid"], context=fields.get("msgctxt"),
                                   msgid_plural=fields.get("msgid_plural"), msgstr=strs,
                                   comments=comments, flags=[f for f in flags if f != "fuzzy"],
                                   fuzzy="fuzzy" in flags))
        elif fields or plurals:
            raise PoError(f"line {line}: an entry without msgid")
        fields, plurals, comments, flags, last = {}, {}, [], [], None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            close(number)
            continue
        if line.startswith("#"):
            if last is not None and last[0].startswith("msgstr"):
                close(number)
            if line.startswith("#~"):
                continue
            if line.startswith("#."):
                comments.append(line[2:].strip())
            elif line.startswith("#,"):
                flags.extend(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        m = _KEYWORD.match(line)
        if m:
            keyword, index, value = m.group(1), m.group(2), _unquote(m.group(3), number)
            if keyword in ("msgctxt", "msgid") and last is not None and last[0].startswith("msgstr"):
                close(number)
            if index is not None:
                plurals[int(index)] = value
                last = ("msgstr", int(index))
            else:
                if keyword in fields:
                    raise PoError(f"line {number}: {keyword} twice in one entry")
                fields[keyword] = value
                last = (keyword, None)
            continue
        m = _CONTINUED.match(line)
        if m and last is not None:
            value = _unquote(m.group(1), number)
            if last[1] is not None:
                plurals[last[1]] += value
            else:
                fields[last[0]] += value
            continue
        raise PoError(f"line {number}: not .po syntax: {raw[:60]!r}")
    close(len(text.splitlines()) + 1)
    return entries


def header_fields(entries: Sequence[PoEntry]) -> dict[str, str]:
    """The header's ``Name: value`` lines (``Plural-Forms``, ``Language``, ...)."""
    for entry in entries:
        if entry.msgid == "" and entry.context is None:
            pairs = (line.split(":", 1) for line in entry.msgstr[0].splitlines() if ":" in line)
            return {name.strip(): value.strip() for name, value in pairs}
    return {}


def compile_mo(entries: Iterable[PoEntry]) -> bytes:
    """The ``.mo`` bytes of the entries, as ``msgfmt`` writes them (fuzzy and empty ones left out)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        is_header = entry.msgid == "" and entry.context is None
        if not is_header and not entry.translated:
            continue
        name = entry.msgid if entry.msgid_plural is None else f"{entry.msgid}\x00{entry.msgid_plural}"
        if entry.context is not None:
            name = f"{entry.context}\x04{name}"
        pairs[name.encode("utf-8")] = "\x00".join(entry.msgstr).encode("utf-8")
    keys = sorted(pairs)
    ids_table: list[tuple[int, int]] = []
    strs_table: list[tuple[int, int]] = []
    data = bytearray()
    count = len(keys)
    ids_at = 7 * 4
    strs_at = ids_at + count * 8
    data_at = strs_at + count * 8
    for key in keys:
        ids_table.append((len(key), data_at + len(data)))
        data += key + b"\x00"
    for key in keys:
        value = pairs[key]
        strs_table.append((len(value), data_at + len(data)))
        data += value + b"\x00"
    out = bytearray(struct.pack("<7I", 0x950412DE, 0, count, ids_at, strs_at, 0, 0))
    for length, offset in ids_table + strs_table:
        out += struct.pack("<2I", length, offset)
    return bytes(out + data)


def write_po(entries: Iterable[PoEntry]) -> str:
    """``.po`` text for the entries (one line per string: diffs stay readable, tools re-wrap)."""
    out: list[str] = []
    for entry in entries:
        out.extend(f"#. {c}" for c in entry.comments)
        flags = (["fuzzy"] if entry.fuzzy else []) + entry.flags
        if flags:
            out.append("#, " + ", ".join(flags))
        if entry.context is not None:
            out.append(f'msgctxt "{_quote(entry.context)}"')
        if entry.msgid == "" and entry.context is None:
            out.append('msgid ""')
            out.append('msgstr ""')
            out.extend(f'"{_quote(line)}\\n"' for line in entry.msgstr[0].splitlines())
            out.append("")
            continue
        out.append(f'msgid "{_quote(entry.msgid)}"')
        if entry.msgid_plural is not None:
            out.append(f'msgid_plural "{_quote(entry.msgid_plural)}"')
            out.extend(f'msgstr[{i}] "{_quote(s)}"' for i, s in enumerate(entry.msgstr))
        else:
            out.append(f'msgstr "{_quote(entry.msgstr[0] if entry.msgstr else "")}"')
        out.append("")
    return "\n".join(out)
