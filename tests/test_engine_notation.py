"""Notation round trips (tiles and actions) and the promise that bad notation raises only
NotationError, never a stray exception a caller would not expect."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, replay
from game.engine.actions import Action, ActionKind, format_action, parse_action_text
from game.engine.errors import AtlasError, NotationError
from game.engine.profile import load_profile
from game.engine.tiles import (
    FLOWER_ID_BASE,
    RED_FIVE_IDS,
    format_tiles,
    is_red,
    kind_of,
    parse_tile,
    parse_tiles,
)

TILE_IDS = st.integers(0, FLOWER_ID_BASE + 7)
HANDS = st.lists(TILE_IDS, unique=True, max_size=20)


def _classes(tiles: list[int]) -> list[tuple[int, bool]]:
    return sorted((kind_of(t), is_red(t)) for t in tiles)


@given(HANDS)
@settings(max_examples=200)
def test_tiles_round_trip_by_kind_and_redness(tiles: list[int]) -> None:
    text = format_tiles(tiles)
    back = parse_tiles(text)
    assert _classes(back) == _classes(tiles)
    assert len(set(back)) == len(back)
    assert format_tiles(back) == text  # canonical: formatting is stable


@given(HANDS)
@settings(max_examples=100)
def test_unsorted_format_keeps_the_order(tiles: list[int]) -> None:
    text = format_tiles(tiles, sort=False)
    assert [(kind_of(t), is_red(t)) for t in parse_tiles(text)] == [(kind_of(t), is_red(t)) for t in tiles]


def test_red_fives_in_notation() -> None:
    assert parse_tiles("0m0p0s") == sorted(RED_FIVE_IDS)
    assert parse_tiles("0555m") == [16, 17, 18, 19]
    assert parse_tiles("5550m") == [17, 18, 19, 16]
    assert format_tiles([19, 16, 18, 17]) == "0555m"
    assert parse_tile("0p") == 52 and is_red(parse_tile("0p"))
    assert not is_red(parse_tile("5p"))


@pytest.mark.parametrize(
    "text",
    ["5x", "55555m", "00m", "8z", "0z", "9f", "1f1f", "m", "12", "1m 2", "m1", "5m0m5m5m5m", "1 2 3", "0f"],
)
def test_bad_tile_notation_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_tiles(text)


@given(st.text(max_size=12))
@settings(max_examples=300)
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_tiles(text)


# --- actions ----------------------------------------------------------------------------------

_TILES_FOR = {
    ActionKind.DISCARD: 1,
    ActionKind.RIICHI: 1,
    ActionKind.KAKAN: 1,
    ActionKind.ANKAN: 4,
    ActionKind.CHI: 2,
    ActionKind.PON: 2,
    ActionKind.DAIMINKAN: 3,
}


@st.composite
def actions(draw: st.DrawFn) -> Action:
    kind = draw(st.sampled_from(list(ActionKind)))
    n = _TILES_FOR.get(kind, 0)
    tiles = draw(st.lists(st.integers(0, 135), unique=True, min_size=n, max_size=n))
    return Action(draw(st.integers(0, 3)), kind, tuple(tiles))


@given(actions())
@settings(max_examples=200)
def test_action_notation_round_trips(action: Action) -> None:
    text = format_action(action)
    assert str(action) == text
    seat, kind, tiles = parse_action_text(text)
    assert (seat, kind) == (action.seat, action.kind)
    assert _classes(tiles) == _classes(list(action.tiles))
    assert format_action(Action(seat, kind, tuple(tiles))) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0",
        "0:",
        "4:pass",
        "9:discard 5m",
        "-1:pass",
        "10:pass",
        "a:pass",
        "0:fly",
        "0:discard",
        "0:discard 55m",
        "0:pass 5m",
        "0:ron 1m",
        "0:chi 1m",
        "0:ankan 111m",
        "0:discard 5x",
        "0 :discard 5m",
        "0:Discard 5m",
    ],
)
def test_bad_action_notation_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action_text(text)


@pytest.mark.parametrize("text", ["²:pass", "٣:pass", "３:pass"])
def test_non_ascii_seat_digits_are_notation_errors(text: str) -> None:
    """Seats are ASCII digits: str.isdigit() would take '²' (and int() fail) or read '٣' as 3."""
    try:
        parsed = parse_action_text(text)
    except NotationError:
        return
    raise AssertionError(f"{text!r} was read as {parsed}")


@given(st.text(max_size=16))
@settings(max_examples=300)
def test_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_action_text(text)


@given(st.from_regex(r"[0-9]:(discard|riichi|pass|ron|pon|chi|ankan|kakan|daiminkan|tsumo|x) ?[0-9]{0,5}[mpszf]?", fullmatch=True))
@settings(max_examples=200)
def test_near_miss_actions_raise_only_notation_error(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_action_text(text)


@given(st.text(max_size=16) | st.from_regex(r"[0-3]:(discard|pon|chi|ankan|riichi) [0-9]{1,4}[mpsz]", fullmatch=True))
@settings(max_examples=200)
def test_match_parse_action_raises_only_atlas_errors(text: str) -> None:
    """``Match.parse_action`` reads against the hand: a tile not held is a NotationError too."""
    m = Match(load_profile("riichi"), 11, first_dealer=0)
    try:
        action = m.parse_action(text)
    except NotationError:
        return
    with contextlib.suppress(AtlasError):
        m.apply(action)


def test_match_parse_action_resolves_every_legal_action() -> None:
    m = Match(load_profile("riichi"), 4, first_dealer=0)
    for a in m.legal_actions(0):
        assert m.parse_action(str(a)) == a


def test_plain_fives_are_one_class_without_red_fives() -> None:
    """EMA has no red fives: ids 16, 52, 88 are ordinary fives, one discard choice with their
    copies, written as 5 in records and read back from 5."""
    ema = load_profile("ema")
    for seed in range(40):
        m = Match(ema, seed, first_dealer=0)
        hand = m.players[0].hand
        fives = [t for t in hand if t in (16, 52, 88)]
        if not fives:
            continue
        five = fives[0]
        same_kind = [a for a in m.legal_actions(0) if a.kind is ActionKind.DISCARD and a.tile >> 2 == five >> 2]
        assert len(same_kind) == 1
        m.apply(same_kind[0])
        assert "0" not in m.record.actions[-1].split(" ", 1)[1]
        assert replay(m.record, ema).state_hash() == m.state_hash()
        return
    pytest.skip("no seed dealt a copy-0 five to the dealer")
