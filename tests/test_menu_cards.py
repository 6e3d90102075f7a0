"""The New game screen's rule cards: the name and its description stand inside the card with a
margin, in every language at 1280x720 and 1920x1080 (issue 14: Japanese two-line descriptions
touched the card's bottom edge)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.scene import Node, Text
from game.ui.menus.new_game import NewGameScreen
from game.ui.menus.widgets import Card

MARGIN = 4  # pixels between a line's picture and the card's edge


def world_rect(node: Node) -> pygame.Rect:
    w, h = node.content_size()
    ax, ay = node.anchor
    x0, y0 = node.to_world(-ax * w, -ay * h)
    x1, y1 = node.to_world((1 - ax) * w, (1 - ay) * h)
    return pygame.Rect(round(min(x0, x1)), round(min(y0, y1)), round(abs(x1 - x0)), round(abs(y1 - y0)))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_card_keeps_its_words_inside_with_a_margin(language: str, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    i18n.set_language(language)
    screen = NewGameScreen(size)
    cards = [w for w in screen.widgets if isinstance(w, Card)]
    assert len(cards) >= 4
    for card in cards:
        inside = world_rect(card).inflate(-2 * MARGIN, -2 * MARGIN)
        lines = [n for n in card.walk() if isinstance(n, Text) and str(n.text).strip()]
        assert len(lines) >= 2, card.name
        for line in lines:
            assert inside.contains(world_rect(line)), (card.name, str(line.text), world_rect(line), inside)



@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_rule_cards_and_each_settings_values_share_one_size(language: str) -> None:
    """No card's description set smaller beside full-size siblings (ru: two of four were), and a
    setting's value keeps its size as the player steps through it (fr: the EMA rulebook's name
    shrank while Riichi's stood full size beside it)."""
    from game.persist.settings import Settings
    from game.ui.fitting import recording
    from game.ui.menus.rules_screen import RulesScreen
    from game.ui.menus.settings_screen import SettingsScreen
    from game.ui.menus.widgets import Choice

    pygame.display.init()
    pygame.font.init()
    i18n.set_language(language)
    with recording() as fits:
        NewGameScreen((1280, 720))
    texts = {f.size for _, box, f, _ in fits if box.name == "card text"}
    titles = {f.size for _, box, f, _ in fits if box.name == "card title"}
    assert len(texts) == 1 and len(titles) == 1, (texts, titles)
    for screen in (NewGameScreen((1280, 720)), RulesScreen((1280, 720)), SettingsScreen((1280, 720), Settings())):
        for choice in [w for w in screen.widgets if isinstance(w, Choice)]:
            with recording() as fits:
                for _ in choice.values:
                    choice.step(1)
            sizes = {f.size for _, box, f, _ in fits if box.name == "setting value"}
            assert len(sizes) == 1, (choice.name, sizes)
    rules = RulesScreen((1280, 720))
    pair = [w for w in rules.widgets if isinstance(w, Choice)]
    with recording() as fits:
        for choice in pair:
            choice.step(0)
    assert len({f.size for _, box, f, _ in fits if box.name == "setting value"}) == 1


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_tables_column_headings_share_one_size(language: str) -> None:
    """The headings of one table stand at one size (ru: "Место" was set smaller than "Игрок" and
    "Очки" beside it; fr: a rulebook's long name smaller than the other's)."""
    from finished_matches import finished_match

    from game.ai.baseline import EfficiencyBot
    from game.ui.fitting import recording
    from game.ui.menus.rules_screen import RulesScreen
    from game.ui.results.match_end import ResultsScreen, match_end

    pygame.display.init()
    pygame.font.init()
    i18n.set_language(language)
    options, m = finished_match(5, length="tonpuu", bot=EfficiencyBot)
    for size in ((1280, 720), (1920, 1080)):
        with recording() as fits:
            ResultsScreen(size, match_end(m, options))
            RulesScreen(size, "riichi", "ema")
        for name in ("results column", "rules column"):
            sizes = {f.size for _, box, f, _ in fits if box.name == name}
            assert len(sizes) == 1, (name, sizes)
            assert all(f.fits for _, box, f, _ in fits if box.name == name)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_final_standings_place_words_keep_clear_of_the_names(language: str) -> None:
    """zh_TW: "第 1 名" ran over the seat's colour dot and the first character of the name."""
    from finished_matches import finished_match

    from game.ai.baseline import EfficiencyBot
    from game.ui.results.match_end import ResultsScreen, match_end
    from game.ui.seats import seat_name

    pygame.display.init()
    pygame.font.init()
    i18n.set_language(language)
    options, m = finished_match(5, length="tonpuu", bot=EfficiencyBot)
    screen = ResultsScreen((1280, 720), match_end(m, options))
    texts = [n for n in screen.root.walk() if isinstance(n, Text)]
    places = [world_rect(n) for n in texts if str(n.text) in {i18n.t(f"place.{r}") for r in range(1, 5)}]
    names = [world_rect(n) for n in texts if str(n.text) in {seat_name(s, 0) for s in range(4)}]
    assert len(places) == 4 and len(names) == 4
    for place in places:
        beside = [n for n in names if abs(n.centery - place.centery) < 10]
        assert beside and place.right + 16 < beside[0].left, (str(place), beside)


def test_left_and_right_go_along_a_row_of_buttons() -> None:
    """The results screen's four buttons stand in one row; only Up, Down and Tab moved between
    them. Left and Right now go along the row (and stop at its ends)."""
    from finished_matches import finished_match

    from game.ai.baseline import EfficiencyBot
    from game.ui.results.match_end import ResultsScreen, match_end

    pygame.display.init()
    pygame.font.init()
    options, m = finished_match(5, length="tonpuu", bot=EfficiencyBot)
    screen = ResultsScreen((1280, 720), match_end(m, options))
    row = sorted((w for w in screen.widgets if w.enabled), key=lambda w: w.x)
    screen.set_focus(screen.widgets.index(row[0]))

    def press(code: int) -> None:
        screen.handle_key(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))

    seen = [screen.focused]
    for _ in range(len(row)):
        press(pygame.K_RIGHT)
        seen.append(screen.focused)
    assert seen[:len(row)] == row and seen[-1] is row[-1]
    press(pygame.K_LEFT)
    assert screen.focused is row[-2]


def test_the_window_sizes_offered_fit_the_desktop(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a 1920x1080 desktop Left on 1280x720 wrapped to 2560x1440: the window grew past the
    screen's edges. Only the sizes the desktop holds are offered (and the current one)."""
    from game.ui.menus import settings_screen

    monkeypatch.setattr(settings_screen, "desktop_size", lambda: (1920, 1080))
    offered = settings_screen.values_of("window_size", (1280, 720))
    assert (1280, 720) in offered and (2560, 1440) not in offered and (1920, 1080) not in offered
    assert (1600, 900) in offered and (1024, 576) in offered  # a small laptop has a size below 1280x720
    monkeypatch.setattr(settings_screen, "desktop_size", lambda: None)  # unknown: every size
    assert (2560, 1440) in settings_screen.values_of("window_size", (1280, 720))
