"""A log file read into a tape in a child process, handed back hand by hand.

Reading a big log is seconds of CPU (3,000 hands: the JSON, every hand replayed under the rules
it names, and under others when one does not fit, then cut into steps: ~20 s). On a thread of
the game's own process that work shares the interpreter lock with the frames, and any long C
call in it (the JSON decoder, a million objects freed at once) or a moment the OS takes its
thread off the CPU with the lock held freezes the window (``stress doors``: 0.3-0.95 s gaps).
So it runs in a child (:class:`game.persist.jobs.ProcessJob`) and comes back in pieces: each
hand's steps and result, and its starting state as the record it starts from (1 kB, where the
state itself is 10 kB and 0.3 ms to unpickle). The hands' replayed matches and the log itself
stay in the child: the window's tape builds a hand's start the first time it is shown
(:class:`~.tape.LazyStarts`), and reading the log under other rules reads the file again in a
child (:func:`start_log_import` with ``chosen``). Unpickling the pieces costs the window's
process ~0.5 ms a hand, on the job's receiving thread.

This module imports no pygame: the child loads only the engine and the tape.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from game.persist.jobs import ProcessJob, Refused, Send
from game.persist.names import shown
from game.persist.notice import Notice
from game.persist.saves import SaveError

from .tape import LazyStarts, ReplayTape, TapeHand

if TYPE_CHECKING:  # the title's imports stay light: the engine's logs load with the first read
    from game.engine import Record
    from game.engine.logs import Fit, LogRules
    from game.engine.logs.replay import HandReport
    from game.engine.profile import RuleProfile
    from game.match_options import MatchOptions

Progress = Callable[[float], None]
READ_SHARE: Final = 0.9  # of the progress bar; the hand-over is the rest (seconds for 3,000 hands)


@dataclass(frozen=True)
class Handover:
    """What comes back after the hands (each hand comes as its steps and result, the record its
    start is made from, and its report): the tape's rules and words, and the fit without its
    matches (the window never replays from them)."""

    profile: RuleProfile
    names: tuple[str, ...]
    title: str
    options: MatchOptions | None
    fit: Fit  # without its matches, and its reports come with the hands
    aka: bool
    source: str


def read_tape(path: Path, rules: LogRules | None = None, progress: Progress | None = None, *,
              chosen: bool = False, gentle: bool = True) -> ReplayTape:
    """The tape of a log file under ``rules`` if every hand fits them, else under the rules the
    log's hands replay under (default: those the log names, :func:`game.engine.logs.fit_rules`);
    ``chosen``: under ``rules`` whatever fits (the player chose them). ``progress(fraction)``
    hears how far it got (it may raise to stop): the file read and parsed to 0.3, the hands
    replayed to 0.8, cut into steps to 1. A file that cannot be shown raises SaveError.
    ``gentle``: see :func:`game.persist.log_import.read_log_file`."""
    from game.engine.errors import AtlasError
    from game.engine.logs import fit_rules
    from game.engine.logs.fit import replay_under
    from game.persist.log_import import read_log_file

    from .tape import tape_from_fit

    tick = progress or (lambda fraction: None)
    imported = read_log_file(path, tick, gentle=gentle)
    try:
        def on_hand(done: int, total: int) -> None:
            tick(0.3 + 0.5 * done / total)

        if chosen and rules is not None:
            fit = replay_under(imported.logged, rules, named=False, on_hand=on_hand)
            fit.chosen = True
        else:
            fit = fit_rules(imported.logged, rules, on_hand=on_hand)
        tape = tape_from_fit(imported.logged, fit, title=imported.title,
                             on_hand=lambda done, total: tick(0.8 + 0.2 * done / total))
    except AtlasError as exc:
        raise SaveError(Notice("viewer.import_error", {"file": shown(path.name),
                                                       "detail": shown(str(exc), 200)})) from exc
    tape.source = path
    return tape


def read_in_child(send: Send, path: str, rules: LogRules | None, chosen: bool) -> Handover:
    """The child's work: the tape read, then sent hand by hand (see the module docstring)."""
    try:
        tape = read_tape(Path(path), rules, lambda fraction: send("progress", READ_SHARE * fraction), chosen=chosen,
                         gentle=False)
    except SaveError as exc:
        raise Refused((exc.notice, exc.reason)) from exc
    assert tape.fit is not None
    for k, (hand, start, report) in enumerate(zip(tape.hands, tape.starts, tape.fit.reports, strict=True)):
        send("piece", (hand, start.record, report))
        if k % 100 == 99:
            send("progress", READ_SHARE + (1 - READ_SHARE) * (k + 1) / len(tape.hands))
    fit = dataclasses.replace(tape.fit, played=[], reports=[])
    return Handover(tape.profile, tuple(tape.names), tape.title, tape.options, fit, tape.aka, path)


def assemble(pieces: list[object], last: object) -> ReplayTape:
    """The window's tape from the child's pieces (on the job's receiving thread)."""
    assert isinstance(last, Handover)
    hands: list[TapeHand] = []
    records: list[Record] = []
    reports: list[HandReport] = []
    for piece in pieces:
        assert isinstance(piece, tuple)
        hand, record, report = piece
        hands.append(hand)
        records.append(record)
        reports.append(report)
    fit = dataclasses.replace(last.fit, reports=reports)
    return ReplayTape(last.profile, hands, LazyStarts(records, last.profile), list(last.names), 0,
                      whole_match=False, title=last.title, options=last.options, fit=fit, aka=last.aka,
                      source=Path(last.source))


def refused(value: object) -> SaveError:
    assert isinstance(value, tuple)
    notice, reason = value
    return SaveError(notice, str(reason))


def start_log_import(path: Path, rules: LogRules | None = None, *, chosen: bool = False) -> ProcessJob[ReplayTape]:
    """Read the log in ``path`` in a child process (see the module docstring)."""
    return ProcessJob(read_in_child, (str(path), rules, chosen), assemble, refused=refused, name="atlas-import").start()
