"""Tenpai as the table shows it: each wait with whether it would win as the hand stands.

The answers are the scoring model's, so the checks are against the actions the engine itself
offers when the wait arrives: a wait said to win on a discard is offered ron when it is discarded,
one said not to win is not, and a closed hand said to need riichi wins on the same discard once
riichi is declared. The hands are the rulebook's textbook cases (riichi, Tenhou standard): a
closed hand with a value pair and no other yaku, tanyao on one side of a wait only, an open hand
after a chi with no yaku left (QA's 7-8-9p chi)."""

from __future__ import annotations

from engine_helpers import has, pass_all, play, stacked_match, until_turn

from game.engine import Match, Shortfall, load_profile
from game.engine.actions import ActionKind
from game.engine.tiles import parse_kinds


def _kinds(text: str) -> tuple[int, ...]:
    return tuple(parse_kinds(text))


def _offered_ron(m: Match, seat: int, discarder: int, tile_text: str) -> bool:
    """Bring the hand to ``discarder``'s turn, and let it discard a tile of ``tile_text``: is
    ``seat`` offered ron? (The match is a copy; ``m`` stays where it was.)"""
    m = m.copy()
    until_turn(m, discarder)
    kind = parse_kinds(tile_text)[0]
    hand = m.players[discarder].hand
    tile = next((t for t in hand if t >> 2 == kind), None)
    if tile is None:
        return False
    play(m, f"{discarder}:discard {tile_text}")
    return has(m, seat, ActionKind.RON)


def test_closed_hand_with_no_yaku_needs_riichi_and_wins_by_its_own_draw() -> None:
    # dealer: 123m 456p 789s 11z(East: a value pair, so no pinfu) 45m, throws 9m: waits 3m/6m, no yaku
    m = stacked_match("riichi", {0: "123m456p789s11z45m9m", 1: "3m6m3m6m222z333z444z"})
    assert m.tenpai(0) is None  # 14 tiles: not waiting yet
    play(m, "0:discard 9m")
    tenpai = m.tenpai(0)
    assert tenpai is not None
    assert [w.kind for w in tenpai.waits] == list(_kinds("36m"))
    assert all(not w.ron and w.tsumo and w.ron_after_riichi for w in tenpai.waits)
    assert tenpai.may_riichi
    assert tenpai.shortfall is Shortfall.RIICHI
    assert tenpai.without_ron == _kinds("36m")
    # the engine agrees: South discarding 3m offers the dealer no ron
    pass_all(m)
    assert not _offered_ron(m, 0, 1, "3m")


def test_tanyao_on_one_side_of_the_wait_only() -> None:
    # 222m 456p 678s 22s 78m (a triplet: no pinfu): 6m is tanyao, 9m has no yaku
    m = stacked_match("riichi", {0: "222m456p678s22s78m1z", 1: "6m9m6m9m111z333z444z"})
    play(m, "0:discard 1z")
    tenpai = m.tenpai(0)
    assert tenpai is not None
    by_kind = {w.kind: w for w in tenpai.waits}
    six, nine = _kinds("6m9m")
    assert by_kind[six].ron and not by_kind[nine].ron
    assert tenpai.shortfall is Shortfall.SOME_WAITS
    assert tenpai.without_ron == (nine,)
    pass_all(m)
    assert _offered_ron(m, 0, 1, "6m")
    assert not _offered_ron(m, 0, 1, "9m")


def test_an_open_hand_with_no_yaku_cannot_win() -> None:
    # South chis the dealer's 8p with 7p9p and keeps 123m 456s 789s 1m after throwing 9m:
    # waits 1m (tanki) and 4m (11m pair + 23m), and no yaku on either, by ron or by tsumo
    m = stacked_match("riichi", {0: "8p1z2z3z4z5z6z7z1z2z3z4z5z6z", 1: "79p123m456s789s1m9m"})
    play(m, "0:discard 8p")
    chi = next(a for a in m.legal_actions(1) if a.kind is ActionKind.CHI)
    m.apply(chi)
    pass_all(m)
    play(m, "1:discard 9m")
    tenpai = m.tenpai(1)
    assert tenpai is not None
    assert {w.kind for w in tenpai.waits} == set(_kinds("14m"))
    assert not tenpai.may_riichi
    assert all(not (w.ron or w.tsumo or w.ron_after_riichi) for w in tenpai.waits)
    assert tenpai.shortfall is Shortfall.NO_YAKU


def test_riichi_gives_the_closed_hand_its_yaku() -> None:
    m = stacked_match("riichi", {0: "123m456p789s11z45m9m", 1: "3m6m3m6m222z333z444z"})
    play(m, "0:riichi 9m")
    pass_all(m)
    tenpai = m.tenpai(0)
    assert tenpai is not None
    assert tenpai.shortfall is Shortfall.NONE and not tenpai.may_riichi
    assert _offered_ron(m, 0, 1, "3m")


def _checked_discards(profile_id: str, seed: int, hands: int) -> tuple[int, int]:
    """Play ``hands`` hands with efficiency bots that also take every chi and pon offered (so open
    hands without a yaku come, as a beginner's do); before every discard, each other seat that
    waits on its tile and is not in furiten reads the wait, and after it the engine's claim window
    must offer that seat ron exactly when the reading said the wait wins on a discard.
    Returns (waits checked, of which without ron)."""
    from game.ai.levels import make_seat

    m = Match(load_profile(profile_id), seed)
    bots = [make_seat("efficiency", seed, s, m.profile) for s in range(4)]
    checked = refused = 0
    while not m.is_over and m.hand_index < hands:
        seat = m.awaiting()[0]
        call = next((a for a in m.legal_actions(seat) if a.kind in (ActionKind.CHI, ActionKind.PON)), None)
        action = call if call is not None and seed % 2 == seat % 2 else bots[seat].decide(m.observe(seat))
        readings = {}
        if action.kind in (ActionKind.DISCARD, ActionKind.RIICHI):
            for other in range(4):
                tenpai = m.tenpai(other) if other != seat else None
                if tenpai is None or m.observe(other).furiten:
                    continue
                wait = next((w for w in tenpai.waits if w.kind == action.tile >> 2), None)
                if wait is not None:
                    readings[other] = wait.ron
        m.apply(action)
        offered = m.claim.offered() if m.claim is not None else {}
        for other, ron in readings.items():
            checked += 1
            refused += not ron
            got = any(a.kind is ActionKind.RON for a in offered.get(other, ()))
            assert got == ron, (profile_id, seed, other, len(m.actions))
    return checked, refused


def test_every_wait_read_agrees_with_the_ron_the_engine_offers() -> None:
    totals = {p: [0, 0] for p in ("riichi", "ema", "taiwanese", "hongkong")}
    for profile_id in totals:
        for seed in range(3):
            c, r = _checked_discards(profile_id, seed, 4)
            totals[profile_id][0] += c
            totals[profile_id][1] += r
    assert all(c > 0 for c, _ in totals.values()), totals
    assert totals["riichi"][1] > 0, totals  # some of them had no yaku, and were refused
    assert totals["hongkong"][1] > 0, totals  # some were under the 3-fan minimum, and were refused
