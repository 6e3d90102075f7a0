"""A result waits for the player: at Normal and Slow speed every result panel (a win, an exhaustive
and an abortive draw, both panels of a double ron, the match's standings) stays until Enter or a
click, with a visible OK button; only at Fast speed or in AI-only play does the table go on by
itself, and then the OK button counts the seconds down."""

from __future__ import annotations

import pygame
import pytest
from finished_matches import finished_match
from results_scenes import SCENES
from table_helpers import display

from game import i18n
from game.engine import Match
from game.engine.actions import Action
from game.i18n import t
from game.match_options import match_profile
from game.ui.results import ResultPanel
from game.ui.results.sheets import StandingsSheet
from game.ui.results.tags import OK_TAG
from game.ui.table import TableScreen

SIZE = (1280, 720)
FRAME = 1 / 60


@pytest.fixture(autouse=True)
def _display() -> None:
    display()
    i18n.set_language("en")


def _table(match: Match, action: Action, *, speed: float = 1.0, autoplay: bool = False) -> TableScreen:
    """The game's own kind of table (``wait_for_player``) at ``match``, ``action`` applied and
    animated up to its first result."""
    table = TableScreen(SIZE, match=match, human=0, drive=False, level="efficiency", speed=speed, autoplay=autoplay,
                        wait_for_player=True)
    table.skip()
    match.apply(action)
    _until(table, lambda: table.presenter.result is not None)
    return table


def _until(table: TableScreen, done: object, seconds: float = 60.0) -> float:
    """Frames until ``done()`` holds (or ``seconds`` pass); the seconds it took."""
    waited = 0.0
    while waited < seconds and not done():  # type: ignore[operator]
        table.update(FRAME)
        waited += FRAME
    return waited


def _ok(panel: ResultPanel) -> str:
    assert panel.ok_label is not None and any(n.tag == OK_TAG for n in panel.content.walk())
    return panel.ok_label.text


def _waits(table: TableScreen) -> ResultPanel:
    """The result on screen stays two minutes untouched, its OK button saying only OK."""
    panel = table.presenter.result
    assert panel is not None
    _until(table, lambda: False, 120.0)
    assert table.presenter.result is panel and table.hud.overlay.visible
    assert _ok(panel) == t("result.ok")
    return panel


def _go_on(table: TableScreen) -> None:
    panel = table.presenter.result
    for _ in range(2):  # the first Enter shows the count's end, the second goes on
        table.act(table.key_intent(pygame.K_RETURN))
    _until(table, lambda: table.presenter.result is not panel, 5.0)
    assert table.presenter.result is not panel


@pytest.mark.parametrize("speed", [1.0, 0.5])
@pytest.mark.parametrize("scene", ["ron", "exhaustive", "kyuushu", "taiwanese_tsumo"])
def test_every_result_waits_for_the_player_at_normal_and_slow_speed(scene: str, speed: float) -> None:
    table = _table(*SCENES[scene].make(), speed=speed)
    _waits(table)
    _go_on(table)


def test_both_panels_of_a_double_ron_wait() -> None:
    table = _table(*SCENES["double_ron"].make())
    first = _waits(table)
    _go_on(table)
    _until(table, lambda: table.presenter.result is not None)
    second = _waits(table)
    assert second is not first and {first.sheet.winner, second.sheet.winner} == {1, 3}  # type: ignore[attr-defined]


def test_the_end_of_the_match_waits() -> None:
    options, done = finished_match()
    match = Match(match_profile(options), done.seed)
    for action in done.actions[:-1]:
        match.apply(action)
    table = _table(match, done.actions[-1])
    _waits(table)  # the last hand's result
    _go_on(table)
    _until(table, lambda: table.presenter.result is not None)
    assert isinstance(_waits(table).sheet, StandingsSheet)


def _countdown(table: TableScreen) -> list[int]:
    """The whole seconds the OK button shows, frame by frame, until the result goes by itself."""
    panel = table.presenter.result
    assert panel is not None
    shown: list[int] = []
    for _ in range(60 * 30):
        if table.presenter.result is not panel:
            return shown
        words = _ok(panel)
        assert words.startswith("OK [Enter]")
        if words != t("result.ok"):
            seconds = int("".join(ch for ch in words.split("·")[-1] if ch.isdigit()))
            if not shown or shown[-1] != seconds:
                shown.append(seconds)
        table.update(FRAME)
    raise AssertionError(f"the result did not go on by itself: {shown}")


@pytest.mark.parametrize(("speed", "autoplay"), [(2.0, False), (4.0, False), (1.0, True)])
def test_fast_or_ai_only_play_goes_on_by_itself_counting_down(speed: float, autoplay: bool) -> None:
    table = _table(*SCENES["ron"].make(), speed=speed, autoplay=autoplay)
    shown = _countdown(table)
    assert shown == [5, 4, 3, 2, 1], shown  # five real seconds, whatever the animation speed


def test_a_speed_change_while_reading_starts_or_stops_the_countdown() -> None:
    table = _table(*SCENES["ron"].make())
    panel = _waits(table)
    table.act(table.key_intent(pygame.K_PLUS, "+"))  # Normal -> Fast: five seconds from now
    table.update(FRAME)
    assert _ok(panel) == t("result.ok_in", seconds=5)
    table.act(table.key_intent(pygame.K_MINUS, "-"))  # back to Normal: it waits again
    _until(table, lambda: False, 30.0)
    assert table.presenter.result is panel and _ok(panel) == t("result.ok")


def test_the_games_own_table_waits_for_the_player() -> None:
    """The menus' door to the table (every match a player starts or continues) builds it so."""
    from game.persist.settings import Settings
    from game.ui.table import start_match

    options, _ = finished_match()
    table = start_match(options, Match(match_profile(options), options.seed), Settings())
    assert table.wait_for_player and table.presenter.hold_seconds is None
