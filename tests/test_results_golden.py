"""Golden frames of the result screens at 1280x720 and 1920x1080 in every language of the catalogs:
the real table at the real result panel (every kind of ending in English; a win, its fu, a draw
and the end of a match in each other language), compared per cell as :mod:`golden_frames` says
(a changed word fails). To accept an intended change, delete the PNG, run the test once (it
writes the frame and skips), look at it, and commit it.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from finished_matches import finished_match
from golden_frames import check
from results_scenes import SCENES
from table_helpers import display

from game import i18n
from game.ai.baseline import EfficiencyBot
from game.ui.results.match_end import ResultsScreen, match_end
from game.ui.results.preview import table_at_result

LOCALES = Path(__file__).resolve().parent.parent / "game" / "i18n" / "locale"
LANGUAGES = sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir())
SIZES = [(1280, 720), (1920, 1080)]
EVERY = ["tsumo_ura", "ron_fu", "ron_melds", "kan_tsumo", "exhaustive", "kyuushu", "double_ron", "taiwanese_tsumo",
         "match_end"]
EACH_LANGUAGE = ["tsumo_ura", "ron_fu", "exhaustive", "match_end"]
CASES = [(lang, scene) for lang in LANGUAGES for scene in (EVERY if lang == "en" else EACH_LANGUAGE)]


@pytest.fixture(autouse=True)
def _display() -> None:
    display()


def frame(scene: str, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    if scene == "match_end":
        options, m = finished_match(5, length="tonpuu", bot=EfficiencyBot)
        ResultsScreen(size, match_end(m, options)).draw(surface)
        return surface
    match, action = SCENES[scene.removesuffix("_fu")].make()
    table = table_at_result(size, match, action)
    if scene.endswith("_fu"):
        assert table.presenter.toggle_fu()
    table.draw(surface)
    return surface


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("language", "scene"), CASES)
def test_result_golden_frame(language: str, scene: str, size: tuple[int, int]) -> None:
    i18n.set_language(language)
    got = frame(scene, size)
    check(got, f"results/{scene}_{language}_{size[0]}x{size[1]}")
