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
imported log (one little match per hand, each on the wall stacked from the log;
:func:`tape_from_log`).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from game.engine.actions import Action, ActionKind
from game.engine.errors import AtlasError, RecordError
from game.engine.events import Event, HandEnded, MatchEnded
from game.engine.logs.model import LoggedHand, LoggedMatch
from game.engine.logs.replay import one_hand_profile, replay_hand_state
from game.engine.match import Match, Record
from game.engine.profile import RuleProfile
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


@dataclass
class ReplayTape:
    """The hands of a match, their starting states, and who sat where."""

    profile: RuleProfile
    hands: list[TapeHand]
    starts: list[Match]  # the state at each hand's start (never handed out: copies are)
    names: list[str]
    human: int = 0  # the seat shown at the bottom
    # one record of a whole filed match: play can go on from any position, and the last hand ends
    # with the standings (False: an imported log, one little match per hand)
    whole_match: bool = True
    title: str = ""
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

    def play_step(self, match: Match, hand: int, step: int) -> list[Event]:
        """Apply step ``step`` of ``hand`` to ``match`` (in the state before it); its events."""
        out: list[Event] = []
        for action in self.hands[hand].steps[step]:
            out += match.apply(action)
        return out


def snapshot(match: Match) -> Match:
    """A deep copy of a match that shares what never changes (the profile, past events and
    actions, which are frozen), so a copy late in a long match costs as little as an early one."""
    memo: dict[int, object] = {id(match.profile): match.profile, id(match.events): list(match.events),
                               id(match.actions): list(match.actions)}
    return copy.deepcopy(match, memo)


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
    if record.profile_id != profile.id or record.profile_hash != profile.hash:
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
    """Rebuild every hand of a log on its stacked wall (:func:`game.engine.logs.stacking.stack_hand`
    through the engine's log replay) and cut it into steps. A hand the engine will not follow to the
    end keeps the steps it could play and says where it stopped; a hand whose wall cannot even be
    stacked raises RecordError (the log is damaged)."""
    if not logged.hands:
        raise RecordError("the log holds no hand")
    prof = one_hand_profile(profile, aka=logged.aka)
    hands: list[TapeHand] = []
    starts: list[Match] = []
    for logged_hand in logged.hands:
        played, divergence = replay_logged_hand(logged_hand, prof)
        starts.append(fresh_match(played.record, prof))
        lines = hand_lines(played.events)
        hands.append(TapeHand(logged_hand.round_wind, logged_hand.hand_number, logged_hand.honba,
                              group_steps(played.actions), lines[0] if lines and divergence is None else None,
                              divergence))
    return ReplayTape(prof, hands, starts, list(names or logged.names), 0, whole_match=False, title=title)



def replay_logged_hand(hand: LoggedHand, profile: RuleProfile) -> tuple[Match, str | None]:
    """Play a logged hand on its stacked wall as far as the engine follows it: the match, and
    where and why it stopped (None: to the log's end and result)."""
    report, match = replay_hand_state(hand, profile)
    return match, report.divergence
