"""Tiles in the tutorials' prose: marks (``[5m]``) in the level files, tile pictures on screen, and
never a code shown to the player, in any level, step or language.

The oracle for what a mark means is the engine's own notation (``parse_kinds``); the screen test
reads every text node the tutorial panel draws, at every step of every level in every language,
and looks for a tile code in it as the level reader does (``game.tutorial.prose.CODE``)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame
import pytest
from table_helpers import display
from user_dirs import point_user_dirs

from game import i18n
from game.cli import main
from game.engine.tiles import format_tiles, parse_kinds, parse_tiles
from game.i18n import pieces
from game.i18n.tiles import TileWords
from game.scene import Node, Text
from game.tutorial.level import LevelError, levels_dir, load_all, load_level
from game.tutorial.prose import CODE, problems, prose
from game.ui.table.tile_line import TileLine
from game.ui.tutorial.screen import TutorialScreen

LEVELS = levels_dir()


@pytest.fixture(autouse=True)
def _headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    display()
    i18n.set_language("en")


@pytest.mark.parametrize("words", [
    "East discards 5m.", "a chi 4-6p", "(8-9s)", "打出 5萬。", "東家が5mを捨てます", "4-5-6mをチー",
    "the other end of 3-4", "[5x] is no tile", "hold [4 6p]", "an empty []", "an open [5m",
    "full-width ５m",
])
def test_a_tile_written_the_old_way_is_refused(words: str) -> None:
    assert problems(words), words


@pytest.mark.parametrize("words", [
    "East discards [5m].", "打出[5m]。", "25,000 points", "8 000", "passes in 10 s", "§3.3.1", "East 1",
    "2nd round", "a chi [456m] ([34m])", "ru: [5m] — другой конец [34m]", "red five [0p]",
])
def test_marks_and_plain_words_pass(words: str) -> None:
    assert problems(words) == []


def test_a_mark_is_the_tiles_the_notation_names() -> None:
    """Random marks: the pieces a screen draws are the tiles the engine reads from the notation, and
    the words read the tiles' names in the current language."""
    rng = random.Random(14)
    every = list(range(136))
    for _ in range(200):
        tiles = rng.sample(every, rng.randint(1, 4))
        note = format_tiles(tiles)
        for lang in ("en", "zh_TW"):
            i18n.set_language(lang)
            said = prose(f"take [{note}] now")
            shown = [p for p in pieces(said) if isinstance(p, TileWords)]
            assert len(shown) == 1 and list(shown[0].kinds) == parse_kinds(note)
            assert sorted(shown[0].tiles) == sorted(parse_tiles(note))
            assert str(said) == f"take {TileWords(parse_kinds(note))} now"
    i18n.set_language("zh_TW")
    assert str(prose("打出[5m]。")) == "打出5萬。"


def test_the_reader_refuses_a_level_that_names_a_tile_by_its_code(tmp_path: Path) -> None:
    src = LEVELS / "riichi-01-chi-from-left.toml"
    text = src.read_text(encoding="utf-8")
    old = 'ja = "東家のあなたが[5m]を捨てます。'
    assert old in text
    path = tmp_path / src.name
    path.write_text(text.replace(old, 'ja = "東家のあなたが5mを捨てます。'), encoding="utf-8")
    with pytest.raises(LevelError) as caught:
        load_level(path)
    err = caught.value
    assert err.field == "steps[0].narration.ja" and "'5m'" in str(err) and "[5m]" in str(err)
    assert text.splitlines()[err.line - 1].startswith("ja = ")
    shutil.copy(LEVELS / "riichi-02-pon-beats-chi.toml", tmp_path)
    assert main(["levels", "check", "--dir", str(tmp_path)]) == 1


def _shown(root: Node) -> tuple[list[str], int]:
    """(the words of every visible text node, how many tile pictures the word-and-picture lines draw)."""
    words: list[str] = []
    pictures = 0
    stack = [root]
    while stack:
        node = stack.pop()
        if not node.visible:
            continue
        if isinstance(node, Text):
            words.append(node.text)
        elif isinstance(node, TileLine):
            pictures += sum(isinstance(part, pygame.Surface) for part in node.parts)
            words.extend(part for part in node.parts if isinstance(part, str))
        stack.extend(node.children)
    return words, pictures


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_level_shows_a_tile_code_on_screen(lang: str) -> None:
    """Every step of every level (asked, a wrong answer, the hint, the right answer, the summary):
    no text the panel draws holds a tile code, and every mark in the step's words is drawn."""
    i18n.set_language(lang)
    seen: list[str] = []
    for level in load_all(LEVELS).levels:
        screen = TutorialScreen((1280, 720), level, None)
        for i, step in enumerate(level.steps):
            answers = [w.answer for w in step.wrong[:1]] + [step.answer]
            for answer in answers:
                screen.control("hint")
                words, pictures = _shown(screen.root)
                marks = sum(p.count("[") for p in (step.narration.get(lang, ""), step.hint.get(lang, "")))
                assert pictures >= marks, (level.id, i, lang)
                seen += [f"{level.id} step {i}: {w!r}" for w in words if CODE.search(w)]
                screen.choose(answer)
                words, _ = _shown(screen.root)
                seen += [f"{level.id} step {i} after {answer}: {w!r}" for w in words if CODE.search(w)]
                if screen.state == "wrong":
                    screen.control("retry")
            screen.control("next")
        words, _ = _shown(screen.root)
        seen += [f"{level.id} summary: {w!r}" for w in words if CODE.search(w)]
    assert not seen, "\n".join(seen)
