"""Penalties at a strict table (issue 3 §4): false wins and false calls, as each rulebook says.

Expected payments are worked from the rule texts in the comments (riichi's reverse mangan, EMA RCR
2016 3.4.6 chombo and 3.4.7 dead hand, the Seed-FR dead hand 相公 paying the winner), never copied
from the engine's output.
"""

from __future__ import annotations

import pytest

from game.ai.baseline import RandomBot
from game.engine import HandPosition, HandSetup, Match, replay
from game.engine.actions import Action, ActionKind
from game.engine.errors import IllegalActionError
from game.engine.events import Event, ExhaustiveDraw, HandStarted, MatchEnded, Penalty, PenaltyKind, Win
from game.engine.invariants import check_all, starting_total
from game.engine.profile import load_profile
from tests.engine_helpers import events_of, pass_all, play, stack

A = ActionKind
# seat 0 deals; seat 1 sits at the strict table. No hand below is complete or claims 1z/3z by
# accident: the dealer's first discard 1z interests only the strict seat.
DEALER = "1357m2468p1357s12z"
STRICT = "2468m1357p2468s3z"
QUIET2 = "55m55p77s445566z7z"
QUIET3 = "8m8p8s1z2z3z4z7m7p7s5z6z7z"
TENPAI = "234m678m345s66s45p"  # tanyao-pinfu shape waiting on 3p-6p


def strict_match(profile_id: str, hands: dict[int, str], draws: tuple[str, ...] = (), *,
                 position: HandPosition | None = None, more: dict[int, HandSetup] | None = None,
                 strict: tuple[int, ...] = (1,)) -> Match:
    prof = load_profile(profile_id)
    dealer = position.hand_number % 4 if position else 0
    setups = {0: stack(prof, hands, draws, dealer=dealer), **(more or {})}
    return Match(prof, 5, setups=setups, first_dealer=0, position=position, strict_seats=strict)


def penalties(events: list[Event]) -> list[Penalty]:
    return [e for e in events if isinstance(e, Penalty)]


def test_a_strict_seat_is_asked_about_every_discard_and_may_declare_anything() -> None:
    m = strict_match("riichi", {0: DEALER, 1: STRICT, 2: QUIET2, 3: QUIET3})
    play(m, "0:discard 1z")
    assert m.awaiting() == [1]  # nobody else can use the 1z; the strict seat is asked anyway
    kinds = {a.kind for a in m.legal_actions(1)}
    assert kinds == {A.RON, A.CHI, A.PON, A.DAIMINKAN, A.PASS}  # none of them possible: all false
    assert all(m.is_false(a) for a in m.legal_actions(1) if a.kind is not A.PASS)
    # the same hands without a strict seat: nobody is asked, seat 1 just draws
    m2 = strict_match("riichi", {0: DEALER, 1: STRICT, 2: QUIET2, 3: QUIET3}, strict=())
    play(m2, "0:discard 1z")
    assert m2.phase.value == "turn" and m2.turn == 1


def test_false_tsumo_in_riichi_is_a_reverse_mangan_and_a_redeal() -> None:
    m = strict_match("riichi", {0: DEALER, 1: STRICT, 2: QUIET2, 3: QUIET3}, ("9m",),
                     position=HandPosition(honba=2))
    play(m, "0:discard 1z", "1:pass")
    assert m.turn == 1 and Action(1, A.TSUMO) in m.legal_actions(1)
    assert m.is_false(Action(1, A.TSUMO))
    events = m.apply(Action(1, A.TSUMO))
    (pen,) = penalties(events)
    # a non-dealer's chombo: a mangan paid out, 4,000 to the dealer and 2,000 to each other
    assert (pen.seat, pen.kind, pen.offence) == (1, PenaltyKind.CHOMBO, "false_win")
    assert pen.deltas == (4000, -8000, 2000, 2000) and pen.after_uma == 0
    assert m.scores == [29000, 17000, 27000, 27000]
    (start,) = events_of(events, HandStarted)
    # re-dealt: the same dealer, no counter added (honba stays 2), a fresh wall
    assert (start.dealer, start.honba, start.round_wind, start.hand_number) == (0, 2, 0, 0)
    assert m.hand_index == 1


def test_a_dealer_chombo_pays_four_thousand_to_each() -> None:
    m = strict_match("riichi", {0: DEALER, 1: STRICT, 2: QUIET2, 3: QUIET3}, strict=(0,))
    events = m.apply(Action(0, A.TSUMO))
    (pen,) = penalties(events)
    assert pen.deltas == (-12000, 4000, 4000, 4000)


def test_chombo_returns_the_riichi_sticks_of_the_hand() -> None:
    # seat 2 is tenpai and declares riichi with the 9s it draws; then seat 1 calls a false tsumo
    m = strict_match("riichi", {0: DEALER, 1: STRICT, 2: TENPAI, 3: QUIET3}, ("9m", "9s", "9p", "1p", "8m"),
                     position=HandPosition(riichi_sticks=1))
    for move in ("0:discard 1z", "1:discard 9m", "2:riichi 9s", "3:discard 9p", "0:discard 1p"):
        play(m, move)
        pass_all(m)
    assert m.players[2].riichi and m.sticks == 2 and m.scores[2] == 24000
    m.apply(Action(1, A.TSUMO))
    # seat 2's stick of this hand goes back; the stick carried in from before stays on the table
    assert m.sticks == 1
    assert m.scores == [25000 + 4000, 25000 - 8000, 25000 + 2000, 25000 + 2000]


def test_ema_chombo_is_taken_after_uma_and_the_hand_is_dealt_again() -> None:
    # South 4 (dealer: seat 3). Hand 0: seat 1 calls a false ron on the dealer's 1z (RCR 2016 3.4.6:
    # 20,000 from the final score after uma; re-deal, same dealer, no counter). Hand 1 (the
    # re-deal): seat 0 wins on the dealer's first discard and the match ends.
    prof = load_profile("ema")
    south4 = HandPosition(round_wind=1, hand_number=3, honba=1)
    redeal = stack(prof, {3: "3p111m999m111s999s1z", 0: TENPAI, 1: STRICT, 2: QUIET2}, dealer=3)
    m = strict_match("ema", {3: DEALER, 1: STRICT, 2: QUIET2, 0: QUIET3}, position=south4, more={1: redeal})
    play(m, "3:discard 1z")
    events = m.apply(Action(1, A.RON))
    (pen,) = penalties(events)
    assert (pen.kind, pen.after_uma, pen.deltas) == (PenaltyKind.CHOMBO, 20000, (0, 0, 0, 0))
    assert m.scores == [30000] * 4  # nothing paid during play
    (start,) = events_of(events, HandStarted)
    assert (start.dealer, start.honba) == (3, 1)
    events = play(m, "3:discard 3p", "1:pass", "0:ron")
    (win,) = events_of(events, Win)
    (end,) = events_of(events, MatchEnded)
    # RCR 2016 3.6: uma 15/5/-5/-15, no oka, return 30,000; tied players split the uma of the
    # places they share (3.6.1) -- here seats 1 and 2 are tied on 30,000
    uma = [15, 5, -5, -15]
    for s in range(4):
        tied = sum(1 for r in end.ranks if r == end.ranks[s])
        shared = sum(uma[end.ranks[s] - 1 : end.ranks[s] - 1 + tied]) / tied
        expected = (end.scores[s] - 30000) / 1000 + shared - (20 if s == 1 else 0)
        assert end.final_points[s] == pytest.approx(expected)
    assert win.winner == 0 and end.ranks[0] == 1
    assert end.ranks[1] < 4  # placings come from the points, before the chombo is taken


def test_ema_a_valid_win_on_the_same_discard_voids_the_chombo() -> None:
    # RCR 2016 3.4.6: a chombo and a win declared at the same time: the win stands, no chombo
    m = strict_match("ema", {0: "3p111m999m111s999s1z", 1: "2468m1579p2468s3z", 2: QUIET2,
                             3: "567m234s777p88s33p"})
    events = play(m, "0:discard 3p", "1:ron", "3:ron")
    assert not penalties(events)
    assert [w.winner for w in events_of(events, Win)] == [3]
    assert m.penalty_points == [0, 0, 0, 0]


def test_false_call_is_a_dead_hand_never_asked_again_and_noten_at_the_draw() -> None:
    m = strict_match("riichi", {0: DEALER, 1: TENPAI, 2: QUIET2, 3: QUIET3})
    events = play(m, "0:discard 1z", "1:pon")
    (pen,) = penalties(events)
    assert (pen.seat, pen.kind, pen.offence) == (1, PenaltyKind.DEAD_HAND, "false_call")
    assert m.players[1].dead_hand and m.observe(0).seats[1].dead_hand
    assert not m.players[1].melds  # the call is void
    assert m.turn == 1  # play goes on: the seat after the discarder draws
    assert {a.kind for a in m.legal_actions(1)} == {A.DISCARD}  # no tsumo, even declared
    exhaustive: list[ExhaustiveDraw] = []
    while not exhaustive:
        seat = m.awaiting()[0]
        if m.phase.value == "turn":
            drawn = m.drawn
            acts = [a for a in m.legal_actions(seat) if a.kind is A.DISCARD]
            act = next((a for a in acts if a.tiles == (drawn,)), acts[0])
        else:
            act = Action(seat, A.PASS)
        assert 1 not in m.awaiting() or m.phase.value == "turn"  # never asked about a discard
        exhaustive = [e for e in m.apply(act) if isinstance(e, ExhaustiveDraw)]
    # seat 1 kept its tenpai shape (tsumogiri throughout) but a dead hand is never tenpai (RCR 3.4.7)
    assert exhaustive[0].tenpai[1] is False


def test_taiwanese_false_win_is_a_dead_hand_that_pays_the_winner() -> None:
    # Seed-FR: the player "ne peut plus faire Mah-Jong et doit payer le joueur gagnant". Seat 1
    # calls a false Mah-Jong on the dealer's 9s; seat 2 wins on the same tile. The dead hand pays
    # what it would pay had it discarded the tile: the dealer's payment less the dealer tai (§4.5:
    # the dealer's 1 tai counts only between the dealer and the winner; 1 tai = 10 points).
    m = strict_match("taiwanese", {
        0: "9s111z222z333z444z55z66z",
        1: "2468m2468p12468s777z",
        2: "123m456m789m123p456p9s",
        3: "3579m3579p3579s111p7z",
    })
    events = play(m, "0:discard 9s")
    for seat in [s for s in m.awaiting() if s not in (1, 2)]:
        events += m.apply(Action(seat, A.PASS))
    events += m.apply(Action(1, A.RON))
    events += m.apply(Action(2, A.RON))
    (pen,) = penalties(events)
    assert (pen.seat, pen.kind, pen.offence) == (1, PenaltyKind.DEAD_HAND, "false_win")
    (win,) = events_of(events, Win)
    dealer_pays = -win.deltas[0]
    assert win.winner == 2 and dealer_pays > 0
    assert win.deltas[1] == -(dealer_pays - 10)
    assert win.deltas[2] == dealer_pays + dealer_pays - 10 and win.deltas[3] == 0


# a Taiwanese table: the dealer throws 1z first; seat 1 (strict) calls a false Mah-Jong on it
TW_DEALER = "1z2468m1357p2468s357z9m"
TW_STRICT = "2468m1357p2468s12z5z9p"
TW_QUIET2 = "135m135p135s66z77z4z9s9s"
TW_QUIET3 = "579m579p579s4z5z6z7z2z1m1p"


def test_taiwanese_dead_hand_sits_out_the_hand_which_goes_on_with_three() -> None:
    """Seed-FR: « ne peut plus jouer, la manche continue à trois joueurs »: the dead hand neither
    draws nor discards nor claims; the turn passes it by (game.dead_hand_turns = "skipped")."""
    m = strict_match("taiwanese", {0: TW_DEALER, 1: TW_STRICT, 2: TW_QUIET2, 3: TW_QUIET3})
    events = play(m, "0:discard 1z", "1:ron")
    (pen,) = penalties(events)
    assert (pen.seat, pen.offence) == (1, "false_win") and m.players[1].dead_hand
    assert m.turn == 2  # seat 1 would draw next: it is skipped
    held = list(m.players[1].hand)
    for _ in range(40):  # play on: seat 1 is never in turn, never asked, its tiles never move
        if m.hand_index:
            break
        seat = m.awaiting()[0]
        assert seat != 1 and not m.legal_actions(1)
        act = (Action(seat, A.DISCARD, (m.drawn,)) if m.phase.value == "turn" and m.drawn is not None
               else next(a for a in m.legal_actions(seat) if a.kind in (A.PASS, A.DISCARD)))
        m.apply(act)
    assert m.players[1].hand == held or m.hand_index


def test_taiwanese_the_next_seat_to_play_may_chow_past_a_dead_hand() -> None:
    """With seat 1 sitting out, seat 2's turn follows the dealer's: seat 2 may chow the dealer's
    discard (« Seul le joueur suivant peut annoncer un Chow »: the next one to play)."""
    hands = {0: TW_DEALER, 1: TW_STRICT, 2: "46m135p135s66z77z4z9s9s2z", 3: TW_QUIET3}
    m = strict_match("taiwanese", hands, ("", "", "5m"))
    play(m, "0:discard 1z", "1:ron")
    assert m.turn == 2
    m.apply(Action(2, A.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
    pass_all(m)
    m.apply(Action(3, A.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
    pass_all(m)
    assert m.turn == 0
    assert m.drawn is not None and m.drawn >> 2 == 4  # the dealer drew the 5m
    m.apply(Action(0, A.DISCARD, (m.drawn,)))
    assert A.CHI in {a.kind for a in m.legal_actions(2)}  # seat 2 plays next after the dealer


def test_a_false_tsumo_in_its_own_turn_passes_the_turn_on() -> None:
    m = strict_match("taiwanese", {0: TW_DEALER, 1: TW_STRICT, 2: TW_QUIET2, 3: TW_QUIET3}, strict=(0,))
    events = play(m, "0:tsumo")
    (pen,) = penalties(events)
    assert (pen.seat, pen.kind) == (0, PenaltyKind.DEAD_HAND)
    assert m.turn == 1 and len(m.players[0].hand) == 17  # the dealer keeps his 17th and sits out
    assert check_all(m, starting_total(m)) == []


def test_riichi_and_ema_dead_hands_still_draw_and_discard() -> None:
    for profile_id in ("riichi", "ema"):
        m = strict_match(profile_id, {0: DEALER, 1: TENPAI, 2: QUIET2, 3: QUIET3})
        play(m, "0:discard 1z", "1:pon")
        assert m.players[1].dead_hand and m.turn == 1  # RCR 2016 3.4.7: it plays on


def test_only_strict_seats_may_declare_falsely() -> None:
    m = strict_match("riichi", {0: DEALER, 1: STRICT, 2: QUIET2, 3: QUIET3}, strict=())
    with pytest.raises(IllegalActionError):
        m.apply(Action(0, A.TSUMO))
    play(m, "0:discard 1z")
    with pytest.raises(IllegalActionError):
        m.apply(Action(1, A.PON))
    assert not m.is_false(Action(0, A.TSUMO))


def test_a_strict_record_replays_to_the_same_state() -> None:
    m = strict_match("riichi", {0: DEALER, 1: TENPAI, 2: QUIET2, 3: QUIET3}, ("9m",))
    play(m, "0:discard 1z", "1:pon", "1:discard 9m")
    rec = m.record
    assert rec.strict_seats == (1,) and "1:pon" in rec.actions
    again = replay(rec, m.profile)
    assert again.state_hash() == m.state_hash() and again.players[1].dead_hand


@pytest.mark.parametrize("profile_id", ["riichi", "ema", "taiwanese"])
def test_a_random_strict_seat_keeps_every_invariant(profile_id: str) -> None:
    """A strict seat choosing at random among everything it may declare (false wins and calls
    included) against random seats: the tiles, hand sizes, score sums and legal actions stay
    consistent after every action, and the record replays."""
    prof = load_profile(profile_id)
    penalties_seen: set[PenaltyKind] = set()
    for seed in range(6):
        m = Match(prof, seed, strict_seats=(0,))
        bots = [RandomBot(seed, s) for s in range(4)]
        total = starting_total(m)
        while not m.is_over and m.hand_index < 12:
            seat = m.awaiting()[0]
            for e in m.apply(bots[seat].decide(m.observe(seat))):
                if isinstance(e, Penalty):
                    penalties_seen.add(e.kind)
            assert check_all(m, total) == []
        assert replay(m.record, prof).state_hash() == m.state_hash()
    expected = {PenaltyKind.DEAD_HAND} | ({PenaltyKind.CHOMBO} if prof.game.false_win == "chombo" else set())
    assert expected <= penalties_seen
