"""The tutorial list keeps every level on the screen when a rulebook's column grows: rows close up
(issue 14: eleven riichi levels reached y≈703 of 720, a twelfth would have run off)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.scene import Text
from game.tutorial.level import levels_dir
from game.ui.menus.widgets import Button, TextBlock
from game.ui.tutorial.list_screen import TutorialListScreen


@pytest.mark.parametrize("extra", [0, 3, 6])
@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_every_level_row_stays_on_the_screen(tmp_path: Path, extra: int, language: str) -> None:
    pygame.display.init()
    pygame.font.init()
    i18n.set_language(language)
    for path in levels_dir().glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    riichi = sorted(levels_dir().glob("riichi-*.toml"))
    for k in range(extra):  # more riichi levels: copies under new ids, ordered after the others
        source = riichi[k % len(riichi)].read_text(encoding="utf-8")
        source = re.sub(r'^id = "([^"]+)"', rf'id = "\1-copy{k}"', source, count=1, flags=re.M)
        source = re.sub(r"^order = \d+", f"order = {100 + k}", source, count=1, flags=re.M)
        (tmp_path / f"riichi-9{k}-copy.toml").write_text(source, encoding="utf-8")
    for size in ((1280, 720), (1920, 1080)):
        screen = TutorialListScreen(size, folder=tmp_path)
        rows = [w for w in screen.widgets if isinstance(w, Button) and w.name.startswith("level:")]
        assert len(rows) == len(list(tmp_path.glob("*.toml"))) and not screen.catalogue.broken
        w, h = screen.size
        keys = screen.root.find("keys")
        assert isinstance(keys, Text)
        keys_top = keys.to_world(0, 0)[1] - keys.content_size()[1] / 2
        for row in rows:
            assert row.y + row.height <= min(h - 4, keys_top), (row.name, row.y, row.height)
        for a, b in zip(rows, rows[1:], strict=False):
            if a.x == b.x:
                assert a.y + a.height <= b.y, (a.name, b.name)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_list_has_a_way_back_for_the_mouse_and_headings_of_one_size(language: str) -> None:
    """Seen (every language): the tutorial list had no Back button and no key help (every other
    screen has both), so a mouse-only player had no way back; and the EMA column's heading was
    shrunk below the others' to fit its long name. The first level keeps the focus."""
    from game.ui.menus.intents import Back

    pygame.display.init()
    pygame.font.init()
    i18n.set_language(language)
    try:
        for size in ((1280, 720), (1920, 1080)):
            screen = TutorialListScreen(size)
            back = screen.root.find("back")
            assert isinstance(back, Button) and back.activate() == Back()
            assert screen.focused is not None and screen.focused.name.startswith("level:")
            headings = [n for n in _walk(screen.root) if isinstance(n, TextBlock) and n.box.name == "column heading"]
            sizes = {n.fitted.size for n in headings}
            assert len(headings) == 4 and len(sizes) == 1, (language, size, sizes)
    finally:
        i18n.set_language("en")


def _walk(node: object) -> list[object]:
    out = [node]
    for child in getattr(node, "children", ()):
        out += _walk(child)
    return out
