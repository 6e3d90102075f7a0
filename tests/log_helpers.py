"""Matches that exercise everything a game log can hold, for the log tests and oracles.

:class:`CallingBot` plays to make logs busy rather than to win: it wins and declares riichi
whenever it may, takes most kans, calls now and then, aborts on nine kinds half the time, and
otherwise discards to the least shanten (ties broken by a seeded coin). The rare endings a bot
almost never reaches (a double ron, three rons, four winds, four riichi, nagashi mangan) are
stacked with :mod:`engine_helpers`, each a one-hand table whose first hand is the case.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from engine_helpers import FOUR_TENPAI, NOTEN, pass_all, play, stack, stacked_match, tsumogiri

from game.engine import HandPosition, Match
from game.engine.actions import Action, ActionKind
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    ExhaustiveDraw,
    KanDeclared,
    Penalty,
    PenaltyKind,
    RiichiAccepted,
    Win,
)
from game.engine.profile import RuleProfile
from game.engine.shanten import shanten
from game.engine.tiles import format_tiles


class CallingBot:
    """A seat that fills the log: wins, riichi, kans (70 %), calls (30 %), nine-kinds aborts (50 %)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, match: Match, seat: int) -> Action:
        by: dict[ActionKind, list[Action]] = {}
        for action in match.legal_actions(seat):
            by.setdefault(action.kind, []).append(action)
        rng = self.rng
        for kind in (ActionKind.TSUMO, ActionKind.RON):
            if kind in by:
                return by[kind][0]
        if ActionKind.RIICHI in by:
            return rng.choice(by[ActionKind.RIICHI])
        if ActionKind.KYUUSHU in by and rng.random() < 0.5:
            return by[ActionKind.KYUUSHU][0]
        kans = by.get(ActionKind.ANKAN, []) + by.get(ActionKind.KAKAN, []) + by.get(ActionKind.DAIMINKAN, [])
        if kans and rng.random() < 0.7:
            return rng.choice(kans)
        calls = by.get(ActionKind.PON, []) + by.get(ActionKind.CHI, [])
        if calls and rng.random() < 0.3:
            return rng.choice(calls)
        if ActionKind.DISCARD in by:
            return rng.choice(_least_shanten(match, seat, by[ActionKind.DISCARD]))
        return by.get(ActionKind.PASS, [*by.values()][0])[0]


def _least_shanten(match: Match, seat: int, discards: list[Action]) -> list[Action]:
    player = match.players[seat]
    sets = 4 - len(player.melds)
    closed = not player.melds
    held = Counter(t >> 2 for t in player.hand)
    scored: list[tuple[int, Action]] = []
    for action in discards:
        counts = bytearray(34)
        for kind, n in held.items():
            counts[kind] = n
        counts[action.tiles[0] >> 2] -= 1
        scored.append((shanten(counts, sets, closed, closed), action))
    best = min(s for s, _ in scored)
    return [a for s, a in scored if s == best]


def called_match(profile: RuleProfile, seed: int) -> Match:
    """A whole match of four :class:`CallingBot` seats."""
    match = Match(profile, seed)
    bots = [CallingBot(seed * 4 + s) for s in range(4)]
    while not match.is_over:
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match, seat))
    return match


# --- stacked endings (riichi rules; each match's first hand is the case) -------------------------

WAITS = {1: "234m678m345s66s45p", 2: "456s678s456m88m24p", 3: "567m234s777p88s33p"}  # all on 3p


def _drawn(match: Match) -> str:
    assert match.drawn is not None
    return format_tiles([match.drawn])


def double_ron(profile: RuleProfile) -> Match:
    m = stacked_match(profile.id, {0: "3p111m999m111s999s1z", **WAITS}, profile=profile)
    play(m, "0:discard 3p", "2:pass", "1:ron", "3:ron")
    return m


def three_rons(profile: RuleProfile) -> Match:
    m = stacked_match(profile.id, {0: "3p111m999m111s999s1z", **WAITS}, profile=profile)
    play(m, "0:discard 3p", "3:ron", "2:ron", "1:ron")
    return m


def four_winds(profile: RuleProfile) -> Match:
    hands = {0: "1z123m456m789m2z3z5z6z", 1: "1z234p567p789p2s3s9s", 2: "1z234s567s789s8p9p7z",
             3: "1z1p1p2p2p3p3p4s4s5s5s6s6s"}
    m = stacked_match(profile.id, hands, profile=profile)
    play(m, "0:discard 1z")
    for seat in (1, 2, 3):
        pass_all(m)
        play(m, f"{seat}:discard 1z")
    pass_all(m)
    return m


def four_riichi(profile: RuleProfile) -> Match:
    m = stacked_match(profile.id, FOUR_TENPAI, profile=profile)
    play(m, "0:riichi 9s")
    for seat in (1, 2, 3):
        pass_all(m)
        play(m, f"{seat}:riichi {_drawn(m)}")
    pass_all(m)
    return m


def nagashi(profile: RuleProfile) -> Match:
    """Seat 1 draws and throws only terminals and honours; nobody calls them."""
    honours = ["9p"] * 4 + ["9s"] * 4 + ["3z"] * 4 + ["5z"] * 4 + ["7z"] * 2
    draws = [honours[i // 4] if i % 4 == 0 else "" for i in range(69)]
    m = stacked_match(profile.id, NOTEN, draws, profile=profile)
    tsumogiri(m)
    return m


def ankan_after_daiminkan(profile: RuleProfile) -> Match:
    """Seat 0 calls an open kan of 1m, then declares a closed kan of 2p on the replacement draw
    (the open kan's indicator turns at the closed kan, before its own)."""
    m = stacked_match(profile.id, {0: "111m2222p3s5s7s9s1z4z5z"}, ["1m"], profile=profile)
    play(m, "0:discard 1z")
    pass_all(m)
    play(m, "1:discard 1m", "0:daiminkan 111m", "0:ankan 2222p")
    play(m, f"0:discard {_drawn(m)}")
    tsumogiri(m)
    return m


def kakan_after_daiminkan(profile: RuleProfile) -> Match:
    """Seat 0 pons 2p, later calls an open kan of 1m and adds the 2p its replacement brings."""
    m = stacked_match(profile.id, {0: "111m22p3s5s7s9s1z4z5z6z7z"}, ["2p", "", "", "", "", "1m"], dead="2p",
                      profile=profile)
    play(m, "0:discard 1z")
    pass_all(m)
    play(m, "1:discard 2p", "0:pon 22p")
    pass_all(m)
    play(m, "0:discard 7z")
    pass_all(m)
    while not (m.turn == 1 and m.drawn is not None and _drawn(m) == "1m"):
        play(m, f"{m.turn}:discard {_drawn(m)}")
        pass_all(m)
    play(m, "1:discard 1m", "0:daiminkan 111m", "0:kakan 2p")
    pass_all(m)
    play(m, f"0:discard {_drawn(m)}")
    tsumogiri(m)
    return m


def chombo(profile: RuleProfile) -> Match:
    """Seat 1, at a strict table, declares a tsumo its hand does not make: a chombo, paid at once
    under Tenhou's rules, after the uma under EMA's; the hand is dealt again."""
    hands = {0: "1357m2468p1357s12z", 1: "2468m1357p2468s3z", 2: "55m55p77s445566z7z", 3: "8m8p8s1z2z3z4z7m7p7s5z6z7z"}
    setup = stack(profile, hands, ("9m",))
    m = Match(profile, 5, setups={0: setup}, first_dealer=0, position=HandPosition(honba=2), strict_seats=(1,))
    play(m, "0:discard 1z", "1:pass", "1:tsumo")
    return m


STACKED: dict[str, Callable[[RuleProfile], Match]] = {
    "chombo": chombo,
    "ankan_after_daiminkan": ankan_after_daiminkan,
    "kakan_after_daiminkan": kakan_after_daiminkan,
    "double_ron": double_ron,
    "sanchahou": three_rons,
    "suufon_renda": four_winds,
    "suucha_riichi": four_riichi,
    "nagashi": nagashi,
}


def kinds_in(match: Match) -> set[str]:
    """What a log of this match holds: call and kan kinds, riichi, tsumo, ron, double ron, and
    every way a hand ended (exhaustive, nagashi, each abortive draw)."""
    kinds: set[str] = set()
    wins_in_hand = 0
    for ev in match.events:
        if isinstance(ev, Claimed | KanDeclared):
            kinds.add(ev.meld.kind.value)
        elif isinstance(ev, RiichiAccepted):
            kinds.add("riichi")
        elif isinstance(ev, Win):
            kinds.add("tsumo" if ev.discarder is None else "ron")
            wins_in_hand += 1
            if wins_in_hand == 2:
                kinds.add("double_ron")
        elif isinstance(ev, ExhaustiveDraw):
            kinds.add("nagashi" if ev.nagashi else "exhaustive")
        elif isinstance(ev, AbortiveDraw):
            kinds.add(ev.kind)
        elif isinstance(ev, Penalty) and ev.kind is PenaltyKind.CHOMBO:
            kinds.add("chombo")
        if type(ev).__name__ == "HandEnded":
            wins_in_hand = 0
    return kinds


# --- the format's ambiguity: two identical discards of one player, the pon of one of them ---------
# tenhou.net/6 keeps each seat's takes and discards apart: when seat 0 throws 9m twice and seat 2
# (who draws nothing in between) pons one of them, the log does not say which (mjai-reviewer's
# "confusing nakis"). Seat 2 passes the first 9m and pons the second, or pons the first; a riichi
# falls between the two discards or none does.
_H0 = "99m2p4p6p8p1s3s7s2z3z4z5z6z"
_H1 = "123m456m789p234s5s"  # tenpai on 5s
_H2 = "99m1p3p5p6s8s9s6m7m2z3z7z"
_H3 = "11z2m4m6m8m1p2p7p1s4s6s7s"
_H3_TENPAI = "123p456p789s234m5m"


def pon_of_the_second(profile: RuleProfile, *, riichi: bool) -> Match:
    """0 throws 9m (2 passes); 1 throws 1z (riichi or not), 3 pons it, so 2 does not draw; 0
    throws 9m again and 2 pons that one."""
    m = stacked_match(profile.id, {0: _H0, 1: _H1, 2: _H2, 3: _H3}, ["1z", ""], profile=profile)
    play(m, "0:discard 9m")
    pass_all(m)
    play(m, "1:riichi 1z" if riichi else "1:discard 1z", "3:pon 11z")
    pass_all(m)
    play(m, "3:discard 2m")
    pass_all(m)
    play(m, "0:discard 9m", "2:pon 99m")
    pass_all(m)
    play(m, "2:discard 7z")
    tsumogiri(m)
    return m


def pon_of_the_first(profile: RuleProfile, *, riichi: bool) -> Match:
    """0 throws 9m and 2 pons it; 3 draws and throws (declaring riichi or not); 0 throws 9m again
    and nobody takes it."""
    m = stacked_match(profile.id, {0: _H0, 1: _H1, 2: _H2, 3: _H3_TENPAI if riichi else _H3}, profile=profile)
    play(m, "0:discard 9m", "2:pon 99m")
    pass_all(m)
    play(m, "2:discard 7z")
    pass_all(m)
    drawn = _drawn(m)
    play(m, f"3:riichi {drawn}" if riichi else f"3:discard {drawn}")
    pass_all(m)
    play(m, "0:discard 9m")
    tsumogiri(m)
    return m


CONFUSING: dict[str, Callable[[RuleProfile], Match]] = {
    "pon_of_the_first": lambda p: pon_of_the_first(p, riichi=False),
    "pon_of_the_first_riichi_between": lambda p: pon_of_the_first(p, riichi=True),
    "pon_of_the_second": lambda p: pon_of_the_second(p, riichi=False),
    "pon_of_the_second_riichi_between": lambda p: pon_of_the_second(p, riichi=True),
}
