"""Start-up milestones: the first frame and the first turn are each marked once, with CPU time,
in the run log and for the bench (``python -m game bench startup`` reads them from fresh games)."""

from __future__ import annotations

import pytest

from game import startup


class Table:
    def __init__(self) -> None:
        self.waiting = False

    def human_awaited(self) -> bool:
        return self.waiting


def test_each_milestone_is_marked_once_in_order(monkeypatch: pytest.MonkeyPatch,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(startup, "_marked", {})
    seen: list[str] = []
    monkeypatch.setattr(startup, "on_mark", lambda name, cpu, wall: seen.append(name))
    caplog.set_level("INFO", logger="game.startup")
    table = Table()
    startup.frame_shown(object())  # the title
    startup.frame_shown(table)  # the table, dealing
    assert seen == [startup.FIRST_FRAME] and startup.marked(startup.FIRST_TURN) is None
    table.waiting = True
    startup.frame_shown(table)
    startup.frame_shown(table)
    assert seen == [startup.FIRST_FRAME, startup.FIRST_TURN]
    first, turn = startup.marked(startup.FIRST_FRAME), startup.marked(startup.FIRST_TURN)
    assert first is not None and turn is not None and 0 < first[0] <= turn[0]
    assert "start-up: first frame after" in caplog.text and "start-up: first turn after" in caplog.text
