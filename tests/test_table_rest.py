"""Every tile at rest lies in its layout slot, drawn whole.

Whenever the table is still (no animation unit plays), each sprite of each seat's hand, river,
melds and flowers is compared with the rectangle ``TableLayout`` gives its slot: same centre
(within a pixel), same size, flat (only the tile under the pointer or the cursor may be raised, and
only while in the hand), and inside the picture of the cached layer it rests in, so no edge is cut.
The human's seat is played with the pointer and keys the way people do: a key or a click while a
lift is still rising, hovering between turns. This is how "your own latest discard drawn 10 px too
high with its top cut off" was caught (a hover tween that outlived the tile leaving the hand).
"""

from __future__ import annotations

import pygame
import pytest
from table_helpers import display

from game.engine import Phase
from game.scene import FixedClock
from game.scene.node import Node
from game.ui.table import TableScreen
from game.ui.table.layers import CachedLayer
from game.ui.table.layout import Place
from game.ui.table.presenter import TileSprite


def drawn_rect(sprite: TileSprite) -> pygame.Rect:
    """Where a sprite's image lands on screen (as ``SurfaceNode.paint`` blits it)."""
    assert sprite.image is not None
    world = sprite.world_transform()
    w, h = sprite.image.get_size()
    if round(world.rotation) % 180:
        w, h = h, w
    r = pygame.Rect(0, 0, round(w * world.scale), round(h * world.scale))
    r.center = (round(world.x), round(world.y - sprite.lift))
    return r


def slot_rect(place: Place, image: pygame.Surface) -> pygame.Rect:
    w, h = image.get_size()
    if round(place.rotation) % 180:
        w, h = h, w
    r = pygame.Rect(0, 0, w, h)
    r.center = (round(place.x), round(place.y))
    return r


def _layer_of(node: Node) -> CachedLayer | None:
    parent = node.parent
    while parent is not None and not isinstance(parent, CachedLayer):
        parent = parent.parent
    return parent


def check_rest(screen: TableScreen, surface: pygame.Surface) -> int:
    """Compare every resting tile with its slot; returns how many were checked."""
    screen.draw(surface)  # cached layers draw their pictures (and their content bounds)
    lay = screen.layout
    pres = screen.presenter
    raised_ok = {screen.hand_focus.target(), screen.hand_focus.hovered} if screen.can_discard() else set()
    checked = 0
    for seat, pic in enumerate(pres.seats):
        side = pres.side(seat)
        row = lay.seat_slots(side, seat, len(pic.hand), pic.drawn is not None, pic.melds, len(pic.flowers))
        slots: list[tuple[str, TileSprite, Place, pygame.Surface]] = []
        for sprite, place in zip(pic.concealed(), row.hand, strict=True):
            slots.append(("hand", sprite, place, pres._hand_image(seat, sprite.tile)))
        own = lay.row_art(side)  # the human's melds and flowers: larger
        river = lay.river_places(side, [s.sideways for s in pic.river])
        for sprite, place in zip(pic.river, river, strict=True):
            slots.append(("river", sprite, place, lay.river_art.lying(sprite.tile)))
        for tiles, sprites in zip(row.melds, pic.meld_sprites, strict=True):
            for mt in tiles:
                slots.append(("meld", sprites[mt.tile], mt.place, own.lying(None if mt.face_down else mt.tile)))
        for sprite, place in zip(pic.flowers, row.flowers, strict=True):
            slots.append(("flower", sprite, place, own.lying(sprite.tile)))
        for where, sprite, place, image in slots:
            what = f"seat {seat} {where} tile {sprite.tile} after {len(screen.match.actions)} actions"
            assert sprite.image is image, f"{what}: wrong picture"
            if sprite.lift:
                assert where == "hand" and sprite in raised_ok, f"{what}: raised {sprite.lift:g} px at rest"
                continue
            got, want = drawn_rect(sprite), slot_rect(place, image)
            assert abs(got.centerx - want.centerx) <= 1 and abs(got.centery - want.centery) <= 1, (
                f"{what}: at {got} instead of {want}")
            assert got.size == want.size, f"{what}: {got.size} instead of {want.size}"
            layer = _layer_of(sprite)
            if layer is not None and layer.live == 0:
                shown = layer._bounds.move(layer.area.topleft)
                assert shown.contains(got), f"{what}: drawn {got}, its layer shows only {shown} (cut off)"
            checked += 1
    return checked


@pytest.mark.parametrize(("profile", "seed", "size"), [
    ("riichi", 12, (1280, 720)),
    ("riichi", 31, (1920, 1080)),
    ("taiwanese", 5, (1280, 720)),
])
def test_every_resting_tile_lies_in_its_slot(profile: str, seed: int, size: tuple[int, int]) -> None:
    display()
    surface = pygame.Surface(size)
    screen = TableScreen(size, profile=profile, seed=seed, speed=6.0)
    screen.presenter.stop_after_hands = 1
    clock = FixedClock()
    checked = 0
    turns = 0
    for _ in range(40_000):
        if screen.presenter.hands_ended >= 1:
            break
        was_idle = screen.presenter.idle
        screen.update(clock.tick())
        if screen.presenter.idle and not was_idle:
            checked += check_rest(screen, surface)
        if not screen.human_awaited():
            continue
        if screen.match.phase is not Phase.TURN:
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
            continue
        turns += 1
        tiles = screen.presenter.seats[screen.human].concealed()
        target = tiles[(turns * 5) % len(tiles)]
        world = target.world_transform()
        point = (round(world.x), round(world.y))
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
        screen.update(clock.tick())  # the lift rises, and the choice comes before it is up
        if turns % 2:
            screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))
        else:
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    assert turns >= 5 and checked > 500
