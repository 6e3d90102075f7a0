"""Add, change or remove a message in every gettext catalog at once (a developer's tool).

    python build/catalog.py add table.tiles_left --en "{count} tile left" --en "{count} tiles left" \\
        --fr "{count} tuile restante" --fr "{count} tuiles restantes" --ru ... --ja ... --zh_TW ...
    python build/catalog.py set title.quit --fr "Quitter"   (also adds a message a language lacks)
    python build/catalog.py remove old.key
    python build/catalog.py check

A message goes into the template (``mahjong_atlas.pot``) and into every language's ``.po``, next to
the messages whose key shares the longest dotted prefix with it, so related words stay together
and two people adding words to different screens rarely touch the same lines. Give one value per
language for a plain message; for a message with a number, give the English singular and plural
and one value per plural form of each language (its ``Plural-Forms`` header). ``add`` refuses a
language left out: a word the player sees exists in every language. ``check`` runs the same
checks as tests/test_i18n.py on the catalogs' shape.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, placeholders  # noqa: E402
from game.i18n.po import PoEntry, header_fields, parse_po, write_po  # noqa: E402

LOCALE = ROOT / "game" / "i18n" / "locale"
POT = LOCALE / f"{DOMAIN}.pot"


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_file(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def nplurals(path: Path) -> int:
    forms = header_fields(parse_po(path.read_text(encoding="utf-8"))).get("Plural-Forms", "")
    m = re.match(r"nplurals=(\d+);", forms)
    return int(m.group(1)) if m else 2


_BLOCK = re.compile(r'(?:^#.*\n)*(?:^msgctxt "(?P<key>[^"\n]*)"\n)(?:^(?:msg|").*\n)+', re.MULTILINE)


def _blocks(text: str) -> list[tuple[str, int, int]]:
    """Each keyed entry of a catalog's text: (key, start, end) with the end after its last line."""
    return [(m.group("key"), m.start(), m.end()) for m in _BLOCK.finditer(text)]


def _shared(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a.split("."), b.split("."), strict=False):
        if x != y:
            break
        n += 1
    return n


def insert(text: str, key: str, entry_text: str) -> str:
    blocks = _blocks(text)
    if any(k == key for k, _, _ in blocks):
        raise SystemExit(f"{key} is already in the catalog (use set)")
    best = max((_shared(k, key), i) for i, (k, _, _) in enumerate(blocks)) if blocks else (0, -1)
    at = blocks[best[1]][2] if blocks else len(text)
    return text[:at] + "\n" + entry_text.rstrip("\n") + "\n" + text[at:]


def replace(text: str, key: str, entry_text: str | None) -> str:
    for k, start, end in _blocks(text):
        if k == key:
            tail = end + 1 if text[end:end + 1] == "\n" else end
            return text[:start] + ("" if entry_text is None else entry_text.rstrip("\n") + "\n\n") + text[tail:]
    raise SystemExit(f"{key} is not in the catalog")


def entry_for(key: str, english: list[str], forms: list[str] | None, comment: str | None) -> PoEntry:
    plural = english[1] if len(english) == 2 else None
    flags = ["python-brace-format"] if placeholders(" ".join(english)) else []
    return PoEntry(msgid=english[0], context=key, msgid_plural=plural,
                   msgstr=forms if forms is not None else [""] * (2 if plural else 1),
                   comments=[comment] if comment else [], flags=flags)


def current(key: str) -> PoEntry:
    for e in parse_po(POT.read_text(encoding="utf-8")):
        if e.context == key:
            return e
    raise SystemExit(f"{key} is not in the template")


def main(argv: list[str] | None = None) -> int:
    langs = languages()
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("add", "set"):
        p = sub.add_parser(name)
        p.add_argument("key")
        for lang in langs:
            p.add_argument(f"--{lang}", action="append", default=None, metavar="TEXT")
        p.add_argument("--comment", help="a note for translators (#.)")
    sub.add_parser("remove").add_argument("key")
    sub.add_parser("check")
    args = parser.parse_args(argv)

    if args.command == "check":
        problems = []
        pot = {e.context: e for e in parse_po(POT.read_text(encoding="utf-8")) if e.context}
        for lang in langs:
            n = nplurals(po_file(lang))
            got = {e.context: e for e in parse_po(po_file(lang).read_text(encoding="utf-8")) if e.context}
            problems += [f"{lang}: missing {k}" for k in pot.keys() - got.keys()]
            problems += [f"{lang}: not in the template {k}" for k in got.keys() - pot.keys()]
            for k in pot.keys() & got.keys():
                e, s = got[k], pot[k]
                if (e.msgid, e.msgid_plural) != (s.msgid, s.msgid_plural):
                    problems.append(f"{lang}: {k}: msgid differs from the template")
                if not e.translated or len(e.msgstr) != (n if s.msgid_plural else 1):
                    problems.append(f"{lang}: {k}: untranslated or wrong number of forms")
        print("\n".join(problems) or f"{len(pot)} messages in step in {', '.join(langs)}")
        return 1 if problems else 0

    key = args.key
    if args.command == "remove":
        for path in [POT, *map(po_file, langs)]:
            text = path.read_text(encoding="utf-8")
            if any(k == key for k, _, _ in _blocks(text)):  # a catalog may lack it after a merge
                path.write_text(replace(text, key, None), encoding="utf-8")
        return 0

    values = {lang: getattr(args, lang) for lang in langs}
    if args.command == "add":
        missing = [lang for lang, v in values.items() if not v]
        if missing:
            raise SystemExit(f"give the words in every language; missing: {', '.join(missing)}")
        english = values["en"]
        if len(english) not in (1, 2):
            raise SystemExit("--en takes one value, or two (singular and plural)")
        plural = len(english) == 2
        for lang in langs:
            want = nplurals(po_file(lang)) if plural else 1
            if len(values[lang]) != want:
                raise SystemExit(f"--{lang}: {want} value(s) expected, {len(values[lang])} given")
        path_text = write_po([entry_for(key, english, None, args.comment)])
        POT.write_text(insert(POT.read_text(encoding="utf-8"), key, path_text), encoding="utf-8")
        for lang in langs:
            text = write_po([entry_for(key, english, values[lang], None)])
            po_file(lang).write_text(insert(po_file(lang).read_text(encoding="utf-8"), key, text), encoding="utf-8")
        return 0

    # set: new translations (and, with --en, a new English source everywhere)
    source = current(key)
    english = values.get("en") or ([source.msgid] + ([source.msgid_plural] if source.msgid_plural else []))
    if values.get("en"):
        POT.write_text(replace(POT.read_text(encoding="utf-8"), key,
                               write_po([entry_for(key, english, None, (source.comments or [None])[0])])),
                       encoding="utf-8")
    for lang in langs:
        text = po_file(lang).read_text(encoding="utf-8")
        old = next((e for e in parse_po(text) if e.context == key), None)
        if old is None:  # a message another branch added while this language was being made
            if not values[lang]:
                continue
            entry = write_po([entry_for(key, english, values[lang], None)])
            po_file(lang).write_text(insert(text, key, entry), encoding="utf-8")
            continue
        forms = values[lang] or old.msgstr
        if lang == "en" and values.get("en"):
            forms = english
        po_file(lang).write_text(replace(text, key, write_po([entry_for(key, english, forms, None)])), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
