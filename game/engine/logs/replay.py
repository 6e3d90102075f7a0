"""Replay logged hands through the engine and report the first place where the two disagree.

Each hand is played on its own: a match of the log's rules cut to one hand (``game.length =
"one_hand"``), started at the log's round, honba, sticks and scores, on the wall stacked from the
log (:mod:`.stacking`). The log's steps are then mapped one by one onto the engine's legal actions;
in a claim window every other seat that is asked passes unless the log shows its call or ron.
A divergence is an action the engine refuses, a prompt the log does not answer (or the reverse),
a draw of another tile or seat, or different score changes at the end of the hand.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from .. import Match, Phase
from ..actions import Action, ActionKind
from ..errors import AtlasError, IllegalActionError, RecordError
from ..events import AbortiveDraw, Event, ExhaustiveDraw, Penalty, PenaltyKind, Win
from ..profile import RuleProfile
from ..tiles import format_tiles, kind_of
from .model import CLAIM_STEPS, TURN_STEPS, Face, LoggedHand, LoggedMatch, Step, mjai_tile
from .stacking import stack_hand

DivergenceKind = Literal["tiles", "wall", "play", "result"]


@dataclass(frozen=True)
class HandReport:
    """How one hand replayed. ``kind`` sorts a divergence for a player's message: ``tiles`` the
    log holds tiles the set does not (more copies, red fives the rules lack), ``wall`` the engine
    draws other tiles than the log, ``play`` it refuses or expects an action the log shows or
    lacks, ``result`` the hand ends otherwise or pays other amounts."""

    index: int  # 1-based position of the hand in the log
    label: str  # E1-0
    divergence: str | None  # None: the hand replays exactly
    kind: DivergenceKind | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


class Divergence(Exception):
    """Raised inside a hand's replay at the first disagreement (never leaves this module)."""

    def __init__(self, text: str, kind: DivergenceKind = "play") -> None:
        super().__init__(text)
        self.kind: DivergenceKind = kind


_KINDS = {
    "discard": ActionKind.DISCARD,
    "riichi": ActionKind.RIICHI,
    "tsumo": ActionKind.TSUMO,
    "ankan": ActionKind.ANKAN,
    "kakan": ActionKind.KAKAN,
    "kyuushu": ActionKind.KYUUSHU,
    "chi": ActionKind.CHI,
    "pon": ActionKind.PON,
    "daiminkan": ActionKind.DAIMINKAN,
    "ron": ActionKind.RON,
}


def one_hand_profile(profile: RuleProfile, *, aka: bool = True) -> RuleProfile:
    """The profile cut to a single hand (and without red fives when the log has none)."""
    game = dataclasses.replace(profile.game, length="one_hand")
    tiles = profile.tiles if aka else dataclasses.replace(profile.tiles, red_fives=0)
    return dataclasses.replace(profile, game=game, tiles=tiles)


def replay_match(logged: LoggedMatch, profile: RuleProfile) -> list[HandReport]:
    prof = one_hand_profile(profile, aka=logged.aka)
    return [replay_hand(h, prof, i + 1) for i, h in enumerate(logged.hands)]


def replay_hand(hand: LoggedHand, profile: RuleProfile, index: int = 1) -> HandReport:
    """Replay one hand under ``profile`` (already cut to one hand: :func:`one_hand_profile`)."""
    return replay_hand_state(hand, profile, index)[0]


def replay_hand_state(hand: LoggedHand, profile: RuleProfile, index: int = 1) -> tuple[HandReport, Match]:
    """:func:`replay_hand`, with the match as the replay left it (to explain a divergence).

    A hand that ends in a chombo (a false declaration at a strict table, which neither format
    can write) is replayed with the offender at a strict table declaring a false win where the
    log ends: the seat that pays, or each seat in turn when nobody pays at once (EMA takes the
    penalty after the uma)."""
    setup, position = stack_hand(hand, profile)
    chombo = hand.outcome is not None and hand.outcome.abortive == "chombo"
    first: tuple[HandReport, Match] | None = None
    for offender in _offenders(hand) if chombo else [None]:
        try:
            match = Match(profile, 0, setups={0: setup}, first_dealer=hand.first_dealer, start=hand.scores,
                          position=position, strict_seats=() if offender is None else (offender,))
        except AtlasError as exc:
            raise RecordError(f"hand {hand.label}: the wall cannot be stacked: {exc}") from exc
        report = _replay(match, hand, index, offender)
        if report.ok:
            return report, match
        first = first or (report, match)
    assert first is not None
    return first


def _offenders(hand: LoggedHand) -> list[int]:
    assert hand.outcome is not None
    paying = [s for s, d in enumerate(hand.outcome.deltas) if d < 0]
    return paying if len(paying) == 1 else [0, 1, 2, 3]


def _replay(match: Match, hand: LoggedHand, index: int, offender: int | None) -> HandReport:
    try:
        _drive(match, hand, offender)
    except Divergence as exc:
        return HandReport(index, hand.label, str(exc), exc.kind)
    try:
        _compare_result(match, hand)
    except Divergence as exc:
        return HandReport(index, hand.label, str(exc), "result")
    return HandReport(index, hand.label, None)


def _face(match: Match, tile: int) -> Face:
    """A tile's face as the match's rules see it: without red fives, 16/52/88 are plain fives."""
    return (kind_of(tile), tile in match.red_ids)


def _name(face: Face | None) -> str:
    return "?" if face is None else mjai_tile(face)


def _describe(step: Step) -> str:
    tiles = ""
    if step.tile is not None:
        tiles = " " + _name(step.tile)
    if step.consumed:
        tiles += " with " + " ".join(_name(f) for f in step.consumed)
    if step.target is not None and step.kind in CLAIM_STEPS:
        tiles += f" from seat {step.target}"
    return f"seat {step.seat} {step.kind}{tiles}"


def _drive(match: Match, hand: LoggedHand, offender: int | None = None) -> None:
    steps = [s for s in hand.steps if s.kind not in ("dora", "riichi_accepted")]
    i = 0
    while i < len(steps):
        step = steps[i]
        where = f"step {i + 1} ({_describe(step)})"
        if match.is_over:
            raise Divergence(f"{where}: the engine has already ended the hand")
        if step.kind == "draw":
            _pass_all(match, where)
            _check_draw(match, step, where)
            i += 1
        elif step.kind in TURN_STEPS:
            _pass_all(match, where)
            _apply(match, _match_action(match, step, where), where)
            i += 1
        elif step.kind in CLAIM_STEPS:
            group = [step]
            while step.kind == "ron" and i + len(group) < len(steps) and steps[i + len(group)].kind == "ron":
                group.append(steps[i + len(group)])
            _answer_claims(match, group, where)
            i += len(group)
        else:
            raise RecordError(f"{where}: unknown step kind")
    if offender is not None:
        _declare_falsely(match, offender)
        return
    if hand.outcome is not None and hand.outcome.abortive == "sanchahou":
        _three_rons(match)
        return
    _pass_all(match, "after the last step")
    if not match.is_over:
        raise Divergence(
            f"the log's hand is over but the engine still waits for seats {match.awaiting()} "
            f"({'; '.join(str(a) for s in match.awaiting() for a in match.legal_actions(s))})"
        )


def _declare_falsely(match: Match, offender: int) -> None:
    """Where the log ends in a chombo: the offender declares a win its hand cannot make (tsumo in
    its turn, else ron on the discard or added kan), every other seat asked passes."""
    where = f"the chombo of seat {offender}"
    if match.phase is Phase.TURN and match.turn == offender:
        _apply(match, Action(offender, ActionKind.TSUMO), where)
        return
    if match.phase in (Phase.CLAIM, Phase.CHANKAN) and offender in match.awaiting():
        for seat in list(match.awaiting()):
            _apply(match, Action(seat, ActionKind.RON if seat == offender else ActionKind.PASS), where)
        return
    raise Divergence(f"{where}: the engine gives that seat nothing to declare where the log ends")


def _three_rons(match: Match) -> None:
    """Where the log ends in a triple ron (三家和了, mjai ``sanchahou``): neither format writes the
    three declarations, only the abortive draw, so every seat asked about the last discard (or
    added kan) that may ron does. Passing them instead let the hand go on, or, when that discard
    declared riichi, counted a fourth riichi stick (the engine's suucha riichi, not the log's
    draw): no triple ron ever replayed. Fewer than three rons leave the engine another ending,
    which the result's comparison names."""
    where = "the triple ron the log ends in"
    if match.phase not in (Phase.CLAIM, Phase.CHANKAN):
        raise Divergence(f"{where}: the engine opens no claim window where the log ends (phase {match.phase.value})")
    for seat in list(match.awaiting()):
        ron = any(a.kind is ActionKind.RON for a in match.legal_actions(seat))
        _apply(match, Action(seat, ActionKind.RON if ron else ActionKind.PASS), where)


def _check_draw(match: Match, step: Step, where: str) -> None:
    """The engine draws by itself: check that it drew the same tile for the same seat."""
    if match.phase is not Phase.TURN or match.turn != step.seat or match.drawn is None:
        raise Divergence(
            f"{where}: the engine does not give seat {step.seat} a draw now (turn {match.turn}, {match.phase.value})", "wall"
        )
    if _face(match, match.drawn) != step.tile:
        raise Divergence(f"{where}: the engine drew {format_tiles([match.drawn])} for seat {step.seat}", "wall")


def _pass_all(match: Match, where: str) -> None:
    """Every seat asked about a discard the log lets pass answers PASS."""
    if match.phase not in (Phase.CLAIM, Phase.CHANKAN):
        return
    for seat in list(match.awaiting()):
        _apply(match, Action(seat, ActionKind.PASS), where)


def _answer_claims(match: Match, group: list[Step], where: str) -> None:
    if match.phase not in (Phase.CLAIM, Phase.CHANKAN):
        raise Divergence(f"{where}: the engine opens no claim window here (phase {match.phase.value})")
    waiting = match.awaiting()
    wanted: dict[int, Action] = {}
    for step in group:
        if step.seat not in waiting:
            options = "; ".join(str(a) for s in waiting for a in match.legal_actions(s)) or "none"
            raise Divergence(f"{where}: the engine does not offer seat {step.seat} a claim (offers: {options})")
        wanted[step.seat] = _match_action(match, step, where)
    for seat in waiting:
        _apply(match, wanted.get(seat, Action(seat, ActionKind.PASS)), where)


def _match_action(match: Match, step: Step, where: str) -> Action:
    kind = _KINDS[step.kind]
    if kind in (ActionKind.DISCARD, ActionKind.RIICHI):
        # the common case, built directly: apply() checks it against the legal actions anyway
        hand = match.players[step.seat].hand
        drawn = match.drawn if step.seat == match.turn else None
        pool = ([drawn] if drawn is not None else []) + sorted(hand)
        tile = next((t for t in pool if _face(match, t) == step.tile), None)
        if tile is None:
            raise Divergence(f"{where}: seat {step.seat} does not hold {_name(step.tile)} in the engine")
        return Action(step.seat, kind, (tile,))
    legal = [a for a in match.legal_actions(step.seat) if a.kind is kind]
    if kind in (ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.KAKAN):
        legal = [a for a in legal if _face(match, a.tiles[0]) == step.tile]
    elif kind in (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN, ActionKind.ANKAN):
        want = Counter(step.consumed)
        legal = [a for a in legal if Counter(_face(match, t) for t in a.tiles) == want]
    if not legal:
        offered = "; ".join(str(a) for a in match.legal_actions(step.seat)) or "nothing"
        raise Divergence(f"{where}: the engine refuses it (seat {step.seat} may: {offered})")
    return legal[0]


def _apply(match: Match, action: Action, where: str) -> list[Event]:
    try:
        return match.apply(action)
    except IllegalActionError as exc:
        offered = "; ".join(str(a) for a in match.legal_actions(action.seat)) or "nothing"
        raise Divergence(f"{where}: the engine refuses {action}: {exc} (seat {action.seat} may: {offered})") from None


def _compare_result(match: Match, hand: LoggedHand) -> None:
    o = hand.outcome
    assert o is not None
    wins = [e for e in match.events if isinstance(e, Win)]
    draws = [e for e in match.events if isinstance(e, ExhaustiveDraw)]
    aborts = [e for e in match.events if isinstance(e, AbortiveDraw)]
    if o.kind == "win":
        if not wins:
            got = f"an abortive draw ({aborts[0].kind})" if aborts else "a draw"
            raise Divergence(f"result: the log has a win, the engine {got}")
        logged = sorted((w.winner, w.deltas) for w in o.wins)
        engine = sorted((w.winner, w.deltas) for w in wins)
        if logged != engine:
            detail = "; ".join(
                f"seat {w.winner} {w.value} han {w.fu} fu {w.limit or ''} [{', '.join(y.id for y in w.rows)}]"
                for w in wins
            )
            raise Divergence(f"result: the log's win deltas {logged} differ from the engine's {engine} ({detail})")
        return
    if o.kind == "exhaustive" and not o.named and aborts and o.deltas == (0, 0, 0, 0):
        return  # an mjai ryukyoku that does not say which draw it was
    if o.kind == "exhaustive":
        if not draws:
            raise Divergence(f"result: the log has an exhaustive draw, the engine {_ending(wins, aborts)}")
        if draws[0].deltas != o.deltas:
            d = draws[0]
            raise Divergence(
                f"result: the log's draw deltas {list(o.deltas)} differ from the engine's {list(d.deltas)} "
                f"(engine tenpai {list(d.tenpai)}, nagashi {list(d.nagashi)})"
            )
        return
    if o.abortive == "chombo":
        chombos = [e for e in match.events if isinstance(e, Penalty) and e.kind is PenaltyKind.CHOMBO]
        if not chombos or chombos[0].deltas != o.deltas:
            got = f"pays {list(chombos[0].deltas)}" if chombos else "has no chombo"
            raise Divergence(f"result: the log's chombo pays {list(o.deltas)}, the engine {got}")
        return
    if not aborts:
        raise Divergence(f"result: the log has an abortive draw ({o.abortive}), the engine {_ending(wins, draws)}")
    if o.abortive is not None and aborts[0].kind != o.abortive:
        raise Divergence(f"result: the log's abortive draw is {o.abortive}, the engine's {aborts[0].kind}")
    if any(o.deltas):
        raise Divergence(f"result: the log pays {list(o.deltas)} on an abortive draw, the engine nothing")


def _ending(*groups: list[Win] | list[AbortiveDraw] | list[ExhaustiveDraw]) -> str:
    for g in groups:
        for e in g:
            if isinstance(e, Win):
                return f"a win by seat {e.winner}"
            if isinstance(e, AbortiveDraw):
                return f"an abortive draw ({e.kind})"
            return "an exhaustive draw"
    return "no result"

