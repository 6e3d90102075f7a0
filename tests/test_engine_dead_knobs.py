"""The knobs that used to change nothing, now acting as their rulebooks say (issue 17 §1).

* ``claims.window = "win_until_next_discard"`` (EMA RCR 2016 3.3.1, Seed-EMA line 6): a win
  passed on a discard may still be declared after the next player drew, until he acts; his
  drawn tile goes back to the wall.
* ``kan.chankan_on_ankan_kokushi``: a thirteen-orphans hand may rob a concealed kan.
* ``wall.dora_indicator_stack``: the dora indicator is the upper tile of that stack.
* ``draws.nagashi_renchan``, ``tai.continue_on_draw``, ``tai.missed_discard_lock``.
* Records made before knobs were renamed or removed replay (``profile.FORMER_HASHES``).
"""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import events_of, pass_all, play, stack

from game.engine import Action, ActionKind, Match, RecordError, load_profile, replay
from game.engine.events import DrawReturned, KanDeclared, TileDrawn, Win
from game.engine.profile import FORMER_HASHES, RuleProfile, accepted_hashes
from game.engine.rules import rules_for
from game.engine.state import MatchState

EMA = load_profile("ema")
RIICHI = load_profile("riichi")
WAITS_3P_6P = "234m678m345s66s45p"  # tanyao, waits 3p-6p


def knobs(profile: RuleProfile, section: str, **values: object) -> RuleProfile:
    return dataclasses.replace(profile, **{section: dataclasses.replace(getattr(profile, section), **values)})


def passed_3p(profile: RuleProfile, dealer: str = "3p9p111z999p111s99s2z") -> tuple[Match, TileDrawn]:
    """The dealer throws 3p; seat 2, waiting on it, passes; seat 1 has drawn (that draw)."""
    m = Match(profile, 1, setups={0: stack(profile, {0: dealer, 2: WAITS_3P_6P})}, first_dealer=0)
    play(m, "0:discard 3p")
    assert any(a.kind is ActionKind.RON for a in m.legal_actions(2))
    (draw,) = events_of(pass_all(m), TileDrawn)
    assert m.turn == 1 and m.drawn == draw.tile and draw.seat == 1
    return m, draw


def test_ema_a_passed_win_can_still_be_claimed_after_the_draw() -> None:
    m, draw = passed_3p(EMA)
    live = m.wall.live_remaining
    assert m.awaiting() == [1]  # nobody waits for seat 2: the table goes on
    assert m.legal_actions(2) == [Action(2, ActionKind.RON)]
    assert m.legal_actions(3) == []  # only a seat that passed the win
    events = m.apply(Action(2, ActionKind.RON))
    back, win = events_of(events, DrawReturned)[0], events_of(events, Win)[0]
    assert (back.seat, back.tile, back.position) == (1, draw.tile, draw.position)  # back to its place
    assert events.index(back) < events.index(win)
    assert (win.winner, win.discarder, win.tile >> 2) == (2, 0, 3 + 9 - 1 - 0)  # 3p
    assert win.deltas[0] < 0 < win.deltas[2] and win.deltas[1] == 0
    assert not any(r.id == "haitei_raoyue" for r in win.rows) and live > 0


def test_ema_the_late_win_closes_when_the_drawing_seat_acts() -> None:
    m, _ = passed_3p(EMA)
    assert m.hand.late_win is not None
    m.apply(Action(1, ActionKind.DISCARD, (m.drawn,)))  # type: ignore[arg-type]
    assert m.hand.late_win is None  # South acted: East's 3p can no longer be won


def test_riichi_closes_every_claim_at_the_draw() -> None:
    m, _ = passed_3p(RIICHI)
    assert m.legal_actions(2) == [] and m.hand.late_win is None
    with pytest.raises(Exception, match="not-your-turn"):
        m.apply(Action(2, ActionKind.RON))


def test_a_late_win_on_a_riichi_declaration_tile_voids_the_riichi() -> None:
    m = Match(EMA, 1, setups={0: stack(EMA, {0: "123p456p789p111z3p9s", 2: WAITS_3P_6P})}, first_dealer=0)
    play(m, "0:riichi 3p")
    pass_all(m)
    assert m.players[0].riichi and m.sticks == 1 and m.scores[0] == 29000
    events = m.apply(Action(2, ActionKind.RON))
    (win,) = events_of(events, Win)
    assert win.riichi_sticks == 0  # the stick went back to the declarer: his riichi never stood
    assert m.scores[0] == 30000 + win.deltas[0]


def test_a_thirteen_orphans_hand_robs_a_concealed_kan_where_the_knob_allows_it() -> None:
    hands = {0: "1111m234p567p789p5s", 1: "9m19p19s1234567z9s"}
    for allowed in (False, True):
        p = knobs(RIICHI, "kan", chankan_on_ankan_kokushi=allowed)
        m = Match(p, 1, setups={0: stack(p, hands)}, first_dealer=0)
        events = play(m, "0:ankan 1111m")
        assert events_of(events, KanDeclared)
        if not allowed:
            assert m.legal_actions(1) == [] and events_of(events, TileDrawn)[-1].replacement
            continue
        assert {a.kind for a in m.legal_actions(1)} == {ActionKind.RON, ActionKind.PASS}
        (win,) = events_of(m.apply(Action(1, ActionKind.RON)), Win)
        assert [r.id for r in win.rows] == ["kokushi_musou"] and win.limit == "yakuman" and win.discarder == 0


def test_a_passed_concealed_kan_goes_on_with_its_dora_and_replacement() -> None:
    p = knobs(RIICHI, "kan", chankan_on_ankan_kokushi=True)
    m = Match(p, 1, setups={0: stack(p, {0: "1111m234p567p789p5s", 1: "9m19p19s1234567z9s"})}, first_dealer=0)
    play(m, "0:ankan 1111m")
    events = m.apply(Action(1, ActionKind.PASS))
    assert len(m.indicators) == 2 and m.turn == 0 and events_of(events, TileDrawn)[0].replacement


@pytest.mark.parametrize("stack_no", [2, 3, 4])
def test_the_dora_indicator_is_the_upper_tile_of_its_stack(stack_no: int) -> None:
    p = knobs(RIICHI, "wall", dora_indicator_stack=stack_no)
    m = Match(p, 5)
    assert m.indicators == [m.wall.upper_tile(stack_no - 1)[0]]


def test_nagashi_renchan_follows_the_dealer_s_tenpai_or_his_nagashi() -> None:
    tenpai = rules_for(RIICHI).renchan
    nagashi = rules_for(knobs(RIICHI, "draws", nagashi_renchan="dealer_nagashi")).renchan
    # the dealer is noten but made nagashi mangan; then tenpai without it
    assert (tenpai.after_draw(False, True, True), nagashi.after_draw(False, True, True)) == (False, True)
    assert (tenpai.after_draw(True, False, True), nagashi.after_draw(True, False, True)) == (True, False)
    assert tenpai.after_draw(True, False, False) and nagashi.after_draw(True, False, False)  # no nagashi


def test_a_drawn_hand_is_a_continuation_only_with_continue_on_draw() -> None:
    tw = load_profile("taiwanese")
    for on, streak in ((True, 1), (False, 0)):
        m = MatchState([0, 0, 0, 0], 0, 0)
        rules_for(knobs(tw, "tai", continue_on_draw=on)).renchan.next_hand(m, renchan=True, won=False, drawn=True)
        assert (m.dealer, m.dealer_streak) == (0, streak)


def test_records_made_before_the_knobs_changed_still_replay() -> None:
    match = Match(RIICHI, 11)
    for _ in range(40):
        seat = match.awaiting()[0]
        match.apply(match.legal_actions(seat)[-1])
    record = match.record
    old = next(iter(FORMER_HASHES[("riichi", "hanchan")]))
    assert old != RIICHI.hash and old in accepted_hashes(RIICHI)
    assert replay(dataclasses.replace(record, profile_hash=old), RIICHI).state_hash() == record.state_hash
    with pytest.raises(RecordError):
        replay(dataclasses.replace(record, profile_hash="0123456789abcdef"), RIICHI)
    tonpuu = knobs(RIICHI, "game", length="tonpuu")
    assert FORMER_HASHES[("riichi", "tonpuu")] <= accepted_hashes(tonpuu)
    assert accepted_hashes(knobs(RIICHI, "game", tobi=False)) == {knobs(RIICHI, "game", tobi=False).hash}
