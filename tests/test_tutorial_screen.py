"""The tutorial screens, driven by synthetic input on a headless display with a fixed clock: a
level played to the end with a wrong answer first, seats clicked on the table, the list, the
title's Tutorials button, progress kept per user, and golden frames of two steps."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from golden_frames import check
from table_helpers import SIZE, display
from user_dirs import point_user_dirs

from game import i18n
from game.scene import FixedClock
from game.tutorial.level import levels_dir, load_level
from game.tutorial.progress import load_progress
from game.ui.menus.flow import MenuFlow
from game.ui.menus.intents import Back, Open
from game.ui.results import FU_TAG
from game.ui.tutorial.list_screen import TutorialListScreen
from game.ui.tutorial.screen import TutorialScreen


@pytest.fixture(autouse=True)
def _headless(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    point_user_dirs(tmp_path, monkeypatch)
    display()
    i18n.set_language("en")


def level(name: str):  # type: ignore[no-untyped-def]
    return load_level(levels_dir() / f"{name}.toml")


def key(char: str, code: int | None = None) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code if code is not None else ord(char), unicode=char, mod=0)


def click(pos: tuple[float, float]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(round(pos[0]), round(pos[1])))


def panel_text(screen: TutorialScreen) -> str:
    """Every line the narrator's panel draws, joined as the text was before it was wrapped."""
    from game.scene import Text

    lines: list[str] = []
    stack = [screen.root]
    while stack:
        node = stack.pop(0)
        if isinstance(node, Text) and node.visible:
            lines.append(node.text)
        stack.extend(node.children)
    return " ".join(lines)


def feedback_text(screen: TutorialScreen) -> str:
    return " ".join(line for line, _ in screen.feedback)


def run(screen: TutorialScreen, clock: FixedClock, frames: int = 6, *, limit: float = 30.0) -> pygame.Surface:
    """``frames`` frames, then on until the table is still (its animations played, a result
    overlay read and dismissed with Enter, as the learner does): the picture at rest, as the
    learner sees it before answering."""
    surface = pygame.Surface(SIZE)
    for _ in range(frames):
        screen.update(clock.tick())
    start = clock.time
    while not screen.table.idle:
        assert clock.time - start < limit, "the tutorial table never stops moving"
        if screen.table.presenter.waiting_for_player:
            screen.handle_event(key("\r", pygame.K_RETURN))
        screen.update(clock.tick())
    screen.draw(surface)
    return surface


def test_a_level_played_to_the_end_with_a_wrong_answer_first() -> None:
    clock = FixedClock()
    progress = load_progress()
    screen = TutorialScreen(SIZE, level("riichi-10-kuikae"), progress)
    run(screen, clock)
    # step 1: key 2 = pass (legal but not the lesson), then key 1 = chi
    screen.handle_event(key("2"))
    assert screen.state == "wrong" and "this lesson" in feedback_text(screen)
    screen.handle_event(key("1"))
    assert screen.state == "right"
    assert [m.kind.value for m in screen.match.players[1].melds] == ["chi"]
    run(screen, clock)
    screen.handle_event(key("\r", pygame.K_RETURN))
    assert (screen.index, screen.state) == (1, "ask")
    # step 2: click the 5m in the hand (kuikae: the engine refuses it), then the 9p
    run(screen, clock)
    five = next(s for s in screen.table.presenter.seats[1].concealed() if s.tile // 4 == 4)
    screen.handle_event(click((five.x, five.y)))
    assert screen.state == "wrong"
    assert "swap-calling" in feedback_text(screen) and "just called" in feedback_text(screen)
    assert len(screen.match.players[1].discards) == 0  # a wrong answer changes nothing
    nine = next(s for s in screen.table.presenter.seats[1].concealed() if s.tile // 4 == 17)
    screen.handle_event(click((nine.x, nine.y)))
    assert screen.state == "right"
    screen.handle_event(key("\r", pygame.K_RETURN))
    assert screen.finished and screen.state == "summary"
    assert screen.stars == 1  # two mistakes
    run(screen, clock)
    # the stars are kept for this user, and the list shows them
    assert load_progress().stars == {"riichi-kuikae": 1}
    listing = TutorialListScreen(SIZE)
    assert listing.progress.stars["riichi-kuikae"] == 1
    assert screen.handle_event(click(_centre(screen, "list"))) == Back()


def _centre(screen: TutorialScreen, name: str) -> tuple[float, float]:
    node = screen.root.find(name)
    assert node is not None
    w = node.width  # type: ignore[attr-defined]
    h = node.height  # type: ignore[attr-defined]
    return node.x + w / 2, node.y + h / 2


def test_predict_by_clicking_a_seat_on_the_table_and_the_hint_costs_a_star() -> None:
    clock = FixedClock()
    screen = TutorialScreen(SIZE, level("riichi-02-pon-beats-chi"), None)
    run(screen, clock)
    screen.handle_event(key("h"))
    assert screen.show_hint and screen.hints == 1
    south = screen.table.presenter.seats[1].concealed()[3]  # South's hand, on the left
    screen.handle_event(click((south.x, south.y)))
    assert screen.state == "wrong" and "weakest claim" in feedback_text(screen)
    mine = screen.table.presenter.seats[2].concealed()[0]
    screen.handle_event(click((mine.x, mine.y)))
    assert screen.state == "right" and screen.outcome_seats == [2]
    screen.handle_event(key("\r", pygame.K_RETURN))
    assert screen.finished and screen.stars == 1  # a mistake and a hint


def test_a_level_that_ends_the_hand_keeps_the_moment_on_the_table() -> None:
    screen = TutorialScreen(SIZE, level("riichi-04-double-ron"), None)
    run(screen, FixedClock())
    assert screen.choose("1+3")
    assert screen.frozen and screen.outcome_seats == [1, 3]
    run(screen, FixedClock())
    screen.control("next")
    assert screen.stars == 3


def test_a_result_in_a_lesson_waits_for_the_learner() -> None:
    """A new reader needs longer than any fixed time: the lesson's result stays until Enter (or a
    click), as at the game's table, then the table rests and the next step can be taken."""
    screen = TutorialScreen(SIZE, level("riichi-04-double-ron"), None)
    clock = FixedClock()
    run(screen, clock)
    assert screen.choose("1+3")
    for _ in range(60 * 120):  # two minutes untouched
        screen.update(clock.tick())
        if screen.table.presenter.waiting_for_player:
            break
    assert screen.table.presenter.waiting_for_player
    for _ in range(60 * 120):
        screen.update(clock.tick())
    assert screen.table.presenter.waiting_for_player and screen.table.hud.overlay.visible
    dismissed = 0
    while not screen.table.idle and dismissed < 4:
        if screen.table.presenter.waiting_for_player:
            screen.handle_event(key("\r", pygame.K_RETURN))
            dismissed += 1
        screen.update(clock.tick())
    assert screen.table.idle and dismissed == 2  # a double ron: one panel per winner
    screen.control("next")
    assert screen.finished


def test_every_level_opens_and_draws_in_every_language() -> None:
    surface = pygame.Surface(SIZE)
    listing = TutorialListScreen(SIZE)
    for lang in ("en", "fr", "ru"):
        i18n.set_language(lang)
        listing.layout()
        listing.draw(surface)
    i18n.set_language("en")
    for lv in listing.catalogue.levels:
        screen = TutorialScreen(SIZE, lv, None)
        screen.draw(surface)
        for i, step in enumerate(lv.steps):  # the right answers, through the screen
            assert screen.index == i
            assert screen.choose(step.answer), (lv.id, i)
            screen.control("next")
        assert screen.finished, lv.id


def test_the_title_opens_the_list_and_a_level() -> None:
    flow = MenuFlow(SIZE)
    flow.act(Open("tutorials"))
    listing = flow.top
    assert isinstance(listing, TutorialListScreen)
    button = listing.root.find("level:riichi-pon-beats-chi")
    assert button is not None
    flow.handle_event(click((button.x + 40, button.y + 20)))
    assert isinstance(flow.top, TutorialScreen) and flow.top.level.id == "riichi-pon-beats-chi"
    flow.handle_event(key("\x1b", pygame.K_ESCAPE))
    assert flow.top is listing


def test_broken_levels_are_listed_not_raised(tmp_path: Path) -> None:
    folder = tmp_path / "levels"
    folder.mkdir()
    good = (levels_dir() / "riichi-02-pon-beats-chi.toml").read_text(encoding="utf-8")
    (folder / "a.toml").write_text(good, encoding="utf-8")
    (folder / "b.toml").write_text(good.replace('id = "riichi-pon-beats-chi"', 'id = "b"')
                                   .replace('2 = "55m', '2 = "5555m'), encoding="utf-8")  # cannot be dealt
    (folder / "c.toml").write_text("profile = [", encoding="utf-8")  # cannot be read
    listing = TutorialListScreen(SIZE, folder=folder)
    assert listing.root.find("broken") is not None
    button = listing.root.find("level:b")
    assert button is not None
    assert listing.handle_event(click((button.x + 40, button.y + 20))) is None
    assert "b.toml" in listing.message
    listing.draw(pygame.Surface(SIZE))


def test_progress_is_per_user_and_survives_a_bad_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    progress = load_progress()
    assert progress.stars == {}
    assert progress.record("riichi-kuikae", 2) and not progress.record("riichi-kuikae", 1)
    assert load_progress().stars == {"riichi-kuikae": 2}
    other = tmp_path / "other-user"
    point_user_dirs(other, monkeypatch)
    assert load_progress().stars == {}  # another account: its own file
    path = load_progress().path
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("stars = [", encoding="utf-8")
    assert load_progress().stars == {}
    assert any(p.name.startswith("tutorials.toml.corrupt-") for p in path.parent.iterdir())


def test_golden_frame_of_a_refused_call() -> None:
    """Kuikae refused, on the tutorial's table (compared as golden_frames says; the tutorial's
    table in every language and at 1080p is in test_table_golden)."""
    screen = TutorialScreen(SIZE, level("riichi-10-kuikae"), None)
    clock = FixedClock()
    run(screen, clock)
    for answer in ["1:chi 34m", "next", "1:discard 5m"]:
        if answer == "next":
            screen.control("next")
        else:
            screen.choose(answer)
    check(run(screen, clock), "tutorial_kuikae_refused")


# --- the lesson's moves animate on the real table ---------------------------------------------------


def _picture_agrees(screen: TutorialScreen) -> None:
    """Every hand (face up: tile ids known), river, meld and flower on screen is the engine's."""
    pictures = screen.table.presenter.seats
    for seat, player in enumerate(screen.match.players):
        pic = pictures[seat]
        assert sorted(s.tile for s in pic.concealed()) == sorted(player.hand), (screen.level.id, seat)
        assert [s.tile for s in pic.river] == [d.tile for d in player.discards if not d.called], (screen.level.id, seat)
        assert pic.melds == list(player.melds), (screen.level.id, seat)
        assert [s.tile for s in pic.flowers] == list(player.flowers), (screen.level.id, seat)


@pytest.mark.parametrize("name", sorted(p.stem for p in levels_dir().glob("*.toml")))
def test_every_level_animates_to_what_the_engine_did(name: str) -> None:
    """The script and every right answer are shown by the table's own animation units (never a
    rebuild), and once they have played the picture is the engine's; a lesson that ends the hand
    shows its result and keeps that hand on the table."""
    lv = level(name)
    screen = TutorialScreen(SIZE, lv, None)
    if lv.situation.script:
        assert not screen.table.idle  # the script's moves are queued as animations
    for step in lv.steps:
        screen.finish_animations()
        if not screen.frozen:
            _picture_agrees(screen)
        before = len(screen.table.presenter.units)
        assert screen.choose(step.answer)
        screen.finish_animations()
        shown = screen.table.presenter.units[before:]
        if step.task == "act" or step.play:
            assert shown, (name, step.answer)  # the answer's consequence was animated
        if screen.frozen:
            assert "HandEnded" in shown and "HandStarted" not in shown
            assert {"Win", "ExhaustiveDraw", "AbortiveDraw", "Penalty"} & set(shown)  # a chombo re-deals
        screen.control("next")
    assert screen.finished


def test_a_claim_moves_the_real_tiles_under_its_callout() -> None:
    clock = FixedClock()
    screen = TutorialScreen(SIZE, level("riichi-02-pon-beats-chi"), None)
    run(screen, clock)
    assert screen.root.find("highlights") is not None
    river_tile = screen.table.presenter.seats[0].river[-1]
    assert screen.choose("2")
    called = screen.match.players[2].melds[0].called
    assert river_tile.tile == called
    path = []
    callouts = 0
    for _ in range(40):
        screen.update(clock.tick())
        path.append((round(river_tile.x), round(river_tile.y)))
        callouts += bool(screen.table.hud.callouts.children)
        assert screen.root.find("highlights") is None  # no frame around tiles on the move
    assert screen.table.presenter.units[-1] == "Claimed"
    assert len(set(path)) > 5  # the very tile from the river slides into West's meld
    assert callouts > 10  # under the Pon callout
    run(screen, clock)
    meld = screen.table.presenter.seats[2].meld_sprites[0]
    assert meld[called] is river_tile
    _picture_agrees(screen)


def test_the_win_overlay_shows_and_a_click_or_enter_dismisses_it() -> None:
    clock = FixedClock()
    screen = TutorialScreen(SIZE, level("riichi-04-double-ron"), None)
    run(screen, clock)
    assert screen.choose("1+3")
    overlay = screen.table.hud.overlay
    for _ in range(600):
        screen.update(clock.tick())
        if overlay.visible:
            break
    assert overlay.visible
    screen.handle_event(click((screen.table.size[0] / 2, screen.table.size[1] / 2)))  # the first winner's result
    for _ in range(600):
        screen.update(clock.tick())
        if overlay.visible:
            break
    assert overlay.visible and screen.state == "right"
    screen.handle_event(key("\r", pygame.K_RETURN))  # the second one: Enter dismisses it, not the step
    assert screen.state == "right"
    run(screen, clock)
    assert not overlay.visible and screen.outcome_seats == [1, 3]
    assert screen.root.find("highlights") is not None


def test_a_long_scripted_run_animates_only_its_last_discards() -> None:
    screen = TutorialScreen(SIZE, level("riichi-06-last-discard"), None)
    run(screen, FixedClock())
    discards = screen.table.presenter.units.count("Discarded")
    assert 0 < discards <= 8
    _picture_agrees(screen)


# --- penalties at a strict table ------------------------------------------------------------------


def _answer_all(screen: TutorialScreen, upto: int) -> None:
    for step in screen.level.steps[:upto]:
        screen.finish_animations()
        assert screen.choose(step.answer)
        screen.control("next")
    screen.finish_animations()


@pytest.mark.parametrize(
    ("name", "said", "scores", "after_uma", "dead"),
    [
        ("riichi-11-chombo", "West (you) pays 8,000 at once", (29000, 27000, 17000, 27000), 0, False),
        ("ema-06-chombo", "20,000 points come off West (you)'s final score", (30000,) * 4, 20000, False),
        ("taiwanese-05-false-mahjong", "can no longer win or call, and pays the winner", None, 0, True),
    ],
)
def test_a_false_declaration_is_played_and_its_penalty_shown(name: str, said: str, scores: tuple[int, ...] | None,
                                                              after_uma: int, dead: bool) -> None:
    """The wrong answer costs nothing but says what the engine would make the learner pay; the
    lesson then plays the false declaration at the strict table: the penalty's unit plays (chombo:
    the points move and the hand stops; dead hand: the callout, and play goes on), and the panel
    states the penalty with the rule it comes from."""
    lv = level(name)
    screen = TutorialScreen(SIZE, lv, None)
    screen.finish_animations()
    before = screen.match.state_hash()
    false_answer = next(w for w in lv.steps[0].wrong if w.penalty)
    assert not screen.choose(false_answer.answer)
    assert screen.match.state_hash() == before  # tried on a copy
    assert said in feedback_text(screen) and "strict table" in feedback_text(screen)
    _answer_all(screen, 1)
    start = list(screen.match.scores)
    assert screen.choose(lv.steps[1].answer)
    screen.finish_animations()
    assert "Penalty" in screen.table.presenter.units
    assert said in feedback_text(screen) and screen.source_text() in panel_text(screen)
    assert screen.penalised == [lv.learner]
    assert screen.match.penalty_points[lv.learner] == after_uma
    if scores is not None:  # a chombo: the hand ends, the table keeps it with the points paid
        assert screen.frozen and tuple(screen.table.presenter.scores) == scores
    else:
        assert not screen.frozen and screen.match.scores == start
    assert screen.match.players[lv.learner].dead_hand is dead


def test_space_finishes_the_animations_and_instant_speed_never_animates() -> None:
    screen = TutorialScreen(SIZE, level("riichi-07-robbing-a-kong"), None)
    assert not screen.table.idle
    screen.handle_event(key(" ", pygame.K_SPACE))
    assert screen.table.idle and screen.root.find("highlights") is not None
    _picture_agrees(screen)
    assert screen.choose("3")
    screen.update(1 / 60)
    screen.handle_event(key(" ", pygame.K_SPACE))  # the robbed kan, the win and its result, at once
    assert screen.table.idle and screen.frozen and screen.state == "right"
    instant = TutorialScreen(SIZE, level("riichi-07-robbing-a-kong"), None, speed=0.0)
    instant.update(1 / 60)
    assert instant.table.idle
    _picture_agrees(instant)
    assert instant.choose("3")
    instant.update(1 / 60)
    assert instant.table.idle and instant.frozen


def test_a_lessons_result_opens_its_fu_breakdown_with_f_and_its_button() -> None:
    """The result in a lesson answers as at the table: F and the fu button open the breakdown
    (a click elsewhere dismisses it), and it offers no review (the moves are the level's)."""
    screen = TutorialScreen(SIZE, level("riichi-04-double-ron"), None)
    clock = FixedClock()
    run(screen, clock)
    assert screen.choose("1+3")
    while not screen.table.presenter.waiting_for_player:
        screen.update(clock.tick())
    panel = screen.table.presenter.result
    assert panel is not None and not panel.reviewable and not panel.fu_open
    screen.handle_event(key("f"))
    assert panel.fu_open and screen.table.presenter.waiting_for_player
    screen.handle_event(key("f"))
    assert not panel.fu_open
    button = next(n for n in panel.content.walk() if n.tag == FU_TAG)
    at = button.to_world(0, 0)
    screen.handle_event(click((round(at[0]), round(at[1]))))
    assert panel.fu_open and screen.table.presenter.waiting_for_player
    screen.handle_event(click((5, 5)))  # elsewhere on the result: dismissed
    assert not screen.table.presenter.waiting_for_player


@pytest.mark.parametrize(("name", "language", "want"), [
    ("taiwanese-05-false-mahjong", "ru", ("Маджонг", "Панг")),  # the narration: "Можно сделать панг"
    ("taiwanese-05-false-mahjong", "en", ("Mahjong", "Pung")),
    ("taiwanese-05-false-mahjong", "ja", ("ロン", "ポン")),
    ("taiwanese-05-false-mahjong", "zh_TW", ("胡", "碰")),
])
def test_the_answer_buttons_say_the_narrations_words(name: str, language: str, want: tuple[str, str]) -> None:
    """Seen in a real window (ru): the false Mah-Jong lesson asked "Можно сделать панг…" over the
    buttons "Рон (победа)" and "Пон". The buttons and the table's callouts use the lesson's words."""
    i18n.set_language(language)
    try:
        screen = TutorialScreen(SIZE, level(name), None)
        labels = [screen.option_label(o) for o in screen.step.options]
        win = next(lb for lb, o in zip(labels, screen.step.options, strict=True) if ":ron" in o)
        call = next(lb for lb, o in zip(labels, screen.step.options, strict=True) if ":pon" in o)
        assert win.startswith(want[0]) and want[1] in call, labels
        assert screen.table.terms.pon == want[1]  # the callouts on the table say it too
    finally:
        i18n.set_language("en")


def test_a_lesson_at_rest_is_still_and_its_moves_are_not() -> None:
    """A learner reads a lesson for a long while: while its table rests and its frames are drawn
    around the seats, the lesson is still (not drawn again every frame: 40 % of a core in a real
    window); while its opening moves play, it is not."""
    clock = FixedClock()
    screen = TutorialScreen(SIZE, level("riichi-02-pon-beats-chi"), None)
    screen.update(clock.tick())
    assert not screen.still, "the lesson's opening moves play"
    run(screen, clock)
    screen.update(clock.tick())
    assert screen.still
    for _ in range(120):  # and stays so
        screen.update(clock.tick())
        assert screen.still


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_riichi_lesson_says_whether_tenhou_agrees_with_the_ema_text_it_quotes(language: str) -> None:
    """A Tenhou lesson quoting EMA's rulebook read as if EMA were its rules: the source line now
    says the riichi rules are the same, or differ (three rons: EMA lets all win)."""
    i18n.set_language(language)
    name = i18n.t("profile.riichi.name")
    agree = TutorialScreen(SIZE, level("riichi-02-pon-beats-chi"), None).source_text()
    differ = TutorialScreen(SIZE, level("riichi-05-triple-ron-aborts"), None).source_text()
    own = TutorialScreen(SIZE, level("ema-01-pung-beats-chow-timing"), None).source_text()
    book = i18n.t("tutorial.book.ema_rcr_2016")
    assert book in agree and book in differ and book in own
    assert name in agree and name in differ and i18n.t("profile.ema.name") not in own
    assert agree != differ and name not in own


@pytest.mark.parametrize("name", ["ema-07-a-win-after-the-draw", "riichi-02-pon-beats-chi"])
def test_after_an_answer_enter_goes_on_not_to_the_original_text(name: str) -> None:
    """Seen (fr, keyboard only): after the answer the focus ring fell by position on the
    "original text" toggle, so Enter showed the English quote instead of going on; on the
    summary the same. The focus goes to the main button when the focused choice is gone."""
    i18n.set_language("fr")
    clock = FixedClock()
    lv = level(name)
    screen = TutorialScreen(SIZE, lv, None)
    run(screen, clock)
    answer = lv.steps[0].options.index(lv.steps[0].answer) + 1 if lv.steps[0].options else 1
    screen.handle_event(key(str(answer)))
    assert screen.state == "right"
    run(screen, clock)
    assert screen.focused is not None and screen.focused.name != "original"
    assert not screen.show_original
    screen.handle_event(key("\r", pygame.K_RETURN))
    assert not screen.show_original and (screen.index, screen.state) != (0, "right")
