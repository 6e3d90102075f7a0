"""Fuzz the notation doors with what the plain text tests do not try: long inputs, NUL bytes,
huge digit runs, non-strings, and actions typed at every point of a running match (claim windows
included). Each input is read or raises NotationError (an AtlasError) within the time bound."""

from __future__ import annotations

import random

import pytest
from fuzzing import NASTY_TEXT, fuzz_settings, garbage, time_bound
from hypothesis import given
from hypothesis import strategies as st

from game.ai.baseline import RandomBot
from game.engine import Match
from game.engine.actions import ActionKind, parse_action_text
from game.engine.errors import AtlasError, NotationError
from game.engine.kobalab import parse_hand
from game.engine.profile import load_profile
from game.engine.tiles import parse_kinds, parse_tile, parse_tiles

TILE_TEXT = st.from_regex(r"([0-9]{1,40}[mpszf]){0,30}", fullmatch=True)
NOISY = st.one_of(
    st.text(max_size=200),
    TILE_TEXT,
    st.sampled_from(NASTY_TEXT),
    st.builds(lambda a, b: a + "\x00" + b, TILE_TEXT, TILE_TEXT),
    st.sampled_from(["1" * 100_000 + "m", "123m" * 20_000, "0:discard " + "5" * 50_000 + "m"]),
)
VERBS = [k.value for k in ActionKind]
ACTION_TEXT = st.one_of(
    NOISY,
    st.builds(lambda s, v, t: f"{s}:{v} {t}", st.integers(-5, 12), st.sampled_from(VERBS), TILE_TEXT),
)


@fuzz_settings(150)
@given(NOISY)
def test_hand_notation_reads_or_says_why(text: str) -> None:
    for read in (parse_tiles, parse_kinds, parse_tile):
        with time_bound("notation: hand"):
            try:
                read(text)
            except NotationError as exc:
                assert str(exc)


@fuzz_settings(100)
@given(NOISY)
def test_kobalab_hands_read_or_say_why(text: str) -> None:
    """score-check reads majiang-core hands from outside files."""
    with time_bound("notation: kobalab hand"):
        try:
            parse_hand(text)
        except NotationError as exc:
            assert str(exc)


@fuzz_settings(150)
@given(ACTION_TEXT | garbage)
def test_action_notation_reads_or_says_why(text: object) -> None:
    with time_bound("notation: action"):
        try:
            parse_action_text(text)  # type: ignore[arg-type]
        except NotationError as exc:
            assert str(exc)


def _match_at(seed: int, steps: int) -> Match:
    """A riichi match after ``steps`` random-bot actions (claim windows are reached often)."""
    match = Match(load_profile("riichi"), seed)
    bots = [RandomBot(seed, s) for s in range(4)]
    for _ in range(steps):
        if match.is_over:
            break
        seat = match.awaiting()[0]
        match.apply(bots[seat].decide(match.observe(seat)))
    return match


@fuzz_settings(60)
@given(seed=st.integers(0, 50), steps=st.integers(0, 120), texts=st.lists(ACTION_TEXT, min_size=1, max_size=5))
def test_typed_actions_mid_match_are_applied_or_refused_whole(seed: int, steps: int, texts: list[str]) -> None:
    """Whatever is typed at the table: an AtlasError leaves the state hash unchanged."""
    match = _match_at(seed, steps)
    for text in texts:
        before = match.state_hash()
        with time_bound("notation: typed action"):
            try:
                match.apply(match.parse_action(text))
            except AtlasError as exc:
                assert str(exc)
                assert match.state_hash() == before


@pytest.mark.parametrize("seed", range(3))
def test_every_legal_action_reads_back_mid_match(seed: int) -> None:
    """The notation of every legal action, at every step of a bot match, is read back to it."""
    match = Match(load_profile("riichi"), seed)
    bots = [RandomBot(seed, s) for s in range(4)]
    rng = random.Random(seed)
    checked = 0
    while not match.is_over and checked < 3000:
        for seat in match.awaiting():
            for action in match.legal_actions(seat):
                assert match.parse_action(str(action)) == action
                checked += 1
        seat = rng.choice(match.awaiting())
        match.apply(bots[seat].decide(match.observe(seat)))
    assert checked > 100


@fuzz_settings(100)
@given(seed=st.integers(0, 50), steps=st.integers(0, 120),
       actions=st.lists(st.tuples(st.integers(-3, 7), st.sampled_from(list(ActionKind)),
                                  st.lists(st.integers(-40, 200) | st.sampled_from([2**40, 10**30]), max_size=5)),
                        min_size=1, max_size=6))
def test_forged_actions_are_applied_or_refused_whole(seed: int, steps: int,
                                                     actions: list[tuple[int, ActionKind, list[int]]]) -> None:
    """The table builds Action objects itself: any seat, verb and tile ids (absent, out of range,
    flowers) is applied or refused with an AtlasError that leaves the state unchanged."""
    from game.engine.actions import Action

    match = _match_at(seed, steps)
    for seat, kind, tiles in actions:
        before = match.state_hash()
        with time_bound("engine: forged Action"):
            try:
                match.apply(Action(seat, kind, tuple(tiles)))
            except AtlasError as exc:
                assert str(exc)
                assert match.state_hash() == before


def test_an_action_with_a_very_negative_tile_id_is_refused_with_an_illegal_action_error() -> None:
    from game.engine.actions import Action
    from game.engine.errors import IllegalActionError

    match = _match_at(2, 0)
    with pytest.raises(IllegalActionError):
        match.apply(Action(match.awaiting()[0], ActionKind.DISCARD, (-(2**40),)))
