"""Hong Kong Old Style played whole: the flow of a match, checked event by event against the
rulebook's words (``profiles/hongkong.toml`` cites each), never against the engine's own scorer.

Seeded matches between AI seats (two normal, two efficiency) must show: the prevailing wind turning
East, South, West, North and the match ending after the North round (W-MJ §Game play); the
dealer dealing again after his own win or a drawn hand, the deal passing on after another seat's
win (W-MJ §Scoring, game.renchan = "win_or_draw"); no payment on a drawn hand ("Only the winner
scores"); every win worth the 3-fan minimum without its flower rows (S-FAQ17; W-MJ §Scoring);
its payments those of the standard modifiers, worked here from its fan: u = 2^fan to the 13-fan
limit, a self-draw 2u from each of the three others, a discard win 2u from the discarder and u
from each other (半銃, W-HKSR §Overview of scoring); and no flower ever discarded or held in a
winning hand (W-MJ §Game play: a flower is set aside and replaced).
"""

from __future__ import annotations

import pytest

from game.ai.levels import make_seat
from game.engine import Match, load_profile
from game.engine.events import Discarded, Event, ExhaustiveDraw, FlowerSetAside, HandStarted, MatchEnded, Win
from game.engine.tiles import is_flower_kind, kind_of

HK = load_profile("hongkong")
FLOWER_ROWS = {"no_flowers", "seat_flower", "flower_set"}  # hongkong.toml: flowers never count toward the minimum
SEATS = ("normal", "efficiency", "normal", "efficiency")


def played(seed: int) -> list[Event]:
    m = Match(HK, seed)
    bots = [make_seat(SEATS[s], seed, s, HK) for s in range(4)]
    while not m.is_over:
        seat = m.awaiting()[0]
        m.apply(bots[seat].decide(m.observe(seat)))
        assert m.hand_index < 400, "a Hong Kong match between these seats does not end"
    return list(m.events)


def hand_worked_deltas(win: Win) -> tuple[int, ...]:
    u = 2 ** min(win.value, 13)  # base 1, doubling each fan, 13 the limit
    out = [0, 0, 0, 0]
    for seat in range(4):
        if seat != win.winner:
            out[seat] = -2 * u if win.discarder in (None, seat) else -u
    out[win.winner] = -sum(out)
    return tuple(out)


@pytest.fixture(scope="module")
def matches() -> list[list[Event]]:
    return [played(seed) for seed in (3, 11)]


def test_the_prevailing_wind_turns_east_to_north_and_the_match_ends_after_north(matches: list[list[Event]]) -> None:
    for events in matches:
        winds = [e.round_wind for e in events if isinstance(e, HandStarted)]
        assert winds == sorted(winds) and set(winds) == {0, 1, 2, 3}
        assert isinstance(events[-1], MatchEnded)


def test_the_dealer_deals_again_after_his_win_or_a_draw_and_only_then(matches: list[list[Event]]) -> None:
    seen = {"draw": 0, "dealer_win": 0, "passed": 0}
    for events in matches:
        starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
        for here, following in zip(starts, starts[1:], strict=False):
            start, nxt = events[here], events[following]
            assert isinstance(start, HandStarted) and isinstance(nxt, HandStarted)
            ends = [e for e in events[here:following] if isinstance(e, (Win, ExhaustiveDraw))]
            assert len(ends) == 1  # one winner at most (head bump), or a drawn hand
            end = ends[0]
            keeps = isinstance(end, ExhaustiveDraw) or end.winner == start.dealer
            assert (nxt.dealer == start.dealer) is keeps, (start, end, nxt)
            if not keeps:
                assert nxt.dealer == (start.dealer + 1) % 4
            seen["draw" if isinstance(end, ExhaustiveDraw) else "dealer_win" if keeps else "passed"] += 1
    assert all(seen.values()), seen  # each case happened


def test_only_the_winner_scores_and_pays_as_worked_from_the_fan(matches: list[list[Event]]) -> None:
    wins = [e for events in matches for e in events if isinstance(e, Win)]
    draws = [e for events in matches for e in events if isinstance(e, ExhaustiveDraw)]
    assert wins and draws
    assert all(d.deltas == (0, 0, 0, 0) for d in draws)
    assert any(w.discarder is None for w in wins) and any(w.discarder is not None for w in wins)
    for w in wins:
        counted = sum(r.value for r in w.rows if r.id not in FLOWER_ROWS)
        assert counted >= 3 or w.limit, w.rows
        assert w.value == min(sum(r.value for r in w.rows), 13) or w.limit
        assert w.deltas == hand_worked_deltas(w), (w.rows, w.discarder, w.deltas)
        assert w.honba == 0 and w.riichi_sticks == 0


def test_flowers_are_set_aside_never_discarded_nor_held_in_a_win(matches: list[list[Event]]) -> None:
    events = [e for m in matches for e in m]
    assert any(isinstance(e, FlowerSetAside) for e in events)
    assert all(is_flower_kind(kind_of(e.tile)) for e in events if isinstance(e, FlowerSetAside))
    assert not any(is_flower_kind(kind_of(e.tile)) for e in events if isinstance(e, Discarded))
    for w in (e for e in events if isinstance(e, Win)):
        assert not any(is_flower_kind(kind_of(t)) for t in w.hand)
