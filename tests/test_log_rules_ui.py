"""An imported log in the viewer: read under the rules it names or fits, which the player can see
and change (L, or the hand list's Rules button); a hand that does not play out under the rules
says why in plain words, in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from log_helpers import called_match
from table_helpers import SIZE, display
from user_dirs import point_user_dirs

from game import i18n
from game.engine.logs import to_mjai, to_tenhou6
from game.engine.profile import load_profile
from game.i18n import t
from game.ui.menus.intents import Back
from game.ui.replay.hand_list import HandListScreen, outcome_text
from game.ui.replay.log_rules import LogRulesScreen, short_name
from game.ui.replay.sources import viewer_for_log
from game.ui.replay.viewer import ReplayViewer
from game.ui.tutorial.intents import PushScreen


@pytest.fixture(autouse=True)
def headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    display()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def _ema_mjai(tmp_path: Path) -> Path:
    events = to_mjai(called_match(load_profile("ema"), 2))
    events[0] = {"type": "start_game", "names": ["A", "B", "C", "D"]}  # as other tools write it
    path = tmp_path / "ema.mjson"
    path.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    return path


def _riichi_tenhou6(tmp_path: Path) -> Path:
    path = tmp_path / "riichi.json"
    path.write_text(json.dumps(to_tenhou6(called_match(load_profile("riichi"), 9)), ensure_ascii=False), encoding="utf-8")
    return path


def _rules(viewer: ReplayViewer) -> LogRulesScreen:
    intent = viewer.handle_event(key(pygame.K_l))
    assert isinstance(intent, PushScreen) and isinstance(intent.screen, LogRulesScreen)
    return intent.screen


def test_a_log_opens_under_the_rules_it_names_and_says_which_they_are(tmp_path: Path) -> None:
    viewer = viewer_for_log(SIZE, _ema_mjai(tmp_path))
    fit = viewer.tape.fit
    assert fit is not None and fit.fits and fit.rules.profile_id == "ema" and fit.named
    assert viewer.status == t("viewer.rules_status", rules=short_name(fit.rules.profile_id))
    assert "EMA" in viewer.status
    hands = HandListScreen(SIZE, viewer)
    assert hands.root.find("rules") is not None


def test_the_player_reads_a_log_under_other_rules_and_sees_what_does_not_fit(tmp_path: Path) -> None:
    viewer = viewer_for_log(SIZE, _riichi_tenhou6(tmp_path))
    assert viewer.tape.fit is not None and viewer.tape.fit.fits and viewer.tape.fit.rules.profile_id == "riichi"
    screen = _rules(viewer)
    screen.widgets[0].step(1)  # the rulebook: Riichi -> EMA
    assert screen.chosen().profile_id == "ema" and not screen.chosen().red_fives
    assert isinstance(screen.apply(), Back)
    fit = viewer.tape.fit
    assert fit is not None and fit.rules.profile_id == "ema" and fit.chosen and not fit.fits
    assert viewer.status == t("viewer.rules_misfits", fit=sum(r.ok for r in fit.reports), count=len(fit.reports))
    bad = [h for h in viewer.tape.hands if h.divergence is not None]
    assert bad and all(h.misfit in ("tiles", "wall", "play", "result") for h in bad)
    names = viewer.seat_names()
    for language in ("en", "fr", "ru"):
        i18n.set_language(language)
        texts = {outcome_text(h, names) for h in bad}
        assert texts <= {t(f"viewer.misfit.{kind}") for kind in ("tiles", "wall", "play", "result")}
        assert not any("engine" in text or "seat" in text for text in texts)  # not the engine's English
    i18n.set_language("en")
    # and back: the log named Tenhou's rules, every hand plays out again
    again = _rules(viewer)
    again.widgets[0].step(-1)
    again.apply()
    assert viewer.tape.fit is not None and viewer.tape.fit.fits
    assert viewer.status == t("viewer.rules_status", rules=short_name(viewer.tape.fit.rules.profile_id))


def test_a_log_read_in_a_child_is_read_again_there_under_other_rules(tmp_path: Path) -> None:
    """The game's import keeps no log in the window's process: other rules read the file again
    in a child, the bar saying how far it got, and the frames never wait for it."""
    import time

    from game.ui.replay.import_screen import start_import

    job = start_import(_riichi_tenhou6(tmp_path))
    assert job.wait(300)
    viewer = ReplayViewer(SIZE, job.result())
    assert viewer.tape.log is None and viewer.tape.source is not None
    screen = _rules(viewer)
    screen.widgets[0].step(1)  # the rulebook: Riichi -> EMA
    old = viewer.tape
    assert isinstance(screen.apply(), Back)
    assert viewer.tape is old and "riichi.json" in viewer.status  # reading, and saying so
    deadline = time.monotonic() + 300
    while viewer.tape is old and time.monotonic() < deadline:
        viewer.update(1 / 60)
        time.sleep(0.02)
    fit = viewer.tape.fit
    assert fit is not None and fit.rules.profile_id == "ema" and fit.chosen and not fit.fits
    assert viewer.status == t("viewer.rules_misfits", fit=sum(r.ok for r in fit.reports), count=len(fit.reports))
    assert viewer.tape.state_at(0, viewer.tape.steps_in(0)) is not None


def test_the_rules_of_a_filed_match_are_not_offered(tmp_path: Path) -> None:
    from game.engine.match import Match
    from game.match_options import MatchOptions, match_profile
    from game.persist.saves import SavedMatch
    from game.ui.replay.sources import viewer_for_saved

    options = MatchOptions("riichi", length="one_hand", seed=3)
    match = Match(match_profile(options), 3)
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[0])
    viewer = viewer_for_saved(SIZE, SavedMatch("x", options, match.record, ""))
    assert viewer.handle_event(key(pygame.K_l)) is None
    assert HandListScreen(SIZE, viewer).root.find("rules") is None
