"""Which rules a log was played under: what it names, and what its hands replay under.

A log names only part of its rules: tenhou.net/6 says whether it plays red fives (``aka``) and,
in ``rule.disp``, whether it is an East-only game (東) or a hanchan (南); mjai's ``start_game``
may say both (``aka_flag``, ``kyoku_first``); our own exports name the rule profile in the title.
Nothing names EMA against Tenhou's rules in another tool's log, and an mjai log often names
nothing. So the rules are *fitted*: the named ones first (:func:`named_rules`), then the other
rulebooks tenhou.net/6 and mjai can hold, each replayed hand by hand; the first under which every
hand replays wins, else the one under which most do (:func:`fit_rules`). A hand that does not
replay under the chosen rules is reported with why (:class:`~.replay.HandReport`), so the player
can be told plainly what did not fit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .. import Match
from ..errors import RecordError
from ..profile import RuleProfile, load_profile
from .model import LoggedMatch
from .replay import HandReport, one_hand_profile, replay_hand_state

LOG_PROFILES: Final = ("riichi", "ema")  # the rulebooks a tenhou.net/6 or mjai log can hold
LENGTHS: Final = ("tonpuu", "hanchan")


@dataclass(frozen=True)
class LogRules:
    """Rules to read a log under: a rule profile, the game's length ("" the profile's own) and
    whether red fives are played (only a profile that has them can play them)."""

    profile_id: str = "riichi"
    length: str = ""
    red_fives: bool = True

    def profile(self) -> RuleProfile:
        """The profile with this length and without red fives when they are not played."""
        profile = load_profile(self.profile_id)
        if self.length in LENGTHS and self.length != profile.game.length:
            profile = dataclasses.replace(profile, game=dataclasses.replace(profile.game, length=self.length))  # type: ignore[arg-type]
        if not self.red_fives and profile.tiles.red_fives:
            profile = dataclasses.replace(profile, tiles=dataclasses.replace(profile.tiles, red_fives=0))
        return profile

    @property
    def plays_red_fives(self) -> bool:
        return self.red_fives and load_profile(self.profile_id).tiles.red_fives > 0


@dataclass
class Fit:
    """The rules chosen for a log, each hand's report under them and the matches the replay left
    (one little match per hand, for the viewer), and whether the log named these rules."""

    rules: LogRules
    reports: list[HandReport]
    played: list[Match | None]  # None: the hand's wall could not even be stacked
    named: bool = True  # False: the log named other rules (or none), these were fitted
    chosen: bool = False  # the player chose these rules

    @property
    def fits(self) -> bool:
        return all(r.ok for r in self.reports)

    @property
    def misfits(self) -> list[HandReport]:
        return [r for r in self.reports if not r.ok]


def named_rules(logged: LoggedMatch) -> LogRules:
    """The rules the log names: the profile its title names (by id or name), the length it names
    (else, if a hand is played past the East round, a hanchan) and its red fives. A log that names
    no profile is taken for Tenhou's rules, or for EMA's if it plays no red fives (every Tenhou room
    plays them; EMA never does)."""
    wanted = logged.title.strip().casefold()
    profile_id = "riichi" if logged.aka else "ema"
    for candidate in LOG_PROFILES:
        profile = load_profile(candidate)
        if wanted and wanted in (profile.id.casefold(), profile.profile.name.casefold()):
            profile_id = candidate
    length = logged.length if logged.length in LENGTHS else ""
    if not length and any(h.round_wind > 0 for h in logged.hands):
        length = "hanchan"
    return LogRules(profile_id, length, logged.aka)


def candidates(first: LogRules) -> list[LogRules]:
    """``first``, then the other rulebooks at the same length and red fives."""
    return [first] + [dataclasses.replace(first, profile_id=p) for p in LOG_PROFILES if p != first.profile_id]


def replay_under(logged: LoggedMatch, rules: LogRules, *, named: bool = True,
                 on_hand: Callable[[int, int], None] | None = None) -> Fit:
    """Every hand of the log replayed on its own under ``rules``; ``on_hand(done, total)`` hears
    before each hand (the game's import shows a progress bar, and may stop there)."""
    profile = one_hand_profile(rules.profile())
    reports: list[HandReport] = []
    played: list[Match | None] = []
    for i, hand in enumerate(logged.hands, 1):
        if on_hand is not None:
            on_hand(i - 1, len(logged.hands))
        try:
            report, match = replay_hand_state(hand, profile, i)
        except RecordError as exc:  # the wall cannot be stacked from these tiles under these rules
            reports.append(HandReport(i, hand.label, str(exc), "tiles"))
            played.append(None)
            continue
        reports.append(report)
        played.append(match)
    return Fit(rules, reports, played, named)


def fit_rules(logged: LoggedMatch, first: LogRules | None = None,
              on_hand: Callable[[int, int], None] | None = None) -> Fit:
    """The rules the log replays under: ``first`` (default: the rules it names) if every hand
    replays, else the first other rulebook under which every hand does, else whichever replays
    the most hands (the earlier on a tie)."""
    start = first if first is not None else named_rules(logged)
    best: Fit | None = None
    for rules in candidates(start):
        fit = replay_under(logged, rules, named=rules == start, on_hand=on_hand)
        if fit.fits:
            return fit
        if best is None or len(fit.misfits) < len(best.misfits):
            best = fit
    assert best is not None
    return best
