"""The table plays real hands: four AI seats through the presenter, checked against the engine.

Headless (dummy SDL driver), fixed 1/60 s steps at an accelerated animation speed. What is
checked is what the player would see: after every animation the picture (sprites in walls,
hands, rivers, melds) holds exactly what the engine says, and after ``sync_to`` every sprite sits
where the layout puts it.
"""

from __future__ import annotations

import pygame
import pytest
from table_helpers import SIZE, display

from game.engine import Match
from game.scene import FixedClock
from game.ui.table import TableScreen
from game.ui.table.layers import CachedLayer
from game.ui.table.layout import side_of


def engine_counts(match: Match) -> dict[str, object]:
    wall = match.wall
    return {
        "wall": wall.live_remaining + len(wall.dead) - wall.rinshan_taken,
        "hands": [len(p.hand) for p in match.players],
        "rivers": [sum(1 for d in p.discards if not d.called) for p in match.players],
        "melds": [len(p.melds) for p in match.players],
        "flowers": [len(p.flowers) for p in match.players],
        "tiles_left": wall.live_remaining,
    }


def play_one_hand(screen: TableScreen, limit: int = 20_000) -> int:
    """Step until the first hand has ended on screen; at every still moment of the hand, the
    picture must equal the engine. Returns how many still moments were compared."""
    surface = display()
    clock = FixedClock()
    compared = 0
    screen.presenter.stop_after_hands = 1

    def check() -> None:
        nonlocal compared
        m = screen.match
        if m.hand_index == 0 and not m.is_over:
            assert screen.presenter.picture_counts() == engine_counts(m), f"after {len(m.actions)} actions"
            compared += 1

    screen.watch = check
    for frame in range(limit):
        screen.update(clock.tick())
        if frame % 7 == 0:
            screen.draw(surface)
        if screen.presenter.hands_ended >= 1 and screen.timeline.idle:
            return compared
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("profile", "seed"), [("riichi", 3), ("taiwanese", 5), ("ema", 2)])
def test_an_ai_hand_plays_through_the_presenter(profile: str, seed: int) -> None:
    screen = TableScreen(SIZE, profile=profile, seed=seed, autoplay=True, speed=12.0)
    compared = play_one_hand(screen)
    assert compared > 20
    units = screen.presenter.units
    assert units.count("Discarded") >= 4
    assert any(u in units for u in ("Win", "ExhaustiveDraw", "AbortiveDraw"))


def first_index(units: list[str], name: str) -> int:
    return units.index(name)


@pytest.mark.parametrize("profile", ["riichi", "taiwanese"])
def test_the_ceremony_comes_in_order(profile: str) -> None:
    display()
    screen = TableScreen(SIZE, profile=profile, seed=5, autoplay=True, speed=12.0)
    clock = FixedClock()
    clock.run_until(screen.update, lambda: screen.presenter.units.count("Discarded") >= 1)
    units = screen.presenter.units
    order = ["FirstDealerRolled", "HandStarted", "WallBuilt", "DiceRolled", "DeadWallSet", "TilesDealt", "Discarded"]
    positions = [first_index(units, name) for name in order]
    assert positions == sorted(positions)
    deals = units.count("TilesDealt")
    if profile == "riichi":
        assert first_index(units, "DeadWallSet") < first_index(units, "DoraRevealed") < first_index(units, "TilesDealt")
        assert deals == 4 * 4 + 1  # 4-4-4-1 to each, then the dealer's 14th
    else:
        assert "DoraRevealed" not in units
        assert deals == 4 * 4 + 1  # 4-4-4-4 to each, then the dealer's 17th
        assert "FlowerSetAside" in units


def test_sync_to_puts_every_sprite_where_the_layout_says() -> None:
    surface = display()
    screen = TableScreen(SIZE, seed=3, autoplay=True, speed=12.0)
    clock = FixedClock()
    clock.run_until(screen.update, lambda: screen.presenter.units.count("Discarded") >= 30)
    animated = {s: [(round(t.x), round(t.y)) for t in screen.presenter.seats[s].river] for s in range(4)}
    screen.timeline.skip_all()
    match = screen.match
    screen.presenter.sync_to(match)
    assert screen.presenter.picture_counts() == engine_counts(match)
    lay = screen.layout
    for seat, player in enumerate(match.players):
        pic = screen.presenter.seats[seat]
        river = [d for d in player.discards if not d.called]
        assert [s.tile for s in pic.river] == [d.tile for d in river]
        places = lay.river_places(side_of(seat, 0), [s.sideways for s in pic.river])
        assert [(s.x, s.y, s.rotation) for s in pic.river] == [tuple(p) for p in places]
        # the animated river ended where the rebuilt one stands (same tiles, same places)
        assert animated[seat] == [(round(s.x), round(s.y)) for s in pic.river][: len(animated[seat])]
    assert sorted(screen.presenter.human_tiles()) == sorted(match.players[0].hand)
    screen.draw(surface)


def test_skip_rebuilds_and_play_goes_on() -> None:
    surface = display()
    screen = TableScreen(SIZE, seed=8, autoplay=True)
    clock = FixedClock()
    clock.run(screen.update, 90)  # mid-ceremony
    screen.skip()
    assert screen.timeline.idle
    assert screen.presenter.picture_counts() == engine_counts(screen.match)
    clock.run(screen.update, 30)
    screen.draw(surface)
    assert screen.decisions > 0


def test_a_callout_cut_short_by_skip_does_not_stay_up() -> None:
    """Seen in a real window: Space during a "Pon" left the bubble over the table for the rest
    of the hand (the timeline was cleared before the callout's end removed it)."""
    display()
    screen = TableScreen(SIZE, seed=8, autoplay=True)
    screen.timeline.run(screen.hud.callout(2, "Pon"))
    FixedClock().run(screen.update, 3)
    assert screen.hud.callouts.children
    screen.skip()
    assert not screen.hud.callouts.children


def test_a_resize_rebuilds_the_table() -> None:
    display()
    screen = TableScreen(SIZE, seed=4, autoplay=True, speed=12.0)
    clock = FixedClock()
    clock.run_until(screen.update, lambda: screen.presenter.units.count("Discarded") >= 8)
    screen.resize((1024, 600))
    assert screen.presenter.picture_counts() == engine_counts(screen.match)
    small = pygame.Surface((1024, 600))
    screen.draw(small)
    for seat in range(4):
        for sprite in screen.presenter.seats[seat].concealed() + screen.presenter.seats[seat].river:
            assert 0 <= sprite.x <= 1024 and 0 <= sprite.y <= 600


def test_cached_layers_draw_what_the_nodes_would() -> None:
    """The walls, rivers, hands and panels drawn from cached pictures look like the nodes drawn
    one by one (the same frame both ways; antialiased edges differ by a few levels at most)."""
    surface = display()
    screen = TableScreen(SIZE, seed=3, autoplay=True, speed=12.0)
    FixedClock().run_until(screen.update, lambda: screen.presenter.units.count("Discarded") >= 20)
    screen.timeline.skip_all()
    layers = [n for n in screen.root.walk() if isinstance(n, CachedLayer)]
    assert len(layers) >= 10
    screen.draw(surface)
    cached = pygame.image.tobytes(surface, "RGB")[::5]  # every fifth channel byte is plenty
    for layer in layers:
        layer.live += 1
    screen.draw(surface)
    direct = pygame.image.tobytes(surface, "RGB")[::5]
    differences = [abs(a - b) for a, b in zip(cached, direct, strict=True)]
    assert sum(differences) / len(differences) < 0.05  # one tile out of place gives about 0.25
    assert max(differences) <= 24


def test_a_whole_match_plays_to_the_final_standings() -> None:
    """At the instant speed every unit finishes at once: the match runs to its end on screen."""
    surface = display()
    screen = TableScreen(SIZE, seed=2, autoplay=True, speed=0.0)
    FixedClock().run_until(screen.update, lambda: screen.match.is_over, limit=5_000)
    screen.update(1 / 60)
    screen.draw(surface)
    units = screen.presenter.units
    assert units[-1] == "MatchEnded"
    assert units.count("HandStarted") == units.count("HandEnded") == screen.match.hand_index
    assert screen.hud.overlay.visible
