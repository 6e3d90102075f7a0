"""The engine's refusals reach the learner in the interface language: every rule id the engine can
raise has its words in the three catalogs. The ids are read from the engine's source (not listed
here by hand), so a rule added to the engine without words fails this test."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from table_helpers import SIZE, display

from game import i18n
from game.i18n import LANGUAGES, catalog
from game.tutorial.level import levels_dir, load_all, load_level
from game.ui.tutorial.refusals import refusal_key, refusal_text
from game.ui.tutorial.screen import TutorialScreen

GAME = Path(__file__).resolve().parent.parent / "game"
SCANNED = ("engine", "tutorial")  # the engine, and the tutorial judge (which refuses unreadable moves itself)


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


@cache
def engine_rules() -> frozenset[str]:
    """Every ``rule`` an ``IllegalActionError`` can carry: a string written as its first argument,
    or, for ``IllegalActionError(*self.why(...))``, the first string of every tuple ``why`` returns."""
    trees = [ast.parse(path.read_text(encoding="utf-8")) for folder in SCANNED for path in (GAME / folder).rglob("*.py")]
    rules: set[str] = set()
    helpers: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and _name(node.func) == "IllegalActionError" and node.args):
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                rules.add(first.value)
            elif isinstance(first, ast.Starred) and isinstance(first.value, ast.Call):
                helpers.add(_name(first.value.func))
            else:
                raise AssertionError(f"a rule this test cannot read: {ast.unparse(node)}")
    for tree in trees:
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef) and fn.name in helpers:
                for ret in ast.walk(fn):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        head = ret.value.elts[0]
                        assert isinstance(head, ast.Constant) and isinstance(head.value, str), ast.unparse(ret)
                        rules.add(head.value)
    return frozenset(rules)


def test_the_scan_finds_the_engine_rules() -> None:
    rules = engine_rules()
    assert {"kuikae", "furiten", "no-win", "chi-from-left-only", "last-discard", "not-held"} <= rules
    assert len(rules) >= 20


def test_every_engine_rule_has_words_in_every_language() -> None:
    missing = sorted((lang, rule) for rule in engine_rules() for lang in LANGUAGES
                     if refusal_key(rule) not in catalog(lang))
    assert missing == []


def test_every_rule_a_level_names_is_an_engine_rule() -> None:
    rules = engine_rules()
    named = {w.illegal for lv in load_all(levels_dir()).levels for s in lv.steps for w in s.wrong if w.illegal}
    assert named and named <= rules, named - rules


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learner_reads_the_refusal_in_the_interface_language(lang: str) -> None:
    shown = _refusal_shown(lang, "riichi-10-kuikae.toml", "1:chi 34m", "1:discard 5m")
    assert catalog(lang)["tutorial.refusal.kuikae"] in shown and "kuikae]" not in shown  # no rule ids
    if lang != "en":
        assert "swap-calling" not in shown  # not the engine's English


def _refusal_shown(lang: str, level: str, *answers: str) -> str:
    """What the lesson shows after its answers in ``lang``: every answer but the last is right."""
    display()
    try:
        i18n.set_language(lang)
        screen = TutorialScreen(SIZE, load_level(levels_dir() / level), None)
        screen.finish_animations()
        for answer in answers[:-1]:
            assert screen.choose(answer)
            screen.control("next")
        assert not screen.choose(answers[-1])
        return " ".join(line for line, _ in screen.feedback)
    finally:
        i18n.set_language("en")


def test_an_unknown_rule_falls_back_to_the_engine_words() -> None:
    assert refusal_text("a-rule-from-tomorrow", "the engine's words") == "the engine's words"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hong_kong_win_under_three_fan_is_refused_in_fan_not_in_yaku(lang: str) -> None:
    """Hong Kong asks no yaku: its refused win says the hand is worth too few fan."""
    shown = _refusal_shown(lang, "hongkong-04-three-fan.toml", "1:ron")
    assert catalog(lang)["tutorial.refusal.no-win.fan"] in shown and "[no-win]" not in shown
    assert "yaku" not in shown.lower() and "яку" not in shown
