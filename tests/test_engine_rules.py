"""Rule scenarios on stacked walls: claims and their priority, multiple ron, the last discard,
kuikae, furiten, riichi, kans and kan dora, abortive and exhaustive draws, game end.

Seat 0 deals. After the dealer's first discard the draws go to seats 1, 2, 3, 0, ... in the order
given to ``stacked_match``; unnamed tiles come from the tiles no hand names (low ids first).
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    FOUR_TENPAI,
    NOTEN,
    events_of,
    expected_tiles,
    has,
    pass_all,
    play,
    stacked_match,
    tile_ledger,
    tsumogiri,
    until_turn,
)

from game.engine import HandPosition, Match, Phase
from game.engine.actions import Action, ActionKind
from game.engine.errors import IllegalActionError
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    Discarded,
    DoraRevealed,
    ExhaustiveDraw,
    FlowerSetAside,
    HandEnded,
    HandStarted,
    MatchEnded,
    RiichiAccepted,
    TileDrawn,
    Win,
)
from game.engine.tiles import kind_of, parse_kind

A = ActionKind

# --- a common table: the dealer throws 3p; seat 1 may chi it, seat 2 pon it, seat 3 ron it -------
DEALER_3P = "3p111m999m111s999s1z"
CHI_SEAT = "24p789m789p1122z3z"
PON_SEAT = "33p456s777z666z55z"
RON_SEAT = "234m456m678s22s45p"  # tanyao, waits 3p-6p (and could chi 345p if it sat next)


def _claims_table(profile: str = "riichi") -> Match:
    return stacked_match(profile, {0: DEALER_3P, 1: CHI_SEAT, 2: PON_SEAT, 3: RON_SEAT})


def test_chi_only_from_the_previous_player() -> None:
    m = _claims_table()
    play(m, "0:discard 3p")
    assert A.CHI in {a.kind for a in m.legal_actions(1)}
    assert A.CHI not in {a.kind for a in m.legal_actions(3)}  # holds 45p, but sits before the dealer
    assert A.CHI not in {a.kind for a in m.legal_actions(2)}
    with pytest.raises(IllegalActionError):
        m.apply(Action(3, A.CHI, tuple(t for t in m.players[3].hand if kind_of(t) in (12, 13))))


def test_pon_beats_chi_whatever_the_order_of_answers() -> None:
    m = _claims_table()
    events = play(m, "0:discard 3p", "1:chi 24p", "3:pass", "2:pon 33p")
    claimed = events_of(events, Claimed)
    assert len(claimed) == 1 and claimed[0].seat == 2 and claimed[0].meld.from_seat == 0
    assert m.turn == 2 and m.phase is Phase.TURN
    assert len(m.players[1].melds) == 0 and len(m.players[1].hand) == 13


def test_chi_when_the_pon_seat_passes() -> None:
    m = _claims_table()
    events = play(m, "0:discard 3p", "2:pass", "3:pass", "1:chi 24p")
    assert [c.seat for c in events_of(events, Claimed)] == [1]
    assert m.players[0].discards[-1].called


def test_ron_beats_pon_and_chi() -> None:
    m = _claims_table()
    events = play(m, "0:discard 3p", "1:chi 24p", "2:pon 33p", "3:ron")
    wins = events_of(events, Win)
    assert [w.winner for w in wins] == [3]
    assert not events_of(events, Claimed)


# --- multiple ron: seats 1, 2 and 3 all wait on the dealer's 3p ----------------------------------
WAIT1 = "234m678m345s66s45p"
WAIT2 = "456s678s456m88m24p"
WAIT3 = "567m234s777p88s33p"
TW_EXTRA = {0: "444z", 1: "111z", 2: "222z", 3: "333z"}  # a fifth set for the 16-tile game


def _three_waits(profile: str, **kw: object) -> Match:
    hands = {0: "3p111m999m111s999s1z", 1: WAIT1, 2: WAIT2, 3: WAIT3}
    if profile == "taiwanese":
        hands = {s: h + TW_EXTRA[s] for s, h in hands.items()}
        hands[0] = hands[0].replace("1z", "", 1) + "5z"
    return stacked_match(profile, hands, **kw)  # type: ignore[arg-type]


def test_double_ron_both_win_and_the_nearest_takes_honba_and_sticks() -> None:
    m = _three_waits("riichi", position=HandPosition(honba=2, riichi_sticks=1))
    events = play(m, "0:discard 3p", "2:pass", "1:ron", "3:ron")
    wins = events_of(events, Win)
    assert [w.winner for w in wins] == [1, 3]
    first, second = wins
    assert first.deltas[1] == first.points + 2 * 300 + 1000
    assert second.deltas[3] == second.points
    assert first.deltas[0] + second.deltas[0] == -(first.points + 600 + second.points)
    assert m.sticks == 0


def test_double_ron_in_ema_every_winner_gets_the_honba() -> None:
    m = _three_waits("ema", position=HandPosition(honba=1))
    events = play(m, "0:discard 3p", "2:pass", "1:ron", "3:ron")
    first, second = events_of(events, Win)
    assert (first.winner, second.winner) == (1, 3)
    assert first.deltas[1] == first.points + 300
    assert second.deltas[3] == second.points + 300


def test_three_rons_abort_in_riichi() -> None:
    m = _three_waits("riichi")
    scores = list(m.scores)
    events = play(m, "0:discard 3p", "3:ron", "2:ron", "1:ron")
    assert [e.kind for e in events_of(events, AbortiveDraw)] == ["sanchahou"]
    assert not events_of(events, Win)
    assert m.scores == scores and m.dealer == 0 and m.honba == 1


def test_three_rons_all_win_in_ema() -> None:
    m = _three_waits("ema")
    events = play(m, "0:discard 3p", "3:ron", "2:ron", "1:ron")
    assert [w.winner for w in events_of(events, Win)] == [1, 2, 3]


def test_three_rons_only_the_nearest_wins_in_taiwanese() -> None:
    m = _three_waits("taiwanese")
    play(m, "0:discard 3p")
    assert all(A.RON in {a.kind for a in m.legal_actions(s)} for s in (1, 2, 3))
    events = play(m, "3:ron", "2:ron", "1:ron")
    assert [w.winner for w in events_of(events, Win)] == [1]


# --- walking a hand out: everyone throws what he draws, nobody claims ---------------------------


# --- the last discard: ron only -----------------------------------------------------------------


def _last_discard_table(profile: str = "riichi") -> Match:
    """Seat 1 draws the last live tile, a 6p; seat 2 holds 66p and 78p; seat 3 waits on 6p alone."""
    draws = [""] * 68 + ["6p"]
    hands = {
        0: "111z222z333z4445z6z",
        1: "147m258m369m1s4s7s2z",
        2: "66p78p1s2s3s5s6s7s9s9s",
        3: "234m567m234s678s6p",
    }
    hands[2] = "66p78p123s567s99s9p"
    return stacked_match(profile, hands, draws)


@pytest.mark.parametrize("profile", ["riichi", "ema"])
def test_no_call_on_the_last_discard_only_ron(profile: str) -> None:
    m = _last_discard_table(profile)
    tsumogiri(m, until_live=0)
    assert m.turn == 1 and kind_of(m.drawn or 0) == parse_kind("6p")
    play(m, "1:discard 6p")
    assert m.awaiting() == [3]
    assert {a.kind for a in m.legal_actions(3)} == {A.RON, A.PASS}
    assert m.legal_actions(2) == []
    events = play(m, "3:ron")
    (win,) = events_of(events, Win)
    assert "houtei_raoyui" in {y.id for y in win.rows}


def test_riichi_needs_four_live_tiles() -> None:
    """Seat 3 stays tenpai while throwing its draws: riichi is offered while 4 or more live
    tiles remain after its draw, and never after."""
    m = _last_discard_table()
    seen: dict[int, bool] = {}
    while m.wall.live_remaining > 0 and not m.is_over:
        if m.phase is Phase.TURN:
            if m.turn == 3:
                seen[m.wall.live_remaining] = has(m, 3, A.RIICHI)
            m.apply(Action(m.turn, A.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
        else:
            pass_all(m)
    assert seen and all(v == (left >= 4) for left, v in seen.items()), seen
    assert any(left < 4 for left in seen) and any(left >= 4 for left in seen)


# --- kuikae ---------------------------------------------------------------------------------


def test_kuikae_forbids_the_called_tile_and_the_suji_end() -> None:
    m = stacked_match("riichi", {0: "3p111m999m111s999s1z", 1: "45p3p6p7p789m789s11z"})
    play(m, "0:discard 3p")
    pass_all(m, except_seats=[1])
    play(m, "1:chi 45p")
    discards = {kind_of(a.tile) for a in m.legal_actions(1) if a.kind is A.DISCARD}
    assert parse_kind("3p") not in discards and parse_kind("6p") not in discards
    assert parse_kind("7p") in discards
    with pytest.raises(IllegalActionError) as err:
        m.apply(m.parse_action("1:discard 6p"))
    assert err.value.rule == "kuikae"
    play(m, "1:discard 7p")


def test_a_call_leaving_only_forbidden_discards_is_not_offered() -> None:
    """Seat 1 pons three honours from the dealer, keeping 45p, 3p and 6p; a chi of the dealer's 3p
    with 45p would leave only 3p and 6p, both forbidden, so it is not offered."""
    hands = {0: "1z2z3z3p1p111m999m9s8s7s", 1: "11z22z33z45p3p6p1m2m9m"}
    m = stacked_match("riichi", hands, dead="")
    for honour, junk in (("1z", "1m"), ("2z", "2m"), ("3z", "9m")):
        play(m, f"0:discard {honour}")
        pass_all(m, except_seats=[1])
        play(m, f"1:pon {honour[0]}{honour}", f"1:discard {junk}")
        tsumogiri(m, until_live=m.wall.live_remaining - 3, stop_seat=0)  # seats 2, 3 and 0 draw
        assert m.turn == 0
    assert sorted(kind_of(t) for t in m.players[1].hand) == [parse_kind(x) for x in ("3p", "4p", "5p", "6p")]
    play(m, "0:discard 3p")
    assert A.CHI not in {a.kind for a in m.legal_actions(1)}


# --- furiten --------------------------------------------------------------------------------

FURITEN_SEAT = "234m678m345s66s45p"  # waits 3p-6p


def test_own_discard_furiten_blocks_ron_not_tsumo() -> None:
    m = stacked_match("riichi", {0: "3p9p111m999m111s99s1z", 1: FURITEN_SEAT}, ["6p", "", "", "", "3p"])
    play(m, "0:discard 9p")
    pass_all(m)
    play(m, "1:discard 6p")  # seat 1 throws a winning tile: furiten
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 2, stop_seat=0)
    play(m, "0:discard 3p")
    assert A.RON not in {a.kind for a in m.legal_actions(1)}
    pass_all(m)
    assert m.turn == 1 and has(m, 1, A.TSUMO)


@pytest.mark.parametrize("profile", ["riichi", "ema"])
def test_passing_a_winning_tile_is_temporary_furiten(profile: str) -> None:
    """Seat 2 lets the dealer's 3p pass; seat 1's 6p comes before seat 2 draws or discards: no ron.
    After seat 2's next draw and discard it may ron again (both rulebooks)."""
    hands = {
        0: "3p9p111z999p111s99s2z",
        1: "6p147m258m369s1z2z3z",
        2: FURITEN_SEAT,
        3: "3p147m258m369s4z5z6z",
    }
    m = stacked_match(profile, hands)
    play(m, "0:discard 3p")
    assert has(m, 2, A.RON)
    pass_all(m)
    play(m, "1:discard 6p")
    assert not has(m, 2, A.RON)
    assert m.players[2].furiten_temporary
    pass_all(m)
    play(m, f"2:discard {_name(m.drawn)}")
    pass_all(m)
    play(m, "3:discard 3p")
    assert has(m, 2, A.RON)


def test_riichi_furiten_lasts_the_hand() -> None:
    hands = {0: "9p3p111m999m111s99s1z", 1: FURITEN_SEAT, 2: "3p6p147m258m369s1z2z"}
    m = stacked_match("riichi", hands, ["1z", "", "", "", "", "", "", ""])
    play(m, "0:discard 9p")
    pass_all(m)
    play(m, "1:riichi 1z")
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 2, stop_seat=0)
    play(m, "0:discard 3p")
    assert has(m, 1, A.RON)
    pass_all(m)  # riichi furiten from now on
    play(m, f"1:discard {_name(m.drawn)}")
    pass_all(m)
    play(m, "2:discard 6p")
    assert not has(m, 1, A.RON)
    assert m.players[1].furiten_riichi


def _name(tile: int | None) -> str:
    from game.engine.tiles import tile_name

    assert tile is not None
    return tile_name(tile)


# --- riichi ---------------------------------------------------------------------------------

RIICHI_DEALER = "123p456p789p111z2z9s"  # tenpai on 2z after throwing 9s


@pytest.mark.parametrize(("points", "offered"), [(1000, True), (900, False)])
def test_riichi_needs_a_thousand_points(points: int, offered: bool) -> None:
    m = stacked_match("riichi", {0: RIICHI_DEALER}, start=(points, 25000, 25000, 25000))
    assert has(m, 0, A.RIICHI) is offered


def test_riichi_without_points_in_ema() -> None:
    m = stacked_match("ema", {0: RIICHI_DEALER}, start=(0, 30000, 30000, 30000))
    assert has(m, 0, A.RIICHI)


def test_riichi_needs_a_closed_tenpai_hand() -> None:
    m = stacked_match("riichi", {0: "123p456p789p11z2z3z9s"})  # one away
    assert not has(m, 0, A.RIICHI)
    # seat 1 pons and is then tenpai, but open: no riichi
    m = stacked_match("riichi", {0: "1z123m456m789m2z3z5z6z", 1: "11z234p567p789p2s3s"}, ["", "", "", "", "4s"])
    play(m, "0:discard 1z")
    pass_all(m, except_seats=[1])
    play(m, "1:pon 11z", "1:discard 2s")
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 3, stop_seat=1)
    assert m.turn == 1 and not has(m, 1, A.RIICHI)


def test_the_stick_is_not_paid_when_the_declaration_tile_is_ronned() -> None:
    m = stacked_match("riichi", {0: "3p123m456m789m11z22z", 1: RON_SEAT})
    before = list(m.scores)
    events = play(m, "0:riichi 3p", "1:ron")
    events += pass_all(m)
    assert not events_of(events, RiichiAccepted)
    (win,) = events_of(events, Win)
    assert m.scores[0] == before[0] + win.deltas[0]
    assert m.sticks == 0 and not events_of(events, RiichiAccepted)


RIICHI_SEAT1 = "123s456s789s333z4z"  # tanki 4z


def test_ippatsu_and_a_call_that_breaks_it() -> None:
    def table(draws: list[str]) -> Match:
        hands = {0: "9m123p456p789p11z66z", 1: RIICHI_SEAT1, 3: "77z1m2m3m4m5m6m7m8m9m1p2p"}
        return stacked_match("riichi", hands, draws)

    m = table(["1m", "7z", "", "", "4z"])
    play(m, "0:discard 9m")
    pass_all(m)
    play(m, "1:riichi 1m")
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 3, stop_seat=1)
    events = play(m, "1:tsumo")
    assert "ippatsu" in {y.id for y in events_of(events, Win)[0].rows}  # type: ignore[attr-defined]

    m = table(["1m", "7z", "", "4z"])  # seat 3's pon skips its draw
    play(m, "0:discard 9m")
    pass_all(m)
    play(m, "1:riichi 1m")
    pass_all(m)
    play(m, "2:discard 7z")
    play(m, "3:pon 77z", "3:discard 1p")
    pass_all(m)
    play(m, f"0:discard {_name(m.drawn)}")
    pass_all(m)
    events = play(m, "1:tsumo")
    assert "ippatsu" not in {y.id for y in events_of(events, Win)[0].rows}  # type: ignore[attr-defined]


# --- kans -----------------------------------------------------------------------------------


def test_chankan_robs_an_added_kan() -> None:
    hands = {0: "3p9p111m999m111s99s1z", 1: "33p789m789s11z22z3z", 2: "234m678m345s66s45p"}
    m = stacked_match("riichi", hands, ["", "", "", "3p"])  # after the pon: seats 2, 3, 0, then 1 draw
    play(m, "0:discard 3p")
    pass_all(m, except_seats=[1])  # seat 2 lets it pass too (furiten until its own discard)
    play(m, "1:pon 33p", "1:discard 3z")
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 3, stop_seat=1)
    assert m.turn == 1 and kind_of(m.drawn or 0) == parse_kind("3p")
    play(m, "1:kakan 3p")
    assert m.phase is Phase.CHANKAN and has(m, 2, A.RON)
    events = play(m, "2:ron")
    (win,) = events_of(events, Win)
    assert win.winner == 2 and win.discarder == 1
    assert "chankan" in {y.id for y in win.rows}


def test_ankan_dora_is_immediate() -> None:
    m = stacked_match("riichi", {0: "1111m123p456p789p9s"})
    events = play(m, "0:ankan 1111m")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("KanDeclared") < kinds.index("DoraRevealed") < kinds.index("TileDrawn")
    assert len(m.indicators) == 2


@pytest.mark.parametrize(("profile", "immediate"), [("riichi", False), ("ema", True)])
def test_open_kan_dora_timing(profile: str, immediate: bool) -> None:
    m = stacked_match(profile, {0: "1z123m456m789m2z3z5z6z", 1: "111z234p567p789p2s"})
    play(m, "0:discard 1z")
    pass_all(m, except_seats=[1])
    events = play(m, "1:daiminkan 111z")
    assert len(events_of(events, DoraRevealed)) == (1 if immediate else 0)
    events = play(m, f"1:discard {_name(m.drawn)}")
    kinds = [type(e).__name__ for e in events]
    if immediate:
        assert "DoraRevealed" not in kinds
    else:
        assert kinds.index("Discarded") < kinds.index("DoraRevealed")
    assert len(m.indicators) == 2


@pytest.mark.parametrize(("profile", "aborts"), [("riichi", True), ("ema", False)])
def test_four_kans_by_two_players(profile: str, aborts: bool) -> None:
    m = stacked_match(profile, {0: "1111m2222m3333m9p9s", 1: "4444m147p258p3z5z6z"})
    play(m, "0:ankan 1111m", "0:ankan 2222m", "0:ankan 3333m", "0:discard 9p")
    pass_all(m)
    assert has(m, 1, A.ANKAN)
    play(m, "1:ankan 4444m")
    assert len(m.indicators) == 5
    events = play(m, f"1:discard {_name(m.drawn)}")
    events += pass_all(m)
    assert [e.kind for e in events_of(events, AbortiveDraw)] == (["suukaikan"] if aborts else [])
    if not aborts:
        for seat in range(4):
            assert not has(m, seat, A.ANKAN) and not has(m, seat, A.KAKAN)


# --- abortive draws -------------------------------------------------------------------------


@pytest.mark.parametrize(("profile", "offered"), [("riichi", True), ("ema", False)])
def test_nine_terminals(profile: str, offered: bool) -> None:
    m = stacked_match(profile, {0: "19m19p19s1234z234m5p"})
    assert has(m, 0, A.KYUUSHU) is offered
    if offered:
        events = play(m, "0:kyuushu")
        assert [e.kind for e in events_of(events, AbortiveDraw)] == ["kyuushu_kyuuhai"]
        assert m.dealer == 0 and m.honba == 1 and m.hand_index == 1


def test_four_winds() -> None:
    hands = {0: "1z123m456m789m2z3z5z6z", 1: "1z234p567p789p2s3s9s", 2: "1z234s567s789s8p9p7z", 3: "1z"}
    hands[3] = "1z1p1p2p2p3p3p4s4s5s5s6s6s"
    m = stacked_match("riichi", hands)
    events = play(m, "0:discard 1z")
    for seat in (1, 2, 3):
        events += pass_all(m)
        events += play(m, f"{seat}:discard 1z")
    events += pass_all(m)
    assert [e.kind for e in events_of(events, AbortiveDraw)] == ["suufon_renda"]


@pytest.mark.parametrize(("profile", "aborts"), [("riichi", True), ("ema", False)])
def test_four_riichi(profile: str, aborts: bool) -> None:
    m = stacked_match(profile, FOUR_TENPAI)
    events = play(m, "0:riichi 9s")
    for seat in (1, 2, 3):
        events += pass_all(m)
        events += play(m, f"{seat}:riichi {_name(m.drawn)}")
    events += pass_all(m)
    assert len(events_of(events, RiichiAccepted)) == 4
    assert [e.kind for e in events_of(events, AbortiveDraw)] == (["suucha_riichi"] if aborts else [])
    if aborts:
        assert m.sticks == 4 and m.dealer == 0 and m.honba == 1


# --- exhaustive draws -----------------------------------------------------------------------

@pytest.mark.parametrize("tenpai", [(), (1,), (0, 2), (0, 1, 3), (0, 1, 2, 3)])
def test_noten_payments_and_dealer_renchan(tenpai: tuple[int, ...]) -> None:
    hands = {s: (FOUR_TENPAI[s] if s in tenpai else NOTEN[s]) for s in range(4)}
    m = stacked_match("riichi", hands)
    events = tsumogiri(m)
    (draw,) = events_of(events, ExhaustiveDraw)
    assert draw.tenpai == tuple(s in tenpai for s in range(4))
    n = len(tenpai)
    expected = [0] * 4
    if 0 < n < 4:
        for s in range(4):
            expected[s] = 3000 // n if s in tenpai else -3000 // (4 - n)
    assert list(draw.deltas) == expected
    started = events_of(events, HandStarted)[-1]
    assert started.dealer == (0 if 0 in tenpai else 1)
    assert started.honba == 1


def test_no_noten_payment_in_taiwanese_and_the_dealer_stays() -> None:
    m = stacked_match("taiwanese", {})
    events = tsumogiri(m)
    draws = events_of(events, ExhaustiveDraw)
    assert draws and list(draws[0].deltas) == [0, 0, 0, 0]
    assert events_of(events, HandStarted)[-1].dealer == 0


def test_nagashi_mangan() -> None:
    """Seat 1 draws (and throws) only terminals and honours; nobody calls them."""
    honours = ["9p"] * 4 + ["9s"] * 4 + ["3z"] * 4 + ["5z"] * 4 + ["7z"] * 2
    draws = [honours[i // 4] if i % 4 == 0 else "" for i in range(69)]
    m = stacked_match("riichi", NOTEN, draws)
    events = tsumogiri(m)
    (draw,) = events_of(events, ExhaustiveDraw)
    assert draw.nagashi == (1,)
    assert list(draw.deltas) == [-4000, 8000, -2000, -2000]


# --- game end -------------------------------------------------------------------------------


@pytest.mark.parametrize(("points", "ends"), [(1000, False), (900, True)])
def test_bust_below_zero_ends_exactly_zero_plays_on(points: int, ends: bool) -> None:
    hands = {0: FOUR_TENPAI[0], 1: NOTEN[1], 2: NOTEN[2], 3: NOTEN[3]}
    m = stacked_match("riichi", hands, start=(25000, 25000, 25000, points))
    events = tsumogiri(m)
    assert m.is_over is ends
    assert bool(events_of(events, MatchEnded)) is ends
    if not ends:
        assert m.scores[3] == 0


def _all_last(start: tuple[int, int, int, int], dealer_tenpai: bool) -> Match:
    hands = {3: FOUR_TENPAI[0] if dealer_tenpai else NOTEN[0], 0: NOTEN[1], 1: NOTEN[2], 2: NOTEN[3]}
    return stacked_match("riichi", hands, start=start, position=HandPosition(round_wind=1, hand_number=3))


def test_west_extension_when_nobody_reaches_30000() -> None:
    m = _all_last((25000, 25000, 25000, 25000), dealer_tenpai=False)
    assert m.dealer == 3
    events = tsumogiri(m)
    assert not m.is_over
    assert events_of(events, HandStarted)[-1].round_wind == 2


def test_all_last_ends_when_the_deal_passes_and_someone_has_30000() -> None:
    m = _all_last((31000, 23000, 23000, 23000), dealer_tenpai=False)
    tsumogiri(m)
    assert m.is_over


@pytest.mark.parametrize(("start", "ends"), [((20000, 20000, 20000, 40000), True), ((40000, 20000, 20000, 20000), False)])
def test_agari_yame_when_the_dealer_is_top(start: tuple[int, int, int, int], ends: bool) -> None:
    m = _all_last(start, dealer_tenpai=True)
    tsumogiri(m)
    assert m.is_over is ends
    if not ends:
        assert m.dealer == 3 and m.honba == 1


# --- sticks on multiple ron, draws, kans that cannot be robbed --------------------------------


@pytest.mark.parametrize("profile", ["riichi", "ema"])
def test_double_ron_sticks_when_the_second_winner_declared_riichi(profile: str) -> None:
    """One stick from an earlier hand plus seat 3's riichi stick. Tenhou: both to the first
    winner. EMA (RCR 4.1): seat 3 takes its own back, the rest goes to the first winner."""
    hands = {0: "9s3p111m999m111s9s1z2z", 1: WAIT1, 2: "147m258m369p1z2z3z4z", 3: WAIT3}
    m = stacked_match(profile, hands, ["", "", "6z"], position=HandPosition(riichi_sticks=1))
    play(m, "0:discard 9s")
    pass_all(m)
    for seat in (1, 2):
        play(m, f"{seat}:discard {_name(m.drawn)}")
        pass_all(m)
    play(m, "3:riichi 6z")
    pass_all(m)
    assert m.sticks == 2
    events = play(m, "0:discard 3p", "1:ron", "3:ron")
    first, second = events_of(events, Win)
    own_back = 1000 if profile == "ema" else 0
    assert first.deltas[1] == first.points + 2000 - own_back
    assert second.deltas[3] == second.points + own_back
    assert m.sticks == 0


def test_an_exhaustive_draw_keeps_the_sticks_on_the_table() -> None:
    hands = dict(NOTEN)
    hands[0] = FOUR_TENPAI[0]
    m = stacked_match("riichi", hands)
    play(m, "0:riichi 9s")
    pass_all(m)
    events = tsumogiri(m)
    assert list(events_of(events, ExhaustiveDraw)[0].deltas) == [3000, -1000, -1000, -1000]
    assert m.sticks == 1 and m.honba == 1 and m.dealer == 0
    assert m.scores == [27000, 24000, 24000, 24000]


def test_waiting_only_on_a_kind_held_four_times_is_noten() -> None:
    hands = dict(NOTEN)
    hands[1] = "234p567p789s5555z"
    m = stacked_match("riichi", hands)
    events = tsumogiri(m)
    assert events_of(events, ExhaustiveDraw)[0].tenpai[1] is False


def test_no_chankan_on_a_concealed_kan_in_riichi() -> None:
    """Seat 2's thirteen orphans wait on 9s alone; the dealer's ankan of 9s may not be robbed."""
    m = stacked_match("riichi", {0: "9999s123p456p789m2s", 2: "19m19p1s1234567z1z"})
    assert m.players[2].waits == (parse_kind("9s"),)
    play(m, "0:ankan 9999s")
    assert m.phase is Phase.TURN and m.awaiting() == [0]


def test_rinshan_kaihou_on_the_replacement_tile() -> None:
    m = stacked_match("riichi", {0: "1111m123p456p789p9s"}, dead="9s")
    events = play(m, "0:ankan 1111m")
    (draw,) = [e for e in events_of(events, TileDrawn) if e.replacement]  # type: ignore[attr-defined]
    assert kind_of(draw.tile) == parse_kind("9s")  # type: ignore[attr-defined]
    events = play(m, "0:tsumo")
    assert "rinshan_kaihou" in {y.id for y in events_of(events, Win)[0].rows}  # type: ignore[attr-defined]


# --- the dead wall and the hill in play ------------------------------------------------------


def test_a_kan_shortens_the_live_wall_and_keeps_fourteen_in_the_dead_wall() -> None:
    m = stacked_match("riichi", {0: "1111m123p456p789p9s"})
    assert m.wall.live_remaining == 136 - 14 - 53
    play(m, "0:ankan 1111m")
    assert m.wall.live_remaining == 136 - 14 - 53 - 1
    assert len(m.wall.dead) - m.wall.rinshan_taken == 14


def test_taiwanese_flower_drawn_in_play_is_replaced_from_the_hill() -> None:
    m = stacked_match("taiwanese", {}, ["1f"])
    play(m, f"0:discard {_name(m.drawn)}")
    events = pass_all(m)
    kinds = [type(e).__name__ for e in events if not isinstance(e, Discarded)]
    assert kinds[:4] == ["TileDrawn", "FlowerSetAside", "TileDrawn", "TailToDeadWall"]
    drawn = events_of(events, TileDrawn)
    assert not drawn[0].replacement and drawn[1].replacement  # type: ignore[attr-defined]
    assert m.players[1].flowers == [136]
    assert len(m.players[1].hand) == 17 and m.turn == 1
    assert len(m.wall.dead) - m.wall.rinshan_taken == 16


def test_taiwanese_hand_ends_with_the_hill_untouched_in_size() -> None:
    """Flowers fill the wall after the named tiles, so many are replaced on the way."""
    m = stacked_match("taiwanese", {})
    events = tsumogiri(m, until_live=0)
    assert events_of(events, FlowerSetAside)
    assert m.wall.live_remaining == 0
    assert len(m.wall.dead) - m.wall.rinshan_taken == 16
    assert tile_ledger(m) == expected_tiles(m.profile)
    events = play(m, f"{m.turn}:discard {_name(m.drawn)}")
    events += pass_all(m)
    assert events_of(events, ExhaustiveDraw)


def test_west_round_ends_after_any_hand_once_someone_has_30000() -> None:
    hands = {0: FOUR_TENPAI[0], 1: NOTEN[1], 2: NOTEN[2], 3: NOTEN[3]}
    m = stacked_match(
        "riichi", hands, start=(28000, 24000, 24000, 24000), position=HandPosition(round_wind=2, hand_number=0)
    )
    events = tsumogiri(m)
    assert events_of(events, HandEnded)[0].renchan  # type: ignore[attr-defined]
    assert m.is_over and m.final is not None


def test_no_bust_in_ema() -> None:
    hands = {0: FOUR_TENPAI[0], 1: NOTEN[1], 2: NOTEN[2], 3: NOTEN[3]}
    m = stacked_match("ema", hands, start=(30000, 30000, 30000, 500))
    tsumogiri(m)
    assert not m.is_over and m.scores[3] == -500


@pytest.mark.parametrize(("hand", "offered"), [("111m456p789p234s5z9s", True), ("1112m456p789p234s9s", False)])
def test_riichi_ankan_only_when_the_waits_stay(hand: str, offered: bool) -> None:
    """Riichi on 111m + tanki 5z: a kan of the drawn 1m keeps the wait. Riichi on 1112m (waits 2m
    and 3m): a kan of 1m would leave the 2m tanki alone, so it is refused."""
    m = stacked_match("riichi", {0: hand}, ["", "", "", "1m"])
    play(m, "0:riichi 9s")
    pass_all(m)
    tsumogiri(m, until_live=m.wall.live_remaining - 3, stop_seat=0)
    assert m.turn == 0 and kind_of(m.drawn or 0) == parse_kind("1m")
    assert has(m, 0, A.ANKAN) is offered


def test_a_bust_ends_the_match_and_leftover_sticks_go_to_the_top() -> None:
    hands = {0: FOUR_TENPAI[0], 1: NOTEN[1], 2: NOTEN[2], 3: NOTEN[3]}
    m = stacked_match("riichi", hands, start=(25000, 25000, 25000, 900))
    play(m, "0:riichi 9s")
    pass_all(m)
    events = tsumogiri(m)
    (end,) = events_of(events, MatchEnded)
    assert end.scores == (25000 - 1000 + 3000 + 1000, 24000, 24000, -100)  # type: ignore[attr-defined]
    assert end.ranks == (1, 2, 3, 4)  # type: ignore[attr-defined]  # 24000 tie: seat order from East


def test_pao_the_feeder_of_the_third_dragon_pays_a_daisangen_tsumo() -> None:
    hands = {0: "5z6z7z123p456p789p1s2s", 1: "55z66z77z234m8p9s9p1s"}
    draws = [""] * 9 + ["8p"]
    m = stacked_match("riichi", hands, draws)
    for dragon, junk in (("5z", "9s"), ("6z", "9p"), ("7z", "1s")):
        play(m, f"0:discard {dragon}")
        pass_all(m, except_seats=[1])
        play(m, f"1:pon {dragon[0]}{dragon}", f"1:discard {junk}")
        until_turn(m, 0)
    assert m.players[1].pao == 0
    play(m, f"0:discard {_name(m.drawn)}")
    until_turn(m, 1)
    assert kind_of(m.drawn or 0) == parse_kind("8p")
    events = play(m, "1:tsumo")
    (win,) = events_of(events, Win)
    assert win.pao == 0  # type: ignore[attr-defined]
    assert win.deltas == (-32000, 32000, 0, 0)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("first", "ron_after"), [("1p", False), ("2z", True)])
def test_a_winning_tile_without_yaku_still_makes_temporary_furiten(first: str, ron_after: bool) -> None:
    """Seat 2 waits on 1p-4p with a triplet (no pinfu): 4p gives tanyao, 1p no yaku. Letting the
    dealer's 1p pass (it cannot be ronned) still makes seat 2 furiten for seat 1's 4p."""
    hands = {0: "1p2z111z999p111s99s3z", 1: "4p147m258m369s4z5z6z", 2: "234m567m888s66p23p"}
    m = stacked_match("riichi", hands)
    play(m, f"0:discard {first}")
    assert not has(m, 2, A.RON)
    pass_all(m)
    play(m, "1:discard 4p")
    assert has(m, 2, A.RON) is ron_after


def test_taiwanese_kong_draws_from_the_hill_and_refills_it() -> None:
    m = stacked_match("taiwanese", {0: "1111m123p456p789p1s2s3s4s"})
    live = m.wall.live_remaining
    events = play(m, "0:ankan 1111m")
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["KanDeclared", "TileDrawn", "TailToDeadWall"]
    assert "DoraRevealed" not in kinds
    assert m.wall.live_remaining == live - 1
    assert len(m.wall.dead) - m.wall.rinshan_taken == 16
    assert len(m.players[0].hand) == 14 and m.turn == 0


def test_triple_ron_in_ema_riichi_winners_take_their_own_sticks_back() -> None:
    hands = {0: "9s3p111m999m111s9s1z2z", 1: WAIT1, 2: WAIT2, 3: WAIT3}
    m = stacked_match("ema", hands, ["", "6z", "7z"], position=HandPosition(riichi_sticks=1))
    play(m, "0:discard 9s")
    pass_all(m)
    play(m, f"1:discard {_name(m.drawn)}")
    pass_all(m)
    play(m, "2:riichi 6z")
    pass_all(m)
    play(m, "3:riichi 7z")
    pass_all(m)
    assert m.sticks == 3
    events = play(m, "0:discard 3p", "1:ron", "2:ron", "3:ron")
    w1, w2, w3 = events_of(events, Win)
    assert [w.winner for w in (w1, w2, w3)] == [1, 2, 3]  # type: ignore[attr-defined]
    assert w1.deltas[1] == w1.points + 1000  # type: ignore[attr-defined]
    assert w2.deltas[2] == w2.points + 1000  # type: ignore[attr-defined]
    assert w3.deltas[3] == w3.points + 1000  # type: ignore[attr-defined]
    assert m.sticks == 0


@pytest.mark.parametrize(("dealer_tenpai", "ends"), [(False, True), (True, False)])
def test_ema_all_last_no_west_round_and_no_agari_yame(dealer_tenpai: bool, ends: bool) -> None:
    hands = {3: FOUR_TENPAI[0] if dealer_tenpai else NOTEN[0], 0: NOTEN[1], 1: NOTEN[2], 2: NOTEN[3]}
    m = stacked_match(
        "ema", hands, start=(26000, 26000, 26000, 42000), position=HandPosition(round_wind=1, hand_number=3)
    )
    tsumogiri(m)
    assert m.is_over is ends


@pytest.mark.parametrize("profile", ["riichi", "ema", "taiwanese"])
def test_stacked_scenarios_replay_from_their_records(profile: str) -> None:
    """A stacked match (kans, claims, a win, the next hand) replays from its record alone."""
    from game.engine import replay

    m = _three_waits(profile, position=HandPosition(honba=1, riichi_sticks=1))
    play(m, "0:discard 3p", "1:pass", "2:pass", "3:pass")
    events = tsumogiri(m)
    assert events_of(events, HandStarted)
    for _ in range(12):
        if m.phase is Phase.TURN:
            play(m, f"{m.turn}:discard {_name(m.drawn)}")
        else:
            pass_all(m)
    again = replay(m.record, m.profile)
    assert again.state_hash() == m.state_hash()
