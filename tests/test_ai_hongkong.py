"""The AI values a Hong Kong tenpai by the rulebook's own counter: a wait whose discard win is
under the 3-fan minimum wins only by self-draw (hongkong.toml fan.min_fan, S-FAQ17), so it is
no ron wait and counts at the self-draw share; a wait worth 3 fan on a discard is a ron wait."""

from __future__ import annotations

from engine_helpers import stacked_match

from game.ai import analysis as an
from game.engine.tiles import kind_of, parse_kinds

FAR = {1: "147m258p369s1z2z3z4z", 2: "147m258p369s1z2z3z4z", 3: "147p258s369m1z2z3z4z"}  # far from tenpai


def _value(hand: str) -> an.TenpaiValue:
    m = stacked_match("hongkong", {**FAR, 0: hand + "1z"})
    m.apply(m.parse_action("0:discard 1z"))
    obs = m.observe(0)
    counts = [0] * 34
    for t in obs.hand:
        counts[kind_of(t)] += 1
    waits = an.playable_waits(counts, 4, (False, False))
    return an.tenpai_value(counts, waits, obs.me.melds, obs, m.profile, [4] * 34, reds=0, closed=True, riichi=False)


def test_a_two_fan_common_hand_has_no_ron_wait_and_counts_its_self_draw_only() -> None:
    tv = _value("123m456p789s23s99p")  # common hand 1 + concealed 1 on a discard; self-draw makes 3
    assert tv.ron_waits == ()
    # 3 fan + no flowers 1 = 4 on a self-draw: 2 * 2^4 from each of three
    assert tv.points == an.TSUMO_SHARE * 6 * 2**4


def test_a_hand_worth_three_fan_on_a_discard_has_its_ron_waits() -> None:
    tv = _value("555z666z123m456p9s")  # two dragon pungs 2 + concealed 1 = 3 on a discard, a 9s pair wait
    assert tv.ron_waits == tuple(parse_kinds("9s"))
    assert tv.points > 0


def test_hong_kong_reasons_speak_of_fan_never_of_yaku_or_riichi() -> None:
    """Hong Kong has neither yaku nor riichi: the AI's reasons (and the hints made of them) say
    what a call brings in fan, in every language."""
    from test_ai_reasons import play_with_reasons

    from game import i18n

    try:
        for language, words in (("en", ("yaku", "riichi")), ("fr", ("yaku", "riichi")), ("ru", ("яку", "риичи")),
                                ("ja", ("役", "リーチ")), ("zh_TW", ("役", "立直"))):
            said = [r.lower() for seed in (2, 7) for _, r in play_with_reasons("hongkong", seed, language, steps=900)]
            assert said and not [r for r in said if any(w in r for w in words)], language
    finally:
        i18n.set_language("en")
