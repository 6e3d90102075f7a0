"""Words at the table: the terms the hints and the review use are explained, per rulebook, in the
table's own words, and the screen is reached from the pause menu and the lessons.

Seen by a new player: "Discard [3m]: 2-shanten, 8 useful tiles" and "Fold: [4p] is suji against
Kenji's riichi", with nothing in the game saying what shanten or suji are.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pygame
import pytest
from test_menus import click
from user_dirs import point_user_dirs

from game import i18n
from game.engine.profile import load_profile, profile_order
from game.i18n import LANGUAGES, t
from game.ui.menus.flow import MenuFlow
from game.ui.menus.glossary_screen import GlossaryScreen, entries, headword
from game.ui.menus.intents import Open
from game.ui.menus.match_menu import MatchMenuScreen
from game.ui.table.words import table_terms, terms_for

SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    point_user_dirs(tmp_path, monkeypatch)
    pygame.init()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _names(profile_id: str, terminology: str = "rulebook") -> dict[str, str]:
    return {term: name for term, name, _ in entries(load_profile(profile_id), terms_for(terminology, profile_id))}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_of_the_hints_are_explained_as_the_hints_say_them(language: str) -> None:
    i18n.set_language(language)
    terms = terms_for("rulebook", "riichi")
    names = _names("riichi")
    hint = t("ai.hint.discard", tile="x", shanten=terms.shanten(2), count=8)
    assert names["shanten"] in hint  # the same words the hint shows ("2-shanten")
    assert names["tenpai"] == terms.tenpai
    suji = t("ai.hint.fold_suji", tile="x", who="y")
    assert t("glossary.suji.name").split("（")[0].casefold() in suji.casefold()  # "suji", "суджи", "筋"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_explanation_is_whole_in_every_language(language: str) -> None:
    i18n.set_language(language)
    for profile_id in profile_order():
        for terminology in ("rulebook", "japanese", "english", "chinese"):
            for term, name, text in entries(load_profile(profile_id), terms_for(terminology, profile_id)):
                assert name and text, (profile_id, term)
                assert not re.search(r"[{}]", name + text), (profile_id, term, text)  # every value filled
                assert not text.startswith("glossary."), text


def test_each_rulebook_lists_the_terms_its_own_rules_have() -> None:
    riichi, taiwanese, hongkong = _names("riichi"), _names("taiwanese"), _names("hongkong")
    assert {"riichi", "suji", "safe", "furiten", "dora", "yaku", "han_and_fu", "dead_wall"} <= riichi.keys()
    assert not {"tai", "fan", "flowers", "hill"} & riichi.keys()
    assert {"tai", "flowers", "hill"} <= taiwanese.keys()
    assert not {"riichi", "suji", "dora", "furiten", "yaku", "han_and_fu", "fan", "dead_wall"} & taiwanese.keys()
    assert {"fan", "flowers", "dead_wall"} <= hongkong.keys()
    # the knobs decide: a riichi rulebook without riichi has no riichi, suji or safe-tile entries
    plain = load_profile("riichi")
    plain = dataclasses.replace(plain, riichi=dataclasses.replace(plain.riichi, enabled=False))
    without = {term for term, _, _ in entries(plain, table_terms("japanese"))}
    assert not {"riichi", "suji", "safe"} & without and "furiten" in without


def test_the_numbers_are_the_rulebooks_own() -> None:
    tai = load_profile("taiwanese").tai
    text = dict((term, words) for term, _, words in entries(load_profile("taiwanese"), table_terms("english")))["tai"]
    assert str(tai.base) in text and str(tai.tai_value) in text
    fan = load_profile("hongkong").fan
    text = dict((term, words) for term, _, words in entries(load_profile("hongkong"), table_terms("english")))["fan"]
    assert str(fan.min_fan) in text


def test_the_names_follow_the_terms_setting() -> None:
    assert _names("riichi", "japanese")["pon"] == t("terms.japanese.pon")
    assert _names("riichi", "english")["pon"] == t("terms.english.pon")
    assert _names("riichi", "english")["tenpai"] == t("terms.english.tenpai")
    screen = GlossaryScreen(SIZE, "riichi", "english")
    shown = [getattr(n, "text", "") for n in screen.root.walk()]
    assert headword(t("terms.english.tenpai")) in shown  # "Ready", at the head of its entry


def test_the_pause_menu_opens_the_words_of_the_match_rulebook() -> None:
    flow = MenuFlow(SIZE)
    flow.act(Open("settings"))  # any screen under the dialog
    flow.stack.push(MatchMenuScreen(SIZE))
    flow.act(Open("glossary"))
    assert isinstance(flow.top, GlossaryScreen)
    assert flow.top.profile_id == flow.options.profile_id
    # Esc goes back to the pause menu, as from Settings (seen: straight to the table instead)
    flow.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert isinstance(flow.top, MatchMenuScreen)


def test_the_lessons_list_has_a_way_to_the_words() -> None:
    from game.ui.tutorial.list_screen import TutorialListScreen

    screen = TutorialListScreen(SIZE)
    assert click(screen, "glossary") == Open("glossary")


def test_the_list_scrolls_to_its_last_term() -> None:
    screen = GlossaryScreen(SIZE, "riichi")
    last = screen.rows[-1]
    for _ in range(len(screen.rows)):
        screen.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    assert last.visible
