"""A table shown at a result, for the screenshot tests and ``bench render``: the real table screen,
the real presenter and the real panel, fed the real events of one action.

``table_at_result(size, match, action)`` takes a match just before ``action`` (a winning call, the
discard that empties the wall, nine terminals...), builds the table at that point, applies the
action and plays the animation up to the result panel. ``find_endings`` plays seeded matches of the
baseline efficiency bots and returns, for each kind of ending asked for, the record prefix and the
action that reach it, so the same panel can be rebuilt at any window size or language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.engine import Match
from game.engine.actions import Action, ActionKind
from game.engine.events import AbortiveDraw, Event, ExhaustiveDraw, Win
from game.engine.profile import load_profile

FRAME = 1.0 / 60.0


@dataclass(frozen=True)
class Ending:
    """The actions of a match up to the step that ends a hand, and that step."""

    profile: str
    seed: int
    actions: tuple[Action, ...]
    action: Action

    def match(self) -> Match:
        """The match just before the ending step."""
        m = Match(load_profile(self.profile), self.seed)
        for action in self.actions:
            m.apply(action)
        return m


def _kind(events: list[Event]) -> str:
    wins = [e for e in events if isinstance(e, Win)]
    if len(wins) > 1:
        return "double_ron"
    if wins:
        win = wins[0]
        if win.discarder is None:
            return "tsumo_ura" if win.ura_indicators else "tsumo"
        return "ron_melds" if win.melds else "ron"
    if any(isinstance(e, ExhaustiveDraw) and any(e.tenpai) for e in events):
        return "exhaustive"
    if any(isinstance(e, AbortiveDraw) for e in events):
        return "abortive"
    return ""


def find_endings(profile: str, kinds: Iterable[str], seeds: Iterable[int] = range(1, 40),
                 max_actions: int = 6000) -> dict[str, Ending]:
    """The first ending of each kind in seeded efficiency-bot matches (``kyuushu``: the first
    deal where a seat may call nine terminals, called)."""
    from game.ai.baseline import EfficiencyBot

    wanted = set(kinds)
    found: dict[str, Ending] = {}
    for seed in seeds:
        if wanted <= found.keys():
            break
        m = Match(load_profile(profile), seed)
        bots = {s: EfficiencyBot(seed, s) for s in range(4)}
        for _ in range(max_actions):
            if m.is_over:
                break
            seat = m.awaiting()[0]
            if "kyuushu" in wanted and "kyuushu" not in found:
                nine = [a for a in m.legal_actions(seat) if a.kind is ActionKind.KYUUSHU]
                if nine:
                    found["kyuushu"] = Ending(profile, seed, tuple(m.actions), nine[0])
            action = bots[seat].decide(m.observe(seat))
            before = tuple(m.actions)
            kind = _kind(m.apply(action))
            if kind in wanted and kind not in found:
                found[kind] = Ending(profile, seed, before, action)
    return found


def table_before(size: tuple[int, int], match: Match, *, style: str = "classic", human: int = 0) -> Any:
    """A :class:`~game.ui.table.TableScreen` showing ``match`` as it stands, playing nothing itself
    (apply the next action to ``match``: the table shows its events)."""
    from game.ui.table import TableScreen

    table = TableScreen(size, match=match, human=human, drive=False, level="efficiency", style=style,
                        wait_for_player=True)  # as the game's table: a result waits for the player
    table.skip()
    return table


def table_at_result(size: tuple[int, int], match: Match, action: Action, *, finish: bool = True,
                    style: str = "classic", human: int = 0) -> Any:
    """A :class:`~game.ui.table.TableScreen` at ``match``, ``action`` applied and animated up to
    its result panel (counted up when ``finish``)."""
    table = table_before(size, match, style=style, human=human)
    match.apply(action)
    for _ in range(60 * 60):
        table.update(FRAME)
        if table.presenter.result is not None:
            break
    if finish and table.presenter.counting is not None:
        for _ in range(3):  # the count-up unit has begun; play it to its end
            table.update(FRAME)
        table.presenter.counting.finish()
    return table
