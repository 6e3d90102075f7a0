"""The smoke run on the real table: ``game.ui.smoke`` plays its hand, this draws it.

Why a draw hook and not a second runner: :func:`game.ui.smoke.run_smoke` owns what the bundle
test checks (the title first, the timings, the log line, the screenshot) and steps its own
:class:`~game.ui.smoke_table.SmokeHand`. This hook shows that very match on a ``TableScreen``
that never acts (``drive=False``): each frame feeds the new events and animates them fast enough
to keep up with the run's pace, so the last frame (the screenshot) is the real table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import pygame

    from game.ui.smoke import Draw
    from game.ui.smoke_table import SmokeHand

    from .screen import TableScreen

SPEED: Final = 8.0
"""Animation seconds per real second: the ceremony and the deal take a few seconds of frames."""
BACKLOG: Final = 4
"""Units allowed to wait; beyond this the table catches up at once, so it never lags the hand."""


def table_smoke_draw() -> Draw:
    """A ``draw`` for :func:`run_smoke` that paints the real table (built on the first frame,
    after the title is up, so the title still comes first)."""
    shown: dict[int, TableScreen] = {}

    def draw(surface: pygame.Surface, hand: SmokeHand, progress: float) -> None:
        from .screen import TableScreen

        table = shown.get(id(hand))
        if table is None:
            table = shown[id(hand)] = TableScreen(surface.get_size(), match=hand.match, drive=False, speed=SPEED)
            table.presenter.stop_after_hands = 1
            table.presenter.hold_seconds = 600.0  # the result stays up until the last frame
        if table.timeline.pending_units > BACKLOG:
            table.timeline.skip_all()
        table.update(1.0 / 60.0)
        table.draw(surface)

    return draw
