"""EMA Riichi Competition Rules 2016 (RCR 2016), worked scenario by scenario on stacked walls.

Each test sets a table up the way the rulebook describes a situation, plays it through the public
engine API and checks the events and scores. Every expected number is worked out by hand from the
rulebook (the arithmetic is in the comments): none was copied from the engine's output. Section
numbers are those of the 2016 edition, as cited in game/engine/profiles/ema.toml and
rules-reference.md §3.

Seats are absolute; seat 0 deals unless a ``HandPosition`` says otherwise. After the dealer's
first discard the live wall feeds seats 1, 2, 3, 0, ... in the order given to ``stacked_match``.
Wins are kept out of the first go-around (where EMA's renhou would make every ron a mangan) unless
the test is about renhou.

Score arithmetic (RCR 2016 4.1): basic = fu x 2^(han + 2); a non-dealer ron is 4 x basic and a
dealer ron 6 x basic, rounded up to 100; limits: mangan 2,000 basic, haneman 3,000, baiman 4,000,
sanbaiman 6,000, yakuman 8,000.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from engine_helpers import (
    FOUR_TENPAI,
    NOTEN,
    events_of,
    has,
    pass_all,
    play,
    stack,
    stacked_match,
    tsumogiri,
    until_turn,
)

from game.engine import HandPosition, Match, Phase
from game.engine.actions import Action, ActionKind
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    Discarded,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    HandStarted,
    KanDeclared,
    MatchEnded,
    Penalty,
    PenaltyKind,
    RiichiAccepted,
    TileDrawn,
    Win,
)
from game.engine.profile import load_profile
from game.engine.tiles import kind_of, parse_kind, tile_name

A = ActionKind


def answer(m: Match, rons: Iterable[int] = ()) -> list[Event]:
    """Every seat asked about the discard declares ron if it is in ``rons``, otherwise passes."""
    winners = set(rons)
    out: list[Event] = []
    for seat in list(m.awaiting()):
        out += m.apply(Action(seat, A.RON if seat in winners else A.PASS))
    return out


def throw_drawn(m: Match) -> list[Event]:
    """The seat in turn throws the tile it just drew; every claim on it is passed."""
    assert m.phase is Phase.TURN and m.drawn is not None
    return play(m, f"{m.turn}:discard {tile_name(m.drawn)}") + pass_all(m)


def next_hand(events: Iterable[Event]) -> HandStarted:
    started = events_of(events, HandStarted)
    assert started, "the next hand did not start"
    return started[-1]


# --- multiple ron: RCR 2016 3.3.1, 4.1 -------------------------------------------------------------

TANYAO_PINFU_36P = "234m678m345s66s45p"  # closed, waits 3p-6p: tanyao 1 + pinfu 1, 30 fu
TANYAO_SHANPON_3P = "567m234s777p88s33p"  # closed, waits 3p/8s: on 3p tanyao 1, 40 fu (see below)


def test_double_ron_every_winner_is_paid_the_counters_and_the_first_takes_the_sticks() -> None:
    """RCR 2016 3.3.1 ("It is possible for several players to win on the same discard"), 4.1
    p. 18 ("Each winner receives the value of the hand including the value of counters in play"),
    3.4.4 (riichi sticks left from draws go to the next winner: with two winners, the first in turn
    after the discarder), 3.4.10 (300 per counter on a ron)."""
    hands = {
        0: "9s3p111m999m111s9s1z2z",
        1: TANYAO_PINFU_36P,
        2: "147m258m369p1z2z3z4z",
        3: TANYAO_SHANPON_3P,
    }
    # dora indicator 4z -> dora 1z, held by neither winner
    m = stacked_match(
        "ema", hands, ["5z", "6z", "7z"], dead="3z3z3z5z4z", position=HandPosition(honba=2, riichi_sticks=2)
    )
    play(m, "0:discard 9s")
    pass_all(m)
    until_turn(m, 0)
    events = play(m, "0:discard 3p") + answer(m, rons=(1, 3))
    first, second = events_of(events, Win)
    # seat 1: 234m 678m 345s 345p 66s, closed ron: tanyao 1 + pinfu 1 = 2 han, 20 + 10 = 30 fu
    #   basic 30 x 2^4 = 480; non-dealer ron 4 x 480 = 1,920 -> 2,000
    # seat 3: 567m 234s 777p 333p 88s: tanyao 1 han; fu 20 + 10 (closed ron) + 4 (777p concealed
    #   simple pung) + 2 (333p completed by ron: an open simple pung) = 36 -> 40
    #   basic 40 x 2^3 = 320; 4 x 320 = 1,280 -> 1,300
    assert (first.winner, first.value, first.fu, first.points) == (1, 2, 30, 2000)
    assert (second.winner, second.value, second.fu, second.points) == (3, 1, 40, 1300)
    # counters: 2 x 300 = 600 to EACH winner; the 2 sticks on the table: 2,000 to seat 1, the first
    # winner counter-clockwise from the discarder (seat 0)
    # seat 1: 2,000 + 600 + 2,000 = 4,600; seat 3: 1,300 + 600 = 1,900
    # seat 0 pays 2,600 + 1,900 = 4,500
    assert first.deltas == (-2600, 4600, 0, 0)
    assert second.deltas == (-1900, 0, 0, 1900)
    assert m.scores == [30000 - 4500, 30000 + 4600, 30000, 30000 + 1900]
    # the dealer did not win: the deal passes to seat 1 and the counters go (RCR 3.4.10, 3.4.11)
    started = next_hand(events)
    assert (started.dealer, started.honba, started.riichi_sticks) == (1, 0, 0)


def test_triple_ron_all_three_win_in_turn_from_the_discarder_and_the_dealer_keeps_the_deal() -> None:
    """RCR 2016 3.3.1 and 4.1 (p. 18): triple ron, every claimant wins and is paid his counters;
    the leftover stick goes to the first winner counter-clockwise from the discarder (3.4.4);
    the dealer among the winners keeps the deal and a counter is added (3.4.10, 3.4.11)."""
    hands = {
        0: "456s678s456m88m24p1z",  # after throwing 1z: waits 3p (kanchan)
        1: TANYAO_SHANPON_3P,
        2: "3p147m258m1s9s1z2z3z4z",  # the discarder
        3: TANYAO_PINFU_36P,
    }
    draws = ["5z", "6z", "7z", "5z", "6z", "7z"]  # seats 1, 2, 3, 0, 1, 2 draw honours nobody wants
    m = stacked_match("ema", hands, draws, dead="3z3z9p9p4z", position=HandPosition(honba=1, riichi_sticks=1))
    play(m, "0:discard 1z")
    pass_all(m)
    until_turn(m, 0)
    throw_drawn(m)
    until_turn(m, 2)
    events = play(m, "2:discard 3p")
    assert sorted(m.awaiting()) == [0, 1, 3]
    events += answer(m, rons=(0, 1, 3))
    w3, w0, w1 = events_of(events, Win)
    assert [w.winner for w in (w3, w0, w1)] == [3, 0, 1]  # seat 3 sits next after the discarder
    # seat 3: tanyao + pinfu, 30 fu, non-dealer: 2,000 (as above)
    # seat 0 (dealer): 456s 678s 456m 234p 88m, tanyao 1 han; fu 20 + 10 + 2 (kanchan) = 32 -> 40;
    #   basic 320; dealer ron 6 x 320 = 1,920 -> 2,000
    # seat 1: tanyao 1 han 40 fu, non-dealer: 1,300 (as above)
    assert [(w.points, w.value, w.fu) for w in (w3, w0, w1)] == [(2000, 2, 30), (2000, 1, 40), (1300, 1, 40)]
    # each winner + 300 for the counter; the one stick to seat 3
    assert w3.deltas == (0, 0, -2300, 2000 + 300 + 1000)
    assert w0.deltas == (2000 + 300, 0, -2300, 0)
    assert w1.deltas == (0, 1300 + 300, -1600, 0)
    assert m.scores == [32300, 31600, 30000 - 6200, 33300]
    started = next_hand(events)
    assert (started.dealer, started.honba, started.riichi_sticks) == (0, 2, 0)


def test_double_ron_a_winner_who_declared_riichi_takes_his_own_stick_back() -> None:
    """RCR 2016 3.3.14 p. 13 and 4.1 p. 18: with several winners, a winning riichi declarer takes
    his own stick back; the other sticks go to the winner first in turn from the discarder."""
    hands = {
        0: "9s3p111m999m111s9s1z2z",
        1: TANYAO_PINFU_36P,
        2: "147m258m369p1z2z3z4z",
        3: TANYAO_SHANPON_3P,
    }
    # go-around 1: everyone throws what he draws (a riichi now would be a double riichi);
    # go-around 2: seat 3 declares riichi with the 7z it draws; go-around 3 ends ippatsu;
    # go-around 4: the dealer throws 3p. Ura indicator (dead[5]) 3z -> ura 4z, held by no winner.
    draws = ["5z", "6z", "7z", "1p"] * 3
    m = stacked_match("ema", hands, draws, dead="3z3z5z4z4z3z", position=HandPosition(riichi_sticks=1))
    play(m, "0:discard 9s")
    pass_all(m)
    until_turn(m, 3)
    throw_drawn(m)
    until_turn(m, 3)
    play(m, "3:riichi 7z")
    pass_all(m)
    assert m.sticks == 2 and m.scores[3] == 29000
    until_turn(m, 3)
    throw_drawn(m)  # seat 3's next draw: ippatsu is over
    until_turn(m, 0)
    events = play(m, "0:discard 3p") + answer(m, rons=(1, 3))
    first, second = events_of(events, Win)
    # seat 1: 2,000 (tanyao, pinfu, 30 fu) + the leftover stick 1,000 = 3,000
    # seat 3: riichi 1 + tanyao 1 = 2 han, 40 fu: basic 40 x 2^4 = 640; 4 x 640 = 2,560 -> 2,600,
    #   + his own stick back 1,000 = 3,600
    assert (first.winner, first.points) == (1, 2000)
    assert (second.winner, second.value, second.fu, second.points) == (3, 2, 40, 2600)
    assert first.deltas == (-2000, 3000, 0, 0)
    assert second.deltas == (-2600, 0, 0, 3600)
    assert m.scores == [30000 - 4600, 33000, 30000, 29000 + 3600]


# --- limits: RCR 2016 4.1.2, 4.2.5 ---------------------------------------------------------------


def _dealer_throws_in_second_go_around(
    hands: dict[int, str], first: str, throw: str, dead: str
) -> tuple[Match, list[Event]]:
    """The dealer throws ``first``, seats 1-3 throw the honours they draw, then the dealer throws
    ``throw`` (so that nobody's win is a renhou)."""
    m = stacked_match("ema", hands, ["5z", "6z", "7z"], dead=dead)
    play(m, f"0:discard {first}")
    pass_all(m)
    until_turn(m, 0)
    return m, play(m, f"0:discard {throw}")


def test_thirteen_han_without_a_yakuman_is_only_sanbaiman() -> None:
    """RCR 2016 4.1.2 ★: 11 han or more without a yakuman is sanbaiman (no kazoe yakuman)."""
    hands = {0: "8m9m1p9p1s9s1z2z3z4z1z2z3z4z", 1: "2233445566778m"}
    # dora indicator 1m -> dora 2m, held twice by seat 1
    m, events = _dealer_throws_in_second_go_around(hands, "9m", "8m", dead="1s1s1s3z1m")
    events += answer(m, rons=(1,))
    (win,) = events_of(events, Win)
    # 22m 345m 345m 678m 678m (8m completes 67m, two-sided): chinitsu 6 (closed) + ryanpeikou 3
    # + pinfu 1 + tanyao 1 + dora 2 = 13 han; no yakuman -> sanbaiman, basic 6,000;
    # non-dealer ron 4 x 6,000 = 24,000 (a kazoe yakuman would be 32,000)
    assert win.value == 13
    assert win.limit == "sanbaiman"
    assert win.points == 24000
    assert win.deltas == (-24000, 24000, 0, 0)


def test_two_yakuman_in_one_hand_are_paid_as_one() -> None:
    """RCR 2016 4.2.5: a single yakuman is the maximum; yakuman do not add up."""
    hands = {0: "1z1m9m1p9p1s9s3z4z234m88p", 1: "555z666z777z11z22z"}
    m, events = _dealer_throws_in_second_go_around(hands, "9m", "1z", dead="6p6p6p6p8p")
    events += answer(m, rons=(1,))
    (win,) = events_of(events, Win)
    # 555z 666z 777z 111z 22z: daisangen AND tsuuiisou, two yakuman -> still one yakuman:
    # basic 8,000, non-dealer ron 4 x 8,000 = 32,000 (stacked it would be 64,000)
    assert {"daisangen", "tsuu_iisou"} <= {y.id for y in win.rows}
    assert win.points == 32000
    assert win.deltas == (-32000, 32000, 0, 0)


def test_thirteen_sided_kokushi_is_a_single_yakuman() -> None:
    """RCR 2016 4.2.5: no double yakuman, the thirteen-sided wait of thirteen orphans included."""
    hands = {0: "5z2m3m4m5m6m7m2p3p4p5p6p7p8p", 2: "19m19p19s1234567z"}
    m = stacked_match("ema", hands, ["2s", "3s", "4s", "5s"], dead="6s6s6s6s7s")
    play(m, "0:discard 8p")
    pass_all(m)
    until_turn(m, 0)
    events = play(m, "0:discard 5z") + answer(m, rons=(2,))
    (win,) = events_of(events, Win)
    # one yakuman, non-dealer ron: 4 x 8,000 = 32,000 (a double would be 64,000)
    assert win.winner == 2 and win.points == 32000
    assert win.deltas == (-32000, 0, 32000, 0)


def test_renhou_is_a_mangan_not_cumulative() -> None:
    """RCR 2016 4.2.4 p. 22 ★: renhou (a ron before one's first discard, no call yet) is a mangan,
    not a yakuman, and is not added to the hand's other yaku and dora."""
    m = stacked_match("ema", {0: "3p111m999m111s999s1z", 1: TANYAO_PINFU_36P}, dead="3z3z3z5z4z")
    events = play(m, "0:discard 3p") + answer(m, rons=(1,))
    (win,) = events_of(events, Win)
    # on its own the hand is tanyao + pinfu, 2,000; renhou makes it a mangan: basic 2,000,
    # non-dealer ron 4 x 2,000 = 8,000 (not 8,000 + the tanyao and pinfu han, and not 32,000)
    assert win.limit == "mangan" and win.points == 8000
    assert win.deltas == (-8000, 8000, 0, 0)


def test_four_han_thirty_fu_is_not_rounded_up_to_mangan() -> None:
    """RCR 2016 4.1.2 ★: no kiriage mangan: 4 han 30 fu is paid as counted (7,700), not 8,000."""
    hands = {0: "9s3p111m999m111s9s1z2z", 1: TANYAO_PINFU_36P}
    # dora indicator 5s -> dora 6s: seat 1's pair 66s is two dora
    m, events = _dealer_throws_in_second_go_around(hands, "9s", "3p", dead="3z3z3z6z5s")
    (win,) = events_of(events + answer(m, rons=(1,)), Win)
    # tanyao 1 + pinfu 1 + dora 2 = 4 han, 30 fu: basic 30 x 2^6 = 1,920 (below the mangan's
    # 2,000); non-dealer ron 4 x 1,920 = 7,680 -> 7,700
    assert (win.value, win.fu, win.limit, win.points) == (4, 30, "", 7700)
    assert win.deltas == (-7700, 7700, 0, 0)


def test_a_double_wind_pair_is_worth_four_fu() -> None:
    """RCR 2016 4.1.1 p. 19: a pair of the seat wind gives 2 fu and a pair of the prevalent wind
    2 fu, "for each of" them: the dealer's pair of East in the East round is worth 4 fu
    (profile decision, rules-reference §8.1c)."""
    hands = {0: "123m456m78m999p11z5z", 1: "9m147p258p369s2z3z4z"}
    m = stacked_match("ema", hands, dead="6z6z6z7z7z")
    play(m, "0:discard 5z")
    pass_all(m)
    events = play(m, "1:discard 9m") + answer(m, rons=(0,))
    (win,) = events_of(events, Win)
    # 123m 456m 789m 999p 11z, ron on 9m (7-8 two-sided): ittsu 2 han (closed);
    # fu 20 + 10 (closed ron) + 8 (999p concealed terminal pung) + 4 (East pair, seat and round)
    # = 42 -> 50 (with a 2-fu double wind pair it would be 40 -> 40);
    # basic 50 x 2^4 = 800; dealer ron 6 x 800 = 4,800 (40 fu: 6 x 640 = 3,840 -> 3,900)
    assert (win.value, win.fu, win.points) == (2, 50, 4800)
    assert win.deltas == (4800, -4800, 0, 0)


def test_open_tanyao_is_a_yaku() -> None:
    """RCR 2016 4.2.1 ★: all simples counts in an open hand too (kuitan)."""
    hands = {0: "5p1z2z3z4z1m9m1s9s1z2z3z4z9p", 1: "46p234m678m66s34s9s", 2: "5s147m258m369p1z2z3z"}
    m = stacked_match("ema", hands, dead="7z7z7z6z6z")
    play(m, "0:discard 5p")
    pass_all(m, except_seats=[1])
    play(m, "1:chi 46p", "1:discard 9s")
    pass_all(m)
    events = play(m, "2:discard 5s") + answer(m, rons=(1,))
    (win,) = events_of(events, Win)
    # 456p (chi) 234m 678m 345s 66s, ron on 5s: tanyao 1 han; open, all sequences, two-sided:
    # 20 fu, raised to 30 for an open hand; basic 30 x 2^3 = 240; 4 x 240 = 960 -> 1,000
    assert [y.id for y in win.rows] == ["tanyao"]
    assert (win.value, win.fu, win.points) == (1, 30, 1000)
    assert win.deltas == (0, 1000, -1000, 0)


def test_pao_on_a_ron_only_the_discarder_pays_the_counters() -> None:
    """RCR 2016 3.3.9 p. 12: the player who fed the third dragon pung is liable for daisangen; on
    a ron off a third player the liable player and the discarder pay half each, and "only the
    discarder pays for any counters"."""
    hands = {0: "5z6z7z123p456p789p1s2s", 1: "55z66z77z234m8p9s9p1s", 2: "8p147m258m369s1z2z3z"}
    m = stacked_match("ema", hands, dead="4z4z4z3z3z", position=HandPosition(honba=1))
    for dragon, junk in (("5z", "9s"), ("6z", "9p"), ("7z", "1s")):
        if dragon != "5z":
            until_turn(m, 0)
        play(m, f"0:discard {dragon}")
        pass_all(m, except_seats=[1])
        play(m, f"1:pon {dragon[0]}{dragon}", f"1:discard {junk}")
        pass_all(m)
    assert m.players[1].pao == 0  # the dealer fed the third dragon
    assert m.turn == 2
    events = play(m, "2:discard 8p") + answer(m, rons=(1,))
    (win,) = events_of(events, Win)
    # daisangen, one yakuman: non-dealer ron 32,000; the dealer (liable) pays 16,000, the
    # discarder 16,000 + the counter 300; seat 1 receives 32,300
    assert win.points == 32000 and win.pao == 0
    assert win.deltas == (-16000, 32300, -16300, 0)


def test_pung_beats_chow_whatever_the_order_of_the_calls() -> None:
    """RCR 2016 3.3.1 ★: a pung claim takes precedence over a chow claim, whichever was made
    first."""
    hands = {0: "3p111m999m111s999s1z", 1: "24p789m789p1122z3z", 2: "33p456s777z666z55z"}
    m = stacked_match("ema", hands)
    play(m, "0:discard 3p")
    events = play(m, "1:chi 24p") + pass_all(m, except_seats=[2]) + play(m, "2:pon 33p")
    (claim,) = events_of(events, Claimed)
    assert (claim.seat, claim.meld.from_seat) == (2, 0)
    assert m.turn == 2 and not m.players[1].melds


def test_a_concealed_kan_ends_the_first_go_around_for_renhou() -> None:
    """RCR 2016 4.2.4 p. 22: a concealed kong interrupts the first go-around, so a ron after it is
    no renhou."""
    hands = {0: "1111m3p999m111s9s1z2z", 1: TANYAO_PINFU_36P}
    # dora indicators 4z (dora 1z) and, turned by the kan, 3z (dora 4z): no dora for seat 1
    m = stacked_match("ema", hands, dead="5z5z5z6z4z7z3z7z")
    play(m, "0:ankan 1111m")
    events = play(m, "0:discard 3p") + answer(m, rons=(1,))
    (win,) = events_of(events, Win)
    # tanyao + pinfu, 30 fu: 2,000, not the renhou mangan
    assert "renhou" not in {y.id for y in win.rows}
    assert win.deltas == (-2000, 2000, 0, 0)


# --- draws: RCR 2016 3.4.2, 3.4.3; no nagashi mangan ------------------------------------------------


def test_no_nagashi_mangan_at_an_exhaustive_draw() -> None:
    """RCR 2016 3.4.2 and the official change list ★ (rules-reference §3 row 13): no nagashi
    mangan. Seat 1 throws only terminals and honours and none is called; at the exhaustive draw
    only the noten payments count, and nobody is tenpai here, so nobody pays."""
    honours = ["9p"] * 4 + ["9s"] * 4 + ["3z"] * 4 + ["5z"] * 4 + ["7z"] * 2
    draws = [honours[i // 4] if i % 4 == 0 else "" for i in range(69)]  # every draw of seat 1
    m = stacked_match("ema", NOTEN, draws)
    events = tsumogiri(m)
    (draw,) = events_of(events, ExhaustiveDraw)
    thrown = [e for e in events if isinstance(e, Discarded) and e.seat == 1]
    far = {parse_kind(k) for k in ("9p", "9s", "3z", "5z", "7z")}
    assert len(thrown) == 18 and all(kind_of(e.tile) in far for e in thrown)
    assert not events_of(events, Claimed)
    assert draw.tenpai == (False, False, False, False)
    assert draw.nagashi == ()
    assert draw.deltas == (0, 0, 0, 0)  # a nagashi mangan would be -4,000 / +8,000 / -2,000 / -2,000


def test_four_winds_thrown_in_the_first_go_around_do_not_abort() -> None:
    """RCR 2016 3.4.3 ★: no abortive draws; four identical winds as the first discards go on."""
    hands = {
        0: "1z123m456m789m2z3z5z6z",
        1: "1z234p567p789p2s3s9s",
        2: "1z234s567s789s8p9p7z",
        3: "1z1p1p2p2p3p3p4s4s5s5s6s6s",
    }
    m = stacked_match("ema", hands)
    events = play(m, "0:discard 1z")
    for seat in (1, 2, 3):
        events += pass_all(m)
        events += play(m, f"{seat}:discard 1z")
    events += pass_all(m)
    assert not events_of(events, AbortiveDraw)
    assert m.hand_index == 0 and m.phase is Phase.TURN and m.turn == 0  # the dealer draws again
    assert m.wall.live_remaining == 69 - 4


def test_four_riichi_do_not_abort() -> None:
    """RCR 2016 3.4.3 ★: no abortive draw when all four players declare riichi; play goes on."""
    m = stacked_match("ema", FOUR_TENPAI)
    events = play(m, "0:riichi 9s")
    for seat in (1, 2, 3):
        events += pass_all(m)
        events += play(m, f"{seat}:riichi {tile_name(m.drawn or 0)}")
    events += pass_all(m)
    assert [e.seat for e in events_of(events, RiichiAccepted)] == [0, 1, 2, 3]
    assert not events_of(events, AbortiveDraw)
    # four sticks on the table, 1,000 from each; the dealer draws on
    assert m.sticks == 4 and m.scores == [29000, 29000, 29000, 29000]
    assert m.hand_index == 0 and m.phase is Phase.TURN and m.turn == 0


def test_nine_terminals_is_not_offered() -> None:
    """RCR 2016 3.4.3 ★: no abortive draw for nine different terminals and honours."""
    m = stacked_match("ema", {0: "19m19p19s1234z234m5p"})  # ten kinds of terminals and honours
    assert m.turn == 0 and m.drawn is not None
    assert not has(m, 0, A.KYUUSHU)


@pytest.mark.parametrize("tenpai", [(), (1,), (0, 2), (0, 1, 3), (0, 1, 2, 3)])
def test_noten_payments_split_3000(tenpai: tuple[int, ...]) -> None:
    """RCR 2016 3.4.2: at an exhaustive draw the noten players pay 3,000 in all to the tenpai
    players; nothing when all or none are tenpai."""
    hands = {s: (FOUR_TENPAI[s] if s in tenpai else NOTEN[s]) for s in range(4)}
    m = stacked_match("ema", hands)
    (draw,) = events_of(tsumogiri(m), ExhaustiveDraw)
    expected = {
        (): (0, 0, 0, 0),
        (1,): (-1000, 3000, -1000, -1000),  # three noten pay 1,000 each to the one
        (0, 2): (1500, -1500, 1500, -1500),  # two pay 1,500 each; each tenpai gets 1,500
        (0, 1, 3): (1000, 1000, -3000, 1000),  # one pays 3,000, 1,000 to each
        (0, 1, 2, 3): (0, 0, 0, 0),
    }[tenpai]
    assert draw.tenpai == tuple(s in tenpai for s in range(4))
    assert draw.deltas == expected
    assert m.scores == [30000 + d for d in expected]


def test_tenpai_counts_even_when_every_waiting_tile_is_visible() -> None:
    """RCR 2016 3.3.13: "A player is still considered tenpai if all his waiting tiles are visible
    among the discards and declared sets"."""
    hands = dict(NOTEN)
    hands[1] = FOUR_TENPAI[1]  # 123s 456s 789s 333z + 4z: waits on 4z alone
    m = stacked_match("ema", hands, ["", "4z", "", "4z"])
    throw_drawn(m)  # the dealer
    throw_drawn(m)  # seat 1
    throw_drawn(m)  # seat 2 throws a 4z; seat 1 lets it pass
    play(m, "3:discard 4z")  # seat 3 throws the 4z it was dealt
    pass_all(m)
    throw_drawn(m)  # the dealer throws the last 4z
    assert sum(1 for p in m.players for d in p.discards if kind_of(d.tile) == parse_kind("4z")) == 3
    (draw,) = events_of(tsumogiri(m), ExhaustiveDraw)
    # the fourth 4z is seat 1's own: every tile it waits on is visible, yet it is tenpai:
    # the three noten players pay 1,000 each
    assert draw.tenpai == (False, True, False, False)
    assert draw.deltas == (-1000, 3000, -1000, -1000)


@pytest.mark.parametrize("dealer_tenpai", [True, False])
def test_the_dealer_keeps_the_deal_when_tenpai_at_a_draw(dealer_tenpai: bool) -> None:
    """RCR 2016 3.4.11: the dealer stays when he wins or is tenpai at a draw, otherwise the deal
    passes; 3.4.10: a counter is added after a draw either way."""
    hands = dict(NOTEN)
    if dealer_tenpai:
        hands[0] = FOUR_TENPAI[0]
    m = stacked_match("ema", hands)
    started = next_hand(tsumogiri(m))
    assert started.dealer == (0 if dealer_tenpai else 1)
    assert started.honba == 1


@pytest.mark.parametrize("how", ["ron", "tsumo"])
def test_counters_pay_300_on_a_ron_and_100_from_each_on_a_tsumo(how: str) -> None:
    """RCR 2016 3.4.10: each counter adds 300 points to a win, paid by the discarder on a ron and
    100 by each player on a tsumo."""
    hands = {0: "9s3p111m999m111s9s1z2z", 1: TANYAO_PINFU_36P}
    draws = ["5z", "6z", "7z", "5z", "3p"]  # seat 1's second draw is the 3p
    m = stacked_match("ema", hands, draws, dead="3z3z3z6z4z", position=HandPosition(honba=3))
    play(m, "0:discard 9s")
    pass_all(m)
    until_turn(m, 0)
    if how == "ron":
        events = play(m, "0:discard 3p") + answer(m, rons=(1,))
        (win,) = events_of(events, Win)
        # tanyao + pinfu 30 fu: 2,000, + 3 x 300 = 2,900 from the dealer
        assert win.points == 2000
        assert win.deltas == (-2900, 2900, 0, 0)
    else:
        throw_drawn(m)
        assert m.turn == 1 and kind_of(m.drawn or 0) == parse_kind("3p")
        (win,) = events_of(play(m, "1:tsumo"), Win)
        # menzen tsumo 1 + pinfu 1 + tanyao 1 = 3 han, pinfu tsumo 20 fu: basic 20 x 2^5 = 640;
        # the dealer pays 2 x 640 = 1,280 -> 1,300, the others 640 -> 700; total 2,700;
        # counters: + 3 x 100 from each payer: dealer 1,600, others 1,000 each; seat 1 + 3,600
        assert (win.value, win.fu, win.points) == (3, 20, 2700)
        assert win.deltas == (-1600, 3600, -1000, -1000)


# --- kans: RCR 2016 3.3.5-3.3.7, 3.3.10, 3.3.14 ------------------------------------------------------

# seat 1 holds 111z (East, the prevalent wind) and waits for 1s-4s with 55s as the pair. Dead wall:
# the first replacement tile is 4s; dora indicator 9m (dora 1m, held by nobody); the second
# indicator, turned by a kan, is 4z: dora 1z, the kan's own tiles.
KAN_SEAT = "234p567p2s3s55s"
KAN_DEAD = "4s6z7z7z9m5z4z5z"
KAN_DEALER = "1z9m9m9m1p1p1p9p9p9p6z6z6z2z"


def _kan_order(events: list[Event], call: type[Event]) -> tuple[int, int, int]:
    kinds = [type(e) for e in events]
    replacement = next(i for i, e in enumerate(events) if isinstance(e, TileDrawn) and e.replacement)
    return kinds.index(call), kinds.index(DoraRevealed), replacement


def test_an_open_kan_turns_its_dora_at_once_and_it_counts_for_the_replacement_win() -> None:
    """RCR 2016 3.3.5-3.3.7: the kan dora is turned at once after every kong, a called one
    included, before the replacement tile is drawn."""
    m = stacked_match("ema", {0: KAN_DEALER, 1: "111z" + KAN_SEAT}, dead=KAN_DEAD)
    play(m, "0:discard 1z")
    pass_all(m, except_seats=[1])
    events = play(m, "1:daiminkan 111z")
    called, dora, drawn = _kan_order(events, Claimed)
    assert called < dora < drawn
    assert [kind_of(t) for t in m.indicators] == [parse_kind("9m"), parse_kind("4z")]
    (win,) = events_of(play(m, "1:tsumo"), Win)
    # 1111z 234p 567p 234s 55s, tsumo on the replacement 4s: East (prevalent wind) 1 + rinshan
    # kaihou 1 + kan dora 4 (four 1z under indicator 4z) = 6 han: haneman, basic 3,000;
    # non-dealer tsumo: the dealer pays 2 x 3,000 = 6,000, the others 3,000 each: + 12,000
    assert win.value == 6 and win.limit == "haneman"
    assert win.deltas == (-6000, 12000, -3000, -3000)


def test_an_added_kan_turns_its_dora_at_once() -> None:
    """RCR 2016 3.3.5-3.3.7: an added kong (pung + the fourth tile) turns the kan dora at once too,
    before the replacement draw and before any discard."""
    m = stacked_match("ema", {0: KAN_DEALER, 1: "11z8s" + KAN_SEAT}, ["", "", "", "1z"], dead=KAN_DEAD)
    play(m, "0:discard 1z")
    pass_all(m, except_seats=[1])
    play(m, "1:pon 11z", "1:discard 8s")
    pass_all(m)
    until_turn(m, 1)
    assert kind_of(m.drawn or 0) == parse_kind("1z")
    events = play(m, "1:kakan 1z")
    events += pass_all(m)  # nobody can rob it
    declared, dora, drawn = _kan_order(events, KanDeclared)
    assert declared < dora < drawn
    assert not events_of(events, Discarded)
    (win,) = events_of(play(m, "1:tsumo"), Win)
    # same hand as the called kan: East 1 + rinshan 1 + dora 4 = 6 han, haneman: 6,000 / 3,000 / 3,000
    assert win.value == 6
    assert win.deltas == (-6000, 12000, -3000, -3000)


def test_four_kans_by_two_players_play_goes_on_and_no_fifth_kan() -> None:
    """RCR 2016 3.3.10: after the fourth kong (by two players) the hand goes on, and no further
    kong may be declared, concealed or called."""
    hands = {
        0: "1111m2222m3333m9p9s",
        1: "4444m147s258s3z5z7z",
        2: "5555p1s2s3s4s5s6s7s8s9s",
        3: "777z1p2p3p6p7p8p9p1z2z3z",
    }
    m = stacked_match("ema", hands)
    play(m, "0:ankan 1111m", "0:ankan 2222m", "0:ankan 3333m", "0:discard 9p")
    pass_all(m)
    events = play(m, "1:ankan 4444m")
    assert len(m.indicators) == 5  # the first dora and one kan dora per kong, each at once
    events += play(m, "1:discard 7z")
    assert 3 in m.awaiting()
    offered = {a.kind for a in m.legal_actions(3)}
    assert A.PON in offered and A.DAIMINKAN not in offered  # 777z + 7z: no fifth kong
    events += pass_all(m)
    assert not events_of(events, AbortiveDraw)
    assert m.hand_index == 0 and m.phase is Phase.TURN and m.turn == 2
    assert not has(m, 2, A.ANKAN)  # 5555p in hand: no fifth kong either


def _riichi_then_draw(profile: str, hand: str, draw: str) -> Match:
    """The dealer declares riichi throwing 9s, then draws ``draw`` on his next turn."""
    m = stacked_match(profile, {0: hand + "9s"}, ["", "", "", draw])
    play(m, "0:riichi 9s")
    pass_all(m)
    until_turn(m, 0)
    assert kind_of(m.drawn or 0) == parse_kind(draw)
    return m


def test_riichi_concealed_kan_allowed_when_waits_and_reading_stay() -> None:
    """RCR 2016 3.3.14: after riichi a concealed kong of the drawn tile is allowed when it does not
    change the waits and the three tiles are a pung in every reading of the hand."""
    # 111m 456p 789p 234s + 5z: waits 5z alone; 1m can only be a pung (no 2m or 3m)
    m = _riichi_then_draw("ema", "111m456p789p234s5z", "1m")
    assert has(m, 0, A.ANKAN)
    events = play(m, "0:ankan 1111m")
    assert events_of(events, DoraRevealed)  # turned at once (3.3.5)
    assert m.players[0].riichi and m.players[0].waits == (parse_kind("5z"),)


def test_riichi_concealed_kan_refused_when_the_waits_change() -> None:
    """RCR 2016 3.3.14: 1112m waits on 2m (111 + 2) and 3m (11 + 12); a kong of 1m would leave the
    2m wait alone, so it is refused."""
    m = _riichi_then_draw("ema", "1112m456p789p234s", "1m")
    assert m.players[0].waits == (parse_kind("2m"), parse_kind("3m"))
    assert not has(m, 0, A.ANKAN)


@pytest.mark.parametrize(("profile", "offered"), [("riichi", True), ("ema", False)])
def test_riichi_concealed_kan_refused_when_the_tiles_are_not_always_a_pung(
    profile: str, offered: bool
) -> None:
    """RCR 2016 3.3.14: 1112444m waits on 2m (111 2 444) and 3m (111 24 44, or 11 12 444). After a
    kong of 4m, 1112m still waits on 2m and 3m, but winning on 3m can be read 111 234 44, where the
    4m are not a pung: the EMA refuses the kong (the riichi profile, waits only, allows it)."""
    m = _riichi_then_draw(profile, "1112444m456p789p", "4m")
    assert m.players[0].waits == (parse_kind("2m"), parse_kind("3m"))
    assert has(m, 0, A.ANKAN) is offered


# --- furiten: RCR 2016 3.4.5 -------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["riichi", "ema"])
def test_temporary_furiten_ends_on_the_players_own_draw(profile: str) -> None:
    """RCR 2016 3.4.5 ★: a player who lets a winning tile pass may not ron until he draws (or
    claims) a tile: under EMA the furiten ends on the draw itself (Tenhou: on the discard)."""
    hands = {
        0: "3p9p111z999p111s99s2z",
        1: "6p147m258m369s1z2z3z",
        2: TANYAO_PINFU_36P,
        3: "3p147m258m369s4z5z6z",
    }
    m = stacked_match(profile, hands, ["7z", "7z", "7z"])
    play(m, "0:discard 3p")
    assert has(m, 2, A.RON)
    pass_all(m)  # seat 2 lets the 3p pass
    play(m, "1:discard 6p")
    assert not has(m, 2, A.RON) and m.observe(2).furiten
    pass_all(m)
    assert m.turn == 2 and m.phase is Phase.TURN  # seat 2 has drawn
    assert m.observe(2).furiten is (profile == "riichi")
    throw_drawn(m)
    play(m, "3:discard 3p")
    assert has(m, 2, A.RON)  # both rulebooks: over by now


@pytest.mark.parametrize("profile", ["riichi", "ema"])
def test_temporary_furiten_ends_when_the_player_claims(profile: str) -> None:
    """RCR 2016 3.4.5 ★ (profile knob furiten.temporary_ends = "draw_or_claim"): a claim also
    ends temporary furiten, at once."""
    hands = {
        0: "6s9s111m999m111p9p1z2z",
        1: "7z147m258m369p1z2z3z",
        2: "234m678m345s777z6s",  # waits 6s (tanki), chun pung for the yaku
    }
    m = stacked_match(profile, hands, ["5z", "5z", "5z"])
    play(m, "0:discard 9s")
    pass_all(m)
    until_turn(m, 0)
    play(m, "0:discard 6s")
    assert has(m, 2, A.RON)
    pass_all(m)  # seat 2 lets the 6s pass: furiten
    play(m, "1:discard 7z")
    assert not has(m, 2, A.RON) and has(m, 2, A.PON)
    play(m, "2:pon 77z")
    assert m.turn == 2 and len(m.players[2].melds) == 1
    assert m.observe(2).furiten is (profile == "riichi")


def test_riichi_furiten_lasts_the_hand_but_tsumo_stays() -> None:
    """RCR 2016 3.4.5: a riichi player who lets a winning tile pass is furiten for the rest of
    the hand (no ron even after his own draws); he may still win by tsumo."""
    hands = {0: "9p3p111m999m111s99s1z", 1: TANYAO_PINFU_36P, 2: "3p6p147m258m369s1z2z"}
    draws = ["1z", "7z", "7z", "7z", "5z", "5z", "5z", "6z", "6p"]
    m = stacked_match("ema", hands, draws)
    play(m, "0:discard 9p")
    pass_all(m)
    play(m, "1:riichi 1z")
    pass_all(m)
    until_turn(m, 0)
    play(m, "0:discard 3p")
    assert has(m, 1, A.RON)
    pass_all(m)  # seat 1 lets it pass
    throw_drawn(m)  # seat 1's own draw and discard do not end riichi furiten
    play(m, "2:discard 6p")
    assert not has(m, 1, A.RON) and m.observe(1).furiten
    pass_all(m)
    until_turn(m, 1)
    assert kind_of(m.drawn or 0) == parse_kind("6p")
    assert has(m, 1, A.TSUMO)


# --- tiles: RCR 2016 1.3 -------------------------------------------------------------------------


def test_no_red_fives() -> None:
    """RCR 2016 1.3 ★: no red fives: the three tiles that are red in other rulebooks (ids 16, 52,
    88) are plain fives and add no dora."""
    hands = {0: "8m1z2z3z4z1p9p1s9s1z2z3z4z9m", 1: "345m456p567s88s67m"}
    m = stacked_match("ema", hands, ["5z", "6z", "7z"], dead="6s6s6s4z7p")
    assert {16, 52, 88} <= set(m.players[1].hand)
    play(m, "0:discard 9m")
    pass_all(m)
    until_turn(m, 0)
    (win,) = events_of(play(m, "0:discard 8m") + answer(m, rons=(1,)), Win)
    # 345m 678m 456p 567s 88s: tanyao 1 + pinfu 1 = 2 han 30 fu: 2,000 (with three red fives it
    # would be 5 han, a mangan)
    assert win.value == 2 and win.points == 2000
    assert not any("Aka" in y.id for y in win.rows)
    assert win.deltas == (-2000, 2000, 0, 0)


# --- riichi points, no bankruptcy: RCR 2016 3.3.14, 3.6 ---------------------------------------------


def test_riichi_below_zero_is_allowed() -> None:
    """RCR 2016 3.3.14 p. 13 (no points condition) and 3.6 p. 17: a player below zero may
    declare riichi; the stick is owed and his score goes further down."""
    m = stacked_match("ema", {0: "123p456p789p111z2z9s"}, start=(-2000, 34000, 34000, 34000))
    assert has(m, 0, A.RIICHI)
    events = play(m, "0:riichi 9s") + pass_all(m)
    assert events_of(events, RiichiAccepted)
    assert m.scores[0] == -3000 and m.sticks == 1


def test_no_bankruptcy_play_goes_on_below_zero() -> None:
    """RCR 2016 3.6 p. 17: "There is no bankruptcy rule. The game does not end if a player's
    score goes below zero"."""
    hands = {0: FOUR_TENPAI[0], 1: NOTEN[1], 2: NOTEN[2], 3: NOTEN[3]}
    m = stacked_match("ema", hands, start=(30000, 30000, 30000, 500))
    events = tsumogiri(m)
    # only the dealer tenpai: +3,000; seat 3 pays 1,000 from 500 -> -500
    assert not events_of(events, MatchEnded) and not m.is_over
    assert m.scores == [33000, 29000, 29000, -500]
    assert next_hand(events).scores == (33000, 29000, 29000, -500)


# --- the end of the game: RCR 2016 3.6, 3.6.1 ------------------------------------------------------


def _south_four(start: tuple[int, int, int, int], tenpai: Iterable[int] = (), *, sticks: int = 0) -> Match:
    """South 4, seat 3 deals (noten): the game ends at the exhaustive draw (RCR 2016 3.6: no West
    round, no all-last stop). ``tenpai`` seats are tenpai at the draw, the others noten."""
    ready = set(tenpai)
    hands = {3: NOTEN[0], 0: NOTEN[1], 1: NOTEN[2], 2: NOTEN[3]}
    if 0 in ready:
        hands[0] = FOUR_TENPAI[1]
    assert ready <= {0}
    position = HandPosition(round_wind=1, hand_number=3, riichi_sticks=sticks)
    m = stacked_match("ema", hands, start=start, position=position)
    assert m.dealer == 3
    return m


def test_final_score_is_points_minus_30000_plus_uma() -> None:
    """RCR 2016 3.6 p. 17 and 3.6.1 ★: the final score is the points minus the 30,000 start plus
    the uma 15,000 / 5,000 / -5,000 / -15,000; no oka; kept exact (not rounded)."""
    m = _south_four((42300, 35100, 27700, 14900), tenpai=(0,))
    events = tsumogiri(m)
    (end,) = events_of(events, MatchEnded)
    # the draw: seat 0 alone tenpai, +3,000; the others -1,000 each
    # -> 45,300 / 34,100 / 26,700 / 13,900, places 1 2 3 4
    # 45,300 - 30,000 + 15,000 = 30,300 -> 30.3
    # 34,100 - 30,000 +  5,000 =  9,100 ->  9.1
    # 26,700 - 30,000 -  5,000 = -8,300 -> -8.3
    # 13,900 - 30,000 - 15,000 = -31,100 -> -31.1   (sum 0)
    assert end.scores == (45300, 34100, 26700, 13900)
    assert end.ranks == (1, 2, 3, 4)
    assert end.final_points == (30.3, 9.1, -8.3, -31.1)
    assert m.is_over


def test_tied_players_share_the_uma_of_their_places() -> None:
    """RCR 2016 3.6.1 p. 17: "Ties may occur": tied players share the uma of the places they
    hold together."""
    m = _south_four((39000, 31000, 31000, 19000), tenpai=(0,))
    (end,) = events_of(tsumogiri(m), MatchEnded)
    # after the draw: 42,000 / 30,000 / 30,000 / 18,000; seats 1 and 2 share 2nd and 3rd:
    # uma (5,000 - 5,000) / 2 = 0 each
    # seat 0: 42,000 - 30,000 + 15,000 = 27,000; seats 1, 2: 0 + 0 = 0; seat 3: -12,000 - 15,000
    assert end.scores == (42000, 30000, 30000, 18000)
    assert end.ranks == (1, 2, 2, 4)
    assert end.final_points == (27.0, 0.0, 0.0, -27.0)


def test_leftover_riichi_sticks_go_to_the_game_winner() -> None:
    """RCR 2016 3.6.1 ★ ("Riichi bets at game end go to the winner"): sticks still on the table
    when the game ends are added to the winner's points before the uma."""
    m = _south_four((34000, 33000, 32000, 19000), tenpai=(0,), sticks=2)
    until_turn(m, 0)
    play(m, "0:riichi " + tile_name(m.drawn or 0))
    pass_all(m)
    (end,) = events_of(tsumogiri(m), MatchEnded)
    # seat 0's riichi: 33,000 and 3 sticks on the table; the draw: seat 0 +3,000 -> 36,000, the
    # others 32,000 / 31,000 / 18,000; the 3 sticks (3,000) to the winner: 39,000
    # 39,000 - 30,000 + 15,000 = 24,000; 32,000 - 30,000 + 5,000 = 7,000;
    # 31,000 - 30,000 - 5,000 = -4,000; 18,000 - 30,000 - 15,000 = -27,000   (sum 0)
    assert end.scores == (39000, 32000, 31000, 18000)
    assert end.final_points == (24.0, 7.0, -4.0, -27.0)
    assert m.sticks == 0


def test_leftover_sticks_are_split_between_tied_winners() -> None:
    """RCR 2016 3.6-3.6.1 p. 17 ★ (profile game.tie_break = "split"): with two players tied on
    top, the leftover sticks are split between them, and they share the 1st and 2nd uma."""
    m = _south_four((33000, 33000, 30000, 22000), sticks=2)
    (end,) = events_of(tsumogiri(m), MatchEnded)
    # nobody tenpai, no payments; 2,000 in sticks split: 34,000 / 34,000 / 30,000 / 22,000
    # seats 0 and 1 share (15,000 + 5,000) / 2 = 10,000: 4,000 + 10,000 = 14,000 each;
    # seat 2: 0 - 5,000; seat 3: -8,000 - 15,000 = -23,000   (sum 0)
    assert end.scores == (34000, 34000, 30000, 22000)
    assert end.ranks == (1, 1, 3, 4)
    assert end.final_points == (14.0, 14.0, -5.0, -23.0)


# --- chombo: RCR 2016 3.4.6 ----------------------------------------------------------------------


SOUTH_FOUR_NOTEN = {3: NOTEN[0], 0: NOTEN[1], 1: NOTEN[2], 2: NOTEN[3]}  # seat 3 deals


def _strict_south_four(
    first: dict[int, str],
    draws: list[str],
    start: tuple[int, int, int, int],
    *,
    honba: int = 0,
    sticks: int = 0,
    dead: str = "",
) -> Match:
    """South 4 (seat 3 deals) with seat 1 at a strict table: the first hand is stacked from
    ``first``; a re-deal (hand index 1), if any, gives four noten hands, so that the game ends at
    its exhaustive draw with no payment."""
    prof = load_profile("ema")
    setups = {0: stack(prof, first, draws, dealer=3, dead=dead), 1: stack(prof, SOUTH_FOUR_NOTEN, dealer=3)}
    position = HandPosition(round_wind=1, hand_number=3, honba=honba, riichi_sticks=sticks)
    return Match(
        prof, 1, setups=setups, first_dealer=0, start=start, position=position, strict_seats=frozenset({1})
    )


def test_chombo_is_20000_after_uma_with_a_re_deal_by_the_same_dealer() -> None:
    """RCR 2016 3.4.6 p. 15 ★: a false win is chombo: 20,000 points are taken from the player's
    final score after the uma; the hand is re-dealt by the same dealer, no counter is added, and
    the riichi sticks of the hand go back to their owners."""
    first = dict(SOUTH_FOUR_NOTEN)
    first[2] = FOUR_TENPAI[2]  # seat 2 will declare riichi
    m = _strict_south_four(first, [], (36000, 32000, 28000, 23000), honba=2, sticks=1)
    until_turn(m, 2)
    play(m, f"2:riichi {tile_name(m.drawn or 0)}")
    pass_all(m)
    assert m.sticks == 2 and m.scores[2] == 27000
    until_turn(m, 3)
    play(m, f"3:discard {tile_name(m.drawn or 0)}")
    false_ron = Action(1, A.RON)
    assert false_ron in m.legal_actions(1) and m.is_false(false_ron)
    events = answer(m, rons=(1,))
    (penalty,) = events_of(events, Penalty)
    assert (penalty.seat, penalty.kind, penalty.offence) == (1, PenaltyKind.CHOMBO, "false_win")
    assert penalty.deltas == (0, 0, 0, 0)  # EMA: nothing is paid during play...
    assert penalty.after_uma == 20000  # ...20,000 are taken from the final score
    assert not events_of(events, Win)
    # re-deal: same dealer (seat 3), still South 4, the counters stay at 2 (no counter added), the
    # stick seat 2 put out this hand comes back (27,000 -> 28,000); the earlier stick stays
    started = next_hand(events)
    assert (started.dealer, started.round_wind, started.hand_number) == (3, 1, 3)
    assert (started.honba, started.riichi_sticks) == (2, 1)
    assert started.scores == (36000, 32000, 28000, 23000)
    (end,) = events_of(tsumogiri(m), MatchEnded)
    # the re-deal is a draw with nobody tenpai: no payment; the dealer is noten, the game ends;
    # the leftover stick goes to the winner (seat 0): 37,000 / 32,000 / 28,000 / 23,000
    # seat 0: 7,000 + 15,000 = 22,000; seat 1: 2,000 + 5,000 = 7,000, then - 20,000 = -13,000
    # seat 2: -2,000 - 5,000 = -7,000; seat 3: -7,000 - 15,000 = -22,000
    assert end.scores == (37000, 32000, 28000, 23000)
    assert end.ranks == (1, 2, 3, 4)  # the chombo comes after the uma: places do not change
    assert end.final_points == (22.0, -13.0, -7.0, -22.0)


def test_a_valid_win_on_the_same_discard_voids_the_chombo() -> None:
    """RCR 2016 3.4.6: a false win declared on a discard on which another player wins validly is
    not penalised: the valid win stands and no chombo is counted."""
    first = dict(SOUTH_FOUR_NOTEN)
    first[0] = NOTEN[1].replace("1p", "3p")  # seat 0 will throw the 3p
    first[2] = TANYAO_PINFU_36P  # seat 2 waits 3p-6p
    draws = ["7z", "7z", "7z", "5z", "5z"]  # seats 0, 1, 2, 3, 0
    m = _strict_south_four(first, draws, (30000, 30000, 30000, 30000), dead="3z3z3z3z9p")  # dora 1p
    until_turn(m, 0)
    throw_drawn(m)
    until_turn(m, 0)
    play(m, "0:discard 3p")
    events = play(m, "1:ron", "2:ron") + answer(m)
    assert not events_of(events, Penalty)
    (win,) = events_of(events, Win)
    # seat 2: tanyao + pinfu, 30 fu: 2,000 from seat 0
    assert (win.winner, win.points) == (2, 2000)
    (end,) = events_of(events, MatchEnded)  # South 4 and the dealer did not win: the game ends
    # 28,000 / 30,000 / 32,000 / 30,000; seats 1 and 3 tie for 2nd-3rd: uma (5,000 - 5,000) / 2
    # seat 2: 2,000 + 15,000 = 17,000; seats 1, 3: 0; seat 0: -2,000 - 15,000 = -17,000
    # and no 20,000 taken from seat 1
    assert end.scores == (28000, 30000, 32000, 30000)
    assert end.final_points == (-17.0, 0.0, 17.0, 0.0)
