"""Taiwanese special wins that the match itself must see (issue 3): 八仙過海, 七搶一, 嚦咕嚦咕, and
four kongs by several players as a drawn hand (the 四槓 house rule).

Payments are worked by hand from the profile's table (rules-reference §4.5, TW-CHH): value(t) =
base 30 + 10 x t, the dealer's 1 tai added only between the dealer and the other party.
"""

from __future__ import annotations

import dataclasses

from game.engine import Match
from game.engine.actions import Action, ActionKind
from game.engine.events import AbortiveDraw, FlowerSetAside, Win
from game.engine.profile import RuleProfile, load_profile
from tests.engine_helpers import events_of, pass_all, play, stack

DEALER = "9s111z222z333z444z55z66z"  # 17 tiles, seat 0 deals
SEAT1 = "2468m2468p12468s777z"
SEAT3 = "3579m3579p3579s111p7z"


def taiwanese(**tai: int) -> RuleProfile:
    prof = load_profile("taiwanese")
    return dataclasses.replace(prof, tai=dataclasses.replace(prof.tai, **tai))


def match_of(prof: RuleProfile, hands: dict[int, str], draws: tuple[str, ...] = ()) -> Match:
    return Match(prof, 3, setups={0: stack(prof, hands, draws)}, first_dealer=0)


def test_all_eight_flowers_win_at_once_paid_as_a_self_draw() -> None:
    prof = load_profile("taiwanese")
    assert prof.tai.eight_flowers_win == 8
    m = match_of(prof, {0: DEALER, 1: SEAT1, 2: "12345678f135m135p13s", 3: SEAT3})
    (win,) = events_of(m.events, Win)
    assert (win.winner, win.discarder) == (2, None) and win.value == 8
    assert [y.id for y in win.rows] == ["all_eight_flowers"]
    # 8 tai: 30 + 80 = 110 from each non-dealer; the dealer adds its 1 tai: 120
    assert win.deltas == (-120, -110, 340, -110)
    assert m.hand_index == 1 and m.dealer == 1  # a non-dealer won: the deal passes


def test_seven_flowers_rob_the_eighth_from_its_drawer() -> None:
    prof = load_profile("taiwanese")
    m = match_of(prof, {0: DEALER, 1: SEAT1, 2: "1234567f135m135p137s", 3: SEAT3}, ("8f",))
    assert not events_of(m.events, Win)
    events = play(m, "0:discard 9s")
    events += pass_all(m)
    flowers = events_of(events, FlowerSetAside)
    assert [(f.seat, f.tile) for f in flowers][:1] == [(1, flowers[0].tile)]
    (win,) = events_of(events, Win)
    assert (win.winner, win.discarder, win.tile) == (2, 1, flowers[0].tile)
    assert [y.id for y in win.rows] == ["seven_flowers_rob_the_eighth"]
    assert win.deltas == (0, -110, 110, 0)  # the drawer pays alone, as a discarder; no dealer involved


def test_without_the_rows_the_flowers_are_only_flowers() -> None:
    prof = taiwanese(eight_flowers_win=0)
    m = match_of(prof, {0: DEALER, 1: SEAT1, 2: "12345678f135m135p13s", 3: SEAT3})
    assert not events_of(m.events, Win) and len(m.players[2].flowers) == 8


LIGU = "11m55m22p88p33s99s777z4z"  # six pairs, a pung and a single: waits on 4z
SEAT2 = "23468m3467p24568s13z"
SEAT3_LIGU = "3579m1569p1457s5566z"


def test_ligu_with_its_house_rule_is_tenpai_and_wins_on_a_discard() -> None:
    prof = taiwanese(ligu=8)
    m = match_of(prof, {0: DEALER, 1: LIGU, 2: SEAT2, 3: SEAT3_LIGU})
    assert m.players[1].waits == (30,)  # 4z, kind 30
    play(m, "0:discard 4z")
    assert Action(1, ActionKind.RON) in m.legal_actions(1)
    events = m.apply(Action(1, ActionKind.RON))
    for seat in [s for s in m.awaiting() if s != 1]:
        events += m.apply(Action(seat, ActionKind.PASS))
    (win,) = events_of(events, Win)
    assert win.winner == 1 and "seven_pairs_and_a_pung" in [y.id for y in win.rows]


def test_ligu_without_its_house_rule_is_not_a_hand() -> None:
    m = match_of(load_profile("taiwanese"), {0: DEALER, 1: LIGU, 2: SEAT2, 3: SEAT3_LIGU})
    assert m.players[1].waits == ()
    play(m, "0:discard 4z")
    assert ActionKind.RON not in {a.kind for a in m.legal_actions(1)}


KAN_DEALER = "1111z2222z123m456p789s"
KAN_SEAT1 = "3333z4444z123p456s78m"


def _four_kongs(prof: RuleProfile) -> list[object]:
    m = match_of(prof, {0: KAN_DEALER, 1: KAN_SEAT1}, ("9m",))
    events: list[object] = []
    events += play(m, "0:ankan 1111z", "0:ankan 2222z", "0:discard 9s")
    events += pass_all(m)
    events += play(m, "1:ankan 3333z", "1:ankan 4444z", "1:discard 9m")
    events += pass_all(m)
    return events


def test_four_kongs_by_two_players_draw_the_hand_under_the_house_rule() -> None:
    events = _four_kongs(taiwanese(four_kong_win=8))
    assert [e.kind for e in events if isinstance(e, AbortiveDraw)] == ["suukaikan"]


def test_four_kongs_play_on_without_the_house_rule() -> None:
    assert not [e for e in _four_kongs(load_profile("taiwanese")) if isinstance(e, AbortiveDraw)]
