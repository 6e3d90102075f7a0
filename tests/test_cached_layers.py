"""A cached layer shows what its children would draw now. QA saw seat plates keep the last hand's
wind ("West seat" on two plates) until something else about the plate changed: the layer noticed
a change by the id of each child's picture, and a label re-rendered to the same size often gets
the freed picture's address, so the same id, and the old picture stayed."""

from __future__ import annotations

import pygame
from table_helpers import SIZE, display

from game.i18n import t
from game.scene import FixedClock, Node, Text
from game.scene.node import Transform
from game.ui.table import Intent, TableScreen
from game.ui.table.hud import wind_name
from game.ui.table.layers import CachedLayer
from game.ui.table.pieces import font as table_font


def _layers(node: Node) -> list[CachedLayer]:
    out = [node] if isinstance(node, CachedLayer) else []
    for child in node.children:
        out.extend(_layers(child))
    return out


def _what(layer: CachedLayer) -> list[str]:
    return [f"{type(c).__name__} {getattr(c, 'text', '')}" for c in layer.children][:6]


def _stale(layer: CachedLayer) -> int:
    """Pixels where the layer's picture differs from its children drawn directly."""
    cached, direct = pygame.Surface(SIZE), pygame.Surface(SIZE)
    layer.draw_in(cached, Transform())
    Node.draw_in(layer, direct, Transform())
    area = layer.area.clip(cached.get_rect())
    def differs(a: pygame.Color, b: pygame.Color) -> bool:  # blending through the picture rounds a little
        return max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 24

    return sum(1 for x in range(area.left, area.right, 2) for y in range(area.top, area.bottom, 2)
               if differs(cached.get_at((x, y)), direct.get_at((x, y))))


def test_a_label_changed_to_the_same_size_is_drawn_anew() -> None:
    display()
    font = table_font(16)
    layer = CachedLayer(pygame.Rect(0, 0, 200, 40), watched=True)
    label = layer.add_child(Text("West seat", font, (255, 255, 255), 100, 20))
    surface = pygame.Surface(SIZE)
    for words in ("North seat", "South seat", "East seat", "West seat") * 5:
        layer.draw_in(surface, Transform())
        label.text = words
        label.content_size()  # measured before it is drawn (the plates fit their words)
        assert _stale(layer) == 0, words


def test_the_plates_follow_the_seat_winds_from_hand_to_hand() -> None:
    display()
    screen = TableScreen(SIZE, seed=4, autoplay=True, speed=12.0)
    clock = FixedClock()
    surface = pygame.Surface(SIZE)
    checked = set()
    for _ in range(200_000):
        screen.update(clock.tick())
        screen.draw(surface)
        if screen.hud.overlay.visible or screen.presenter.hold is not None:
            screen.act(Intent("continue"))
        hand = screen.match.hand_index
        if screen.presenter.idle and hand not in checked and screen.match.actions:
            checked.add(hand)
            for seat in range(4):  # one wording of the seat on every plate, the player's too
                role = next(n for n in screen.hud.plates[seat].children if isinstance(n, Text) and n.name == "role")
                wind = wind_name((seat - screen.match.dealer) % 4)
                assert role.text.endswith(t("table.seat_wind", wind=wind)), role.text
            for layer in _layers(screen.hud.under):
                assert _stale(layer) == 0, f"hand {hand}: {layer.area} shows an old picture: {_what(layer)}"
        if hand >= 3:
            break
    assert len(checked) >= 3
