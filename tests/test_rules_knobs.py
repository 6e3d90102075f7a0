"""Every knob of a rule profile is read by code, and every value it can take changes what happens.

A knob that changes nothing is a lie told to the reader and to the tutorials (issue 17). Two checks:

* **A home that reads it.** Each engine module that turns knobs into behaviour lists them in its
  docstring (``Knobs: ``claims.window``, ...``; ``tai.*`` for a whole section), and its code reads
  each one listed (an attribute access of that name). Every knob of :class:`RuleProfile` has a
  home. A new knob fails here until it has one; a knob whose code was removed fails too.
* **A scenario per knob.** :data:`SCENARIOS` gives each knob the values to compare and a small
  scenario (a stacked hand, a scored win, a settlement) whose outcome must differ for every value.
  A knob without a scenario fails :func:`test_every_knob_has_a_scenario`.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import FOUR_TENPAI, NOTEN, events_of, pass_all, play, stack, tsumogiri, until_turn
from test_engine_rules import CHI_SEAT, DEALER_3P, FURITEN_SEAT, PON_SEAT, RON_SEAT, WAIT1, WAIT2, WAIT3
from test_scoring import make_ctx
from test_taiwanese_scoring import CASES as TAI_CASES
from test_taiwanese_scoring import PLAIN
from test_taiwanese_scoring import win as tai_win

from game.engine import Action, ActionKind, Match, load_profile
from game.engine.events import AbortiveDraw, ExhaustiveDraw, FlowerSetAside, Penalty, TilesDealt, Win
from game.engine.meld import MeldKind
from game.engine.player import Player
from game.engine.profile import RuleProfile
from game.engine.rows import Unit
from game.engine.rules import rules_for
from game.engine.scoring import WinContext, score_win
from game.engine.scoring_bridge import value_win
from game.engine.settlement import final_standings
from game.engine.state import MatchState
from game.engine.taiwanese import score_flower_win, score_taiwanese, settle
from game.engine.tiles import parse_kind, parse_tiles

ENGINE = Path(__file__).resolve().parent.parent / "game" / "engine"
KNOB_LINE = re.compile(r"``([a-z_]+)\.([a-z_*]+)``")


def all_knobs() -> list[str]:
    return list(RuleProfile(profile=load_profile("riichi").profile).knobs())


def _homes() -> Iterator[tuple[Path, set[str], set[str]]]:
    """Each engine module with a ``Knobs:`` paragraph: the knobs it lists and the names it reads."""
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "profile.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree) or ""
        if "Knobs:" not in doc:
            continue
        paragraph = doc[doc.index("Knobs:") :].split("\n\n")[0]
        listed = {f"{s}.{k}" for s, k in KNOB_LINE.findall(paragraph)}
        read = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        yield path, listed, read


def test_every_knob_has_a_home_that_reads_it() -> None:
    knobs = all_knobs()
    homes = list(_homes())
    explicit = {k for _, listed, _ in homes for k in listed if not k.endswith(".*")}
    homed: set[str] = set()
    unread: list[str] = []
    for path, listed, read in homes:
        for knob in listed:
            section, key = knob.split(".")
            if key == "*":  # the section's knobs that no other module reads explicitly
                keys = [k.split(".")[1] for k in knobs if k.startswith(section + ".") and k not in explicit]
            else:
                keys = [key]
            for k in keys:
                homed.add(f"{section}.{k}")
                if k not in read:
                    unread.append(f"{path.relative_to(ENGINE)} lists {section}.{k} but never reads .{k}")
    assert not unread, "\n".join(unread)
    missing = sorted(set(knobs) - homed - {"profile.id", "profile.name", "profile.description", "profile.extends"})
    assert not missing, f"knobs no engine module reads: {missing}"
    assert not homed - set(knobs), f"listed knobs that do not exist: {sorted(homed - set(knobs))}"


# --- the scenarios ---------------------------------------------------------------------------------

Outcome = Callable[[RuleProfile], object]


def variant(profile: RuleProfile, **knobs: Any) -> RuleProfile:
    """``profile`` with knobs given as ``section__key=value``."""
    sections: dict[str, dict[str, Any]] = {}
    for name, value in knobs.items():
        section, key = name.split("__")
        sections.setdefault(section, {})[key] = value
    return dataclasses.replace(
        profile, **{s: dataclasses.replace(getattr(profile, s), **kv) for s, kv in sections.items()}
    )


@dataclasses.dataclass(frozen=True)
class Scenario:
    base: str  # the profile the scenario starts from
    values: tuple[Any, ...]
    outcome: Outcome
    also: Callable[[Any], dict[str, Any]] | None = None  # knobs that must move with the value
    same: tuple[tuple[Any, ...], ...] = ()  # values that are one rule in two rulebooks' words


SCENARIOS: dict[str, Scenario] = {}


def scenario(knob: str, base: str, values: tuple[Any, ...], also: Callable[[Any], dict[str, Any]] | None = None,
             same: tuple[tuple[Any, ...], ...] = ()) -> Callable[[Outcome], Outcome]:
    def register(fn: Outcome) -> Outcome:
        SCENARIOS[knob] = Scenario(base, values, fn, also, same)
        return fn

    return register


def scored(ctx: WinContext) -> Outcome:
    """The riichi scorer's answer for one win: rows, han, fu, limit, payments."""

    def outcome(p: RuleProfile) -> object:
        s = score_win(ctx, p)
        return None if s is None else (tuple((y.id, y.han) for y in s.yaku), s.han, s.fu, s.limit, s.payments)

    return outcome


def kinds(m: Match, seat: int) -> frozenset[ActionKind]:
    return frozenset(a.kind for a in m.legal_actions(seat))


def stacked(p: RuleProfile, hands: dict[int, str], draws: tuple[str, ...] = (), **kw: Any) -> Match:
    """A match of ``p`` whose first hand is stacked (seat 0 deals); ``kw`` go to the match."""
    return Match(p, 1, setups={0: stack(p, hands, draws)}, first_dealer=0, **kw)


def state(scores: tuple[int, ...], round_wind: int, hand_number: int) -> MatchState:
    return MatchState(list(scores), 0, hand_number % 4, round_wind=round_wind, hand_number=hand_number)


ENDINGS = [(30000, 25000, 25000, 20000), (26000, 25000, 25000, 24000), (40000, 20000, 20000, 20000),
           (-100, 40000, 30000, 30100), (29000, 31000, 20000, 20000), (20000, 20000, 25000, 35000)]


def game_end(p: RuleProfile) -> object:
    """Whether the match ends after each hand of the last rounds, renchan or not, for a few scores."""
    r = rules_for(p).renchan
    return tuple(
        r.match_over(state(s, rw, hn), renchan=ren, abortive=False)
        for s in ENDINGS
        for rw in range(4)
        for hn in (0, 3)
        for ren in (False, True)
    )


def three_waits(p: RuleProfile, *moves: str, **kw: Any) -> Match:
    """Seats 1, 2 and 3 all wait on the dealer's 3p (tests/test_engine_rules.py)."""
    m = Match(p, 1, setups={0: stack(p, {0: "3p111m999m111s999s1z", 1: WAIT1, 2: WAIT2, 3: WAIT3})}, first_dealer=0,
              **kw)
    play(m, *moves)
    return m


def wins(m: Match) -> object:
    return [(w.winner, w.deltas) for w in events_of(m.events, Win)], [e.kind for e in events_of(m.events, AbortiveDraw)]


# --- tiles, wall, deal -------------------------------------------------------------------------------

scenario("tiles.red_fives", "riichi", (1, 0))(scored(make_ctx("234m456m678s22s40p", "3p", discarder=2, riichi=True)))


@scenario("tiles.flowers", "taiwanese", (8, 0), also=lambda v: {"wall__stacks_per_side": 18 if v else 17})
def _flowers(p: RuleProfile) -> object:
    return sum(isinstance(e, FlowerSetAside) for e in Match(p, 3).events)


@scenario("wall.stacks_per_side", "taiwanese", (18, 17), also=lambda v: {"tiles__flowers": 8 if v == 18 else 0})
def _stacks(p: RuleProfile) -> object:
    return Match(p, 3).wall.live_remaining


@scenario("wall.dead_wall_size", "riichi", (14, 16))
def _dead_size(p: RuleProfile) -> object:
    return Match(p, 1).wall.live_remaining


@scenario("wall.dead_wall_mode", "taiwanese", ("replenished", "replenished_hill"))
def _hill(p: RuleProfile) -> object:
    m = Match(p, 1)
    return [rules_for(p).walls.replacement(m.wall, 0, []) for _ in range(3)]


@scenario("wall.dora_indicator_stack", "riichi", (3, 2))
def _dora_stack(p: RuleProfile) -> object:
    return Match(p, 1).indicators


def _ankan_indicators(p: RuleProfile) -> object:
    m = stacked(p, {0: "1111m123p456p789p9s"})
    play(m, "0:ankan 1111m")
    return len(m.indicators)


scenario("wall.max_dora_indicators", "riichi", (5, 1))(_ankan_indicators)
scenario("kan.kan_dora", "riichi", (True, False))(_ankan_indicators)
scenario("kan.dora_ankan", "riichi", ("immediate", "after_discard"))(_ankan_indicators)


@scenario("deal.rounds_of", "riichi", ((4, 4, 4, 1), (1, 4, 4, 4)))
def _deal(p: RuleProfile) -> object:
    return [len(e.tiles) for e in Match(p, 1).events if isinstance(e, TilesDealt)][:4]


# --- claims and kans -----------------------------------------------------------------------------------


@scenario("claims.chi", "riichi", (True, False))
def _chi(p: RuleProfile) -> object:
    m = stacked(p, {0: DEALER_3P, 1: CHI_SEAT, 2: PON_SEAT, 3: RON_SEAT})
    play(m, "0:discard 3p")
    return ActionKind.CHI in kinds(m, 1)


@scenario("claims.multi_win", "riichi", ("double", "all", "head_bump"),
          also=lambda v: {"claims__max_winners": {"double": 2, "all": 3, "head_bump": 1}[v]})
def _multi_win(p: RuleProfile) -> object:
    return wins(three_waits(p, "0:discard 3p", "3:ron", "2:ron", "1:ron"))


@scenario("claims.max_winners", "riichi", (2, 3))
def _max_winners(p: RuleProfile) -> object:
    return wins(three_waits(p, "0:discard 3p", "3:ron", "2:ron", "1:ron"))


@scenario("claims.kuikae", "riichi", ("forbid_same_and_suji", "forbid_same", "allowed"))
def _kuikae(p: RuleProfile) -> object:
    m = stacked(p, {0: "3p111m999m111s999s1z", 1: "45p3p6p7p789m789s11z"})
    play(m, "0:discard 3p")
    pass_all(m, except_seats=[1])
    play(m, "1:chi 45p")
    return sorted({a.tile >> 2 for a in m.legal_actions(1) if a.kind is ActionKind.DISCARD})


@scenario("claims.window", "ema", ("until_next_draw", "win_until_next_discard"))
def _window(p: RuleProfile) -> object:
    """Seat 2 passes a win on the dealer's 3p; seat 1 draws: may seat 2 still claim it?"""
    m = stacked(p, {0: "3p9p111z999p111s99s2z", 1: "6p147m258m369s1z2z3z", 2: FURITEN_SEAT})
    play(m, "0:discard 3p")
    pass_all(m)
    if ActionKind.RON not in kinds(m, 2):
        return "closed"
    events = play(m, "2:ron")
    (w,) = events_of(events, Win)
    return w.winner, w.discarder, type(events[0]).__name__  # DrawReturned: seat 1's tile goes back


@scenario("kan.max_total", "riichi", (4, 0))
def _max_kans(p: RuleProfile) -> object:
    return ActionKind.ANKAN in kinds(stacked(p, {0: "1111m123p456p789p9s"}), 0)


@scenario("kan.four_kan_abort", "riichi", (True, False))
def _four_kans(p: RuleProfile) -> object:
    m = stacked(p, {0: "1111m2222m3333m9p9s", 1: "4444m147p258p3z5z6z"})
    play(m, "0:ankan 1111m", "0:ankan 2222m", "0:ankan 3333m", "0:discard 9p")
    pass_all(m)
    play(m, "1:ankan 4444m")
    m.apply(Action(1, ActionKind.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
    pass_all(m)
    return [e.kind for e in events_of(m.events, AbortiveDraw)]


@scenario("kan.dora_open", "riichi", ("after_discard", "immediate"))
def _open_kan_dora(p: RuleProfile) -> object:
    m = stacked(p, {0: "1z123m456m789m2z3z5z6z", 1: "111z234p567p789p2s"})
    play(m, "0:discard 1z")
    pass_all(m, except_seats=[1])
    play(m, "1:daiminkan 111z")
    return len(m.indicators)


@scenario("kan.chankan_on_ankan_kokushi", "riichi", (False, True))
def _rob_concealed_kan(p: RuleProfile) -> object:
    """Seat 1 waits on 1m for thirteen orphans; the dealer declares a concealed kan of 1m."""
    m = stacked(p, {0: "1111m234p567p789p5s", 1: "9m19p19s1234567z9s"})
    play(m, "0:ankan 1111m")
    return kinds(m, 1)


@scenario("kan.riichi_ankan", "riichi", ("wait_unchanged", "wait_unchanged_pung_only", "never"))
def _riichi_ankan(p: RuleProfile) -> object:
    """Riichi on 111m 456p 789p 234s + 5z (1m only a pung) and on 33 666 77 888m 111z (6m also in
    a 678 reading): may the dealer kan the 1m, the 6m he draws?"""
    out = []
    for hand, drawn in (("111m456p789p234s5z", "1m"), ("3366677888m111z", "6m")):
        m = stacked(p, {0: hand + "9s"}, ("", "", "", drawn))
        play(m, "0:riichi 9s")
        pass_all(m)
        until_turn(m, 0)
        out.append(ActionKind.ANKAN in kinds(m, 0))
    return out


# --- winning ---------------------------------------------------------------------------------------------


@scenario("win.sets", "riichi", (4, 5), also=lambda v: {"deal__rounds_of": (4, 4, 4, 1) if v == 4 else (4, 4, 4, 4)})
def _sets(p: RuleProfile) -> object:
    return [q.shanten for q in Match(p, 1).players]


scenario("win.min_han", "riichi", (1, 3))(scored(make_ctx("234m456m678s22s45p", "3p", discarder=2)))


@scenario("win.chiitoitsu", "riichi", (True, False))
def _chiitoitsu(p: RuleProfile) -> object:
    return ActionKind.TSUMO in kinds(stacked(p, {0: "1122m3344p5566s77z"}), 0)


@scenario("win.kokushi", "riichi", (True, False))
def _kokushi(p: RuleProfile) -> object:
    return ActionKind.TSUMO in kinds(stacked(p, {0: "19m19p19s12345677z"}), 0)


# --- furiten ----------------------------------------------------------------------------------------------


@scenario("furiten.permanent", "riichi", (True, False))
def _permanent(p: RuleProfile) -> object:
    m = stacked(p, {0: "3p9p111m999m111s99s1z", 1: FURITEN_SEAT}, ("6p", "", "", "", "3p"))
    play(m, "0:discard 9p")
    pass_all(m)
    play(m, "1:discard 6p")  # a winning tile of its own: furiten
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 2, stop_seat=0)
    play(m, "0:discard 3p")
    return ActionKind.RON in kinds(m, 1)


@scenario("furiten.temporary_ends", "riichi", ("own_discard", "draw_or_claim", "none"))
def _temporary(p: RuleProfile) -> object:
    """Seat 2 lets the dealer's 3p pass: may it win on seat 1's 6p, and is it furiten once it draws?"""
    m = stacked(p, {0: "3p9p111z999p111s99s2z", 1: "6p147m258m369s1z2z3z", 2: FURITEN_SEAT})
    play(m, "0:discard 3p")
    pass_all(m)
    play(m, "1:discard 6p")
    ron = ActionKind.RON in kinds(m, 2)
    pass_all(m)
    return ron, m.observe(2).furiten


@scenario("furiten.riichi", "riichi", (True, False))
def _riichi_furiten(p: RuleProfile) -> object:
    m = stacked(p, {0: "9p3p111m999m111s99s1z", 1: FURITEN_SEAT, 2: "3p6p147m258m369s1z2z"},
                ("1z", "", "", "", "", "", "", ""))
    play(m, "0:discard 9p")
    pass_all(m)
    play(m, "1:riichi 1z")
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 2, stop_seat=0)
    play(m, "0:discard 3p")
    pass_all(m)  # seat 1 lets a winning tile pass in riichi
    m.apply(Action(1, ActionKind.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
    pass_all(m)
    play(m, "2:discard 6p")
    return ActionKind.RON in kinds(m, 1)


# --- riichi ------------------------------------------------------------------------------------------------

TENPAI_DEALER = {0: "123p456p789p111z2z9s"}


@scenario("riichi.enabled", "riichi", (True, False))
def _riichi(p: RuleProfile) -> object:
    return ActionKind.RIICHI in kinds(stacked(p, TENPAI_DEALER), 0)


@scenario("riichi.min_points", "riichi", (1000, 30000))
def _riichi_points(p: RuleProfile) -> object:
    return ActionKind.RIICHI in kinds(stacked(p, TENPAI_DEALER), 0)


@scenario("riichi.min_live_tiles", "riichi", (4, 70))
def _riichi_wall(p: RuleProfile) -> object:
    return ActionKind.RIICHI in kinds(stacked(p, TENPAI_DEALER), 0)


scenario("riichi.ura_dora", "riichi", (True, False))(
    scored(make_ctx("234m456m678s22s45p", "3p", discarder=2, riichi=True, ura_indicators=tuple(parse_tiles("1s"))))
)
scenario("riichi.ippatsu", "riichi", (True, False))(
    scored(make_ctx("234m456m678s22s45p", "3p", discarder=2, riichi=True, ippatsu=True)))
scenario("riichi.double_riichi", "riichi", (True, False))(
    scored(make_ctx("234m456m678s22s45p", "3p", discarder=2, riichi=True, double_riichi=True)))


# --- draws -----------------------------------------------------------------------------------------------


def _draw_deltas(p: RuleProfile) -> object:
    m = stacked(p, {0: FOUR_TENPAI[0], 1: NOTEN[1], 2: NOTEN[2], 3: FOUR_TENPAI[3]})
    return [e.deltas for e in events_of(tsumogiri(m), ExhaustiveDraw)]


scenario("draws.noten_total", "riichi", (3000, 0))(_draw_deltas)


@scenario("draws.abortive", "riichi", (("kyuushu_kyuuhai",), ()))
def _abortive(p: RuleProfile) -> object:
    return ActionKind.KYUUSHU in kinds(stacked(p, {0: "19m19p19s1234z234m5p"}), 0)


def _nagashi(p: RuleProfile) -> object:
    honours = ["9p"] * 4 + ["9s"] * 4 + ["3z"] * 4 + ["5z"] * 4 + ["7z"] * 2
    draws = tuple(honours[i // 4] if i % 4 == 0 else "" for i in range(69))
    m = stacked(p, NOTEN, draws)
    (draw,) = events_of(tsumogiri(m), ExhaustiveDraw)
    return draw.nagashi, draw.deltas


scenario("draws.nagashi_mangan", "riichi", (True, False))(_nagashi)


@scenario("draws.nagashi_renchan", "riichi", ("dealer_tenpai", "dealer_nagashi"))
def _nagashi_renchan(p: RuleProfile) -> object:
    r = rules_for(p).renchan
    return [r.after_draw(tenpai, nagashi, True) for tenpai in (False, True) for nagashi in (False, True)]


# --- scoring -----------------------------------------------------------------------------------------------


@scenario("score.model", "riichi", ("han_fu", "base_plus_tai"))
def _model(p: RuleProfile) -> object:
    v = value_win(tai_win("234m456m678s22s456p", "6p"), p)
    return None if v is None else (v.unit, v.rows)


scenario("score.open_tanyao", "riichi", (True, False))(
    scored(make_ctx("234m678s22s4p5p", "6p", melds=((MeldKind.PON, "888m", 3),), discarder=2)))
scenario("score.kiriage", "riichi", (False, True))(  # riichi, pinfu, tanyao, dora: 4 han 30 fu
    scored(make_ctx("234m456m678s22s45p", "3p", discarder=2, riichi=True, dora="1m")))
scenario("score.kazoe", "riichi", ("yakuman", "sanbaiman"))(  # 13 han: riichi, tsumo, pinfu, tanyao, ryanpeikou, chinitsu
    scored(make_ctx("2233445566778m", "8m", riichi=True)))
scenario("score.double_yakuman", "riichi", (False, True))(scored(make_ctx("19m19p19s1234567z", "1z")))
scenario("score.yakuman_stack", "riichi", (True, False))(
    scored(make_ctx("555z666z777z111z2z", "2z")))
scenario("score.double_wind_pair_fu", "riichi", (4, 2))(  # open honitsu, 999p concealed, East pair for East
    scored(make_ctx("999p456p78p11z", "6p", melds=((MeldKind.CHI, "123p", 3),), winner=0, discarder=2)))
scenario("score.renhou", "riichi", ("none", "mangan", "yakuman"))(
    scored(make_ctx("234m456m678s22s45p", "3p", discarder=0, renhou=True)))
scenario("score.honba_ron", "riichi", (300, 0))(scored(make_ctx("234m456m678s22s45p", "3p", discarder=2, riichi=True,
                                                                 honba=1)))
scenario("score.honba_tsumo_each", "riichi", (100, 0))(scored(make_ctx("234m456m678s22s45p", "3p", riichi=True,
                                                                        honba=1)))
PAO_CTX = make_ctx("234p1s", "1s", melds=((MeldKind.PON, "555z", 2), (MeldKind.PON, "666z", 2),
                                           (MeldKind.PON, "777z", 3)), discarder=2, pao_seat=3, honba=1)
scenario("score.pao_yaku", "riichi", (("daisangen", "daisuushii"), ()))(scored(PAO_CTX))
scenario("score.pao_honba_payer", "riichi", ("pao", "discarder"))(scored(PAO_CTX))


@scenario("score.honba_multi_ron", "riichi", ("first_winner", "every_winner"))
def _honba_multi(p: RuleProfile) -> object:
    from game.engine import HandPosition

    return wins(three_waits(p, "0:discard 3p", "2:pass", "1:ron", "3:ron", position=HandPosition(honba=2)))


@scenario("score.sticks_multi_ron", "riichi", ("first_winner", "own_back_rest_to_first"))
def _sticks_multi(p: RuleProfile) -> object:
    """Two winners, the second in riichi, and two sticks on the table: who collects them?"""
    return rules_for(p).calls.stick_shares([1, 3], [False, True], 2)


# --- the match ------------------------------------------------------------------------------------------------

# one_round is the Chinese family's word (one 圈) for what riichi calls tonpuu: the East round
scenario("game.length", "riichi", ("one_hand", "tonpuu", "hanchan", "one_round", "four_rounds"),
         same=(("tonpuu", "one_round"),))(game_end)
scenario("game.tobi", "riichi", (True, False))(game_end)
scenario("game.west_extension", "riichi", (True, False))(game_end)
scenario("game.extension_target", "riichi", (30000, 0))(game_end)
scenario("game.agari_yame", "riichi", (True, False))(game_end)


@scenario("game.start_points", "riichi", (25000, 30000))
def _start(p: RuleProfile) -> object:
    return Match(p, 1).scores


def _standings(p: RuleProfile) -> object:
    out = []
    for scores, sticks in (((30000, 30000, 25000, 14500), 1), ((25300, 24700, 30000, 20000), 0)):
        s = final_standings(p, list(scores), sticks, 0)
        out.append((s.scores, s.ranks, s.points))
    return out


scenario("game.return_points", "riichi", (30000, 25000))(_standings)
scenario("game.uma", "riichi", ((20, 10, -10, -20), (15, 5, -5, -15)))(_standings)
scenario("game.oka_to_first", "riichi", (True, False))(_standings)
scenario("game.tie_break", "riichi", ("seat", "split"))(_standings)
scenario("game.final_rounding", "riichi", ("none", "whole_top_balance"))(_standings)


@scenario("game.renchan", "riichi", ("tenpai", "win_or_draw", "never"))
def _renchan(p: RuleProfile) -> object:
    r = rules_for(p).renchan
    return r.after_win(True), r.after_draw(False, False, False), r.after_draw(True, False, False)


def _false_tsumo(p: RuleProfile) -> object:
    m = Match(p, 1, setups={0: stack(p, {0: NOTEN[0]})}, first_dealer=0, strict_seats=[0])
    play(m, "0:tsumo")
    return [(e.kind, e.offence, e.deltas, e.after_uma) for e in events_of(m.events, Penalty)], m.hand_index


scenario("game.chombo_points", "riichi", (0, 20000))(_false_tsumo)

@scenario("game.dead_hand_turns", "taiwanese", ("skipped", "draw_and_discard"))
def _dead_hand_turns(p: RuleProfile) -> object:
    """Seat 1 calls a false Mah-Jong on the dealer's first discard: who draws next?"""
    hands = {0: "1z2468m1357p2468s357z9m", 1: "2468m1357p2468s12z5z9p", 2: "135m135p135s66z77z4z9s9s",
             3: "579m579p579s4z5z6z7z2z1m1p"}
    m = Match(p, 5, setups={0: stack(p, hands)}, first_dealer=0, strict_seats=[1])
    play(m, "0:discard 1z", "1:ron")
    return m.turn, m.players[1].dead_hand

scenario("game.false_win", "riichi", ("chombo", "dead_hand"))(_false_tsumo)


# --- Taiwanese tai ------------------------------------------------------------------------------------------------

# the knob that prices each tai row
ROW_KNOB = {
    "heavenly_hand": "tianhu", "earthly_hand": "dihu", "human_hand": "renhu",
    "concealed_self_draw": "menqing_zimo_bundle", "concealed_hand": "menqing", "self_draw": "zimo",
    "half_exposed_self_drawn": "half_qiuren", "all_exposed": "quan_qiuren", "single_wait": "duting",
    "last_tile_self_draw": "haidi", "last_discard": "hedi", "win_on_a_replacement_tile": "gangshang",
    "robbing_a_kong": "qianggang", "big_four_winds": "da_sixi", "little_four_winds": "xiao_sixi",
    "round_wind": "round_wind", "seat_wind": "seat_wind", "big_three_dragons": "da_sanyuan",
    "little_three_dragons": "xiao_sanyuan", "dragon_pung": "dragon_pung", "five_concealed_pungs": "wu_anke",
    "four_concealed_pungs": "si_anke", "three_concealed_pungs": "san_anke", "all_pungs": "pengpenghu",
    "all_chows": "pinghu", "all_honours": "ziyise", "half_flush": "hunyise", "full_flush": "qingyise",
    "flower_kong": "flower_kong_tai", "seat_flower": "flower_tai",
}  # fmt: skip


def _tai_case(row: str) -> Outcome:
    """The first hand-worked Taiwanese case that scores ``row`` (tests/test_taiwanese_scoring.py)."""
    req = next(r for _, r, prof, rows in TAI_CASES if row in rows and prof.tai == load_profile("taiwanese").tai)

    def outcome(p: RuleProfile) -> object:
        v = score_taiwanese(req, p)
        return None if v is None else (v.rows, v.deltas)

    return outcome


for _row, _knob in ROW_KNOB.items():
    scenario(f"tai.{_knob}", "taiwanese", (getattr(load_profile("taiwanese").tai, _knob), 0, 7))(_tai_case(_row))

SEVEN_PAIRS_PUNG = tai_win("11m22m33p44p55s66s77z111z", "7z", discarder=None)
scenario("tai.ligu", "taiwanese", (0, 8))(lambda p: (score_taiwanese(SEVEN_PAIRS_PUNG, p) or "no win"))
FOUR_KONGS = tai_win("123m99p", "9p", "kan:1111z", "kan:2222z", "kan:3333z", "kan:4444z")
scenario("tai.four_kong_win", "taiwanese", (0, 8))(lambda p: score_taiwanese(FOUR_KONGS, p))


def _payment(p: RuleProfile) -> object:
    """What each seat pays for a 5-tai self-draw by South on dealer East's second continuation."""
    return settle(1, None, 0, 5, 2, p.tai), settle(1, 0, 0, 40, 0, p.tai)


scenario("tai.base", "taiwanese", (30, 0))(_payment)
scenario("tai.tai_value", "taiwanese", (10, 5))(_payment)
scenario("tai.dealer_base", "taiwanese", (1, 0))(_payment)
scenario("tai.per_continuation", "taiwanese", (2, 1))(_payment)
scenario("tai.tai_cap", "taiwanese", (0, 10))(_tai_case("big_four_winds"))

FLOWERS = tai_win(PLAIN, "8m", flowers="2f3f")  # South's own 夏 and West's 秋
scenario("tai.flower_scoring", "taiwanese", ("seat_flower_1", "each_flower_1"))(lambda p: score_taiwanese(FLOWERS, p))
SEASONS = tai_win(PLAIN, "8m", flowers="1f2f3f4f")
scenario("tai.flower_kong_counts_seat_flowers", "taiwanese", (False, True))(lambda p: score_taiwanese(SEASONS, p))


@scenario("tai.eight_flowers_win", "taiwanese", (8, 16))
def _eight_flowers(p: RuleProfile) -> object:
    return score_flower_win(1, None, 0, 0, p)


@scenario("tai.seven_rob_one", "taiwanese", (8, 16))
def _seven_rob(p: RuleProfile) -> object:
    return score_flower_win(1, 2, 0, 0, p)


def _pinghu(req: Any) -> Outcome:
    return lambda p: score_taiwanese(req, p)


scenario("tai.pinghu_no_honors", "taiwanese", (True, False))(_pinghu(tai_win("123m456p789s234s678m11z", "8m")))
scenario("tai.pinghu_no_flowers", "taiwanese", (True, False))(_pinghu(tai_win(PLAIN, "8m", flowers="3f")))
scenario("tai.pinghu_no_zimo", "taiwanese", (True, False))(_pinghu(tai_win(PLAIN, "8m", discarder=None)))
scenario("tai.pinghu_two_sided", "taiwanese", (True, False))(_pinghu(tai_win("123m456p789s234s678m99p", "7m")))
scenario("tai.dragon_tai_inside_sangen", "taiwanese", (False, True))(
    _pinghu(tai_win("123m456p555z666z77z", "7z", "pon:234s")))


@scenario("tai.continue_on_draw", "taiwanese", (True, False))
def _continue(p: RuleProfile) -> object:
    m = MatchState([0, 0, 0, 0], 0, 0)
    rules_for(p).renchan.next_hand(m, renchan=True, won=False, drawn=True)
    return m.dealer_streak


@scenario("tai.dead_hand_pays_winner", "taiwanese", (True, False))
def _dead_pays(p: RuleProfile) -> object:
    players = [Player() for _ in range(4)]
    players[3].dead_hand = True
    req = tai_win(PLAIN, "8m")
    rules = rules_for(p)
    return rules.penalties.with_dead_hand_payments(players, req, value_win(req, p).deltas, rules.wins.value)  # type: ignore[union-attr]


@scenario("tai.missed_discard_lock", "taiwanese", (False, True))
def _missed(p: RuleProfile) -> object:
    """A seat waiting on 8m lets an 8m pass: may it win on an 8m before its next discard?"""
    players = [Player() for _ in range(4)]
    players[1].waits = (parse_kind("8m"),)
    f = rules_for(p).furiten
    f.note_let_pass(players, 0, parse_kind("8m") * 4, [])
    return f.blocks_ron(players[1], parse_kind("8m"))


assert Unit.TAI  # the rows' unit is read by the scenarios above through the scorer
# --- Hong Kong fan ---------------------------------------------------------------------------------

from test_hongkong_scoring import CASES as HK_CASES  # noqa: E402

from game.engine.hongkong import score_hongkong  # noqa: E402


def _hk_case(row: str | None = None, rule: str = "") -> Outcome:
    """A hand-worked Hong Kong case (tests/test_hongkong_scoring.py): the first that scores ``row``
    under the shipped knobs, or the one whose rule starts with ``rule``."""
    shipped = load_profile("hongkong").fan
    req = next(r for text, r, prof, rows, _, _ in HK_CASES
               if prof.fan == shipped and (rows and row in rows if row else text.startswith(rule)))

    def outcome(p: RuleProfile) -> object:
        v = score_hongkong(req, p)
        return None if v is None else (v.rows, v.value, v.deltas)

    return outcome


for _row in sorted(load_profile("hongkong").fan.__dataclass_fields__):
    _value = getattr(load_profile("hongkong").fan, _row)
    if _row in ("min_fan", "limit", "base_points", "table", "discard_payment"):
        continue
    scenario(f"fan.{_row}", "hongkong", (_value, 0, 7 if _value != 7 else 2))(_hk_case(_row))

scenario("fan.min_fan", "hongkong", (3, 2))(_hk_case(rule="W-MJ §Scoring, S-FAQ17"))
scenario("fan.limit", "hongkong", (13, 10))(_hk_case("great_winds"))
scenario("fan.base_points", "hongkong", (1, 2))(_hk_case("all_in_triplets"))
scenario("fan.table", "hongkong", ("doubling", "half_spicy"))(_hk_case("all_one_suit"))
scenario("fan.discard_payment", "hongkong", ("half_shooter", "discarder_pays_all"))(_hk_case("all_in_triplets"))


def test_every_knob_has_a_scenario() -> None:
    missing = sorted(set(all_knobs()) - set(SCENARIOS) - {"profile.id", "profile.name"})
    assert not missing, f"knobs with no scenario whose outcome they change: {missing}"


@pytest.mark.parametrize("knob", sorted(SCENARIOS))
def test_every_value_of_a_knob_changes_its_scenario(knob: str) -> None:
    sc = SCENARIOS[knob]
    section, key = knob.split(".")
    base = load_profile(sc.base)
    outcomes: dict[Any, str] = {}
    for value in sc.values:
        extra = sc.also(value) if sc.also else {}
        outcomes[value] = repr(sc.outcome(variant(base, **{f"{section}__{key}": value}, **extra)))
    groups = [g for g in sc.same] + [(v,) for v in sc.values if not any(v in g for g in sc.same)]
    for group in groups:
        assert len({outcomes[v] for v in group}) == 1, f"{knob}: {group} should be one rule: {outcomes}"
    firsts = [outcomes[g[0]] for g in groups]
    assert len(set(firsts)) == len(firsts), f"{knob}: some values change nothing: {outcomes}"
