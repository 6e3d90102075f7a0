"""A seat played by an external program that speaks the mjai protocol (JSON lines on stdin/stdout).

Each request is one line holding a JSON array of the mjai events the seat may see since the last
request; the program answers each with one JSON object, its reaction (see
:mod:`game.ai.mjai_protocol`). The seat asks only when the engine waits for it, so the events in
between travel together with the next request.

A reply that is malformed, names no legal action, or comes later than the time limit (a setting,
default :data:`TIME_LIMIT` seconds) is refused: the hard AI plays the seat for the rest of the
hand, the reason goes to the log and to :attr:`ExternalSeat.notices` (the table shows each reason
once). A program that exits, or cannot be started, leaves the seat to the hard AI for the rest of
the match.

No orphans: the program runs in a process group of its own, is ended (terminate, then kill) by
:meth:`ExternalSeat.close`, at interpreter exit, and on Linux when the game's process dies however
it dies (the parent-death signal); it also sees its stdin close.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.levels import LevelBot
from game.ai.mjai_protocol import BadReply, MjaiEvent, MjaiView, action_from_reply
from game.engine import Match
from game.engine.actions import Action, ActionKind
from game.engine.events import Event, HandStarted
from game.engine.observation import Observation
from game.engine.profile import RuleProfile

log = logging.getLogger(__name__)

TIME_LIMIT = 5.0  # seconds per decision (the default of the setting)
START_GRACE = 20.0  # the first reply may also wait for the program to start (imports, models)
STDERR_KEEP = 4000  # characters of the program's stderr kept for the log
MJAI_PROFILE = "riichi"  # the mjai protocol speaks Tenhou's riichi rules only


def speaks_mjai(profile: RuleProfile) -> bool:
    """Whether mjai programs can play this profile: its rules are Tenhou's (the riichi profile's),
    whatever the length of the game or the starting points (``game.*``)."""
    from game.engine.profile import load_profile

    tenhou = load_profile(MJAI_PROFILE).knobs()
    mine = profile.knobs()
    return all(mine.get(k) == v for k, v in tenhou.items() if not k.startswith("game."))


@dataclass(frozen=True, slots=True)
class Notice:
    """One refusal, for the log and for the player: ``key`` names the plain-words reason
    (``ai.external.<key>`` in the catalogs), ``detail`` is the technical text."""

    seat: int
    key: str
    detail: str


class BotProcess:
    """One running program and its pipes. Replies are numbered: reply ``n`` answers request ``n``,
    so an answer that comes after its time ran out is recognised and dropped."""

    def __init__(self, command: str | Sequence[str]) -> None:
        argv = shlex.split(command, posix=os.name != "nt") if isinstance(command, str) else list(command)
        if not argv:
            raise OSError("no command given")
        if shutil.which(argv[0]) is None:  # said now, not by a launcher that could not exec it
            raise FileNotFoundError(f"no program {argv[0]!r}")
        self.argv = argv
        kwargs: dict[str, object] = {}
        if os.name == "posix":
            kwargs["start_new_session"] = True  # done by the C fork code, safe beside threads
            argv = _with_parent_death(argv)
        else:  # pragma: no cover - Windows
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        self.proc = subprocess.Popen(  # noqa: S603 - the player's own command, by design
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            **kwargs,  # type: ignore[call-overload]
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: list[str] = []
        self.sent = 0
        self.received = 0
        threading.Thread(target=self._read_out, daemon=True, name="mjai-stdout").start()
        threading.Thread(target=self._read_err, daemon=True, name="mjai-stderr").start()
        _LIVE.add(self)

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._stderr.append(line)
            if sum(len(s) for s in self._stderr) > 2 * STDERR_KEEP:
                self._stderr[:] = ["".join(self._stderr)[-STDERR_KEEP:]]

    @property
    def stderr_tail(self) -> str:
        return "".join(self._stderr)[-STDERR_KEEP:]

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def request(self, events: Sequence[MjaiEvent], limit: float) -> object:
        """Send one request and wait up to ``limit`` seconds for its reply (parsed JSON).

        Raises BadReply ``late``, ``exited`` or ``malformed``."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(list(events), separators=(",", ":")) + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise BadReply("exited", f"the program has exited ({self.proc.poll()}): {self.stderr_tail[-300:]}") from None
        self.sent += 1
        deadline = time.monotonic() + limit
        while self.received < self.sent:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, left)) if left > 0 else self._lines.get_nowait()
            except queue.Empty:
                raise BadReply("late", f"no reply within {limit:g} s") from None
            if line is None:
                self._lines.put(None)  # stays closed for later requests
                raise BadReply("exited", f"the program has exited ({self.proc.poll()}): {self.stderr_tail[-300:]}")
            self.received += 1
            if self.received < self.sent:
                continue  # the late answer to an earlier request
            try:
                return json.loads(line)
            except ValueError:
                raise BadReply("malformed", f"not JSON: {line.strip()[:200]!r}") from None
        raise BadReply("malformed", "no reply")  # pragma: no cover - the loop returns or raises

    def close(self, wait: float = 1.0) -> None:
        """End the program: close its stdin, then terminate and kill its process group."""
        _LIVE.discard(self)
        proc = self.proc
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        if proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=min(wait, 0.3))
        for sig in (signal.SIGTERM, getattr(signal, "SIGKILL", signal.SIGTERM)):
            if proc.poll() is not None:
                break
            _signal_group(proc, sig)
            try:
                proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        if proc.poll() is None:  # pragma: no cover - a process that survives SIGKILL
            log.warning("external bot %s did not end", self.argv[0])
        elif os.name == "posix":
            _signal_group(proc, signal.SIGKILL)  # anything the program itself started


def _signal_group(proc: subprocess.Popen[str], sig: int) -> None:
    try:
        if os.name == "posix":
            os.killpg(proc.pid, sig)
        else:  # pragma: no cover - Windows
            proc.terminate() if sig == signal.SIGTERM else proc.kill()
    except (ProcessLookupError, PermissionError, OSError):
        pass


# Linux: a launcher asks for SIGTERM when the game's process dies (even by a crash or SIGKILL),
# then becomes the program (the signal request survives exec). Not a preexec_fn: Python code run
# between fork and exec can deadlock on a lock another thread held at the fork.
_LAUNCHER = (
    "import ctypes, os, signal, sys\n"
    "try:\n    ctypes.CDLL('libc.so.6', use_errno=True).prctl(1, signal.SIGTERM)\nexcept OSError:\n    pass\n"
    "if os.getppid() != int(sys.argv[1]):\n    sys.exit(0)\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)


def _with_parent_death(argv: list[str]) -> list[str]:
    """``argv`` behind the launcher where there is a Python to run it (not in a frozen bundle:
    there the program still ends when its stdin closes, and at exit)."""
    if not sys.platform.startswith("linux") or getattr(sys, "frozen", False) or not sys.executable:
        return argv
    return [sys.executable, "-I", "-S", "-c", _LAUNCHER, str(os.getpid()), *argv]


_LIVE: weakref.WeakSet[BotProcess] = weakref.WeakSet()


@atexit.register
def _end_all() -> None:
    for bot in list(_LIVE):
        bot.close(wait=0.5)


class ExternalSeat:
    """A seat played by an mjai program, with the hard AI standing in when the program fails.

    The driver (the table, ``sim``) calls :meth:`see` with every event the match emits (from the
    start: the seat redacts nothing itself, it writes only what its chair may see) and
    :meth:`decide` when the engine waits for the seat, and :meth:`close` when the match ends or is
    left. ``process`` may be a running :class:`BotProcess` to reuse (``sim`` keeps one per seat
    across matches: the program starts afresh at every ``start_game``)."""

    name = "mjai"

    def __init__(
        self,
        command: str | Sequence[str],
        seed: int,
        seat: int,
        profile: RuleProfile,
        *,
        time_limit: float = TIME_LIMIT,
        process: BotProcess | None = None,
        names: Sequence[str] = ("", "", "", ""),
    ) -> None:
        self.seat = seat
        self.command = command
        self.time_limit = time_limit
        self.fallback = LevelBot("hard", seed, seat, profile)
        self.view = MjaiView(seat, names)
        self.notices: list[Notice] = []
        self.errors: list[str] = []  # the program's own complaints (mjai's "_error")
        self.decisions = 0
        self.refusals = 0
        self._pending: list[MjaiEvent] = []
        self._standing_in = False  # the hard AI plays the rest of this hand
        self._gone = False  # the program is gone: the hard AI plays the rest of the match
        self._reported: set[str] = set()
        self._shown = 0
        self._job: threading.Thread | None = None
        self._answer: Action | None = None
        self._first = process is None
        self.process: BotProcess | None = process
        if not speaks_mjai(profile):
            self._refuse(BadReply("profile", f"the mjai protocol plays riichi only, not {profile.id}"), gone=True)
            return
        if self.process is None or not self.process.alive:
            try:
                self.process = BotProcess(command)
                self._first = True
            except OSError as exc:
                self.process = None
                self._refuse(BadReply("start", f"cannot start {command!r}: {exc}"), gone=True)

    # --- the driver's side ----------------------------------------------------------------------

    def see(self, events: Sequence[Event]) -> None:
        for ev in events:
            if isinstance(ev, HandStarted):
                self._standing_in = self._gone
        self._pending.extend(self.view.feed(events))

    def decide(self, obs: Observation) -> Action:
        if self._standing_in or self._gone or self.process is None:
            return self._stand_in(obs)
        self.decisions += 1
        try:
            return self._ask(obs)
        except BadReply as exc:
            self._refuse(exc, gone=exc.key == "exited")
            return self._stand_in(obs)

    def poll(self, obs: Observation) -> Action | None:
        """:meth:`decide` off the caller's thread, for a table that must keep drawing frames:
        None while the program thinks (ask again next frame with the same observation)."""
        job = self._job
        if job is None:
            self._answer = None
            job = self._job = threading.Thread(target=self._decide_into, args=(obs,), daemon=True, name="mjai-seat")
            job.start()
        if job.is_alive():
            return None
        self._job = None
        return self._answer

    def _decide_into(self, obs: Observation) -> None:
        try:
            self._answer = self.decide(obs)
        except Exception as exc:  # noqa: BLE001 - a seat never stops the table
            log.exception("external bot seat %d failed", self.seat)
            self._refuse(BadReply("exited", f"{type(exc).__name__}: {exc}"), gone=True)
            self._answer = self._stand_in(obs)

    def take_notices(self) -> list[Notice]:
        """The refusals not handed out yet (the table shows each once)."""
        out = self.notices[self._shown :]
        self._shown = len(self.notices)
        return out

    def close(self) -> None:
        """End the program (the match ended or was left)."""
        if self.process is not None:
            if self._pending and self.process.alive:
                # the last events (end_game), so a program that writes a log can finish it
                with contextlib.suppress(BadReply):
                    self.process.request(self._pending, min(1.0, self.time_limit))
                self._pending = []
            self.process.close()
            self.process = None

    def detach(self) -> BotProcess | None:
        """Hand the running program back for reuse (``sim``), after telling it the last events."""
        proc, self.process = self.process, None
        if proc is not None and self._pending and proc.alive and not self._gone:
            try:
                proc.request(self._pending, self.time_limit)
            except BadReply:
                proc.close()
                return None
        self._pending = []
        return proc if proc is not None and proc.alive else None

    # --- inside -----------------------------------------------------------------------------------

    def _limit(self) -> float:
        if self._first:
            self._first = False
            return self.time_limit + START_GRACE
        return self.time_limit

    def _send(self) -> object:
        assert self.process is not None
        events, self._pending = self._pending or [{"type": "none"}], []
        reply = self.process.request(events, self._limit())
        if isinstance(reply, dict) and isinstance(reply.get("_error"), str):
            self.errors.append(reply["_error"])
            log.info("external bot seat %d reports: %s", self.seat, reply["_error"][-500:])
        return reply

    def _ask(self, obs: Observation) -> Action:
        my_id = self.view.me
        reply = action_from_reply(self._send(), obs, my_id, reach_declared=False)
        if reply.reach:
            self._pending.append({"type": "reach", "actor": my_id})
            self.view.own_reach_told = True
            reply = action_from_reply(self._send(), obs, my_id, reach_declared=True)
        assert reply.action is not None
        return reply.action

    def _stand_in(self, obs: Observation) -> Action:
        action = self.fallback.decide(obs)
        if self.view.own_reach_told and obs.phase == "turn" and action.kind is not ActionKind.RIICHI:
            # the program was told of its riichi already: keep its word with the first riichi discard
            riichi = [a for a in obs.legal_actions if a.kind is ActionKind.RIICHI]
            if riichi:
                action = riichi[0]
        return action

    def _refuse(self, exc: BadReply, *, gone: bool = False) -> None:
        self.refusals += 1
        self._standing_in = True
        self._gone = self._gone or gone
        note = Notice(self.seat, exc.key, exc.detail)
        log.warning("external bot seat %d refused (%s): %s", self.seat, exc.key, exc.detail)
        if exc.key not in self._reported:
            self._reported.add(exc.key)
            self.notices.append(note)
        if gone and self.process is not None:
            self.process.close()


def external_seats(
    commands: Sequence[str], human: int, match: Match, *, time_limit: float = TIME_LIMIT
) -> dict[int, ExternalSeat]:
    """The seats a table gives to external programs: ``commands[i]`` plays the ``i``-th AI seat
    after the human's (empty: none). Under rules mjai does not speak, none (the New game screen
    says so)."""
    profile = match.profile
    if not any(c.strip() for c in commands) or not speaks_mjai(profile):
        return {}
    out: dict[int, ExternalSeat] = {}
    for i, command in enumerate(commands[:3]):
        if command.strip():
            seat = (human + i + 1) % 4
            out[seat] = ExternalSeat(command, match.seed, seat, profile, time_limit=float(time_limit))
    return out
