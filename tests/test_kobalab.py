"""The kobalab (majiang-core) notation parser: tiles, red fives, melds and their givers."""

from __future__ import annotations

import json

import pytest
from conftest import oracle_path

from game.engine.errors import NotationError
from game.engine.kobalab import TileIds, giver_seat, parse_hand, parse_meld, parse_tile
from game.engine.meld import MeldKind
from game.engine.tiles import format_tiles, kind_of


def test_concealed_hand_with_drawn_tile_and_red_five() -> None:
    hand = parse_hand("m345p40677s67s8,m34-0")
    assert format_tiles(hand.concealed, sort=False) == "345m40677p678s"
    assert hand.drawn is not None and format_tiles([hand.drawn]) == "8s"
    assert 52 in hand.concealed  # p0 is the red five of pins, copy 0
    (chi,) = hand.melds
    assert chi.kind is MeldKind.CHI and format_tiles(chi.tiles) == "340m"
    assert chi.called is not None and kind_of(chi.called) == 3  # the 4m carries the mark


def test_no_drawn_tile_when_the_hand_waits() -> None:
    hand = parse_hand("m678p555789s3488")
    assert hand.drawn is None and len(hand.concealed) == 13 and not hand.riichi
    assert parse_hand("m678p555789s3488*").riichi


@pytest.mark.parametrize(
    ("text", "kind", "giver"),
    [
        ("z111+", MeldKind.PON, 1),
        ("z111=", MeldKind.PON, 2),
        ("m1-23", MeldKind.CHI, 3),
        ("z1111+", MeldKind.DAIMINKAN, 1),
        ("s222=2", MeldKind.KAKAN, 2),
        ("s7777", MeldKind.ANKAN, None),
    ],
)
def test_meld_kinds_and_givers_from_seat_0(text: str, kind: MeldKind, giver: int | None) -> None:
    meld = parse_meld(text, 0, TileIds())
    assert meld.kind is kind and meld.from_seat == giver
    assert len(meld.tiles) == (4 if kind.is_kan else 3)
    if kind is MeldKind.KAKAN:
        assert meld.added is not None and meld.added not in (meld.called,)


def test_marks_are_relative_to_the_owner() -> None:
    # the README's rule: discarder = (menfeng + {'+': 1, '=': 2, '-': 3}[mark]) % 4
    assert [giver_seat(2, m) for m in "+=-"] == [3, 0, 1]
    assert parse_meld("z555-", 0, TileIds()).from_seat == 3


def test_tile_ids_are_distinct_across_hand_and_win_tile() -> None:
    ids = TileIds()
    hand = parse_hand("m550p123s123z1112", ids=ids)
    win, mark = parse_tile("m5+", ids)
    assert mark == "+"
    assert len({*hand.concealed, win}) == 14
    assert sorted(t for t in (*hand.concealed, win) if kind_of(t) == 4) == [16, 17, 18, 19]


def test_a_fourth_plain_five_needs_rules_without_red_fives() -> None:
    with pytest.raises(NotationError):
        parse_meld("m5555", 0, TileIds())
    assert sorted(parse_meld("m5555", 0, TileIds(red_fives=False)).tiles) == [16, 17, 18, 19]


@pytest.mark.parametrize("bad", ["m1-2-3", "m111", "m12+4", "z12-3", "m11", "m1111-1"])
def test_bad_melds_raise(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_meld(bad, 0, TileIds())


@pytest.mark.parametrize("bad", ["z8", "q1", "m"])
def test_bad_tiles_raise(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_tile(bad, TileIds())


@pytest.mark.parametrize("bad", ["m123x", "m123456789p12345,z111+", "m12_3"])
def test_bad_hands_raise(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_hand(bad)


def test_every_hand_and_meld_of_the_majiang_core_scripts_parses() -> None:
    """script.json (37 games) will be replayed with this parser: all its notation must read."""
    games = json.loads(oracle_path("majiang-core", "script.json").read_text(encoding="utf-8"))
    seen = {"hand": 0, "meld": 0}

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("fulou", "gang") and isinstance(value, dict) and "m" in value:
                    parse_meld(value["m"], int(value.get("l", 0)), TileIds())
                    seen["meld"] += 1
                elif key == "shoupai" and isinstance(value, (str, list)):
                    for hand in [value] if isinstance(value, str) else value:
                        if hand:
                            parse_hand(hand)
                            seen["hand"] += 1
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(games)
    assert seen["hand"] > 1000 and seen["meld"] > 500
