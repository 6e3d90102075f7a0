"""Every turn the human may discard shows the keyboard's ring, on the drawn tile (after a call,
the rightmost tile), whatever was used before: a call chosen with the mouse, a kan, the pause
menu. QA saw no ring after the pause menu, a call or a kan until an arrow key was pressed: the
prompt after a pon or a kan comes while its tiles still fly (the engine never waits for the
picture), and the start index taken then pointed past the hand as it is drawn after."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import SIZE, display

from game.engine import Phase
from game.engine.actions import ActionKind
from game.scene import FixedClock, Node
from game.ui.table import TableScreen
from game.ui.table.presenter import TileSprite

CALLS = ("pon", "chi", "kan", "ankan", "kakan", "daiminkan")


def _centre(node: Node) -> tuple[int, int]:
    world = node.world_transform()
    lift = node.lift if isinstance(node, TileSprite) else 0.0
    return round(world.x), round(world.y - lift)


def _click(screen: TableScreen, point: tuple[int, int]) -> None:
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(1, 0), buttons=(0, 0, 0)))
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=point))


def _call_button(screen: TableScreen) -> Node | None:
    for i, (choice, action) in enumerate(screen._choices):
        if choice.verb in CALLS and action is not None:
            found = screen.hud.bar.find_all(("choice", i))
            return found[0] if found else None
    return None


def _settle(screen: TableScreen, clock: FixedClock) -> None:
    """Step until the table is still with the human to act (the picture caught up)."""
    for _ in range(4000):
        screen.update(clock.tick())
        if screen.presenter.idle and screen.human_awaited():
            for _ in range(3):  # lifts ease in over a few frames
                screen.update(clock.tick())
            return
    raise AssertionError("the table never came to rest with the human to act")


def _assert_ring_on_start(screen: TableScreen, what: str) -> None:
    pic = screen.presenter.seats[screen.human]
    tiles = pic.concealed()
    ring = screen.hand_focus.ring
    start = pic.drawn if pic.drawn is not None else tiles[-1]
    if screen.riichi_mode or screen.match.players[screen.human].riichi:
        return  # in riichi the drawn tile goes by itself
    assert ring.visible, f"no focus ring {what}"
    assert screen.hand_focus.target() is start, what
    assert (round(ring.x), round(ring.y)) == (round(start.x), round(start.y - start.lift)), what


@pytest.mark.parametrize("seed", [3, 8, 21, 34])
def test_every_turn_starts_with_the_ring_even_after_calls_chosen_with_the_mouse(seed: int) -> None:
    """The human takes every call offered (with the mouse) and discards by clicking: every turn,
    once the picture is still, the ring is on the start tile."""
    surface = display()
    screen = TableScreen(SIZE, seed=seed, speed=12.0, level="easy")
    screen.presenter.stop_after_hands = 2
    clock = FixedClock()
    turns = after_call = 0
    called = False
    for _ in range(400):
        if screen.presenter.hands_ended >= 2 or screen.match.is_over:
            break
        try:
            _settle(screen, clock)
        except AssertionError:
            break
        if screen.hud.overlay.visible:
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
            screen.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0))
            continue
        call = _call_button(screen)
        if call is not None:
            _click(screen, _centre(call))
            called = True
            continue
        if screen.match.phase is Phase.TURN:
            if not any(a.kind is ActionKind.DISCARD for a in screen.match.legal_actions(screen.human)):
                break  # a win offered: not this test's business
            _assert_ring_on_start(screen, f"on turn {turns} (after a call: {called})")
            turns += 1
            after_call += called
            called = False
            screen.draw(surface)
            pic = screen.presenter.seats[screen.human]
            tile = pic.drawn if pic.drawn is not None else pic.hand[-1]
            _click(screen, _centre(tile))
        else:
            pas = next(i for i, (c, _) in enumerate(screen._choices) if c.verb == "pass")
            found = screen.hud.bar.find_all(("choice", pas))
            _click(screen, _centre(found[0]))
    assert turns >= 5, turns
    assert after_call >= 1, "no call was offered in this seed"


def _to_turn(seed: int) -> tuple[TableScreen, FixedClock]:
    """A table at the human's first turn to discard, still."""
    display()
    screen = TableScreen(SIZE, seed=seed, speed=12.0)
    clock = FixedClock()
    while not (screen.human_awaited() and screen.match.phase is Phase.TURN):
        _settle(screen, clock)
        if screen.match.phase is not Phase.TURN:
            screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
            screen.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    _settle(screen, clock)
    return screen, clock


def _enter_discards(screen: TableScreen, tile: int) -> None:
    before = len(screen.match.actions)
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    assert len(screen.match.actions) == before + 1, "Enter did nothing"
    action = screen.match.actions[-1]
    assert action.kind is ActionKind.DISCARD and action.tile == tile


def test_the_ring_stays_through_the_pause_menu() -> None:
    """Esc opens the pause menu over the table and Esc closes it; SDL then sends a mouse motion
    to where the pointer already was: that is no move, and the ring stays where it was."""
    screen, clock = _to_turn(12)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(3, 0), buttons=(0, 0, 0)))
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
    target = screen.hand_focus.target()
    screen.enter()  # back from the pause menu
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(5):
        screen.update(clock.tick())
    assert screen.hand_focus.ring.visible and screen.hand_focus.target() is target


@pytest.mark.parametrize("moved", [False, True])
def test_a_new_window_size_in_the_turn_keeps_the_cursor_and_enter_discards(moved: bool) -> None:
    """Seen in a real window: Settings, a new window size in the middle of the turn, and the ring
    was gone and Enter did nothing (D worked, an arrow key brought the ring back). The table is
    rebuilt for the new size: the cursor stays on its tile (or the turn's start tile), ringed."""
    screen, clock = _to_turn(12)
    if moved:
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
    chosen = screen.hand_focus.target()
    assert chosen is not None
    screen.resize((1600, 900))
    screen.enter()  # the Settings screen closes
    for _ in range(5):
        screen.update(clock.tick())
    target = screen.hand_focus.target()
    assert screen.hand_focus.ring.visible and target is not None and target.tile == chosen.tile
    _enter_discards(screen, chosen.tile)


def test_back_from_a_menu_chosen_with_the_mouse_the_ring_stays_and_enter_discards() -> None:
    """A menu over the table used with the mouse (Esc, a click on Save as..., a click on Save):
    back at the table, SDL reports the pointer where the clicks left it. That is where it
    rests, no move over the table: the ring stays, and Enter discards the tile under it."""
    screen, clock = _to_turn(12)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(3, 0), buttons=(0, 0, 0)))
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
    chosen = screen.hand_focus.target()
    assert chosen is not None
    screen.enter()
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(415, 457), rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(5):
        screen.update(clock.tick())
    assert screen.hand_focus.ring.visible and screen.hand_focus.target() is chosen
    _enter_discards(screen, chosen.tile)
