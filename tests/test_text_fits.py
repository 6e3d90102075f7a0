"""Every text fits the box it is drawn in, in every language, at 1280x720.

The screens are built as a player meets them (the menus with every choice stepped through, every
tutorial level in every state: asked, each wrong answer, the hint, the original words, right, the
summary; the result screens; the table's plates, captions, claim bar and result panels) and every
visible text is checked where it is drawn (tests/text_checks.py): inside its panel or widget and
the window, overlapping no other text, and every fit the fitting module made succeeded (wrapped or
set smaller down to its floor: never cut). Fitting is also fast: linear in the text.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from finished_matches import finished_match
from table_helpers import SIZE, display
from text_checks import problems
from user_dirs import point_user_dirs

from game import i18n
from game.i18n import LANGUAGES, t
from game.ui import fitting
from game.ui.menus.widgets import MenuScreen

LONG = {"file": "settings.toml.corrupt-20261201T201500Z", "detail": "No space left on device",
        "name": "Partie du dimanche (2)", "keys": "sound_volume, animation_speed", "path": "/home/player/.local/state"}


@pytest.fixture(autouse=True)
def _headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    point_user_dirs(tmp_path, monkeypatch)
    display()
    yield
    i18n.set_language("en")


def _check(name: str, screen: MenuScreen, found: list[str]) -> None:
    with fitting.recording() as fits:
        screen.layout()
    found += [f"{name}: {p}" for p in problems(screen.root, screen.window)]
    found += [f"{name}: {box.name or 'a box'} of {box.width:.0f} cannot hold {text!r} even at {box.smallest} px"
              for text, box, result, _ in fits if not result.fits]


def menu_screens(language: str) -> Iterator[tuple[str, MenuScreen]]:
    from game.match_options import MatchOptions
    from game.persist.settings import Settings
    from game.ui.menus.match_menu import MatchMenuScreen
    from game.ui.menus.new_game import NewGameScreen
    from game.ui.menus.settings_screen import SettingsScreen
    from game.ui.menus.title import TitleScreen
    from game.ui.tutorial.list_screen import TutorialListScreen

    when = i18n.date_time("2026-12-28T20:45:00+00:00")
    detail = t("title.continue_detail", profile=t("profile.taiwanese.short"), when=when)
    yield "title", TitleScreen(SIZE, continue_detail=detail, can_load=True)
    for key in [k for k in i18n.template() if k.startswith("notice.") and k != "notice.dismiss"]:
        yield key, TitleScreen(SIZE, continue_detail=detail, notice=t(key, **LONG))
    yield "new game", NewGameScreen(SIZE, MatchOptions())
    yield "settings", SettingsScreen(SIZE, Settings(language=language))
    yield "settings read-only", SettingsScreen(SIZE, Settings(language=language), read_only=True)
    yield "match menu", MatchMenuScreen(SIZE)
    yield "tutorials", TutorialListScreen(SIZE)
    yield from _screens_with_data(language)


def _screens_with_data(language: str) -> Iterator[tuple[str, MenuScreen]]:
    """The screens that show the player's matches: results, replays, saves, the viewer."""
    from game.persist.replays import ReplayLibrary
    from game.persist.saves import SaveStore, summary_of
    from game.ui.crash import CrashScreen
    from game.ui.menus.load_screen import LoadScreen
    from game.ui.menus.replays_screen import ReplaysScreen
    from game.ui.menus.rules_screen import RulesScreen
    from game.ui.menus.save_screen import SaveAsScreen
    from game.ui.replay.hand_list import HandListScreen
    from game.ui.replay.import_screen import ImportScreen
    from game.ui.replay.sources import viewer_for_saved
    from game.ui.results.match_end import ResultsScreen, match_end

    library = ReplayLibrary()
    saves = SaveStore()
    for profile, seed in (("riichi", 2), ("ema", 3), ("taiwanese", 4)):
        options, match = finished_match(seed, profile, "one_round" if profile == "taiwanese" else "one_hand")
        library.add(options, match)
        saves.write(f"{LONG['name']} {profile}", options, match.record, summary=summary_of(match))
        yield f"results {profile}", ResultsScreen(SIZE, match_end(match, options))
    replays = ReplaysScreen(SIZE, library.entries())
    yield "replays", replays
    replays.message = t("replays.exported", file=LONG["path"] + "/2026-12-01T201500.json")
    yield "replays exported", replays
    load = LoadScreen(SIZE, saves.named_entries())
    yield "load", load
    load.show(saves.named_entries(), t("load.deleted", name=LONG["name"]))
    yield "load deleted", load
    save = SaveAsScreen(SIZE, suggested=t("save.default_name", profile=t("profile.taiwanese.short"),
                                          hand=t("results.hand", wind=t("wind.3"), number=4)),
                        existing=[e.name for e in saves.named_entries()])
    yield "save as", save
    for key in ("save.exists", "save.reserved", "save.failed", "save.empty"):
        save.message = t(key, **LONG)
        yield f"save as {key}", save
    yield "crash", CrashScreen(SIZE, Path(LONG["path"]) / "crash-20261201T201500Z.txt", can_continue=True,
                               what="ValueError: inconsistent win context")
    yield "crash, no report", CrashScreen(SIZE, None, can_continue=False)
    importing = ImportScreen(SIZE, path=LONG["path"] + "/Downloads/game.json")
    yield "import", importing
    for key in [k for k in i18n.template() if k.startswith("viewer.import_") and "{file}" in i18n.template()[k].msgid]:
        importing.message = t(key, **LONG)
        yield f"import {key}", importing
    for entry in library.entries():
        viewer = viewer_for_saved(SIZE, library.load(entry.path))
        yield f"viewer {entry.profile_id}", viewer
        yield f"hand list {entry.profile_id}", HandListScreen(SIZE, viewer)
    for a, b in (("riichi", "taiwanese"), ("ema", "riichi"), ("taiwanese", "ema")):
        rules = RulesScreen(SIZE, a, b)
        offset = 0
        while True:  # page by page: a page holds fewer rows where some take two lines
            rules.offset = offset
            yield f"rules {a}/{b} from row {offset}", rules
            rules.offset = offset  # the checks stepped the choices, which scroll back to the top
            rules.layout()
            offset = rules.list.offset + max(1, sum(r.visible for r in rules.rows))
            if offset >= len(rules.rows):
                break
    from game.engine.profile import profile_order
    from game.ui.menus.dialog import ConfirmScreen
    from game.ui.menus.glossary_screen import GlossaryScreen
    from game.ui.menus.new_game import profile_name

    longest = max((profile_name(p) for p in profile_order()), key=len)
    kept = t("title.continue_detail", profile=longest, when="12/31/2026 23:59")
    yield "replace the match", ConfirmScreen(SIZE, t("replace.title"), t("replace.text", match=kept),
                                             t("replace.start"), lambda: None, no=t("replace.keep"))

    for profile_id in profile_order():
        glossary = GlossaryScreen(SIZE, profile_id)
        offset = 0
        while True:
            glossary.offset = offset
            glossary.layout()
            yield f"glossary {profile_id} from row {offset}", glossary
            glossary.offset = offset  # the checks stepped the rulebook, which scrolls back to the top
            glossary.profile_id = profile_id
            glossary.layout()
            offset = glossary.list.offset + max(1, sum(r.visible for r in glossary.rows))
            if offset >= len(glossary.rows):
                break
    yield from _imported_log_screens()


def _imported_log_screens() -> Iterator[tuple[str, MenuScreen]]:
    """An imported tenhou.net/6 log: its viewer, its hand list and the overlay that changes the
    rules it is read under (the Russian "read under these rules" button once overflowed it)."""
    import json
    import tempfile

    from log_helpers import called_match

    from game.engine.logs import to_tenhou6
    from game.engine.profile import load_profile
    from game.ui.replay.hand_list import HandListScreen
    from game.ui.replay.log_rules import LogRulesScreen
    from game.ui.replay.sources import viewer_for_log

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "riichi.json"
        log = to_tenhou6(called_match(load_profile("riichi"), 9))
        path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
        viewer = viewer_for_log(SIZE, path)
        yield "imported log viewer", viewer
        yield "imported log hand list", HandListScreen(SIZE, viewer)
        yield "imported log rules", LogRulesScreen(SIZE, viewer)


def _every_choice(screen: MenuScreen) -> Iterator[None]:
    """Each setting or option of a screen shown with each of its values."""
    from game.ui.menus.widgets import Choice

    for widget in list(screen.widgets):
        if isinstance(widget, Choice):
            for _ in range(len(widget.values)):
                widget.step(1)
                yield


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menus_fit_in_every_language(language: str) -> None:
    i18n.set_language(language)
    found: list[str] = []
    for name, screen in menu_screens(language):
        _check(name, screen, found)
        for _ in _every_choice(screen):
            found += [f"{name}: {p}" for p in problems(screen.root, screen.window)]
    assert not found, "\n".join(found)


def tutorial_states(screen) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """A level in every state the learner can see: each step asked, each wrong answer, the hint,
    the rulebook's own words, the right answer, then the summary."""
    level = screen.level
    for index, step in enumerate(level.steps):
        screen.finish_animations()
        yield f"step {index + 1}"
        screen.control("hint")
        yield f"step {index + 1} hint"
        for wrong in step.wrong:
            screen.choose(wrong.answer)
            yield f"step {index + 1} wrong {wrong.answer}"
            if screen.original_text() is not None:
                screen.control("original")
                yield f"step {index + 1} wrong {wrong.answer} original"
                screen.control("original")
        assert screen.choose(step.answer), (level.id, index)
        screen.finish_animations()
        yield f"step {index + 1} right"
        screen.control("next")
    yield "summary"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_tutorial_fits_in_every_language(language: str) -> None:
    from game.tutorial.level import levels_dir, load_level
    from game.ui.tutorial.screen import TutorialScreen

    i18n.set_language(language)
    found: list[str] = []
    for path in sorted(levels_dir().glob("*.toml")):
        screen = TutorialScreen(SIZE, load_level(path), None, speed=0.0)
        for state in tutorial_states(screen):
            _check(f"{path.stem} {state}", screen, found)
    assert not found, "\n".join(found)


def test_fitting_is_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """An 800-character path once took 22 s to fit (a measure per character dropped). Fitting
    now measures each character once per size tried and each line once: twice the text costs
    about twice the work, never four times. (The times are a benchmark, not a test:
    ``python -m game bench text``.)"""
    from game.ui.fitting import Box, fit
    from game.ui.typeset import UIFont

    calls = {"glyphs": 0, "lines": 0}
    advance, size = UIFont.advance, UIFont.size

    def counted_advance(self: UIFont, ch: str) -> int:
        calls["glyphs"] += 1
        return advance(self, ch)

    def counted_size(self: UIFont, text: str) -> tuple[int, int]:
        calls["lines"] += 1
        calls["glyphs"] += len(text)  # SDL_ttf sets the whole line
        return size(self, text)

    monkeypatch.setattr(UIFont, "advance", counted_advance)
    monkeypatch.setattr(UIFont, "size", counted_size)
    box = Box(600, 17, lines=3, floor=12, name="path")

    def work(text: str) -> int:
        fitting.clear_cache()
        calls["glyphs"] = calls["lines"] = 0
        fit(text, box)
        return calls["glyphs"]

    path = "/home/player/" + "/".join(f"folder-{i:03d}" for i in range(72)) + "/game.json"
    assert len(path) > 800
    one, two, four = work(path), work(path * 2), work(path * 4)
    assert two <= 2.2 * one and four <= 2.2 * two, (one, two, four)
    assert one <= 20 * len(path), one  # a few passes over the text, whatever the box


# --- the table --------------------------------------------------------------------------------

NAMES = {"name": "Kenji", "owner": "Aiko", "winner": "Sora", "dealer": "Mei", "d1": 6, "d2": 6, "total": 12,
         "count": 12, "stacks": 18}


def _table_problems(name: str, table: object, found: list[str]) -> None:
    root = table.root  # type: ignore[attr-defined]
    found += [f"{name}: {p}" for p in problems(root, SIZE)]


def _all_captions() -> list[tuple[str, str]]:
    from game.ui.table.hud import wind_name

    hand = t("results.hand", wind=wind_name(3), number=4)
    values = {**NAMES, "hand": hand}
    return [(key, t(key, **values)) for key in i18n.template() if key.startswith("table.caption.")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_fits_in_every_language(language: str) -> None:
    """The plates, the centre and dora panels, the keys, every caption, the claim bar with every
    call in every terminology, and the result panels with every row a hand can hold."""
    from game.ui.table.hud import Choice
    from game.ui.table.screen import TableScreen
    from game.ui.table.words import TERMINOLOGIES

    i18n.set_language(language)
    found: list[str] = []
    for profile, terminology in zip(("riichi", "ema", "taiwanese"), TERMINOLOGIES, strict=True):
        table = TableScreen(SIZE, profile=profile, seed=3, level="hard", terminology=terminology, keys_hint=True,
                            autoplay=True, speed=4.0)
        for _ in range(240):
            table.update(1 / 30)
        table.hud.show_result_overlay = None  # type: ignore[attr-defined]
        _table_problems(f"{profile} table", table, found)
        for key, caption in _all_captions():
            table.hud.caption(caption)
            _table_problems(f"{profile} {key}", table, found)
        table.hud.caption("")
        verbs = [("ron", "", "R"), ("pon", "", "P"), ("kan", "", "K"), ("chi", "3-4-5p", "C"), ("chi", "4-5-6p", "1"),
                 ("pass", "", "Space")]
        prompt = t("table.prompt.countdown", prompt=t("table.prompt.claim", name="Kenji", tile="5p"), seconds="10")
        table.hud.show_choices(prompt, [Choice(v, d, k) for v, d, k in verbs], focus=0)
        _table_problems(f"{profile} claim bar", table, found)
        turn = [("tsumo", "", "T"), ("riichi", "", "R"), ("kan", "", "K"), ("kyuushu", "", "9")]
        table.hud.show_choices(t("table.prompt.turn"), [Choice(v, d, k) for v, d, k in turn])
        _table_problems(f"{profile} turn bar", table, found)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_result_panel_row_fits_in_every_language(language: str) -> None:
    """A win panel for each unit with every row it can hold (ten to a panel), the longest
    subtitle and extras, and each draw and penalty panel."""
    from game.engine.rows import ROW_IDS, Unit
    from game.scene import Node
    from game.ui.results.panel import ResultPanel
    from game.ui.results.sheets import Row, SeatChange, ShownHand, WinSheet
    from game.ui.table.words import hand_value, row_name, row_value

    i18n.set_language(language)
    found: list[str] = []
    names = [t(f"table.name.{n}") for n in ("kenji", "mei", "sora", "aiko")]
    changes = tuple(SeatChange(s, names[s], 25000, d) for s, d in enumerate((24000, -8000, -8000, -8000)))
    for unit, rows in ROW_IDS.items():
        ids = sorted(rows)
        for start in range(0, len(ids), 10):
            chunk = ids[start:start + 10]
            sheet = WinSheet(
                t("table.win.other", winner=names[1], how=t("terms.japanese.ron")),
                t("result.dealt_in", name=names[2]) + t("common.separator") + t("result.pao", name=names[3]),
                ShownHand(1, (0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48)), (5,), (9,),
                tuple(Row(row_name(unit, r), row_value(unit, 13)) for r in chunk),
                hand_value(unit, 13, 110, "kazoe yakuman" if unit is Unit.HAN else ""), 48000,
                (), "", changes, 1, 3, 8,
                (t("result.sticks", count=3, points=i18n.number(3000)), t("result.honba", count=8),
                 t("result.tai_sum_dealer", base=i18n.number(300), dealer=21, per=i18n.number(100), payers=2,
                   count=18, points=i18n.number(12000)),
                 t("result.dealer_tai", tai=21)))
            parent = Node()
            ResultPanel(parent, SIZE, sheet)
            found += [f"{unit.value} rows {start}: {p}" for p in problems(parent, SIZE)]
    assert not found, "\n".join(found)
