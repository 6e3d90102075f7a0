"""A cached layer shows what its children would draw now. QA saw seat plates keep the last hand's
wind ("West seat" on two plates) until something else about the plate changed: the layer noticed
a change by the id of each child's picture, and a label re-rendered to the same size often gets
the freed picture's address, so the same id, and the old picture stayed."""

from __future__ import annotations

import gc

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


def test_a_layer_taken_out_of_the_tree_lets_its_picture_go() -> None:
    """A detached subtree is a reference cycle (children point back at their parent), so it lives
    until the collector's rare full pass: every table hand left a dozen wall, river and hand
    pictures (~3 MB) alive that long, and a table's memory grew hand after hand."""
    display()
    surface = pygame.Surface(SIZE)
    for detach in (lambda root, layer: root.clear(), lambda root, layer: layer.remove(),
                   lambda root, layer: Node().add_child(layer)):
        root = Node()
        layer = root.add_child(CachedLayer(pygame.Rect(0, 0, 200, 40), watched=True))
        layer.add_child(Text("West seat", table_font(16), (255, 255, 255), 100, 20))
        root.draw(surface)
        assert layer._picture is not None
        detach(root, layer)
        assert layer._picture is None
        drawn = pygame.Surface(SIZE)
        layer.draw_in(drawn, Transform())  # shown again: drawn again, as it would be
        assert _stale(layer) == 0


def test_a_table_keeps_one_set_of_layer_pictures_from_hand_to_hand() -> None:
    display()
    screen = TableScreen(SIZE, seed=4, autoplay=True, speed=12.0)
    clock = FixedClock()
    surface = pygame.Surface(SIZE)
    gc.collect()  # earlier tests' tables
    gc.disable()  # what reference counts alone free: the full collection may not come in time
    try:
        for _ in range(200_000):
            if screen.match.hand_index >= 3 or screen.match.is_over:
                break
            screen.update(clock.tick())
            screen.draw(surface)
            if screen.hud.overlay.visible or screen.presenter.hold is not None:
                screen.act(Intent("continue"))
        assert screen.match.hand_index >= 3
        live = {id(layer) for layer in _layers(screen.root)}
        held = [o for o in gc.get_objects() if isinstance(o, CachedLayer) and o._picture is not None]
        assert all(id(layer) in live for layer in held), f"{len(held)} pictures held, {len(live)} layers shown"
    finally:
        gc.enable()
