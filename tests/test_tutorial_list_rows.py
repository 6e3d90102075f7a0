"""The tutorial list keeps every level on the screen when a rulebook's column grows: rows close up
(issue 14: eleven riichi levels reached y≈703 of 720, a twelfth would have run off)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.tutorial.level import levels_dir
from game.ui.menus.widgets import Button
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
        for row in rows:
            assert row.y + row.height <= h - 4, (row.name, row.y, row.height)
        for a, b in zip(rows, rows[1:], strict=False):
            if a.x == b.x:
                assert a.y + a.height <= b.y, (a.name, b.name)
