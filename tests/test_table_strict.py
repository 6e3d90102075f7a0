"""The strict table on screen: the human is asked about every discard, may call anything, and the
penalty plays out on the table (a chombo's re-deal, a dead hand's callout); no waits or hints shown."""

from __future__ import annotations

from pathlib import Path

import pygame
from table_helpers import SIZE, display

from game.engine import Match
from game.engine.actions import ActionKind
from game.engine.events import Penalty, PenaltyKind
from game.engine.profile import load_profile
from game.scene import FixedClock
from game.ui.table import TableScreen


def strict_screen(profile: str, seed: int = 4) -> TableScreen:
    match = Match(load_profile(profile), seed, strict_seats=(0,))
    return TableScreen(SIZE, match=match, human=0, speed=8.0, show_waits=True, explain=True)


def run_until(screen: TableScreen, done: object, limit: int = 30_000) -> None:
    """Step the table until ``done()``; the human's own turns discard the drawn tile."""
    clock = FixedClock()
    for _ in range(limit):
        screen.update(clock.tick())
        if done():  # type: ignore[operator]
            return
        m = screen.match
        if screen.human_awaited() and m.phase.value == "turn":
            discards = [a for a in m.legal_actions(0) if a.kind is ActionKind.DISCARD]
            screen.apply(next((a for a in discards if a.tiles == (m.drawn,)), discards[0]))
    raise AssertionError("the table never got there")


def test_the_human_is_asked_about_a_discard_with_nothing_to_claim_and_a_false_ron_is_a_chombo(
    tmp_path: Path,
) -> None:
    screen = strict_screen("riichi")
    assert screen.strict and not screen.show_waits and not screen.explain
    run_until(screen, lambda: screen.human_awaited() and screen.match.phase.value == "claim")
    verbs = {c.verb for c, _ in screen.choices()}
    assert {"ron", "pon", "kan", "pass"} <= verbs  # offered whatever the hand holds
    ron = next(a for c, a in screen.choices() if c.verb == "ron")
    assert ron is not None
    assert screen.match.is_false(ron)  # this seed's first prompt: the hand is far from winning
    events = screen.apply(ron)
    penalties = [e for e in events if isinstance(e, Penalty)]
    assert [p.kind for p in penalties] == [PenaltyKind.CHOMBO]
    run_until(screen, lambda: "Penalty" in screen.presenter.units and screen.hud.overlay.visible)
    surface = display()
    screen.draw(surface)
    pygame.image.save(surface, str(tmp_path / "chombo.png"))
    assert screen.match.hand_index == 1 and screen.match.scores[0] == 25000 - 8000


def test_a_false_call_shows_a_dead_hand_and_the_table_plays_on() -> None:
    screen = strict_screen("taiwanese", seed=2)
    run_until(screen, lambda: screen.human_awaited() and screen.match.phase.value == "claim")
    bare = [a for c, a in screen.choices() if a is not None and a.kind is ActionKind.PON and not a.tiles]
    if not bare:  # the human could really pon this tile: a chow or kong is then the false call
        bare = [a for c, a in screen.choices() if a is not None and not a.tiles and a.kind is not ActionKind.RON
                and a.kind is not ActionKind.PASS]
    assert bare
    screen.apply(bare[0])
    assert screen.match.players[0].dead_hand
    run_until(screen, lambda: "Penalty" in screen.presenter.units)
    hands_before = screen.match.hand_index
    run_until(screen, lambda: screen.match.hand_index > hands_before or screen.match.is_over
              or screen.human_awaited() and screen.match.phase.value == "turn")
    if screen.human_awaited():
        assert {a.kind for a in screen.match.legal_actions(0)} == {ActionKind.DISCARD}
