"""The gettext catalogs: in step with the template (same keys, same placeholders, every plural
form), accepted by GNU msgfmt, and every character drawn by the shipped fonts."""

from __future__ import annotations

import gettext
import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game import i18n
from game.i18n import LANGUAGES, catalog, placeholders, t, tn
from game.i18n.po import compile_mo, header_fields, parse_po
from game.ui import fonts

LOCALE = Path(i18n.__file__).parent / "locale"


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def nplurals(language: str) -> int:
    forms = header_fields(i18n.entries(language))["Plural-Forms"]
    match = re.match(r"nplurals=(\d+);", forms)
    assert match, (language, forms)
    return int(match.group(1))


def test_every_language_has_a_po_file_and_nothing_else_is_shipped() -> None:
    assert sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po")) == sorted(LANGUAGES)
    assert not list(Path(i18n.__file__).parent.glob("*.toml"))  # the old catalogs are gone


def test_every_catalog_is_in_step_with_the_template() -> None:
    """Same keys and English sources as the .pot, no fuzzy or empty entry, every plural form."""
    template = {e.context: e for e in i18n.pot() if e.context is not None}
    assert template.keys() == i18n.template().keys()
    for language in LANGUAGES:
        entries = {e.context: e for e in i18n.entries(language) if e.context is not None}
        assert set(entries) == set(template), language
        forms = nplurals(language)
        for key, entry in entries.items():
            source = template[key]
            assert (entry.msgid, entry.msgid_plural) == (source.msgid, source.msgid_plural), (language, key)
            assert entry.translated, (language, key)
            assert len(entry.msgstr) == (forms if source.msgid_plural is not None else 1), (language, key)


def test_plural_forms_follow_each_language() -> None:
    key = "ai.reason.discard_tenpai"
    try:
        shown = {}
        for language in LANGUAGES:
            i18n.set_language(language)
            shown[language] = [t(key, tile="5p", waits="3s", count=n).rsplit(" ", 1)[-1] for n in (0, 1, 2, 5, 21)]
            assert tn(key, 2, tile="5p", waits="3s") == t(key, tile="5p", waits="3s", count=2)
        assert shown["en"] == ["tiles", "tile", "tiles", "tiles", "tiles"]
        assert shown["fr"] == ["tuile", "tuile", "tuiles", "tuiles", "tuiles"]
        assert shown["ru"] == ["тайлов", "тайл", "тайла", "тайлов", "тайл"]
        for language in ("ja", "zh_TW"):  # one form: the same words for every n
            i18n.set_language(language)
            assert len({t(key, tile="東", waits="北", count=n).replace(str(n), "#") for n in (0, 1, 2, 7, 21)}) == 1
    finally:
        i18n.set_language("en")


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed (apt install gettext)")
def test_gnu_msgfmt_accepts_every_catalog_and_agrees_with_our_compiler(tmp_path: Path) -> None:
    """msgfmt --check (placeholders of python-brace-format, plural forms, headers) is the oracle;
    our in-memory .mo reads back to the same messages as msgfmt's."""
    for language in LANGUAGES:
        mo = tmp_path / f"{language}.mo"
        done = subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po_path(language))],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        theirs = gettext.GNUTranslations(mo.open("rb"))
        ours = gettext.GNUTranslations(io.BytesIO(compile_mo(i18n.entries(language))))
        messages = [{k: v for k, v in tr._catalog.items() if k != ""} for tr in (ours, theirs)]  # type: ignore[attr-defined]
        assert messages[0] == messages[1], language  # the header differs: msgfmt drops POT-Creation-Date


def test_the_reader_keeps_escapes_continuations_and_plurals() -> None:
    text = ('# a comment\n#. for translators\n#, python-brace-format\nmsgctxt "a.b"\nmsgid "Say \\"{x}\\"\\n"\n'
            'msgstr ""\n"Dis "\n"\\"{x}\\"\\n"\n\nmsgctxt "c"\nmsgid "1 tile"\nmsgid_plural "{n} tiles"\n'
            'msgstr[0] "1"\nmsgstr[1] "n"\n#~ msgid "old"\n#~ msgstr "vieux"\n')
    first, second = parse_po(text)
    assert (first.context, first.msgid, first.msgstr, first.comments, first.flags) == (
        "a.b", 'Say "{x}"\n', ['Dis "{x}"\n'], ["for translators"], ["python-brace-format"])
    assert (second.msgid_plural, second.msgstr) == ("{n} tiles", ["1", "n"])


def test_every_key_is_in_every_catalog() -> None:
    keys = set(catalog("en"))
    for language in LANGUAGES:
        assert set(catalog(language)) == keys, language


def every_form(language: str) -> list[tuple[str, str]]:
    """Every string a language shows, each plural form included, with its key."""
    return [(e.context, text) for e in i18n.entries(language) if e.context is not None for text in e.msgstr]


def test_placeholders_agree() -> None:
    """Every form of every translation names the template's placeholders (a plural form may
    leave the number out, as "one tile" does)."""
    for language in LANGUAGES:
        for key, text in every_form(language):
            source = i18n.template()[key]
            expected = placeholders(source.msgid) | placeholders(source.msgid_plural or "")
            assert placeholders(text) - expected == set(), (language, key, text)
            assert expected - placeholders(text) <= set(i18n.PLURAL_BY), (language, key, text)


def test_translations_are_translated() -> None:
    """A catalog that copies English by mistake shows up here (names and codes may match)."""
    en = catalog("en")
    # names by design the same in every language: French riichi players keep the Japanese yaku
    # and limit names, Chinese terms are the characters with their pinyin, and so on
    prose = {k: v for k, v in en.items() if not k.startswith(NAMES_BY_DESIGN)}
    for language in LANGUAGES[1:]:
        same = [k for k in prose if catalog(language)[k] == en[k]]
        assert len(same) < len(prose) // 5, (language, same)


NAMES_BY_DESIGN = ("yaku.", "limit.", "terms.", "table.name.", "language.")


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shipped_fonts_draw_every_character_a_language_shows(language: str, bold: bool) -> None:
    """Every character of every catalog string (each plural form), every tutorial level text and
    every tai row's Chinese, in the face the interface sets it in for that language (Atlas Sans,
    or the language's CJK face), has a glyph in the shipped file: a missing one would draw an
    empty box. A new word needs ``build/make_font_subset.py`` run again."""
    from game.i18n.corpus import shown_chars
    from game.ui.typeset import ui_font

    font = ui_font(20, bold, language)
    sans = fonts.freetype_font(fonts.sans_font_path(bold))
    missing = []
    for ch in shown_chars(language):
        if ch.isspace():
            continue
        face = font.face_of(ch)
        drawn = (sans.get_metrics(ch, size=12)[0] is not None) if face is font.sans else font.covers(ch)
        if not drawn:
            missing.append(f"U+{ord(ch):04X} {ch}")
    assert not missing, f"{language}: run build/make_font_subset.py (apt-get install fonts-noto-cjk): {missing}"


def test_cjk_text_faces_follow_the_language() -> None:
    """Japanese reads the Japanese forms, every other language the Traditional Chinese ones."""
    assert {lang: fonts.cjk_region(lang) for lang in LANGUAGES} == {
        "en": "TC", "fr": "TC", "ru": "TC", "ja": "JP", "zh_TW": "TC"}


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


def test_every_tutorial_text_is_in_every_language() -> None:
    """Each level's words (title, summary, narration, labels, feedback, hints, the rule's place in
    its book and the rule itself) exist in every language; the rule may leave out the language
    the rulebook is written in (its own words are shown there)."""
    from game.tutorial.level import levels_dir, load_level

    missing = []
    for path in sorted(levels_dir().glob("*.toml")):
        level = load_level(path)
        texts = {"title": level.title, "summary": level.summary, "source.section": level.source.section}
        if level.engine_note:
            texts["engine_note"] = level.engine_note
        for i, step in enumerate(level.steps):
            texts |= {f"steps[{i}].narration": step.narration, f"steps[{i}].hint": step.hint,
                      f"steps[{i}].explain": step.explain}
            texts |= {f"steps[{i}].labels.{k}": v for k, v in step.labels.items()}
            texts |= {f"steps[{i}].wrong[{j}].why": w.why for j, w in enumerate(step.wrong)}
        missing += [f"{path.name}: {where} {lang}" for where, table in texts.items() for lang in LANGUAGES
                    if lang not in table]
        original = level.source.original_language
        missing += [f"{path.name}: source.rule {lang}" for lang in LANGUAGES
                    if lang != original and lang not in level.source.rule]
        assert original in LANGUAGES, path.name
    assert not missing


def test_the_rules_screen_names_every_knob_and_value_in_words() -> None:
    """Every knob of every shipped rulebook has a name and every word value has words, in every
    language: the rules screen never shows a TOML key (``dead_wall_mode``, ``replenished_hill``)."""
    from game.engine.profile import available_profiles, load_profile
    from game.ui.menus.rules_screen import knob_name, show_value, value_word

    missing = []
    try:
        for language in LANGUAGES:
            i18n.set_language(language)
            for profile in available_profiles():
                for key, value in load_profile(profile).knobs().items():
                    if knob_name(key).startswith("rules.knob."):
                        missing.append(f"{language}: {key}")
                    words = value if isinstance(value, list | tuple) else [value]
                    missing += [f"{language}: {key} = {w}" for w in words if isinstance(w, str) and value_word(w) is None]
                    assert show_value(value)
    finally:
        i18n.set_language("en")
    assert not missing
