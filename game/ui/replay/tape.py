"""A finished match cut into hands and steps, for the replay viewer to move through.

Pure data and engine calls (no pygame). The engine is deterministic, so a position is rebuilt by
replaying the record up to it; to keep that instant, the state at the start of every hand is kept
(a *snapshot*: a deep copy of the match there), and a position inside a hand replays only that
hand's actions from its snapshot.

A *step* is one decision the viewer shows: an action other than a pass, with the passes that follow
it (the claim window's "no" answers change nothing one can see, except that the last one lets the
next seat draw). Step ``k`` of a hand is the state after its first ``k`` steps: 0 is the hand dealt,
``len(steps)`` the hand over (the engine has then already dealt the next hand, or ended the match).

Two sources give a tape: a filed match (one record, every hand; :func:`tape_from_record`) and an
imported log (one little match per hand, each on the wall stacked from the log, under the rules
the log names or fits; :func:`tape_from_fit`). Either can be played on from any position
(:meth:`ReplayTape.branch`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, overload

from game.engine import Match, Record
from game.engine.actions import Action, ActionKind
from game.engine.errors import AtlasError, RecordError
from game.engine.events import Event, HandEnded, MatchEnded
from game.engine.logs.fit import Fit, LogRules, replay_under
from game.engine.logs.model import LoggedMatch
from game.engine.logs.replay import one_hand_profile
from game.engine.profile import RuleProfile, accepted_hashes
from game.match_options import MatchOptions, match_profile
from game.ui.menus.summary import HandLine, hand_lines

Step = tuple[Action, ...]
CHECKPOINT: Final = 8  # steps between the states kept inside a hand


@dataclass(frozen=True)
class TapeHand:
    """One hand: where it was played, its steps, and how it ended (``line`` None: it did not end,
    ``divergence`` says why: an imported hand the engine would not play on)."""

    round_wind: int
    hand_number: int
    honba: int
    steps: tuple[Step, ...]
    line: HandLine | None
    divergence: str | None = None
    misfit: str | None = None  # the divergence's kind (tiles, wall, play, result), for the player's words


@dataclass
class ReplayTape:
    """The hands of a match, their starting states, and who sat where."""

    profile: RuleProfile
    hands: list[TapeHand]
    starts: Sequence[Match]  # the state at each hand's start (never handed out: copies are)
    names: list[str]
    human: int = 0  # the seat shown at the bottom
    # one record of a whole filed match: play can go on from any position, and the last hand ends
    # with the standings (False: an imported log, one little match per hand)
    whole_match: bool = True
    title: str = ""
    # an imported log's rules as match options (what "play from here" plays under; None: a filed
    # match, whose own options the viewer holds)
    options: MatchOptions | None = None
    fit: Fit | None = None  # an imported log's reading: its rules, and how each hand replayed under them
    log: LoggedMatch | None = None  # the imported log itself (to read it again under other rules)
    aka: bool = False  # an imported log plays red fives (whether the rulebook may offer them)
    # the imported log's file: a tape read in a child process (game.ui.replay.log_job) keeps
    # no log, and reads the file again for other rules
    source: Path | None = None
    _kept: dict[tuple[int, int], Match] = field(default_factory=dict, repr=False)  # checkpoints in hands

    def __len__(self) -> int:
        return len(self.hands)

    def steps_in(self, hand: int) -> int:
        return len(self.hands[hand].steps)

    def state_at(self, hand: int, step: int) -> Match:
        """A fresh match in the state after ``step`` steps of ``hand`` (the caller may play on).

        It replays from the nearest kept state before it: the hand's start, or a checkpoint kept
        every :data:`CHECKPOINT` steps the first time a replay passes it."""
        steps = self.hands[hand].steps
        if not 0 <= step <= len(steps):
            raise IndexError(f"hand {hand + 1} has positions 0..{len(steps)}, not {step}")
        base = step - step % CHECKPOINT
        while base and (hand, base) not in self._kept:
            base -= CHECKPOINT
        match = snapshot(self._kept[(hand, base)] if base else self.starts[hand])
        for k in range(base, step):
            for action in steps[k]:
                match.apply(action)
            if (k + 1) % CHECKPOINT == 0 and (hand, k + 1) not in self._kept:
                self._kept[(hand, k + 1)] = snapshot(match)
        return match

    def shown_events(self, hand: int, step: int, events: Sequence[Event]) -> list[Event]:
        """What step ``step`` of ``hand`` shows of its ``events``: a hand's last step as far as its
        result (not the next hand's deal); the whole match's last one with the final standings."""
        if step + 1 < len(self.hands[hand].steps):
            return list(events)
        if self.whole_match and hand == len(self.hands) - 1:
            return list(events)
        return up_to_hand_end(events)

    def branch(self, hand: int, step: int, seed: int | None = None) -> Match:
        """A live match in the state after ``step`` steps of ``hand``, to play on against the AI.

        A filed match goes on as it was recorded. An imported hand is rebuilt under the log's
        rules at their full length (the tape's own little matches end with the hand), on the same
        stacked wall, scores and round, from a new ``seed`` for what the log never showed: the
        rest of the wall, and the hands after."""
        if self.whole_match or self.options is None:
            return self.state_at(hand, step)
        if not 0 <= step <= len(self.hands[hand].steps):
            raise IndexError(f"hand {hand + 1} has positions 0..{len(self.hands[hand].steps)}, not {step}")
        start = self.starts[hand].record
        seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        match = Match(match_profile(self.options), seed, setups=dict(start.setups), first_dealer=start.first_dealer,
                      start=start.start, position=start.position)
        for k in range(step):
            self.play_step(match, hand, k)
        return match

    def play_step(self, match: Match, hand: int, step: int) -> list[Event]:
        """Apply step ``step`` of ``hand`` to ``match`` (in the state before it); its events."""
        out: list[Event] = []
        for action in self.hands[hand].steps[step]:
            out += match.apply(action)
        return out


class LazyStarts(Sequence[Match]):
    """Each hand's starting state, made from the record it starts from the first time it is
    asked for (0.4 ms a hand) and kept: what a tape read in a child process holds instead of
    3,000 states it would take seconds to hand over (game.ui.replay.log_job)."""

    def __init__(self, records: Sequence[Record], profile: RuleProfile) -> None:
        self._records = list(records)
        self._profile = profile
        self._made: dict[int, Match] = {}

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, index: int) -> Match: ...

    @overload
    def __getitem__(self, index: slice) -> list[Match]: ...

    def __getitem__(self, index: int | slice) -> Match | list[Match]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index not in self._made:
            self._made[index] = fresh_match(self._records[index], self._profile)
        return self._made[index]


def snapshot(match: Match) -> Match:
    """A copy of a match (the engine's :meth:`Match.copy`: it shares what never changes, so a
    copy late in a long match costs as little as an early one)."""
    return match.copy()


def group_steps(actions: Sequence[Action]) -> tuple[Step, ...]:
    """Actions in steps: each action that is not a pass, with the passes after it."""
    steps: list[list[Action]] = []
    for action in actions:
        if action.kind is ActionKind.PASS and steps:
            steps[-1].append(action)
        else:
            steps.append([action])
    return tuple(tuple(s) for s in steps)


def up_to_hand_end(events: Sequence[Event]) -> list[Event]:
    """The events of a hand's last step as far as its result (not the next hand's deal)."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, (HandEnded, MatchEnded)):
            break
        out.append(event)
    return out


def fresh_match(record: Record, profile: RuleProfile) -> Match:
    """The match a record starts from, before its first action."""
    return Match(profile, record.seed, setups=dict(record.setups), first_dealer=record.first_dealer,
                 start=record.start, position=record.position)


def tape_from_record(record: Record, profile: RuleProfile, names: Sequence[str], human: int = 0) -> ReplayTape:
    """Cut a filed match into hands, keeping a snapshot at each hand's start. Raises RecordError
    when the record does not replay (another profile, a refused action, a different end state)."""
    if record.profile_id != profile.id or record.profile_hash not in accepted_hashes(profile):
        raise RecordError(f"the record was made under profile {record.profile_id}, not {profile.id}")
    try:
        match = fresh_match(record, profile)
    except AtlasError as exc:
        raise RecordError(f"the match cannot be set up: {exc}") from exc
    starts = [snapshot(match)]
    per_hand: list[list[Action]] = [[]]
    hand = match.hand_index
    for i, text in enumerate(record.actions):
        if match.is_over:
            raise RecordError(f"action {i} ({text!r}) comes after the end of the match")
        try:
            action = match.parse_action(text)
            match.apply(action)
        except AtlasError as exc:
            raise RecordError(f"action {i} ({text!r}) cannot be replayed: {exc}") from exc
        per_hand[-1].append(action)
        if match.hand_index != hand and not match.is_over:
            hand = match.hand_index
            starts.append(snapshot(match))
            per_hand.append([])
    if record.state_hash and match.state_hash() != record.state_hash:
        raise RecordError("the replayed state differs from the recorded one (the record is cut short or altered)")
    lines = hand_lines(match.events)
    hands = []
    for k, actions in enumerate(per_hand):
        start = starts[k]
        line = lines[k] if k < len(lines) else None
        hands.append(TapeHand(start.round_wind, start.hand_number, start.honba, group_steps(actions), line))
    return ReplayTape(profile, hands, starts, list(names), human)


def tape_from_log(logged: LoggedMatch, profile: RuleProfile, names: Sequence[str] = (), title: str = "") -> ReplayTape:
    """:func:`tape_from_fit` of the log under ``profile`` (the log's red fives decide those)."""
    rules = LogRules(profile.id, profile.game.length, logged.aka)
    return tape_from_fit(logged, replay_under(logged, rules), names, title)


def tape_from_fit(logged: LoggedMatch, fit: Fit, names: Sequence[str] = (), title: str = "",
                  on_hand: Callable[[int, int], None] | None = None) -> ReplayTape:
    """Every hand of a log as the fit replayed it, each on its stacked wall
    (:func:`game.engine.logs.fit.replay_under`), cut into steps. A hand the engine will not
    follow to the end keeps the steps it could play and says where and why it stopped; a hand
    whose wall cannot even be stacked under the rules raises RecordError (the log does not fit
    them: more copies of a tile than the set holds)."""
    if not logged.hands:
        raise RecordError("the log holds no hand")
    rules = fit.rules
    options = MatchOptions(rules.profile_id, length=rules.length, red_fives=rules.red_fives)
    prof = one_hand_profile(match_profile(options))
    hands: list[TapeHand] = []
    starts: list[Match] = []
    for i, (logged_hand, report, played) in enumerate(zip(logged.hands, fit.reports, fit.played, strict=True)):
        if on_hand is not None:
            on_hand(i, len(logged.hands))
        if played is None:
            raise RecordError(f"hand {logged_hand.label}: {report.divergence}")
        starts.append(fresh_match(played.record, prof))
        lines = hand_lines(played.events)
        hands.append(TapeHand(logged_hand.round_wind, logged_hand.hand_number, logged_hand.honba,
                              group_steps(played.actions), lines[0] if lines and report.ok else None,
                              report.divergence, report.kind))
    return ReplayTape(prof, hands, starts, list(names or logged.names), 0, whole_match=False, title=title,
                      options=options, fit=fit, log=logged, aka=logged.aka)
