"""The three catalogs: same keys, same placeholders, every character drawn by the shipped font."""

from __future__ import annotations

import pytest

from game import i18n
from game.i18n import LANGUAGES, catalog, placeholders, t
from game.ui import fonts


def test_every_key_is_in_every_catalog() -> None:
    keys = set(catalog("en"))
    for language in LANGUAGES:
        assert set(catalog(language)) == keys, language


def test_placeholders_agree() -> None:
    for key, english in catalog("en").items():
        for language in LANGUAGES:
            assert placeholders(catalog(language)[key]) == placeholders(english), (language, key)


def test_translations_are_translated() -> None:
    """A catalog that copies English by mistake shows up here (names and codes may match)."""
    en = catalog("en")
    # names by design the same in every language: French riichi players keep the Japanese yaku
    # and limit names, Chinese terms are the characters with their pinyin, and so on
    prose = {k: v for k, v in en.items() if not k.startswith(NAMES_BY_DESIGN)}
    for language in ("fr", "ru"):
        same = [k for k in prose if catalog(language)[k] == en[k]]
        assert len(same) < len(prose) // 5, (language, same)


NAMES_BY_DESIGN = ("yaku.", "limit.", "terms.", "table.name.")
# Keys the table draws with its mixed font (game/ui/table/pieces.MixedFont): their Chinese
# characters come from the CJK glyph font. Everywhere else only the sans font draws.
MIXED_FONT_KEYS = ("terms.",)


def _is_cjk(ch: str) -> bool:
    return ch not in fonts.SANS_CHARS and not ch.isspace()


@pytest.mark.parametrize("bold", [False, True])
def test_the_sans_font_draws_every_character(bold: bool) -> None:
    font = fonts.sans_font(bold)
    chars = sorted({ch for language in LANGUAGES for text in catalog(language).values() for ch in text
                    if not _is_cjk(ch)})
    missing = [f"U+{ord(ch):04X} {ch}" for ch in chars if font.get_metrics(ch, size=24)[0] is None]
    assert not missing


def test_chinese_characters_only_where_the_glyph_font_draws_them() -> None:
    """CJK in a catalog only under keys the table draws with its mixed font, and every such
    character in the CJK glyph subset (promised by game.ui.fonts and present in the file)."""
    glyphs = fonts.glyph_font()
    seen: set[str] = set()
    for language in LANGUAGES:
        for key, text in catalog(language).items():
            cjk = {ch for ch in text if _is_cjk(ch)}
            assert not cjk or key.startswith(MIXED_FONT_KEYS), (language, key, text)
            seen |= cjk
    assert seen  # the Chinese terms are there
    missing = sorted(ch for ch in seen if ch not in fonts.cjk_chars() or glyphs.get_metrics(ch, size=24)[0] is None)
    assert not missing


def test_every_setting_and_option_has_words() -> None:
    from game.match_options import HAND_LENGTHS, LEVELS, ROUND_LENGTHS
    from game.persist.settings import CHOICES, FIELDS

    keys = set(catalog("en"))
    assert {f"settings.{name}" for name in FIELDS} <= keys
    assert {f"language.{code}" for code in CHOICES["language"]} <= keys
    for name in ("tile_style", "animation_speed", "terminology"):
        assert {f"settings.value.{v}" for v in CHOICES[name]} <= keys
    assert {f"level.{lv}" for lv in LEVELS} <= keys
    assert {f"length.{n}" for n in HAND_LENGTHS + ROUND_LENGTHS} <= keys


def test_t_fills_values_and_falls_back() -> None:
    try:
        i18n.set_language("fr")
        assert t("settings.value.seconds", n=5) == "5\u00a0s"
        assert t("results.hand", wind=t("wind.1"), number=3) == "Sud 3"
        assert t("no.such.key") == "no.such.key"
        i18n.set_language("xx")
        assert i18n.language() == "en"
        assert t("results.ron", winner="A") == "A: ron off {loser}"  # a missing value stays visible
    finally:
        i18n.set_language("en")


def test_numbers_follow_the_language() -> None:
    try:
        assert (i18n.number(25000), i18n.number(-12.5, 1, sign=True), i18n.number(0, 1, sign=True)) == (
            "25,000", "-12.5", "0.0")
        i18n.set_language("fr")
        assert (i18n.number(-1500), i18n.number(12.5, 1, sign=True)) == ("-1\u00a0500", "+12,5")
        i18n.set_language("ru")
        assert i18n.number(32200) == "32\u00a0200"
    finally:
        i18n.set_language("en")


def test_every_literal_key_the_code_asks_for_exists() -> None:
    """``t("...")`` and ``Notice("...")`` keys written in the code are all in the catalogs (keys
    built at run time are covered by the tests above)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "game"
    pattern = re.compile(r"""\b(?:t|Notice)\(\s*["']([a-z0-9_.]+)["']""")
    asked = {
        (path.relative_to(root).as_posix(), key)
        for folder in ("ui/menus", "ui/replay", "ui/table", "persist")
        for path in (root / folder).rglob("*.py")
        for key in pattern.findall(path.read_text(encoding="utf-8"))
    }
    assert len(asked) > 40
    missing = sorted((where, key) for where, key in asked if key not in catalog("en"))
    assert not missing
