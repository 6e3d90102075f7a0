"""What a result screen reads from the engine's events: fu parts that add up to the fu, the
indicators shown, the honba and sticks each win collected, the caller's hand on nine terminals."""

from __future__ import annotations

import pytest

from game.ai.baseline import EfficiencyBot
from game.engine import Match
from game.engine.actions import ActionKind
from game.engine.events import AbortiveDraw, HandStarted, RiichiAccepted, Win
from game.engine.profile import load_profile


def _wins(profile: str, seeds: range) -> list[tuple[Win, HandStarted, int]]:
    """Every win of efficiency-bot matches, with its hand's start and the sticks on the table."""
    out: list[tuple[Win, HandStarted, int]] = []
    for seed in seeds:
        m = Match(load_profile(profile), seed)
        bots = {s: EfficiencyBot(seed, s) for s in range(4)}
        start: HandStarted | None = None
        sticks = 0
        seen = 0
        while not m.is_over:
            seat = m.awaiting()[0]
            m.apply(bots[seat].decide(m.observe(seat)))
            fresh, seen = m.events[seen:], len(m.events)
            for e in fresh:
                if isinstance(e, HandStarted):
                    start, sticks = e, e.riichi_sticks
                elif isinstance(e, RiichiAccepted):
                    sticks += 1
                elif isinstance(e, Win):
                    assert start is not None
                    out.append((e, start, sticks))
    return out


@pytest.mark.parametrize("profile", ["riichi", "ema"])
def test_fu_parts_add_up_and_payouts_are_named(profile: str) -> None:
    wins = _wins(profile, range(6))
    assert len(wins) > 20
    by_hand: dict[int, list[tuple[Win, HandStarted, int]]] = {}
    for win, start, sticks in wins:
        by_hand.setdefault(id(start), []).append((win, start, sticks))
        assert win.dora_indicators, "a han-fu win shows its dora indicators"
        if win.fu_parts:
            raw = sum(p.fu for p in win.fu_parts)
            assert win.fu == (25 if raw == 25 else -(-raw // 10) * 10), (win.fu, win.fu_parts)
        else:
            assert win.limit, "only limit hands (yakuman) may come without a fu count"
    for group in by_hand.values():
        _, start, sticks = group[0]
        assert sum(w.riichi_sticks for w, _, _ in group) == sticks  # every stick goes to a winner
        assert group[0][0].honba == start.honba


def test_nine_terminals_shows_the_callers_hand() -> None:
    for seed in range(400):
        m = Match(load_profile("riichi"), seed)
        seat = m.awaiting()[0]
        kyuushu = [a for a in m.legal_actions(seat) if a.kind is ActionKind.KYUUSHU]
        if kyuushu:
            hand = tuple(sorted(m.players[seat].hand))
            events = m.apply(kyuushu[0])
            draw = next(e for e in events if isinstance(e, AbortiveDraw))
            assert draw.seat == seat and draw.hand == hand and len(hand) == 14
            return
    pytest.skip("no nine-terminals deal in the seeds tried")


def test_taiwanese_dealer_tai_explain_every_payment() -> None:
    """A Taiwanese win names the dealer's tai (莊家 1 + 連n拉n 2n) apart from the hand's rows, as
    the payments hold them: every payment is base + tai_value x (the rows' tai, plus the dealer's
    tai where the dealer pays or wins), so the result screen can say where each point came from."""
    rules = load_profile("taiwanese").tai
    wins = _wins("taiwanese", range(1, 7))
    assert any(w.dealer_tai > rules.dealer_base for w, _, _ in wins), "no win after a continuation"
    assert any(w.dealer_tai == 0 for w, _, _ in wins), "no win without the dealer"
    for win, start, _ in wins:
        payers = [win.discarder] if win.discarder is not None else [s for s in range(4) if s != win.winner]
        involved = start.dealer == win.winner or start.dealer in payers
        assert (win.dealer_tai >= rules.dealer_base) == involved
        assert (win.dealer_tai - rules.dealer_base) % rules.per_continuation == 0 or not involved
        for payer in payers:
            extra = win.dealer_tai if start.dealer in (win.winner, payer) else 0
            assert -win.deltas[payer] == rules.base + rules.tai_value * (win.value + extra), (win, payer)
