"""AI levels: no peeking, determinism, legal and sensible decisions in every profile."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.levels import LEVELS, LevelBot, make_seat
from game.engine import HandSetup, Match
from game.engine.actions import Action, ActionKind
from game.engine.observation import Observation, SeatView
from game.engine.profile import RuleProfile, load_profile
from game.engine.tiles import DRAGONS, FLOWER_ID_BASE, WINDS, kind_of, parse_kind

PROFILES = ("riichi", "ema", "taiwanese")


def _bots(profile: RuleProfile, seed: int, names: list[str]) -> list[LevelBot]:
    return [LevelBot(n, seed, s, profile) for s, n in enumerate(names)]


def _play(match: Match, bots: list[LevelBot], steps: int) -> list[str]:
    out = []
    for _ in range(steps):
        if match.is_over:
            break
        seat = match.awaiting()[0]
        action = bots[seat].decide(match.observe(seat))
        out.append(str(action))
        match.apply(action)
    return out


def _setup_of(match: Match) -> HandSetup:
    """The current hand's wall as a stacked setup (live tiles in draw order, the dead wall)."""
    w = match.wall
    return HandSetup(tuple(w.live), tuple(w.dead), (w.dice.d1, w.dice.d2))


def _stacked(profile: RuleProfile, seed: int, setup: HandSetup, first_dealer: int) -> Match:
    return Match(profile, seed, setups={0: setup}, first_dealer=first_dealer)


def _dealer_positions(profile: RuleProfile) -> set[int]:
    """Indices in the draw order of the tiles dealt to the dealer (seat order starts there)."""
    out, i = set(), 0
    for block in profile.deal.rounds_of:
        out.update(range(i, i + block))
        i += 4 * block
    out.add(i)  # the dealer's extra tile
    return out


@pytest.mark.parametrize("profile_id", PROFILES)
def test_decision_ignores_hidden_tiles_at_the_deal(profile_id: str) -> None:
    """Scramble everything the dealer cannot see (others' hands, the live wall): same decision."""
    profile = load_profile(profile_id)
    for seed in range(6):
        base = Match(profile, seed)
        setup = _setup_of(base)
        plain = _stacked(profile, seed, setup, base.first_dealer)
        assert plain.state_hash() == base.state_hash()
        live = list(setup.draw_order)
        keep = _dealer_positions(profile) | set(range(len(live) - 24, len(live)))
        movable = [i for i, t in enumerate(live) if i not in keep and t < FLOWER_ID_BASE]
        rng = random.Random(seed)
        tiles = [live[i] for i in movable]
        rng.shuffle(tiles)
        for i, t in zip(movable, tiles, strict=True):
            live[i] = t
        scrambled = _stacked(profile, seed, dataclasses.replace(setup, draw_order=tuple(live)), base.first_dealer)
        dealer = base.dealer
        assert [sorted(p.hand) for p in scrambled.players] != [sorted(p.hand) for p in base.players]
        obs_a, obs_b = base.observe(dealer), scrambled.observe(dealer)
        assert obs_a == obs_b
        for level in LEVELS:
            a = LevelBot(level, seed, dealer, profile).decide_with_reason(obs_a)
            b = LevelBot(level, seed, dealer, profile).decide_with_reason(obs_b)
            assert a == b


@pytest.mark.parametrize("profile_id", PROFILES)
def test_decisions_ignore_the_undrawn_wall_mid_hand(profile_id: str) -> None:
    """Play a while, then swap two undrawn wall tiles and replay: every decision is the same."""
    profile = load_profile(profile_id)
    names = ["hard", "normal", "easy", "hard"]
    for seed in range(11, 31):  # the first seed whose first hand lasts 40 decisions
        base = Match(profile, seed)
        setup = _setup_of(base)
        actions = _play(base, _bots(profile, seed, names), 40)
        if not base.hand_index:
            break
    assert not base.hand_index
    w = base.wall
    live = list(setup.draw_order)
    i, j = w.head + 1, w.tail - 3
    live[i], live[j] = live[j], live[i]
    other = _stacked(profile, seed, dataclasses.replace(setup, draw_order=tuple(live)), base.first_dealer)
    assert _play(other, _bots(profile, seed, names), len(actions)) == actions
    seat = base.awaiting()[0]
    assert base.observe(seat) == other.observe(seat)


def test_observation_holds_no_other_concealed_tiles() -> None:
    profile = load_profile("riichi")
    m = Match(profile, 5)
    obs = m.observe(0)
    seat_fields = set(SeatView._fields)
    assert "hand" not in seat_fields and "concealed_count" in seat_fields
    own = set(obs.hand)
    assert own == set(m.players[0].hand)
    others = {t for s in (1, 2, 3) for t in m.players[s].hand}
    visible: set[int] = set(obs.hand) | set(obs.dora_indicators)
    for view in obs.seats:
        visible |= set(view.discards) | {t for meld in view.melds for t in meld.tiles}
    assert not (visible & others)
    assert all(v.concealed_count == len(m.players[v.seat].hand) for v in obs.seats)


@pytest.mark.parametrize("profile_id", PROFILES)
def test_same_seed_same_decisions(profile_id: str) -> None:
    profile = load_profile(profile_id)
    names = ["hard", "normal", "easy", "hard"]
    runs = []
    for _ in range(2):
        m = Match(profile, 3)
        runs.append((_play(m, _bots(profile, 3, names), 150), m.state_hash()))
    assert runs[0] == runs[1]


def _yaku_call_ok(profile: RuleProfile, obs: Observation, action: Action) -> bool:
    """Independent check: after this chi/pon the open hand still has a yaku to aim at."""
    assert obs.last_discard is not None
    tile = obs.last_discard[1]
    melds = [m.kinds for m in obs.me.melds] + [tuple(sorted(kind_of(t) for t in (*action.tiles, tile)))]
    kinds_pon = [m[0] for m in melds if m[0] == m[1]]
    value = set(DRAGONS) | {WINDS[obs.round_wind], WINDS[obs.me.wind]}
    concealed = [kind_of(t) for t in obs.hand]
    for t in action.tiles:
        concealed.remove(kind_of(t))
    if any(k in value for k in kinds_pon) or any(concealed.count(k) >= 2 for k in value):
        return True
    # the call is followed by a discard at once: one off-pattern tile goes now, one may go later
    outside = sum(1 for k in concealed if k >= 27 or k % 9 in (0, 8))
    melds_simple = all(k < 27 and k % 9 not in (0, 8) for m in melds for k in m)
    if profile.score.open_tanyao and melds_simple and outside <= 2:
        return True
    meld_suits = {k // 9 for m in melds for k in m if k < 27}
    off = sum(1 for k in concealed if k < 27 and k // 9 not in meld_suits)
    if len(meld_suits) <= 1 and off <= 2:
        return True  # a flush path
    pairs = sum(1 for k in set(concealed) if concealed.count(k) >= 2)
    return all(m[0] == m[1] for m in melds) and pairs >= 3  # a toitoi path


@pytest.mark.parametrize("profile_id", ["riichi", "ema"])
def test_hard_calls_keep_a_yaku(profile_id: str) -> None:
    profile = load_profile(profile_id)
    calls = 0
    for seed in range(4):
        m = Match(profile, seed)
        bots = _bots(profile, seed, ["hard"] * 4)
        while not m.is_over and m.hand_index < 3:
            seat = m.awaiting()[0]
            obs = m.observe(seat)
            action = bots[seat].decide(obs)
            assert action in obs.legal_actions
            if action.kind in (ActionKind.CHI, ActionKind.PON):
                calls += 1
                assert _yaku_call_ok(profile, obs, action), (str(action), obs.hand, obs.me.melds)
            m.apply(action)
    assert calls > 0


def _ids(text: str, copy: int) -> list[int]:
    out = []
    i = 0
    while i < len(text):
        j = i
        while text[j].isdigit():
            j += 1
        for d in text[i:j]:
            out.append(parse_kind(d + text[j]) * 4 + copy)
        i = j + 1
    return out


def _table(riichi: bool, hand_text: str = "234567m3479p1679s") -> Observation:
    """Seat 0 to discard a far hand; seat 1 has discarded honours and a 6m, in riichi or not."""
    profile = load_profile("riichi")
    m = Match(profile, 1, first_dealer=0)
    obs = m.observe(0)
    hand = tuple(sorted(_ids(hand_text, 0)))
    river = tuple(_ids("1234z", 3) + _ids("6m", 3) + _ids("56z", 3))
    views = list(obs.seats)
    views[1] = views[1]._replace(
        discards=river, discard_tsumogiri=(False,) * len(river), discard_called=(False,) * len(river),
        river_turns=tuple(range(len(river))), riichi=riichi, riichi_index=4 if riichi else None,
    )
    for s in (2, 3):
        views[s] = views[s]._replace(discards=(), discard_tsumogiri=(), discard_called=(), river_turns=(), melds=())
    legal = tuple(Action(0, ActionKind.DISCARD, (t,)) for t in hand)
    return obs._replace(
        hand=hand, drawn=hand[-1], seats=tuple(views), legal_actions=legal, live_tiles_left=50,
        dora_indicators=(_ids("9m", 3)[0] - 3 * 4 + 4,),  # any indicator outside the hand's kinds
    )


def test_far_hand_folds_against_riichi() -> None:
    """2-shanten, 6m genbutsu and 3m suji; every other tile is a live non-suji tile."""
    profile = load_profile("riichi")
    obs = _table(riichi=True)
    hard, reason = LevelBot("hard", 0, 0, profile).decide_with_reason(obs)
    assert kind_of(hard.tile) in (parse_kind("6m"), parse_kind("3m")), reason
    assert reason.startswith("folds")
    normal, reason = LevelBot("normal", 0, 0, profile).decide_with_reason(obs)
    assert kind_of(normal.tile) == parse_kind("6m"), reason
    assert "safe against" in reason
    quiet = _table(riichi=False)
    free, _ = LevelBot("hard", 0, 0, profile).decide_with_reason(quiet)
    assert kind_of(free.tile) not in (parse_kind("6m"), parse_kind("3m"))


def test_hard_passes_a_chi_that_leaves_no_yaku() -> None:
    profile = load_profile("riichi")
    base = _table(riichi=False, hand_text="19m19p3z45s78s23p5m")
    hand = tuple(sorted(_ids("19m19p3z45s78s23p5m", 0)))[:13]
    tile = _ids("6s", 3)[0]
    chi = Action(0, ActionKind.CHI, tuple(t for t in hand if kind_of(t) in (parse_kind("4s"), parse_kind("5s"))))
    obs = base._replace(
        hand=hand, drawn=None, phase="claim", last_discard=(3, tile),
        legal_actions=(chi, Action(0, ActionKind.PASS)),
    )
    for level in LEVELS:
        action, reason = LevelBot(level, 0, 0, profile).decide_with_reason(obs)
        assert action.kind is ActionKind.PASS, (level, reason)


@pytest.mark.parametrize("profile_id", PROFILES)
def test_every_level_gives_legal_actions_and_reasons(profile_id: str) -> None:
    profile = load_profile(profile_id)
    m = Match(profile, 21)
    seats = [make_seat(n, 21, s, profile) for s, n in enumerate(["hard", "normal", "easy", "efficiency"])]
    for _ in range(200):
        if m.is_over:
            break
        seat = m.awaiting()[0]
        obs = m.observe(seat)
        bot = seats[seat]
        if isinstance(bot, LevelBot):
            action, reason = bot.decide_with_reason(obs)
            assert reason and isinstance(reason, str)
        else:
            action = bot.decide(obs)  # type: ignore[attr-defined]
        assert action in obs.legal_actions
        m.apply(action)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="levels are"):
        LevelBot("expert", 0, 0, load_profile("riichi"))



def _tenpai_table(hand_text: str, indicator: str) -> Observation:
    """Seat 0 holds a closed tenpai-after-discarding-East hand; riichi is legal on the East."""
    obs = _table(riichi=False, hand_text=hand_text)
    east = next(t for t in obs.hand if kind_of(t) == parse_kind("1z"))
    legal = (*obs.legal_actions, Action(0, ActionKind.RIICHI, (east,)))
    return obs._replace(legal_actions=legal, dora_indicators=(_ids(indicator, 2)[0],))


def test_hard_riichis_a_cheap_good_wait_and_keeps_a_big_hand_quiet() -> None:
    profile = load_profile("riichi")
    # (no fives: the helper's copy-0 fives would be red) pinfu on 1-4m, tanyao on 4m: riichi
    cheap = _tenpai_table("23m678m345p678s44p1z", "9s")
    action, reason = LevelBot("hard", 0, 0, profile).decide_with_reason(cheap)
    assert action.kind is ActionKind.RIICHI, reason
    # tanyao, pinfu, sanshoku on 4m, pinfu on 1m, and three dora 4p: a mangan without riichi
    big = _tenpai_table("23m678m234p234s44p1z", "3p")
    action, reason = LevelBot("hard", 0, 0, profile).decide_with_reason(big)
    assert action.kind is ActionKind.DISCARD and kind_of(action.tile) == parse_kind("1z"), reason
