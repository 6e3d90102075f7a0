"""Build the bundled font subsets in ``assets/fonts`` from Debian's OFL font packages.

Why a script: the fonts we ship must be small, must cover exactly what the game prints, and the
SIL Open Font License asks that a modified font not carry the original's name. This script makes
that repeatable: it reads the character lists from :mod:`game.ui.fonts`, subsets the installed
Debian fonts with fontTools, renames the families ("Atlas Glyphs", "Atlas Sans"), writes the OFL
text taken from the package's copyright file, and refuses to finish if a promised character is
missing.

Atlas Sans JP and Atlas Sans TC (the CJK text faces) are cut to the characters the catalogs and
the tutorial levels use, so run this again after adding Japanese or Chinese words.

Usage (as root on Debian bookworm, from the repository root)::

    apt-get update && apt-get install -y fonts-noto-cjk fonts-noto-core
    .venv/bin/pip install -e '.[dev]'
    .venv/bin/python build/make_font_subset.py
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.rows import HANZI  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from game.i18n.corpus import shown_chars  # noqa: E402
from game.ui.fonts import (  # noqa: E402
    CJK_BASE_CHARS,
    CJK_FONT_FILES,
    CJK_PUNCTUATION,
    GLYPH_FONT_FILE,
    SANS_CHARS,
    SANS_FONT_FILES,
    cjk_chars,
    cjk_region,
)

CJK_PACKAGE = "fonts-noto-cjk"
SANS_PACKAGE = "fonts-noto-core"
COPYRIGHT = "/usr/share/doc/{package}/copyright"

# The faces of the Noto Sans CJK collections: Japanese and Traditional Chinese (Taiwan) forms.
CJK_FACES = {"JP": 0, "TC": 3}

# The name-table records that carry a family name; all are rewritten, in every language.
_NAME_IDS = (1, 2, 3, 4, 6, 16, 17, 18, 21, 22)


@dataclass(frozen=True)
class Subset:
    """One shipped font: where it comes from, what it covers, and the name it gets."""

    package: str
    source: Path
    font_number: int  # the face inside a .ttc collection (ignored for single fonts)
    chars: str
    family: str
    style: str
    out_name: str
    keep_hinting: bool


def row_chars() -> str:
    """The Chinese of every tai and fan row the engine can report (``game.engine.rows.HANZI``): the
    win panel prints it beside the translated name, so a new row needs no edit here, only a rebuild."""
    return "".join(dict.fromkeys("".join(name for table in HANZI.values() for name in table.values())))


def glyph_chars() -> str:
    """The CJK subset: the promised terms of :mod:`game.ui.fonts`, then the rows' Chinese."""
    return "".join(dict.fromkeys(cjk_chars() + row_chars()))


def text_chars(region: str) -> str:
    """What a CJK text face must draw: every character the languages it serves show and Atlas Sans
    lacks (read from the catalogs and the levels), the punctuation it takes over in a CJK
    language, and the fixed base (kana, CJK punctuation, full-width forms)."""
    sans = set(SANS_CHARS)
    shown = "".join(shown_chars(lang) for lang in LANGUAGES if cjk_region(lang) == region)
    wanted = (ch for ch in shown if ch not in sans and not ch.isspace())
    return "".join(sorted(set(wanted) | set(CJK_BASE_CHARS) | set(CJK_PUNCTUATION)))


def subsets() -> list[Subset]:
    noto = Path("/usr/share/fonts")
    return [
        # Face 3 of the collection is the Traditional Chinese one, the forms printed on mahjong tiles.
        Subset(CJK_PACKAGE, noto / "opentype/noto/NotoSerifCJK-Bold.ttc", 3, glyph_chars(),
               "Atlas Glyphs", "Bold", GLYPH_FONT_FILE, keep_hinting=False),
        *(Subset(CJK_PACKAGE, noto / f"opentype/noto/NotoSansCJK-{'Bold' if bold else 'Regular'}.ttc",
                 CJK_FACES[region], text_chars(region), f"Atlas Sans {region}", "Bold" if bold else "Regular",
                 CJK_FONT_FILES[(region, bold)], keep_hinting=False)
          for region in CJK_FACES for bold in (False, True)),
        Subset(SANS_PACKAGE, noto / "truetype/noto/NotoSans-Regular.ttf", 0, SANS_CHARS,
               "Atlas Sans", "Regular", SANS_FONT_FILES[False], keep_hinting=True),
        Subset(SANS_PACKAGE, noto / "truetype/noto/NotoSans-Bold.ttf", 0, SANS_CHARS,
               "Atlas Sans", "Bold", SANS_FONT_FILES[True], keep_hinting=True),
    ]


def package_version(package: str) -> str:
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout:
        raise SystemExit(f"{package} is not installed: apt-get install -y {package}")
    return out.stdout


@dataclass(frozen=True)
class Built:
    """A font this run wrote, with what the README needs to say about it."""

    spec: Subset
    font: TTFont
    path: Path
    package_version: str
    source_version: str
    missing: list[str]


def build_one(spec: Subset, out_dir: Path) -> Built:
    """Subset, rename and save one font, noting any promised character the source lacks."""
    font = TTFont(spec.source, fontNumber=spec.font_number, recalcTimestamp=False)
    source_version = (font["name"].getDebugName(5) or "?").split(";")[0]
    cmap = font.getBestCmap()
    missing = [f"U+{ord(c):04X} {c}" for c in spec.chars if ord(c) not in cmap]
    options = subset.Options()
    options.layout_features = ["kern", "liga", "locl", "vert", "vrt2"] if spec.keep_hinting else ["vert"]
    options.hinting = spec.keep_hinting
    options.name_IDs = [0, 5, 13, 14]  # copyright, version, licence: the rest is renamed below
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in spec.chars if ord(c) in cmap])
    subsetter.subset(font)
    rename(font, spec, source_version)
    path = out_dir / spec.out_name
    font.save(path)
    return Built(spec, font, path, package_version(spec.package), source_version, missing)


def rename(font: TTFont, spec: Subset, source_version: str) -> None:
    """Give the subset its own name, as the OFL asks of modified versions."""
    name = font["name"]
    name.names = [rec for rec in name.names if rec.nameID not in _NAME_IDS]
    ps_name = f"{spec.family.replace(' ', '')}-{spec.style}"
    full = f"{spec.family} {spec.style}"
    records = {
        1: spec.family,
        2: spec.style,
        3: f"{ps_name};subset of {source_version}",
        4: full,
        6: ps_name,
    }
    for name_id, text in records.items():
        name.setName(text, name_id, 3, 1, 0x409)
        name.setName(text, name_id, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps_name]
        top = cff.topDictIndex[0]
        for key, value in (("FullName", full), ("FamilyName", spec.family)):
            if hasattr(top, key) or key in top.rawDict:
                setattr(top, key, value)


def ofl_text(package: str) -> str:
    """The OFL 1.1 paragraph of the package's machine-readable copyright file, unindented."""
    lines = Path(COPYRIGHT.format(package=package)).read_text(encoding="utf-8").splitlines()
    heads = ("License: SIL-1.1", "License: OFL-1.1")
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() in heads and nxt.startswith(" "):  # the stand-alone paragraph with the text
            body: list[str] = []
            for text in lines[i + 1:]:
                if not text.startswith(" "):
                    break
                body.append("" if text.strip() == "." else text[1:])
            return "\n".join(body).strip() + "\n"
    raise SystemExit(f"no OFL text found in {package}'s copyright file")


def licence_file(fonts: list[TTFont]) -> str:
    """OFL.txt: the copyright notices of the source fonts, then the licence itself."""
    notices = dict.fromkeys(f["name"].getDebugName(0) or "" for f in fonts)
    head = "\n".join(n for n in notices if n)
    return f"{head}\n\n{ofl_text(CJK_PACKAGE)}"


def readme(built: list[Built]) -> str:
    """assets/fonts/README.md: where each file came from, what it holds, and the rename."""
    rows = "\n".join(
        f"| `{b.path.name}` | {b.spec.family} {b.spec.style} | `{b.spec.source}` (face {b.spec.font_number}, "
        f"{b.source_version}) | {b.spec.package} {b.package_version} | {len(b.spec.chars)} | "
        f"{b.path.stat().st_size / 1e6:.2f} MB |"
        for b in built
    )
    glyphs = next(b for b in built if b.spec.family == "Atlas Glyphs")
    return f"""# Bundled fonts

Subsets of OFL-1.1 fonts, made by `build/make_font_subset.py` from Debian bookworm's packages
(nothing here is drawn or edited by hand; run the script again to rebuild).

| file | family | source font | Debian package | characters | size |
|---|---|---|---|---|---|
{rows}

**Renamed.** The SIL Open Font License asks that a modified font not use a Reserved Font Name of
the original. Noto declares none, but these are modified versions (subsets), so they carry names of
their own: *Atlas Sans* (from Noto Sans), *Atlas Sans JP* and *Atlas Sans TC* (from Noto Sans CJK
JP and TC) and *Atlas Glyphs* (from Noto Serif CJK TC Bold). The copyright notice (name 0),
version (name 5) and licence records (names 13, 14) are kept.

**Licence.** `OFL.txt` beside this file: the copyright notices of the sources and the SIL Open
Font License 1.1 text from the packages' copyright files. The fonts may be bundled and
redistributed with the game; they may not be sold on their own.

**Characters.** Atlas Sans holds Basic Latin, Latin-1, Latin Extended-A, Cyrillic (U+0400..045F,
U+0490..0491), general punctuation and `€₽№™` (`SANS_CHARS` in `game/ui/fonts.py`). Atlas Sans JP
(Japanese forms, for the Japanese interface) and Atlas Sans TC (Traditional Chinese forms, for
Traditional Chinese and the Chinese terms of the other languages) hold exactly the characters the
catalogs (`game/i18n/locale/`) and the tutorial levels (`levels/`) show in those languages and
Atlas Sans lacks, the Chinese of the Taiwanese tai rows, plus kana, bopomofo, CJK punctuation and
the full-width forms (`CJK_BASE_CHARS`): a new word in a catalog needs this script run again, and
`tests/test_i18n.py` fails until it is. Atlas Glyphs (tile faces) holds:

{"".join(glyphs.spec.chars)}
"""


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "fonts")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    built = [build_one(spec, args.out) for spec in subsets()]
    for b in built:
        print(f"{b.path.name}: {b.path.stat().st_size} bytes, {len(b.spec.chars)} characters, "
              f"from {b.spec.source.name} {b.source_version} in {b.spec.package} {b.package_version}")
        if b.missing:
            print(f"  missing: {', '.join(b.missing)}", file=sys.stderr)
    (args.out / "OFL.txt").write_text(licence_file([b.font for b in built]), encoding="utf-8")
    (args.out / "README.md").write_text(readme(built), encoding="utf-8")
    return 1 if any(b.missing for b in built) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
