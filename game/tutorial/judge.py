"""The engine judges the levels: who gets the tile, which answers are legal, what happens next.

A step is *answered* by an action (``act``) or an outcome (``predict``). The runner below is shared
by the tutorial screen and ``python -m game levels check``, so the game never teaches something the
engine would not do: the check plays every level's right answer, asks the engine about every wrong
answer the level calls illegal, and reports each disagreement on one line.

Outcomes name who took the discard once the claims were resolved: a seat (``"2"``), several winners
(``"1+3"``), ``"abort"`` (an abortive draw) or ``"none"`` (nobody claimed: the next player draws, or
the hand ends drawn). Facts (``expect``) are small sentences about the events, see README.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import Match, Phase
from game.engine.actions import Action, ActionKind
from game.engine.errors import AtlasError, IllegalActionError
from game.engine.events import (
    AbortiveDraw,
    Claimed,
    Event,
    ExhaustiveDraw,
    FlowerSetAside,
    KanDeclared,
    Penalty,
    TailToDeadWall,
    TileDrawn,
    Win,
)
from game.engine.tiles import kind_of, parse_kinds

from .level import SEAT_OUTCOME, Level, LevelError, Step, load_all
from .setup import SetupError, build_match, parse_move, pass_claims, play_move


def outcome(events: Sequence[Event]) -> str:
    """Who got the tile, read from the events a claim window's resolution produced."""
    wins = [e.winner for e in events if isinstance(e, Win)]
    if wins:
        return "+".join(str(s) for s in sorted(set(wins)))
    if any(isinstance(e, AbortiveDraw) for e in events):
        return "abort"
    claimed = [e.seat for e in events if isinstance(e, Claimed)]
    if claimed:
        return str(claimed[0])
    return "none"


def fact_holds(fact: str, match: Match, events: Sequence[Event]) -> str:
    """'' when ``fact`` holds, else what the engine did instead. Facts:
    ``claimed:S`` (seat S called the tile), ``win:S+T`` (exactly these seats won), ``abort``,
    ``drawn_game``, ``turn:S`` (seat S is to play), ``draws:S`` (seat S drew from the live wall),
    ``replacement:S:TILE`` (seat S drew TILE as a replacement), ``hill_refilled`` (the last live
    tile joined the hill), ``flower:S`` (seat S set a flower aside), ``kan:S``, ``live:N`` (tiles
    left in the live wall); at a strict table ``penalty:S:KIND`` (seat S was penalised, ``chombo``
    or ``dead_hand``), ``pays:S:N`` (and paid N points at once), ``after_uma:S:N`` (N points to be
    taken from its final score), ``dead:S`` (its hand is dead now) and ``paid_winner:S`` (S paid
    a winner off another seat's discard or draw: a Taiwanese dead hand)."""
    name, _, arg = fact.partition(":")
    if name in ("penalty", "pays", "after_uma"):
        return _penalty_fact(name, arg, events)
    if name == "paid_winner":
        paid = [e.winner for e in events if isinstance(e, Win) and str(e.discarder) != arg
                and arg.isdigit() and int(arg) < 4 and e.deltas[int(arg)] < 0]
        return "" if paid else f"seat {arg} paid no winner"
    if name == "dead":
        return "" if arg.isdigit() and int(arg) < 4 and match.players[int(arg)].dead_hand else f"seat {arg}'s hand is not dead"
    if name == "claimed":
        got = [str(e.seat) for e in events if isinstance(e, Claimed)]
        return "" if arg in got else f"claimed by {got or 'nobody'}"
    if name == "win":
        result = outcome(events)
        return "" if result == arg else f"outcome {result}"
    if name == "abort":
        return "" if any(isinstance(e, AbortiveDraw) for e in events) else "no abortive draw"
    if name == "drawn_game":
        return "" if any(isinstance(e, ExhaustiveDraw) for e in events) else "the hand did not end drawn"
    if name == "turn":
        return "" if match.phase is Phase.TURN and str(match.turn) == arg else f"turn {match.turn} ({match.phase.value})"
    if name == "draws":
        got = [str(e.seat) for e in events if isinstance(e, TileDrawn) and not e.replacement]
        return "" if got[:1] == [arg] else f"live draws by {got or 'nobody'}"
    if name == "replacement":
        seat, _, tile = arg.partition(":")
        kinds = parse_kinds(tile) if tile else []
        pairs = [(e.seat, e.tile) for e in events if isinstance(e, TileDrawn) and e.replacement]
        ok = any(str(s) == seat and (not kinds or kind_of(t) == kinds[0]) for s, t in pairs)
        return "" if ok else f"replacement draws {pairs or 'none'}"
    if name == "hill_refilled":
        return "" if any(isinstance(e, TailToDeadWall) for e in events) else "no tile joined the hill"
    if name == "flower":
        got = [str(e.seat) for e in events if isinstance(e, FlowerSetAside)]
        return "" if arg in got else f"flowers set aside by {got or 'nobody'}"
    if name == "kan":
        got = [str(e.seat) for e in events if isinstance(e, KanDeclared)]
        got += [str(e.seat) for e in events if isinstance(e, Claimed) and e.meld.kind.value == "daiminkan"]
        return "" if arg in got else f"kans by {got or 'nobody'}"
    if name == "live":
        return "" if str(match.wall.live_remaining) == arg else f"{match.wall.live_remaining} live tiles"
    return f"unknown fact {fact!r}"


def _penalty_fact(name: str, arg: str, events: Sequence[Event]) -> str:
    seat, _, value = arg.partition(":")
    got = [e for e in events if isinstance(e, Penalty) and str(e.seat) == seat]
    if not got:
        return f"no penalty for seat {seat}"
    e = got[0]
    if name == "penalty":
        return "" if e.kind.value == value else f"a {e.kind.value} penalty"
    paid = -e.deltas[e.seat] if name == "pays" else e.after_uma
    return "" if str(paid) == value else f"{name} {paid}"


@dataclass
class Verdict:
    """What answering a step did: right or not, the engine's refusal (rule and message) if any,
    and for a false declaration at a strict table the penalty it would have cost (played on a copy
    of the match: a wrong answer changes nothing)."""

    right: bool
    events: list[Event] = field(default_factory=list)
    rule: str = ""
    message: str = ""
    outcome: str = ""
    penalty: Penalty | None = None


def refusal(match: Match, notation: str) -> IllegalActionError | None:
    """The engine's refusal of ``notation`` now, or None if it would accept it (nothing changes)."""
    try:
        action = parse_move(match, notation)
    except AtlasError as exc:
        return IllegalActionError("not-held", str(exc))
    return match.why_illegal(action)


def penalty_for(match: Match, notation: str) -> Penalty | None:
    """What a false declaration would cost its seat at a strict table: played on a copy of the
    match (the other seats then pass), the match itself unchanged. None when the move is not a
    false declaration the engine accepts."""
    try:
        action = parse_move(match, notation)
    except AtlasError:
        return None
    if action not in match.legal_actions(action.seat) or not match.is_false(action):
        return None
    trial = match.copy()
    events = trial.apply(action) + pass_claims(trial)
    return next((e for e in events if isinstance(e, Penalty) and e.seat == action.seat), None)


def answer_step(match: Match, step: Step, given: str) -> Verdict:
    """The learner's answer: a wrong one leaves the match as it was; the right one is played
    (with the other seats' moves) and its events returned."""
    if given != step.answer:
        if step.task == "act":
            why = refusal(match, given)
            if why is not None:
                return Verdict(False, rule=why.rule, message=why.message)
            return Verdict(False, penalty=penalty_for(match, given))
        return Verdict(False)
    events = play_step(match, step)
    return Verdict(True, events=events, outcome=outcome(events))


def play_step(match: Match, step: Step) -> list[Event]:
    """Play the step's right answer and the other seats' moves; close the claim window."""
    events: list[Event] = []
    if step.task == "act":
        events += match.apply(parse_move(match, step.answer))
    for move in step.play:
        events += play_move(match, move)
    events += pass_claims(match)
    return events


def check_level(level: Level) -> list[str]:
    """Every disagreement between the level and the engine, one line each ('' lines never)."""
    where = f"{level.path.name}"
    try:
        match = build_match(level)
    except SetupError as exc:
        return [f"{where}: {exc}"]
    failures: list[str] = []
    for i, step in enumerate(level.steps):
        at = f"{where}:{step.line}: steps[{i}]"
        if step.task == "act":
            seat = _seat_of(step.answer)
            if seat is not None and seat != level.learner:
                failures.append(f"{at}: the answer is played by seat {seat}, not the learner's seat {level.learner}")
            why = refusal(match, step.answer)
            if why is not None:
                return [*failures, f"{at}: the engine refuses the expected answer {step.answer!r}: {why.message} [{why.rule}]"]
            for wrong in step.wrong:
                if wrong.penalty:
                    cost = penalty_for(match, wrong.answer)
                    if cost is None:
                        failures.append(f"{at}: the level says {wrong.answer!r} costs a {wrong.penalty}, "
                                        "but the engine takes it as no false declaration")
                    elif cost.kind.value != wrong.penalty:
                        failures.append(f"{at}: {wrong.answer!r} costs a {cost.kind.value}, the level says {wrong.penalty}")
                if not wrong.illegal:
                    continue
                refused = refusal(match, wrong.answer)
                if refused is None:
                    failures.append(f"{at}: the level calls {wrong.answer!r} illegal ({wrong.illegal}) but the engine allows it")
                elif refused.rule != wrong.illegal:
                    failures.append(f"{at}: {wrong.answer!r} is refused for [{refused.rule}], the level says [{wrong.illegal}]")
        ignored = [seat for seat in match.awaiting() if match.phase is not Phase.TURN
                   and any(a.kind is ActionKind.RON for a in match.legal_actions(seat))
                   and not match.is_false(Action(seat, ActionKind.RON))
                   and f"{seat}:ron" not in step.play and step.answer != f"{seat}:ron"
                   and not any(w.answer == f"{seat}:ron" for w in step.wrong)]
        if ignored:
            failures.append(f"{at}: seat {ignored[0]} could win on this tile, but the level never says so")
        try:
            events = play_step(match, step)
        except AtlasError as exc:
            return [*failures, f"{at}: playing the step failed: {exc}"]
        if step.task == "predict" and SEAT_OUTCOME.match(step.answer):
            got = outcome(events)
            if got != step.answer:
                failures.append(f"{at}: the level expects outcome {step.answer!r}, the engine gives {got!r}")
        for fact in step.expect:
            why_not = fact_holds(fact, match, events)
            if why_not:
                failures.append(f"{at}: expected {fact!r}, but {why_not}")
    return failures


def _seat_of(notation: str) -> int | None:
    head = notation.strip().split(" ", 1)[0]
    return int(head[0]) if head[:1].isdigit() and head[1:2] == ":" else None


def check_all(folder: Path | None = None, *, seeds: Path | None = None) -> tuple[int, list[str]]:
    """(levels checked, failure lines): broken files, engine disagreements, citations that do not
    match the seed text (when ``seeds`` holds the rulebook files)."""
    catalogue = load_all(folder)
    failures = [str(err) for err in catalogue.broken]
    for level in catalogue.levels:
        failures += check_level(level)
        if seeds is not None:
            failures += check_citation(level, seeds)
    return len(catalogue.levels) + len(catalogue.broken), failures


def check_citation(level: Level, seeds: Path) -> list[str]:
    src = level.source
    if src.line == 0:  # a public text cited by section (no seed text of that rulebook to hold)
        return [] if src.quote and src.file else [f"{level.path.name}: source needs a quote and where it is written"]
    path = seeds / src.file
    if not path.exists():
        return [f"{level.path.name}: source.file {src.file!r} is not a rulebook in {seeds}"]
    lines = path.read_text(encoding="utf-8").splitlines()
    if not 1 <= src.line <= len(lines):
        return [f"{level.path.name}: source.line {src.line} is outside {src.file} ({len(lines)} lines)"]
    if " ".join(src.quote.split()) not in " ".join(lines[src.line - 1].split()):
        return [f"{level.path.name}: source.quote is not on line {src.line} of {src.file}"]
    return []


__all__ = ["Verdict", "answer_step", "penalty_for", "check_all", "check_level", "outcome", "play_step", "refusal", "LevelError"]
