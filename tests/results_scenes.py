"""Hands that end in each kind of result, for the result-panel tests and golden frames.

Each scene is a match just before the action that ends a hand, found once per test session:
wins and draws from seeded efficiency-bot matches (:func:`game.ui.results.preview.find_endings`),
wins with melds and kans from seeded :class:`CallingBot` matches (they call and kan often), the
double ron from a stacked hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engine_helpers import play, stacked_match
from log_helpers import WAITS, CallingBot

from game.engine import Match
from game.engine.actions import Action
from game.engine.events import Win
from game.engine.meld import MeldKind
from game.engine.profile import load_profile
from game.ui.results.preview import find_endings


@dataclass(frozen=True)
class Scene:
    name: str
    make: Callable[[], tuple[Match, Action]]  # a fresh match just before the ending action


def _calling_win(want: Callable[[Win], bool], seeds: range = range(1, 60)) -> tuple[str, int, tuple[Action, ...], Action]:
    for seed in seeds:
        m = Match(load_profile("riichi"), seed)
        bots = [CallingBot(seed * 4 + s) for s in range(4)]
        while not m.is_over:
            seat = m.awaiting()[0]
            action = bots[seat].decide(m, seat)
            before = tuple(m.actions)
            if any(isinstance(e, Win) and want(e) for e in m.apply(action)):
                return "riichi", seed, before, action
    raise LookupError("no such win in the seeds tried")


def _replayed(profile: str, seed: int, actions: tuple[Action, ...]) -> Match:
    m = Match(load_profile(profile), seed)
    for action in actions:
        m.apply(action)
    return m


@cache
def _calling(kind: str) -> tuple[str, int, tuple[Action, ...], Action]:
    if kind == "ron_melds":
        return _calling_win(lambda w: w.discarder is not None and len(w.melds) >= 2 and not w.limit)
    return _calling_win(lambda w: any(m.kind.is_kan for m in w.melds) and w.discarder is None)


@cache
def _bots(profile: str, kind: str) -> tuple[str, int, tuple[Action, ...], Action]:
    ending = find_endings(profile, [kind])[kind]
    return ending.profile, ending.seed, ending.actions, ending.action


def _from(found: Callable[[], tuple[str, int, tuple[Action, ...], Action]]) -> Callable[[], tuple[Match, Action]]:
    def make() -> tuple[Match, Action]:
        profile, seed, actions, action = found()
        return _replayed(profile, seed, actions), action

    return make


def double_ron() -> tuple[Match, Action]:
    """Seat 0 deals in to seats 1 and 3 at once (riichi allows two rons)."""
    m = stacked_match("riichi", {0: "3p111m999m111s999s1z", **WAITS})
    play(m, "0:discard 3p", "2:pass", "1:ron")
    return m, m.parse_action("3:ron")


SCENES = {
    "tsumo_ura": Scene("tsumo_ura", _from(lambda: _bots("riichi", "tsumo_ura"))),
    "ron": Scene("ron", _from(lambda: _bots("riichi", "ron"))),
    "ron_melds": Scene("ron_melds", _from(lambda: _calling("ron_melds"))),
    "kan_tsumo": Scene("kan_tsumo", _from(lambda: _calling("kan"))),
    "exhaustive": Scene("exhaustive", _from(lambda: _bots("riichi", "exhaustive"))),
    "kyuushu": Scene("kyuushu", _from(lambda: _bots("riichi", "kyuushu"))),
    "double_ron": Scene("double_ron", double_ron),
    "taiwanese_tsumo": Scene("taiwanese_tsumo", _from(lambda: _bots("taiwanese", "tsumo"))),
    "taiwanese_ron": Scene("taiwanese_ron", _from(lambda: _bots("taiwanese", "ron"))),
}

__all__ = ["SCENES", "Scene", "MeldKind"]
