"""Result screens: the panel at the end of a hand (win, draw, chombo) and the end of a match.

Fed by the engine's events (:mod:`.sheets` turns a ``Win``, ``ExhaustiveDraw``, ``AbortiveDraw``
or ``Penalty`` into the words and numbers to show; :mod:`.panel` lays them out over the table,
which the table's presenter and the replay viewer both use); :mod:`.match_end` is the screen after
the last hand (placings, uma and oka, the score graph, Replay and Review).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.events import Event, Win

from .panel import ResultPanel, font_steps
from .sheets import (
    DrawSheet,
    Seats,
    Sheet,
    SheetMaker,
    WinSheet,
    abortive_sheet,
    exhaustive_sheet,
    penalty_sheet,
    standings_sheet,
    win_sheet,
)
from .tags import FU_TAG


def number_wins(events: Sequence[Event], orders: dict[int, str]) -> None:
    """Several wins on one discard (double ron) come in one batch of events: note each one's
    "1 / 2" by the event's id, for its panel."""
    wins = [e for e in events if isinstance(e, Win)]
    if len(wins) > 1:
        for k, win in enumerate(wins):
            orders[id(win)] = f"{k + 1} / {len(wins)}"


__all__ = ["FU_TAG", "DrawSheet", "ResultPanel", "Seats", "Sheet", "SheetMaker", "WinSheet", "abortive_sheet", "exhaustive_sheet",
           "font_steps", "number_wins", "penalty_sheet", "standings_sheet", "win_sheet"]
