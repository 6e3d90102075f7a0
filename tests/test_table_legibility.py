"""No tile a player must read is drawn under 28 px high at 1280x720, in any screen that shows
tiles: the table (riichi, Taiwanese with its flowers), the tutorial's table beside its narration,
the replay viewer's table. Wall tiles are not read (the dora indicators are repeated in their
panel at discard size); everything else is: hands, rivers, melds, flowers, wind badges, the dora
panel, the tiles in hints, reasons and the claim prompt."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from table_helpers import display

from game.scene import FixedClock, Node, Sprite
from game.tutorial.level import levels_dir, load_level
from game.ui.table import TableScreen
from game.ui.table.hud import Hud
from game.ui.table.layers import CachedLayer
from game.ui.table.layout import TableLayout
from game.ui.table.presenter import Presenter
from game.ui.tutorial.screen import TutorialScreen

READABLE = 28
SIZE = (1280, 720)


def read_sprites(presenter: Presenter) -> Iterator[Sprite]:
    """Every sprite showing a tile a player reads (not the walls, not face-down tiles)."""
    walls = set(map(id, presenter.walls))
    stack: list[Node] = [presenter.root]
    while stack:
        node = stack.pop()
        if not node.visible or id(node) in walls:
            continue
        if (isinstance(node, Sprite) and node.image is not None and getattr(node, "tile", 0) >= 0
                and node.name not in ("felt", "last discard", "hand focus", "hand hint")):
            yield node
        stack.extend(node.children)


def check(layout: TableLayout, hud: Hud, presenter: Presenter) -> None:
    for art, what in ((layout.hand_art, "hand"), (layout.river_art, "river and melds"),
                      (layout.badge_art, "badges"), (hud.line_art, "tiles in words")):
        assert art.height >= READABLE, f"{what}: tiles {art.height} px high"
    for sprite in read_sprites(presenter):
        if isinstance(sprite.parent, CachedLayer) and sprite.parent in presenter.walls:
            continue
        w, h = sprite.image.get_size()
        if min(w, h) < 0.55 * max(w, h) or sprite.image.get_size() == presenter.layout.wall_art.lying(None).get_size():
            continue  # sticks and bars are not tiles; a wall-sized tile is the dead wall's
        assert max(w, h) * sprite.world_transform().scale >= READABLE, f"{sprite!r}: {w}x{h} px"


def _played(screen: TableScreen, frames: int) -> None:
    clock = FixedClock()
    for _ in range(frames):
        screen.update(clock.tick())
        if screen.human_awaited():
            key = pygame.K_d if screen.can_discard() else pygame.K_SPACE
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="d" if key == pygame.K_d else " ", mod=0))


@pytest.mark.parametrize("profile", ["riichi", "taiwanese"])
def test_the_table(profile: str) -> None:
    display()
    screen = TableScreen(SIZE, profile=profile, seed=5, speed=8.0, explain=True, claim_seconds=10.0)
    screen.act(screen.key_intent(pygame.K_h, "h"))
    _played(screen, 3000)
    check(screen.layout, screen.hud, screen.presenter)


def test_the_tutorial_table_beside_its_narration() -> None:
    display()
    screen = TutorialScreen(SIZE, load_level(levels_dir() / "taiwanese-04-flowers.toml"), None)
    for _ in range(240):
        screen.update(1 / 60)
    table = screen.table
    assert table.layout.unit >= 0.85, f"the tutorial's table shrinks to {table.layout.unit:.0%}"
    check(table.layout, table.hud, table.presenter)


def test_the_replay_viewers_table() -> None:
    from test_replay_viewer import tape

    from game.ui.replay.viewer import ReplayViewer

    display()
    viewer = ReplayViewer(SIZE, tape())
    viewer.goto(0, min(30, viewer.steps))
    check(viewer.layout_table, viewer.presenter.hud, viewer.presenter)
