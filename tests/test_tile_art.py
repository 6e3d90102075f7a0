"""Tile art: every face paints in both styles, is cached, differs from every other face; the bundled
fonts cover every character the game promises to print, and ship with their licence."""

from __future__ import annotations

import hashlib

import pygame
import pygame.freetype
import pytest

from game.engine.tiles import FLOWER_ID_BASE, FLOWER_KIND_BASE, RED_FIVE_IDS, kind_of
from game.ui import fonts, tile_faces
from game.ui.tile_art import STYLES, TileArt, all_face_keys, for_window, tile_art, tile_widths


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()
    pygame.freetype.init()


def tile_for(kind: int, red: bool) -> int:
    """One physical tile showing this face."""
    if kind >= FLOWER_KIND_BASE:
        return FLOWER_ID_BASE + kind - FLOWER_KIND_BASE
    return kind * 4 if red else kind * 4 + 3


def pixels(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("width", [18, 30, 56])
def test_every_face_paints_once_and_differs_from_every_other(style: str, width: int) -> None:
    art = TileArt(width, style)
    keys = all_face_keys()
    assert len(keys) == 34 + 3 + 8
    faces = {key: art.face(tile_for(*key)) for key in keys}
    for key, surface in faces.items():
        assert surface.get_size() == (width, round(width * 1.35))
        assert art.face(tile_for(*key)) is surface, f"{key} was painted twice"
    assert len({pixels(s) for s in faces.values()}) == len(keys), "two different faces look the same"
    assert pixels(art.back()) not in {pixels(s) for s in faces.values()}
    assert art.back() is art.back()


def test_copies_of_a_kind_share_one_face_and_red_fives_have_their_own() -> None:
    art = TileArt(40)
    for red_id in RED_FIVE_IDS:
        plain = [art.face(red_id + copy) for copy in (1, 2, 3)]
        assert plain[0] is plain[1] is plain[2]
        assert pixels(art.face(red_id)) != pixels(plain[0])
        assert kind_of(red_id) == kind_of(red_id + 1)


def test_a_face_has_an_opaque_ivory_middle_and_transparent_rounded_corners() -> None:
    face = TileArt(40).face(tile_for(31, False))  # the white dragon: ivory in the middle
    w, h = face.get_size()
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((w // 2, 3)).a == 255
    r, g, b, _ = face.get_at((w // 2, h // 2))
    assert r > 200 and g > 200 and b > 180


@pytest.mark.parametrize("style", STYLES)
def test_turned_and_edged_tiles_are_cached_and_sized(style: str) -> None:
    art = TileArt(30, style)
    tile = tile_for(27, False)
    assert art.rotated(tile, 0) is art.face(tile)
    assert art.rotated(tile, 4) is art.face(tile)
    sideways = art.sideways(tile)
    assert sideways.get_size() == (art.height, art.width)
    assert art.rotated(tile, 1) is sideways
    assert art.rotated(None, 3) is art.rotated(None, -1)
    assert pixels(art.rotated(tile, 2)) == pixels(pygame.transform.flip(art.face(tile), True, True))
    for surface in (art.standing(tile), art.lying(tile), art.lying(None)):
        assert surface.get_size() == (art.width, art.height + art.depth)
    assert art.standing(tile) is art.standing(tile)
    assert art.lying(None) is art.lying(None)
    assert pixels(art.lying(tile)) != pixels(art.standing(tile))
    shadow = art.shadow()
    assert shadow is art.shadow(2)
    assert shadow.get_width() > art.width and shadow.get_height() > art.height + art.depth
    assert art.shadow(1).get_size() == (shadow.get_height(), shadow.get_width())


def test_window_sizes_pick_sensible_shared_tile_art() -> None:
    assert tile_widths((1280, 720)) == (52, 28, 22)
    small, large = tile_widths((800, 600)), tile_widths((2560, 1440))
    assert all(s < m < lg for s, m, lg in zip(small, tile_widths((1280, 720)), large, strict=True))
    for size in [(640, 480), (1280, 720), (1920, 1080), (3840, 1200), (1000, 2000)]:
        hand, discard, wall = tile_widths(size)
        assert hand > discard >= wall
        assert hand * 18 <= size[0], "a 16-tile hand with a drawn tile must fit across the window"
    table = for_window((1280, 720), "clear")
    assert table.hand is for_window((1280, 720), "clear").hand
    assert table.hand is tile_art(52, "clear")
    assert table.discard.style == "clear"


def test_unknown_style_and_tiny_tiles_are_refused() -> None:
    with pytest.raises(ValueError, match="style"):
        TileArt(40, "fancy")
    with pytest.raises(ValueError, match="narrower"):
        TileArt(4)


# --- fonts --------------------------------------------------------------------------------------

def test_every_promised_cjk_character_is_in_the_glyph_font() -> None:
    font = fonts.glyph_font()
    missing = [ch for ch in fonts.cjk_chars() if ch != "\u3000" and font.get_metrics(ch, size=24)[0] is None]
    assert missing == []


def test_tile_art_prints_only_promised_glyphs_and_each_has_ink() -> None:
    printed = (tile_faces.NUMERALS + "萬" + tile_faces.WIND_GLYPHS + "白發中" + tile_faces.FLOWER_GLYPHS)
    assert set(printed) - {"白"} <= set(fonts.TILE_GLYPHS)
    assert set(printed) <= set(fonts.cjk_chars())
    font = fonts.glyph_font()
    for ch in fonts.TILE_GLYPHS:
        surface, rect = font.render(ch, (0, 0, 0), size=32)
        assert rect.w > 8 and rect.h > 1, ch
        assert pygame.mask.from_surface(surface).count() > 20, f"{ch} renders blank"


@pytest.mark.parametrize("bold", [False, True])
def test_every_promised_ui_character_is_in_the_sans_font(bold: bool) -> None:
    font = fonts.sans_font(bold)
    missing = [f"U+{ord(ch):04X}" for ch in fonts.SANS_CHARS if font.get_metrics(ch, size=24)[0] is None]
    assert missing == []
    used = tile_faces.HONOR_LETTERS + "0123456789mps"
    assert set(used) <= set(fonts.SANS_CHARS)


def test_subset_fonts_carry_their_own_names_and_ship_with_licence_and_readme() -> None:
    assert fonts.glyph_font().name == "Atlas Glyphs"
    assert fonts.sans_font(False).name == "Atlas Sans"
    folder = fonts.fonts_dir()
    licence = (folder / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Reserved Font Name" in licence
    readme = (folder / "README.md").read_text(encoding="utf-8")
    for needed in ("fonts-noto-cjk", "fonts-noto-core", "Atlas Glyphs", "Atlas Sans", "make_font_subset.py",
                   fonts.TILE_GLYPHS):
        assert needed in readme
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert total < 1_500_000, f"assets/fonts is {total} bytes"


def test_a_rulebook_without_red_fives_draws_plain_fives() -> None:
    """EMA and Taiwanese use ids 16, 52 and 88 as ordinary fives: never paint them red."""
    plain = TileArt(30, red_fives=False)
    red = TileArt(30)
    for five in (16, 52, 88):
        assert plain.face(five) is plain.face(five + 1)
        assert red.face(five) is not red.face(five + 1)
