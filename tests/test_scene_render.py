"""Drawing: sprites land where their anchor says, turned like pygame turns them, faded, cached."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pygame
import pytest

from game.scene import Node, Panel, Sprite, SurfaceCache, Text
from game.scene.bench import bench_scene
from game.scene.surface_cache import ALPHA_LEVELS, alpha_level

RED = (255, 0, 0, 255)
BLUE = (0, 0, 255, 255)
BLACK = (0, 0, 0, 255)


@pytest.fixture(autouse=True, scope="module")
def pygame_fonts() -> Iterator[None]:
    pygame.font.init()
    yield


def marked_tile(w: int = 6, h: int = 4) -> pygame.Surface:
    """Blue, with one red pixel in the top-left corner, so turns and flips show."""
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    image.fill(BLUE)
    image.set_at((0, 0), RED)
    return image


def canvas(size: tuple[int, int] = (40, 40)) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(BLACK)
    return surface


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_a_sprite_is_drawn_with_its_anchor_on_its_position() -> None:
    cache = SurfaceCache()
    target = canvas()
    root = Node(10, 10)
    root.add_child(Sprite(marked_tile(), 0, 0, cache=cache))  # centre anchor: top-left at (7, 8)
    root.add_child(Sprite(marked_tile(), 20, 20, cache=cache, anchor=(0.0, 0.0)))
    root.draw(target)
    assert target.get_at((7, 8)) == RED and target.get_at((12, 11)) == BLUE
    assert target.get_at((6, 8)) == BLACK and target.get_at((13, 11)) == BLACK
    assert target.get_at((30, 30)) == RED and target.get_at((35, 33)) == BLUE


@pytest.mark.parametrize("degrees", [90, 180, 270, -90, 30])
def test_turned_sprites_match_pygames_own_rotation(degrees: int) -> None:
    tile = marked_tile()
    expected = canvas()
    turned = pygame.transform.rotate(tile, -degrees) if degrees % 90 == 0 else pygame.transform.rotozoom(tile, -degrees, 1)
    expected.blit(turned, turned.get_rect(center=(20, 20)))
    drawn = canvas()
    Sprite(tile, 20, 20, rotation=degrees, cache=SurfaceCache()).draw(drawn)
    assert same_pixels(drawn, expected)


def test_a_clockwise_quarter_turn_moves_the_top_left_corner_to_the_top_right() -> None:
    drawn = canvas()
    seat = Node(20, 20, rotation=90)
    seat.add_child(Sprite(marked_tile(), cache=SurfaceCache()))
    seat.draw(drawn)
    # a 6x4 tile turned: 4 wide, 6 tall, centred on (20, 20) -> spans x 18..21, y 17..22
    assert drawn.get_at((21, 17)) == RED
    assert drawn.get_at((18, 17)) == BLUE and drawn.get_at((22, 17)) == BLACK


def test_scale_and_stretch_change_the_drawn_size() -> None:
    cache = SurfaceCache()
    sprite = Sprite(marked_tile(), 20, 20, scale=2.0, cache=cache)
    drawn = canvas()
    sprite.draw(drawn)
    assert drawn.get_at((14, 16)) != BLACK and drawn.get_at((25, 23)) != BLACK
    assert drawn.get_at((13, 16)) == BLACK and drawn.get_at((26, 23)) == BLACK
    sprite.stretch_x = 0.5
    assert sprite.content_size() == (3.0, 4.0)
    drawn = canvas()
    sprite.draw(drawn)
    assert drawn.get_at((17, 20)) != BLACK and drawn.get_at((16, 20)) == BLACK
    sprite.stretch_x = 0.0
    drawn = canvas()
    sprite.draw(drawn)
    assert same_pixels(drawn, canvas())


def test_opacity_multiplies_into_the_blend_and_leaves_the_source_alone() -> None:
    white = pygame.Surface((4, 4), pygame.SRCALPHA)
    white.fill((255, 255, 255, 255))
    group = Node(opacity=0.5)
    group.add_child(Sprite(white, 10, 10, cache=SurfaceCache(), opacity=0.5))
    drawn = canvas()
    group.draw(drawn)
    assert drawn.get_at((10, 10))[0] == pytest.approx(64, abs=3)
    assert white.get_alpha() in (None, 255)


def test_the_second_frame_transforms_nothing() -> None:
    cache = SurfaceCache()
    faces = [marked_tile(6 + i, 4) for i in range(5)]
    root = Node()
    for i in range(40):
        root.add_child(
            Sprite(faces[i % 5], 4 + i, 20, rotation=90 * (i % 4), scale=1 + (i % 2), opacity=1 - (i % 3) * 0.25, cache=cache)
        )
    target = canvas((100, 50))
    root.draw(target)
    first_misses = cache.misses
    assert first_misses > 0
    hits = cache.hits
    root.draw(target)
    assert cache.misses == first_misses
    assert cache.hits > hits


def test_a_fade_copies_but_never_re_turns() -> None:
    cache = SurfaceCache()
    sprite = Sprite(marked_tile(), 10, 10, rotation=90, cache=cache)
    target = canvas()
    sprite.draw(target)
    assert cache.misses == 1  # the turned copy
    for step in range(ALPHA_LEVELS):
        sprite.opacity = step / ALPHA_LEVELS
        sprite.draw(target)
    assert cache.misses == 1 + (ALPHA_LEVELS - 1)  # one faded copy per level, no new turns
    assert alpha_level(0.01) == 0 and alpha_level(1.3) == ALPHA_LEVELS


def test_the_cache_is_bounded_and_forgets_the_least_recently_used() -> None:
    cache = SurfaceCache(capacity=3)
    tile = marked_tile()
    for degrees in (90, 180, 270):
        cache.get(tile, degrees, 6, 4, 1.0)
    cache.get(tile, 90, 6, 4, 1.0)  # touch 90: 180 is now the oldest
    cache.get(tile, 0, 12, 8, 1.0)
    assert len(cache) == 3
    misses = cache.misses
    cache.get(tile, 90, 6, 4, 1.0)
    assert cache.misses == misses
    cache.get(tile, 180, 6, 4, 1.0)
    assert cache.misses == misses + 1
    assert cache.get(tile, 0, 6, 4, 1.0) is tile  # untouched: the source itself
    cache.invalidate(tile)
    assert len(cache) == 0
    with pytest.raises(ValueError):
        SurfaceCache(capacity=0)


def test_faded_copies_are_bounded_apart_and_never_push_out_opaque_ones() -> None:
    cache = SurfaceCache(capacity=4, fade_capacity=2)
    tiles = [marked_tile(6 + i, 4) for i in range(4)]
    for tile in tiles:
        cache.get(tile, 90, 4, 6, 1.0)
    for level in range(1, ALPHA_LEVELS):  # a whole fade of the first tile
        cache.get(tiles[0], 90, 4, 6, level / ALPHA_LEVELS)
    assert len(cache) == 4 + 2
    misses = cache.misses
    for tile in tiles:  # every opaque copy is still there
        cache.get(tile, 90, 4, 6, 1.0)
    assert cache.misses == misses
    cache.get(tiles[0], 90, 4, 6, (ALPHA_LEVELS - 1) / ALPHA_LEVELS)  # the last level: kept
    assert cache.misses == misses
    cache.invalidate(tiles[0])
    assert len(cache) == 3
    with pytest.raises(ValueError):
        SurfaceCache(fade_capacity=0)


def test_the_copies_of_a_freed_source_go_with_it() -> None:
    cache = SurfaceCache()
    kept = marked_tile()
    label = marked_tile(8, 4)  # a label rendered anew: the old picture is dropped by its sprite
    cache.get(kept, 90, 4, 6, 1.0)
    cache.get(label, 90, 4, 8, 1.0)
    cache.get(label, 0, 16, 8, 0.5)  # a faded copy and the opaque one it is made from
    assert len(cache) == 4
    del label
    gc.collect()
    assert len(cache) == 1
    misses = cache.misses
    assert cache.get(kept, 90, 4, 6, 1.0) is not None and cache.misses == misses


def test_a_new_surface_at_a_freed_ones_address_gets_its_own_copy() -> None:
    cache = SurfaceCache()
    for shade in range(0, 250, 10):  # freed at once: the allocator hands the same addresses out again
        source = pygame.Surface((5, 3), pygame.SRCALPHA)
        source.fill((shade, 0, 0, 255))
        turned = cache.get(source, 90, 5, 3, 1.0)
        assert turned is not None and turned.get_at((0, 0))[0] == shade
        del source, turned
    assert len(cache) <= 1


def test_text_renders_once_per_change() -> None:
    font = pygame.font.Font(None, 20)
    label = Text("East 1", font, (255, 255, 0), 50, 20)
    first = label.surface()
    assert label.surface() is first
    label.text = "East 1"
    assert label.surface() is first
    label.color = (255, 255, 255)
    second = label.surface()
    assert second is not first
    label.text = "South 2"
    assert label.surface() is not second and label.surface().get_height() > 0
    target = canvas((100, 40))
    label.draw(target)
    assert any(target.get_at((x, 20)) != BLACK for x in range(30, 70))


def test_text_accepts_freetype_fonts() -> None:
    freetype = pytest.importorskip("pygame.freetype")
    freetype.init()
    label = Text("Pon", freetype.Font(None, 18), (255, 255, 255))
    assert label.surface().get_width() > 0


def test_panel_is_a_cached_rounded_rectangle() -> None:
    panel = Panel(30, 20, (0, 128, 0), 20, 20, radius=6, border_color=(255, 255, 255), border_width=2)
    image = panel.surface()
    assert image.get_size() == (30, 20)
    assert image.get_at((15, 10)) == (0, 128, 0, 255)
    assert image.get_at((15, 0)) == (255, 255, 255, 255)
    assert image.get_at((0, 0)).a == 0  # the corner is cut
    assert panel.surface() is image
    panel.width = 40
    assert panel.surface().get_size() == (40, 20)


def test_hit_testing_a_turned_sprite_uses_its_image() -> None:
    root = Node()
    sprite = root.add_child(Sprite(marked_tile(), 20, 20, rotation=90, hittable=True, cache=SurfaceCache()))
    assert root.node_at((18, 17)) is sprite  # 4 wide, 6 tall once turned
    assert root.node_at((17, 20)) is None and root.node_at((20, 16)) is None
    sprite.rotation = 0
    assert root.node_at((17, 20)) is sprite


def test_bench_reports_frame_times() -> None:
    figures = bench_scene(nodes=20, frames=5)
    assert figures["nodes"] == 20 and figures["frames"] == 5
    assert figures["frame_ms"] == pytest.approx(figures["update_ms"] + figures["draw_ms"])
    assert figures["frame_ms"] > 0
