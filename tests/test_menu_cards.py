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
