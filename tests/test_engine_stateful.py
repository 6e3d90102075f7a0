"""Random walks through whole matches, checking the engine's bookkeeping at every step.

Hypothesis picks the match seed and the seed of the choices; the walk takes random legal actions
(calls, kans and riichi included, since random choice among the options takes them often) and
at each step checks: every physical tile is in exactly one place; hand sizes; points conserved;
legal actions accepted and illegal ones refused without a trace; notation of every legal action
read back to itself. At the end the record must replay to the same state, and a record under
another profile, or cut short, must be refused.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from engine_helpers import expected_tiles, tile_ledger
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HPhase
from hypothesis import strategies as st

from game.engine import HandPosition, Match, Phase, replay
from game.engine.actions import Action, ActionKind
from game.engine.errors import IllegalActionError, RecordError
from game.engine.profile import load_profile
from game.engine.tiles import RED_FIVE_IDS, kind_of

PROFILES = {name: load_profile(name) for name in ("riichi", "ema", "taiwanese")}
STEPS = 300
_TILE_COUNT = {
    ActionKind.DISCARD: 1,
    ActionKind.RIICHI: 1,
    ActionKind.KAKAN: 1,
    ActionKind.ANKAN: 4,
    ActionKind.CHI: 2,
    ActionKind.PON: 2,
    ActionKind.DAIMINKAN: 3,
}


def _classes(tiles: tuple[int, ...], reds: frozenset[int]) -> tuple[tuple[int, bool], ...]:
    return tuple(sorted((kind_of(t), t in reds) for t in tiles))


def _same(a: Action, b: Action, reds: frozenset[int] = RED_FIVE_IDS) -> bool:
    """The same decision, whichever physical copies of a tile it names (a five of copy 0 is only
    a different tile where the rulebook has red fives)."""
    return a.seat == b.seat and a.kind == b.kind and _classes(a.tiles, reds) == _classes(b.tiles, reds)


def _check_table(m: Match) -> None:
    prof = m.profile
    assert tile_ledger(m) == expected_tiles(prof), "a tile is missing or in two places"
    size = prof.deal.hand_size
    for seat, p in enumerate(m.players):
        in_turn = m.phase is Phase.TURN and m.turn == seat
        assert len(p.hand) + 3 * len(p.melds) == size + (1 if in_turn else 0), (seat, p.hand, p.melds)
        assert all(m_.tiles for m_ in p.melds)
        assert len(p.melds) <= prof.win.sets
        for meld in p.melds:
            assert len(meld.tiles) == (4 if meld.is_kan else 3)
    assert sum(m.scores) + 1000 * m.sticks == 4 * prof.game.start_points


def _random_action(rng: random.Random, m: Match) -> Action:
    kind = rng.choice(list(ActionKind))
    n = _TILE_COUNT.get(kind, 0)  # well formed; malformed counts have their own test
    seat = rng.choice([0, 1, 2, 3, 0, 1, 2, 3, 4, -1])
    pool = list(range(136)) if rng.random() < 0.5 else list(m.players[seat % 4].hand) or [0]
    tiles = tuple(rng.choice(pool) for _ in range(n))
    return Action(seat, kind, tiles)


def _probe_illegal(rng: random.Random, m: Match) -> None:
    before = m.state_hash()
    n_actions = len(m.actions)
    for _ in range(3):
        a = _random_action(rng, m)
        legal = m.legal_actions(a.seat) if 0 <= a.seat < 4 else []
        if any(_same(a, b, m.red_ids) for b in legal):
            continue
        with pytest.raises(IllegalActionError):
            m.apply(a)
        assert m.state_hash() == before
        assert len(m.actions) == n_actions


def _walk(profile_id: str, seed: int, choice_seed: int, steps: int = STEPS, every: int = 1) -> Match:
    prof = PROFILES[profile_id]
    m = Match(prof, seed)
    rng = random.Random(choice_seed)
    for step in range(steps):
        if m.is_over:
            break
        if step % every:
            seat = rng.choice(m.awaiting())
            m.apply(rng.choice(m.legal_actions(seat)))
            continue
        _check_table(m)
        waiting = m.awaiting()
        assert waiting, "the match waits for nobody"
        for seat in range(4):
            if seat not in waiting:
                assert m.legal_actions(seat) == []
        seat = rng.choice(waiting)
        legal = m.legal_actions(seat)
        assert legal, f"seat {seat} is awaited but has no legal action"
        for a in legal:
            assert m.parse_action(str(a)) == a
        if m.phase is not Phase.TURN:
            assert ActionKind.PASS in {a.kind for a in legal}
        _probe_illegal(rng, m)
        if step % (50 * every) == 0:
            for a in legal:  # every legal action is accepted
                twin = copy.deepcopy(m)
                twin.apply(a)
        m.apply(rng.choice(legal))
    if not m.is_over:
        _check_table(m)
    return m


@pytest.mark.parametrize("profile_id", PROFILES)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[HPhase.explicit, HPhase.reuse, HPhase.generate],  # a whole walk shrinks too slowly
)
def test_random_walk_keeps_the_table_consistent(profile_id: str, seed: int, choice_seed: int) -> None:
    m = _walk(profile_id, seed, choice_seed)
    record = m.record
    again = replay(record, PROFILES[profile_id])
    assert again.state_hash() == m.state_hash() == record.state_hash
    other = next(p for name, p in PROFILES.items() if name != profile_id)
    with pytest.raises(RecordError):
        replay(record, other)
    with pytest.raises(RecordError):
        replay(dataclasses.replace(record, profile_hash="0" * len(record.profile_hash)), PROFILES[profile_id])
    if record.actions:
        with pytest.raises(RecordError):
            replay(dataclasses.replace(record, actions=record.actions[:-1]), PROFILES[profile_id])
        with pytest.raises(RecordError):
            replay(dataclasses.replace(record, actions=(*record.actions, "0:fly")), PROFILES[profile_id])


@pytest.mark.parametrize("profile_id", ["riichi", "ema"])
def test_a_whole_random_match_replays(profile_id: str) -> None:
    m = _walk(profile_id, 77, 78, steps=100_000, every=10)
    assert m.is_over
    assert replay(m.record, PROFILES[profile_id]).state_hash() == m.state_hash()


def test_illegal_actions_after_the_end_are_refused() -> None:
    m = _walk("riichi", 5, 6, steps=100_000, every=25)
    assert m.is_over and m.awaiting() == []
    before = m.state_hash()
    for seat in range(4):
        assert m.legal_actions(seat) == []
        with pytest.raises(IllegalActionError):
            m.apply(Action(seat, ActionKind.PASS))
    assert m.state_hash() == before


def test_a_discard_without_its_tile_is_refused() -> None:
    m = Match(PROFILES["riichi"], 3, first_dealer=0)
    before = m.state_hash()
    with pytest.raises(IllegalActionError):
        m.apply(Action(0, ActionKind.DISCARD, ()))
    assert m.state_hash() == before


@pytest.mark.parametrize(
    "action",
    [
        Action(0, ActionKind.DISCARD, (500,)),
        Action(0, ActionKind.PON, (1, 2)),
        Action(1, ActionKind.DISCARD, (0,)),
        Action(7, ActionKind.PASS, ()),
        Action(-1, ActionKind.TSUMO, ()),
        Action(0, ActionKind.CHI, (0, 4, 8)),
        Action(0, ActionKind.RIICHI, ()),
        Action(0, ActionKind.KAKAN, ()),
        Action(0, ActionKind.ANKAN, (0,)),
    ],
)
def test_malformed_actions_are_refused_without_a_trace(action: Action) -> None:
    m = Match(PROFILES["riichi"], 3, first_dealer=0)
    before = m.state_hash()
    with pytest.raises(IllegalActionError):
        m.apply(action)
    assert m.state_hash() == before and m.actions == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"first_dealer": 2},
        {"start": (20000, 30000, 25000, 25000)},
        {"position": HandPosition(round_wind=1, hand_number=2, honba=1)},
    ],
)
def test_a_match_started_mid_way_replays_from_its_record(kwargs: dict[str, object]) -> None:
    prof = PROFILES["riichi"]
    m = Match(prof, 3, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(1)
    for _ in range(40):
        seat = m.awaiting()[0]
        m.apply(rng.choice(m.legal_actions(seat)))
    assert replay(m.record, prof).state_hash() == m.state_hash()
